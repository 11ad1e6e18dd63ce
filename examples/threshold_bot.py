"""A complete bot written outside the ``skyjo`` package: the plug-in example of
docs/bots.md.

Load it by import path, with factory arguments, wherever a bot name is accepted::

    python -m skyjo simulate --players examples.threshold_bot:make:take_at=2,margin=3,medium \
        --games 200 --rotate

It uses only the public protocol: a ``name``, ``decide(view, rng)`` answering
with one of ``view.legal_actions``, and the optional ``new_round(seat,
num_players, rules)`` hook, here to forget the column it turned up a first card
in (the two setup flips are asked one at a time). Its play is deliberately
simple: take a low discard card, keep a drawn card that beats its highest
face-up card by ``margin``, else throw it away and turn a card.
"""

from __future__ import annotations

import random

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots import Decision
from skyjo.cards import COLUMNS, column_positions
from skyjo.rules import Rules
from skyjo.state import Phase
from skyjo.view import PlayerView


class ThresholdBot:
    """Takes a discard card of ``take_at`` or less; keeps a drawn card that is at
    least ``margin`` below its highest face-up card (``prefer_face_down``: put
    a low card on a face-down one instead when it has one)."""

    def __init__(self, *, take_at: int, margin: int, prefer_face_down: bool, name: str) -> None:
        self.name = name
        self.take_at = take_at
        self.margin = margin
        self.prefer_face_down = prefer_face_down
        self.setup_column: int | None = None
        self.seat: int | None = None

    def new_round(self, seat: int, num_players: int, rules: Rules) -> None:
        """A new round: no setup column chosen yet."""
        self.seat = seat
        self.setup_column = None

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        legal = view.legal_actions
        if view.phase is Phase.SETUP:
            return self._setup(legal, rng)
        grid = view.own_grid
        up = [(grid.cards[p], p) for p in grid.present if grid.cards[p] is not None]
        highest = max(up, default=None, key=lambda vp: vp[0] or 0)
        if view.phase is Phase.TURN:
            top = view.discard_top
            if TakeDiscard() in legal and top is not None and top <= self.take_at:
                return Decision(TakeDiscard(), f"takes the low {top}")
            if Draw() in legal:
                return Decision(Draw(), "draws")
            return Decision(legal[0], "has no choice")
        held = view.held
        assert held is not None
        if self.prefer_face_down and held <= self.take_at and grid.face_down:
            return Decision(Swap(grid.face_down[0]), f"puts the {held} on a face-down card")
        if highest is not None and (highest[0] or 0) - held >= self.margin:
            return Decision(Swap(highest[1]), f"swaps its {highest[0]} for the {held}")
        flips = [a for a in legal if isinstance(a, Flip)]
        if flips:
            return Decision(rng.choice(flips), f"throws the {held} away")
        swaps: list[PlayerAction] = [a for a in legal if isinstance(a, Swap)]
        return Decision(swaps[0], f"must keep the {held}")

    def _setup(self, legal: tuple[PlayerAction, ...], rng: random.Random) -> Decision:
        """Both setup cards in one column: the first at random, the second under it."""
        if self.setup_column is not None:
            for action in legal:
                if isinstance(action, Flip) and action.position in column_positions(
                    self.setup_column
                ):
                    return Decision(action, "turns a second card in the same column")
        action = rng.choice(legal)
        assert isinstance(action, Flip)
        self.setup_column = action.position % COLUMNS
        return Decision(action, "turns a first card at random")


def make(
    take_at: int = 3, margin: int = 4, prefer_face_down: bool = False, name: str = "threshold"
) -> ThresholdBot:
    """The factory named in ``examples.threshold_bot:make:take_at=2,margin=3``."""
    if not -2 <= take_at <= 12:
        raise ValueError(f"take_at must be a card value from -2 to 12, not {take_at}")
    return ThresholdBot(
        take_at=take_at, margin=margin, prefer_face_down=prefer_face_down, name=name
    )
