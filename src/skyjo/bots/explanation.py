"""A bot's reason as data, and its English sentence.

:class:`Reason` is a catalogue key with fields; :func:`english` renders it from
the English templates (:data:`ENGLISH`, the ``bots`` domain of the locale
folders). Both live here, below :mod:`skyjo.bots.base` and
:mod:`skyjo.bots.reasons`, because both need them: a
:class:`~skyjo.bots.base.Decision` renders its English ``reason`` on first read,
and the reasons module builds decisions. With the two in one module beneath
them, neither imports the other (``tests/test_layers.py`` keeps the package free
of import loops).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from skyjo.i18n.catalogue import messages
from skyjo.i18n.messageformat import render

#: The English templates by key, from the ``bots`` domain of the locale folders
#: (``skyjo/i18n/locales/en/bots.arb``); the page reads the same domain in its language.
ENGLISH: Final = messages("bots", "en")


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose, as a catalogue key and its fields, e.g.
    ``Reason("bot.swap_saves", {"old": 11, "held": 2, "saved": 9})``.

    Field values are ints (cards, counts, percentages), floats already rounded to
    one decimal (expected points), or nested reasons for composed sentences
    ("takes the 3: then <placement>"); each language formats them its own way."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "fields": {...}}``; a nested reason is such an object too."""
        return {
            "key": self.key,
            "fields": {
                name: value.to_json() if isinstance(value, Reason) else value
                for name, value in self.fields.items()
            },
        }

    @classmethod
    def from_json(cls, data: object) -> Reason:
        """The mirror of :meth:`to_json`; anything else raises ``ValueError``."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            raise ValueError(f"not a bot reason: {data!r}")
        fields = data.get("fields", {})
        if not isinstance(fields, dict):
            raise ValueError(f"the fields of bot reason {data['key']!r} are not an object")
        parsed: dict[str, object] = {}
        for name, value in fields.items():
            if isinstance(value, dict):
                parsed[str(name)] = cls.from_json(value)
            elif isinstance(value, int | float | str) and not isinstance(value, bool):
                parsed[str(name)] = value
            else:
                raise ValueError(f"bot reason {data['key']!r} has a bad field {name!r}: {value!r}")
        return cls(data["key"], parsed)


def english(why: Reason) -> str:
    """The English sentence of ``why``: '-2' with a plain minus, '4.2' with a point."""
    fields = {name: _english_value(value) for name, value in why.fields.items()}
    return render(ENGLISH[why.key], fields, "en")


def _english_value(value: object) -> str:
    if isinstance(value, Reason):
        return english(value)
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)
