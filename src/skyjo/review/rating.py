"""Rating decisions with the expert's judgement, in slices.

For each decision of the reviewed seat the expert (:class:`ExpertBot` with
:data:`BUDGET` playouts, without hard's chance of ending a stalling round)
ranks its moves from the seat's view. The move played is compared with each of
the expert's best :data:`RIVALS` moves it is not, with other random numbers than
the choice's (:mod:`~skyjo.review.judge`: a screen of each, then a measurement
of the loss against the rival the screen found best, to the end of the round),
and the decision is graded by the points lost (:mod:`~skyjo.review.grades`). A
move no rival beats on the screen with confidence loses nothing (the expert is
not always right, and the review does not invent a loss out of noise): so the
expert's own first choice loses nothing unless its runner-up is clearly better.

Every random choice comes from a ``random.Random`` seeded with a hash of the
decision's view and the review's ``seed``, so a review is the same on every run
and every machine, two records that differ only in cards the seat never saw give
the same review, and another seed shows how much of a verdict is luck.

The work is a generator that yields after every small unit (a few of the
expert's playouts, or a few samples of a comparison), so the browser can analyse
between frames and show progress: see :class:`Reviewer`.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Final

from skyjo.actions import PlayerAction
from skyjo.bots.base import Reason
from skyjo.bots.expert import HORIZON, ExpertBot
from skyjo.record import GameRecord
from skyjo.review.decisions import DecisionPoint, decision_points
from skyjo.review.facts import SeatFacts, seat_facts
from skyjo.review.grades import INACCURACY, Grade, accuracy, grade
from skyjo.review.judge import (
    FIRST,
    MEASURE,
    MEASURE_MOST,
    MOST,
    Comparison,
    Sampling,
    at_stake,
    measurement,
    screen_in_steps,
)
from skyjo.review.kinds import ENDED_ROUND, classify
from skyjo.state import Phase
from skyjo.view import PlayerView

#: Playouts of the expert's own search per decision: fewer than the expert
#: bot's (:data:`~skyjo.bots.expert.DEFAULT_BUDGET`), which a game of several
#: rounds rated at once in the browser cannot afford, but with draws keyed by
#: turn (half the noise), as steady as the 96 plain playouts the review had.
BUDGET = 64
#: How many of the expert's best moves the move played is screened against. Its
#: search (64 playouts) ranks two close candidates one way with one seed and the
#: other way with another, and the screen is the finer comparison: the better
#: move is the rival the screen finds best, so a review does not hang on which
#: of the two the expert happened to pick, and the move shown as better is more
#: often the best (docs/review.md, "Quality").
RIVALS = 2
#: How many of the costliest decisions a review shows in full at most (and
#: how many of its uncertain flags).
SHOWN = 5
#: How many standard errors a measured loss must lie from the inaccuracy line
#: (:data:`~skyjo.review.grades.INACCURACY`) for its verdict to be *clear*
#: (issue 40). A loss exactly on the line is then called clear about 1 time in
#: 44 (one-sided), so a clear flag should come back with another seed 95% of the
#: time; the measurement itself stops at 1.5 standard errors
#: (:data:`~skyjo.review.judge.Z_LINE`), so the flags between 1.5 and 2 standard
#: errors of the line are measured no further and shown as uncertain instead.
Z_CLEAR: Final = 2.0
#: Samples a whole review spends on measuring losses at the most (issue 40,
#: part 3): the part of a review that grows with the seat's flags, so that a
#: weak player's review costs about as much as a strong one's. Every loss the
#: screen finds is measured on :data:`~skyjo.review.judge.MEASURE` samples in
#: the order of the game (these count too: a game with more than 40 losses
#: spends more, 128 a loss); what is left is then spent a batch at a time on the
#: measurement whose verdict is least clear (nearest the inaccuracy line in
#: standard errors) until every verdict is clear of the line
#: (:attr:`~skyjo.review.judge.Comparison.line_is_clear`), has
#: :data:`~skyjo.review.judge.MEASURE_MOST` samples, or the budget is spent. In
#: samples, not seconds, so that a review is the same on every machine. A
#: random-playing seat's whole game (2 to 3 rounds, 30 to 40 losses) measured
#: 7,000 to 12,500 samples without it (up to 5 s of CPython); the other bots'
#: seats 0 to 3,000, which the budget leaves as they were (docs/review.md, "Cost").
#: Where hard makes the round-ending choices (the seat has one face-down card
#: left) each of its decisions counts as a sample too
#: (:data:`~skyjo.review.judge.HARD_DECISION_COST`): a sample there costs several.
SAMPLES: Final = 5120
#: What the work generator gives once it is exhausted.
_FINISHED = object()


@dataclass(frozen=True, slots=True)
class Rated:
    """A decision with the expert's verdict: its ``best`` move (the better move
    a loss is measured against; else the expert's first choice), the ``loss``
    in points of the move played (0 unless the screen found it clearly worse;
    then what the measurement to the round's end found), its ``grade``, the
    ``comparison`` that screened it and the ``measure`` of its loss (None when
    not taken: the expert played the same move, or the screen found no loss),
    and for an inaccuracy or worse its ``kind`` and a ``reason`` (a catalogue
    key with fields, see :mod:`skyjo.review.texts`)."""

    point: DecisionPoint
    best: PlayerAction
    loss: float
    grade: Grade = Grade.BEST
    comparison: Comparison | None = None
    measure: Comparison | None = None
    kind: str | None = None
    reason: Reason | None = None

    @property
    def is_flagged(self) -> bool:
        """Whether the review lists it: an inaccuracy, a mistake or a blunder."""
        return self.grade.is_flagged

    @property
    def se(self) -> float | None:
        """The standard error of the measured loss (None: not measured)."""
        return None if self.measure is None else self.measure.se

    @property
    def clear(self) -> bool:
        """Whether the verdict lies clearly on its side of the inaccuracy line:
        a flag's loss more than :data:`Z_CLEAR` standard errors above it, a
        measured good's that far below it. A verdict without a measurement is
        clear: the review found no loss it could be unsure of the size of (the
        screen's own doubt is what makes a decision "good", not a flag).

        The line is :data:`~skyjo.review.grades.INACCURACY` for every grade,
        not the mistake's or the blunder's own: whether the review speaks of a
        decision at all hangs on it, and the number shown says the rest. Held to
        its own line, a mistake of 3.2 ± 0.6 points would be "uncertain", and so
        would 41 of the 67 flags of four one-round games of the benchmark's bots
        (against 17 of 67 held to the inaccuracy line), most of them large losses
        that no seed calls fine (docs/review.md)."""
        se = self.se
        if se is None:
            return True
        if self.is_flagged:
            return self.loss - Z_CLEAR * se > INACCURACY
        return self.loss + Z_CLEAR * se < INACCURACY

    @property
    def keeps_round_open(self) -> bool:
        """Whether the move played ended the round and the better move would not
        have: the review then says the better move keeps the round open, not
        only that ending it was doubled."""
        return self.kind in ENDED_ROUND


@dataclass(frozen=True, slots=True)
class Review:
    """The verdict on every rated decision of ``seat`` (named ``names[seat]``),
    and the ``facts`` of its game from the record."""

    seat: int
    names: tuple[str, ...]
    rated: tuple[Rated, ...]
    facts: SeatFacts

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

    @property
    def accuracy(self) -> float | None:
        """The seat's accuracy over the game, in percent (None without decisions)."""
        return accuracy(r.loss for r in self.rated)

    def round_accuracy(self) -> dict[int, float]:
        """The seat's accuracy in each round it took a rated decision in."""
        rounds = sorted({r.point.round_number for r in self.rated})
        found = {
            n: accuracy(r.loss for r in self.rated if r.point.round_number == n) for n in rounds
        }
        return {n: a for n, a in found.items() if a is not None}

    def grades(self) -> dict[Grade, int]:
        """How many decisions got each grade, best first (every grade present)."""
        counts = Counter(r.grade for r in self.rated)
        return {g: counts.get(g, 0) for g in Grade}

    def kinds(self) -> dict[str, int]:
        """How many flagged decisions of each kind, the most frequent first."""
        counts = Counter(r.kind for r in self.rated if r.kind is not None)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def flagged_indexes(self) -> tuple[int, ...]:
        """Where in ``rated`` the inaccuracies, mistakes and blunders are,
        costliest first (ties: earlier first)."""
        return tuple(
            sorted(
                (i for i, r in enumerate(self.rated) if r.is_flagged),
                key=lambda i: (-self.rated[i].loss, i),
            )
        )

    def flagged(self) -> tuple[Rated, ...]:
        """Every inaccuracy, mistake and blunder, costliest first."""
        return tuple(self.rated[i] for i in self.flagged_indexes())

    def costliest_indexes(self) -> tuple[int, ...]:
        """Where in ``rated`` the flags clear of the line are, costliest first:
        the costliest decisions a review lists. An uncertain flag is not among
        them, however large its loss: another seed may not flag it at all, and
        a list that comes and goes with the seed is not worth learning from."""
        return tuple(i for i in self.flagged_indexes() if self.rated[i].clear)

    def uncertain_indexes(self) -> tuple[int, ...]:
        """Where in ``rated`` the flags within :data:`Z_CLEAR` standard errors of
        the line are, costliest first: listed apart, as uncertain."""
        return tuple(i for i in self.flagged_indexes() if not self.rated[i].clear)

    def costliest(self, limit: int = SHOWN) -> tuple[Rated, ...]:
        """The ``limit`` flags clear of the line that lost the most points."""
        return tuple(self.rated[i] for i in self.costliest_indexes()[:limit])

    def uncertain(self, limit: int = SHOWN) -> tuple[Rated, ...]:
        """The ``limit`` uncertain flags that lost the most points."""
        return tuple(self.rated[i] for i in self.uncertain_indexes()[:limit])


class Reviewer:
    """A review in progress. Call :meth:`step` until it returns False (each call
    does a few milliseconds of work), or :meth:`run` for the whole review.

    ``done`` and ``total`` count decisions, for a progress bar; once every
    decision is rated (``done == total``), the last of the ``samples`` budget
    (:data:`SAMPLES`) is spent on the least clear measurements before the
    review is :attr:`finished`. ``seed`` changes every random number of the
    review (0, the default, is what every page and the command line use). The
    record is replayed and checked at once: an invalid record raises
    ``RecordError``, a seat the game does not have ``ValueError``."""

    def __init__(
        self,
        game: GameRecord,
        seat: int,
        *,
        seed: int = 0,
        budget: int = BUDGET,
        first: int = FIRST,
        most: int = MOST,
        measure: int = MEASURE,
        samples: float = SAMPLES,
    ) -> None:
        self.seat = seat
        self.names = game.names
        self.points = decision_points(game, seat)
        self.facts = seat_facts(game, seat)
        self.seed = seed
        self.first, self.most, self.measure = first, most, measure
        self.samples = samples
        #: Samples spent on measuring losses so far, each of hard's round-ending
        #: decisions counted as samples too (:attr:`~skyjo.review.judge.Comparison.cost`):
        #: at most ``samples`` and the last batch's round-ending decisions, unless
        #: the first batches of the losses alone are more.
        self.spent = 0.0
        self._expert = review_expert(budget)
        self._rated: list[Rated | _Open] = []
        self._verdicts: tuple[Rated, ...] = ()
        self._finished = False
        self._work = self._analyse()

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done(self) -> int:
        return len(self._rated)

    @property
    def finished(self) -> bool:
        return self._finished

    def step(self) -> bool:
        """Do the next small unit of work; False once the review is complete."""
        if next(self._work, _FINISHED) is _FINISHED:
            self._finished = True
        return not self._finished

    def run(self) -> Review:
        while self.step():
            pass
        return self.result()

    def result(self) -> Review:
        if not self.finished:
            raise RuntimeError(f"the review is not finished ({self.done} of {self.total})")
        return Review(self.seat, self.names, self._verdicts, self.facts)

    def _analyse(self) -> Iterator[None]:
        """Every decision in the order of the game (``done`` counts them), then
        the budget's further samples where the verdicts are least clear."""
        for point in self.points:
            rated = yield from self._rate(point)
            self._rated.append(rated)
            yield
        yield from self._measure_on()
        self._verdicts = tuple(r.verdict() if isinstance(r, _Open) else r for r in self._rated)

    def _measure_on(self) -> Iterator[None]:
        """Spend what is left of ``samples`` a batch at a time on the measurement
        whose verdict is least clear (see :data:`SAMPLES`)."""
        batch = self.measure
        while self.spent + batch <= self.samples:
            unclear = [
                r
                for r in self._rated
                if isinstance(r, _Open) and r.unclear and r.sampling.samples + batch <= MEASURE_MOST
            ]
            if not unclear:
                return
            nearest = min(unclear, key=_Open.distance)  # the first of equals: the earliest
            before = nearest.measure.cost
            nearest.measure = yield from nearest.sampling.play(batch)
            self.spent += nearest.measure.cost - before
            yield

    def _rate(self, point: DecisionPoint) -> Generator[None, None, Rated | _Open]:
        view, played = point.view, point.played
        moves = yield from expert_moves(self._expert, view, self.seed)
        rivals = [m for m in moves[:RIVALS] if m != played]
        if not rivals:
            return Rated(point, moves[0], 0.0)
        yield
        screens: list[tuple[PlayerAction, Comparison]] = []
        for rival in rivals:
            # The same numbers for every rival: their screens share samples.
            screening = random.Random(view_seed(view, self.seed, "screen"))
            screen = yield from screen_in_steps(
                view, rival, played, screening, first=self.first, most=self.most
            )
            screens.append((rival, screen))
        losses = [(rival, screen) for rival, screen in screens if screen.is_loss]
        if not losses:
            if moves[0] == played:
                return Rated(point, played, 0.0)
            at_least_as_good = all(screen.mean <= 0 for _, screen in screens)
            return Rated(point, moves[0], 0.0, grade(0.0, best=at_least_as_good), screens[0][1])
        best, screen = max(losses, key=lambda found: found[1].mean)
        measuring = random.Random(view_seed(view, self.seed, "measure"))
        sampling = measurement(view, best, played, measuring)
        measure = yield from sampling.play(self.measure)
        self.spent += measure.cost
        return _Open(point, best, screen, sampling, measure, self.names)


@dataclass(slots=True)
class _Open:
    """A decision whose loss is being measured: the ``point``, the ``best`` move
    it is measured against, the ``screen`` that found the loss, the
    ``sampling`` that measures it and its ``measure`` so far."""

    point: DecisionPoint
    best: PlayerAction
    screen: Comparison
    sampling: Sampling
    measure: Comparison
    names: tuple[str, ...]

    @property
    def unclear(self) -> bool:
        """Whether the loss may still lie on either side of the inaccuracy line."""
        return not self.measure.line_is_clear

    def distance(self) -> float:
        """How many standard errors the loss lies from the inaccuracy line."""
        gap = abs(self.measure.mean - INACCURACY)
        return gap / self.measure.se if self.measure.se > 0 else math.inf if gap else 0.0

    def verdict(self) -> Rated:
        """The decision graded by the measurement as it stands."""
        point, best, screen, measure = self.point, self.best, self.screen, self.measure
        loss = round(max(0.0, measure.mean), 1)
        graded = grade(loss, best=False)
        if not graded.is_flagged:
            return Rated(point, best, loss, graded, screen, measure)
        kind, reason = classify(point, best, self.names, measure, loss=loss)
        return Rated(point, best, loss, graded, screen, measure, kind, reason)


def expert_moves(
    expert: ExpertBot, view: PlayerView, seed: int = 0
) -> Generator[None, None, tuple[PlayerAction, ...]]:
    """The expert's moves from ``view``, best first: the candidates its search
    ranked, or its one move where it does not search (hard's clear best). The
    review's random numbers for the choice (``seed``), and playouts to the end
    of the round where the round's end is at stake
    (:func:`~skyjo.review.judge.at_stake`)."""
    choice = random.Random(view_seed(view, seed, "choice"))
    if view.phase is Phase.SETUP:
        return (expert.decide(view, choice).action,)
    horizon = None if at_stake(view) else HORIZON
    searched = yield from expert.rank_in_steps(view, choice, horizon=horizon)
    if searched is None:
        return (expert.unsearched(view, choice).action,)
    return searched.candidates


def review_expert(budget: int = BUDGET) -> ExpertBot:
    """The expert as the review runs it: without hard's chance of ending a
    stalling round, which would make ending a round "best" at random, and with
    its search's draws keyed by turn, as the review's comparisons are."""
    return ExpertBot(budget, breaks_stalls=False, aligned=True)


def review(
    game: GameRecord, seat: int, *, seed: int = 0, first: int = FIRST, measure: int = MEASURE
) -> Review:
    """The whole review of ``seat`` in ``game`` at once (the command line's way)."""
    return Reviewer(game, seat, seed=seed, first=first, measure=measure).run()


def view_seed(view: PlayerView, seed: int = 0, purpose: str = "choice") -> int:
    """A seed from everything ``view`` shows, and nothing it hides, with the
    review's ``seed`` and the ``purpose`` of the numbers ("choice" for the
    expert's, "screen" and "measure" for the comparisons', so the three are
    independent): the same decision seen the same way always gets the same
    random numbers."""
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
    if seed or purpose != "choice":
        text += f"|{seed}|{purpose}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
