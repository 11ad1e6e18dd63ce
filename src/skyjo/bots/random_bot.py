"""``random``: picks uniformly among the legal actions. A baseline, not a player."""

from __future__ import annotations

import random

from skyjo.bots.base import Decision
from skyjo.view import PlayerView


class RandomBot:
    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        return Decision(rng.choice(view.legal_actions), "picks at random")
