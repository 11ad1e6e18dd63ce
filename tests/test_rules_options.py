"""Rule options as data: parsing, defaults, presets and their errors."""

from __future__ import annotations

import pytest

from skyjo.errors import RulesError
from skyjo.rules import PRESETS, ColumnRule, Rules, preset


def test_defaults_follow_the_magilano_manual() -> None:
    rules = Rules()
    assert rules.target == 100
    assert rules.column_rule is ColumnRule.ALL
    assert rules.double_on_tie is True
    assert rules.double_nonpositive is False


def test_missing_keys_take_defaults() -> None:
    assert Rules.from_dict({"target": 50}) == Rules(target=50)
    assert Rules.from_dict({}) == Rules()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"targett": 50}, "unknown rule option 'targett'"),
        ({"column_rule": "sometimes"}, "'column_rule' must be one of"),
        ({"double_on_tie": "yes"}, "'double_on_tie' must be true or false"),
        ({"double_nonpositive": 1}, "'double_nonpositive' must be true or false"),
        ({"target": 12.5}, "'target' must be a positive integer"),
    ],
)
def test_bad_options_are_named(data: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(data)


def test_options_from_command_line_text() -> None:
    rules = Rules().with_option("target", "150").with_option("double_on_tie", "false")
    assert rules == Rules(target=150, double_on_tie=False)
    assert (
        Rules().with_option("column_rule", "keep_negative").column_rule is ColumnRule.KEEP_NEGATIVE
    )
    with pytest.raises(RulesError, match="'target'"):
        Rules().with_option("target", "lots")


def test_presets_by_name() -> None:
    assert preset("magilano") == Rules()
    assert preset("short").target == 50
    with pytest.raises(RulesError, match="known: "):
        preset("nope")
    assert all(isinstance(r, Rules) for r in PRESETS.values())
