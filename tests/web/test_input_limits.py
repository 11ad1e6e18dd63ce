"""Files too large to read, saves too large to keep, names that read the same (issue
36, items 4 and 5), on CPython: what each page's Python says, in words."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from skyjo import jsontext
from skyjo.web import check
from skyjo.web.device import MemoryStorage
from skyjo.web.embed.replay_page import ReplayPage
from skyjo.web.scorepad.app import PadApp
from skyjo.web.ui import app as app_module
from skyjo.web.ui import paint
from skyjo.web.ui.app import SAVE_KEY, App
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.page import GamePage
from skyjo.web.ui.setup import Seat, Setup, SetupError
from skyjo.web.worker import host

ROOT = Path(__file__).resolve().parents[2]
#: What page.mjs sends for a chosen file over its limit: its size, not its text.
TOO_LARGE = {"type": "file", "id": "import-file", "size": 5_242_880}


def shown(effects_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", effects_html))


# --- item 4: files ------------------------------------------------------------------


def test_page_mjs_reads_files_up_to_the_engines_limit() -> None:
    source = (ROOT / "site" / "page.mjs").read_text()
    found = re.search(r"const MAX_FILE_BYTES = (\d+);", source)
    assert found is not None and int(found[1]) == jsontext.MAX_LENGTH


def test_megabytes_round_up_so_a_file_over_the_limit_never_reads_as_the_limit() -> None:
    assert jsontext.megabytes(4_000_001) == 4.1
    assert jsontext.megabytes(5_242_880) == 5.3
    assert jsontext.megabytes(4_000_000) == jsontext.MAX_MEGABYTES == 4


def test_the_game_page_says_a_file_is_too_large_and_the_limit() -> None:
    page, _ = GamePage.open(MemoryStorage(), lambda effects: None, languages=["en"])
    effects = page.handle(TOO_LARGE)
    text = " ".join(shown(op[2]) for op in effects.of("html"))
    assert "This file is too large to open (5.3 MB): a game record is at most 4 MB." in text
    assert page.app.notice is not None and page.app.notice.error


def test_the_replay_viewer_says_a_file_is_too_large_and_the_limit() -> None:
    page, _ = ReplayPage.open(
        lambda effects: None,
        languages=["de"],
        stored_language=None,
        asked=None,
        href="https://example.org/replay.html",
        fragment="",
    )
    text = " ".join(shown(op[2]) for op in page.handle(TOO_LARGE).of("html"))
    assert "Diese Datei ist zu groß zum Öffnen (5,3 MB)" in text and "4 MB" in text


def test_the_engine_check_says_a_file_is_too_large_and_the_limit() -> None:
    effects = check.CheckPage().handle(TOO_LARGE)
    (status,) = [op for op in effects.of("text") if op[1] == "replay-status"]
    assert "too large to open (5.3 MB)" in status[2] and "4,000,000 characters" in status[2]


@pytest.fixture
def worker() -> Iterator[None]:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield
    for task in asyncio.all_tasks(loop):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
    loop.close()
    asyncio.set_event_loop(None)
    host.VIEWS.clear()


def test_a_file_the_page_sends_is_never_refused_by_the_worker(worker: None) -> None:
    # A file just under the limit, of quotes and control characters, is six times
    # longer escaped in the intent: the worker used to refuse it with a console
    # warning only; the controller must see it and say it is not a record.
    host.open_view("v", "index", json.dumps({"languages": ["en"]}))
    text = '"\x01' * (jsontext.MAX_LENGTH // 2)
    answer = host.intent("v", json.dumps({"type": "file", "id": "import-file", "text": text}))
    assert "warn" not in answer
    assert "This file is not a valid game record" in html.unescape(answer)


# --- item 4: saves ------------------------------------------------------------------


def test_a_save_too_large_to_read_back_says_so_not_that_storage_is_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(app_module, "SAVE_MOST", 1000)
    storage = MemoryStorage()
    app = App(storage, seed=5)
    app.quick_game()
    assert app.unsaved and storage.get(SAVE_KEY) is None
    said = html.unescape(paint.notice(app))
    assert "This game is too large to be saved on this device" in said
    assert "a save is at most 4 MB" in said
    assert Translator("en").t("save.failed") not in said
    assert 'data-intent="export"' in paint.notice(app)


def test_a_save_refused_by_the_device_still_says_storage_is_full() -> None:
    app = App(MemoryStorage(capacity=300), seed=5)
    app.quick_game()
    assert app.unsaved and app.unsaved_size is None
    assert Translator("en").t("save.failed") in html.unescape(paint.notice(app))


# --- item 5: names ------------------------------------------------------------------


@pytest.mark.parametrize(
    "second", ["Ann\u200b", "ＡＮＮ", "\u2060ann", "A\u00adnn", "Ann\ufe0f", "\u202eAnn"]
)
def test_the_setup_refuses_a_name_that_reads_as_anothers(second: str) -> None:
    with pytest.raises(SetupError) as caught:
        Setup((Seat("Ann"), Seat(second))).check().check_names()
    assert caught.value.key == "setup.error.same_name"
    assert caught.value.fields["first"] == 1 and caught.value.fields["n"] == 2


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u2060\u3164", "\u00ad", "\u2800"])
def test_the_setup_refuses_a_name_that_shows_nothing(name: str) -> None:
    app = App(MemoryStorage())
    app.start(Setup((Seat("Ann"), Seat(name))))
    assert app.setup_error is not None and app.setup_error.key == "setup.error.invisible"
    assert app.setup_error.fields == {"n": 2}
    assert app.game is None
    said = paint.setup_screen(app)
    assert "Seat 2&#x27;s name has no visible character" in said or (
        "Seat 2's name has no visible character" in html.unescape(said)
    )
    field = re.search(r'<input name="name-1"[^>]*>', said)
    assert field is not None
    assert 'aria-invalid="true"' in field[0] and 'aria-describedby="setup-error"' in field[0]


def test_names_that_differ_still_start_a_game() -> None:
    app = App(MemoryStorage())
    app.start(Setup((Seat("Ann"), Seat("Anna"), Seat("👨\u200d👩\u200d👧"))))
    assert app.setup_error is None and app.game is not None


def test_the_score_pad_refuses_invisible_and_same_reading_names() -> None:
    pad = PadApp.load(MemoryStorage(), lambda: None, language="en")  # type: ignore[arg-type, return-value]
    pad.edit("name", "Ann", seat=0)
    pad.edit("name", "\u200b\u200b", seat=1)
    pad.act("save-setup")
    assert pad.notice is not None and pad.notice.key == "setup.error.invisible"
    pad.edit("name", "Ann\u200b", seat=1)
    pad.act("save-setup")
    assert pad.notice is not None and pad.notice.key == "setup.error.same"
