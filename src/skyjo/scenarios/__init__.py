"""Scenarios: named situations from real games, for embeds and the rules page.

Each scenario is a real game record (full deal, legal moves), the move count at
which its situation is on the table (``start_move``), the scripted moves that
make the described rule effect happen (the continuation), the rule settings it
can be played under, and a check that the effect happened. See
``docs/scenarios.md``.

    >>> from skyjo import scenarios
    >>> s = scenarios.get("column")
    >>> s.start_move, len(s.continuation)
    (4, 1)
    >>> s.effect(s.play_on())
    True
"""

from __future__ import annotations

from typing import Final

from skyjo.i18n.language import LANGUAGES
from skyjo.scenarios.core import (
    PlayedMove,
    Playthrough,
    Scenario,
    ScenarioError,
    UnknownScenarioError,
    Variant,
    play_move,
)
from skyjo.scenarios.library import LIBRARY
from skyjo.scenarios.texts import catalogue

#: Every scenario by name, in the order a page lists them. Names are stable: they
#: appear in embed URLs (``?scenario=column``) and in the records' ``scenario`` key.
SCENARIOS: Final[dict[str, Scenario]] = {s.name: s for s in LIBRARY}


def get(name: str) -> Scenario:
    """The scenario called ``name``; an unknown name raises
    :class:`UnknownScenarioError` listing the known ones."""
    try:
        return SCENARIOS[name]
    except (KeyError, TypeError):
        raise UnknownScenarioError(
            f"unknown scenario {name!r} (known: {', '.join(SCENARIOS)})"
        ) from None


__all__ = [
    "LANGUAGES",
    "SCENARIOS",
    "PlayedMove",
    "Playthrough",
    "Scenario",
    "ScenarioError",
    "UnknownScenarioError",
    "Variant",
    "catalogue",
    "get",
    "play_move",
]
