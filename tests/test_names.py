"""Names that read the same are the same name; a name must show something (issue 36,
item 5)."""

from __future__ import annotations

import pytest

from skyjo.names import name_key, visible


@pytest.mark.parametrize(
    "other",
    [
        "Ann\u200b",  # zero-width space
        "\u2060An\u200dn",  # word joiner, zero-width joiner
        "ANN",
        "Ａｎｎ",  # full-width letters
        "Ann\ufe0f",  # variation selector
        "\u202eAnn",  # right-to-left override
    ],
)
def test_names_that_read_as_ann_are_ann(other: str) -> None:
    assert name_key(other) == name_key("Ann")


@pytest.mark.parametrize("other", ["Anna", "An n", "Än", "Ann2"])
def test_names_that_read_differently_differ(other: str) -> None:
    assert name_key(other) != name_key("Ann")


def test_composed_and_decomposed_letters_are_the_same() -> None:
    assert name_key("Zo\u00eb") == name_key("Zoe\u0308")


@pytest.mark.parametrize(
    "name", ["", " ", "\u200b", "\u200b\u2060\ufeff", "\u3164\u115f", "\u2800", "\u00ad", "\u0301"]
)
def test_a_name_that_shows_nothing_is_not_visible(name: str) -> None:
    assert not visible(name)


@pytest.mark.parametrize("name", ["Ann", "Zoë", "李", "👨\u200d👩\u200d👧", "مهر\u200cناز", "x"])
def test_a_name_with_something_to_see_is_visible(name: str) -> None:
    assert visible(name)
