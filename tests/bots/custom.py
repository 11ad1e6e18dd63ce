"""Bots for the import-path tests: one that plays, one that cheats, one that is not a
bot, one that logs its new_round calls."""

from __future__ import annotations

import random

from skyjo.actions import Swap
from skyjo.bots import Decision
from skyjo.bots.medium import MediumBot
from skyjo.rules import Rules
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


class Listener:
    """Plays as medium and logs what it is told (``new_round``) and asked
    (``decide``), to check when the simulator and the game call the hook."""

    name = "listener"

    def __init__(self) -> None:
        self.inner = MediumBot()
        self.log: list[tuple[str, int, int]] = []

    def new_round(self, seat: int, num_players: int, rules: Rules) -> None:
        self.log.append(("round", seat, num_players))

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        self.log.append(("decide", view.seat, view.round_number))
        return self.inner.decide(view, rng)


#: Every listener made through ``make_listener``, in order (tests clear it).
LISTENERS: list[Listener] = []


def make_listener() -> Listener:
    listener = Listener()
    LISTENERS.append(listener)
    return listener
