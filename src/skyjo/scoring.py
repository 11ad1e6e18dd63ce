"""Scoring: the doubling rule, game end, who starts, and the bounds of a layout.

This is the one implementation of these rules. The engine, the score pad and the
bots all call it, so a rule option changes every caller at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement

from skyjo.cards import CARD_VALUES, COLUMNS, DECK_COMPOSITION, ROWS
from skyjo.rules import Rules


class DoublingReason(StrEnum):
    """Why the finisher's round score was or was not doubled."""

    ALONE_LOWEST = "alone_lowest"
    """Nobody else has as few points: not doubled."""
    UNDERCUT = "undercut"
    """Someone has fewer points: doubled."""
    TIED = "tied"
    """Someone has exactly as many points and ties count against the finisher: doubled."""
    TIE_FORGIVEN = "tie_forgiven"
    """Someone ties, but ``double_on_tie`` is off: not doubled."""
    NOT_POSITIVE = "not_positive"
    """The finisher would be doubled, but the score is 0 or negative and
    ``double_nonpositive`` is off: not doubled."""


@dataclass(frozen=True, slots=True)
class Doubling:
    """The verdict on the finisher's score and the players that caused it
    (those with a score at or below the finisher's)."""

    doubled: bool
    reason: DoublingReason
    rivals: tuple[int, ...]


def judge_finisher(raw: Sequence[int], finisher: int, rules: Rules) -> Doubling:
    """Decide whether the finisher's raw round score is doubled, and why."""
    if not 0 <= finisher < len(raw):
        raise ValueError(f"finisher {finisher} is not a seat of a {len(raw)}-player round")
    mine = raw[finisher]
    lower = tuple(p for p, v in enumerate(raw) if p != finisher and v < mine)
    tied = tuple(p for p, v in enumerate(raw) if p != finisher and v == mine)
    if lower:
        reason, doubled = DoublingReason.UNDERCUT, True
    elif tied:
        reason = DoublingReason.TIED if rules.double_on_tie else DoublingReason.TIE_FORGIVEN
        doubled = rules.double_on_tie
    else:
        return Doubling(False, DoublingReason.ALONE_LOWEST, ())
    rivals = tuple(sorted(lower + tied))
    if doubled and mine <= 0 and not rules.double_nonpositive:
        return Doubling(False, DoublingReason.NOT_POSITIVE, rivals)
    return Doubling(doubled, reason, rivals)


def round_points(raw: Sequence[int], finisher: int, rules: Rules) -> tuple[int, ...]:
    """The points each player writes down for a round with these raw sums."""
    verdict = judge_finisher(raw, finisher, rules)
    return tuple(2 * v if (p == finisher and verdict.doubled) else v for p, v in enumerate(raw))


def is_game_over(totals: Sequence[int], rules: Rules) -> bool:
    """The game ends after a round in which anyone's total reaches the target
    (exactly the target counts)."""
    return any(t >= rules.target for t in totals)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total; equal lowest totals share the win."""
    best = min(totals)
    return tuple(p for p, t in enumerate(totals) if t == best)


def first_round_starter(opening_sums: Sequence[int]) -> int:
    """Who starts the first round: the highest sum of the two cards each player
    turned up (12 and -2 = 10 beats 4 and 2); a tie goes to the earliest seat."""
    if not opening_sums:
        raise ValueError("no players")
    best = max(opening_sums)
    return opening_sums.index(best)


@cache
def layout_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and highest sum a finished 12-card layout can have under ``rules``.

    The score pad uses these to refuse a sum no layout can reach. With the column
    rule on, for example, no layout sums above 140 (ten 12s cannot all lie in four
    columns without three in one) or below -17.

    Only the four most extreme card values can matter for either bound (there are
    enough of them to fill a grid without three equal in a column), so this
    enumerates every way to fill four columns with those values and keeps the
    ways the deck can supply."""
    return _extreme(rules, CARD_VALUES[:4], lowest=True), _extreme(
        rules, CARD_VALUES[-4:], lowest=False
    )


def _extreme(rules: Rules, values: Sequence[int], *, lowest: bool) -> int:
    columns = list(combinations_with_replacement(values, ROWS))

    def worth(column: tuple[int, ...]) -> int:
        if len(set(column)) == 1 and rules.removes_column(column[0]):
            return 0
        return sum(column)

    best: int | None = None
    for layout in combinations_with_replacement(columns, COLUMNS):
        used = Counter(v for column in layout for v in column)
        if any(n > DECK_COMPOSITION[v] for v, n in used.items()):
            continue
        total = sum(worth(column) for column in layout)
        if best is None or (total < best if lowest else total > best):
            best = total
    assert best is not None
    return best
