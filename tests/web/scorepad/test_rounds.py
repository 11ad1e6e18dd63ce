"""Entering, correcting and deleting rounds; what the pad refuses, and that a
refusal leaves the pad as it was."""

from __future__ import annotations

import pytest

from skyjo.rules import Rules
from skyjo.web.scorepad.errors import (
    FinisherError,
    GameOverError,
    MissingSumError,
    PlayersError,
    RoundError,
)
from skyjo.web.scorepad.model import (
    RoundDraft,
    add_player,
    correct_round,
    delete_round,
    enter_round,
    move_player,
    new_pad,
    remove_player,
    rename_player,
)
from skyjo.web.scorepad.sheet import score_sheet
from tests.web.scorepad.seed import JONAS, LENA, MIA, PLAYERS, SEED_ROUNDS, played, seed_pad


class TestFinisher:
    def test_two_finishers_refused_by_name(self) -> None:
        pad = played(new_pad(PLAYERS), SEED_ROUNDS[:1])
        with pytest.raises(FinisherError) as caught:
            enter_round(pad, RoundDraft((4, 17, 12), (LENA, MIA)))
        assert str(caught.value) == (
            "round 2: Lena and Mia are all marked as having ended the round; "
            "only one player can end it"
        )
        assert caught.value.finishers == (LENA, MIA)
        assert len(pad.rounds) == 1

    def test_a_round_needs_its_finisher(self) -> None:
        with pytest.raises(FinisherError, match="round 1: nobody is marked"):
            enter_round(new_pad(PLAYERS), RoundDraft((4, 17, 12)))

    def test_a_finisher_outside_the_table(self) -> None:
        with pytest.raises(FinisherError, match="seat 3 cannot have ended"):
            enter_round(new_pad(PLAYERS), RoundDraft((4, 17, 12), (3,)))

    def test_the_same_mark_twice_is_one_finisher(self) -> None:
        pad = enter_round(new_pad(PLAYERS), RoundDraft((4, 17, 12), (LENA, LENA)))
        assert pad.rounds[0].finisher == LENA


class TestSums:
    def test_a_missing_sum_names_the_player(self) -> None:
        with pytest.raises(MissingSumError, match="round 1: no sum for Jonas yet") as caught:
            enter_round(new_pad(PLAYERS), RoundDraft((4, None, 12), (LENA,)))
        assert caught.value.seat == JONAS

    def test_a_sum_per_player(self) -> None:
        with pytest.raises(RoundError, match=r"2 sums for 3 players \(Lena, Jonas, Mia\)"):
            enter_round(new_pad(PLAYERS), RoundDraft((4, 17), (LENA,)))


class TestCorrection:
    def test_correcting_round_one_recomputes_every_total_and_the_leader(self) -> None:
        # Mia's layout really counted 8: now she ends alone with the lowest, no doubling.
        pad = correct_round(seed_pad(), 1, RoundDraft.of((9, 21, 8), MIA))
        sheet = score_sheet(pad)
        assert sheet.lines[0].points == (9, 21, 8)
        assert [line.totals[MIA] for line in sheet.lines] == [8, 20, 26, 21]
        assert sheet.totals == (23, 59, 21)
        assert sheet.leaders == (MIA,)

    def test_correcting_the_finisher_changes_who_is_doubled(self) -> None:
        # Round 3 was ended by Mia, not Jonas: Mia's 6 ties Jonas's and doubles.
        sheet = score_sheet(correct_round(seed_pad(), 3, RoundDraft.of((13, 6, 6), MIA)))
        assert sheet.lines[2].points == (13, 6, 12)
        assert sheet.totals == (23, 53, 47)

    def test_a_correction_can_end_the_game(self) -> None:
        # Jonas has 50 before round 4; 50 in round 4 makes exactly 100.
        sheet = score_sheet(correct_round(seed_pad(), 4, RoundDraft.of((-3, 50, -5), LENA)))
        assert sheet.totals == (23, 100, 41)
        assert sheet.game_over and sheet.winners == (LENA,)

    def test_a_correction_can_undo_the_end(self) -> None:
        ended = correct_round(seed_pad(), 4, RoundDraft.of((-3, 50, -5), LENA))
        resumed = correct_round(ended, 4, RoundDraft.of((-3, 49, -5), LENA))
        assert not score_sheet(resumed).game_over
        assert len(enter_round(resumed, RoundDraft.of((1, 2, 3), LENA)).rounds) == 5

    def test_a_correction_that_would_end_the_game_before_later_rounds_is_refused(self) -> None:
        pad = seed_pad()
        # Jonas 21 -> 100 in round 1 would have ended the game at once.
        with pytest.raises(GameOverError) as caught:
            correct_round(pad, 1, RoundDraft.of((9, 100, 14), MIA))
        assert str(caught.value) == (
            "the game would have ended after round 1 (Jonas has 100, target 100), "
            "but rounds 2 to 4 follow it; delete the later rounds first or enter a different sum"
        )
        assert score_sheet(pad).totals == (23, 59, 41)

    def test_no_such_round(self) -> None:
        with pytest.raises(RoundError, match=r"round 5: no such round \(rounds are 1 to 4\)"):
            correct_round(seed_pad(), 5, RoundDraft.of((1, 2, 3), LENA))

    def test_delete_a_round(self) -> None:
        sheet = score_sheet(delete_round(seed_pad(), 2))
        assert [line.number for line in sheet.lines] == [1, 2, 3]
        assert sheet.totals == (19, 42, 29)


class TestPlayers:
    @pytest.mark.parametrize("count", [2, 8])
    def test_two_to_eight(self, count: int) -> None:
        assert len(new_pad([f"P{i}" for i in range(count)]).players) == count

    @pytest.mark.parametrize("count", [1, 9])
    def test_fewer_or_more_refused(self, count: int) -> None:
        with pytest.raises(PlayersError, match=f"2 to 8 players, not {count}"):
            new_pad([f"P{i}" for i in range(count)])

    def test_names_must_differ(self) -> None:
        with pytest.raises(PlayersError, match="players 1 and 3 are both called 'lena'"):
            new_pad(["Lena", "Mia", "lena"])

    def test_empty_name(self) -> None:
        with pytest.raises(PlayersError, match="player 2 needs a name"):
            new_pad(["Lena", "  "])

    def test_move_keeps_each_total_with_its_name(self) -> None:
        moved = move_player(seed_pad(), MIA, 0)
        sheet = score_sheet(moved)
        assert moved.players == ("Mia", "Lena", "Jonas")
        assert sheet.totals == (41, 23, 59)
        assert [line.finisher for line in sheet.lines] == [0, 1, 2, 1]
        assert sheet.leaders == (1,)
        assert move_player(moved, 0, MIA) == seed_pad()

    def test_rename_keeps_the_rounds(self) -> None:
        renamed = rename_player(seed_pad(), JONAS, " Jonah ")
        assert renamed.players == ("Lena", "Jonah", "Mia")
        assert score_sheet(renamed).totals == (23, 59, 41)

    def test_rename_to_a_taken_name_refused(self) -> None:
        with pytest.raises(PlayersError, match="both called"):
            rename_player(seed_pad(), JONAS, "Mia")

    def test_add_and_remove_only_before_the_first_round(self) -> None:
        pad = add_player(new_pad(PLAYERS), "Tom")
        assert remove_player(pad, 1).players == ("Lena", "Mia", "Tom")
        with pytest.raises(PlayersError, match="cannot add 'Tom' after round 4"):
            add_player(seed_pad(), "Tom")
        with pytest.raises(PlayersError, match="cannot remove Jonas after round 4"):
            remove_player(seed_pad(), JONAS)

    def test_unknown_seat(self) -> None:
        with pytest.raises(PlayersError, match="no seat 3: seats are 0 to 2"):
            rename_player(seed_pad(), 3, "Tom")


def test_leaders_share_an_equal_lowest_total() -> None:
    sheet = score_sheet(played(new_pad(PLAYERS, Rules()), [((5, 5, 9), MIA)]))
    assert sheet.leaders == (LENA, JONAS)
    assert score_sheet(new_pad(PLAYERS)).leaders == ()
