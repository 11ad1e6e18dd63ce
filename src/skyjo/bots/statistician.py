"""``statistician``: our reimplementation of the best published Skyjo bot we know of.

It is a benchmark opponent, written from the published description: it counts
every visible card (all grids and the whole discard pile), values each face-down
card at the mean of the unseen cards, adds a bonus for a placement that
completes a column, and switches to going out (turning face-down cards as fast as
it can) when its expected score is the lowest at the table. It never asks whether
finishing gets it doubled, which is the weakness ``hard`` and ``expert`` exploit.
"""

from __future__ import annotations

import random

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision
from skyjo.bots.evaluation import CardOdds, Layout
from skyjo.bots.medium import setup_flip
from skyjo.bots.placement import best, explain, forced_source, scored_placements
from skyjo.bots.reasons import because, reason
from skyjo.state import Phase
from skyjo.view import PlayerView

#: Extra value of turning a face-down card while going out.
GO_OUT_BONUS = 1.5


class StatisticianBot:
    name = "statistician"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        if view.phase is Phase.SETUP:
            return setup_flip(view, rng)
        odds = CardOdds.of(view)
        layout = Layout.of(view.own_grid, odds.mean)
        rules = view.rules
        going_out = _lowest(view, odds.mean, layout.estimate())
        if view.phase is Phase.TURN:
            forced = forced_source(view)
            if forced is not None:
                return forced
            top = view.discard_top
            assert top is not None
            swaps = tuple(Swap(p) for p in layout.present())
            taken, action = best(scored_placements(layout, top, swaps, odds, rules, chances=0))
            # A drawn card is worth what it saves where it saves most, averaged over
            # the unseen cards (a card that saves nothing is thrown away).
            top_worth = max(layout.worth[p] for p in layout.present())
            drawn = sum(
                p * (top_worth - v)
                for v, p in zip(odds.values, odds.probs, strict=True)
                if v < top_worth
            )
            if taken > 0 and taken >= drawn:
                then = explain(layout, action, top, rules)
                return because(TakeDiscard(), reason("bot.take_then", card=top, then=then))
            return because(Draw(), reason("bot.draw_unseen", saving=drawn, card=top))
        held = view.held
        assert held is not None
        scored = scored_placements(layout, held, view.legal_actions, odds, rules, chances=0)
        if going_out:
            scored = [(g + _turns_card(layout, a) * GO_OUT_BONUS, a) for g, a in scored]
        swaps_only = [s for s in scored if isinstance(s[1], Swap)]
        flips = [s for s in scored if isinstance(s[1], Flip)]
        gain, chosen = best(swaps_only)
        if flips:
            flip_gain, flip = best(flips)
            if gain <= 0 or flip_gain > gain:
                gain, chosen = flip_gain, flip
        why = explain(layout, chosen, held, rules)
        if going_out:
            why = reason("bot.going_out", then=why)
        return because(chosen, why)


def _turns_card(layout: Layout, action: PlayerAction) -> int:
    """1 if ``action`` turns up (or covers) a face-down card."""
    if isinstance(action, Flip):
        return 1
    assert isinstance(action, Swap)
    return 1 if layout.cards[action.position] is None else 0


def _lowest(view: PlayerView, mean: float, mine: float) -> bool:
    """Whether the viewer's expected layout sum is the lowest at the table."""
    return all(
        mine <= Layout.of(grid, mean).estimate()
        for seat, grid in enumerate(view.grids)
        if seat != view.seat
    )
