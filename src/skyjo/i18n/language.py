"""The site's languages: which there are, each one's name and default seat names,
picking one from the reader's saved choice or the browser's preferences, and the
way a number is printed (a real minus sign for negative cards and scores).

This is the language list: a language is added here (its code, its name, the
names a new table starts with), in :mod:`skyjo.i18n.grammar` (plural rules and
articles) and as one folder of messages, ``skyjo/i18n/locales/<code>/``, which
:mod:`skyjo.i18n.catalogue` reads (``docs/translating.md`` shows the steps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

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
#: Names a new table starts with, per language (seat 0 is the person at the device).
#: Kept here rather than in the locale folders because every page needs every
#: language's first name (:data:`YOU_NAMES`), while it reads only its own folder.
DEFAULT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("You", "Alex", "Sam", "Robin", "Kim", "Jo", "Charlie", "Max"),
    "de": ("Du", "Anna", "Ben", "Mia", "Jonas", "Lena", "Paul", "Emma"),
    "nl": ("Jij", "Daan", "Sanne", "Lotte", "Bram", "Femke", "Jesse", "Noor"),
    "fr": ("Toi", "Léa", "Hugo", "Chloé", "Louis", "Manon", "Jules", "Camille"),
    "es": ("Tú", "Lucía", "Hugo", "Martina", "Pablo", "Sofía", "Mateo", "Valeria"),
    "it": ("Tu", "Giulia", "Marco", "Sofia", "Luca", "Chiara", "Matteo", "Sara"),
}
#: The default name of the person at the device in every language ("You", "Du"...):
#: a player still called so is spoken to in the second person wherever they appear
#: (pass and play, a replayed game, an embed), never "You holds".
YOU_NAMES: Final = frozenset(names[0] for names in DEFAULT_NAMES.values())
#: Where the reader's one choice of language for the whole site is kept: the game
#: page, the score pad and the rules page write it, every page reads it.
SAVED_LANGUAGE_KEY: Final = "skyjo.language"
#: Where a page kept its own choice before there was one for the site (the score
#: pad's), read after the site's: a reader who chose there keeps that language.
OLDER_LANGUAGE_KEYS: Final = ("skyjo-scorepad-language",)
#: The same keys in order, for the pages' first script (``lang-from: saved`` in a
#: page's header, ``sitebuild.pages``).
SAVED_LANGUAGE_KEYS: Final = (SAVED_LANGUAGE_KEY, *OLDER_LANGUAGE_KEYS)


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among the browser's preferences
    (``["nl-BE", "en"]`` -> ``"nl"``), else English."""
    for tag in preferred:
        base = tag.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def saved_language(get: Callable[[str], str | None]) -> str | None:
    """The language the reader chose on any page of the site, if one is saved:
    ``get`` reads a key of the device's storage (None when missing)."""
    for key in SAVED_LANGUAGE_KEYS:
        value = get(key)
        if value in LANGUAGES:
            return value
    return None


def signed(value: int) -> str:
    """A card value or score as printed: a real minus sign for negative numbers."""
    return f"−{-value}" if value < 0 else str(value)
