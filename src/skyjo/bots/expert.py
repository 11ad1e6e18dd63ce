"""``expert``: ``hard``'s judgement, checked by simulation where it is unsure.

For each decision, ``hard`` values the options. When its best two are close (or
one of them ends the round), expert samples the hidden cards consistently with
its view (determinization, by :class:`Sampler`: the deal of
:func:`~skyjo.view.sample_state`, cheaper), plays every candidate out to the end
of the round with a fast policy (:mod:`~skyjo.bots.playout`), and keeps the
candidate with the best mean result relative to its opponents. The same samples
and playout seeds are used for every candidate, so the comparison is fair and its
noise small. Options that hard values exactly alike and that are of one kind
(turning this face-down card or that one) count as one (:func:`distinct`): the
search is for real choices. After a take or a draw the card in hand is placed as
hard would place it (:class:`FollowUps`), and a playout cut short values
face-down cards at the counted mean of the unseen cards (:func:`expected_sum`).
The budget is a number of playouts, never a time: a seed reproduces every choice.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from dataclasses import dataclass

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision
from skyjo.bots.evaluation import DECK_MEAN, Layout
from skyjo.bots.hard import (
    Context,
    HardBot,
    Valued,
    best_valued,
    end_stalling_round,
    placement_values,
    take_and_draw_values,
)
from skyjo.bots.medium import setup_flip
from skyjo.bots.playout import Closing, play_out_seeded
from skyjo.bots.reasons import action_reason, because, reason
from skyjo.cards import GRID_SIZE
from skyjo.state import Grid, Phase, State
from skyjo.steps import run_steps
from skyjo.view import PlayerView, completed_state, view_of

#: Playouts per decision that is searched, shared among the candidates. 256
#: (with :func:`distinct` candidates) beats hard 0.677 [0.657, 0.697] over 2000
#: games, seed 1, seats alternating, in 23.3 ms at the 95th percentile. The
#: search's noise was what held it back: at 400 games (seed 7) 96 playouts gave
#: 0.625 (2.75 points a round ahead of hard), 192 0.704 (3.84), 256 0.684
#: (3.81), 320 0.696 (3.92, for a third more time). 96 playouts, every option
#: searched, gave 0.617 [0.596, 0.638] over the same 2000 games.
DEFAULT_BUDGET = 256
#: How many of hard's best options are searched.
CANDIDATES = 3
#: Search only when hard's best two options are closer than this many points.
CLOSE = 1.5
#: Turns per player a playout may run before the round is judged by expected layouts.
HORIZON = 3
#: Turns per player a playout "to the end of the round" may run at most: the
#: playout policy ends rounds on its own (19 turns a player at the most in the
#: samples of a 4-round, 3-player game), and this keeps two cautious players
#: from swapping cards for ever.
ROUND_END = 30
#: Points a game win is worth against points in a round, for playouts that end the game.
WIN_WORTH = 60.0
#: Samples between two pauses of :meth:`ExpertBot.decide_in_steps` (each sample
#: plays every candidate out: about 2 ms of CPython).
STEP_SAMPLES = 4


class ExpertBot:
    """The expert. ``breaks_stalls`` keeps hard's chance of ending a stalling
    round (:func:`~skyjo.bots.hard.end_stalling_round`): a player needs it, lest
    two careful players swap cards for ever; a judge (the game review) does not,
    and without it ending the round is chosen only on its merits. ``aligned``
    keys the search's draws by turn (:class:`~skyjo.bots.playout.TurnDraws`),
    as the judge does: the same choices as often with half the playouts' noise
    (the bot as a player keeps the search its strength was measured with)."""

    name = "expert"

    def __init__(
        self,
        budget: int = DEFAULT_BUDGET,
        close: float = CLOSE,
        *,
        breaks_stalls: bool = True,
        aligned: bool = False,
    ) -> None:
        self.budget = budget
        self.close = close
        self.breaks_stalls = breaks_stalls
        self.aligned = aligned
        self._hard = HardBot(breaks_stalls=breaks_stalls)

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        return run_steps(self.decide_in_steps(view, rng))

    def decide_in_steps(
        self, view: PlayerView, rng: random.Random, *, horizon: int | None = HORIZON
    ) -> Generator[None, None, Decision]:
        """:meth:`decide` as a generator that pauses every few playouts and
        returns the decision, the same one: for a page that must not freeze while
        the expert thinks (the game review runs it between frames). ``horizon``
        is the playouts' turns per player (None: to the end of the round)."""
        if view.phase is Phase.SETUP:
            return setup_flip(view, rng)
        search = yield from self.rank_in_steps(view, rng, horizon=horizon)
        if search is None:
            return self.unsearched(view, rng)
        chosen = search.best
        hard_choice = self._hard.decide(view, rng)
        if chosen == hard_choice.action and hard_choice.explanation is not None:
            why = reason("bot.confirmed", then=hard_choice.explanation, playouts=self.budget)
            return because(chosen, why)
        why = reason(
            "bot.searched",
            action=action_reason(chosen),
            margin=search.margin,
            playouts=self.budget,
        )
        return because(chosen, why)

    def unsearched(self, view: PlayerView, rng: random.Random) -> Decision:
        """hard's decision, which expert plays where :meth:`rank_in_steps`
        finds nothing to search (``rng`` as that left it)."""
        return self._hard.decide(view, rng)

    def rank_in_steps(
        self, view: PlayerView, rng: random.Random, *, horizon: int | None = HORIZON
    ) -> Generator[None, None, Searched | None]:
        """The expert's search of a turn's decision (not a setup flip), pausing
        every few playouts: hard's best :data:`CANDIDATES` options played out
        and ranked by their means, or None where expert does not search and
        plays hard's move (a single option, a clear best, a stalling round
        ended)."""
        ctx = Context.of(view)
        options = _options(ctx)
        if len(options) < 2:
            return None
        if (
            self.breaks_stalls
            and view.phase is not Phase.TURN
            and end_stalling_round(options, random.Random(rng.random()))
        ):
            return None
        options = ranked(options, ctx.layout)
        if len(options) < 2:
            return None
        contested = options[0].value - options[1].value < self.close or any(
            o.note for o in options[:CANDIDATES]
        )
        if not contested or self.budget < len(options[:CANDIDATES]):
            return None
        candidates = [o.action for o in options[:CANDIDATES]]
        means = yield from search_in_steps(
            view,
            candidates,
            rng,
            budget=self.budget,
            ctx=ctx,
            horizon=horizon,
            aligned=self.aligned,
        )
        order = sorted(range(len(candidates)), key=lambda i: (-means[i], i))
        return Searched(tuple(candidates[i] for i in order), tuple(means[i] for i in order))


@dataclass(frozen=True, slots=True)
class Searched:
    """What the expert's search found: the ``candidates`` best first, with
    their mean playout results (``means``, in the same order)."""

    candidates: tuple[PlayerAction, ...]
    means: tuple[float, ...]

    @property
    def best(self) -> PlayerAction:
        return self.candidates[0]

    @property
    def margin(self) -> float:
        """How far the best candidate's mean is ahead of the runner-up's."""
        return self.means[0] - self.means[1]


def distinct(options: list[Valued], layout: Layout) -> list[Valued]:
    """``options`` (best first) without those valued exactly like a better
    option of the same kind: turning one face-down card or another, or covering
    one face-down card or another, worth the same to hard, is no real choice, and
    searching between them only measures which hidden card the samples dealt."""
    kept: list[Valued] = []
    seen: set[tuple[str, float]] = set()
    for option in options:
        action = option.action
        if option.note is None and isinstance(action, (Flip, Swap)):
            kind = (
                "flip"
                if isinstance(action, Flip)
                else ("cover" if layout.cards[action.position] is None else "swap")
            )
            key = (kind, option.value)
            if key in seen:
                continue
            seen.add(key)
        kept.append(option)
    return kept


def ranked(options: list[Valued], layout: Layout) -> list[Valued]:
    """hard's ``options`` best first, without those that are no real choice
    (:func:`distinct`): the candidates a search picks from."""
    return distinct(sorted(options, key=lambda v: -v.value), layout)


def ranked_options(view: PlayerView) -> list[Valued]:
    """:func:`ranked` options of the decision in ``view`` (a turn's pile choice,
    or where the card in hand goes); empty when there is no choice."""
    ctx = Context.of(view)
    return ranked(_options(ctx), ctx.layout)


def _options(ctx: Context) -> list[Valued]:
    view = ctx.view
    if view.phase is Phase.TURN:
        legal = view.legal_actions
        top = view.discard_top
        if len(legal) < 2 or top is None:
            return []
        take, draw = take_and_draw_values(ctx, top)
        return [Valued(TakeDiscard(), take.value, take.note), Valued(Draw(), draw)]
    held = view.held
    assert held is not None
    return placement_values(ctx, held, view.legal_actions)


def search(
    view: PlayerView, candidates: list[PlayerAction], rng: random.Random, *, budget: int
) -> list[float]:
    """Mean playout result of each candidate (higher is better for the viewer)."""
    return run_steps(search_in_steps(view, candidates, rng, budget=budget, ctx=Context.of(view)))


@dataclass(frozen=True, slots=True)
class FollowUps:
    """hard's placement of the card in hand after a take or a draw, worked out
    once per decision: the search plays our own next move as hard would, not as
    the cruder playout policy would, so taking and drawing are compared by what
    we would really do with the card."""

    after_take: PlayerAction
    #: For every card value that may be drawn.
    after_draw: dict[int, PlayerAction]

    def after(self, action: PlayerAction, held: int) -> PlayerAction | None:
        """Our placement of ``held``; None for a card the count did not expect
        (a draw from a reshuffled pile), which the playout policy places."""
        return self.after_take if isinstance(action, TakeDiscard) else self.after_draw.get(held)


def follow_ups(ctx: Context) -> FollowUps:
    """:class:`FollowUps` for a take-or-draw decision (the view's phase is TURN)."""
    layout = ctx.layout
    top = ctx.view.discard_top
    assert top is not None
    swaps: tuple[PlayerAction, ...] = tuple(Swap(p) for p in layout.present())
    flips: tuple[PlayerAction, ...] = tuple(Flip(p) for p in layout.hidden)
    after_draw = {
        value: best_valued(placement_values(ctx, value, swaps + flips)).action
        for value in ctx.odds.values
    }
    return FollowUps(best_valued(placement_values(ctx, top, swaps)).action, after_draw)


def search_in_steps(
    view: PlayerView,
    candidates: list[PlayerAction],
    rng: random.Random,
    *,
    budget: int,
    ctx: Context,
    horizon: int | None = HORIZON,
    aligned: bool = False,
) -> Generator[None, None, list[float]]:
    """:func:`search`, pausing after every :data:`STEP_SAMPLES` samples; ``ctx``
    is the decision's :class:`~skyjo.bots.hard.Context` (for hard's follow-up
    placements and the counted mean of a face-down card); ``horizon`` the
    playouts' turns per player (None: to the end of the round)."""
    follow = follow_ups(ctx) if view.phase is Phase.TURN else None
    hidden = ctx.odds.mean
    turns = playout_turns(view, horizon)
    sampler = Sampler(view, turns)
    rounds = max(1, budget // len(candidates))
    totals = [0.0] * len(candidates)
    for done in range(1, rounds + 1):
        sample = sampler.sample(rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            end = play_candidate(sample, action, view.seat, follow, seed, turns, aligned=aligned)
            totals[i] += outcome(end, view.seat, hidden)
        if done % STEP_SAMPLES == 0 and done < rounds:
            yield
    return [t / rounds for t in totals]


def playout_turns(view: PlayerView, horizon: int | None) -> int:
    """The turns a playout from ``view`` may take in all: ``horizon`` turns a
    player, or (None) until the round ends, within :data:`ROUND_END`."""
    return (ROUND_END if horizon is None else horizon) * view.num_players


def play_candidate(
    sample: State,
    action: PlayerAction,
    seat: int,
    follow: FollowUps | None,
    seed: int,
    turns: int,
    *,
    aligned: bool = False,
    closing: Closing | None = None,
) -> State:
    """``seat`` plays ``action`` in ``sample`` (and, after a take or a draw,
    places the card as hard would, by ``follow``), then the playout policy plays
    on for at most ``turns`` turns with the rng ``seed``: one candidate's share
    of a comparison, the same for the expert's search and the game review.
    ``aligned`` keys the playout's draws and random choices by its turns
    (:class:`~skyjo.bots.playout.TurnDraws`), as the review compares;
    ``closing`` makes its players' round-ending decisions (:func:`hard_closing`)."""
    after = engine.apply_unchecked(sample, action, player=seat)
    if follow is not None and after.held is not None:
        placed = follow.after(action, after.held)
        if placed is not None:
            after = engine.apply_unchecked(after, placed, player=seat)
    pile = sample.draw_pile if aligned else None
    return play_out_seeded(after, seed, max_turns=turns, pile=pile, closing=closing)


#: hard as it decides the end of a round in a playout, with its chance of ending
#: a stalling round: without it, two players who would each be doubled carry on
#: to the playout's limit, as no hard bot does (on the benchmark's band, the
#: review's losses came out 18% above hard bots' without it, 8% with it).
_CLOSER = HardBot()


def hard_closing(seats: Iterable[int], key: int = 0) -> Closing:
    """A playout's round-ending decisions for ``seats`` made as hard makes them
    (:class:`~skyjo.bots.playout.Closing`), each from that player's view of the
    sampled table. hard's one random number (whether to end a stalling round)
    is drawn from ``key`` (the playout's seed) and the round's turn, never from
    the playout's numbers: two moves compared on common random numbers meet the
    same one in the same turn, and each sample its own."""

    def decide(state: State) -> PlayerAction:
        seat = state.to_move
        assert seat is not None
        return _CLOSER.decide(view_of(state, seat), random.Random(key << 12 | state.turns)).action

    return Closing(frozenset(seats), decide)


class Sampler:
    """:func:`~skyjo.view.sample_state` for one decision's many samples, made
    cheaper: the unseen cards are counted and the table's public faces built
    once, and only the cards a playout can reach are shuffled (the face-down
    cards and the top ``draws`` of the draw pile, which a playout of at most that
    many turns cannot dig beneath). Every sample is still a uniformly random
    deal of the unseen cards to those places."""

    def __init__(self, view: PlayerView, draws: int) -> None:
        self.view = view
        self.pool = list(view.unseen_cards().elements())
        self.faces = [(g, tuple([c is not None for c in g.cards]), g.face_down) for g in view.grids]
        reach = sum(len(down) for _, _, down in self.faces) + draws + 1
        self.reach = min(len(self.pool), reach + (1 if view.held_hidden else 0))
        self.setup_flips = tuple(
            min(2, sum(1 for c in g.cards if c is not None)) for g in view.grids
        )

    def sample(self, rng: random.Random) -> State:
        pool = self.pool[:]
        size = len(pool)
        draw = rng.random
        # Fisher-Yates from the end, stopped once the reachable cards are dealt.
        for i in range(size - 1, size - 1 - self.reach, -1):
            j = int(draw() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        grids: list[Grid] = []
        for public, face_up, down in self.faces:
            values = list(public.cards)
            for p in down:
                values[p] = pool.pop()
            grids.append(
                Grid(
                    tuple([0 if v is None else v for v in values]), face_up, public.removed, public
                )
            )
        view = self.view
        held = pool.pop() if view.held_hidden else view.held
        return completed_state(view, grids, pool, held, self.setup_flips)


def outcome(state: State, seat: int, hidden: float = DECK_MEAN) -> float:
    """The viewer's result at the end of a playout: minus its points relative to
    the average opponent, plus a bonus if the game ends and it wins."""
    n = state.num_players
    if state.phase is Phase.DEAL or state.phase is Phase.GAME_OVER:
        points: tuple[float, ...] = tuple(float(v) for v in state.results[-1].points)
    else:
        points = tuple(expected_sum(g, hidden) for g in state.grids)
    others = (sum(points) - points[seat]) / (n - 1)
    value = others - points[seat]
    if state.phase is Phase.GAME_OVER:
        share = 1.0 / len(state.winners) if seat in state.winners else 0.0
        value += WIN_WORTH * (share - 1.0 / n)
    return value


def expected_sum(grid: Grid, hidden: float) -> float:
    """A layout's expected sum with each face-down card worth ``hidden``.

    The search passes the counted mean of the viewer's unseen cards: the cards
    already seen are out of it, so it can be far from the full deck's mean late
    in a round. A fixed mean rather than the card the sample dealt: candidates
    that turn or keep different face-down cards would otherwise differ by those
    cards' spread (a variance of about 14 points squared per card), as much
    noise as the small margins the search is there to settle."""
    values, face_up, removed = grid.values, grid.face_up, grid.removed
    total = 0.0
    for p in range(GRID_SIZE):
        if not removed[p]:
            total += values[p] if face_up[p] else hidden
    return total


def make_expert(budget: int = DEFAULT_BUDGET, close: float = CLOSE) -> ExpertBot:
    """A factory for ``make_bot`` paths, e.g. ``skyjo.bots.expert:make_expert``."""
    return ExpertBot(budget, close)
