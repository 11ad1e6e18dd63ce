"""The column rule and its option ``column_rule`` (all / keep_negative / off)."""

from __future__ import annotations

import pytest

from skyjo import engine
from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.errors import IllegalActionError
from skyjo.events import CardSwapped, ColumnRemoved
from skyjo.rules import ColumnRule, Rules
from skyjo.state import State
from tests.builders import table

OTHER = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [12]"


def swap_in(grid: str, card: int, position: int, rules: Rules | None = None) -> State:
    """Player 0 takes ``card`` from the discard pile and swaps it in at ``position``."""
    state = table([grid, OTHER], discard=[card, 1], rules=rules)
    return engine.apply(engine.apply(state, TakeDiscard()), Swap(position))


def test_three_equal_face_up_cards_in_a_column_are_removed() -> None:
    state = table(["9 [2] [3] [4] / 9 [6] [7] [8] / [5] [10] [11] 1", OTHER], discard=[9, 1])
    state = engine.apply(state, TakeDiscard())
    after, events = engine.step(state, Swap(8))
    assert [after.grids[0].removed[p] for p in (0, 4, 8)] == [True, True, True]
    # The card given away goes onto the discard pile first, then the three.
    assert after.discard_pile[-4:] == (5, 9, 9, 9)
    assert events == (CardSwapped(0, 8, 9, 5, False), ColumnRemoved(0, 0, 9))


def test_a_column_completed_by_turning_a_card_is_removed() -> None:
    state = table(["4 [2] [3] [4] / 4 [6] [7] [8] / [4] [10] [11] 1", OTHER], draw=[12])
    state = engine.apply(engine.apply(state, Draw()), Flip(8))
    assert state.grids[0].removed[0] and state.discard_pile[-4:] == (12, 4, 4, 4)


def test_the_gap_stays_and_takes_no_card() -> None:
    state = swap_in("9 [2] [3] [4] / 9 [6] [7] [8] / [5] [10] [11] 1", 9, 8)
    assert state.grids[0].values[1:4] == (2, 3, 4)  # nothing slides over
    state = table([OTHER, "x [2] [3] [4] / x [6] [7] [8] / x [10] [11] 1"], to_move=1)
    state = engine.apply(state, TakeDiscard())
    assert Swap(0) not in engine.legal_actions(state)
    with pytest.raises(IllegalActionError, match="removed"):
        engine.apply(state, Swap(4))


def test_rows_never_count() -> None:
    state = swap_in("7 7 7 [4] / [5] [6] [7] [8] / [9] [10] [11] 1", 7, 3)
    assert not any(state.grids[0].removed)


def test_face_down_cards_do_not_complete_a_column() -> None:
    state = swap_in("9 [2] [3] [4] / [9] [6] [7] [8] / [5] [10] [11] 1", 9, 8)
    assert not any(state.grids[0].removed)


@pytest.mark.parametrize("value", [-2, -1, 0, 12])
def test_every_value_is_removed_by_default(value: int) -> None:
    grid = f"{value} [2] [3] [4] / {value} [6] [7] [8] / [5] [10] [11] 1"
    assert swap_in(grid, value, 8).grids[0].removed[0]


class TestKeepNegativeColumns:
    """House rule (seed 003): columns of three -1 or three -2 stay."""

    rules = Rules(column_rule=ColumnRule.KEEP_NEGATIVE)

    @pytest.mark.parametrize("value", [-2, -1])
    def test_negative_columns_stay(self, value: int) -> None:
        grid = f"{value} [2] [3] [4] / {value} [6] [7] [8] / [5] [10] [11] 1"
        state = swap_in(grid, value, 8, self.rules)
        assert not any(state.grids[0].removed)
        assert state.grids[0].visible_sum() == 3 * value + 1

    @pytest.mark.parametrize("value", [0, 5])
    def test_other_columns_still_go(self, value: int) -> None:
        grid = f"{value} [2] [3] [4] / {value} [6] [7] [8] / [5] [10] [11] 1"
        assert swap_in(grid, value, 8, self.rules).grids[0].removed[0]


class TestColumnRuleOff:
    """Seed 004 calls the column rule optional: with it off nothing is removed."""

    rules = Rules(column_rule=ColumnRule.OFF)

    @pytest.mark.parametrize("value", [-2, 0, 12])
    def test_no_column_is_removed(self, value: int) -> None:
        grid = f"{value} [2] [3] [4] / {value} [6] [7] [8] / [5] [10] [11] 1"
        state = swap_in(grid, value, 8, self.rules)
        assert not any(state.grids[0].removed)
