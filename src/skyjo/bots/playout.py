"""A fast playout policy on full states, for the ``expert`` bot's simulations.

It reads a sampled :class:`~skyjo.state.State` directly (no views, no reasons,
no card counting) but only looks at face-up cards, so the simulated players do
not peek at the cards the sample invented. It plays like ``medium`` and refuses
to end a round with a layout that is not the lowest in sight, which is roughly
how ``hard`` and careful people play the end of a round.
"""

from __future__ import annotations

import random

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.evaluation import DECK_MEAN, PARTNERS
from skyjo.cards import GRID_SIZE
from skyjo.state import Grid, Phase, State

#: Take the discard card if it saves this much, or is this low and saves anything.
TAKE_SAVING = 4.0
TAKE_LOW = 3


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


def quick_action(state: State, rng: random.Random) -> PlayerAction:
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


def play_out(state: State, rng: random.Random, *, max_turns: int) -> State:
    """Play ``state`` on with :func:`quick_action` until the round is scored or
    ``max_turns`` turns have been taken."""
    turns = 0
    while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.TURN:
            if turns >= max_turns:
                break
            turns += 1
            if engine.needs_reshuffle(state):
                state = engine.apply_unchecked(state, engine.chance_outcome(state, rng))
        state = engine.apply_unchecked(state, quick_action(state, rng), player=state.to_move)
    return state
