"""The score pad's words: the model's data phrased in each language."""

from __future__ import annotations

import pytest

from skyjo.web.scorepad.errors import FinisherError, SumOutOfBoundsError
from skyjo.web.scorepad.messages import LANGUAGES, Messages, pick_language
from skyjo.web.scorepad.sheet import describe, score_sheet
from tests.web.scorepad.seed import seed_pad


def test_english_explanations_agree_with_the_models_phrasing() -> None:
    # describe() is the model's English; the page's catalogue must say the same.
    for line in score_sheet(seed_pad()).lines:
        model_text = describe(line.explanation).replace("-", "−")
        assert Messages("en").explanation(line.explanation) == model_text + "."


@pytest.mark.parametrize("language", LANGUAGES)
def test_explanations_name_the_players_in_every_language(language: str) -> None:
    line = score_sheet(seed_pad()).lines[2]  # Jonas 6, Mia also 6: doubled to 12
    text = Messages(language).explanation(line.explanation)
    assert "Jonas" in text and "Mia" in text and "12" in text


def test_errors_are_phrased_from_their_attributes() -> None:
    m = Messages("de")
    out = SumOutOfBoundsError(
        "x", round_number=1, seat=0, player="Lena", value=141, low=-17, high=140
    )
    assert m.error(out) == (
        "141 ist für Lena nicht möglich: nach diesen Regeln ergibt eine Auslage −17 bis 140."
    )
    assert "Markiere" in m.error(FinisherError("x", round_number=1, finishers=()))
    assert "Nur ein" in m.error(FinisherError("x", round_number=1, finishers=(0, 1)))


def test_browser_languages_pick_the_first_supported() -> None:
    assert pick_language(["nl-BE", "en"]) == "nl"
    assert pick_language(["pt", "de-AT"]) == "de"
    assert pick_language([]) == "en"
