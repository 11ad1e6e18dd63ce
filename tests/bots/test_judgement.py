"""Each bot's key judgements, in small constructed positions."""

from __future__ import annotations

import random

import pytest

from skyjo.actions import Flip, Swap, TakeDiscard
from skyjo.bots import make_bot
from skyjo.bots.expert import ExpertBot
from skyjo.state import Phase
from skyjo.view import view_of
from tests.builders import table

RIVAL = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [0]"


@pytest.mark.parametrize("name", ["easy", "medium", "statistician", "hard", "expert"])
def test_takes_the_minus_two_when_showing_a_twelve(name: str) -> None:
    state = table(
        ["12 [1] [2] [3] / [4] [5] [6] [7] / [8] [9] [10] [11]", RIVAL],
        discard=(-2,),
        phase=Phase.TURN,
    )
    decision = make_bot(name).decide(view_of(state, 0), random.Random(1))
    assert decision.action == TakeDiscard()
    assert decision.reason


def test_hard_keeps_the_card_that_completes_the_next_players_column() -> None:
    mine = "0 1 [5] [6] / 1 0 [5] [6] / 2 2 [5] [6]"
    theirs = "7 [1] [1] [1] / 7 [1] [1] [1] / [2] [1] [1] [1]"
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=7)
    view = view_of(state, 0)
    # A greedy player throws the 7 away: it is above the mean of a face-down card.
    assert isinstance(make_bot("medium").decide(view, random.Random(1)).action, Flip)
    decision = make_bot("hard").decide(view, random.Random(1))
    assert isinstance(decision.action, Swap), decision
    assert "next player" in decision.reason


@pytest.mark.parametrize("totals", [(0, 0), (60, 62)])
def test_hard_does_not_end_the_round_when_it_would_surely_be_doubled(
    totals: tuple[int, int],
) -> None:
    mine = "3 4 3 4 / 4 3 4 3 / 3 4 3 [9]"  # 38 showing, one card face down
    theirs = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [2]"  # 1 showing
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=-2, totals=totals)
    view = view_of(state, 0)
    # Covering the last card with the -2 saves the most points, and ends the round.
    assert make_bot("medium").decide(view, random.Random(1)).action == Swap(11)
    decision = make_bot("hard").decide(view, random.Random(1))
    assert decision.action not in (Swap(11), Flip(11)), decision
    assert "doubled" in decision.reason or "wins" in decision.reason


def test_hard_ends_the_round_when_it_is_safely_lowest() -> None:
    mine = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [9]"
    theirs = "3 4 3 4 / 4 3 4 3 / [3] [4] [3] [9]"
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=-2)
    decision = make_bot("hard").decide(view_of(state, 0), random.Random(1))
    assert decision.action == Swap(11), decision


def test_expert_is_reproducible_with_a_seed() -> None:
    mine = "3 4 3 4 / 4 3 4 3 / 3 [4] 3 [9]"
    theirs = "0 -1 0 1 / 1 0 -1 0 / [0] 1 0 [2]"
    state = table([mine, theirs], phase=Phase.PLACE_DRAWN, held=2, draw=tuple(range(-2, 12)))
    view = view_of(state, 0)
    first = ExpertBot(budget=12).decide(view, random.Random(7))
    second = ExpertBot(budget=12).decide(view, random.Random(7))
    assert first == second


def test_hard_ends_a_stalling_round_sooner_or_later() -> None:
    """Two careful players who would each be doubled must not swap the same cards
    back and forth forever: with nothing to gain, hard sometimes ends the round."""
    mine = "4 0 2 4 / 1 -1 1 -1 / 2 0 1 [4]"
    theirs = "-1 x 1 0 / 2 x 4 0 / 2 x 2 [3]"
    state = table([mine, theirs], phase=Phase.PLACE_DISCARD, held=4)
    view = view_of(state, 0)
    bot = make_bot("hard")
    choices = {bot.decide(view, random.Random(seed)).action for seed in range(40)}
    assert Swap(11) in choices and len(choices) > 1
