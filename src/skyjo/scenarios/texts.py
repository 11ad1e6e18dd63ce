"""Placeholder."""

from typing import Final

LANGUAGES: Final = ("en", "de", "nl")
TEXTS: Final[dict[str, dict[str, str]]] = {"en": {}, "de": {}, "nl": {}}


def catalogue(language: str) -> dict[str, str]:
    return dict(TEXTS[language])
