"""The statistician follows the rules of the Statistician of dantebarbieri/skyjo:
each test works a position out by hand from those rules (see the module's
docstring) and checks the bot agrees."""

from __future__ import annotations

import random

import pytest

from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.bots.statistician import StatisticianBot, unseen_mean, usefulness
from skyjo.state import Phase
from skyjo.view import view_of
from tests.builders import ALL_DOWN, grid, table


def decide(state_grids: list[str], **kwargs: object) -> tuple[object, str]:
    state = table(state_grids, **kwargs)  # type: ignore[arg-type]
    decision = StatisticianBot().decide(view_of(state, 0), random.Random(1))
    return decision.action, decision.reason


def test_the_unseen_mean_counts_grids_and_the_discard_pile() -> None:
    state = table(["9 [1] [2] [3] / [4] [5] [6] [7] / [8] [10] [11] [12]", ALL_DOWN])
    assert unseen_mean(view_of(state, 0)) == pytest.approx((760 - 9 - 4) / 148)


@pytest.mark.parametrize(("top", "action"), [(4, TakeDiscard()), (5, Draw())])
def test_takes_the_discard_only_if_it_beats_the_mean_card_by_half_a_point(
    top: int, action: object
) -> None:
    # Unseen mean ~5.05, so a draw is worth a 5 on the 9: 4 points. The 4 on the
    # 9 saves 5 (> 4 + 0.5): taken; the 5 saves 4 (not more): a draw instead.
    mine = "9 [1] [2] [3] / [4] [5] [6] [7] / [8] [10] [11] [12]"
    assert decide([mine, ALL_DOWN], discard=(top,))[0] == action


def test_a_completed_column_counts_its_three_cards() -> None:
    # The 3 on the 10 saves 10 - 3 and clears 3 + 3 + 3: 16, more than 12 - 3.
    mine = "3 12 [5] [6] / 3 [1] [2] [7] / 10 [8] [9] [11]"
    action, reason = decide([mine, ALL_DOWN], phase=Phase.PLACE_DISCARD, held=3)
    assert action == Swap(8)
    assert "completes column 1" in reason


def test_a_column_of_minus_twos_is_not_worth_clearing() -> None:
    # The -2 on the 5 would clear -6: 5 + 2 - 6 = 1; on the 12 it saves 14.
    mine = "-2 12 [5] [6] / -2 [1] [2] [7] / 5 [8] [9] [11]"
    assert decide([mine, ALL_DOWN], phase=Phase.PLACE_DISCARD, held=-2)[0] == Swap(1)


def test_keeps_a_marginal_card_the_next_player_wants() -> None:
    # A drawn 5 on a face-down card (~5.08) gains 0.08: marginal. The next player
    # shows a pair of 5s, so throwing it away would hand them a column: it is
    # kept on the first face-down card in the original's column-by-column order.
    mine = "5 [1] [2] [3] / [4] [6] [7] [8] / [9] [10] [11] [12]"
    rival = "5 [1] [2] [3] / 5 [4] [6] [7] / [8] [9] [10] [11]"
    action, reason = decide([mine, rival], phase=Phase.PLACE_DRAWN, held=5)
    assert action == Swap(4)
    assert "next player" in reason
    other = rival.replace("5 [1]", "7 [1]").replace("5 [4]", "7 [4]")
    assert isinstance(decide([mine, other], phase=Phase.PLACE_DRAWN, held=5)[0], Flip)


MINE = "[1] 1 0 3 / [1] [1] -1 3 / [1] [1] [1] [1]"


def test_going_out_it_turns_a_card_in_the_fullest_column() -> None:
    # Expected sum 6 + 7 x 5.2 beats the rival's 12 x 5.2: going out. Columns 3 and
    # 4 show two cards each; the first of them, column 3, gets its card turned.
    action, reason = decide([MINE, ALL_DOWN], phase=Phase.PLACE_DRAWN, held=12)
    assert action == Flip(10)
    assert "going out" in reason


def test_otherwise_it_turns_a_card_beside_a_pair() -> None:
    rival = "-2 -2 -1 -1 / -1 0 0 0 / 0 0 0 [5]"  # lower than ours: no going out
    action, reason = decide([MINE, rival], phase=Phase.PLACE_DRAWN, held=12)
    assert action == Flip(11)
    assert "going out" not in reason


def test_nobody_goes_out_once_the_round_is_ending() -> None:
    action, reason = decide([MINE, ALL_DOWN], phase=Phase.PLACE_DRAWN, held=12, finisher=1)
    assert action == Flip(11)  # the pair's column, as when not lowest
    assert "going out" not in reason


def test_usefulness_to_the_next_player() -> None:
    assert usefulness(grid(ALL_DOWN).public, -2) == 6.0
    assert usefulness(grid(ALL_DOWN).public, 0) == 2.0
    pair = grid("7 [1] [2] [3] / 7 [4] [6] [8] / [9] [10] [11] [12]").public
    assert usefulness(pair, 7) == pytest.approx(20 - 2.1)
    lone = grid("7 [1] [2] [3] / [5] [4] [6] [8] / [9] [10] [11] [12]").public
    assert usefulness(lone, 7) == pytest.approx(2 - 2.1)
    assert usefulness(lone, 8) == pytest.approx(-2.4)
