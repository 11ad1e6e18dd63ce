"""A shared win and the optional tiebreak (seed 002: "eine Runde noch, sonst
bleibt der Sieg geteilt"): one more round among the tied players only."""

from __future__ import annotations

import pytest

from skyjo.rules import Rules
from skyjo.web.scorepad.errors import RoundError, TiebreakError
from skyjo.web.scorepad.model import (
    RoundDraft,
    correct_round,
    correct_tiebreak,
    delete_tiebreak,
    enter_tiebreak,
    new_pad,
)
from skyjo.web.scorepad.sheet import score_sheet
from tests.web.scorepad.seed import JONAS, LENA, MIA, PLAYERS, played

# Mia ends with 50 but Lena and Jonas have 5: Mia writes 100, the game is over,
# and Lena and Jonas share the lowest total.
ENDING_ROUND = ((5, 5, 50), MIA)


def test_equal_lowest_totals_share_the_win() -> None:
    sheet = score_sheet(played(new_pad(PLAYERS), [ENDING_ROUND]))
    assert sheet.totals == (5, 5, 100)
    assert sheet.game_over and sheet.winners == (LENA, JONAS) and sheet.shared_win
    assert sheet.tiebreak_offered == (LENA, JONAS)


def test_no_tiebreak_for_a_single_winner() -> None:
    pad = played(new_pad(PLAYERS), [((4, 5, 50), MIA)])
    assert score_sheet(pad).tiebreak_offered == ()
    with pytest.raises(TiebreakError, match="no tiebreak on offer"):
        enter_tiebreak(pad, RoundDraft.of((3, 7, None), JONAS))


def test_no_tiebreak_while_the_game_runs() -> None:
    pad = played(new_pad(PLAYERS), [((5, 5, 9), MIA)])
    assert score_sheet(pad).leaders == (LENA, JONAS)
    with pytest.raises(TiebreakError):
        enter_tiebreak(pad, RoundDraft.of((3, 7, None), JONAS))


def test_the_tiebreak_decides_and_is_not_added_to_the_totals() -> None:
    pad = played(new_pad(PLAYERS), [ENDING_ROUND])
    # Jonas ends with 7 but Lena has 3: Jonas writes 14, Lena wins.
    sheet = score_sheet(enter_tiebreak(pad, RoundDraft.of((3, 7, None), JONAS)))
    assert sheet.tiebreak is not None
    assert sheet.tiebreak.points == (3, 14, None)
    assert sheet.tiebreak.explanation.doubled
    assert [r.player for r in sheet.tiebreak.explanation.rivals] == ["Lena"]
    assert sheet.winners == (LENA,) and not sheet.shared_win
    assert sheet.totals == (5, 5, 100)
    assert sheet.tiebreak_offered == ()


def test_a_tied_tiebreak_leaves_the_win_shared() -> None:
    pad = played(new_pad(PLAYERS, Rules(double_on_tie=False)), [ENDING_ROUND])
    sheet = score_sheet(enter_tiebreak(pad, RoundDraft.of((4, 4, None), LENA)))
    assert sheet.winners == (LENA, JONAS) and sheet.shared_win


def test_those_who_sat_out_have_no_sum() -> None:
    pad = played(new_pad(PLAYERS), [ENDING_ROUND])
    with pytest.raises(RoundError, match="tiebreak: Mia does not play the tiebreak"):
        enter_tiebreak(pad, RoundDraft.of((3, 7, 1), JONAS))
    with pytest.raises(RoundError, match="only Lena and Jonas played it"):
        enter_tiebreak(pad, RoundDraft.of((3, 7, None), MIA))


def test_correct_and_delete_the_tiebreak() -> None:
    pad = enter_tiebreak(
        played(new_pad(PLAYERS), [ENDING_ROUND]), RoundDraft.of((3, 7, None), JONAS)
    )
    with pytest.raises(TiebreakError, match="already entered"):
        enter_tiebreak(pad, RoundDraft.of((3, 7, None), JONAS))
    flipped = correct_tiebreak(pad, RoundDraft.of((8, 7, None), JONAS))
    assert score_sheet(flipped).winners == (JONAS,)
    assert score_sheet(delete_tiebreak(flipped)).winners == (LENA, JONAS)


def test_a_correction_that_ends_the_tie_is_refused_while_a_tiebreak_stands() -> None:
    pad = enter_tiebreak(
        played(new_pad(PLAYERS), [ENDING_ROUND]), RoundDraft.of((3, 7, None), JONAS)
    )
    with pytest.raises(
        TiebreakError, match="no tiebreak: the game has not ended with a shared win"
    ):
        correct_round(pad, 1, RoundDraft.of((4, 5, 50), MIA))
