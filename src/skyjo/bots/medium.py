"""``medium``: a sound greedy player that does not count cards.

It values every face-down card at the deck's mean (760/150 ≈ 5.07), puts a card
where it saves the most points (the highest known card, or a face-down slot if the
card is below the mean), takes a low discard or one that completes a column,
keeps pairs in a column for the chance of a third, and otherwise throws a drawn
card away and turns one up. It ends a round whenever its cards run out, without
asking whether it will be doubled: that is what a greedy player does.
"""

from __future__ import annotations

import random

from skyjo.actions import DRAW, FLIPS, SWAPS, TAKE_DISCARD, Flip, PlayerAction
from skyjo.bots.base import Decision
from skyjo.bots.evaluation import CardOdds, Layout, swap_gains
from skyjo.bots.placement import best_flip, best_swap, explain, forced_source
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
    """The greedy player. It remembers the numbers of its last decision (keyed by
    the very grid object shown, which never changes, and the card weighed), so the
    placement after taking the discard card is not worked out twice; that is a
    memo, not memory: the decision still depends on the view alone."""

    name = "medium"

    def __init__(self) -> None:
        self._memo: tuple[GridView, int, Layout, list[float | None]] | None = None

    def _gains(self, grid: GridView, card: int, rules: Rules) -> tuple[Layout, list[float | None]]:
        """The layout of ``grid`` and the gain of putting ``card`` at each position."""
        memo = self._memo
        if memo is not None and memo[0] is grid:
            if memo[1] == card:
                return memo[2], memo[3]
            layout = memo[2]
        else:
            layout = Layout.of(grid, DECK_ODDS.mean)
        gains = swap_gains(layout, card, DECK_ODDS, rules, PAIR_CHANCES)
        self._memo = (grid, card, layout, gains)
        return layout, gains

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
            layout, gains = self._gains(grid, top, rules)
            gain, position = best_swap(gains, grid.present)
            if gain >= BIG_SAVING or (top <= LOW and gain > 0):
                then = SWAPS[position]
                return because(
                    TAKE_DISCARD,
                    lambda: reason(
                        "bot.take_then", card=top, then=explain(layout, then, top, rules)
                    ),
                )
            return because(DRAW, lambda: reason("bot.draw_not_worth", card=top))
        held = view.held
        assert held is not None
        layout, gains = self._gains(grid, held, rules)
        gain, position = best_swap(gains, grid.present)
        action: PlayerAction = SWAPS[position]
        # Only a drawn card may be thrown away (never the discard pile's).
        if gain <= 0 and grid.face_down and view.phase is Phase.PLACE_DRAWN:
            _, position = best_flip(layout, grid.face_down, DECK_ODDS, rules)
            action = FLIPS[position]
        return because(action, lambda: explain(layout, action, held, rules))


def setup_flip(view: PlayerView, rng: random.Random) -> Decision:
    """Turn up two cards of one column: a pair shows at once, and a column with
    two known cards is the quickest to judge."""
    grid = view.own_grid
    up = [p for p in grid.present_positions() if grid.cards[p] is not None]
    if up:
        column = up[0] % COLUMNS
        for action in view.legal_actions:
            if isinstance(action, Flip) and action.position % COLUMNS == column:
                return because(action, reason("bot.setup_second", column=column + 1))
    action = rng.choice(view.legal_actions)
    return because(action, reason("bot.setup_first"))
