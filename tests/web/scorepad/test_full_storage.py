"""The score pad on a device that refuses to save, and with saves it cannot read
(issue 20, items 2, 3 and 5): never "saved" when nothing was, never a game lost."""

from __future__ import annotations

import html
import json

from skyjo.web.device import MemoryStorage
from skyjo.web.scorepad import render, storage
from skyjo.web.scorepad.app import CORRUPT_KEY, CURRENT_KEY, SAVE_KEY, PadApp
from skyjo.web.scorepad.messages import Messages
from tests.web.scorepad.seed import SEED_ROUNDS
from tests.web.scorepad.test_app import NOW, started, type_round

EN = Messages("en")


def shown(app: PadApp) -> str:
    return html.unescape(render.page(app))


def test_a_round_the_device_refuses_is_not_called_saved_and_csv_is_offered() -> None:
    device = MemoryStorage()
    app = started(store=device)
    type_round(app, *SEED_ROUNDS[0])
    assert app.notice is not None and app.notice.key == "entry.saved"
    device.capacity = sum(len(k) + len(v) for k, v in device.data.items())
    type_round(app, *SEED_ROUNDS[1])
    page = shown(app)
    assert EN.t("entry.saved", n=2) not in page
    assert EN.t("error.not_saved") in page and 'data-action="csv"' in page
    assert app.pad is not None and len(app.pad.rounds) == 2  # kept in memory
    again = PadApp.load(device, lambda: NOW, language="en")
    assert again.pad is not None and len(again.pad.rounds) == 1


def test_a_new_game_the_device_refuses_says_so_at_once() -> None:
    device = MemoryStorage(capacity=10)
    app = started(store=device)
    assert app.pad is not None
    assert app.notice is not None and app.notice.key == "error.not_saved"
    assert device.get(SAVE_KEY) is None


def test_one_unreadable_game_keeps_the_others_and_the_whole_text_is_set_aside() -> None:
    device = MemoryStorage()
    app = started(store=device)
    type_round(app, *SEED_ROUNDS[0])
    app.act("new")
    started(store=device)
    document = json.loads(device.get(SAVE_KEY) or "")
    document["games"][0]["rounds"][0]["finisher"] = 99
    broken = json.dumps(document)
    device.set(SAVE_KEY, broken)
    again = PadApp.load(device, lambda: NOW, language="en")
    assert [g.game_id for g in again.archive.games] == [2]
    assert device.get(CORRUPT_KEY) == broken
    assert [g.game_id for g in storage.loads(device.get(SAVE_KEY) or "").games] == [2]
    assert again.notice is not None and again.notice.key == "error.some_unreadable"
    assert 'data-action="export-unreadable"' in shown(again)
    assert again.exported_unreadable() == broken


def test_an_unreadable_save_on_a_full_device_is_not_replaced_by_an_empty_list() -> None:
    broken = '{"format": "skyjo-scorepad", "version": 1, "games": 5}'
    device = MemoryStorage(capacity=len(SAVE_KEY) + len(broken) + 5)
    device.set(SAVE_KEY, broken)
    app = PadApp.load(device, lambda: NOW, language="en")
    assert app.notice is not None and app.notice.key == "error.corrupt_not_kept"
    assert device.get(SAVE_KEY) == broken
    assert 'data-action="export-unreadable"' in shown(app)
    device.capacity = None
    app.act("new")
    for seat, name in enumerate(("Ann", "Ben")):
        app.edit("name", name, seat=seat)
    app.act("remove-player", "2")
    app.act("save-setup")
    assert device.get(SAVE_KEY) == broken  # not written over before the export
    assert app.notice is not None and app.notice.key == "error.not_saved"
    assert app.exported_unreadable() == broken
    type_round(app, (3, 4), 0)
    assert device.get(SAVE_KEY) != broken


def test_a_deep_save_and_a_deep_draft_do_not_stop_the_page() -> None:
    for key in (SAVE_KEY, "skyjo-scorepad-draft"):
        device = MemoryStorage()
        started(store=device)
        device.set(key, "[" * 100_000)
        app = PadApp.load(device, lambda: NOW, language="en")
        assert app.screen is not None


def test_a_stored_current_game_in_unicode_digits_opens_the_latest_game() -> None:
    device = MemoryStorage()
    started(store=device)
    device.set(CURRENT_KEY, "²")
    app = PadApp.load(device, lambda: NOW, language="en")
    assert app.game_id == 1
