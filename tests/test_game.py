"""The Game shell: chance from a seed, records that replay, saving mid-turn, put back."""

from __future__ import annotations

import random

import pytest

from skyjo import engine, record
from skyjo.actions import Draw, Swap, TakeDiscard
from skyjo.errors import IllegalActionError, RecordError
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.state import Phase


def play_some(game: Game, turns: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(turns):
        if game.state.is_terminal:
            return
        game.play(rng.choice(game.legal_actions()))


def test_the_same_seed_deals_the_same_game() -> None:
    a, b = Game(["A", "B"], seed=11), Game(["A", "B"], seed=11)
    assert a.state == b.state
    assert Game(["A", "B"], seed=12).state != a.state


def test_a_game_saved_mid_turn_resumes_mid_turn() -> None:
    game = Game(["Anna", "Ben", "Cem"], seed=5)
    play_some(game, 30)
    while game.state.phase is not Phase.TURN:
        play_some(game, 1, seed=1)
    game.play(Draw())
    text = record.dumps(game.record())
    assert '"pending"' in text
    resumed = Game.from_record(record.loads(text))
    assert resumed.state == game.state and resumed.state.phase is Phase.PLACE_DRAWN
    assert record.replay(record.loads(text)) == game.state


def test_a_pending_take_only_ends_the_last_round() -> None:
    game = Game(["A", "B"], seed=3)
    rng = random.Random(2)
    while game.state.round_number < 2 and not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    data = record.to_json(game.record())
    data["rounds"][0]["pending"] = {"player": 0, "take": "draw"}
    with pytest.raises(RecordError, match=r"round 1, move \d+: only the last round"):
        record.replay(record.from_json(data))


def test_putting_back_the_discard_card_restores_the_turn() -> None:
    game = Game(["A", "B"], seed=8)
    play_some(game, 4)
    while game.state.phase is not Phase.TURN:
        play_some(game, 1, seed=3)
    before = game.state
    game.play(TakeDiscard())
    assert game.can_put_back()
    game.put_back()
    assert game.state == before
    assert "pending" not in record.to_json(game.record())["rounds"][-1]
    with pytest.raises(IllegalActionError, match="no card"):
        game.put_back()


def test_a_drawn_card_cannot_be_put_back() -> None:
    game = Game(["A", "B"], seed=8)
    play_some(game, 4)
    while game.state.phase is not Phase.TURN:
        play_some(game, 1, seed=3)
    game.play(Draw())
    assert not game.can_put_back()
    with pytest.raises(IllegalActionError):
        game.put_back()


def test_play_is_checked_and_events_include_chance() -> None:
    game = Game(["A", "B"], seed=1)
    with pytest.raises(IllegalActionError):
        game.play(Swap(0))
    rng = random.Random(4)
    rounds_dealt = 1
    while not game.state.is_terminal:
        events = game.play(rng.choice(game.legal_actions()))
        rounds_dealt += sum(type(e).__name__ == "RoundDealt" for e in events)
    assert rounds_dealt == game.state.round_number
    assert engine.current_player(game.state) is None
    with pytest.raises(IllegalActionError, match="game is over"):
        game.current_player()


def test_pausing_between_rounds_keeps_the_final_layouts_until_next_round() -> None:
    # A high target: random play can pass 100 in one round.
    game = Game(["A", "B"], Rules(target=1000), seed=2, pause_between_rounds=True)
    rng = random.Random(9)
    while game.state.phase is not Phase.DEAL:
        game.play(rng.choice(game.legal_actions()))
    assert game.state.round_number == 1 and len(game.state.results) == 1
    assert all(not g.has_face_down() for g in game.state.grids)
    resumed = Game.from_record(game.record(), pause_between_rounds=True)
    assert resumed.state == game.state
    events = game.next_round()
    after = game.state
    assert after.round_number == 2 and after.phase is Phase.SETUP
    assert type(events[0]).__name__ == "RoundDealt"
    with pytest.raises(IllegalActionError, match="only follow a finished one"):
        game.next_round()
    unpaused = Game.from_record(resumed.record())
    assert unpaused.state.round_number == 2
