"""The facts a review shows at game end, counted from the record (issue 23, and
issue 20 item 12: "ended the round into a doubling: 2" said of a player the
score sheet never doubled, "doubled 2 times" of one doubled 3 times).

Every expected count is worked out on paper from the hand-made deals."""

from __future__ import annotations

from skyjo.actions import Draw, Flip, Swap
from skyjo.review import review
from skyjo.review.facts import seat_facts
from skyjo.review.report import to_json, to_text
from tests.review.helpers import SETUP, deal_with, hand_made, scripted, with_draw

#: No two equal cards in any column, so no column can ever be completed. Lena's
#: sums to 114 and shows 12 and 11 at setup (she starts); Jonas's sums to 6.
HIGH = [12, 11, 10, 9, 11, 10, 9, 8, 10, 9, 8, 7]
LOW = [-1, 0, 1, 2, 0, 1, 2, -1, 1, 2, -1, 0]


def test_rounds_ended_and_doublings_are_read_from_the_score_sheet() -> None:
    # Lena starts every round (she ends each one, so starts the next) and, as
    # both turn a card a turn, ends all three: with 114 against Jonas's 6 she is
    # doubled, with 6 against his 114 she is not.
    game = scripted(
        [deal_with([HIGH, LOW], 3), deal_with([LOW, HIGH], 3), deal_with([HIGH, LOW], 3)]
    )
    lena, jonas = seat_facts(game, 0), seat_facts(game, 1)
    assert [r.ended for r in lena.rounds] == [True, True, True]
    assert [r.doubled for r in lena.rounds] == [True, False, True]
    assert (lena.rounds_ended, lena.doublings) == (3, 2)
    assert [r.points for r in lena.rounds] == [228, 6, 228]
    assert (jonas.rounds_ended, jonas.doublings) == (0, 0)


def test_the_review_says_the_doublings_the_score_sheet_shows_in_every_language() -> None:
    game = scripted(
        [deal_with([HIGH, LOW], 3), deal_with([LOW, HIGH], 3), deal_with([HIGH, LOW], 3)]
    )
    done = review(game, 0, first=8, measure=16)  # the facts, not the grades, are tested
    assert to_json(done)["facts"]["doublings"] == 2
    assert "Rounds ended: 3 (doubled: 2)" in to_text(done)
    assert "Manches terminées\u00a0: 3 (dont doublées\u00a0: 2)" in to_text(done, "fr")
    # A kind that names a doubling is never counted more often than the sheet has one.
    assert done.kinds().get("ended_doubling", 0) <= 2


#: Lena's column 1 holds 5, 5 and (face down, at row 3) a 9; she turns up both 5s.
FIVES = [5, 1, 2, 3, 5, 4, 6, 7, 9, 8, 10, 11]
JONAS = [-1, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
FIVES_SETUP = [(0, Flip(0)), (0, Flip(4)), (1, Flip(0)), (1, Flip(1))]


def test_a_column_completed_by_a_placement_is_made_and_not_missed() -> None:
    deal = with_draw(deal_with([FIVES, JONAS], 3), 5)
    facts = seat_facts(hand_made([*FIVES_SETUP, (0, Draw()), (0, Swap(8))], deal), 0)
    assert (facts.columns_made, facts.columns_missed) == (1, 0)


def test_a_drawn_card_that_completes_a_column_and_is_let_go_is_a_missed_column() -> None:
    deal = with_draw(deal_with([FIVES, JONAS], 3), 5)
    facts = seat_facts(hand_made([*FIVES_SETUP, (0, Draw()), (0, Flip(1))], deal), 0)
    assert (facts.columns_made, facts.columns_missed) == (0, 1)


def test_a_discard_card_that_completes_a_column_and_is_left_there_is_a_missed_column() -> None:
    deal = with_draw(deal_with([FIVES, JONAS], 5), 3)
    facts = seat_facts(hand_made([*FIVES_SETUP, (0, Draw()), (0, Flip(1))], deal), 0)
    assert (facts.columns_made, facts.columns_missed) == (0, 1)


def test_a_column_of_cards_worth_nothing_is_no_missed_chance() -> None:
    # Three 0s leave the grid but save nothing: leaving one is no miss.
    zeros = [0, 1, 2, 3, 0, 4, 6, 7, 9, 8, 10, 11]
    deal = with_draw(deal_with([zeros, JONAS], 3), 0)
    facts = seat_facts(hand_made([*FIVES_SETUP, (0, Draw()), (0, Flip(1))], deal), 0)
    assert (facts.columns_made, facts.columns_missed) == (0, 0)


def test_an_unfinished_round_has_no_points_and_was_ended_by_nobody() -> None:
    facts = seat_facts(hand_made(SETUP, deal_with([FIVES, JONAS], 3)), 0)
    assert [(r.ended, r.doubled, r.points) for r in facts.rounds] == [(False, False, None)]
