"""What every page's message catalogue shares: the languages, picking one from the
browser's preferences, a phrasebook that renders a message in the one message
format (:mod:`skyjo.messageformat`: named fields, plurals, persons, articles), and
the way a number is printed (a real minus sign for negative cards and scores).

The game page (``skyjo.ui.i18n``), the score pad (``skyjo.scorepad.messages``) and
the embeds each keep their own sentences; this module keeps the mechanics in one
place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from skyjo.messageformat import render

LANGUAGES: Final = ("en", "de", "nl", "fr", "es", "it")
LANGUAGE_NAMES: Final = {
    "en": "English",
    "de": "Deutsch",
    "nl": "Nederlands",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
}
DEFAULT_LANGUAGE: Final = "en"


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among the browser's preferences
    (``["nl-BE", "en"]`` -> ``"nl"``), else English."""
    for tag in preferred:
        base = tag.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def signed(value: int) -> str:
    """A card value or score as printed: a real minus sign for negative numbers."""
    return f"−{-value}" if value < 0 else str(value)


class Phrasebook:
    """One catalogue's messages in one language; an unknown language falls back to
    English. ``t(key, **fields)`` renders the message with its named fields."""

    def __init__(self, catalogue: Mapping[str, Mapping[str, str]], language: str) -> None:
        self.language = language if language in catalogue else DEFAULT_LANGUAGE
        self._messages: Mapping[str, str] = catalogue[self.language]
        self._english: Mapping[str, str] = catalogue[DEFAULT_LANGUAGE]

    def t(self, key: str, **fields: object) -> str:
        """The message ``key`` with its named fields filled in. A key this language
        lacks (a message added since it was translated) is said in English rather
        than failing; the catalogue tests make sure none is missing."""
        template = self._messages.get(key)
        language = self.language
        if template is None:
            template, language = self._english[key], DEFAULT_LANGUAGE
        return render(template, fields, language)
