"""``random``: picks uniformly among the legal actions. A baseline, not a player."""

from __future__ import annotations

import random

from skyjo.bots.base import Decision
from skyjo.bots.reasons import because, reason
from skyjo.view import PlayerView


class RandomBot:
    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        return because(rng.choice(view.legal_actions), reason("bot.random"))
