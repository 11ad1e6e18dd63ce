"""Bots by name, or by import path ``package.module:factory`` for anyone's own bot."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from skyjo.bots.base import Bot
from skyjo.errors import SkyjoError


class UnknownBotError(SkyjoError):
    """A bot name that is neither registered nor an importable ``module:factory``."""


#: Registered bots as import paths: a module is imported only when its bot is first
#: made, which keeps the page's start-up from compiling every bot (Pyodide has no
#: precompiled bytecode for our modules).
BOTS: dict[str, str] = {
    "random": "skyjo.bots.random_bot:RandomBot",
    "easy": "skyjo.bots.easy:EasyBot",
    "medium": "skyjo.bots.medium:MediumBot",
    "hard": "skyjo.bots.hard:HardBot",
    "expert": "skyjo.bots.expert:ExpertBot",
    "statistician": "skyjo.bots.statistician:StatisticianBot",
}


def bot_names() -> tuple[str, ...]:
    return tuple(BOTS)


def make_bot(spec: str) -> Bot:
    """A new bot from a registered name (``"hard"``) or an import path
    (``"mypackage.mybot:make"``, a callable returning a bot)."""
    if spec in BOTS:
        module_name, _, attr = BOTS[spec].partition(":")
        factory: Callable[[], Bot] = getattr(importlib.import_module(module_name), attr)
        return factory()
    if ":" not in spec:
        raise UnknownBotError(
            f"unknown bot {spec!r} (known: {', '.join(BOTS)}; or give 'package.module:factory')"
        )
    module_name, _, attr = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UnknownBotError(f"cannot load bot {spec!r}: {exc}") from None
    bot = factory()
    if not isinstance(bot, Bot):
        raise UnknownBotError(f"{spec!r} did not return a bot (needs .name and .decide(view, rng))")
    return bot
