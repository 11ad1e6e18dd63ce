"""An invalid record reports its first problem in move order, whatever kind it is."""

from __future__ import annotations

import json
import random

import pytest

from skyjo import record
from skyjo.errors import RecordError
from skyjo.game import Game


def recorded(turns: int = 24) -> dict[str, object]:
    game = Game(["Anna", "Ben"], seed=1)
    rng = random.Random(1)
    for _ in range(turns):
        game.play(rng.choice(game.legal_actions()))
    return record.to_json(game.record())


def test_an_illegal_move_before_a_malformed_one_is_reported_first() -> None:
    data = recorded()
    moves = data["rounds"][0]["moves"]  # type: ignore[index]
    wrong_seat = 1 - moves[5]["player"]
    moves[5] = {"player": wrong_seat, "take": "draw", "swap": 0}  # not this player's turn
    moves[7] = {"player": 0, "jump": 1}  # malformed
    with pytest.raises(RecordError, match=r"^round 1, move 6: ") as caught:
        record.load_and_replay(json.dumps(data))
    assert caught.value.move_number == 6


def test_a_malformed_move_with_nothing_wrong_before_it_is_reported() -> None:
    data = recorded()
    data["rounds"][0]["moves"][7] = {"player": 0, "jump": 1}  # type: ignore[index]
    with pytest.raises(RecordError, match=r"^round 1, move 8: unknown move"):
        record.load_and_replay(json.dumps(data))
