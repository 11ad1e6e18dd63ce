"""``medium``: a sound greedy player that does not count cards.

It values every face-down card at the deck's mean (760/150 ≈ 5.07), puts a card
where it saves the most points (the highest known card, or a face-down slot if the
card is below the mean), takes a low discard or one that completes a column,
keeps pairs in a column for the chance of a third, and otherwise throws a drawn
card away and turns one up. It ends a round whenever its cards run out, without
asking whether it will be doubled: that is what a greedy player does.
"""

from __future__ import annotations

import math
import random

from skyjo.actions import DRAW, FLIPS, SWAPS, TAKE_DISCARD, Flip, PlayerAction
from skyjo.bots.base import Decision, Reason
from skyjo.bots.evaluation import PARTNERS, CardOdds, Layout, best_swap_on, flip_gain_of
from skyjo.bots.placement import explain, forced_source
from skyjo.bots.reasons import because, reason
from skyjo.cards import COLUMNS
from skyjo.rules import Rules
from skyjo.state import Phase
from skyjo.view import GridView, PlayerView

#: Take the discard card when it is at most this low and improves the layout...
LOW = 3
#: ...or when it saves at least this many points wherever it goes.
BIG_SAVING = 5.0
#: How many looks at new cards medium counts on to complete a pair.
PAIR_CHANCES = 2.0

DECK_ODDS = CardOdds.deck()


class MediumBot:
    """The greedy player. It remembers the best placement of its last decision
    (keyed by the very grid object shown, which never changes, and the card
    weighed), so the placement after taking the discard card is not worked out
    twice; that is a memo, not memory: the decision depends on the view alone."""

    name = "medium"

    def __init__(self) -> None:
        self._memo: tuple[GridView, int, float, int] | None = None

    def _best_swap(self, grid: GridView, card: int, rules: Rules) -> tuple[float, int]:
        """Where ``card`` saves most in ``grid``, and how much."""
        memo = self._memo
        if memo is not None and memo[0] is grid and memo[1] == card:
            return memo[2], memo[3]
        completion = DECK_ODDS.completion(PAIR_CHANCES, rules)
        gain, position = best_swap_on(grid, card, DECK_ODDS.mean, completion)
        self._memo = (grid, card, gain, position)
        return gain, position

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        if view.phase is Phase.SETUP:
            return setup_flip(view, rng)
        grid = view.own_grid
        rules = view.rules
        if view.phase is Phase.TURN:
            forced = forced_source(view)
            if forced is not None:
                return forced
            top = view.discard_top
            assert top is not None
            gain, position = self._best_swap(grid, top, rules)
            if gain >= BIG_SAVING or (top <= LOW and gain > 0):
                placement = SWAPS[position]
                return because(
                    TAKE_DISCARD,
                    lambda: reason(
                        "bot.take_then", card=top, then=_explain(grid, placement, top, rules)
                    ),
                )
            return because(DRAW, lambda: reason("bot.draw_not_worth", card=top))
        held = view.held
        assert held is not None
        gain, position = self._best_swap(grid, held, rules)
        action: PlayerAction = SWAPS[position]
        # Only a drawn card may be thrown away (never the discard pile's).
        if gain <= 0 and grid.face_down and view.phase is Phase.PLACE_DRAWN:
            action = FLIPS[_best_flip(grid, rules)]
        return because(action, lambda: _explain(grid, action, held, rules))


def _best_flip(grid: GridView, rules: Rules) -> int:
    """The face-down position best turned up (earliest wins ties): one that may
    complete a pair's column, by :func:`flip_gain_of`."""
    cards = grid.cards
    best_gain, best = -math.inf, grid.face_down[0]
    for p in grid.face_down:
        a, b = PARTNERS[p]
        gain = flip_gain_of((cards[a], cards[b]), DECK_ODDS, rules)
        if gain > best_gain:
            best_gain, best = gain, p
    return best


def _explain(grid: GridView, action: PlayerAction, held: int, rules: Rules) -> Reason:
    """Why the placement (built only when someone reads it)."""
    return explain(Layout.of(grid, DECK_ODDS.mean), action, held, rules)


def setup_flip(view: PlayerView, rng: random.Random) -> Decision:
    """Turn up two cards of one column: a pair shows at once, and a column with
    two known cards is the quickest to judge."""
    grid = view.own_grid
    up = [p for p in grid.present_positions() if grid.cards[p] is not None]
    if up:
        column = up[0] % COLUMNS
        for action in view.legal_actions:
            if isinstance(action, Flip) and action.position % COLUMNS == column:
                return because(action, lambda: reason("bot.setup_second", column=column + 1))
    action = rng.choice(view.legal_actions)
    return because(action, lambda: reason("bot.setup_first"))
