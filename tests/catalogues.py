"""Checks shared by the tests of every message catalogue (the page, the score pad,
the embeds, the bots' reasons): the same keys in every language, the same
``{fields}`` in each message, and no empty text."""

from __future__ import annotations

import string
from collections.abc import Mapping


def fields(template: str) -> set[str]:
    """The ``{names}`` a message template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


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
