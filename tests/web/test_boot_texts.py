"""The start-up texts (shown before Python runs): every language's table for the
build, the site menu naming every page, and English for a language without."""

from __future__ import annotations

from skyjo.i18n.language import LANGUAGES
from skyjo.web.boot_texts import MENU, boot_text, table


def test_the_build_stamps_every_language_with_the_same_keys() -> None:
    texts = table()
    assert list(texts) == list(LANGUAGES)
    assert all(list(texts[language]) == list(texts["en"]) for language in LANGUAGES)
    assert texts["de"]["play"] == "Spielen" and texts["en"]["play"] == "Play"


def test_the_menu_links_every_page_in_every_language() -> None:
    assert [href for _, href in MENU] == ["./", "rules.html", "scorepad.html", "replay.html"]
    for language in LANGUAGES:
        names = [boot_text(language, key) for key, _ in MENU]
        assert len(set(names)) == len(names), language


def test_an_unknown_language_falls_back_to_english() -> None:
    assert boot_text("xx", "play") == boot_text("en", "play") == "Play"
    assert boot_text("../en", "play") == "Play"  # not a code: no file is opened for it
