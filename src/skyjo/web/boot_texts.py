"""What every page says before Python runs: its loading message, the "starting…"
note for a control pressed early, the light preview's "Play", the site menu, and
the page's own words around what Python paints (the game's tagline, footers).

These sentences are the ``boot`` domain of the locale folders
(``skyjo/i18n/locales/<code>/boot.arb``): plain text without fields. A tiny inline
script in each page's ``<head>`` shows them (the build stamps :func:`table` in as
JSON), in the language it picks from the saved choice and
``navigator.languages``, so the first paint already speaks the reader's language
and ``<html lang>`` is right before any other script runs. Python's own
catalogues take over once it has started.

Keys: ``loading.<page>`` for each page kind (what is loading and how big),
``starting`` (a control was pressed before Python was ready), ``play`` and
``preview`` (an embed that cannot be drawn without Python), ``menu.*``, and the
words of the pages around what Python paints (``tagline``, ``footer.*``): they
follow the page's language when it changes (``site/boot-lang.js``).
"""

from __future__ import annotations

from typing import Final

from skyjo.i18n.catalogue import has_language, messages
from skyjo.i18n.language import DEFAULT_LANGUAGE, LANGUAGES

#: The site menu: (text key, page), in the order shown.
MENU: Final = (
    ("menu.game", "./"),
    ("menu.rules", "rules.html"),
    ("menu.scorepad", "scorepad.html"),
    ("menu.replay", "replay.html"),
)


def boot_text(language: str, key: str) -> str:
    """One sentence in ``language`` (English when the language has none)."""
    text = messages("boot", language).get(key) if has_language(language) else None
    return text if text is not None else messages("boot", DEFAULT_LANGUAGE)[key]


def table() -> dict[str, dict[str, str]]:
    """Every language's start-up texts, for the build to stamp into each page."""
    return {language: dict(messages("boot", language)) for language in LANGUAGES}


__all__ = ["LANGUAGES", "MENU", "boot_text", "table"]
