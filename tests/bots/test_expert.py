"""The expert's search: positions whose better move is known by hand, the pieces
the search is built from, and reproducibility."""

from __future__ import annotations

import random

import pytest

from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.bots.expert import ExpertBot, follow_ups, outcome, search
from skyjo.bots.hard import Context
from skyjo.cards import DECK_COMPOSITION
from skyjo.state import Phase
from skyjo.view import view_of
from tests.builders import table

#: Budgets small enough for a quick test, large enough for the search to matter.
BUDGET = 48


@pytest.mark.parametrize("totals", [(0, 0), (60, 62)])
def test_expert_does_not_end_the_round_when_it_would_surely_be_doubled(
    totals: tuple[int, int],
) -> None:
    mine = "3 4 3 4 / 4 3 4 3 / 3 4 3 [9]"  # 38 showing, one card face down
    theirs = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [2]"  # 1 showing
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=-2, totals=totals)
    decision = ExpertBot(budget=BUDGET).decide(view_of(state, 0), random.Random(1))
    # Covering the last card with the -2 saves the most points, and doubles 36.
    assert decision.action not in (Swap(11), Flip(11)), decision


def test_expert_ends_the_round_when_it_is_safely_lowest() -> None:
    mine = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [9]"
    theirs = "3 4 3 4 / 4 3 4 3 / [3] [4] [3] [9]"
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=-2)
    decision = ExpertBot(budget=BUDGET).decide(view_of(state, 0), random.Random(1))
    assert decision.action == Swap(11), decision


def test_a_playout_cut_short_values_face_down_cards_at_the_counted_mean() -> None:
    # 10 showing and two cards face down against 0 showing and four face down.
    mine = "10 0 0 0 / 0 0 0 0 / 0 0 [-2] [-2]"
    theirs = "0 0 0 0 / 0 0 0 0 / [12] [12] [12] [12]"
    state = table([mine, theirs], phase=Phase.TURN)
    # Late in a round with only 9s unseen, four face-down cards cost 36, two 18.
    assert outcome(state, 0, hidden=9.0) == (0 + 36) - (10 + 18)
    assert outcome(state, 1, hidden=9.0) == (10 + 18) - 36
    # What the sample dealt under them does not count: the mean does.
    assert outcome(state, 0, hidden=0.0) == -10


def test_the_search_values_face_down_cards_at_what_is_left_to_see() -> None:
    """Every low card is in sight (discarded): a face-down card can only be high,
    so swapping a drawn 6 for one beats swapping it for a face-up 8."""
    mine = "8 [9] [9] [9] / [10] [10] [10] [11] / [11] [11] [12] [12]"
    theirs = "[8] [8] [9] [9] / [9] [10] [10] [10] / [11] [11] [11] [12]"
    low = [v for v, n in DECK_COMPOSITION.items() if v <= 7 for _ in range(n)]
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=6, discard=tuple(low))
    view = view_of(state, 0)
    assert view.unseen_cards().keys() <= {8, 9, 10, 11, 12}
    hidden_slot, shown_slot = search(view, [Swap(5), Swap(0)], random.Random(1), budget=BUDGET)
    assert hidden_slot > shown_slot


def test_after_taking_or_drawing_the_search_places_the_card_as_hard_would() -> None:
    mine = "12 [1] [2] [3] / [4] 5 [6] [7] / [8] [9] 7 [11]"
    theirs = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [0]"
    state = table([mine, theirs], discard=(-2,), phase=Phase.TURN)
    table_of_moves = follow_ups(Context.of(view_of(state, 0)))
    assert table_of_moves.after_take == Swap(0)  # the -2 goes over the 12
    assert table_of_moves.after_draw[-1] == Swap(0)
    # A 12 drawn never goes over a face-down card or a lower one: it is thrown
    # away (and a card turned), or swapped for the other 12.
    assert table_of_moves.after_draw[12] in (Swap(0), *(Flip(p) for p in range(12)))


def test_the_search_prefers_taking_a_minus_two_over_a_twelve_to_drawing() -> None:
    mine = "12 [1] [2] [3] / [4] 5 [6] [7] / [8] [9] 7 [11]"
    theirs = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [0]"
    state = table([mine, theirs], discard=(-2,), phase=Phase.TURN, draw=tuple(range(-2, 12)))
    take, draw = search(view_of(state, 0), [TakeDiscard(), Draw()], random.Random(3), budget=BUDGET)
    assert take > draw + 3  # 14 points saved at once, against an average draw


@pytest.mark.parametrize("phase", [Phase.TURN, Phase.PLACE_DRAWN])
def test_expert_is_reproducible_with_a_seed_and_thinks_in_steps_alike(phase: Phase) -> None:
    mine = "3 4 3 4 / 4 3 4 3 / 3 [4] 3 [9]"
    theirs = "0 -1 0 1 / 1 0 -1 0 / [0] 1 0 [2]"
    held = 2 if phase is Phase.PLACE_DRAWN else None
    state = table([mine, theirs], phase=phase, held=held, discard=(2,), draw=tuple(range(-2, 12)))
    view = view_of(state, 0)
    first = ExpertBot(budget=BUDGET).decide(view, random.Random(7))
    assert ExpertBot(budget=BUDGET).decide(view, random.Random(7)) == first
    steps = ExpertBot(budget=BUDGET).decide_in_steps(view, random.Random(7))
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value == first
            break
