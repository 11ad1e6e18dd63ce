"""Bots written elsewhere: factory arguments, the new_round hook, the example bot."""

from __future__ import annotations

import json
import random

import pytest

from skyjo.bots import UnknownBotError, ask, make_bot
from skyjo.bots.registry import BotSpec, parse_spec, split_players
from skyjo.cli import main
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.simulate import simulate
from tests.bots import custom

EXAMPLE = "examples.threshold_bot:make"


def test_factory_arguments_are_read_as_bool_int_float_or_text() -> None:
    spec = parse_spec("pkg.mod:make:depth=3,greedy=TRUE,rate=0.25,label=a:b,off=false")
    assert spec == BotSpec(
        "pkg.mod:make",
        {"depth": 3, "greedy": True, "rate": 0.25, "label": "a:b", "off": False},
    )
    assert parse_spec("expert:budget=-4").kwargs == {"budget": -4}
    assert parse_spec("hard") == BotSpec("hard")
    assert str(parse_spec("pkg.mod:make:x=1,y=TRUE")) == "pkg.mod:make:x=1,y=true"


def test_a_player_list_keeps_factory_arguments_with_their_bot() -> None:
    text = f"hard, {EXAMPLE}:take_at=2,margin=3 ,medium,expert:budget=8"
    assert split_players(text) == [
        "hard",
        f"{EXAMPLE}:take_at=2,margin=3",
        "medium",
        "expert:budget=8",
    ]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (f"{EXAMPLE}:take_at", "bad factory argument 'take_at'"),
        (f"{EXAMPLE}:take_at=2,3", "bad factory argument '3'"),
        (f"{EXAMPLE}:take_at=1,take_at=2", "'take_at' is given twice"),
        (f"{EXAMPLE}:colour=red", "unexpected keyword argument 'colour'"),
        (f"{EXAMPLE}:take_at=20", "refused the arguments: take_at must be a card value"),
        ("expert:depth=2", "unexpected keyword argument 'depth'"),
        ("=3", "no bot name"),
    ],
)
def test_bad_factory_arguments_name_the_bad_part(spec: str, message: str) -> None:
    with pytest.raises(UnknownBotError, match=message):
        make_bot(spec)


def test_an_argument_without_a_bot_is_refused() -> None:
    with pytest.raises(UnknownBotError, match="'margin=3' follows no bot with arguments"):
        split_players("hard,margin=3")


def test_the_example_bot_plays_with_its_arguments() -> None:
    bot = make_bot(f"{EXAMPLE}:take_at=1,margin=5,prefer_face_down=true,name=thrifty")
    assert (bot.name, bot.take_at, bot.margin, bot.prefer_face_down) == (  # type: ignore[attr-defined]
        "thrifty",
        1,
        5,
        True,
    )
    spec = f"{EXAMPLE}:take_at=2,margin=3"
    report = simulate([spec, "medium", "easy"], games=4, seed=3, rotate=True)
    assert report.players[0] == spec
    assert report.games == 4
    assert report.entries[0].decision_ms.decisions > 0


def test_the_example_bot_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"{EXAMPLE}:take_at=2,margin=3,prefer_face_down=true"
    argv = ["simulate", "--players", f"{spec},medium", "--games", "3", "--rotate"]
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert spec in table  # the full name, not cut to the column width
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == [spec, "medium"]
    for entry in data["entries"]:
        times = entry["decision_ms"]
        assert times["decisions"] > 0
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]


def test_a_bad_factory_argument_on_the_command_line_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", f"{EXAMPLE}:margin=x=1,medium", "--games", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("skyjo simulate: ") and "margin" in err


def _check_listener_log(listener: custom.Listener) -> int:
    """One seat per bot object; a round is announced before its first decision.
    Returns the number of rounds announced."""
    seats = {seat for _, seat, _ in listener.log}
    assert len(seats) == 1, f"one bot object played seats {seats}"
    assert listener.log[0][0] == "round"
    rounds = 0
    current = None  # round number of the decisions since the last announcement
    for kind, _, value in listener.log:
        if kind == "round":
            rounds += 1
            current = None
        elif current is None:
            current = value
        else:
            assert value == current, "a new round began without new_round"
    return rounds


def test_the_simulator_gives_each_seat_its_own_bot_and_announces_every_round() -> None:
    custom.LISTENERS.clear()
    listener = "tests.bots.custom:make_listener"
    report = simulate([listener, listener, "medium"], games=4, seed=2, rotate=True)
    # Two listener entries, each at all three seats over the rotation: six objects.
    assert len(custom.LISTENERS) == 6
    announced = sum(_check_listener_log(each) for each in custom.LISTENERS)
    rounds = round(report.rounds_per_game * report.games)
    assert announced == 2 * rounds
    assert all(n == 3 for each in custom.LISTENERS for kind, _, n in each.log if kind == "round")


def test_a_game_announces_rounds_to_its_seated_bots() -> None:
    game = Game(["a", "b"], Rules(target=40), seed=4, pause_between_rounds=True)
    bots = [custom.Listener(), custom.Listener()]
    game.seat_bots(dict(enumerate(bots)))
    # The first round was dealt with the game: the bots hear of it at once.
    assert [b.log for b in bots] == [[("round", 0, 2)], [("round", 1, 2)]]
    rng = random.Random(4)
    while not game.state.is_terminal:
        if game.state.phase.value == "deal":
            game.next_round()
            continue
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
    for bot in bots:
        assert _check_listener_log(bot) == len(game.state.results)


def test_a_bot_joining_a_loaded_game_hears_of_the_round_under_way() -> None:
    game = Game(["a", "b"], seed=6)
    bots = [make_bot("medium"), make_bot("medium")]
    rng = random.Random(6)
    for _ in range(9):
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
    loaded = Game.from_record(game.record(), seed=1)
    listener = custom.Listener()
    loaded.seat_bots({1: listener})
    assert listener.log == [("round", 1, 2)]


def test_the_jobs_give_the_same_figures_as_one_process() -> None:
    speed = {"games_per_second", "turns_per_second", "jobs"}

    def figures(jobs: int) -> dict[str, object]:
        from skyjo.simulate import report_dict

        data = report_dict(
            simulate(["medium", "statistician", "easy"], games=9, seed=4, rotate=True, jobs=jobs)
        )
        for entry in data["entries"]:
            entry["decision_ms"] = entry["decision_ms"]["decisions"]
        return {k: v for k, v in data.items() if k not in speed}

    one = figures(1)
    assert figures(2) == one
    assert figures(3) == one


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (f"{EXAMPLE}:margin=x", "argument margin=x should be an integer"),
        (f"{EXAMPLE}:prefer_face_down=1", "prefer_face_down=1 should be true or false"),
        ("expert:budget=2.5", "budget=2.5 should be an integer"),
    ],
)
def test_a_value_that_does_not_fit_the_factory_is_named(spec: str, message: str) -> None:
    with pytest.raises(UnknownBotError, match=message):
        make_bot(spec)


def test_a_text_parameter_gets_the_text_as_written() -> None:
    assert make_bot(f"{EXAMPLE}:name=007").name == "007"
    assert make_bot(f"{EXAMPLE}:name=1.50").name == "1.50"
