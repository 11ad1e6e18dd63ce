"""Each rule option changes the pad's result as it should, on seed 001's rounds.

Expected values are worked out by hand from the seed's raw sums."""

from __future__ import annotations

import pytest

from skyjo.rules import ColumnRule, Rules
from skyjo.scoring import DoublingReason
from skyjo.web.scorepad.errors import GameOverError, SumOutOfBoundsError
from skyjo.web.scorepad.model import RoundDraft, change_rules, enter_round, new_pad
from skyjo.web.scorepad.sheet import describe, score_sheet
from tests.web.scorepad.seed import JONAS, LENA, PLAYERS, SEED_ROUNDS, played, seed_pad


class TestDoubleOnTie:
    def test_off_forgives_jonas_tie(self) -> None:
        sheet = score_sheet(seed_pad(double_on_tie=False))
        third = sheet.lines[2]
        assert third.points == (13, 6, 6)
        assert third.explanation.reason is DoublingReason.TIE_FORGIVEN
        assert not third.explanation.mark_changes_points
        assert sheet.totals == (23, 53, 41)

    def test_off_still_doubles_when_undercut(self) -> None:
        assert score_sheet(seed_pad(double_on_tie=False)).lines[0].points == (9, 21, 28)

    def test_phrase(self) -> None:
        line = score_sheet(seed_pad(double_on_tie=False)).lines[2]
        assert describe(line.explanation) == (
            "Jonas ended with 6, Mia also has 6: a tie is not doubled under these rules, stays 6"
        )


class TestDoubleNonpositive:
    def test_on_doubles_lenas_minus_three(self) -> None:
        sheet = score_sheet(seed_pad(double_nonpositive=True))
        assert sheet.lines[3].points == (-6, 9, -5)
        assert sheet.lines[3].explanation.reason is DoublingReason.UNDERCUT
        assert sheet.totals == (20, 59, 41)

    def test_zero_is_not_doubled_by_default_but_is_with_the_option(self) -> None:
        rounds = [((0, 5, -1), LENA)]
        assert score_sheet(played(new_pad(PLAYERS), rounds)).totals == (0, 5, -1)
        pad = played(new_pad(PLAYERS, Rules(double_nonpositive=True)), rounds)
        # 0 doubled is still 0, but the verdict says it was doubled.
        assert score_sheet(pad).lines[0].explanation.doubled


class TestTarget:
    def test_exactly_the_target_ends_the_game(self) -> None:
        # After round 3 Jonas has exactly 50.
        pad = played(new_pad(PLAYERS, Rules(target=50)), SEED_ROUNDS[:3])
        sheet = score_sheet(pad)
        assert sheet.totals == (26, 50, 46)
        assert sheet.game_over and sheet.reached_target == (JONAS,)
        assert sheet.lines[-1].ends_game
        assert sheet.winners == (LENA,)

    def test_no_round_after_the_end(self) -> None:
        pad = played(new_pad(PLAYERS, Rules(target=50)), SEED_ROUNDS[:3])
        with pytest.raises(GameOverError, match=r"ended after round 3 \(Jonas has 50, target 50\)"):
            enter_round(pad, RoundDraft.of(SEED_ROUNDS[3][0], SEED_ROUNDS[3][1]))

    def test_one_above_the_reached_total_plays_on(self) -> None:
        pad = played(new_pad(PLAYERS, Rules(target=51)), SEED_ROUNDS[:3])
        assert not score_sheet(pad).game_over
        sheet = score_sheet(played(pad, SEED_ROUNDS[3:]))
        assert sheet.game_over and sheet.winners == (LENA,)

    def test_lowering_the_target_below_a_past_end_is_refused(self) -> None:
        pad = seed_pad()
        with pytest.raises(GameOverError, match=r"ended after round 3 .* but round 4 follows it"):
            change_rules(pad, Rules(target=50))
        assert score_sheet(pad).totals == (23, 59, 41)

    def test_lowering_the_target_to_the_last_round_ends_the_game(self) -> None:
        sheet = score_sheet(change_rules(seed_pad(), Rules(target=59)))
        assert sheet.game_over and sheet.winners == (LENA,)


class TestColumnRuleBounds:
    """The bounds come from scoring.layout_bounds: with columns removed no layout
    sums above 140; with the column rule off, 142 (ten 12s and two 11s)."""

    def enter(self, rules: Rules, sum_for_jonas: int) -> None:
        enter_round(new_pad(PLAYERS, rules), RoundDraft.of((5, sum_for_jonas, 7), LENA))

    def test_141_refused_with_columns_removed(self) -> None:
        with pytest.raises(SumOutOfBoundsError) as caught:
            self.enter(Rules(), 141)
        error = caught.value
        assert str(error) == (
            "round 1: Jonas's sum 141 is not possible: "
            "under these rule options a layout sums to -17 to 140"
        )
        assert (error.player, error.seat, error.round_number) == ("Jonas", JONAS, 1)
        assert (error.value, error.low, error.high) == (141, -17, 140)

    @pytest.mark.parametrize("rule", [ColumnRule.ALL, ColumnRule.KEEP_NEGATIVE])
    def test_140_allowed_whenever_columns_go(self, rule: ColumnRule) -> None:
        self.enter(Rules(column_rule=rule), 140)

    def test_141_refused_keeping_negative_columns(self) -> None:
        with pytest.raises(SumOutOfBoundsError):
            self.enter(Rules(column_rule=ColumnRule.KEEP_NEGATIVE), 141)

    def test_142_allowed_with_the_column_rule_off(self) -> None:
        self.enter(Rules(column_rule=ColumnRule.OFF), 141)
        self.enter(Rules(column_rule=ColumnRule.OFF), 142)

    def test_143_refused_even_with_the_column_rule_off(self) -> None:
        with pytest.raises(SumOutOfBoundsError, match="-17 to 142"):
            self.enter(Rules(column_rule=ColumnRule.OFF), 143)

    @pytest.mark.parametrize("rule", list(ColumnRule))
    def test_minus_17_allowed_minus_18_refused(self, rule: ColumnRule) -> None:
        self.enter(Rules(column_rule=rule), -17)
        with pytest.raises(SumOutOfBoundsError, match="Jonas's sum -18"):
            self.enter(Rules(column_rule=rule), -18)

    def test_turning_the_column_rule_on_refuses_a_past_142(self) -> None:
        pad = played(new_pad(PLAYERS, Rules(column_rule=ColumnRule.OFF)), [((5, 142, 7), LENA)])
        with pytest.raises(SumOutOfBoundsError, match="round 1: Jonas's sum 142"):
            change_rules(pad, Rules())
