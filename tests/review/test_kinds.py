"""Why a placement was worse, in the review's words: each reason is worked out on
paper from the cards the seat could see, and a reason in numbers is given only
when those numbers agree with the expert (else the playouts' verdict is)."""

from __future__ import annotations

from skyjo.actions import Flip, PlayerAction, Swap
from skyjo.bots.base import Reason
from skyjo.review.kinds import classify
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase
from skyjo.view import view_of
from tests.builders import table

NAMES = ("Lena", "Jonas")
#: Jonas's grid: nothing in it matters to Lena's placements.
JONAS = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [12]"


def placed(
    grid: str,
    held: int,
    played: PlayerAction,
    best: PlayerAction,
    *,
    rules: Rules | None = None,
) -> tuple[str, Reason]:
    """The kind and reason when Lena, holding the drawn ``held``, played ``played``
    where ``best`` was better."""
    state = table([grid, JONAS], phase=Phase.PLACE_DRAWN, held=held, rules=rules)
    return classify(view_of(state, 0), played, best, NAMES, loss=2.5)


def test_a_card_that_starts_a_pair_in_a_column_says_so() -> None:
    # Positions: row * 4 + column (0-based). A 3 is face up at row 1, column 2;
    # a second 3 at row 2, column 2 (position 5) makes a pair; at position 3 it
    # covers a face-down card, which saves points but starts nothing.
    kind, why = placed("[9] 3 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 3, Swap(3), Swap(5))
    assert kind == "placement"
    assert why == Reason("review.reason.pair", {"card": 3, "row": 2, "column": 2})


def test_a_pair_does_not_count_where_columns_stay() -> None:
    # Without the column rule a pair is worth nothing, so the reason is not a pair.
    off = Rules(column_rule=ColumnRule.OFF)
    grid = "[9] 3 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]"
    _, why = placed(grid, 3, Swap(3), Swap(5), rules=off)
    assert why.key != "review.reason.pair"


def test_covering_one_card_of_a_pair_says_the_pair_was_broken() -> None:
    # Two 4s in column 1 (positions 0 and 4); Lena put her 2 on the lower one.
    kind, why = placed("4 [9] [9] [9] / 4 [9] [9] [9] / [9] [9] [9] [9]", 2, Swap(4), Swap(1))
    assert kind == "placement"
    assert why == Reason("review.reason.broke_pair", {"covered": 4, "row": 2, "column": 1})


def test_a_face_down_card_is_worth_more_than_a_low_card_it_replaced() -> None:
    # The 1 over a face-up 2 saves 1; over a face-down card (worth the mean of the
    # cards Lena has not seen, about 5) about 4: 3 points more.
    kind, why = placed("2 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 1, Swap(0), Swap(1))
    assert kind == "placement" and why.key == "review.reason.over_down"
    mean = why.fields["mean"]
    assert isinstance(mean, float) and 4.5 < mean < 5.5
    assert why.fields["covered"] == 2 and why.fields["card"] == 1
    assert why.fields["diff"] == mean - 2


def test_replacing_the_higher_of_two_known_cards_says_by_how_much() -> None:
    kind, why = placed("3 9 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 1, Swap(0), Swap(1))
    assert (kind, why) == (
        "placement",
        Reason("review.reason.over_higher", {"card": 1, "diff": 6.0, "higher": 9, "covered": 3}),
    )


def test_a_known_high_card_beats_covering_a_face_down_one() -> None:
    kind, why = placed("11 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 0, Swap(1), Swap(0))
    assert kind == "placement" and why.key == "review.reason.over_known"
    mean = why.fields["mean"]
    assert isinstance(mean, float)
    assert why.fields["higher"] == 11 and why.fields["diff"] == 11 - mean


def test_when_the_cards_in_view_do_not_show_why_the_playouts_verdict_is_given() -> None:
    # Both placements cover a face-down card: what is seen now cannot tell them
    # apart, so the reason is what playing the round out found.
    _, why = placed("[9] [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 1, Swap(0), Swap(1))
    assert why == Reason("review.reason.simulated", {"loss": 2.5})
    # The played card saved more than the better one on what is seen: no numbers
    # that would contradict the expert either.
    _, why = placed("9 3 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 1, Swap(0), Swap(1))
    assert why.key == "review.reason.simulated"


def test_keeping_a_card_where_discarding_it_was_better_can_still_break_a_pair() -> None:
    # Lena put her 5 on one of her two 7s; discarding it and turning a card was better.
    kind, why = placed("7 [9] [9] [9] / 7 [9] [9] [9] / [9] [9] [9] [9]", 5, Swap(0), Flip(1))
    assert kind == "placement"
    assert why == Reason("review.reason.broke_pair", {"covered": 7, "row": 1, "column": 1})


def test_a_low_card_let_go_says_what_it_would_have_saved() -> None:
    # Lena discarded her drawn 0 and turned a card; on her face-up 10 it saves 10.
    kind, why = placed("10 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 0, Flip(1), Swap(0))
    assert kind == "let_low_go"
    assert why == Reason(
        "review.reason.keep_over", {"card": 0, "higher": 10, "diff": 10.0, "row": 1, "column": 1}
    )
    # On a face-down card it saves what such a card is worth on average.
    kind, why = placed("10 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 0, Flip(1), Swap(2))
    assert kind == "let_low_go" and why.key == "review.reason.keep_over_down"
    assert why.fields["diff"] == why.fields["mean"]
