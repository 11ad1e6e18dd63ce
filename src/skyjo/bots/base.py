"""The bot protocol.

A bot sees only its own :class:`~skyjo.view.PlayerView` (never a face-down value or
the draw-pile order) and an injected ``random.Random``, and answers every decision
the engine asks of it (setup flips, take or draw, where to put a card, which card to
turn) with one of ``view.legal_actions`` plus a short reason a person can read.
Budgets are counted in iterations, never in wall-clock time, so a seed reproduces
every game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from skyjo.actions import PlayerAction
from skyjo.errors import IllegalActionError
from skyjo.view import PlayerView


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's choice and why, e.g. ``swap 3`` because "swaps the 11 for the 2: saves 9"."""

    action: PlayerAction
    reason: str = ""


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``decide`` method is a bot."""

    name: str

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        """Choose one of ``view.legal_actions``."""
        ...


def ask(bot: Bot, view: PlayerView, rng: random.Random) -> Decision:
    """Ask ``bot`` for a decision and check it is legal.

    A bot that answers with anything else raises :class:`IllegalActionError`
    naming the bot; its answer is never replaced by some other action."""
    decision = bot.decide(view, rng)
    if not isinstance(decision, Decision):
        raise IllegalActionError(f"bot {bot.name!r} returned {decision!r} instead of a Decision")
    if decision.action not in view.legal_actions:
        legal = ", ".join(str(a) for a in view.legal_actions)
        raise IllegalActionError(
            f"bot {bot.name!r} chose the illegal action '{decision.action}' for seat {view.seat} "
            f"in phase {view.phase.value} (legal: {legal})"
        )
    return decision
