"""The start-up texts (shown before Python runs) exist in every language, with the
same keys, and the site menu names every page."""

from __future__ import annotations

from skyjo.boot_texts import BOOT_TEXTS, MENU, boot_text
from skyjo.language import LANGUAGES


def test_every_language_has_every_text() -> None:
    keys = set(BOOT_TEXTS["en"])
    for language in LANGUAGES:
        assert set(BOOT_TEXTS[language]) == keys, language
        assert all(text.strip() for text in BOOT_TEXTS[language].values()), language


def test_the_menu_links_every_page_in_every_language() -> None:
    assert [href for _, href in MENU] == ["./", "rules.html", "scorepad.html", "replay.html"]
    for language in LANGUAGES:
        names = [boot_text(language, key) for key, _ in MENU]
        assert len(set(names)) == len(names), language


def test_an_unknown_language_falls_back_to_english() -> None:
    assert boot_text("xx", "play") == boot_text("en", "play") == "Play"
