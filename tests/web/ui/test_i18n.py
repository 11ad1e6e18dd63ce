"""The game page's words: its Translator, lists of names, default names."""

from __future__ import annotations

from skyjo.web.ui.i18n import DEFAULT_NAMES, LANGUAGES, Translator, card_text, pick_language


def test_browser_languages_pick_the_first_supported() -> None:
    assert pick_language(["nl-BE", "en-US"]) == "nl"
    assert pick_language(["pt-BR", "de-AT"]) == "de"
    assert pick_language(["fr-CH", "de"]) == "fr"
    assert pick_language(["pt", "ja"]) == "en"
    assert pick_language([]) == "en"


def test_negative_cards_use_a_real_minus_sign() -> None:
    assert card_text(-2) == "−2" and card_text(0) == "0" and card_text(12) == "12"


def test_lists_of_names_follow_the_language() -> None:
    assert Translator("en").names_list(["Anna", "Ben", "Cem"]) == "Anna, Ben and Cem"
    assert Translator("de").names_list(["Anna", "Ben"]) == "Anna und Ben"
    assert Translator("nl").names_list(["Anna"]) == "Anna"


def test_default_names_fill_eight_seats_in_each_language() -> None:
    assert all(len(set(DEFAULT_NAMES[lang])) == 8 for lang in LANGUAGES)


def test_an_unknown_language_falls_back_to_english() -> None:
    assert Translator("xx").t("table.round", n=2) == "Round 2"
