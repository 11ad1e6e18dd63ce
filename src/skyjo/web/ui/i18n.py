"""The game page's words: a :class:`Translator` renders its messages (the ``game``
domain, and the bots' reasons in ``bots``) in one language, from the locale
folders (``skyjo/i18n/locales/<code>/game.arb``; see :mod:`skyjo.i18n.catalogue`).

Sentences are whole templates with named fields (``{name}``, ``{card}``), never
pieces glued together, so each language can order its words as its grammar wants.
Numbers and names are data passed in, formatted here (a real minus sign for
negative cards). The build checks every language against English, and
``tests/i18n/test_catalogues.py`` renders every message in every language.
"""

from __future__ import annotations

from typing import ClassVar

from skyjo.i18n.catalogue import Catalogue
from skyjo.i18n.language import (
    DEFAULT_LANGUAGE,
    DEFAULT_NAMES,
    LANGUAGE_NAMES,
    LANGUAGES,
    YOU_NAMES,
    pick_language,
)
from skyjo.i18n.language import signed as card_text


def decimal_text(value: float, language: str) -> str:
    """One decimal in ``language``'s style: '−0.5' (en), '−0,5' (the others)."""
    text = f"{value:.1f}".replace("-", "−")
    return text if language == "en" else text.replace(".", ",")


class Translator(Catalogue):
    """The page's messages in one language. ``t("table.round", n=3)`` -> ``"Round 3"``.

    ``you`` is the name of the person at the device (the only person playing
    against bots), if there is one: a name field holding it, or holding a default
    "you" name of any language (:data:`YOU_NAMES`), is said in the second person
    ("You hold an 8", not "You holds a 8"); see :class:`skyjo.i18n.grammar.Person`."""

    DOMAINS: ClassVar[tuple[str, ...]] = ("game", "bots")

    def __init__(self, language: str, *, you: str | None = None) -> None:
        super().__init__(language, you=YOU_NAMES if you is None else YOU_NAMES | {you})
        self.you = you

    def decimal(self, value: float) -> str:
        """An expected value with one decimal: '4.2' in English, '4,2' in German
        and Dutch, with a real minus sign."""
        return decimal_text(value, self.language)

    def names_list(self, names: list[str]) -> str:
        """``["A", "B", "C"]`` -> ``"A, B and C"`` in this language."""
        if len(names) == 1:
            return names[0]
        return self.t("end.and", first=", ".join(names[:-1]), last=names[-1])


__all__ = [
    "DEFAULT_LANGUAGE",
    "DEFAULT_NAMES",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "YOU_NAMES",
    "Translator",
    "card_text",
    "decimal_text",
    "pick_language",
]
