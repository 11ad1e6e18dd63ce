"""The expert's search: positions whose better move is known by hand, the pieces
the search is built from, and reproducibility."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.bots.evaluation import Layout
from skyjo.bots.expert import (
    DEFAULT_BUDGET,
    ExpertBot,
    Sampler,
    distinct,
    follow_ups,
    outcome,
    search,
)
from skyjo.bots.hard import Context, Valued
from skyjo.bots.reasons import reason
from skyjo.cards import DECK_COMPOSITION
from skyjo.state import Phase
from skyjo.steps import run_steps
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
    view = view_of(state, 0)
    # The expert's own budget: at the small test budget the margin's noise (a
    # standard deviation of about 2 points) reaches the 3 points asked.
    take, draw = search(view, [TakeDiscard(), Draw()], random.Random(3), budget=DEFAULT_BUDGET)
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


def test_the_ranking_of_a_search_starts_with_the_move_the_expert_plays() -> None:
    # The game review screens the move played against the expert's two best
    # moves: the first must be the expert's own decision from the same numbers,
    # and the rest hard's other candidates, ranked by the same playouts. (Taking
    # the 2 or drawing is close enough here for the expert to search.)
    mine = "3 4 3 4 / 4 3 4 3 / 3 [4] 3 [9]"
    theirs = "0 -1 0 1 / 1 0 -1 0 / [0] 1 0 [2]"
    state = table([mine, theirs], discard=(2,), draw=tuple(range(-2, 12)))
    view = view_of(state, 0)
    expert = ExpertBot(budget=BUDGET)
    searched = run_steps(expert.rank_in_steps(view, random.Random(7)))
    assert searched is not None and len(searched.candidates) >= 2
    assert searched.best == expert.decide(view, random.Random(7)).action
    assert list(searched.means) == sorted(searched.means, reverse=True)
    assert len(set(searched.candidates)) == len(searched.candidates)


def test_options_worth_the_same_and_of_the_same_kind_are_searched_once() -> None:
    # Face up: the 12 and the 5 and 7; every other card face down.
    mine = "12 [1] [2] [3] / [4] 5 [6] [7] / [8] [9] 7 [11]"
    layout = Layout.of(view_of(table([mine, mine]), 0).own_grid, 5.0)
    note = reason("bot.doubling_risk", chance=10)
    options = [
        Valued(Swap(0), 6.0),  # over the 12
        Valued(Swap(1), 1.0),  # covers a face-down card...
        Valued(Swap(2), 1.0),  # ...and another one, worth the same: left out
        Valued(Swap(5), 1.0),  # over the face-up 5: another kind, kept
        Valued(Flip(1), 0.0),
        Valued(Flip(2), 0.0),  # left out
        Valued(Flip(3), -0.5),  # worth something else: kept
        Valued(Flip(4), 0.0, note),  # ends the round: always kept
    ]
    kept = [o.action for o in distinct(options, layout)]
    assert kept == [Swap(0), Swap(1), Swap(5), Flip(1), Flip(3), Flip(4)]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_sample_shows_what_the_view_shows_and_deals_every_unseen_card(seat: int) -> None:
    mine = "3 [4] 3 [4] / 4 [3] 4 [3] / [3] [4] 3 [9]"
    theirs = "[0] -1 [0] 1 / 1 [0] -1 [0] / [0] 1 0 [2]"
    # Seat 0 holds a drawn card: seat 1 does not see it.
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=7, discard=(2, 5, 12))
    view = view_of(state, seat)
    assert view.held_hidden is (seat == 1)
    sampler = Sampler(view, draws=6)
    rng = random.Random(5)
    for _ in range(50):
        sample = sampler.sample(rng)
        # The built table holds fewer than the deck's 150 cards; a sample puts
        # every unseen card it does not place in the draw pile (as sample_state).
        assert view_of(sample, seat)._replace(draw_count=view.draw_count) == view
        dealt = Counter(sample.draw_pile)
        for grid in sample.grids:
            dealt.update(grid.values[p] for p in grid.public.face_down)
        if view.held_hidden:
            assert sample.held is not None
            dealt[sample.held] += 1
        assert dealt == view.unseen_cards()


def test_samples_deal_the_reachable_cards_at_random() -> None:
    """A face-down card and the top of the draw pile come out with the odds of
    the unseen cards (within a few standard errors over 4000 samples)."""
    mine = "3 [4] 3 [4] / 4 [3] 4 [3] / [3] [4] 3 [9]"
    theirs = "[0] -1 [0] 1 / 1 [0] -1 [0] / [0] 1 0 [2]"
    view = view_of(table([mine, theirs], discard=(2, 5, 12)), 0)
    unseen = view.unseen_cards()
    total = sum(unseen.values())
    sampler = Sampler(view, draws=6)
    rng = random.Random(11)
    runs = 4000
    samples = [sampler.sample(rng) for _ in range(runs)]
    for counted in (
        Counter(s.grids[0].values[1] for s in samples),
        Counter(s.draw_pile[-1] for s in samples),
    ):
        for value, n in unseen.items():
            p = n / total
            assert abs(counted[value] / runs - p) < 4 * (p * (1 - p) / runs) ** 0.5 + 1e-9, value
