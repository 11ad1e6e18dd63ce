"""``easy``: plausible but weak moves, for children and first games.

It keeps low cards and throws high ones away, but otherwise plays at random: it
does not count cards, never builds columns on purpose and ends rounds whenever its
cards run out, so a careful beginner beats it.
"""

from __future__ import annotations

import random

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision
from skyjo.bots.evaluation import card, slot
from skyjo.state import Phase
from skyjo.view import PlayerView

#: A card at or below this is "low": worth keeping, worth taking from the discard pile.
LOW = 3
#: How often easy ignores its own rule of thumb and does something random.
WHIM = 0.15


class EasyBot:
    name = "easy"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        legal = view.legal_actions
        if view.phase is Phase.SETUP:
            return Decision(rng.choice(legal), "turns up a card at random")
        if rng.random() < WHIM and view.phase is not Phase.TURN:
            return Decision(rng.choice(legal), "plays on a whim")
        if view.phase is Phase.TURN:
            top = view.discard_top
            if TakeDiscard() in legal and top is not None and (top <= LOW or Draw() not in legal):
                return Decision(TakeDiscard(), f"takes the low {card(top)} from the discard pile")
            return Decision(Draw(), "draws a card")
        held = view.held
        assert held is not None
        return _place(view, held, rng)


def _place(view: PlayerView, held: int, rng: random.Random) -> Decision:
    cards = view.own_grid.cards
    removed = view.own_grid.removed
    known = [p for p in range(len(cards)) if cards[p] is not None and not removed[p]]
    hidden = [p for p in range(len(cards)) if cards[p] is None and not removed[p]]
    values = {p: v for p in known if (v := cards[p]) is not None}
    highest = max(values, key=values.__getitem__, default=None)
    if highest is not None and values[highest] > held:
        old = values[highest]
        return Decision(Swap(highest), f"swaps the {old} for the {held}: keeps the lower card")
    can_flip = view.phase is Phase.PLACE_DRAWN and bool(hidden)
    if held <= LOW or not can_flip:
        choices: list[PlayerAction] = [Swap(p) for p in hidden] or [Swap(p) for p in known]
        action = rng.choice(choices)
        assert isinstance(action, Swap)
        return Decision(action, f"keeps the {held} at {slot(action.position)}")
    position = rng.choice(hidden)
    return Decision(Flip(position), f"throws the {held} away and turns up {slot(position)}")
