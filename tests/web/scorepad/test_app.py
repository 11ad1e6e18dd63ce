"""The score pad page's controller and renderer on CPython: every tap the browser
tests make, without a browser, plus the cases a browser test would be slow for."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from skyjo.web.device import Storage
from skyjo.web.scorepad import render, storage
from skyjo.web.scorepad.app import CORRUPT_KEY, DRAFT_KEY, SAVE_KEY, PadApp, Screen
from skyjo.web.scorepad.model import totals
from tests.web.scorepad.seed import PLAYERS, SEED_ROUNDS, SEED_TOTALS

NOW = datetime(2026, 11, 3, 14, 5, tzinfo=UTC)


class Memory(dict[str, str]):
    """localStorage in a dict."""

    def get(self, key: str) -> str | None:  # type: ignore[override]
        return dict.get(self, key)

    def set(self, key: str, value: str) -> bool:
        self[key] = value
        return True

    def remove(self, key: str) -> None:
        self.pop(key, None)


def started(names: tuple[str, ...] = PLAYERS, store: Storage | None = None) -> PadApp:
    app = PadApp.load(store if store is not None else Memory(), lambda: NOW, language="en")
    while len(app.form.names) < len(names):
        app.act("add-player")
    while len(app.form.names) > len(names):
        app.act("remove-player", "0")
    for seat, name in enumerate(names):
        app.edit("name", name, seat=seat)
    app.act("save-setup")
    return app


def type_round(app: PadApp, raw: tuple[int, ...], finisher: int) -> None:
    for seat, value in enumerate(raw):
        for digit in str(abs(value)):
            app.act("digit", digit)
        if value < 0:
            app.act("sign")
        if seat == finisher:
            app.act("finisher")
        app.act("next")
    app.act("enter")


def test_seed_example_by_taps_is_saved_after_every_round() -> None:
    store = Memory()
    app = started(store=store)
    for number, (raw, finisher) in enumerate(SEED_ROUNDS, start=1):
        type_round(app, raw, finisher)
        assert app.notice is not None and app.notice.key == "entry.saved"
        saved = storage.loads(store[SAVE_KEY]).games[0].pad
        assert len(saved.rounds) == number
    assert app.pad is not None and totals(app.pad) == SEED_TOTALS
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.screen is Screen.PLAY and again.pad == app.pad


def test_names_are_escaped() -> None:
    app = started(("<b>Lena</b>", "Jo"))
    html = render.page(app)
    assert "<b>Lena" not in html and "&lt;b&gt;Lena&lt;/b&gt;" in html


def test_form_refuses_empty_and_repeated_names() -> None:
    app = PadApp.load(Memory(), lambda: NOW, language="en")
    app.edit("name", "Lena", seat=0)
    app.act("save-setup")
    assert app.notice is not None and app.notice.key == "setup.error.name"
    app.edit("name", "lena ", seat=1)
    app.edit("name", "Mia", seat=2)
    app.act("save-setup")
    assert app.notice is not None and app.notice.key == "setup.error.same"
    assert app.screen is Screen.SETUP


def test_a_form_error_goes_away_once_the_field_is_fixed() -> None:
    # Issue 13 item 3: an old error stayed on screen after the value was fixed.
    app = PadApp.load(Memory(), lambda: NOW, language="en")
    for seat, name in enumerate(PLAYERS):
        app.edit("name", name, seat=seat)
    app.edit("target", "custom")
    app.edit("custom_target", "0")
    app.act("save-setup")
    assert app.notice is not None and app.notice.key == "setup.error.target"
    app.edit("custom_target", "")  # still wrong while typing: the error stays
    assert app.notice is not None and app.notice.key == "setup.error.target"
    app.edit("custom_target", "75")
    assert app.notice is None
    app.edit("name", "", seat=1)
    app.act("save-setup")
    assert app.notice is not None and app.notice.key == "setup.error.name"
    app.edit("name", "Jonas", seat=1)
    assert app.notice is None
    app.act("save-setup")
    assert app.screen is Screen.PLAY and app.pad is not None and app.pad.rules.target == 75


def test_a_news_notice_is_not_cleared_by_typing() -> None:
    app = started()
    type_round(app, *SEED_ROUNDS[0])
    notice = app.notice
    app.edit("revealed", "5", seat=0, index=0)
    assert app.notice == notice


def test_reordering_mid_game_moves_the_sums_with_the_names() -> None:
    app = started()
    type_round(app, *SEED_ROUNDS[0])
    app.act("setup")
    app.act("up", "2")  # Mia before Jonas
    app.act("save-setup")
    assert app.pad is not None
    assert app.pad.players == ("Lena", "Mia", "Jonas")
    assert totals(app.pad) == (9, 28, 21)


def test_a_correction_that_would_end_the_game_early_is_refused_in_words() -> None:
    app = started()
    for raw, finisher in SEED_ROUNDS:
        type_round(app, raw, finisher)
    app.act("correct", "1")
    app.act("select", "1")
    for digit in "99":
        app.act("digit", digit)
    app.act("enter")
    assert app.notice is not None and app.notice.key == "error.ends_early"
    assert dict(app.notice.fields) == {"n": 2}  # Jonas 99 + 17 reaches 100
    assert app.pad is not None and totals(app.pad) == SEED_TOTALS


def test_an_unreadable_save_is_kept_aside() -> None:
    store = Memory({SAVE_KEY: "{broken"})
    app = PadApp.load(store, lambda: NOW, language="de")
    assert store[CORRUPT_KEY] == "{broken"
    assert app.notice is not None and app.notice.key == "error.corrupt"
    assert "nicht lesbar" in render.page(app)


def test_saved_games_list_dates_and_asks_before_deleting() -> None:
    app = started()
    app.act("games")
    html = render.page(app)
    assert "started 2026-11-03 14:05" in html
    game_id = str(app.game_id)
    app.act("ask-delete", game_id)
    assert "Delete this game for good?" in render.page(app)
    app.act("delete-game", game_id)
    assert app.archive.games == () and app.pad is None


def test_correcting_a_refused_sum_as_at_the_table() -> None:
    # Issue 13 item 4, the taps of the field test: 200 refused; tap the row, type 3;
    # and 3, 0, ± never gives -200.
    app = started()
    for key in ("2", "0", "0", "next"):
        app.act(key if key == "next" else "digit", key)
    assert app.notice is not None and app.notice.error
    assert app.keypad is not None and app.keypad.display == "200"
    assert 'class="entry-row current refused"' in render.page(app)
    app.act("select", "0")
    app.act("digit", "3")
    assert app.notice is None
    assert app.keypad is not None and app.keypad.display == "3"
    app.act("clear")
    for key, value in (("digit", "2"), ("digit", "0"), ("digit", "0"), ("next", "")):
        app.act(key, value)
    for key, value in (("digit", "3"), ("digit", "0"), ("sign", "")):
        app.act(key, value)
    assert app.keypad.display == "-30"


def test_a_half_typed_round_survives_a_reload() -> None:
    # Issue 13 item 16: a half-entered round was lost on reload.
    store = Memory()
    app = started(store=store)
    type_round(app, *SEED_ROUNDS[0])
    for key, value in (("digit", "4"), ("next", ""), ("digit", "1"), ("digit", "7")):
        app.act(key, value)
    app.act("finisher")
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.keypad is not None
    assert again.keypad.round_number == 2
    assert again.keypad.display == "17" and again.keypad.seat == 1
    assert again.keypad.finishers == (1,)
    for key in ("next", "digit", "next", "enter"):
        again.act(key, "2")
    assert again.pad is not None and again.pad.rounds[-1].raw == (4, 17, 2)
    assert store[DRAFT_KEY] == ""  # saved: nothing half-typed any more
    third = PadApp.load(store, lambda: NOW, language="en")
    assert third.keypad is not None and third.keypad.round_number == 3
    assert third.keypad.entries == (None, None, None)


def test_a_draft_that_no_longer_fits_is_dropped() -> None:
    store = Memory()
    app = started(store=store)
    app.act("digit", "5")
    kept = store[DRAFT_KEY]
    type_round(app, *SEED_ROUNDS[0])  # round 1 saved: the draft was for round 1
    store[DRAFT_KEY] = kept
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.keypad is not None and again.keypad.round_number == 2
    assert again.keypad.display == ""
    for garbage in ("jsnull", "{", '{"game": 1, "round": 2, "entries": [1e9]}', "[]"):
        store[DRAFT_KEY] = garbage
        assert PadApp.load(store, lambda: NOW, language="en").keypad is not None


def test_the_opening_cards_of_who_starts_survive_a_reload() -> None:
    # Issue 36 item 8: the "Who starts?" cards were lost on reload.
    store = Memory()
    app = started(store=store)
    app.edit("revealed", "12", seat=1, index=0)
    app.edit("revealed", "-2", seat=1, index=1)
    app.edit("revealed", "5", seat=0, index=0)
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.revealed == [[5, None], [12, -2], [None, None]]
    again.edit("revealed", "3", seat=0, index=1)
    assert PadApp.load(store, lambda: NOW, language="en").revealed[0] == [5, 3]
    # Typing the round keeps them too; once round 1 is saved they are not kept.
    again.act("digit", "4")
    assert PadApp.load(store, lambda: NOW, language="en").revealed[1] == [12, -2]
    type_round(again, *SEED_ROUNDS[0])
    assert store[DRAFT_KEY] == ""


@pytest.mark.parametrize(
    "opening",
    [
        "[[1, 2]]",  # too few players
        '[[1, 2], [3, 4], [5, "6"]]',  # a text
        "[[1, 2], [3, 4], [5, 13]]",  # no such card
        "[[1, 2], [3, 4], [5, true]]",
        "[[1, 2, 3], [3, 4], [5, 6]]",
        '{"0": [1, 2]}',
    ],
)
def test_opening_cards_of_the_wrong_shape_are_dropped(opening: str) -> None:
    store = Memory()
    started(store=store).edit("revealed", "12", seat=1, index=0)
    kept = json.loads(store[DRAFT_KEY])
    kept["opening"] = json.loads(opening)
    store[DRAFT_KEY] = json.dumps(kept)
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.revealed == [[None, None]] * 3 and again.keypad is not None


def test_a_half_typed_correction_survives_a_reload_as_a_correction() -> None:
    store = Memory()
    app = started(store=store)
    type_round(app, *SEED_ROUNDS[0])
    type_round(app, *SEED_ROUNDS[1])
    app.act("correct", "1")
    app.act("select", "2")
    app.act("digit", "8")
    again = PadApp.load(store, lambda: NOW, language="en")
    assert again.correcting and again.keypad is not None
    assert again.keypad.round_number == 1 and again.keypad.display == "8"
    again.act("enter")
    assert again.notice is not None and again.notice.key == "entry.corrected"
    assert again.pad is not None and again.pad.rounds[0].raw == (9, 21, 8)


def test_the_printed_sheet_says_when_under_which_rules_and_what_the_marks_mean() -> None:
    # Issue 13 item 16: the printed sheet had no date, rule options or legend.
    app = started()
    type_round(app, *SEED_ROUNDS[0])
    html = render.page(app)
    info = html[html.index('id="sheet-info"') : html.index('id="totals"')]
    assert "started 2026-11-03 14:05" in info
    assert "the game ends at 100" in info
    assert "A tie doubles the player who ended the round." in info
    assert "A score of 0 or less is never doubled." in info
    assert "are removed (the manual)" in info
    assert "Underlined: the player who ended the round. Bold: doubled." in info


def test_the_entry_names_its_round_so_the_page_can_hold_back_a_double_tap() -> None:
    # Issue 20 item 11 on the score pad: "Save round" gives way to the next round's
    # keypad; the entry's data-view changes with it, and the page ignores the
    # pointer on it for a moment (site/boot.js), so a double tap types nothing.
    app = started(("Ann", "Ben"))
    assert 'data-view="entry round-1"' in render.page(app)
    type_round(app, (5, 9), finisher=0)
    assert 'data-view="entry round-2"' in render.page(app)
    app.act("correct", "1")
    assert 'data-view="entry round-1 correcting"' in render.page(app)
