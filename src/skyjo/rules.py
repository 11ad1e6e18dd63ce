"""Rule options: every point on which the rule texts disagree is a named option.

``Rules()`` is the Magilano manual as the seeds quote it. Each option is data (a
field of a frozen dataclass), so the UI can list them, records can store them and
tests can take them one at a time; no code outside the engine asks "which variant
is this?".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any, Final

from skyjo.errors import RulesError, quoted


class ColumnRule(StrEnum):
    """What happens to a column of three face-up cards of equal value."""

    ALL = "all"
    """Every such column is removed, whatever the value (the manual)."""
    KEEP_NEGATIVE = "keep_negative"
    """Columns of three -1 or three -2 stay (a house rule, seed 003)."""
    OFF = "off"
    """No column is ever removed (seed 004 calls the column rule optional)."""


TARGET_PRESETS: Final = (50, 100, 150, 200)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of one game. Defaults follow the Magilano manual.

    - ``target``: the game ends after a round in which someone's total reaches
      this many points (exactly the target counts).
    - ``column_rule``: see :class:`ColumnRule`.
    - ``double_on_tie``: the finisher is doubled when another player ties their
      round score (manual: yes; many summaries: no, only a strictly lower score).
    - ``double_nonpositive``: the finisher's score is doubled even when it is 0 or
      negative (manual: no, doubling only applies above 0; some rule sites omit
      that sentence, which makes a negative score a reward).
    """

    target: int = 100
    column_rule: ColumnRule = ColumnRule.ALL
    double_on_tie: bool = True
    double_nonpositive: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(
                f"rule 'target' must be a positive integer, not {quoted(repr(self.target))}"
            )
        if not isinstance(self.column_rule, ColumnRule):
            object.__setattr__(self, "column_rule", _parse_column_rule(self.column_rule))
        for name in ("double_on_tie", "double_nonpositive"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    f"rule {name!r} must be true or false, not {quoted(repr(getattr(self, name)))}"
                )

    def removes_column(self, value: int) -> bool:
        """Whether a column of three face-up cards showing ``value`` is removed."""
        if self.column_rule is ColumnRule.ALL:
            return True
        if self.column_rule is ColumnRule.KEEP_NEGATIVE:
            return value >= 0
        return False

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in game records: ``{"target": 100, ...}``."""
        data = asdict(self)
        data["column_rule"] = self.column_rule.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Parse the JSON form; missing keys take their defaults.

        Unknown keys and wrong values raise :class:`RulesError` naming the key."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object of rule options, not {quoted(repr(data))}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(
                    f"unknown rule option {quoted(repr(key))} (known: {', '.join(sorted(known))})"
                )
        return cls(**dict(data))

    def with_option(self, key: str, text: str) -> Rules:
        """A copy with one option set from text, as typed on a command line (``target=50``)."""
        value: Any
        if key == "target":
            try:
                value = int(text)
            except ValueError:
                raise RulesError(
                    f"rule 'target' must be a positive integer, not {text!r}"
                ) from None
        elif key in ("double_on_tie", "double_nonpositive"):
            lowered = text.strip().lower()
            if lowered not in ("true", "false", "1", "0", "yes", "no"):
                raise RulesError(f"rule {key!r} must be true or false, not {text!r}")
            value = lowered in ("true", "1", "yes")
        else:
            value = text
        return Rules.from_dict({**self.to_dict(), key: value})


def _parse_column_rule(value: object) -> ColumnRule:
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return ColumnRule(value)
    except ValueError:
        allowed = ", ".join(repr(c.value) for c in ColumnRule)
        raise RulesError(
            f"rule 'column_rule' must be one of {allowed}, not {quoted(repr(value))}"
        ) from None


#: Named rule sets, for menus and the command line.
PRESETS: Final[dict[str, Rules]] = {
    "magilano": Rules(),
    "short": Rules(target=50),
    "strict_lowest": Rules(double_on_tie=False),
    "keep_negative_columns": Rules(column_rule=ColumnRule.KEEP_NEGATIVE),
    "no_columns": Rules(column_rule=ColumnRule.OFF),
}


def preset(name: str) -> Rules:
    """A named rule set; an unknown name raises :class:`RulesError` listing the known ones."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            f"unknown rule preset {name!r} (known: {', '.join(sorted(PRESETS))})"
        ) from None
