"""``easy``: plausible but weak moves, for children and first games.

It keeps low cards and throws high ones away, but otherwise plays at random: it
does not count cards, never builds columns on purpose and ends rounds whenever its
cards run out, so a careful beginner beats it.
"""

from __future__ import annotations

import random

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision
from skyjo.bots.reasons import at, because, reason
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
            return because(rng.choice(legal), reason("bot.setup_random"))
        if rng.random() < WHIM and view.phase is not Phase.TURN:
            return because(rng.choice(legal), reason("bot.whim"))
        if view.phase is Phase.TURN:
            top = view.discard_top
            if TakeDiscard() in legal and top is not None and (top <= LOW or Draw() not in legal):
                return because(TakeDiscard(), reason("bot.take_low", card=top))
            return because(Draw(), reason("bot.draw"))
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
        return because(Swap(highest), reason("bot.swap_lower", old=old, held=held))
    can_flip = view.phase is Phase.PLACE_DRAWN and bool(hidden)
    if held <= LOW or not can_flip:
        choices: list[PlayerAction] = [Swap(p) for p in hidden] or [Swap(p) for p in known]
        action = rng.choice(choices)
        assert isinstance(action, Swap)
        return because(action, at("bot.keep_at", action.position, held=held))
    position = rng.choice(hidden)
    return because(Flip(position), at("bot.throw_away", position, held=held))
