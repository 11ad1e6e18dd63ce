"""A fast playout policy on full states, for the ``expert`` bot's simulations.

It reads a sampled :class:`~skyjo.state.State` directly (no views, no reasons,
no card counting) but only looks at face-up cards, so the simulated players do
not peek at the cards the sample invented. It plays like ``medium`` and refuses
to end a round with a layout that is not the lowest in sight, which is roughly
how ``hard`` and careful people play the end of a round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from skyjo import engine, scoring
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.evaluation import DECK_MEAN, PARTNERS
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.rules import Rules
from skyjo.state import Grid, Phase, RoundResult, State

#: Take the discard card if it saves this much, or is this low and saves anything.
TAKE_SAVING = 4.0
TAKE_LOW = 3

T = TypeVar("T")


class Chooser(Protocol):
    """Where the policy's one random choice (which face-down card to turn up)
    comes from: a ``random.Random``, or a playout's :class:`TurnDraws`."""

    def choice(self, seq: Sequence[T], /) -> T: ...


class TurnDraws:
    """The random numbers of a playout keyed by its turns rather than drawn in
    order, for comparing two moves on common random numbers (the game review).

    Turn ``t`` of the playout draws the ``t``-th card of the sample's draw pile
    (the card in hand at turn 0 came from its top), and turns up the face-down
    card picked by the ``t``-th random number, whoever draws and whether or not
    the turns before it drew. Two playouts of one sample after two different
    moves then meet the same cards in the same turns, where the drawn order
    would shift for every later player as soon as one of them took the discard
    pile's card instead of drawing. Each turn still draws a card the playout has
    not met, at random, so a playout is as random as before: the variance of a
    difference halves (measured on the review's comparisons). Once the discard
    pile has been shuffled into a new draw pile, draws are in order again."""

    __slots__ = ("floats", "order", "turn")

    def __init__(self, draw_pile: tuple[int, ...], rng: random.Random, turns: int) -> None:
        self.order = draw_pile[::-1]
        self.floats = [rng.random() for _ in range(turns + 1)]
        self.turn = 0

    def choice(self, seq: Sequence[T], /) -> T:
        return seq[int(self.floats[self.turn] * len(seq))]

    def draw(self, state: State) -> State:
        """``state`` with this turn's card on top of its draw pile."""
        pile = state.draw_pile
        if self.turn >= len(self.order) or state.reshuffles:
            return state
        card = self.order[self.turn]
        if not pile or pile[-1] == card:
            return state
        cards = list(pile)
        cards.remove(card)
        cards.append(card)
        return state._replace(draw_pile=tuple(cards))


def estimate(grid: Grid) -> float:
    """A layout's expected sum as its opponents see it."""
    total = 0.0
    for p in range(GRID_SIZE):
        if not grid.removed[p]:
            total += grid.values[p] if grid.face_up[p] else DECK_MEAN
    return total


def _best_swap(grid: Grid, card: int, state: State, *, keep_hidden: bool) -> tuple[float, int]:
    """The best position for ``card`` and the points it saves (a completed column
    counts); face-down positions are skipped when ``keep_hidden``."""
    best_gain, best_pos = -1e9, -1
    values, face_up, removed = grid.values, grid.face_up, grid.removed
    # Only a card already showing twice can complete a column.
    pairs = grid.public.cards.count(card) >= 2 and state.rules.removes_column(card)
    for p in range(GRID_SIZE):
        if removed[p]:
            continue
        gain: float
        if face_up[p]:
            gain = values[p] - card
        elif keep_hidden:
            continue
        else:
            gain = DECK_MEAN - card
        if pairs:
            a, b = PARTNERS[p]
            if face_up[a] and face_up[b] and values[a] == card and values[b] == card:
                gain += 3 * card
        if gain > best_gain:
            best_gain, best_pos = gain, p
    return best_gain, best_pos


def _safe_to_end(state: State, player: int, score: float) -> bool:
    """Whether ending the round with ``score`` looks safe from doubling."""
    if score <= 0:
        return True
    return all(estimate(g) > score + 2 for seat, g in enumerate(state.grids) if seat != player)


def quick_action(state: State, rng: Chooser) -> PlayerAction:
    """The playout policy's action for the player to move (setup is over)."""
    player = state.to_move
    assert player is not None
    grid = state.grids[player]
    if state.phase is Phase.TURN:
        top = state.discard_pile[-1] if state.discard_pile else None
        if top is None:
            return Draw()
        if not state.draw_pile:
            return TakeDiscard()
        gain, _ = _best_swap(grid, top, state, keep_hidden=False)
        if gain >= TAKE_SAVING or (top <= TAKE_LOW and gain > 0):
            return TakeDiscard()
        return Draw()
    held = state.held
    assert held is not None
    hidden = grid.public.face_down
    gain, position = _best_swap(grid, held, state, keep_hidden=False)
    may_flip = state.phase is Phase.PLACE_DRAWN and bool(hidden)
    if state.finisher is None and len(hidden) == 1:
        # Either choice may end the round: do it only when it looks safe.
        last = hidden[0]
        known = grid.visible_sum()
        if position == last and not _safe_to_end(state, player, known + held):
            gain, position = _best_swap(grid, held, state, keep_hidden=True)
            if position < 0:
                return Swap(last)
            return Swap(position)
        if (gain <= 0 or position < 0) and may_flip:
            if _safe_to_end(state, player, known + DECK_MEAN):
                return Flip(last)
            _, position = _best_swap(grid, held, state, keep_hidden=True)
            return Swap(position if position >= 0 else last)
        return Swap(position)
    if gain > 0 or not may_flip:
        return Swap(position)
    return Flip(rng.choice(hidden))


Policy = Callable[[State, Chooser], PlayerAction]


@dataclass(frozen=True, slots=True)
class Closing:
    """Who decides the end of the round in a playout, in place of
    :func:`quick_action`'s safety check: whenever the policy would end the round
    for a player in ``seats`` (cover or turn up their last face-down card while
    nobody has ended it), ``decide`` places the card instead, given the state
    with the card in hand; it may end the round or carry on.

    The quick policy ends a round as soon as its layout is lower than every
    opponent's estimate by 2 points. Where it would, ``hard`` carries on about
    four times in five (issue 40: 78% of such placements in the review's
    measurements of one game), and the quick policy was doubled there 21-23% of
    the time; the game review measures a loss with round-ending choices made as
    hard makes them (:func:`skyjo.bots.expert.hard_closing`). Only these
    placements are asked: the pile choice before them stays the policy's, as do
    the rest of the turns, for a hard decision costs about a thousand quick ones
    (asking hard for every decision of a turn with one face-down card left took
    ten times as long, for the same loss within its noise on the position
    tried). ``decide`` must
    draw none of the playout's random numbers, so that two moves compared on
    common random numbers still meet the same cards and choices."""

    seats: frozenset[int]
    decide: Callable[[State], PlayerAction]


def closing_policy(policy: Policy, closing: Closing | None) -> Policy:
    """``policy`` with ``closing``'s round-ending decisions (None: ``policy``)."""
    if closing is None:
        return policy

    def decide(state: State, rng: Chooser) -> PlayerAction:
        action = policy(state, rng)
        player = state.to_move
        if state.phase is Phase.TURN or state.finisher is not None or player not in closing.seats:
            return action
        down = state.grids[player].public.face_down
        if len(down) == 1 and action.position == down[0]:  # type: ignore[union-attr]
            return closing.decide(state)
        return action

    return decide


def play_out(
    state: State,
    rng: random.Random,
    *,
    max_turns: int,
    aligned: TurnDraws | None = None,
    policy: Policy = quick_action,
    closing: Closing | None = None,
) -> State:
    """Play ``state`` on with ``policy`` (every player: :func:`quick_action`)
    until the round is scored or ``max_turns`` turns have been taken; with
    ``aligned``, each turn's draw and random choice are the turn's own (see
    :class:`TurnDraws`); with ``closing``, its players' round-ending decisions
    are its own.

    With :func:`quick_action` the playout runs on lists (:func:`_simulate`):
    the same moves, random numbers and end state as :func:`play_out_plain`."""
    if policy is quick_action and state.phase in _IN_TURN:
        chance = _GivenChance(rng, None if aligned is None else aligned.floats)
        order = None if aligned is None else aligned.order
        return _simulate(state, max_turns, chance, order, closing)
    return play_out_plain(state, rng, max_turns, aligned, closing_policy(policy, closing))


def play_out_seeded(
    state: State,
    seed: int,
    *,
    max_turns: int,
    pile: tuple[int, ...] | None = None,
    closing: Closing | None = None,
) -> State:
    """:func:`play_out` with :func:`quick_action` and ``random.Random(seed)``;
    given ``pile`` (the sample's draw pile before the move that led to
    ``state``), with the draws keyed by turn by ``TurnDraws(pile,
    random.Random(seed), max_turns)``. The random numbers are drawn only when
    the playout needs them (many playouts need none), in the same sequence."""
    if state.phase not in _IN_TURN:
        rng = random.Random(seed)
        draws = None if pile is None else TurnDraws(pile, rng, max_turns)
        return play_out_plain(state, rng, max_turns, draws, closing_policy(quick_action, closing))
    chance = _SeededChance(seed, None if pile is None else max_turns + 1)
    return _simulate(state, max_turns, chance, None if pile is None else pile[::-1], closing)


def play_out_plain(
    state: State, rng: random.Random, max_turns: int, aligned: TurnDraws | None, policy: Policy
) -> State:
    """:func:`play_out` through the engine, one state per action: the reference
    the fast path is tested against, and the way for any other policy."""
    turns = 0
    chooser: Chooser = rng if aligned is None else aligned
    while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.TURN:
            if turns >= max_turns:
                break
            turns += 1
            if engine.needs_reshuffle(state):
                state = engine.apply_unchecked(state, engine.chance_outcome(state, rng))
            if aligned is not None:
                aligned.turn = turns
                action = policy(state, aligned)
                if type(action) is Draw:
                    state = aligned.draw(state)
                state = engine.apply_unchecked(state, action, player=state.to_move)
                continue
        state = engine.apply_unchecked(state, policy(state, chooser), player=state.to_move)
    return state


# --- the same playout on lists ------------------------------------------------------
#
# The expert's search and the game review play hundreds of thousands of playout
# turns, and through the engine each builds two states and a grid. _simulate
# plays :func:`quick_action`'s moves on lists instead, changing only the grid
# of the player who moved, and builds a State only at the end (where the round
# ends, scored by the engine's rules: :mod:`skyjo.scoring`). tests/bots/
# test_fast_paths.py holds it to play_out_plain, end state for end state.

_IN_TURN = (Phase.TURN, Phase.PLACE_DRAWN, Phase.PLACE_DISCARD)
#: A slot a card cannot go to (removed, or face down where face-down cards are
#: kept) in :func:`_simulate`'s worth lists: below any real saving.
_NO_SLOT = -1000
#: A saving at or below this is :data:`_NO_SLOT`'s: no slot at all.
_NO_SAVING = _NO_SLOT // 2


class _Chance(Protocol):
    """Where :func:`_simulate` gets its random numbers: which face-down card
    turn ``turn`` turns up, and the order of a reshuffled discard pile."""

    def pick(self, positions: list[int], turn: int) -> int: ...

    def shuffle(self, cards: list[int]) -> None: ...


class _GivenChance:
    """A playout's random numbers from a given ``random.Random`` and, for draws
    keyed by turn, :class:`TurnDraws`' numbers ``floats``."""

    __slots__ = ("floats", "rng")

    def __init__(self, rng: random.Random, floats: list[float] | None) -> None:
        self.rng = rng
        self.floats = floats

    def pick(self, positions: list[int], turn: int) -> int:
        floats = self.floats
        if floats is None:
            return self.rng.choice(positions)
        return positions[int(floats[turn] * len(positions))]

    def shuffle(self, cards: list[int]) -> None:
        self.rng.shuffle(cards)


class _SeededChance:
    """The random numbers of ``random.Random(seed)``, as :class:`_GivenChance`
    would use them with :class:`TurnDraws`' first ``floats`` numbers (None: not
    keyed by turn), but drawn only when needed: the generator is seeded at the
    first need, the turns' numbers are drawn up to the one asked for, and all of
    them before a reshuffle draws the numbers that follow."""

    __slots__ = ("floats", "rng", "seed", "wanted")

    def __init__(self, seed: int, wanted: int | None) -> None:
        self.seed = seed
        self.wanted = wanted
        self.rng: random.Random | None = None
        self.floats: list[float] = []

    def _generator(self) -> random.Random:
        rng = self.rng
        if rng is None:
            rng = self.rng = random.Random(self.seed)
        return rng

    def pick(self, positions: list[int], turn: int) -> int:
        rng = self._generator()
        if self.wanted is None:
            return rng.choice(positions)
        floats = self.floats
        while len(floats) <= turn:
            floats.append(rng.random())
        return positions[int(floats[turn] * len(positions))]

    def shuffle(self, cards: list[int]) -> None:
        rng = self._generator()
        if self.wanted is not None:
            floats = self.floats
            while len(floats) < self.wanted:
                floats.append(rng.random())
        rng.shuffle(cards)


def _best_on(
    worth: list[int | float], faces: list[int | None], card: int, rules: Rules, up: list[bool]
) -> tuple[float, int]:
    """:func:`_best_swap` on :func:`_simulate`'s lists: ``worth`` holds each
    slot's value (a face-down one :data:`DECK_MEAN`, or :data:`_NO_SLOT` where
    the card may not go), ``faces`` the grid's public cards."""
    if faces.count(card) >= 2 and rules.removes_column(card):
        # A column may be completed: the slots beside a face-up pair of the card
        # save three times it more.
        gains = [w - card for w in worth]
        for p in range(GRID_SIZE):
            if worth[p] != _NO_SLOT:
                a, b = PARTNERS[p]
                if up[a] and up[b] and faces[a] == card and faces[b] == card:
                    gains[p] += 3 * card
        top = max(gains)
        if top <= _NO_SAVING:
            return -1e9, -1
        return top, gains.index(top)
    most = max(worth)
    if most == _NO_SLOT:
        return -1e9, -1
    return most - card, worth.index(most)


def _simulate(
    state: State,
    max_turns: int,
    chance: _Chance,
    order: tuple[int, ...] | None,
    closing: Closing | None = None,
) -> State:
    """:func:`play_out_plain` with :func:`quick_action` (and ``closing``'s
    round-ending decisions) on lists, from a state in a turn (``order``: the
    draws keyed by turn, as :class:`TurnDraws`)."""
    rules = state.rules
    n = state.num_players
    start = state.grids
    values = [list(g.values) for g in start]
    up = [list(g.face_up) for g in start]
    gone = [list(g.removed) for g in start]
    faces = [list(g.public.cards) for g in start]
    down = [list(g.public.face_down) for g in start]
    # Each slot's value, a face-down one at the deck's mean: where a card may go.
    worth: list[list[int | float]] = []
    # The same with face-down slots out: where a card may go that keeps them.
    shown: list[list[int | float]] = []
    for v, u, r in zip(values, up, gone, strict=True):
        slots = range(GRID_SIZE)
        worth.append([_NO_SLOT if r[p] else (v[p] if u[p] else DECK_MEAN) for p in slots])
        shown.append([_NO_SLOT if r[p] or not u[p] else v[p] for p in slots])
    changed = [False] * n
    pile = list(state.draw_pile)
    discard = list(state.discard_pile)
    phase, player, finisher, held = state.phase, state.to_move, state.finisher, state.held
    count, reshuffles = state.turns, state.reshuffles
    turns = turn = 0

    def built(
        result: RoundResult | None, on_turn: Phase = Phase.TURN, card: int | None = None
    ) -> State:
        """The state the playout ends in: on turn (cut short), or with the
        round scored (``result``), as the engine would have built it; or, for
        ``closing``, the state of a turn in ``on_turn`` with ``card`` in hand."""
        grids = tuple(
            [
                Grid.of(tuple(values[s]), tuple(up[s]), tuple(gone[s])) if changed[s] else start[s]
                for s in range(n)
            ]
        )
        phase, to_move, turns_taken = on_turn, player, count
        totals, results, winners = state.totals, state.results, state.winners
        if result is not None:
            totals = tuple([t + v for t, v in zip(totals, result.points, strict=True)])
            results = (*results, result)
            over = scoring.is_game_over(totals, rules)
            phase = Phase.GAME_OVER if over else Phase.DEAL
            winners = scoring.winners(totals) if over else ()
            to_move, turns_taken = None, count + 1
        return state._replace(
            phase=phase,
            grids=grids,
            draw_pile=tuple(pile),
            discard_pile=tuple(discard),
            to_move=to_move,
            finisher=finisher,
            held=card,
            turns=turns_taken,
            reshuffles=reshuffles,
            totals=totals,
            results=results,
            winners=winners,
        )

    def remove_column(seat: int, column: int) -> None:
        """engine._remove_column on the lists: a column of three equal face-up
        cards leaves the grid if the rules say so, onto the discard pile."""
        grid_values, grid_up, removed = values[seat], up[seat], gone[seat]
        a, b, c = column, column + COLUMNS, column + 2 * COLUMNS
        if removed[a] or not (grid_up[a] and grid_up[b] and grid_up[c]):
            return
        value = grid_values[a]
        if grid_values[b] == value and grid_values[c] == value and rules.removes_column(value):
            for q in (a, b, c):
                removed[q] = True
                worth[seat][q] = shown[seat][q] = _NO_SLOT
            discard.extend((value, value, value))

    def scored(finisher: int) -> State:
        """engine._end_round on the lists: every face-down card turned up, the
        columns that completes removed, the round scored."""
        for seat in range(n):
            if down[seat]:
                for p in down[seat]:
                    up[seat][p] = True
                changed[seat] = True
                for column in range(COLUMNS):
                    remove_column(seat, column)
        raw = tuple(
            [sum([v for v, r in zip(values[s], gone[s], strict=True) if not r]) for s in range(n)]
        )
        doubled = scoring.judge_finisher(raw, finisher, rules).doubled
        points = tuple([2 * v if s == finisher and doubled else v for s, v in enumerate(raw)])
        return built(RoundResult(finisher, raw, points, doubled))

    def safe_to_end(score: float) -> bool:
        """:func:`_safe_to_end` for the player to move."""
        if score <= 0:
            return True
        for s in range(n):
            if s == player:
                continue
            total = 0.0
            for v, u, r in zip(values[s], up[s], gone[s], strict=True):
                if not r:
                    total += v if u else DECK_MEAN
            if not total > score + 2:
                return False
        return True

    assert player is not None, "quick_action asks the same"
    placing, drawn = phase is not Phase.TURN, phase is Phase.PLACE_DRAWN
    removes = rules.removes_column
    while True:
        # One turn: quick_action's choices and the engine's steps, on the lists.
        cards, hidden, mine = faces[player], down[player], worth[player]
        if not placing:
            if turns >= max_turns:
                return built(None)
            turns += 1
            if not pile and len(discard) > 1:
                reshuffled = discard[:-1]
                chance.shuffle(reshuffled)
                pile = reshuffled[::-1]
                discard = discard[-1:]
                reshuffles += 1
            if order is not None:
                turn = turns
            top = discard[-1] if discard else None
            take = False
            if top is not None:
                if not pile:
                    take = True
                else:
                    if cards.count(top) >= 2 and removes(top):
                        gain = _best_on(mine, cards, top, rules, up[player])[0]
                    else:
                        # Without a slot, a gain far below any threshold, as -1e9 is.
                        gain = max(mine) - top
                    take = gain >= TAKE_SAVING or (top <= TAKE_LOW and gain > 0)
            if take:
                held = discard.pop()
                drawn = False
            else:
                if order is not None and turn < len(order) and not reshuffles:
                    card = order[turn]
                    if pile and pile[-1] != card:
                        pile.remove(card)
                        pile.append(card)
                held = pile.pop()
                drawn = True
        placing = False
        # The card in hand goes somewhere.
        assert held is not None
        if cards.count(held) >= 2 and removes(held):
            gain, position = _best_on(mine, cards, held, rules, up[player])
        else:
            # _best_on's common case, inline: no column to complete.
            gain = max(mine)
            position = -1 if gain == _NO_SLOT else mine.index(gain)
            gain = -1e9 if position < 0 else gain - held
        may_flip = drawn and bool(hidden)
        flip = False
        if finisher is None and len(hidden) == 1:
            last = hidden[0]
            removed = gone[player]
            known = sum([c for c, r in zip(cards, removed, strict=True) if c and not r])
            if position == last and not safe_to_end(known + held):
                position = _best_on(shown[player], cards, held, rules, up[player])[1]
                if position < 0:
                    position = last
            elif (gain <= 0 or position < 0) and may_flip:
                if safe_to_end(known + DECK_MEAN):
                    flip, position = True, last
                else:
                    position = _best_on(shown[player], cards, held, rules, up[player])[1]
                    if position < 0:
                        position = last
            if closing is not None and position == last and player in closing.seats:
                # The policy would end the round: ``closing`` decides instead.
                on_turn = Phase.PLACE_DRAWN if drawn else Phase.PLACE_DISCARD
                placed = closing.decide(built(None, on_turn, held))
                assert isinstance(placed, Swap | Flip), "a card in hand is placed"
                flip, position = type(placed) is Flip, placed.position
        elif not (gain > 0 or not may_flip):
            flip, position = True, chance.pick(hidden, turn)
        if position < 0:
            Swap(position)  # raises, as quick_action's Swap(-1) would
        # engine._place and engine._end_turn.
        grid_values, grid_up = values[player], up[player]
        if flip:
            card = grid_values[position]
            discard.append(held)
        else:
            card = held
            discard.append(grid_values[position])
            grid_values[position] = card
        if not grid_up[position]:
            grid_up[position] = True
            hidden.remove(position)
        cards[position] = mine[position] = shown[player][position] = card
        changed[player] = True
        column = position % COLUMNS
        if grid_up[column] and grid_up[column + COLUMNS] and grid_up[column + 2 * COLUMNS]:
            remove_column(player, column)
        if finisher is None and not hidden:
            finisher = player
        player = (player + 1) % n
        held = None
        if player == finisher:
            return scored(finisher)
        count += 1
