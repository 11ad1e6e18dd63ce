"""Ending a round: the finisher, the last turns, the final reveal, reshuffles,
and the next round's starter."""

from __future__ import annotations

import random

import pytest

from skyjo import engine
from skyjo.actions import Action, Draw, Flip, Reshuffle, Swap, TakeDiscard
from skyjo.errors import IllegalActionError
from skyjo.events import ColumnRemoved, PilesReshuffled, RoundEnding, RoundScored
from skyjo.rules import Rules
from skyjo.state import CHANCE, Phase, State
from tests.builders import table

LENA = "1 2 0 0 / 2 0 1 [3] / 0 1 -1 [0]"
JONAS = "3 3 2 1 / 2 1 3 2 / 1 2 [0] [1]"
MIA = "7 5 2 4 / 7 -1 3 1 / [9] 0 -2 2"


def seed_round_one(rules: Rules | None = None) -> State:
    """Seed 001's round 1 at Mia's (seat 2) turn: she can swap the discard pile's 7
    into her last face-down slot, completing a column of 7s."""
    return table([LENA, JONAS, MIA], to_move=2, discard=[7, 4], draw=[12, 12, 12], rules=rules)


def play_out_round_one(state: State) -> tuple[State, list[object]]:
    events: list[object] = []
    turns: list[tuple[int, list[Action]]] = [
        (2, [TakeDiscard(), Swap(8)]),
        (0, [Draw(), Flip(7)]),
        (1, [Draw(), Flip(10)]),
    ]
    for player, actions in turns:
        for action in actions:
            state, new = engine.step(state, action, player=player)
            events.extend(new)
    return state, events


def test_a_player_with_no_face_down_card_ends_the_round() -> None:
    state = seed_round_one()
    state = engine.apply(engine.apply(state, TakeDiscard()), Swap(8))
    assert state.finisher == 2
    assert state.last_turns
    assert state.to_move == 0 and state.phase is Phase.TURN


def test_everyone_else_gets_exactly_one_more_turn_and_the_finisher_none() -> None:
    state = engine.apply(engine.apply(seed_round_one(), TakeDiscard()), Swap(8))
    movers = []
    while state.phase is not Phase.DEAL:
        movers.append(state.to_move)
        state = engine.apply(
            engine.apply(state, Draw()),
            Flip(state.grids[state.to_move or 0].face_down_positions()[0]),
        )
    assert movers == [0, 1]


def test_seed_001_round_one_mia_14_against_lena_9_writes_28() -> None:
    state, events = play_out_round_one(seed_round_one())
    assert RoundEnding(2) in events
    result = state.results[-1]
    assert result.raw == (9, 21, 14)
    assert result.points == (9, 21, 28) and result.doubled
    assert state.totals == (9, 21, 28)
    assert isinstance(events[-1], RoundScored)


def test_all_cards_are_turned_up_at_the_end_and_counted() -> None:
    state, _ = play_out_round_one(seed_round_one())
    assert all(not g.has_face_down() for g in state.grids)


def test_the_final_reveal_removes_completed_columns_again() -> None:
    lena = "5 2 0 0 / 5 0 1 [3] / [5] 1 -1 [0]"
    state = table([lena, JONAS, MIA], to_move=2, discard=[7, 4], draw=[12, 12, 12])
    state, events = play_out_round_one(state)
    assert ColumnRemoved(0, 0, 5) in events
    assert state.grids[0].removed[0] and state.results[-1].raw[0] == 9 - (
        1 + 2 + 0
    )  # Lena as in round one, minus her old column 0


def test_the_finisher_starts_the_next_round() -> None:
    state, _ = play_out_round_one(seed_round_one())
    assert state.phase is Phase.DEAL and engine.current_player(state) == CHANCE
    state = engine.apply(state, engine.random_deal(3, random.Random(2)))
    for player in (0, 1, 2):
        for position in (0, 1):
            state = engine.apply(state, Flip(position), player=player)
    assert state.to_move == 2 and state.starter == 2


# --- an empty draw pile -----------------------------------------------------------

EMPTY = [
    "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] 1",
    "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] 2",
]


def test_an_empty_draw_pile_waits_for_a_reshuffle_of_the_discard_pile() -> None:
    state = table(EMPTY, draw=[], discard=[6, 3, 9, 12])
    assert engine.is_chance_node(state) and engine.current_player(state) == CHANCE
    assert engine.legal_actions(state, 0) == ()
    with pytest.raises(IllegalActionError, match="reshuffled first"):
        engine.apply(state, TakeDiscard(), player=0)
    after, events = engine.step(state, Reshuffle((9, 12, 3)))
    assert events == (PilesReshuffled(3),)
    assert after.discard_pile == (6,)  # the top card stays
    assert after.draw_pile[-1] == 9  # the reshuffle lists the new pile top first
    assert after.reshuffles == 1
    assert engine.apply(after, Draw()).held == 9


def test_a_reshuffle_must_hold_exactly_the_discard_pile_minus_its_top() -> None:
    state = table(EMPTY, draw=[], discard=[6, 3, 9, 12])
    for wrong in [(3, 9), (3, 9, 12, 6), (3, 9, 11)]:
        with pytest.raises(IllegalActionError, match="discard pile minus its top"):
            engine.apply(state, Reshuffle(wrong))


def test_a_reshuffle_is_only_allowed_when_the_draw_pile_is_empty() -> None:
    state = table(EMPTY, draw=[5], discard=[6, 3])
    with pytest.raises(IllegalActionError, match="only allowed when the draw pile is empty"):
        engine.apply(state, Reshuffle((3,)))


def test_chance_outcome_reshuffles_the_right_cards() -> None:
    state = table(EMPTY, draw=[], discard=[6, 3, 9, 12, 12])
    outcome = engine.chance_outcome(state, random.Random(0))
    assert isinstance(outcome, Reshuffle) and sorted(outcome.order) == [3, 9, 12, 12]


# --- game end -------------------------------------------------------------------


def test_the_game_ends_when_a_total_reaches_exactly_the_target() -> None:
    # Before the round: Lena 91, Jonas 79, Mia 60; the round adds 9, 21, 28.
    state, _ = play_out_round_one(
        table([LENA, JONAS, MIA], to_move=2, discard=[7, 4], draw=[12, 12, 12], totals=[91, 79, 60])
    )
    assert state.totals == (100, 100, 88)
    assert state.phase is Phase.GAME_OVER and state.winners == (2,)
    assert engine.current_player(state) is None and engine.legal_actions(state, 0) == ()
    with pytest.raises(IllegalActionError, match="game is over"):
        engine.apply(state, engine.random_deal(3, random.Random(1)))


def test_one_point_below_the_target_plays_on() -> None:
    state, _ = play_out_round_one(
        table([LENA, JONAS, MIA], to_move=2, discard=[7, 4], draw=[12, 12, 12], totals=[90, 78, 60])
    )
    assert state.totals == (99, 99, 88) and state.phase is Phase.DEAL


def test_equal_lowest_totals_share_the_win() -> None:
    state, _ = play_out_round_one(
        table([LENA, JONAS, MIA], to_move=2, discard=[7, 4], draw=[12, 12, 12], totals=[79, 80, 60])
    )
    assert state.totals == (88, 101, 88) and state.winners == (0, 2)


class TestTarget:
    """The ``target`` option: the game ends once a total reaches it."""

    def test_a_lower_target_ends_sooner(self) -> None:
        rules = Rules(target=50)
        state = table(
            [LENA, JONAS, MIA],
            to_move=2,
            discard=[7, 4],
            draw=[12, 12, 12],
            rules=rules,
            totals=[0, 29, 0],
        )
        state, _ = play_out_round_one(state)
        assert state.totals == (9, 50, 28) and state.is_terminal and state.winners == (0,)

    @pytest.mark.parametrize("bad", [0, -5, True, "100"])
    def test_a_target_must_be_a_positive_integer(self, bad: object) -> None:
        with pytest.raises(ValueError, match="target"):
            Rules(target=bad)  # type: ignore[arg-type]
