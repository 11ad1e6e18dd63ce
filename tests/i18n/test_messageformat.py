"""The catalogues' message format: fields, articles, plurals, persons, selects."""

from __future__ import annotations

import pytest

from skyjo.i18n.grammar import Person
from skyjo.i18n.messageformat import MessageSyntaxError, fields, render

HELD = "{name, person, you {You hold} other {{name} holds}} {card, a}."
ROUNDS = "{n, plural, =0 {no round yet} one {# round} other {# rounds}}"


def test_plain_fields_print_names_and_numbers() -> None:
    assert render("{a} {b} {c}", {"a": Person("Ben"), "b": -2, "c": 4.25}, "en") == "Ben −2 4.2"
    assert render("{c}", {"c": -0.5}, "de") == "−0,5"


def test_the_person_at_the_device_is_addressed() -> None:
    assert render(HELD, {"name": Person("You", you=True), "card": 8}, "en") == "You hold an 8."
    assert render(HELD, {"name": Person("Ben"), "card": 4}, "en") == "Ben holds a 4."
    assert render(HELD, {"name": "Ben", "card": "11"}, "en") == "Ben holds an 11."


def test_plurals_pick_exact_numbers_then_categories() -> None:
    assert [render(ROUNDS, {"n": n}, "en") for n in (0, 1, 2)] == [
        "no round yet",
        "1 round",
        "2 rounds",
    ]
    french = "{n, plural, one {# manche} other {# manches}}"
    assert render(french, {"n": 0}, "fr") == "0 manche"


def test_pound_belongs_to_the_nearest_plural_also_inside_a_person() -> None:
    text = "{n, plural, one {{who, person, you {you have # card} other {# card}}} other {# cards}}"
    assert render(text, {"n": 1, "who": Person("x", you=True)}, "en") == "you have 1 card"
    assert render("# {n}", {"n": 3}, "en") == "# 3"


def test_select_falls_back_to_other() -> None:
    text = "{rule, select, all {every column} other {no column}}"
    assert render(text, {"rule": "all"}, "en") == "every column"
    assert render(text, {"rule": "off"}, "en") == "no column"


def test_fields_lists_nested_names() -> None:
    assert fields(HELD) == {"name", "card"}
    assert fields(ROUNDS) == {"n"}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{name", "expected ',' or '}' after 'name' at character 5"),
        ("a } b", "unmatched '}'"),
        ("{n, plural, one {x}}", "no 'other' branch"),
        ("{n, number}", "unknown kind 'number'"),
        ("{1x}", "a field name"),
    ],
)
def test_malformed_messages_say_what_and_where(text: str, where: str) -> None:
    with pytest.raises(MessageSyntaxError, match=where):
        render(text, {"n": 1, "name": "x"}, "en")


def test_a_missing_field_is_named() -> None:
    with pytest.raises(KeyError, match="card"):
        render(HELD, {"name": "Ben"}, "en")
