"""Plural categories, articles and persons, against examples written by hand from
the CLDR charts and grammar books (not from the code)."""

from __future__ import annotations

import pytest

from skyjo.i18n.grammar import Person, definite, indefinite, plural_category

# (language, number, category): the CLDR chart's examples for each category.
PLURALS = [
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("en", "1.0", "other"),
    ("de", 1, "one"), ("de", 0, "other"), ("de", 1_000_000, "other"),
    ("nl", 1, "one"), ("nl", 21, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", "1,5", "one"), ("fr", 2, "other"),
    ("fr", 1_000_000, "many"), ("fr", 2_000_000, "many"), ("fr", 1_000_001, "other"),
    ("es", 1, "one"), ("es", 0, "other"), ("es", "1,0", "one"), ("es", 1_000_000, "many"),
    ("it", 1, "one"), ("it", 0, "other"), ("it", "1,0", "other"), ("it", 1_000_000, "many"),
    ("en", -1, "one"), ("fr", "−1", "one"), ("de", 4.5, "other"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "number", "category"), PLURALS)
def test_plural_categories_follow_cldr(language: str, number: object, category: str) -> None:
    assert plural_category(language, number) == category


@pytest.mark.parametrize(
    ("language", "number", "phrase"),
    [
        ("en", 4, "a 4"), ("en", 8, "an 8"), ("en", 11, "an 11"), ("en", 18, "an 18"),
        ("en", -1, "a −1"), ("en", 0, "a 0"), ("en", 80, "an 80"), ("en", 1, "a 1"),
        ("de", 8, "eine 8"), ("nl", 11, "een 11"), ("fr", 8, "un 8"), ("es", 11, "un 11"),
        ("it", 8, "un 8"), ("it", 11, "un 11"), ("it", 0, "uno 0"), ("it", -2, "un −2"),
        ("en", "−2", "a −2"),
    ],
)  # fmt: skip
def test_indefinite_articles_depend_on_the_number(
    language: str, number: object, phrase: str
) -> None:
    assert indefinite(language, number) == phrase


@pytest.mark.parametrize(
    ("language", "number", "phrase"),
    [
        ("en", 8, "the 8"), ("de", 8, "die 8"), ("nl", 8, "de 8"), ("fr", 8, "le 8"),
        ("fr", 11, "le 11"), ("es", 8, "el 8"), ("it", 4, "il 4"), ("it", 8, "l'8"),
        ("it", 11, "l'11"), ("it", 1, "l'1"), ("it", 0, "lo 0"), ("it", -1, "il −1"),
        ("it", 12, "il 12"),
    ],
)  # fmt: skip
def test_definite_articles_depend_on_the_number(language: str, number: object, phrase: str) -> None:
    assert definite(language, number) == phrase


def test_a_person_prints_its_name_and_knows_its_branch() -> None:
    assert str(Person("Ben")) == "Ben" and Person("Ben").person == "other"
    assert Person("You", you=True).person == "you"
    assert Person("Ann and Ben", several=True).person == "several"


def test_a_non_number_is_refused_with_its_value() -> None:
    with pytest.raises(ValueError, match="'Ben' is not a number"):
        plural_category("en", "Ben")
