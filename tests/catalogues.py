"""Checks shared by the tests of every message catalogue (the page, the score pad,
the embeds, the scenarios, the bots' reasons, the game review): the same keys in every language,
the same fields in each message, no empty text, and the registry of catalogues
that :mod:`tests.test_catalogues` renders in full."""

from __future__ import annotations

from collections.abc import Mapping

from skyjo.embed.texts import OWN as EMBED
from skyjo.messageformat import fields
from skyjo.review.texts import CATALOGUE as REVIEW
from skyjo.scenarios.texts import TEXTS as SCENARIOS
from skyjo.scorepad.messages import CATALOGUE as SCOREPAD
from skyjo.ui.i18n import CATALOGUE as GAME

#: Every catalogue by name: language -> key -> message.
CATALOGUES: dict[str, Mapping[str, Mapping[str, str]]] = {
    "game": GAME,
    "scorepad": SCOREPAD,
    "embed": EMBED,
    "scenarios": SCENARIOS,
    "review": REVIEW,
}


def disagreements(english: Mapping[str, str], other: Mapping[str, str]) -> list[str]:
    """Everything in which ``other`` differs from ``english``: missing or extra keys,
    different fields, empty messages. An empty list means they agree."""
    problems = [f"missing {key}" for key in sorted(set(english) - set(other))]
    problems += [f"extra {key}" for key in sorted(set(other) - set(english))]
    for key in sorted(set(english) & set(other)):
        if fields(other[key]) != fields(english[key]):
            problems.append(f"fields of {key}: {sorted(fields(other[key]))}")
        if not other[key].strip():
            problems.append(f"empty {key}")
    return problems


__all__ = ["CATALOGUES", "disagreements", "fields"]
