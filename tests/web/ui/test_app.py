"""The table's controller on CPython: whole games, saves, resume, errors."""

from __future__ import annotations

import html
import json
import random

import pytest

from skyjo import record
from skyjo.errors import IllegalActionError
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui.app import CORRUPT_KEY, SAVE_KEY, App, Screen
from skyjo.web.ui.setup import Seat, Setup


def human_move(app: App, rng: random.Random) -> None:
    """Play one legal step for the human on turn, the way a person clicks."""
    assert app.game is not None
    seat = app.human_to_act()
    assert seat is not None
    if app.hand_over_to() is not None:
        app.hand_over()  # pass and play: the next person takes the device first
        return
    phase = app.game.state.phase
    if phase is Phase.TURN:
        rng.choice([app.take_discard, app.draw])()
    elif phase is Phase.PLACE_DRAWN and rng.random() < 0.4:
        app.choose_discard_mode()
        targets = app.targets(seat)
        assert set(targets.values()) == {"flip"}
        app.click_card(seat, rng.choice(sorted(targets)))
    else:
        targets = app.targets(seat)
        assert targets
        app.click_card(seat, rng.choice(sorted(targets)))


def play_until(app: App, screens: set[Screen], rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if app.screen in screens:
            return
        if app.screen is Screen.ROUND_END:
            app.next_round()
        elif not app.bot_step():
            human_move(app, rng)
    raise AssertionError(f"no {screens} after {limit} steps")


def test_quick_game_is_you_against_three_bots() -> None:
    app = App(MemoryStorage(), seed=1)
    app.quick_game()
    assert app.screen is Screen.TABLE
    assert [s.is_bot for s in app.seats] == [False, True, True, True]
    assert app.game is not None and app.game.state.phase is Phase.SETUP


def test_a_whole_game_against_bots_ends_with_the_engines_totals() -> None:
    app = App(MemoryStorage(), seed=2)
    app.start(Setup((Seat("Ann"), Seat("B1", "easy"), Seat("B2", "medium")), speed="instant"))
    play_until(app, {Screen.GAME_END}, random.Random(3))
    assert app.game is not None and app.game.state.is_terminal
    replayed = record.replay(app.game.record())
    assert replayed.totals == app.game.state.totals
    assert any(line.key == "event.reveal" for line in app.log)


def test_two_humans_share_a_device() -> None:
    app = App(MemoryStorage(), seed=4)
    app.start(Setup((Seat("Anna"), Seat("Ben"))))
    assert app.bot_step() is False
    play_until(app, {Screen.ROUND_END, Screen.GAME_END}, random.Random(5))
    assert app.game is not None and len(app.game.state.results) == 1


def test_only_the_human_on_turn_may_act() -> None:
    app = App(MemoryStorage(), seed=6)
    app.start(Setup((Seat("Anna"), Seat("Ben"))))
    rng = random.Random(1)
    while app.game is not None and app.game.state.phase is Phase.SETUP:
        human_move(app, rng)
    assert app.game is not None
    other = 1 - (app.game.state.to_move or 0)
    if app.hand_over_to() is not None:
        app.hand_over()
    app.take_discard()
    with pytest.raises(IllegalActionError):
        app.click_card(other, 0)
    assert app.targets(other) == {}


def test_the_game_is_saved_after_every_action_and_resumes_mid_turn() -> None:
    storage = MemoryStorage()
    app = App(storage, seed=7)
    app.start(Setup((Seat("Anna"), Seat("Bot", "medium"))))
    rng = random.Random(2)
    play_until(app, {Screen.TABLE}, rng)
    while app.game is not None and (
        app.human_to_act() is None or app.game.state.phase is not Phase.TURN
    ):
        if not app.bot_step():
            human_move(app, rng)
    app.draw()
    assert app.game is not None
    saved_state = app.game.state
    again = App(storage, seed=99)
    offered = again.screen
    again.resume()
    assert (offered, again.screen) == (Screen.RESUME, Screen.TABLE)
    assert again.game is not None and again.game.state == saved_state
    assert [line.key for line in again.log] == [line.key for line in app.log]


def test_a_corrupt_save_is_reported_and_kept_aside() -> None:
    storage = MemoryStorage()
    storage.set(SAVE_KEY, '{"app": 1, "setup": {"seats": []}, "record": 5}')
    app = App(storage)
    assert app.screen is Screen.SETUP
    assert app.notice is not None and app.notice.key == "save.corrupt" and app.notice.error
    assert storage.get(CORRUPT_KEY) == '{"app": 1, "setup": {"seats": []}, "record": 5}'
    assert storage.get(SAVE_KEY) is None


def test_a_save_with_an_illegal_move_is_corrupt_too() -> None:
    storage = MemoryStorage()
    app = App(storage, seed=3)
    app.quick_game()
    data = json.loads(storage.get(SAVE_KEY) or "")
    data["record"]["rounds"][0]["moves"] = [{"player": 0, "take": "draw", "swap": 1}]
    storage.set(SAVE_KEY, json.dumps(data))
    again = App(storage)
    assert again.notice is not None and "round 1, move 1" in str(again.notice.fields["reason"])


def test_putting_back_the_discard_card() -> None:
    app = App(MemoryStorage(), seed=8)
    app.start(Setup((Seat("Anna"), Seat("Ben"))))
    rng = random.Random(3)
    while app.game is not None and (
        app.game.state.phase is not Phase.TURN or app.hand_over_to() is not None
    ):
        human_move(app, rng)
    assert app.game is not None
    before = app.game.state
    app.take_discard()
    app.put_back()
    assert app.game.state == before
    app.draw()
    with pytest.raises(IllegalActionError):
        app.put_back()


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    app = App(MemoryStorage(), seed=9)
    app.start(Setup((Seat("Anna"), Seat("Ben"))))
    rng = random.Random(4)
    while app.game is not None and (
        app.game.state.phase is not Phase.TURN or app.hand_over_to() is not None
    ):
        human_move(app, rng)
    assert app.game is not None
    hint = app.ask_hint()
    assert hint.action in app.game.legal_actions()
    assert hint.reason


def test_importing_an_invalid_record_names_where() -> None:
    app = App(MemoryStorage())
    app.import_record(
        '{"format": "skyjo-record", "version": 1, "players": ["a", "b"], '
        '"rounds": [{"deal": {"grids": [[1]], "discard": 1, "draw": []}}]}'
    )
    assert app.notice is not None and app.notice.key == "import.invalid"
    assert "round 1, move 0" in str(app.notice.fields["reason"])
    assert app.game is None


def test_export_then_import_continues_the_same_game() -> None:
    app = App(MemoryStorage(), seed=10)
    app.start(Setup((Seat("Anna"), Seat("Bot", "easy"))))
    play_until(app, {Screen.ROUND_END, Screen.GAME_END}, random.Random(6))
    text = app.export_record()
    other = App(MemoryStorage())
    other.import_record(text)
    assert other.game is not None and app.game is not None
    assert other.game.state == app.game.state
    assert [s.kind for s in other.seats] == ["human", "easy"]


def test_an_imported_game_shows_nothing_of_the_last_step_before_it() -> None:
    # Intent: the cards the last step moved are animated on the next screen; after an
    # import that screen is another game's, where those places mean other cards.
    made = App(MemoryStorage(), seed=4)
    made.start(Setup((Seat("Ann"), Seat("Bot", "easy")), speed="instant"))
    play_until(made, {Screen.ROUND_END, Screen.GAME_END}, random.Random(4))
    app = App(MemoryStorage(), seed=10)
    app.start(Setup((Seat("Anna"), Seat("Bot", "easy"))))
    play_until(app, {Screen.ROUND_END, Screen.GAME_END}, random.Random(6))
    assert app.changed and app.revealed
    app.import_record(made.export_record())
    app.confirm()  # the game in progress is put aside
    assert app.game is not None and made.game is not None
    assert app.game.state == made.game.state
    assert (app.changed, app.revealed, app.swapped_in) == (frozenset(), (), None)


def test_a_bad_setup_is_refused_with_a_reason() -> None:
    app = App(MemoryStorage())
    app.start(Setup((Seat("Anna"), Seat("   "))))
    assert app.setup_error is not None and app.setup_error.key == "setup.error.name"
    assert app.setup_error.fields == {"n": 2}
    assert app.game is None


def test_the_last_setup_and_language_are_remembered() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.set_language("nl")
    app.start(Setup((Seat("Anna"), Seat("Bot", "hard")), speed="fast"))
    again = App(storage)
    assert again.language == "nl"
    assert again.setup.seats == (Seat("Anna"), Seat("Bot", "hard")) and again.setup.speed == "fast"


def test_the_live_region_keeps_what_happened_since_the_person_acted() -> None:
    app = App(MemoryStorage(), seed=13)
    app.start(Setup((Seat("Anna"), Seat("Bot", "easy"))))
    assert app.game is not None
    seat = app.human_to_act()
    assert seat is not None
    app.click_card(seat, 0)
    assert [line.key for line in app.since_person] == ["event.setup_flip"]
    while app.bot_step():
        pass
    keys = [line.key for line in app.since_person]
    assert keys[0] == "event.setup_flip" and len(keys) > 1  # the bot's flips follow
    assert app.since_person[0].fields["name"] == "Anna"
    app.click_card(seat, 1)
    assert app.since_person[0].fields["name"] == "Anna"  # a person's move starts afresh


def test_a_bots_cards_are_never_targets_even_in_setup() -> None:
    app = App(MemoryStorage(), seed=14)
    app.start(Setup((Seat("Anna"), Seat("Bot", "easy"))))
    assert app.game is not None and app.game.state.phase is Phase.SETUP
    assert app.targets(1) == {} and len(app.targets(0)) == 12


# --- a device that refuses to save (issue 20, items 2, 3 and 6) -----------------------


def test_a_new_game_on_a_full_device_is_played_unsaved_and_says_so() -> None:
    storage = MemoryStorage(capacity=300)
    app = App(storage, seed=5)
    app.quick_game()
    assert app.game is not None and app.screen is Screen.TABLE
    assert app.unsaved
    assert storage.get(SAVE_KEY) is None
    from skyjo.web.ui import paint
    from skyjo.web.ui.i18n import Translator

    shown = html.unescape(paint.notice(app))
    assert Translator("en").t("save.failed") in shown
    assert 'data-intent="export"' in shown and 'role="alert"' in shown


def test_a_game_whose_save_stops_fitting_mid_game_says_so_and_recovers() -> None:
    storage = MemoryStorage()
    app = App(storage, seed=6)
    app.quick_game()
    rng = random.Random(1)
    assert not app.unsaved
    storage.capacity = sum(len(k) + len(v) for k, v in storage.data.items())
    before = storage.get(SAVE_KEY)
    for _ in range(12):
        if not app.bot_step():
            human_move(app, rng)
    assert app.unsaved and storage.get(SAVE_KEY) == before
    storage.capacity = None
    if not app.bot_step():
        human_move(app, rng)
    assert not app.unsaved
    assert storage.get(SAVE_KEY) != before


def test_an_unreadable_save_on_a_full_device_is_neither_deleted_nor_overwritten() -> None:
    unreadable = '{"app": 1, "setup": 7, "record": []}'
    storage = MemoryStorage(capacity=len(SAVE_KEY) + len(unreadable) + 10)
    storage.set(SAVE_KEY, unreadable)
    app = App(storage, seed=2)
    assert app.notice is not None and app.notice.key == "save.corrupt_not_kept"
    assert storage.get(SAVE_KEY) == unreadable
    assert storage.get(CORRUPT_KEY) is None
    storage.capacity = None  # even with room again, the new game may not replace it
    app.quick_game()
    assert app.unsaved and storage.get(SAVE_KEY) == unreadable
    assert app.exported_unreadable() == unreadable  # the export comes from memory
    app.click_card(0, 0)
    assert not app.unsaved and storage.get(SAVE_KEY) != unreadable


def test_a_second_unreadable_save_is_kept_beside_the_first() -> None:
    storage = MemoryStorage()
    for text in ("not json 1", "not json 2"):
        storage.set(SAVE_KEY, text)
        app = App(storage)
        assert app.notice is not None and app.notice.key == "save.corrupt"
    assert storage.get(CORRUPT_KEY) == "not json 1"
    assert storage.get(CORRUPT_KEY + ".2") == "not json 2"


@pytest.mark.parametrize(
    "remembered",
    [
        '{"seats": [{"name": "A"}, {"name": "B"}], "speed": []}',
        '{"seats": [{"name": "A", "kind": []}, {"name": "B"}]}',
        '{"seats": [{"name": "A"}, {"name": "B"}], "rules": []}',
        '{"seats": [{"name": "A"}, {"name": "B"}], "rules": {"target": "x"}}',
        "[" * 100_000,
        '"just text"',
    ],
)
def test_a_wrongly_typed_remembered_setup_is_set_aside_and_the_game_resumes(
    remembered: str,
) -> None:
    from skyjo.web.ui.app import SETUP_KEY, SETUP_UNREADABLE_KEY

    storage = MemoryStorage()
    first = App(storage, seed=3)
    first.quick_game()
    storage.set(SETUP_KEY, remembered)
    again = App(storage, seed=3)
    offered = again.screen
    assert storage.get(SETUP_UNREADABLE_KEY) == remembered
    assert storage.get(SETUP_KEY) is None
    again.resume()
    assert (offered, again.screen) == (Screen.RESUME, Screen.TABLE)


@pytest.mark.parametrize("key", [SAVE_KEY, "skyjo.recent"])
def test_a_hundred_thousand_brackets_in_storage_do_not_stop_the_page(key: str) -> None:
    storage = MemoryStorage()
    storage.set(key, "[" * 100_000)
    app = App(storage)
    assert app.screen is Screen.SETUP
    assert app.recent_games() == []
    if key == SAVE_KEY:
        assert app.notice is not None and "100,000 levels" in str(app.notice.fields["reason"])


# --- a bot thinking in steps (issue 21: the worker answers taps meanwhile) -------------------


def expert_table() -> App:
    """Two experts and a person, the experts due to play a whole turn."""
    app = App(MemoryStorage(), seed=4)
    seats = (Seat("You"), Seat("E1", "expert"), Seat("E2", "expert"))
    app.start(Setup(seats, app.setup.rules, "fast"))
    rng = random.Random(2)
    while app.game is not None and app.game.state.phase is Phase.SETUP:
        if not app.bot_step():
            human_move(app, rng)
    for _ in range(40):
        if app.bot_to_act() is not None and app.game is not None:
            view = app.game.view(app.bot_to_act() or 0)
            if view.phase is Phase.TURN:
                return app
        if not app.bot_step():
            human_move(app, rng)
    raise AssertionError("no expert turn came")


def test_a_game_replaced_while_the_bot_thinks_gets_no_move_from_it() -> None:
    app = expert_table()
    rng = random.Random(3)
    for _ in range(60):  # until an expert pauses to search (a contested decision)
        steps = app.bot_step_in_steps()
        try:
            next(steps)
            break
        except StopIteration:
            if app.bot_to_act() is None:
                human_move(app, rng)
    else:
        raise AssertionError("no expert searched")
    app.to_setup()  # the person left the table meanwhile
    app.quick_game()
    fresh = app.game
    assert fresh is not None
    before = fresh.state
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    assert done.value.value is False
    assert app.game is fresh and fresh.state is before
