"""Bots for the import-path tests: one that plays, one that cheats, one that is not a bot."""

from __future__ import annotations

import random

from skyjo.actions import Swap
from skyjo.bots import Decision
from skyjo.bots.medium import MediumBot
from skyjo.view import PlayerView


def make_polite() -> MediumBot:
    return MediumBot()


class Cheat:
    name = "cheat"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        return Decision(Swap(13 % 12), "always swaps position 1")


def make_cheat() -> Cheat:
    return Cheat()


def make_nothing() -> object:
    return object()
