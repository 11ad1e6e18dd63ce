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
from typing import Protocol, TypeVar

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.evaluation import DECK_MEAN, PARTNERS
from skyjo.cards import GRID_SIZE
from skyjo.state import Grid, Phase, State

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


def play_out(
    state: State,
    rng: random.Random,
    *,
    max_turns: int,
    aligned: TurnDraws | None = None,
    policy: Policy = quick_action,
) -> State:
    """Play ``state`` on with ``policy`` (every player: :func:`quick_action`)
    until the round is scored or ``max_turns`` turns have been taken; with
    ``aligned``, each turn's draw and random choice are the turn's own (see
    :class:`TurnDraws`)."""
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
