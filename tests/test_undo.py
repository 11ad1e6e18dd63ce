"""Taking a turn back (issue 36 item 9, the game page's Undo) in the engine and the
record: a player's last turn and every move after it are taken back, the card they
took stays in their hand, no card once seen is hidden again, and the record keeps
what was taken back beside the moves that stood, replaying to the same state."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from skyjo import engine, record
from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.errors import IllegalActionError, RecordError
from skyjo.game import Game, NoTakeBack
from skyjo.record import PendingTake, TurnMove
from skyjo.review.decisions import decision_points
from skyjo.rules import Rules
from skyjo.state import Phase, State
from skyjo.web.embed import reel


def at_turn_of(game: Game, seat: int, rng: random.Random) -> None:
    """Play random legal steps until ``seat``'s turn starts with a face-up card in
    their grid it could be swapped for (the round may be a later one)."""
    for _ in range(5000):
        state = game.state
        grid = state.grids[seat]
        up = any(grid.face_up[p] and not grid.removed[p] for p in range(12))
        if state.phase is Phase.TURN and state.to_move == seat and up and state.finisher is None:
            return
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("never reached the turn")


def face_up_position(state: State, seat: int) -> int:
    grid = state.grids[seat]
    return next(p for p in range(12) if grid.face_up[p] and not grid.removed[p])


def others_play(game: Game, seat: int, rng: random.Random) -> int:
    """The other players play until ``seat`` is due again; how many steps they took."""
    steps = 0
    while engine.current_player(game.state) not in (seat, None) and game.state.phase not in (
        Phase.DEAL,
        Phase.GAME_OVER,
    ):
        game.play(rng.choice(game.legal_actions()))
        steps += 1
    return steps


def turn_then_others(take: str, seed: int = 4) -> tuple[Game, State, State]:
    """Seat 0 takes (``take``) and swaps for a face-up card, then seats 1 and 2
    play; returns the game, the state before seat 0's turn and the state with the
    card in seat 0's hand."""
    game = Game(["Ann", "Ben", "Cem"], Rules(target=1000), seed=seed)
    rng = random.Random(seed)
    at_turn_of(game, 0, rng)
    before = game.state
    game.play(TakeDiscard() if take == "discard" else Draw())
    holding = game.state
    game.play(Swap(face_up_position(before, 0)))
    assert others_play(game, 0, rng) > 0
    assert game.state.phase is Phase.TURN and game.state.to_move == 0
    return game, before, holding


# --- what is taken back ---------------------------------------------------------------


@pytest.mark.parametrize("take", ["discard", "draw"])
def test_taking_back_returns_to_the_card_in_hand_and_undoes_the_later_moves(take: str) -> None:
    game, before, holding = turn_then_others(take)
    others = game.state.grids[1:]
    assert others != before.grids[1:]  # the other players did change their grids
    entry = game.take_back(0)
    # Exactly the table as it was with the card in hand: seat 0's grid, the other
    # grids, the piles and (for a drawn card) the very same card.
    assert game.state == holding
    assert game.state.held == holding.held and game.state.grids == before.grids
    assert isinstance(entry.moves[0], TurnMove) and entry.moves[0].player == 0
    assert len(entry.moves) >= 3  # the turn and at least the two others' turns
    assert game.record().rounds[-1].pending == PendingTake(0, take)  # type: ignore[arg-type]
    # The other players play on after seat 0's new choice.
    game.play(Swap(face_up_position(before, 0)))
    assert engine.current_player(game.state) == 1


def test_a_drawn_card_taken_back_is_the_same_card_and_the_draw_pile_its_order() -> None:
    game, _, holding = turn_then_others("draw")
    game.take_back(0)
    assert game.state.held == holding.held
    assert game.state.draw_pile == holding.draw_pile
    # The put-back of a discard pile's card is not offered after a take-back either.
    assert not game.can_put_back()


def test_a_take_under_way_is_taken_back_with_the_turns() -> None:
    game = Game(["Ann", "Ben"], seed=7)
    rng = random.Random(7)
    at_turn_of(game, 0, rng)
    game.play(TakeDiscard())
    game.play(Swap(face_up_position(game.state, 0)))
    game.play(Draw())  # Ben holds the drawn card when Ann takes her turn back
    entry = game.take_back(0)
    assert entry.pending == PendingTake(1, "draw")
    text = record.dumps(game.record())
    assert '"pending":{"player":1,"take":"draw"}' in text
    assert record.replay(record.loads(text)) == game.state


# --- refused, saying why ------------------------------------------------------------------


def test_nothing_to_take_back_in_the_opening_or_before_a_turn() -> None:
    game = Game(["Ann", "Ben"], seed=3)
    assert game.take_back_refusal(0) is NoTakeBack.NO_TURN
    with pytest.raises(IllegalActionError, match="no turn in this round"):
        game.take_back(0)


def test_a_turn_that_turned_up_a_card_is_not_taken_back() -> None:
    game = Game(["Ann", "Ben"], Rules(target=1000), seed=5)
    rng = random.Random(5)
    at_turn_of(game, 0, rng)
    grid = game.state.grids[0]
    down = next(p for p in range(12) if not grid.face_up[p])
    game.play(Draw())
    game.play(Flip(down))
    assert game.take_back_refusal(0) is NoTakeBack.SEEN
    with pytest.raises(IllegalActionError, match=r"once seen is not taken back.*turned over"):
        game.take_back(0)
    before = game.state
    at_turn_of(game, 0, rng)
    game.play(TakeDiscard())
    down = next(p for p in range(12) if not game.state.grids[0].face_up[p])
    game.play(Swap(down))  # the face-down card goes to the discard pile, face up
    assert game.take_back_refusal(0) is NoTakeBack.SEEN
    with pytest.raises(IllegalActionError, match="swapped away the face-down card"):
        game.take_back(0)
    assert before != game.state


def test_a_player_holding_a_card_places_it_first() -> None:
    game, _, _ = turn_then_others("discard")
    game.play(Draw())
    assert game.take_back_refusal(0) is NoTakeBack.HOLDING
    with pytest.raises(IllegalActionError, match="hold a card"):
        game.take_back(0)


def test_a_take_back_never_reaches_past_an_earlier_one() -> None:
    game = Game(["Ann", "Ben"], Rules(target=1000), seed=6)
    rng = random.Random(6)
    at_turn_of(game, 1, rng)
    game.play(TakeDiscard())
    game.play(Swap(face_up_position(game.state, 1)))  # Ben's turn, then Ann's
    at_turn_of(game, 0, rng)
    game.play(TakeDiscard())
    game.play(Swap(face_up_position(game.state, 0)))
    game.take_back(0)
    game.play(Swap(face_up_position(game.state, 0)))
    # Ben's last turn came before Ann's take-back: it stands.
    assert game.take_back_refusal(1) is NoTakeBack.EARLIER
    with pytest.raises(IllegalActionError, match="came before a take-back"):
        game.take_back(1)
    assert game.take_back_refusal(0) is None  # Ann's new turn may be taken back again


def test_nothing_is_taken_back_across_a_rounds_end() -> None:
    game = Game(["Ann", "Ben"], Rules(target=1000), seed=2, pause_between_rounds=True)
    rng = random.Random(2)
    while game.state.phase is not Phase.DEAL:
        game.play(rng.choice(game.legal_actions()))
    assert game.take_back_refusal(0) is NoTakeBack.ROUND_OVER
    with pytest.raises(IllegalActionError, match="round is over"):
        game.take_back(0)
    game.next_round()  # and the new round has no turn of Ann's yet
    assert game.take_back_refusal(0) is NoTakeBack.NO_TURN


# --- the record -------------------------------------------------------------------------------


def test_a_record_with_a_take_back_round_trips_and_replays_to_the_same_state() -> None:
    game, _, _ = turn_then_others("draw")
    entry = game.take_back(0)
    game.play(Swap(face_up_position(game.state, 0)))
    others_play(game, 0, random.Random(1))
    saved = game.record()
    data = record.to_json(saved)
    taken = data["rounds"][-1]["taken_back"]
    assert taken == [record.to_json(saved)["rounds"][-1]["taken_back"][0]]
    assert taken[0]["at"] == entry.at and taken[0]["moves"][0]["player"] == 0
    loaded = record.loads(record.dumps(saved))
    assert loaded == saved
    assert record.replay(loaded) == game.state
    resumed = Game.from_record(loaded)
    assert resumed.state == game.state and resumed.record() == saved


def test_a_record_without_take_backs_is_written_and_read_as_before() -> None:
    game = Game(["Ann", "Ben"], seed=9)
    for action in (Flip(0), Flip(1)):
        game.play(action, player=0)
    data = record.to_json(game.record())
    assert "taken_back" not in data["rounds"][0]
    assert record.from_json(data).rounds[0].taken_back == ()


def test_only_the_moves_that_stood_are_reviewed_and_replayed() -> None:
    game, _, _ = turn_then_others("discard")
    game.take_back(0)
    game.play(Swap(face_up_position(game.state, 0)))
    others_play(game, 0, random.Random(3))
    with_take_back = game.record()
    rounds = with_take_back.rounds
    without = record.GameRecord(
        with_take_back.rules,
        with_take_back.players,
        (*rounds[:-1], record.RoundRecord(rounds[-1].deal, rounds[-1].moves, rounds[-1].pending)),
    )
    assert decision_points(with_take_back, 0) == decision_points(without, 0)
    frames = reel.frames(with_take_back)
    assert [f.move for f in frames] == [f.move for f in reel.frames(without)]
    # The replay viewer finds the take-back at the frame it was played from.
    at = rounds[-1].taken_back[0].at
    here = [f for f in frames if f.round_number == len(rounds) and f.move_number == at]
    (turn, later), *_ = reel.taken_back(with_take_back, here[0])
    assert turn.move == rounds[-1].taken_back[0].moves[0] and later >= 2


def recorded(take: str = "discard") -> dict[str, Any]:
    """A record (as JSON) whose last round has one take-back, then the new turn."""
    game, _, _ = turn_then_others(take)
    game.take_back(0)
    game.play(Swap(face_up_position(game.state, 0)))
    return record.to_json(game.record())


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        record.replay(record.from_json(data))
    return str(caught.value)


def test_a_take_back_of_a_turn_that_turned_up_a_card_is_refused() -> None:
    data = recorded("draw")
    entry = data["rounds"][-1]["taken_back"][0]
    entry["moves"][0] = {"player": 0, "take": "draw", "flip": 0}
    message = refused(data)
    assert f"move {entry['at'] + 1}: take-back 1: player 0's turn turns over 0" in message
    assert "a card once seen is not taken back" in message


def test_a_take_back_must_keep_the_card_taken() -> None:
    data = recorded("discard")
    entry = data["rounds"][-1]["taken_back"][0]
    entry["moves"][0]["take"] = "draw"  # peeked at the draw pile, then took the discard
    message = refused(data)
    assert "a card taken stays taken" in message and f"move {entry['at'] + 1}" in message


def test_a_take_back_with_an_illegal_move_names_it() -> None:
    data = recorded()
    entry = data["rounds"][-1]["taken_back"][0]
    entry["moves"][1]["player"] = 0  # not Ann's turn again
    assert "take-back 1: its move 2: player 0" in refused(data)


def test_a_take_back_across_a_rounds_end_is_refused() -> None:
    # A round whose last turn swapped a face-up card: taken back, it would undo
    # the round's end.
    for seed in range(40):
        game = Game(["Ann", "Ben"], Rules(target=1000), seed=seed, pause_between_rounds=True)
        rng = random.Random(seed)
        at_turn = game.state
        while game.state.phase is not Phase.DEAL:
            if game.state.phase is Phase.TURN:
                at_turn = game.state
            game.play(rng.choice(game.legal_actions()))
        data = record.to_json(game.record())
        moves = data["rounds"][0]["moves"]
        last = moves[-1]
        if "swap" in last and at_turn.grids[last["player"]].face_up[last["swap"]]:
            break
    else:
        pytest.fail("no round ended with a swap for a face-up card")
    rnd = data["rounds"][0]
    rnd["moves"] = moves[:-1]
    rnd["taken_back"] = [{"at": len(moves) - 1, "moves": [last]}]
    rnd["pending"] = {"player": last["player"], "take": last["take"]}
    assert "its move 1 ends the round, and a round's end is not taken back" in refused(data)


@pytest.mark.parametrize(
    ("taken_back", "says"),
    [
        ({"at": 3}, "must be a list of take-backs"),
        ([{"at": 3}], 'take-back 1 must be {"at": 0..'),
        ([{"at": -1, "moves": [{"player": 0, "take": "draw", "swap": 1}]}], "take-back 1 must be"),
        ([{"at": 3, "moves": [{"player": 0, "flip": 1}]}], "must start with a whole turn"),
        ([{"at": 3, "moves": [{"player": 9, "take": "draw", "swap": 1}]}], "'player' must be"),
        ([{"at": 3, "moves": [{"reshuffle": [1]}], "x": 1}], "take-back 1 must be"),
    ],
)
def test_a_malformed_take_back_is_refused_saying_where(taken_back: Any, says: str) -> None:
    data = recorded()
    data["rounds"][-1]["taken_back"] = taken_back
    with pytest.raises(RecordError) as caught:
        record.from_json(data)
    assert says in str(caught.value)
    assert str(caught.value).startswith(f"round {len(data['rounds'])}, move ")


def test_take_backs_are_listed_in_the_order_they_happened() -> None:
    data = recorded()
    rnd = data["rounds"][-1]
    first = rnd["taken_back"][0]
    earlier = {**first, "at": first["at"] - 1}
    rnd["taken_back"] = [first, earlier]
    with pytest.raises(RecordError, match="listed in the order they happened"):
        record.from_json(data)


def test_a_bad_move_before_a_bad_take_back_is_reported_first() -> None:
    data = recorded()
    rnd = data["rounds"][-1]
    rnd["taken_back"][0]["moves"] = "nonsense"  # a shape error, found after the moves'
    rnd["moves"][1] = dict(rnd["moves"][0])  # but this move, illegal, comes first
    with pytest.raises(RecordError, match=r"^round \d+, move 2: "):
        record.load_and_replay(json.dumps(data))


# --- a sweep: random games with random take-backs ---------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_take_backs_always_replay_to_the_game_state(seed: int) -> None:
    # Invariant: whatever is taken back and when (reshuffles, takes under way, a
    # card put back, a game continued from its record included), the player holds
    # exactly the card they took from the table their turn started at, the record
    # replays to the game's state, and continues as the same game.
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(rng.randint(2, 4))], Rules(target=150), seed=seed)
    taken = 0
    while not game.state.is_terminal:
        seat = rng.randrange(game.state.num_players)
        if rng.random() < 0.15 and game.take_back_refusal(seat) is None:
            entry = game.take_back(seat)
            taken += 1
            # The table the turn started at: the round's moves that stand, replayed.
            saved = game.record()
            last = saved.rounds[-1]
            stood = (*saved.rounds[:-1], record.RoundRecord(last.deal, last.moves))
            start = record.replay(replace(saved, rounds=stood))
            take = TakeDiscard() if entry.turn.take == "discard" else Draw()
            assert game.state == engine.apply(start, take, player=seat)
            assert record.replay(game.record()) == game.state
        elif rng.random() < 0.05 and game.can_put_back():
            game.put_back()
        elif rng.random() < 0.02:
            game = Game.from_record(game.record(), seed=rng.randrange(1000))
        else:
            game.play(rng.choice(game.legal_actions()))
    assert taken > 0
    saved = game.record()
    assert record.replay(record.loads(record.dumps(saved))) == game.state
    assert Game.from_record(saved).record() == saved
