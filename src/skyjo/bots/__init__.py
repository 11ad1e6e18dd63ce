"""Bots: each one a module, all reachable by name through :func:`make_bot`."""

from skyjo.bots.base import Bot, Decision, ask
from skyjo.bots.registry import UnknownBotError, bot_names, make_bot

__all__ = ["Bot", "Decision", "UnknownBotError", "ask", "bot_names", "make_bot"]
