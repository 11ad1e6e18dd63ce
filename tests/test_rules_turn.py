"""A turn: take the discard pile's card and swap, or draw and swap or discard-and-flip."""

from __future__ import annotations

import pytest

from skyjo import engine
from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.errors import IllegalActionError
from skyjo.events import CardDiscarded, CardFlipped, CardSwapped, CardTaken
from skyjo.state import Phase
from tests.builders import table

TWO = [
    "9 [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] 1",
    "[1] [2] [3] [4] / [5] 6 [7] [8] / 0 [10] [11] [12]",
]


def test_the_turn_starts_with_a_choice_of_discard_or_draw() -> None:
    state = table(TWO)
    assert set(engine.legal_actions(state)) == {TakeDiscard(), Draw()}
    assert engine.legal_actions(state, 1) == ()
    with pytest.raises(IllegalActionError, match="player 0's turn"):
        engine.apply(state, Draw(), player=1)


def test_the_discard_card_must_be_swapped_and_never_discarded_again() -> None:
    state = engine.apply(table(TWO, discard=[3, 8]), TakeDiscard())
    assert state.phase is Phase.PLACE_DISCARD and state.held == 3
    assert all(isinstance(a, Swap) for a in engine.legal_actions(state))
    with pytest.raises(IllegalActionError, match="cannot be discarded again"):
        engine.apply(state, Flip(1))


def test_a_swap_may_replace_a_face_up_card() -> None:
    state = engine.apply(table(TWO, discard=[3, 8]), TakeDiscard())
    after, events = engine.step(state, Swap(0))
    assert after.grids[0].values[0] == 3 and after.grids[0].face_up[0]
    assert after.discard_pile[-2:] == (8, 9)
    assert CardSwapped(0, 0, 3, 9, True) in events


def test_a_swap_on_a_face_down_card_gives_it_away_face_up_unseen() -> None:
    state = engine.apply(table(TWO, discard=[3]), TakeDiscard())
    after, events = engine.step(state, Swap(5))
    assert after.grids[0].face_up[5] and after.grids[0].values[5] == 3
    assert after.discard_top == 6
    assert CardSwapped(0, 5, 3, 6, False) in events
    assert after.to_move == 1 and after.phase is Phase.TURN


def test_a_drawn_card_is_seen_then_swapped_or_discarded() -> None:
    state, events = engine.step(table(TWO, draw=[11, 2]), Draw())
    assert events == (CardTaken(0, "draw", 11),)
    assert state.phase is Phase.PLACE_DRAWN and state.held == 11
    legal = engine.legal_actions(state)
    assert {Swap(p) for p in range(12)} <= set(legal)
    face_down = {p for p in range(12) if state.grids[0].is_face_down(p)}
    assert {a.position for a in legal if isinstance(a, Flip)} == face_down


def test_discarding_the_drawn_card_turns_up_a_face_down_card() -> None:
    state = engine.apply(table(TWO, draw=[11, 2]), Draw())
    after, events = engine.step(state, Flip(1))
    assert after.discard_top == 11
    assert after.grids[0].face_up[1] and after.grids[0].values[1] == 2
    assert events[:2] == (CardDiscarded(0, 11), CardFlipped(0, 1, 2))


def test_discarding_requires_turning_a_face_down_card() -> None:
    state = engine.apply(table(TWO, draw=[11, 2]), Draw())
    with pytest.raises(IllegalActionError, match="not face down"):
        engine.apply(state, Flip(0))


def test_a_turn_is_exactly_one_take_and_one_placement() -> None:
    state = engine.apply(table(TWO), Draw())
    for action in (Draw(), TakeDiscard()):
        with pytest.raises(IllegalActionError, match="holds a card"):
            engine.apply(state, action)


def test_an_illegal_action_changes_nothing() -> None:
    state = engine.apply(table(TWO, draw=[11, 2]), Draw())
    before = state
    with pytest.raises(IllegalActionError):
        engine.apply(state, Flip(0))
    assert state == before and state.held == 11


def test_nobody_may_act_for_the_player_on_turn() -> None:
    state = engine.apply(table(TWO), Draw())
    with pytest.raises(IllegalActionError, match="player 0's turn"):
        engine.apply(state, Swap(3), player=1)
