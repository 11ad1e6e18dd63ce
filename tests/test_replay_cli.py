"""``python -m skyjo replay FILE``: valid records print the documented summary,
invalid ones exit 2 with one line naming ``round R, move M``.

The records here are built by hand from small deals whose outcome can be worked
out on paper: turns that draw and flip never change a layout's values, so a round
played that way scores exactly the sums of the dealt grids. Expected summaries are
computed from those numbers (or from a tiny independent simulation of the piles),
never from the replay code itself.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from skyjo import cli
from skyjo.cards import DECK_COMPOSITION

SRC = Path(__file__).resolve().parents[1] / "src"

Json = dict[str, Any]


def run_subprocess(path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m skyjo replay PATH`` in a fresh interpreter, src/ importable."""
    paths = [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    return subprocess.run(
        [sys.executable, "-m", "skyjo", "replay", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def run_in_process(path: Path) -> subprocess.CompletedProcess[str]:
    """The same command through ``cli.main`` (an escaping exception fails the test)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", str(path)])
    return subprocess.CompletedProcess(["replay", str(path)], code, out.getvalue(), err.getvalue())


#: Test functions that have already run the real command once. Starting Python
#: costs ~0.15 s, so each test function runs ``python -m skyjo replay`` in a
#: subprocess for its first case and the rest of its parametrized cases through
#: ``cli.main`` in-process: every kind of input still crosses the process
#: boundary (exit status, stderr, no traceback), and the suite stays fast.
_SEEN_KINDS: set[str] = set()
_USE_SUBPROCESS = True


@pytest.fixture(autouse=True)
def _choose_runner(request: pytest.FixtureRequest) -> None:
    global _USE_SUBPROCESS
    kind = request.node.originalname
    _USE_SUBPROCESS = kind not in _SEEN_KINDS
    _SEEN_KINDS.add(kind)


def run_replay(path: Path) -> subprocess.CompletedProcess[str]:
    return run_subprocess(path) if _USE_SUBPROCESS else run_in_process(path)


def replay_data(tmp_path: Path, data: object) -> subprocess.CompletedProcess[str]:
    """Write ``data`` (JSON-encoded unless it is already str/bytes) and replay it."""
    path = tmp_path / "game.json"
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return run_replay(path)


def ok_summary(tmp_path: Path, data: object) -> Json:
    result = replay_data(tmp_path, data)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, "one JSON object on one line"
    parsed = json.loads(lines[0])
    assert isinstance(parsed, dict)
    return parsed


def error_line(tmp_path: Path, data: object) -> str:
    result = replay_data(tmp_path, data)
    return check_error(result)


def check_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- building records by hand ----------------------------------------------------


def deal(grids: list[list[int]], discard: int, draw_top: list[int] | None = None) -> Json:
    """A full-deck deal with these grids and discard card; the draw pile starts with
    ``draw_top`` (top first) and continues with the rest of the deck in value order."""
    rest = Counter(DECK_COMPOSITION)
    rest.subtract([v for g in grids for v in g] + [discard, *(draw_top or [])])
    assert all(n >= 0 for n in rest.values()), f"not enough cards: {-rest}"
    draw = list(draw_top or []) + sorted(rest.elements())
    assert len(grids) * 12 + 1 + len(draw) == 150
    return {"grids": grids, "discard": discard, "draw": draw}


def game(rounds: list[Json], *, players: int | list[Any] = 2, rules: Json | None = None) -> Json:
    names: list[Any] = players if isinstance(players, list) else ["Ann", "Ben", "Cid"][:players]
    data: Json = {"format": "skyjo-record", "version": 1, "players": names, "rounds": rounds}
    if rules is not None:
        data["rules"] = rules
    return data


def setup(*flips: tuple[int, int]) -> list[Json]:
    return [{"player": p, "flip": pos} for p, pos in flips]


def draw_flip(player: int, pos: int) -> Json:
    return {"player": player, "take": "draw", "flip": pos}


def no_triples(grid: list[int]) -> bool:
    return all(len({grid[c], grid[c + 4], grid[c + 8]}) > 1 for c in range(4))


# Two-player deal. Setup flips are positions 0 and 1: Ann shows 5 + 4 = 9, Ben
# 3 + 3 = 6, so Ann starts. No column holds three equal values.
ANN = [5, 4, 1, 1, 2, 3, 0, 0, 1, 2, 0, 0]  # sum 19
BEN = [3, 3, 2, 2, 4, 4, 5, 5, 6, 6, 1, 1]  # sum 42
DRAW_TOP = [7, 8, 9, 10, 11, 12, 7, 8, 9, 10, 11, 12, 7, 8, 9, 10, 11, 12, 7, 8, 9, 10]
TWO = deal([ANN, BEN], discard=6, draw_top=DRAW_TOP)
SETUP_2 = setup((0, 0), (0, 1), (1, 0), (1, 1))


def flip_everything(order: list[int], players: int) -> list[Json]:
    """Turns in seat order starting with ``order[0]``: each player draws, discards
    and turns up positions 2..11 in order, until the starter has turned up all
    and everyone else has had their last turn (also turning up everything)."""
    moves = []
    for k in range(10):
        for p in order[:players]:
            moves.append(draw_flip(p, k + 2))
    return moves


def test_test_grids_are_what_the_comments_say() -> None:
    assert sum(ANN) == 19 and sum(BEN) == 42
    assert no_triples(ANN) and no_triples(BEN)


# --- valid records ---------------------------------------------------------------


def test_a_finished_round_that_does_not_end_the_game(tmp_path: Path) -> None:
    # Ann starts (9 > 6), turns up her last card on her 10th turn, Ben has his last
    # turn. Ann's 19 is alone lowest: not doubled. Nobody reaches 100.
    rnd = {"deal": TWO, "moves": SETUP_2 + flip_everything([0, 1], 2)}
    assert ok_summary(tmp_path, game([rnd])) == {
        "rounds": [{"finisher": 0, "raw": [19, 42], "points": [19, 42]}],
        "totals": [19, 42],
        "game_over": False,
        "winners": [],
        "current": None,
    }


# Three players, target 40. Setup: Ann 12 + 11 = 23 starts. Ann finishes with 25,
# Ben and Cid have 20 each: Ann is undercut and doubled to 50 >= 40, the game is
# over and Ben and Cid share the win with 20.
ANN3 = [12, 11, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
BEN3 = [1, 2, 3, 4, 1, 2, 3, 4, 0, 0, 0, 0]
CID3 = [2, 2, 2, 2, 3, 3, 3, 3, -1, -1, 1, 1]
THREE = deal([ANN3, BEN3, CID3], discard=5)
GAME_OVER_3 = game(
    [
        {
            "deal": THREE,
            "moves": setup((2, 1), (0, 0), (1, 0), (0, 1), (2, 0), (1, 1))
            + flip_everything([0, 1, 2], 3),
        }
    ],
    players=3,
    rules={"target": 40},
)


def test_a_game_over_with_shared_winners(tmp_path: Path) -> None:
    assert [sum(ANN3), sum(BEN3), sum(CID3)] == [25, 20, 20]
    assert all(no_triples(g) for g in (ANN3, BEN3, CID3))
    assert ok_summary(tmp_path, GAME_OVER_3) == {
        "rounds": [{"finisher": 0, "raw": [25, 20, 20], "points": [50, 20, 20]}],
        "totals": [50, 20, 20],
        "game_over": True,
        "winners": [1, 2],
        "current": None,
    }


def test_two_rounds_add_up_and_the_finisher_starts_the_next(tmp_path: Path) -> None:
    # Round 2 deals Ben's old grid to Ann and Ann's to Ben. Ann finished round 1,
    # so she starts round 2 although Ben shows more in setup (9 > 6). Ann finishes
    # with 42 against Ben's 19: doubled to 84. Totals 19 + 84 = 103 and 42 + 19 = 61;
    # 103 reaches 100, so the game is over and Ben wins.
    round1 = {"deal": TWO, "moves": SETUP_2 + flip_everything([0, 1], 2)}
    round2 = {"deal": deal([BEN, ANN], discard=6), "moves": SETUP_2 + flip_everything([0, 1], 2)}
    assert ok_summary(tmp_path, game([round1, round2])) == {
        "rounds": [
            {"finisher": 0, "raw": [19, 42], "points": [19, 42]},
            {"finisher": 0, "raw": [42, 19], "points": [84, 19]},
        ],
        "totals": [103, 61],
        "game_over": True,
        "winners": [1],
        "current": None,
    }


def test_an_unfinished_round_in_setup(tmp_path: Path) -> None:
    rnd = {"deal": TWO, "moves": setup((1, 5), (0, 0))}
    assert ok_summary(tmp_path, game([rnd], players=[{"name": "Ann", "age": 9}, "Ben"])) == {
        "rounds": [],
        "totals": [0, 0],
        "game_over": False,
        "winners": [],
        "current": {
            "phase": "setup",
            "to_move": None,
            "finisher": None,
            "discard_top": 6,
            "draw_count": 150 - 2 * 12 - 1,
            "grids": [[5] + [None] * 11, [None] * 5 + [BEN[5]] + [None] * 6],
        },
    }


def test_an_unfinished_round_mid_turns(tmp_path: Path) -> None:
    # Ann draws 7, discards it, turns up position 2 (1); Ben draws 8, discards it,
    # turns up position 2 (2); Ann takes the 8 and swaps it for her face-down 1 at
    # position 3, which goes onto the discard pile. Ben is to move.
    moves = [
        *SETUP_2,
        draw_flip(0, 2),
        draw_flip(1, 2),
        {"player": 0, "take": "discard", "swap": 3},
    ]
    hidden = [None] * 8
    assert ok_summary(tmp_path, game([{"deal": TWO, "moves": moves}])) == {
        "rounds": [],
        "totals": [0, 0],
        "game_over": False,
        "winners": [],
        "current": {
            "phase": "turn",
            "to_move": 1,
            "finisher": None,
            "discard_top": ANN[3],
            "draw_count": 125 - 2,
            "grids": [[5, 4, 1, 8, *hidden], [3, 3, 2, None, *hidden]],
        },
    }


def test_an_unfinished_second_round_after_a_finished_one(tmp_path: Path) -> None:
    round1 = {"deal": TWO, "moves": SETUP_2 + flip_everything([0, 1], 2)}
    deal2 = deal([BEN, ANN], discard=-2)
    round2 = {"deal": deal2, "moves": [*SETUP_2, draw_flip(0, 7)]}
    summary = ok_summary(tmp_path, game([round1, round2]))
    assert summary["rounds"] == [{"finisher": 0, "raw": [19, 42], "points": [19, 42]}]
    assert summary["totals"] == [19, 42]
    assert summary["game_over"] is False
    assert summary["current"] == {
        "phase": "turn",
        "to_move": 1,
        "finisher": None,
        "discard_top": deal2["draw"][0],  # Ann drew it and discarded it
        "draw_count": 125 - 1,
        "grids": [
            [3, 3, None, None, None, None, None, BEN[7], None, None, None, None],
            [5, 4] + [None] * 10,
        ],
    }


# Ann turns up 7 and 7 in column 0 (positions 0 and 4); the discard pile starts
# with a third 7. Taking it and swapping it for position 8 (a 3) completes the
# column: the 3 goes onto the discard pile, then the three 7s.
ANN_COL = [7, 4, 1, 1, 7, 3, 0, 0, 3, 2, 0, 0]
COLUMN = deal([ANN_COL, BEN], discard=7)
COLUMN_MOVES = [
    *setup((0, 0), (0, 4), (1, 0), (1, 1)),
    {"player": 0, "take": "discard", "swap": 8},
]


def test_a_removed_column_shows_as_x(tmp_path: Path) -> None:
    summary = ok_summary(tmp_path, game([{"deal": COLUMN, "moves": COLUMN_MOVES}]))
    x = "x"
    assert summary["current"] == {
        "phase": "turn",
        "to_move": 1,
        "finisher": None,
        "discard_top": 7,
        "draw_count": 125,
        "grids": [
            [x, None, None, None, x, None, None, None, x, None, None, None],
            [3, 3] + [None] * 10,
        ],
    }


def empty_the_draw_pile() -> tuple[list[Json], list[int], dict[int, list[int | None]]]:
    """Moves that empty the draw pile of TWO without ending the round: each turn
    draws and swaps into position 0 (face up since setup, so nothing new is turned
    up and column 0 never completes). Simulated here with plain lists: returns the
    moves, the discard pile (top last) and each grid's face-up view."""
    draw = list(TWO["draw"])
    discard = [TWO["discard"]]
    top_left = {0: ANN[0], 1: BEN[0]}
    moves = list(SETUP_2)
    for turn in range(len(draw)):
        seat = turn % 2  # Ann starts
        discard.append(top_left[seat])
        top_left[seat] = draw[turn]
        moves.append({"player": seat, "take": "draw", "swap": 0})
    shown: dict[int, list[int | None]] = {
        0: [top_left[0], ANN[1]] + [None] * 10,
        1: [top_left[1], BEN[1]] + [None] * 10,
    }
    return moves, discard, shown


def test_a_reshuffle_when_the_draw_pile_is_empty(tmp_path: Path) -> None:
    moves, discard, shown = empty_the_draw_pile()
    assert len(moves) == 4 + 125
    new_draw = list(reversed(discard[:-1]))  # any order of the right cards will do
    # Ben's turn (125 turns were played, Ann took the odd ones): he draws the new
    # pile's top card, discards it and turns up position 2.
    moves += [{"reshuffle": new_draw}, draw_flip(1, 2)]
    shown[1][2] = BEN[2]
    summary = ok_summary(tmp_path, game([{"deal": TWO, "moves": moves}]))
    assert summary["current"] == {
        "phase": "turn",
        "to_move": 0,
        "finisher": None,
        "discard_top": new_draw[0],
        "draw_count": len(new_draw) - 1,
        "grids": [shown[0], shown[1]],
    }


def test_a_record_with_no_rounds(tmp_path: Path) -> None:
    assert ok_summary(tmp_path, game([], players=3)) == {
        "rounds": [],
        "totals": [0, 0, 0],
        "game_over": False,
        "winners": [],
        "current": None,
    }


def test_unknown_top_level_keys_and_missing_rules_are_fine(tmp_path: Path) -> None:
    data = game([{"deal": TWO, "moves": setup((0, 3))}])
    data["comment"] = {"anything": [1, 2]}
    summary = ok_summary(tmp_path, data)
    assert summary["current"]["grids"][0] == [None, None, None, ANN[3]] + [None] * 8


# --- invalid records -------------------------------------------------------------


def header_error(tmp_path: Path, data: object) -> str:
    """An error in the record's header names no round."""
    line = error_line(tmp_path, data)
    assert "round 1, move" not in line
    assert ", move " not in line
    return line


@pytest.mark.parametrize(
    "text",
    ["{not json", "", "[1, 2", b"\xff\xfe\x00garbage", "null", "[]", '"skyjo"', "42"],
    ids=["broken", "empty", "unclosed", "binary", "null", "list", "string", "number"],
)
def test_not_a_json_object(tmp_path: Path, text: str | bytes) -> None:
    header_error(tmp_path, text)


@pytest.mark.parametrize(
    ("change", "word"),
    [
        ({"format": "chess-record"}, "format"),
        ({"format": None}, "format"),
        ({"version": 2}, "version"),
        ({"version": "1"}, "version"),
        ({"version": None}, "version"),
    ],
)
def test_wrong_format_or_version(tmp_path: Path, change: Json, word: str) -> None:
    data = {**game([{"deal": TWO, "moves": []}]), **change}
    data = {k: v for k, v in data.items() if v is not None}
    assert word in header_error(tmp_path, data)


@pytest.mark.parametrize("rules", [{"targett": 100}, {"target": 100, "columns": "all"}])
def test_unknown_rule_name(tmp_path: Path, rules: Json) -> None:
    line = header_error(tmp_path, game([], rules=rules))
    assert next(k for k in rules if k not in ("target",)) in line


@pytest.mark.parametrize(
    "rules",
    [
        {"target": 0},
        {"target": -5},
        {"target": "100"},
        {"target": True},
        {"target": 1.5},
        {"column_rule": "none"},
        {"column_rule": 1},
        {"double_on_tie": "yes"},
        {"double_nonpositive": 0},
        [],
    ],
)
def test_bad_rule_value(tmp_path: Path, rules: object) -> None:
    line = header_error(tmp_path, {**game([]), "rules": rules})
    if isinstance(rules, dict):
        assert next(iter(rules)) in line


@pytest.mark.parametrize(
    "players",
    [[], ["Ann"], [f"P{i}" for i in range(9)], ["Ann", ""], ["Ann", 5], [{"nom": "x"}, "Ben"]],
    ids=["none", "one", "nine", "empty-name", "number", "no-name"],
)
def test_bad_players(tmp_path: Path, players: list[Any]) -> None:
    header_error(tmp_path, game([], players=players))


def test_players_not_a_list(tmp_path: Path) -> None:
    header_error(tmp_path, {**game([]), "players": "Ann, Ben"})


def where(line: str, round_number: int, move: int) -> str:
    """The reason after ``round R, move M:``, checking that part is there exactly."""
    marker = f"round {round_number}, move {move}: "
    assert marker in line, line
    assert line.count(", move ") == 1, line
    return line.split(marker, 1)[1]


def bad_deal_variants() -> list[Any]:
    grid13 = [13, *ANN[1:]]
    short = dict(TWO, draw=TWO["draw"][:-1])
    long = dict(TWO, draw=[*TWO["draw"], 5])
    wrong_mix = dict(TWO, discard=12)  # one 6 too few, one 12 too many
    variants = [
        ("no-such-card", deal_unchecked([grid13, BEN], TWO["discard"], TWO["draw"])),
        ("short", short),
        ("long", long),
        ("wrong-mix", wrong_mix),
        ("three-grids", deal_unchecked([ANN, BEN, BEN], 6, TWO["draw"][12:])),
        ("one-grid", deal_unchecked([ANN], 6, [*BEN, *TWO["draw"]])),
        ("grid-of-11", deal_unchecked([ANN[:11], BEN], 6, [ANN[11], *TWO["draw"]])),
        ("grids-not-lists", dict(TWO, grids="ANN")),
        ("discard-list", dict(TWO, discard=[6])),
        ("draw-missing", {"grids": TWO["grids"], "discard": 6}),
        ("bool-card", dict(TWO, discard=True)),
    ]
    return [pytest.param(bad, id=name) for name, bad in variants]


def deal_unchecked(grids: list[list[int]], discard: int, draw: list[int]) -> Json:
    return {"grids": grids, "discard": discard, "draw": draw}


@pytest.mark.parametrize("bad", bad_deal_variants())
def test_bad_deal_is_move_0(tmp_path: Path, bad: Json) -> None:
    where(error_line(tmp_path, game([{"deal": bad, "moves": []}])), 1, 0)
    round1 = {"deal": TWO, "moves": SETUP_2 + flip_everything([0, 1], 2)}
    where(error_line(tmp_path, game([round1, {"deal": bad, "moves": []}])), 2, 0)


def test_a_round_without_a_deal_is_move_0(tmp_path: Path) -> None:
    where(error_line(tmp_path, game([{"moves": []}])), 1, 0)
    where(error_line(tmp_path, game([{"deal": TWO}, 7])), 2, 0)  # type: ignore[list-item]


@pytest.mark.parametrize(
    "move",
    [
        "flip 3",
        [0, 3],
        None,
        {"player": 0},
        {"player": 0, "jump": 3},
        {"player": 0, "take": "draw"},
        {"player": 0, "take": "pile", "swap": 1},
        {"player": 0, "take": "draw", "swap": 1, "flip": 2},
        {"player": 0, "flip": "3"},
        {"player": 0, "flip": 12},
        {"player": 0, "flip": -1},
        {"player": 0, "flip": True},
        {"player": "0", "flip": 3},
        {"player": True, "flip": 3},
        {"reshuffle": [1, 2], "player": 0},
        {"reshuffle": "1 2"},
    ],
)
def test_garbage_move_shape(tmp_path: Path, move: object) -> None:
    # the bad move is the third one
    moves = [*setup((0, 0), (1, 0)), move]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 3)


def test_moves_not_a_list(tmp_path: Path) -> None:
    where(error_line(tmp_path, game([{"deal": TWO, "moves": {"player": 0}}])), 1, 0)


@pytest.mark.parametrize("seat", [2, -1, 7])
def test_player_out_of_range(tmp_path: Path, seat: int) -> None:
    moves = [*SETUP_2, {"player": seat, "take": "draw", "flip": 5}]
    reason = where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 5)
    assert str(seat) in reason


def test_wrong_players_turn(tmp_path: Path) -> None:
    # Ann (9) starts; Ben moving first is refused.
    moves = [*SETUP_2, draw_flip(1, 5)]
    reason = where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 5)
    assert "player 0" in reason


def test_wrong_players_turn_later_in_the_round(tmp_path: Path) -> None:
    moves = [*SETUP_2, draw_flip(0, 5), draw_flip(1, 5), draw_flip(1, 6)]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 7)


def test_setup_flip_of_a_face_up_card(tmp_path: Path) -> None:
    moves = setup((1, 4), (0, 2), (1, 4))
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 3)


def test_third_setup_flip(tmp_path: Path) -> None:
    moves = setup((0, 0), (1, 3), (0, 1), (0, 2))
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 4)


def test_setup_flip_after_setup_is_done(tmp_path: Path) -> None:
    moves = [*SETUP_2, {"player": 0, "flip": 7}]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 5)


@pytest.mark.parametrize(
    "turn",
    [draw_flip(0, 5), {"player": 0, "take": "discard", "swap": 5}, draw_flip(1, 5)],
)
def test_turn_before_setup_is_done(tmp_path: Path, turn: Json) -> None:
    moves = [*setup((0, 0), (0, 1), (1, 0)), turn]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 4)


def test_flip_after_taking_the_discard(tmp_path: Path) -> None:
    moves = [*SETUP_2, {"player": 0, "take": "discard", "flip": 5}]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 5)


@pytest.mark.parametrize("take", ["draw", "discard"])
def test_swap_into_a_removed_column(tmp_path: Path, take: str) -> None:
    moves = [*COLUMN_MOVES, draw_flip(1, 2), {"player": 0, "take": take, "swap": 4}]
    reason = where(error_line(tmp_path, game([{"deal": COLUMN, "moves": moves}])), 1, 7)
    assert "removed" in reason


def test_flip_into_a_removed_column(tmp_path: Path) -> None:
    moves = [*COLUMN_MOVES, draw_flip(1, 2), draw_flip(0, 8)]
    where(error_line(tmp_path, game([{"deal": COLUMN, "moves": moves}])), 1, 7)


@pytest.mark.parametrize("pos", [0, 1])
def test_flip_a_face_up_card(tmp_path: Path, pos: int) -> None:
    moves = [*SETUP_2, draw_flip(0, pos)]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 5)


def test_flip_a_card_turned_up_in_an_earlier_turn(tmp_path: Path) -> None:
    moves = [*SETUP_2, draw_flip(0, 5), draw_flip(1, 5), draw_flip(0, 5)]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 7)


def test_reshuffle_when_the_draw_pile_is_not_empty(tmp_path: Path) -> None:
    moves = [*SETUP_2, draw_flip(0, 5), {"reshuffle": [7]}]
    reason = where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 6)
    assert "reshuffle" in reason


def test_reshuffle_when_the_draw_pile_is_not_empty_yet(tmp_path: Path) -> None:
    # One turn before the pile runs out the reshuffle is still premature.
    moves, discard, _ = empty_the_draw_pile()
    moves = [*moves[:-1], {"reshuffle": discard[:-2]}]
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 129)


@pytest.mark.parametrize("how", ["one-missing", "one-extra", "one-changed", "top-included"])
def test_reshuffle_with_wrong_cards(tmp_path: Path, how: str) -> None:
    moves, discard, _ = empty_the_draw_pile()
    order = discard[:-1]
    bad = {
        "one-missing": order[1:],
        "one-extra": [*order, 5],
        "one-changed": [12 if order[0] != 12 else -2, *order[1:]],
        "top-included": discard,
    }[how]
    moves.append({"reshuffle": bad})
    reason = where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 130)
    assert "reshuffle" in reason


def test_a_turn_instead_of_the_due_reshuffle(tmp_path: Path) -> None:
    moves, _, _ = empty_the_draw_pile()
    moves.append({"player": 1, "take": "discard", "swap": 3})
    where(error_line(tmp_path, game([{"deal": TWO, "moves": moves}])), 1, 130)


def test_new_round_after_an_unfinished_round(tmp_path: Path) -> None:
    round1 = {"deal": TWO, "moves": [*SETUP_2, draw_flip(0, 5)]}
    round2 = {"deal": TWO, "moves": []}
    where(error_line(tmp_path, game([round1, round2])), 2, 0)


def test_new_round_after_a_round_missing_its_last_turn(tmp_path: Path) -> None:
    round1 = {"deal": TWO, "moves": SETUP_2 + flip_everything([0, 1], 2)[:-1]}
    where(error_line(tmp_path, game([round1, {"deal": TWO, "moves": []}])), 2, 0)


def test_a_turn_after_the_round_ended(tmp_path: Path) -> None:
    round1 = {"deal": TWO, "moves": [*SETUP_2, *flip_everything([0, 1], 2), draw_flip(0, 0)]}
    where(error_line(tmp_path, game([round1])), 1, 25)


def test_new_round_after_game_over(tmp_path: Path) -> None:
    data = json.loads(json.dumps(GAME_OVER_3))
    data["rounds"].append({"deal": THREE, "moves": []})
    reason = where(error_line(tmp_path, data), 2, 0)
    assert "ended" in reason or "over" in reason


def test_missing_file(tmp_path: Path) -> None:
    line = check_error(run_replay(tmp_path / "no-such-record.json"))
    assert "no-such-record.json" in line


def test_a_directory_instead_of_a_file(tmp_path: Path) -> None:
    check_error(run_replay(tmp_path))
