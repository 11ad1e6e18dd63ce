"""Rating decisions with the expert's judgement, in slices.

For each decision of the reviewed seat, the ``expert`` bot decides from the
seat's view (its best move). When the move played differs, both moves are
played out from the same hidden-card samples (:func:`~skyjo.view.sample_state`,
drawn from the view only) with the expert's playout policy, and the difference
of their mean results, in points against the average opponent, is the points
lost. A move the expert would have played loses nothing by definition, and a
move the simulations rate at least as well as the expert's loses nothing either
(the expert is not always right; the review does not invent a loss).

Every random choice comes from a ``random.Random`` seeded with a hash of the
decision's view, so a review is the same on every run and every machine, and two
records that differ only in cards the seat never saw give the same review.

The work is a generator that yields after every small unit (one expert decision,
or a few playouts), so the browser can analyse between frames and show progress:
see :class:`Reviewer`.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from skyjo import engine
from skyjo.actions import PlayerAction
from skyjo.bots.base import Reason
from skyjo.bots.expert import HORIZON, ExpertBot
from skyjo.bots.playout import estimate, play_out
from skyjo.record import GameRecord
from skyjo.review.decisions import DecisionPoint, decision_points
from skyjo.review.kinds import classify
from skyjo.state import Phase, State
from skyjo.view import PlayerView, sample_state

#: Hidden-card samples per disputed decision; each plays out both moves. 48 keeps
#: a 4-round, 3-player game under 3 s on CPython, and the common samples keep
#: the noise of a difference well under a point for a real mistake.
SAMPLES = 48
#: Playouts of the expert's own search per decision: fewer than the expert
#: bot's (:data:`~skyjo.bots.expert.DEFAULT_BUDGET`), which a game of several
#: rounds rated at once in the browser cannot afford; the figure the review had
#: before the bot's budget grew.
BUDGET = 96
#: Samples between two pauses: about 2 ms of CPython (each sample plays both moves).
CHUNK = 6
#: Points lost from which a decision counts as a mistake (below: a close call).
MISTAKE = 1.0
#: How many of the costliest mistakes a review shows at most.
SHOWN = 5
#: What the work generator gives once it is exhausted.
_FINISHED = object()


@dataclass(frozen=True, slots=True)
class Rated:
    """A decision with the expert's verdict: its ``best`` move, the ``loss`` in
    points of the move played (0 when it was as good), and for a mistake its
    ``kind`` and a ``reason`` (a catalogue key with fields, see
    :mod:`skyjo.review.texts`)."""

    point: DecisionPoint
    best: PlayerAction
    loss: float
    kind: str | None = None
    reason: Reason | None = None

    @property
    def is_mistake(self) -> bool:
        return self.kind is not None


@dataclass(frozen=True, slots=True)
class Review:
    """The verdict on every rated decision of ``seat`` (named ``names[seat]``)."""

    seat: int
    names: tuple[str, ...]
    rated: tuple[Rated, ...]

    @property
    def turns(self) -> int:
        """How many turns the seat took (a turn is one or two decisions)."""
        return len({(r.point.round_number, r.point.turn) for r in self.rated})

    @property
    def points_lost(self) -> float:
        return sum(r.loss for r in self.rated)

    @property
    def per_turn(self) -> float:
        """Average points lost per turn (0 for a game without turns)."""
        return self.points_lost / self.turns if self.turns else 0.0

    def kinds(self) -> dict[str, int]:
        """How many mistakes of each kind, the most frequent first."""
        counts = Counter(r.kind for r in self.rated if r.kind is not None)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def costliest(self, limit: int = SHOWN) -> tuple[Rated, ...]:
        """The mistakes that lost the most points, costliest first (ties: earlier first)."""
        order = sorted(
            (i for i, r in enumerate(self.rated) if r.is_mistake),
            key=lambda i: (-self.rated[i].loss, i),
        )
        return tuple(self.rated[i] for i in order[:limit])


class Reviewer:
    """A review in progress. Call :meth:`step` until it returns False (each call
    does a few milliseconds of work), or :meth:`run` for the whole review.

    ``done`` and ``total`` count decisions, for a progress bar. The record is
    replayed and checked at once: an invalid record raises ``RecordError``, a seat
    the game does not have ``ValueError``."""

    def __init__(
        self, game: GameRecord, seat: int, *, samples: int = SAMPLES, budget: int = BUDGET
    ) -> None:
        self.seat = seat
        self.names = game.names
        self.points = decision_points(game, seat)
        self.samples = samples
        self._expert = ExpertBot(budget)
        self._rated: list[Rated] = []
        self._work = self._analyse()

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done(self) -> int:
        return len(self._rated)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def step(self) -> bool:
        """Do the next small unit of work; False once the review is complete."""
        return next(self._work, _FINISHED) is not _FINISHED

    def run(self) -> Review:
        while self.step():
            pass
        return self.result()

    def result(self) -> Review:
        if not self.finished:
            raise RuntimeError(f"the review is not finished ({self.done} of {self.total})")
        return Review(self.seat, self.names, tuple(self._rated))

    def _analyse(self) -> Iterator[None]:
        for point in self.points:
            rated = yield from self._rate(point)
            self._rated.append(rated)
            yield

    def _rate(self, point: DecisionPoint) -> Generator[None, None, Rated]:
        view = point.view
        rng = random.Random(view_seed(view))
        decision = yield from self._expert.decide_in_steps(view, rng)
        best = decision.action
        if best == point.played:
            return Rated(point, best, 0.0)
        yield
        means = yield from compare(view, (best, point.played), rng, samples=self.samples)
        loss = round(max(0.0, means[0] - means[1]), 1)
        if loss < MISTAKE:
            return Rated(point, best, loss)
        kind, reason = classify(view, point.played, best, self.names, loss=loss)
        return Rated(point, best, loss, kind, reason)


def review(game: GameRecord, seat: int, *, samples: int = SAMPLES) -> Review:
    """The whole review of ``seat`` in ``game`` at once (the command line's way)."""
    return Reviewer(game, seat, samples=samples).run()


def compare(
    view: PlayerView, moves: tuple[PlayerAction, ...], rng: random.Random, *, samples: int
) -> Generator[None, None, list[float]]:
    """Mean result of each of ``moves`` over ``samples`` hidden-card samples, in
    points ahead of the average opponent (:func:`points_ahead`); every move is
    played out from the same samples with the same playout seeds. Yields every
    :data:`CHUNK` samples."""
    totals = [0.0] * len(moves)
    turns = HORIZON * view.num_players
    for done in range(1, samples + 1):
        sample = sample_state(view, rng)
        seed = rng.getrandbits(32)
        for i, move in enumerate(moves):
            after = engine.apply_unchecked(sample, move, player=view.seat)
            end = play_out(after, random.Random(seed), max_turns=turns)
            totals[i] += points_ahead(end, view.seat)
        if done % CHUNK == 0 and done < samples:
            yield
    return [t / samples for t in totals]


def points_ahead(state: State, seat: int) -> float:
    """How many points ``seat`` is ahead of the average opponent at the end of a
    playout: the round's score sheet if it was scored (doubling included), else
    every layout's expected sum as the table shows it."""
    if state.phase is Phase.DEAL or state.phase is Phase.GAME_OVER:
        points: tuple[float, ...] = tuple(float(v) for v in state.results[-1].points)
    else:
        points = tuple(estimate(g) for g in state.grids)
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return others - points[seat]


def view_seed(view: PlayerView) -> int:
    """A seed from everything ``view`` shows, and nothing it hides: the same
    decision seen the same way always gets the same random numbers."""
    grids = ";".join(
        ",".join(
            "x" if gone else ("?" if c is None else str(c))
            for c, gone in zip(g.cards, g.removed, strict=True)
        )
        for g in view.grids
    )
    text = "|".join(
        str(part)
        for part in (
            view.seat,
            sorted(view.rules.to_dict().items()),
            view.round_number,
            view.phase.value,
            view.to_move,
            view.finisher,
            grids,
            view.discard_pile,
            view.draw_count,
            view.held,
            view.totals,
        )
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
