"""The bot protocol: names and import paths, illegal answers, views only, determinism."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest

from skyjo.actions import Draw
from skyjo.bots import Decision, UnknownBotError, ask, bot_names, make_bot
from skyjo.bots.base import ask_in_steps
from skyjo.errors import IllegalActionError
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.view import sample_state, view_of
from tests.bots.helpers import play


def test_every_level_is_registered() -> None:
    for name in ("easy", "medium", "hard", "expert", "statistician", "random"):
        assert name in bot_names()
        assert make_bot(name).name == name


def test_a_bot_by_import_path() -> None:
    bot = make_bot("tests.bots.custom:make_polite")
    assert bot.name == "medium"
    game = play([bot, make_bot("skyjo.bots.expert:make_expert")], Rules(target=20), seed=3)
    assert game.state.is_terminal


@pytest.mark.parametrize(
    "spec", ["nobody", "tests.bots.custom:missing", "no.such.module:make", "tests.bots.custom:"]
)
def test_unknown_bots_are_named_in_the_error(spec: str) -> None:
    with pytest.raises(UnknownBotError, match="bot"):
        make_bot(spec)


def test_a_factory_that_returns_no_bot_is_refused() -> None:
    with pytest.raises(UnknownBotError, match="did not return a bot"):
        make_bot("tests.bots.custom:make_nothing")


def test_an_illegal_answer_names_the_bot() -> None:
    game = Game(["cheat", "medium"], seed=1)
    cheat = make_bot("tests.bots.custom:make_cheat")
    with pytest.raises(IllegalActionError, match="bot 'cheat'"):
        while True:  # setup flips may be legal by luck; the first turn is not
            seat = game.current_player()
            bot = cheat if seat == 0 else make_bot("medium")
            game.play(ask(bot, game.view(seat), random.Random(1)).action, player=seat)


@pytest.mark.parametrize("name", ["easy", "medium", "statistician", "hard"])
def test_same_seed_same_game(name: str) -> None:
    first = play([make_bot(name), make_bot("medium")], Rules(target=50), seed=11)
    second = play([make_bot(name), make_bot("medium")], Rules(target=50), seed=11)
    assert first.record() == second.record()


@pytest.mark.parametrize("name", ["easy", "medium", "statistician", "hard", "expert"])
def test_a_decision_depends_only_on_the_view(name: str) -> None:
    """Two states that look the same to the bot (hidden cards dealt differently)
    get the same decision."""
    game = Game(["a", "b", "c"], seed=5)
    bots = [make_bot("medium") for _ in range(3)]
    rng = random.Random(5)
    checked = 0
    while not game.state.is_terminal and checked < 12:
        seat = game.current_player()
        view = game.view(seat)
        if view.phase.value != "setup":
            other = sample_state(view, random.Random(checked))
            assert other != game.state
            assert view_of(other, seat) == view
            bot = make_bot(name)
            a = bot.decide(view, random.Random(99))
            b = bot.decide(view_of(other, seat), random.Random(99))
            assert a == b
            checked += 1
        game.play(ask(bots[seat], view, rng).action, player=seat)
    assert checked == 12


def test_published_deck_figures() -> None:
    from skyjo.bots.evaluation import DECK_MEAN

    assert DECK_MEAN == 760 / 150
    assert round(12 * DECK_MEAN, 1) == 60.8  # a fresh layout, on average


def drive(steps: Generator[None, None, Decision]) -> tuple[Decision, int]:
    """Run a stepwise decision to its end: the decision and how often it paused."""
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            decision: Decision = done.value
            return decision, pauses


@pytest.mark.parametrize("name", ["expert", "hard", "medium"])
def test_asking_in_steps_gets_the_decision_asking_at_once_gets(name: str) -> None:
    game = Game(["A", "B", "C"], Rules(), seed=8)
    rng = random.Random(8)
    bots = [make_bot(name) for _ in range(3)]
    paused = 0
    for _ in range(60):
        seat = game.current_player()
        view = game.view(seat)
        at_once = ask(bots[seat], view, random.Random(rng.random()))
        seed = rng.random()
        stepped, pauses = drive(ask_in_steps(bots[seat], view, random.Random(seed)))
        assert stepped == ask(bots[seat], view, random.Random(seed))
        paused += pauses
        game.play(at_once.action, player=seat)
    # Only the expert searches, and only it pauses to do so.
    assert (paused > 0) == (name == "expert")


def test_asking_in_steps_refuses_an_illegal_answer_too() -> None:
    class Stepper:
        name = "stepper"

        def decide(self, view: object, rng: random.Random) -> Decision:
            raise AssertionError("asked at once")

        def decide_in_steps(
            self, view: object, rng: random.Random
        ) -> Generator[None, None, Decision]:
            yield
            return Decision(Draw())  # in the opening flips, drawing is illegal

    game = Game(["A", "B"], Rules(), seed=1)
    with pytest.raises(IllegalActionError, match="stepper"):
        drive(ask_in_steps(Stepper(), game.view(0), random.Random(1)))
