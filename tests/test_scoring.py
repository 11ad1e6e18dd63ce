"""The doubling rule and its options ``double_on_tie`` and ``double_nonpositive``,
checked against the seeds' worked examples."""

from __future__ import annotations

import random

import pytest

from skyjo import scoring
from skyjo.cards import full_deck
from skyjo.rules import ColumnRule, Rules
from skyjo.scoring import DoublingReason
from skyjo.state import Grid
from tests.builders import table
from tests.test_rules_round_end import JONAS, MIA, play_out_round_one

LENA, JONAS_SEAT, MIA_SEAT = 0, 1, 2

# Seed 001's score sheet: (finisher, raw sums of Lena, Jonas, Mia).
SEED_001_ROUNDS = [
    (MIA_SEAT, (9, 21, 14)),  # Mia 14, but Lena has 9: Mia writes 28
    (LENA, (4, 17, 12)),  # Lena ends alone with the lowest: unchanged
    (JONAS_SEAT, (13, 6, 6)),  # Jonas ends with 6, Mia also 6: a tie doubles, 12
    (LENA, (-3, 9, -5)),  # Lena ends with -3, Mia has -5: not above 0, stays -3
]


def test_seed_001_score_sheet() -> None:
    rules = Rules()
    sheet = [scoring.round_points(raw, finisher, rules) for finisher, raw in SEED_001_ROUNDS]
    assert sheet == [(9, 21, 28), (4, 17, 12), (13, 12, 6), (-3, 9, -5)]
    totals = tuple(sum(column) for column in zip(*sheet, strict=True))
    assert totals == (23, 59, 41)


@pytest.mark.parametrize(
    ("finisher", "raw", "reason", "doubled"),
    [
        (MIA_SEAT, (9, 21, 14), DoublingReason.UNDERCUT, True),
        (LENA, (4, 17, 12), DoublingReason.ALONE_LOWEST, False),
        (JONAS_SEAT, (13, 6, 6), DoublingReason.TIED, True),
        (LENA, (-3, 9, -5), DoublingReason.NOT_POSITIVE, False),
        (LENA, (0, 9, -5), DoublingReason.NOT_POSITIVE, False),
    ],
)
def test_the_verdict_says_why(
    finisher: int, raw: tuple[int, ...], reason: DoublingReason, doubled: bool
) -> None:
    verdict = scoring.judge_finisher(raw, finisher, Rules())
    assert (verdict.reason, verdict.doubled) == (reason, doubled)


def test_rivals_are_the_players_at_or_below_the_finisher() -> None:
    verdict = scoring.judge_finisher((5, 5, 3, 9), 0, Rules())
    assert verdict.rivals == (1, 2)


class TestDoubleOnTie:
    """Manual (seeds 001, 002, 003): a tie doubles. Seed 000's "common reading"
    says the finisher must merely not be beaten; ``double_on_tie=False``."""

    def test_a_tie_doubles_by_default(self) -> None:
        assert scoring.round_points((13, 6, 6), JONAS_SEAT, Rules()) == (13, 12, 6)

    def test_a_tie_is_forgiven_when_the_option_is_off(self) -> None:
        rules = Rules(double_on_tie=False)
        verdict = scoring.judge_finisher((13, 6, 6), JONAS_SEAT, rules)
        assert verdict.reason is DoublingReason.TIE_FORGIVEN and not verdict.doubled
        assert scoring.round_points((13, 6, 6), JONAS_SEAT, rules) == (13, 6, 6)

    def test_a_lower_score_still_doubles_when_the_option_is_off(self) -> None:
        assert scoring.round_points((9, 21, 14), MIA_SEAT, Rules(double_on_tie=False)) == (
            9,
            21,
            28,
        )

    @pytest.mark.parametrize(("option", "mia_points"), [(True, 28), (False, 14)])
    def test_in_a_played_round(self, option: bool, mia_points: int) -> None:
        # Lena's layout changed so that she also ends on 14, tying Mia.
        lena_14 = "6 2 0 0 / 2 0 1 [3] / 0 1 -1 [0]"
        state = table(
            [lena_14, JONAS, MIA],
            to_move=2,
            discard=[7, 4],
            draw=[12, 12, 12],
            rules=Rules(double_on_tie=option),
        )
        state, _ = play_out_round_one(state)
        assert state.results[-1].raw == (14, 21, 14)
        assert state.results[-1].points[MIA_SEAT] == mia_points


class TestDoubleNonpositive:
    """Manual (seeds 001, 002, 003, 000): only a score above 0 is doubled. Rule
    sites that omit that sentence double a negative score too (a gift):
    ``double_nonpositive=True``."""

    def test_a_negative_score_is_not_doubled_by_default(self) -> None:
        assert scoring.round_points((-3, 9, -5), LENA, Rules()) == (-3, 9, -5)

    def test_a_negative_score_is_doubled_when_the_option_is_on(self) -> None:
        rules = Rules(double_nonpositive=True)
        assert scoring.round_points((-3, 9, -5), LENA, rules) == (-6, 9, -5)
        assert scoring.judge_finisher((-3, 9, -5), LENA, rules).reason is DoublingReason.UNDERCUT

    def test_zero_stays_zero_either_way(self) -> None:
        for flag in (True, False):
            assert scoring.round_points((0, 9, -5), LENA, Rules(double_nonpositive=flag))[0] == 0

    def test_a_finisher_alone_lowest_is_never_doubled(self) -> None:
        rules = Rules(double_nonpositive=True)
        assert scoring.round_points((-3, 9, 5), LENA, rules) == (-3, 9, 5)


def test_winners_are_the_lowest_totals_and_ties_share() -> None:
    assert scoring.winners((23, 59, 41)) == (0,)
    assert scoring.winners((40, 59, 40)) == (0, 2)


def test_game_over_counts_exactly_the_target() -> None:
    assert scoring.is_game_over((100, 3), Rules())
    assert not scoring.is_game_over((99, 3), Rules())
    assert scoring.is_game_over((50, 3), Rules(target=50))


@pytest.mark.parametrize(
    ("sums", "starter"), [((6, 10), 1), ((10, 10, 3), 0), ((2, 7, 7), 1), ((-4, -3), 1)]
)
def test_first_round_starter(sums: tuple[int, ...], starter: int) -> None:
    assert scoring.first_round_starter(sums) == starter


class TestLayoutBounds:
    """The score pad refuses sums no layout can reach; the bounds depend on the
    column rule."""

    def test_with_the_column_rule_no_layout_sums_above_140_or_below_minus_17(self) -> None:
        # 140 = eight 12s and four 11s (a ninth 12 would make a column of three);
        # -17 = five -2 and seven -1, spread so no column holds three -1.
        assert scoring.layout_bounds(Rules()) == (-17, 140)

    def test_without_the_column_rule_ten_12s_and_two_11s_fit(self) -> None:
        assert scoring.layout_bounds(Rules(column_rule=ColumnRule.OFF)) == (-17, 142)

    def test_random_final_layouts_stay_inside_the_bounds(self) -> None:
        rng = random.Random(7)
        for column_rule in ColumnRule:
            rules = Rules(column_rule=column_rule)
            low, high = scoring.layout_bounds(rules)
            for _ in range(300):
                deck = list(full_deck())
                rng.shuffle(deck)
                grid = Grid.of(tuple(deck[:12]), (True,) * 12)
                for column in range(4):
                    value = grid.completed_column_value(column)
                    if value is not None and rules.removes_column(value):
                        grid = Grid.of(
                            grid.values,
                            grid.face_up,
                            tuple(r or p % 4 == column for p, r in enumerate(grid.removed)),
                        )
                assert low <= grid.total() <= high
