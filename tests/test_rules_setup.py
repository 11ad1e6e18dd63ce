"""Deck, deal and setup: who turns up what, and who starts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skyjo import engine
from skyjo.actions import Deal, Draw, Flip, TakeDiscard
from skyjo.cards import full_deck
from skyjo.errors import IllegalActionError
from skyjo.state import CHANCE, Phase, State


def deal_with(grids: list[list[int]], *, discard: int | None = None) -> Deal:
    """A full-deck deal whose grids are ``grids``; the remaining cards, in sorted
    order, form the discard card and then the draw pile."""
    rest = Counter(full_deck())
    rest.subtract(v for g in grids for v in g)
    assert all(n >= 0 for n in rest.values()), "the grids use cards the deck lacks"
    remaining = sorted(rest.elements())
    if discard is not None:
        remaining.remove(discard)
        remaining.insert(0, discard)
    return Deal(tuple(tuple(g) for g in grids), remaining[0], tuple(remaining[1:]))


def dealt(grids: list[list[int]]) -> State:
    return engine.apply(engine.new_game(len(grids)), deal_with(grids))


def test_the_deck_has_150_cards_in_the_magilano_distribution() -> None:
    counts = Counter(full_deck())
    assert len(full_deck()) == 150
    assert counts[-2] == 5 and counts[-1] == 10 and counts[0] == 15
    assert all(counts[v] == 10 for v in range(1, 13))
    assert set(counts) == set(range(-2, 13))


@pytest.mark.parametrize("players", [1, 9, 0])
def test_two_to_eight_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        engine.new_game(players)


def test_a_deal_lays_twelve_cards_face_down_and_starts_the_piles() -> None:
    state = engine.apply(engine.new_game(3), engine.random_deal(3, random.Random(4)))
    assert state.phase is Phase.SETUP
    assert all(len(g.values) == 12 and not any(g.face_up) for g in state.grids)
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 150 - 36 - 1


def test_the_draw_pile_is_used_top_card_first() -> None:
    deal = deal_with([[1] * 10 + [2, 2], [3] * 10 + [4, 4]])
    state = engine.apply(engine.new_game(2), deal)
    assert state.draw_pile[-1] == deal.draw[0]
    assert state.discard_top == deal.discard


def test_a_deal_that_is_not_the_full_deck_is_refused() -> None:
    good = engine.random_deal(2, random.Random(1))
    bad = Deal(good.grids, good.discard, (*good.draw[:-1], 12 if good.draw[-1] != 12 else 11))
    with pytest.raises(IllegalActionError, match="not the 150-card deck"):
        engine.apply(engine.new_game(2), bad)
    with pytest.raises(IllegalActionError, match="2 grids for 3 players"):
        engine.apply(engine.new_game(3), good)


def test_the_game_starts_at_a_chance_node_waiting_for_the_deal() -> None:
    state = engine.new_game(2)
    assert engine.current_player(state) == CHANCE
    assert engine.legal_actions(state, 0) == ()
    with pytest.raises(IllegalActionError, match="not been dealt"):
        engine.apply(state, Flip(0), player=0)


def test_every_player_turns_up_exactly_two_cards_in_any_order() -> None:
    state = dealt([[5] * 6 + [8] * 6, [6] * 6 + [9] * 6, [7] * 6 + [10] * 6])
    state = engine.apply(state, Flip(3), player=2)
    state = engine.apply(state, Flip(0), player=0)
    state = engine.apply(state, Flip(11), player=2)
    with pytest.raises(IllegalActionError, match="already turned up two"):
        engine.apply(state, Flip(4), player=2)
    assert engine.legal_actions(state, 2) == ()
    assert state.phase is Phase.SETUP
    state = engine.apply(state, Flip(1), player=0)
    state = engine.apply(state, Flip(5), player=1)
    state = engine.apply(state, Flip(6), player=1)
    assert state.phase is Phase.TURN
    assert [sum(g.face_up) for g in state.grids] == [2, 2, 2]


def test_a_setup_flip_needs_a_face_down_card_and_turns_wait_for_setup() -> None:
    state = engine.apply(dealt([[5] * 6 + [8] * 6, [6] * 6 + [9] * 6]), Flip(0), player=0)
    with pytest.raises(IllegalActionError, match="already face up"):
        engine.apply(state, Flip(0), player=0)
    for action in (TakeDiscard(), Draw()):
        with pytest.raises(IllegalActionError, match="turns up two cards"):
            engine.apply(state, action, player=0)


def _setup(state: State, flips: dict[int, tuple[int, int]]) -> State:
    for player, (a, b) in flips.items():
        state = engine.apply(state, Flip(a), player=player)
        state = engine.apply(state, Flip(b), player=player)
    return state


def test_the_highest_sum_of_the_two_cards_starts_the_first_round() -> None:
    # Seed 003's example: 12 and -2 (= 10) beats 4 and 2 (= 6).
    a = [4, 2] + [0] * 10
    b = [12, -2] + [1] * 10
    state = _setup(dealt([a, b]), {0: (0, 1), 1: (0, 1)})
    assert state.to_move == 1 and state.starter == 1


def test_a_tie_for_the_highest_sum_goes_to_the_earliest_seat() -> None:
    grids = [[1] * 6 + [11] * 6, [3, 5] + [2] * 10, [8, 0] + [4] * 10]
    state = _setup(dealt(grids), {2: (0, 1), 0: (0, 1), 1: (0, 1)})
    assert state.to_move == 1


def test_play_goes_in_seat_order_and_wraps() -> None:
    grids = [[1] * 6 + [11] * 6, [2] * 6 + [12] * 6, [9, 9] + [10] * 10]
    state = _setup(dealt(grids), {0: (0, 1), 1: (0, 1), 2: (0, 1)})
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state = engine.apply(state, Draw())
        state = engine.apply(state, Flip(state.grids[order[-1] or 0].face_down_positions()[-1]))
    assert order == [2, 0, 1, 2]
