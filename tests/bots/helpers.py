"""Shared helpers for the bot tests: a spy bot and a game loop."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from skyjo.bots import Bot, Decision, ask
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.view import PlayerView


@dataclass
class Spy:
    """Wraps a bot, checks it only ever receives a PlayerView, keeps its reasons."""

    inner: Bot
    reasons: list[str] = field(default_factory=list)
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.inner.name

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        assert type(view) is PlayerView, f"{self.name} was handed {type(view).__name__}"
        decision = self.inner.decide(view, rng)
        self.reasons.append(decision.reason)
        return decision


def play(bots: list[Bot], rules: Rules, seed: int) -> Game:
    """One whole game; every decision goes through ``ask`` (legality checked)."""
    game = Game([b.name for b in bots], rules, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_terminal:
        seat = game.current_player()
        decision = ask(bots[seat], game.view(seat), rng)
        game.play(decision.action, player=seat)
    return game
