"""Why a placement was worse, in the review's words: each reason is worked out on
paper from the cards the seat could see, and a reason in numbers is given only
when those numbers agree with the expert (else the playouts' verdict is)."""

from __future__ import annotations

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Reason
from skyjo.bots.evaluation import CardOdds
from skyjo.cards import DECK_COMPOSITION
from skyjo.review.decisions import DecisionPoint
from skyjo.review.judge import Comparison
from skyjo.review.kinds import classify
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase, RoundResult, State
from skyjo.view import view_of
from tests.builders import table

NAMES = ("Lena", "Jonas")
#: Jonas's grid: nothing in it matters to Lena's placements.
JONAS = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [12]"
#: What the playouts of a comparison found: 3 turns a player, a fifth of them to
#: the round's end, nobody doubled.
PLAYED_ON = Comparison(64, 2.5, 0.3, 3, 0.2, (0.0, 0.0))
#: The reason when what is seen now does not tell, for PLAYED_ON.
SIMULATED = Reason("review.reason.simulated_turns", {"loss": 2.5, "turns": 3})


def judged(
    state: State,
    played: PlayerAction,
    best: PlayerAction,
    *,
    comparison: Comparison = PLAYED_ON,
    ended: RoundResult | None = None,
) -> tuple[str, Reason]:
    """The kind and reason when Lena (seat 0) played ``played`` in ``state``
    where ``best`` was better by 2.5 points; ``ended`` is the score sheet of
    the round her move ended."""
    point = DecisionPoint(
        1, 1, view_of(state, 0), played, ended_round=ended is not None, result=ended
    )
    return classify(point, best, NAMES, comparison, loss=2.5)


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
    return judged(state, played, best)


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
    assert why == SIMULATED
    # The played card saved more than the better one on what is seen: no numbers
    # that would contradict the expert either.
    _, why = placed("9 3 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 1, Swap(0), Swap(1))
    assert why == SIMULATED


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


def test_a_card_above_two_let_go_is_not_called_low() -> None:
    # Intent (issue 23): "let a low card go" was said of cards from 3 to 11.
    kind, why = placed("10 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", 5, Flip(1), Swap(0))
    assert kind == "let_go"
    assert why == Reason(
        "review.reason.keep_over", {"card": 5, "higher": 10, "diff": 5.0, "row": 1, "column": 1}
    )


def test_points_saved_count_the_column_a_placement_completes() -> None:
    # Intent (issue 20, item 12): the 1 on the −2 completes a column of three 1s
    # (the column, worth 0, leaves), so "the 1 saves about 7 points more on a
    # face-down card than in place of the −2" is false; no numbers are given.
    grid = "1 [9] [9] [9] / 1 [9] [9] [9] / -2 [9] [9] [9]"
    kind, why = placed(grid, 1, Swap(8), Swap(1))
    assert (kind, why) == ("placement", SIMULATED)


def test_a_neighbour_without_a_turn_left_is_not_handed_a_column() -> None:
    # Jonas ended the round: Lena's last turn. Her discarded 7 would complete
    # his column of 7s, but he has no turn to take it (issue 23: "lets X complete
    # a column" when X had ended the round).
    lena = "7 3 [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]"
    jonas = "7 1 2 3 / 7 4 5 6 / 9 8 10 11"
    last_turn = table([lena, jonas], phase=Phase.PLACE_DRAWN, held=7, finisher=1)
    kind, _ = judged(last_turn, Flip(2), Swap(1))
    assert kind != "gave_column"
    # Before he has ended it, the same discard is handed to him.
    going_on = table([lena, jonas.replace("9 8", "[9] 8")], phase=Phase.PLACE_DRAWN, held=7)
    kind, why = judged(going_on, Flip(2), Swap(1))
    assert (kind, why) == (
        "gave_column",
        Reason("review.reason.gave_column", {"card": 7, "name": "Jonas"}),
    )


def test_a_card_is_high_only_above_what_a_face_down_card_is_worth() -> None:
    # Every card up to 7 is on the discard pile: a face-down card is worth 9 or
    # more, so a kept 6 is not "higher than a face-down card is worth".
    seen = [v for v, n in DECK_COMPOSITION.items() if v <= 7 for _ in range(n)]
    seen.remove(6)  # the 6 in Lena's hand
    lena = "[9] [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]"
    state = table([lena, JONAS], phase=Phase.PLACE_DRAWN, held=6, discard=seen)
    assert view_of(state, 0).unseen_cards().keys() <= {8, 9, 10, 11, 12}
    kind, why = judged(state, Swap(0), Flip(1))
    assert kind != "kept_high" and why == SIMULATED


ENDING = "1 0 1 0 / 0 1 0 1 / 2 2 3 [9]"  # Lena's last face-down card at row 3, column 4


def test_ending_the_round_is_called_a_doubling_only_when_the_score_sheet_shows_one() -> None:
    state = table([ENDING, JONAS], phase=Phase.PLACE_DRAWN, held=4)
    doubled = RoundResult(0, (25, 12), (50, 12), True)
    kind, why = judged(state, Flip(11), Swap(10), ended=doubled)
    assert kind == "ended_doubling"
    assert why == Reason(
        "review.reason.ended_doubled",
        {"name": "Lena", "score": 25, "points": 50, "rival": "Jonas", "low": 12},
    )
    # Issue 20, item 12: a round ended with the lowest score was called "ended the
    # round into a doubling".
    lowest = RoundResult(0, (10, 12), (10, 12), False)
    kind, why = judged(state, Flip(11), Swap(10), ended=lowest)
    assert kind == "ended_round" and "doubl" not in why.key


def test_a_round_ended_into_risk_says_how_often_the_playouts_were_doubled() -> None:
    state = table([ENDING, JONAS], phase=Phase.PLACE_DRAWN, held=4)
    risky = Comparison(64, 2.5, 0.3, None, 1.0, (0.0, 0.4))
    unfinished = DecisionPoint(1, 1, view_of(state, 0), Flip(11), ended_round=True)
    kind, why = classify(unfinished, Swap(10), NAMES, risky, loss=2.5)
    assert (kind, why) == (
        "ended_round",
        Reason("review.reason.ended_risk", {"chance": 40, "loss": 2.5}),
    )


def test_taking_a_card_saved_too_little_only_when_no_place_saves_two_points() -> None:
    # A 4 from the discard pile could replace Lena's face-up 12: it saves 8 there,
    # so "it saved too little" would be false (issue 23: said of cards that could
    # replace one 4 to 8 points higher).
    high = table(["12 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", JONAS], discard=(4,))
    kind, why = judged(high, TakeDiscard(), Draw())
    assert (kind, why) == ("wrong_pile", SIMULATED)
    # Among cards of 5 and less, with one face-down card worth about 5, it saves
    # little anywhere; the most it saves is said.
    small = table(["3 2 1 0 / 4 5 3 2 / 1 0 2 [9]", JONAS], discard=(4,))
    mean = CardOdds.of(view_of(small, 0)).mean
    kind, why = judged(small, TakeDiscard(), Draw())
    assert kind == "wrong_pile" and why.key == "review.reason.take_not_worth"
    assert why.fields["saving"] == mean - 4 < 2


def test_the_playouts_are_said_to_reach_the_round_end_only_when_all_of_them_did() -> None:
    state = table(
        ["[9] [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", JONAS],
        phase=Phase.PLACE_DRAWN,
        held=1,
    )
    every = Comparison(64, 2.5, 0.3, None, 1.0, (0.0, 0.0))
    assert judged(state, Swap(0), Swap(1), comparison=every)[1] == Reason(
        "review.reason.simulated_end", {"loss": 2.5}
    )
    most = Comparison(64, 2.5, 0.3, None, 0.98, (0.0, 0.0))
    assert (
        judged(state, Swap(0), Swap(1), comparison=most)[1].key == "review.reason.simulated_turns"
    )
    assert judged(state, Swap(0), Swap(1))[1] == SIMULATED


def test_a_larger_saving_now_is_named_before_a_broken_pair() -> None:
    # Issue 40 item 4: Lena put her −1 on one of her two 2s (a pair) where it saved
    # 12 points on her face-up 11. The pair of 2s was worth less than the 9 points
    # more the 11 gave: the reason names the saving, not the pair.
    grid = "2 11 [9] [9] / 2 [9] [9] [9] / [9] [9] [9] [9]"
    kind, why = placed(grid, -1, Swap(4), Swap(1))
    assert kind == "placement"
    assert why == Reason(
        "review.reason.over_higher", {"card": -1, "diff": 9.0, "higher": 11, "covered": 2}
    )
    # A pair of 4s outweighs a saving of less than 4: it is still named.
    _, why = placed("4 6 [9] [9] / 4 [9] [9] [9] / [9] [9] [9] [9]", 3, Swap(4), Swap(1))
    assert why == Reason("review.reason.broke_pair", {"covered": 4, "row": 2, "column": 1})


def test_a_column_of_negative_cards_leaving_is_never_praised() -> None:
    # Issue 40 item 4: under the default rule a column of −1s leaves the grid and
    # takes its −3 with it: pairing two −1s is no reason, nor completing three −2s.
    _, why = placed("-1 [9] [9] [9] / [9] [9] [9] [9] / [9] [9] [9] [9]", -1, Swap(1), Swap(4))
    assert why.key != "review.reason.pair"
    kind, why = placed("-2 [9] [9] [9] / -2 [9] [9] [9] / [9] [9] [9] [9]", -2, Swap(1), Swap(8))
    assert kind != "missed_column" and why.key != "review.reason.missed_column"
    # Nor breaking a pair of 0s (a column of 0s leaving saves nothing).
    _, why = placed("0 [9] [9] [9] / 0 [9] [9] [9] / [9] [9] [9] [9]", 5, Swap(0), Swap(1))
    assert why.key != "review.reason.broke_pair"
    # A positive column still is.
    kind, _ = placed("5 [9] [9] [9] / 5 [9] [9] [9] / [9] [9] [9] [9]", 5, Swap(1), Swap(8))
    assert kind == "missed_column"
