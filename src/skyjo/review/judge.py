"""How many points the move played lost against the expert's, measured so that
a loss is reported only when it is really there, at its real size.

The expert's choice is made with one stream of random numbers; the two moves
are then compared with others, in two stages:

1. :func:`screen_in_steps` asks whether the move played is clearly worse. Both
   moves are played out from the same hidden-card samples with the same
   random numbers (common random numbers, the draws keyed by turn:
   :class:`~skyjo.bots.playout.TurnDraws`), which cancels most of the luck of
   the deal from their difference. Playouts run
   :data:`~skyjo.bots.expert.HORIZON` turns a player, and the layouts are then
   valued at their known cards, a face-down card at the mean of the cards the
   seat had not seen; where the seat may end the round, or the round is in its
   last turns, they run to its end instead. A first batch settles most
   decisions; while the difference is neither clearly below a grade's threshold
   nor clearly a loss, more batches follow, up to :data:`MOST` samples, after
   which a decision still unclear is called fine.
2. :func:`measure_in_steps` measures a loss the screen found on fresh samples,
   both moves played out to the end of the round and scored as the score sheet
   would (doubling included). Fresh samples, because the noise that carried a
   difference over the screen's threshold would otherwise also inflate the
   loss reported; to the end of the round, because a short horizon overstates
   a loss the rest of the round repairs (by a third, measured on the
   benchmark's flagged decisions). Its samples are four times as noisy, which
   is why it is spent only on the losses the short, precise screen found; a
   loss near the inaccuracy line (:data:`~skyjo.review.grades.INACCURACY`)
   gets more of them (up to :data:`MEASURE_MOST`, as the review's budget
   allows: :data:`~skyjo.review.rating.SAMPLES`), so that its grade does not
   hang on the seed. Where the seat has one face-down card left, every
   player's choice to end the round is made as hard makes it
   (:func:`round_enders`), not by the quick policy's safety check.

A pile choice is played on with the expert's own placement of the card in hand
(:class:`~skyjo.bots.expert.FollowUps`), not with the cruder playout policy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Final

from skyjo.actions import PlayerAction
from skyjo.bots.expert import (
    HORIZON,
    Sampler,
    expected_sum,
    follow_ups,
    hard_closing,
    play_candidate,
    playout_turns,
)
from skyjo.bots.hard import Context
from skyjo.bots.playout import Closing
from skyjo.review.grades import INACCURACY
from skyjo.state import Phase, State
from skyjo.view import PlayerView

#: Samples of a batch: the screen's first batch, and every further one.
FIRST: Final = 32
#: Samples of the screen at the most; a difference still unclear then is
#: within the noise.
MOST: Final = 512
#: Samples of a measurement, and at the most while its grade is still unclear:
#: a loss near the inaccuracy line gets up to eight times the samples, so that
#: another seed grades it the same way more often (issue 23's stability: over
#: three pairs of seeds 91.3% of flags kept with 1024, 89.7% with 512, for about
#: a fifth more time; docs/review.md).
MEASURE: Final = 128
MEASURE_MOST: Final = 1024
#: How many standard errors a measured loss must lie from the inaccuracy line
#: (:data:`~skyjo.review.grades.INACCURACY`) for the measurement to stop.
Z_LINE: Final = 1.5
#: How many standard errors make a loss clear: with a few looks at the data,
#: about 1 equal pair of moves in 100 still crosses it.
Z: Final = 2.5
#: How many standard errors below a grade's threshold make a difference clearly
#: too small to grade: of the decisions called fine, 2.5% lose more than 2
#: points by the benchmark's deep analysis (5 December, docs/review.md).
Z_FINE: Final = 1.0
#: A loss is reported only when the better move is better by more than this
#: many points with confidence (its lower bound lies above it).
FLOOR: Final = 0.5
#: Samples between two pauses (each plays both moves out).
CHUNK: Final = 4
#: What one of hard's round-ending decisions (:func:`round_enders`) costs, in
#: samples, where the review's budget counts the work of a measurement
#: (:attr:`Comparison.cost`). Measured on the four such losses of the 8-round game
#: of ``benchmarks/review.py`` (7 December): a hard decision took 0.16-0.23 ms of
#: CPython, a sample of the same position played out by the quick policy alone
#: 0.12-0.16 ms (1.1 to 1.8 times less), and a sample there asked hard 2.4 to 4.7
#: times. Counted as samples, such a measurement cost four to seven times what the
#: budget said, and a long game's review at half a core took longer than 10 s.
HARD_DECISION_COST: Final = 1.0


@dataclass(frozen=True, slots=True)
class Comparison:
    """The expert's move against the move played over ``samples`` common
    samples: the ``mean`` difference in points (positive: the expert's move
    scored better) and its standard error ``se``; ``horizon`` the playouts'
    turns a player (None: to the end of the round); ``reached_end`` the share of
    playouts that reached the round's end; ``doubled`` the share of the playouts
    of each move (the expert's, the one played) in which the seat ended the
    round and was doubled; ``closings`` how many round-ending decisions hard made
    in its playouts (:func:`round_enders`)."""

    samples: int
    mean: float
    se: float
    horizon: int | None
    reached_end: float
    doubled: tuple[float, float]
    closings: int = 0

    @property
    def cost(self) -> float:
        """The work it took, in samples: each sample, and each of hard's
        round-ending decisions (:data:`HARD_DECISION_COST`). What the review's
        budget counts (:data:`~skyjo.review.rating.SAMPLES`), so that the budget
        bounds the time a review takes, not only its samples."""
        return self.samples + HARD_DECISION_COST * self.closings

    @property
    def lower(self) -> float:
        return self.mean - Z * self.se

    @property
    def is_loss(self) -> bool:
        """Whether the move played was worse with confidence, by a margin that
        counts (:data:`FLOOR` and a grade's threshold): the screen's verdict."""
        return self.lower > FLOOR and self.mean >= INACCURACY

    @property
    def line_is_clear(self) -> bool:
        """Whether the difference lies clearly on one side of the first grade's
        threshold (:data:`Z_LINE` standard errors): the measurement stops."""
        return abs(self.mean - INACCURACY) > Z_LINE * self.se

    @property
    def is_fine(self) -> bool:
        """Whether the difference is clearly below the first grade's threshold."""
        return self.mean + Z_FINE * self.se < INACCURACY


def at_stake(view: PlayerView) -> bool:
    """Whether the round's end hangs on this decision or the next few turns: the
    seat may end it now (one face-down card left, nobody has ended yet), or the
    round is already in its last turns."""
    return view.finisher is not None or len(view.own_grid.face_down) <= 1


def screen_in_steps(
    view: PlayerView,
    better: PlayerAction,
    played: PlayerAction,
    rng: random.Random,
    *,
    first: int = FIRST,
    most: int = MOST,
) -> Generator[None, None, Comparison]:
    """Stage 1: is ``played`` clearly worse than ``better``? Batches of
    ``first`` samples until the difference is a loss or clearly fine, or
    ``most`` samples are played; yields every :data:`CHUNK` samples."""
    horizon = None if at_stake(view) else HORIZON

    def settled(c: Comparison) -> bool:
        return c.is_loss or c.is_fine

    return (yield from _compare(view, better, played, rng, horizon, first, most, settled))


def measure_in_steps(
    view: PlayerView,
    better: PlayerAction,
    played: PlayerAction,
    rng: random.Random,
    *,
    samples: int = MEASURE,
    most: int = MEASURE_MOST,
    closers: tuple[int, ...] | None = None,
) -> Generator[None, None, Comparison]:
    """Stage 2: how many points ``played`` lost, both moves played out to the
    end of the round on ``samples`` fresh samples, and as many again, batch
    after batch up to ``most``, while it is unclear whether the loss reaches a
    grade (:attr:`Comparison.line_is_clear`). The round-ending choices of
    ``closers`` are hard's (None: :func:`round_enders`; ``()``: the quick
    policy's, as before issue 40)."""

    sampling = measurement(view, better, played, rng, closers=closers)
    while True:
        result = yield from sampling.play(samples)
        if result.line_is_clear or sampling.samples + samples > most:
            return result


def measurement(
    view: PlayerView,
    better: PlayerAction,
    played: PlayerAction,
    rng: random.Random,
    *,
    closers: tuple[int, ...] | None = None,
) -> Sampling:
    """Stage 2 not yet begun: ``better`` against ``played`` played out to the
    end of the round, to be taken on as far as the review chooses
    (:meth:`Sampling.play`); the round-ending choices of ``closers`` hard's
    (None: :func:`round_enders`)."""
    if closers is None:
        closers = round_enders(view)
    return Sampling(view, better, played, rng, None, closers)


def round_enders(view: PlayerView) -> tuple[int, ...]:
    """The players whose round-ending choices a measurement from ``view`` makes
    as hard makes them (:func:`~skyjo.bots.expert.hard_closing`), not by the
    quick policy's safety check: every player's where the seat has one
    face-down card left and nobody has ended the round, nobody's elsewhere.

    There the quick policy ended the round after the move that saved more
    points, was doubled a fifth of the time, and the review called the better
    move a loss (issue 40). The other players' choices count as much: over 178
    such positions' losses, hard's choices for the seat alone left 8.1% of the
    flags the wrong way round by hard bots' judgement (8.0% before), for every
    player 4.9% (docs/review.md, "The blind spot at the end of a round").
    Elsewhere hard's choices would cost about a second a measurement, and a
    seat has several."""
    if view.finisher is None and len(view.own_grid.face_down) == 1:
        return tuple(range(view.num_players))
    return ()


def _compare(
    view: PlayerView,
    better: PlayerAction,
    played: PlayerAction,
    rng: random.Random,
    horizon: int | None,
    batch: int,
    most: int,
    settled: Callable[[Comparison], bool],
    closers: tuple[int, ...] = (),
) -> Generator[None, None, Comparison]:
    """:class:`Comparison` of ``better`` and ``played`` from ``view`` with
    playouts of ``horizon`` turns a player (None: to the round's end), in
    batches of ``batch`` samples until ``settled`` or ``most`` samples; the
    round-ending choices of ``closers`` hard's, keyed by each sample's seed."""
    sampling = Sampling(view, better, played, rng, horizon, closers)
    while True:
        result = yield from sampling.play(batch)
        if settled(result) or sampling.samples + batch > most:
            return result


class Sampling:
    """A comparison of ``better`` and ``played`` from ``view`` that can be taken
    further at any time: :meth:`play` adds samples to those already played, from
    the same stream of random numbers (``rng``), so a measurement taken on in
    several goes is the measurement taken at once (the review's budget measures
    its losses on in the order it chooses: :class:`~skyjo.review.rating.Reviewer`).
    Playouts of ``horizon`` turns a player (None: to the round's end); the
    round-ending choices of ``closers`` hard's, keyed by each sample's seed."""

    def __init__(
        self,
        view: PlayerView,
        better: PlayerAction,
        played: PlayerAction,
        rng: random.Random,
        horizon: int | None,
        closers: tuple[int, ...] = (),
    ) -> None:
        ctx = Context.of(view)
        self._follow = follow_ups(ctx) if view.phase is Phase.TURN else None
        self._hidden = ctx.odds.mean
        self._turns = playout_turns(view, horizon)
        self._sampler = Sampler(view, self._turns)
        self._moves = (better, played)
        self._seat = view.seat
        self._rng = rng
        self._horizon = horizon
        self._closers = closers
        # A sample with hard's round-ending choices takes up to 8 ms of CPython,
        # where four without take at most 3: pause after each, so that a step
        # stays about as short as before (the page answers a tap between two).
        self._chunk = 1 if closers else CHUNK
        self.samples = 0
        #: Round-ending decisions hard made so far (see :attr:`Comparison.cost`).
        self.closings = 0
        self._total = self._squares = 0.0
        self._ended = 0
        self._doubled = [0, 0]

    def play(self, samples: int) -> Generator[None, None, Comparison]:
        """Play ``samples`` more samples, yielding every few; the comparison
        over all those played so far."""
        seat, rng = self._seat, self._rng
        for _ in range(samples):
            sample = self._sampler.sample(rng)
            seed = rng.getrandbits(32)
            scores = []
            closing = self._counted(hard_closing(self._closers, seed)) if self._closers else None
            for i, move in enumerate(self._moves):
                end = play_candidate(
                    sample,
                    move,
                    seat,
                    self._follow,
                    seed,
                    self._turns,
                    aligned=True,
                    closing=closing,
                )
                if end.phase is Phase.DEAL or end.phase is Phase.GAME_OVER:
                    self._ended += 1
                    last = end.results[-1]
                    self._doubled[i] += last.finisher == seat and last.doubled
                scores.append(points_ahead(end, seat, self._hidden))
            difference = scores[0] - scores[1]
            self._total += difference
            self._squares += difference * difference
            self.samples += 1
            if self.samples % self._chunk == 0:
                yield
        return self.result()

    def _counted(self, closing: Closing) -> Closing:
        """``closing``, counting its decisions in :attr:`closings`."""
        decide = closing.decide

        def counted(state: State) -> PlayerAction:
            self.closings += 1
            return decide(state)

        return Closing(closing.seats, counted)

    def result(self) -> Comparison:
        """The comparison over the samples played so far (at least one)."""
        n = self.samples
        mean = self._total / n
        variance = max(0.0, self._squares / n - mean * mean) * n / max(1, n - 1)
        return Comparison(
            n,
            mean,
            math.sqrt(variance / n),
            self._horizon,
            self._ended / (2 * n),
            (self._doubled[0] / n, self._doubled[1] / n),
            self.closings,
        )


def points_ahead(state: State, seat: int, hidden: float) -> float:
    """How many points ``seat`` is ahead of the average opponent at the end of a
    playout: the round's score sheet if it was scored (doubling included), else
    every layout's expected sum with a face-down card worth ``hidden``."""
    if state.phase is Phase.DEAL or state.phase is Phase.GAME_OVER:
        points: tuple[float, ...] = tuple(float(v) for v in state.results[-1].points)
    else:
        points = tuple(expected_sum(g, hidden) for g in state.grids)
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return others - points[seat]
