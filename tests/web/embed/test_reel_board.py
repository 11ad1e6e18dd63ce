"""Frames of a record, the bare-state board, the host messages and the texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skyjo import engine, record, scenarios, share
from skyjo.actions import Draw
from skyjo.events import RoundScored
from skyjo.state import Phase
from skyjo.web.embed import board, messages, params, reel
from skyjo.web.embed.params import seat_names
from skyjo.web.embed.texts import Texts

RECORDS = Path(__file__).resolve().parents[2] / "records"


def recorded(name: str) -> record.GameRecord:
    return record.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def test_frames_match_replay_steps() -> None:
    game = recorded("default_full_game")
    frames = reel.frames(game)
    steps = list(record.replay_steps(game))
    assert [f.state for f in frames] == [s.state for s in steps]
    assert [(f.round_number, f.move_number) for f in frames] == [
        (s.round_number, s.move_number) for s in steps
    ]
    assert frames[-1].index == sum(len(r.moves) for r in game.rounds)
    assert reel.round_starts(frames) == tuple(p for p, s in enumerate(steps) if s.move_number == 0)
    assert sum(1 for f in frames if f.round_scored) == len(game.rounds)


@pytest.mark.parametrize("name", list(scenarios.SCENARIOS))
def test_a_scenario_reel_starts_at_its_situation_and_ends_with_the_effect(name: str) -> None:
    s = scenarios.get(name)
    frames = reel.frames(s.record())
    start = reel.frame_at(frames, s.start_move)
    assert frames[start].state == s.start_state()
    assert frames[-1].state == s.play_on().final
    assert len(frames) - 1 - start == len(s.continuation)


def test_the_board_shows_what_the_state_holds() -> None:
    s = scenarios.get("column")
    frames = reel.frames(s.record())
    html = board.table(Texts("en"), frames[-1].state, s.players, show="table", frame=frames[-1])
    assert 'class="card removed fresh"' in html
    assert "column of three 7s is removed" in html
    summary = board.grid_summary(frames[-1].state, show="table")
    assert summary[0][0::4] == ("x", "x", "x")
    assert "?" in summary[1]
    assert "?" not in board.grid_summary(frames[-1].state, show="all")[1]


def test_a_seat_view_hides_another_players_drawn_card() -> None:
    game = recorded("default_full_game")
    frames = reel.frames(game)
    turn = next(f.state for f in frames if f.state.phase is Phase.TURN)
    mover = turn.to_move
    assert mover is not None
    drawn = engine.apply(turn, Draw(), player=mover)
    other = (mover + 1) % drawn.num_players
    t = Texts("en")
    assert "holds a drawn card" in board.piles(t, drawn, game.names, show=other)
    assert "holds a drawn card" not in board.piles(t, drawn, game.names, show=mover)
    assert "holds a drawn card" not in board.piles(t, drawn, game.names, show="table")


def test_round_scored_frames_show_the_scores() -> None:
    s = scenarios.get("tie_doubles")
    final = s.play_on().final
    html = board.table(Texts("en"), final, s.players, show="table")
    assert "12 (×2)" in html
    assert "a tie counts double" in html


def test_messages_have_the_documented_shapes() -> None:
    config = params.parse("?scenario=target&id=demo")
    playthrough = scenarios.get("target").play_on()
    scored = next(e for e in playthrough.events if isinstance(e, RoundScored))
    ready = messages.ready(config, ("Jonas", "Lena"), 300)
    assert ready["type"] == "skyjo:ready" and ready["id"] == "demo"
    assert ready["mode"] == "scenario" and ready["problems"] == []
    ended = messages.round_ended(config, 1, scored.result, scored.totals)
    assert set(ended) == {"type", "id", "round", "raw", "points", "totals", "finisher", "doubled"}
    assert ended["points"][ended["finisher"]] == 100 and ended["doubled"] is True
    over = messages.game_ended(config, playthrough.final.totals, playthrough.final.winners)
    assert over == {"type": "skyjo:game-ended", "id": "demo", "totals": [100, 30], "winners": [1]}
    for message in (ready, ended, over, messages.size(config, 10)):
        assert json.loads(json.dumps(message)) == message
    assert messages.is_measure_request({"type": "skyjo:measure"})
    assert not messages.is_measure_request("skyjo:measure")


def test_the_texts_agree_across_languages_and_do_not_clash() -> None:
    assert Texts("de").t("scenario.column.title") == "Eine Spalte vervollständigen"


def test_seat_names_never_call_a_bot_you() -> None:
    assert seat_names(("medium", "human", "hard"), "en") == ("Alex", "You", "Sam")
    assert seat_names(("human", "human"), "de") == ("Du", "Anna")


def test_the_move_counter_uses_start_s_numbering() -> None:
    # Issue 13 item 20: start=N and "Move N of M" count the same moves (record
    # moves over all rounds, deals not counted), so an author copies the number.
    game = recorded("default_full_game")
    frames = reel.frames(game)
    total = sum(len(r.moves) for r in game.rounds)
    for start in (0, 1, 17, len(game.rounds[0].moves), total):
        config = params.parse(f"?start={start}", "#g=" + share.encode(game))
        assert config.problems == ()
        shown, of = reel.move_counter(frames, reel.frame_at(frames, start))
        assert (shown, of) == (start, total)
