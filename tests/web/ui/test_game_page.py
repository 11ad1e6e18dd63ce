"""The game page's field-test fixes (issue 13) on CPython: a game in progress is
never thrown away unasked, bad setups are explained in words, the person's own grid
stays put, only the named person flips in the opening, hints read as advice and
point at the pile or card, and the table says why a player starts."""

from __future__ import annotations

import json
import random

import pytest

from skyjo import record
from skyjo.actions import Draw, Swap, TakeDiscard
from skyjo.bots import Decision
from skyjo.bots.reasons import reason
from skyjo.errors import IllegalActionError
from skyjo.i18n.catalogue import messages
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present, render
from skyjo.web.ui.app import (
    RECENT_KEY,
    RECENT_UNREADABLE_KEY,
    SAVE_KEY,
    App,
    Confirm,
    Screen,
)
from skyjo.web.ui.i18n import LANGUAGES, Translator
from skyjo.web.ui.setup import Seat, Setup, SetupError, parse_target
from tests.web.ui.test_app import human_move, play_until

BOTS = (Seat("Ann"), Seat("B1", "easy"), Seat("B2", "medium"))


def at_the_persons_turn(storage: MemoryStorage | None = None, seed: int = 3) -> App:
    """A game against two bots, stopped where the person may draw."""
    app = App(storage or MemoryStorage(), seed=seed)
    app.start(Setup(BOTS, speed="instant"))
    rng = random.Random(seed)
    for _ in range(500):
        if app.bot_step():
            continue
        assert app.game is not None
        if app.game.state.phase is Phase.TURN:
            return app
        human_move(app, rng)
    raise AssertionError("the person never got a turn")


def screen(app: App) -> Screen:
    """The app's screen, read afresh (mypy keeps an earlier narrowing otherwise)."""
    return app.screen


# --- 1: a game in progress is never thrown away unasked ----------------------------


def test_new_game_asks_first_and_cancel_changes_nothing() -> None:
    storage = MemoryStorage()
    app = at_the_persons_turn(storage)
    app.draw()
    saved = storage.get(SAVE_KEY)
    app.ask_new_game()
    assert app.confirming is Confirm.NEW_GAME
    assert app.screen is Screen.TABLE and storage.get(SAVE_KEY) == saved
    assert app.bot_to_act() is None  # bots wait while the page asks
    app.cancel()
    assert app.confirming is None and storage.get(SAVE_KEY) == saved
    assert app.game is not None and app.game.state.held is not None


def test_a_replaced_game_is_kept_and_comes_back_exactly() -> None:
    storage = MemoryStorage()
    app = at_the_persons_turn(storage)
    app.draw()
    assert app.game is not None
    before = app.game.record()
    app.ask_new_game()
    app.confirm()
    assert app.screen is Screen.SETUP and storage.get(SAVE_KEY) is None
    assert app.notice is not None and app.notice.key == "recent.kept"
    kept = app.recent_games()
    assert [g.names for g in kept] == [("Ann", "B1", "B2")]
    model = present.setup(app)
    assert "Ann, B1 and B2" in model.recent[0].label
    app.quick_game()  # a new game, then the old one back: the new one is kept in turn
    app.restore_recent(0)
    assert app.game is not None and app.game.record() == before
    assert screen(app) is Screen.TABLE and app.game.state.held is not None
    assert json.loads(storage.get(SAVE_KEY) or "")["record"] == record.to_json(before)
    assert [g.names[0] for g in app.recent_games()] == ["You"]


def test_the_resume_screens_new_game_asks_too() -> None:
    storage = MemoryStorage()
    at_the_persons_turn(storage)
    again = App(storage, seed=1)
    assert again.screen is Screen.RESUME
    again.ask_new_game()
    assert again.confirming is Confirm.NEW_GAME and storage.get(SAVE_KEY) is not None


def test_an_import_during_a_game_asks_first() -> None:
    other = at_the_persons_turn(seed=8)
    text = other.export_record()
    storage = MemoryStorage()
    app = at_the_persons_turn(storage)
    saved = storage.get(SAVE_KEY)
    app.import_record(text)
    assert app.confirming is Confirm.IMPORT and storage.get(SAVE_KEY) == saved
    assert present.confirm(app) is not None
    app.confirm()
    assert app.game is not None and app.game.record() == record.loads(text)
    assert json.loads(app.recent_games()[0].text) == json.loads(saved or "")


def test_an_unreadable_recent_list_is_kept_aside_not_overwritten() -> None:
    storage = MemoryStorage()
    storage.set(RECENT_KEY, "not json")
    app = at_the_persons_turn(storage)
    app.ask_new_game()
    app.confirm()
    assert storage.get(RECENT_UNREADABLE_KEY) == "not json"
    assert len(app.recent_games()) == 1


class FullStorage(MemoryStorage):
    """A browser whose storage is full: the recent list cannot be written."""

    def set(self, key: str, value: str) -> bool:
        return key != RECENT_KEY and super().set(key, value)


def test_when_the_game_cannot_be_kept_it_stays() -> None:
    storage = FullStorage()
    app = at_the_persons_turn(storage)
    saved = storage.get(SAVE_KEY)
    app.ask_new_game()
    app.confirm()
    assert app.screen is Screen.TABLE and storage.get(SAVE_KEY) == saved
    assert app.notice is not None and app.notice.key == "recent.not_kept"


def test_a_finished_game_is_not_asked_about() -> None:
    app = App(MemoryStorage(), seed=2)
    app.start(Setup(BOTS, speed="instant"))
    play_until(app, {Screen.GAME_END}, random.Random(3))
    app.ask_new_game()
    assert app.confirming is None and app.screen is Screen.SETUP


# --- 5 and 20: setups that cannot start are explained -------------------------------


@pytest.mark.parametrize("typed", ["abc", "0", "-5", "", "1.5"])
def test_a_bad_custom_target_is_a_message_in_the_pages_language(typed: str) -> None:
    with pytest.raises(SetupError) as caught:
        parse_target(typed)
    app = App(MemoryStorage())
    app.setup_error = caught.value
    for language, words in (("en", "whole number"), ("de", "ganze Zahl"), ("nl", "heel getal")):
        app.language = language
        error = present.setup(app).error
        assert words in error and "setup.error" not in error


def test_good_targets_are_read() -> None:
    assert parse_target(" 75 ") == 75 and parse_target("1") == 1


def test_two_seats_with_one_name_are_refused() -> None:
    app = App(MemoryStorage())
    app.start(Setup((Seat("Ann"), Seat("ann ", "easy"))))
    assert app.screen is Screen.SETUP and app.game is None
    text = present.setup(app).error
    assert text == "Seats 1 and 2 are both called ann: give each player a different name."


def test_a_save_with_two_equal_names_still_loads() -> None:
    # Saves made before names had to differ must still resume.
    storage = MemoryStorage()
    at_the_persons_turn(storage)
    data = json.loads(storage.get(SAVE_KEY) or "")
    data["setup"]["seats"][2]["name"] = "B1"
    storage.set(SAVE_KEY, json.dumps(data))
    assert App(storage).screen is Screen.RESUME


def test_every_seat_field_is_named_with_its_seat() -> None:
    app = App(MemoryStorage())
    html = render.setup(Translator("en"), present.setup(app))
    assert 'aria-labelledby="seat-no-1 name-label-1"' in html
    assert 'id="seat-no-1">Seat 2<' in html and 'id="name-label-1">Name<' in html


def test_the_table_says_why_a_player_starts() -> None:
    app = App(MemoryStorage(), seed=5)
    app.start(Setup((Seat("Ann"), Seat("Ben")), speed="instant"))
    rng = random.Random(1)
    while app.game is not None and app.game.state.phase is Phase.SETUP:
        human_move(app, rng)
    assert app.game is not None
    starts = [line for line in app.log if line.key.startswith("event.starts_")]
    assert len(starts) == 1
    sums = [grid.visible_sum() for grid in app.game.state.grids]
    starter = app.game.state.to_move
    assert starter is not None and starts[0].fields["name"] == ("Ann", "Ben")[starter]
    assert starts[0].key == ("event.starts_tie" if sums[0] == sums[1] else "event.starts_highest")
    assert f"({sums[starter]})".replace("-", "−") in present.table(app).latest[-1]


# --- 7 and 11: whose grid, who flips -------------------------------------------------


def test_the_persons_grid_stays_the_large_one_while_bots_move() -> None:
    app = App(MemoryStorage(), seed=4)
    app.start(Setup(BOTS, speed="instant"))
    seen = set()
    for _ in range(300):
        seen.add(present.table(app).own_seat)
        if app.screen is not Screen.TABLE:
            break
        if not app.bot_step():
            human_move(app, random.Random(1))
    assert seen == {0}


def test_in_the_opening_only_the_named_person_turns_cards() -> None:
    app = App(MemoryStorage(), seed=6)
    app.start(Setup((Seat("Ann"), Seat("Ben"))))
    model = present.table(app)
    assert model.prompt.startswith("Ann:")
    assert app.targets(1) == {} and len(app.targets(0)) == 12
    with pytest.raises(IllegalActionError, match="Ann"):
        app.click_card(1, 0)
    app.click_card(0, 0)
    app.click_card(0, 1)
    # Ben's cards wait until Ann has handed him the device (issue 20 item 11).
    assert present.table(app).prompt == "Pass the device to Ben."
    assert app.targets(1) == {} and present.table(app).own_seat == 0
    app.hand_over()
    assert present.table(app).prompt.startswith("Ben:") and len(app.targets(1)) == 12
    assert present.table(app).own_seat == 1


# --- 10: the hint as a person would say it ---------------------------------------------


def test_a_hint_to_draw_reads_as_advice_and_marks_the_draw_pile() -> None:
    app = at_the_persons_turn()
    assert app.game is not None
    state = app.game.state
    top = state.discard_top
    app.hint = Decision(
        Draw(), "", reason("bot.draw_counted", unseen=130, draw=5.5, card=top, worth=1.0)
    )
    model = present.table(app)
    assert model.hint.startswith("Hint: draw a card from the draw pile.")
    assert "unseen" not in model.hint and "would save you about 1.0 points" in model.hint
    assert model.hint_target == "draw" and model.draw_label.endswith("suggested by the hint")
    assert 'class="pile draw target hinted"' in render.table(Translator("en"), model)


def test_a_hint_to_take_and_swap_points_at_the_pile_then_the_card() -> None:
    app = at_the_persons_turn()
    app.hint = Decision(TakeDiscard(), "", reason("bot.take_low", card=1))
    assert present.table(app).hint_target == "discard"
    app.take_discard()
    assert app.game is not None
    held = app.game.state.held
    app.hint = Decision(Swap(5), "", reason("bot.swap_saves", old=9, held=held, saved=4))
    model = present.table(app)
    advice = f"Hint: put the {held} in place of your card in row 2, column 2."
    assert model.hint == advice + " That saves you 4 points."
    hinted = [c for s in model.seats for c in s.cards if c.hinted]
    assert [(c.seat, c.position) for c in hinted] == [(0, 5)]
    assert hinted[0].action_label.endswith("suggested by the hint")


def test_every_hint_sentence_exists_in_every_language() -> None:
    keys = {k for k in messages("game", "en") if k.startswith("hint.")}
    for language in LANGUAGES:
        assert keys <= set(messages("game", language))
