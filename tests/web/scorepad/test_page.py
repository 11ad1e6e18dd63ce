"""The score pad's controller as its Web Worker runs it (issue 21): taps, typing and
the clock arrive as intents, the page comes back as effects."""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

from skyjo.web.device import MemoryStorage
from skyjo.web.scorepad.app import SAVE_KEY, Screen
from skyjo.web.scorepad.messages import Messages
from skyjo.web.scorepad.page import PadPage, clock_of
from skyjo.web.worker.effects import Effects

EN = Messages("en")
#: 2026-11-03 14:05 UTC, as a browser's Date.now().
NOW_MS = int(datetime(2026, 11, 3, 14, 5, tzinfo=UTC).timestamp() * 1000)


def pad_html(effects: Effects) -> str:
    (write,) = [op for op in effects.of("html") if op[1] == "pad"]
    return html.unescape(write[2])


def tap(page: PadPage, action: str, value: str = "", offset: int = 60) -> Effects:
    clock = {"now": NOW_MS, "offset": offset}
    return page.handle({"type": "click", "action": action, "value": value, "clock": clock})


def type_field(
    page: PadPage, name: str, value: str, *, seat: int = 0, event: str = "input"
) -> Effects:
    return page.handle(
        {
            "type": "field",
            "event": event,
            "typed": True,
            "name": name,
            "value": value,
            "data": {"seat": str(seat)},
        }
    )


def started(storage: MemoryStorage, language: str = "en") -> PadPage:
    page, effects = PadPage.open(storage, languages=[language], clock={"now": NOW_MS, "offset": 60})
    assert effects.kinds()[-1] == "ready"
    assert Messages(language).t("setup.start") in html.unescape(pad_html(effects))
    for seat, name in enumerate(("Ana", "Bo")):
        type_field(page, "name", name, seat=seat)
    tap(page, "remove-player", "2")
    tap(page, "save-setup")
    return page


def test_a_game_is_started_by_taps_and_dated_by_the_browsers_clock() -> None:
    storage = MemoryStorage()
    page = started(storage)
    assert page.app.screen is Screen.PLAY
    saved = page.app.archive.games[0]
    assert saved.started == datetime(2026, 11, 3, 15, 5, tzinfo=saved.started.tzinfo)
    assert saved.started.utcoffset() == timedelta(minutes=60)
    assert storage.get(SAVE_KEY) is not None


def test_typing_repaints_nothing_but_a_changed_notice() -> None:
    page, _ = PadPage.open(MemoryStorage(), languages=["en"])
    assert not type_field(page, "name", "Ana")
    tap(page, "save-setup")  # two names missing: the form says so
    effects = type_field(page, "name", "Bo", seat=1)
    assert effects.kinds() in ([], ["replace"])


def test_a_round_saved_scrolls_the_news_into_view_and_keeps_the_key_focused() -> None:
    page = started(MemoryStorage())
    for value in ("3", "4"):
        tap(page, "digit", value)
        if value == "3":
            tap(page, "finisher")
        tap(page, "next")
    effects = tap(page, "enter")
    assert EN.t("entry.saved", n=1) in pad_html(effects)
    assert ["scroll", "notice"] in effects.ops
    assert effects.of("focus")[0][1]["same"] is True


def test_next_on_the_last_sum_brings_the_save_key_into_view_and_only_then() -> None:
    # Intent: on a phone the Save key is below the fold once the news grows; after
    # the round's last sum it is scrolled to (no further than needed), never before.
    page = started(MemoryStorage())
    tap(page, "digit", "3")
    tap(page, "finisher")
    first = tap(page, "next")
    tap(page, "digit", "4")
    last = tap(page, "next")
    assert ["scroll", "enter-key", "nearest"] in last.ops
    assert 'id="enter-key"' in pad_html(last)
    assert first.of("scroll") == []
    # Next again on the last player (nothing new typed) still shows the key; a digit
    # typed there does not move the page.
    assert ["scroll", "enter-key", "nearest"] in tap(page, "next").ops
    assert tap(page, "digit", "5").of("scroll") == []


def test_csv_and_print_are_offered_to_the_main_thread() -> None:
    page = started(MemoryStorage())
    (download,) = tap(page, "csv").of("download")
    assert download[1].endswith(".csv") and download[3].startswith("Round,Ended by,Ana,Bo")
    assert tap(page, "print").kinds() == ["print"]


def test_the_csv_speaks_the_pads_language() -> None:
    # Intent (issue 36 item 18): a Spanish pad's CSV has Spanish headers.
    page = started(MemoryStorage(), "es")
    (download,) = tap(page, "csv").of("download")
    assert download[3].startswith("Ronda,Terminada por,Ana,Bo\r\n")


def test_a_refused_save_is_said_instead_of_saved() -> None:
    page = started(MemoryStorage())
    effects = page.refused(SAVE_KEY)
    assert EN.t("error.not_saved") in pad_html(effects)
    assert 'data-action="csv"' in pad_html(effects)


def test_the_clock_falls_back_to_utc_when_the_page_sent_none() -> None:
    assert clock_of(None).tzinfo is not None
    assert clock_of({"now": NOW_MS, "offset": 10_000}).utcoffset() == timedelta(0)
    assert clock_of({"now": True}).tzinfo == UTC
