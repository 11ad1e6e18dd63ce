"""Nothing lost (issue 36, items 1 and 2): two tabs of one page never overwrite each
other, and a full ``localStorage`` never costs a game or a score pad.

Games and score pads live in the device's database (IndexedDB), one tab at a time
writes them (Web Locks), and the other says so and offers to take the game over.
Each test acts as a person does with two tabs of one browser (two pages of one
context share the origin's storage and locks) or on a device whose
``localStorage`` other project sites of the same GitHub user have filled.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from skyjo.i18n.catalogue import messages
from skyjo.rules import Rules
from skyjo.web.device import MemoryStorage
from skyjo.web.scorepad.app import SAVE_KEY as PAD_SAVE_KEY
from skyjo.web.scorepad.app import PadApp
from skyjo.web.scorepad.messages import Messages
from skyjo.web.ui.app import SAVE_KEY, App
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup

from . import a11y
from .conftest import ROOT, answered, kept, open_page, wait_until_started
from .test_hostile import FILL_STORAGE, FILL_STORAGE_FIRST, calm
from .test_scorepad import enter_round, key, new_game, totals, type_sum

pytestmark = pytest.mark.e2e

EN = Translator("en")
PAD = Messages("en")
BOOT = messages("boot", "en")
SHOTS = Path("/tmp/shots-tabs")


@pytest.fixture
def context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 1280, "height": 800})


def tab(context: BrowserContext, url: str, *, started: bool = True) -> Page:
    """Another tab of the same browser."""
    page = open_page(context, url).page
    page.goto(url)
    if started:
        wait_until_started(page)
    return page


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def take_over_if_asked(page: Page) -> None:
    """What a person does in a tab that says the game is open in another one: use it
    here. (A build without that message goes straight on.)"""
    here = page.get_by_role("button", name=BOOT["tabs.take"])
    page.wait_for_selector(
        "html[data-ready='true'], html[data-elsewhere]", state="attached", timeout=60_000
    )
    if page.get_attribute("html", "data-elsewhere") is not None:
        here.click()
        wait_until_started(page)
        expect(page.locator("html")).not_to_have_attribute("data-elsewhere", re.compile(".*"))
    answered(page)


def faces(page: Page) -> list[str]:
    """What each card of the person's grid shows ("" face down)."""
    answered(page)
    return list(
        page.eval_on_selector_all(
            ".own-seat .card",
            "cards => cards.map((card) => (card.querySelector('.value') || {}).textContent || '')",
        )
    )


# --- item 1: two tabs of the game page ---------------------------------------------------------


def game_in_two_tabs(context: BrowserContext, site_url: str, query: str) -> tuple[Page, Page]:
    """Tab 1 starts a quick game and turns a card; tab 2 opens the game page (and
    takes the game over when it is asked to)."""
    first = tab(context, site_url + "?seed=4")
    first.get_by_role("button", name=re.compile("Quick game")).click()
    first.locator(".own-seat .card.target").first.click()
    answered(first)
    second = tab(context, site_url + query, started=False)
    take_over_if_asked(second)
    return first, second


def tap_stale_then_reload(first: Page, second: Page) -> None:
    """Tab 1, still showing its old position, taps a card (a tab taken over does
    nothing); then tab 2 is reloaded and resumes the game the device holds."""
    stale = first.locator(".own-seat .card.target").first
    if stale.count():
        stale.dispatch_event("click")
        answered(first)
    second.reload()
    take_over_if_asked(second)
    second.get_by_role("button", name=EN.t("button.resume")).click()


def test_a_second_tab_of_the_game_says_so_and_takes_over_without_losing_a_move(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: tab 2 resumes the game and moves, then tab 1 (still showing the old
    # position) taps a card: tab 2's move stays saved, and each tab says who has it.
    first, second = game_in_two_tabs(context, site_url, "?seed=4")
    second.get_by_role("button", name=EN.t("button.resume")).click()
    last = second.locator(".own-seat .card.target").last
    moved = last.get_attribute("id")
    last.click()
    answered(second)
    kept = faces(second)
    assert moved is not None

    # Tab 1 still shows the position before tab 2's move: its tap must not win.
    tap_stale_then_reload(first, second)
    expect(second.locator(f"#{moved} .value")).not_to_have_text("")
    assert faces(second) == kept
    expect(first.get_by_role("heading", name=BOOT["tabs.taken.game"])).to_be_visible()
    expect(first.get_by_role("button", name=BOOT["tabs.take"])).to_be_visible()


def test_the_second_tab_says_the_game_is_elsewhere_and_the_first_stops_when_taken(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: a second tab of the game page says, in words and with a labelled
    # button, that the game is open in another tab; taking it over stops the first
    # tab, which says so; axe finds nothing in either state, at 360x640 too.
    first = tab(context, site_url + "?seed=4")
    first.get_by_role("button", name=re.compile("Quick game")).click()
    answered(first)
    second = tab(context, site_url + "?seed=4", started=False)
    notice = second.get_by_role("region", name=BOOT["tabs.elsewhere.game"])
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_contain_text(BOOT["tabs.elsewhere.detail"])
    expect(second.locator("#app")).to_be_hidden()
    assert a11y.problems(second) == []
    shoot(second, "game-elsewhere-1280")
    second.set_viewport_size({"width": 360, "height": 640})
    assert a11y.problems(second) == []
    shoot(second, "game-elsewhere-360")
    second.get_by_role("button", name=BOOT["tabs.take"]).click()
    wait_until_started(second)
    expect(second.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()
    taken = first.get_by_role("region", name=BOOT["tabs.taken.game"])
    expect(taken).to_be_visible()
    expect(taken).to_contain_text(BOOT["tabs.taken.detail"])
    assert a11y.problems(first) == []
    shoot(first, "game-taken-1280")
    # And back: the first tab takes it again, and shows the game as saved.
    first.get_by_role("button", name=BOOT["tabs.take"]).click()
    expect(first.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()
    expect(second.get_by_role("region", name=BOOT["tabs.taken.game"])).to_be_visible()


def test_a_new_game_in_the_second_tab_is_never_lost_to_the_first(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: tab 2 starts a game of its own while tab 1 has another: after tab 1
    # taps on, a reload of tab 2 offers tab 2's game, and tab 1's is among the
    # recent games: no key ever lost one.
    first, second = game_in_two_tabs(context, site_url, "?seed=5")
    second.get_by_role("button", name=EN.t("button.discard_save")).click()
    second.get_by_role("button", name="Leave it and start a new game").click()
    second.locator("#name-0").fill("Bea")
    second.get_by_role("button", name="Start game").click()
    expect(second.locator(".own-seat")).to_contain_text("Bea")
    answered(second)

    tap_stale_then_reload(first, second)
    expect(second.locator(".own-seat")).to_contain_text("Bea")
    recent = second.get_by_role("button", name=re.compile(r"Resume the game of You, "))
    second.get_by_role("button", name="New game", exact=True).click()
    second.get_by_role("button", name="Leave it and start a new game").click()
    expect(recent.first).to_be_visible()
    expect(
        second.get_by_role("button", name=re.compile(r"Resume the game of Bea, "))
    ).to_be_visible()


# --- item 1: two tabs of the score pad ---------------------------------------------------------


def test_a_score_pad_game_made_in_a_second_tab_survives_the_first_tabs_next_round(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: tab 1 keeps score of a game; tab 2 makes a new one and saves a round;
    # tab 1 then saves its next round: both games are on the device after a reload.
    pad = site_url + "scorepad.html"
    first = tab(context, pad)
    new_game(first, ("Ana", "Bo"))
    enter_round(first, (3, 4), 0)
    answered(first)

    second = tab(context, pad, started=False)
    take_over_if_asked(second)
    second.get_by_role("button", name="New game").click()
    new_game(second, ("Cy", "Di"))
    enter_round(second, (5, 6), 1)
    answered(second)

    # Tab 1 saves its next round (if it still can: a tab taken over cannot).
    for action in (("digit", "7"), ("finisher", ""), ("next", ""), ("digit", "8"), ("next", "")):
        button = first.locator(f"#entry [data-action='{action[0]}']")
        if action[1]:
            button = first.locator(f"#entry [data-action='digit'][data-value='{action[1]}']")
        if button.count():
            button.first.dispatch_event("click")
            answered(first)
    save = first.locator("#entry").get_by_role("button", name="Save")
    if save.count():
        save.dispatch_event("click")
        answered(first)

    second.reload()
    take_over_if_asked(second)
    assert totals(second) == ["5", "12"]
    second.get_by_role("button", name="Saved games").click()
    games = second.locator("#games li.game")
    expect(games).to_have_count(2)
    expect(games.first).to_contain_text("Cy, Di")
    expect(games.nth(1)).to_contain_text("Ana, Bo")
    expect(first.get_by_role("region", name=BOOT["tabs.taken.scorepad"])).to_be_visible()
    shoot(first, "scorepad-taken-1280")
    assert a11y.problems(first) == []


# --- item 2: a full localStorage ------------------------------------------------------------


def test_on_a_full_device_a_game_and_its_later_moves_are_saved_and_a_reload_shows_them(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: other project sites of the same user filled localStorage; a new game
    # is saved anyway, so are its later moves, and a reload offers it.
    context.add_init_script(FILL_STORAGE_FIRST)
    page = tab(context, site_url + "?seed=4")
    page.get_by_role("button", name=re.compile("Quick game")).click()
    page.locator(".own-seat .card.target").first.click()
    page.locator(".own-seat .card.target").last.click()
    kept = faces(page)
    expect(page.get_by_role("alert").filter(has_text=EN.t("save.failed"))).to_have_count(0)
    page.reload()
    wait_until_started(page)
    page.get_by_role("button", name=EN.t("button.resume")).click()
    assert faces(page) == kept


def test_on_a_full_device_the_score_pads_round_and_new_game_survive_a_reload(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: the score pad on a full device: a round and a new game are saved and a
    # reload shows both, with no "not saved" alert.
    page = tab(context, site_url + "scorepad.html")
    new_game(page, ("Ana", "Bo"))
    enter_round(page, (3, 4), 0)
    page.evaluate(FILL_STORAGE)
    type_sum(page, 5)
    key(page, "Ended the round").click()
    key(page, "Next").click()
    type_sum(page, 6)
    key(page, "Next").click()
    page.locator("#entry").get_by_role("button", name="Save").click()
    expect(page.locator("#notice")).to_have_text(PAD.t("entry.saved", n=2))
    page.get_by_role("button", name="New game").click()
    new_game(page, ("Cy", "Di"))
    answered(page)
    page.reload()
    wait_until_started(page)
    expect(page.locator("#pad")).to_contain_text("Cy")
    page.get_by_role("button", name="Saved games").click()
    games = page.locator("#games li.game")
    expect(games).to_have_count(2)
    expect(games.nth(1)).to_contain_text("Ana, Bo: 2 rounds")


def big_record(tmp_path: Path) -> Path:
    """A legal finished game whose file is over 6 MB (the JSON pretty-printed with
    wide indentation: the size is whitespace, the game is ordinary)."""
    full = ROOT / "tests" / "records" / "default_full_game.json"
    text = json.dumps(json.loads(full.read_text(encoding="utf-8")), indent=800)
    path = tmp_path / "big-game.json"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 6_000_000
    return path


def test_a_six_megabyte_import_on_a_full_device_is_saved_or_refused_with_its_reason(
    context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    # Intent: a 6 MB record imported on a full device is either kept (a reload offers
    # it) or refused with the true reason on screen; never silently dropped.
    context.add_init_script(FILL_STORAGE_FIRST)
    page = tab(context, site_url + "?seed=4")
    page.locator("#import-file").set_input_files(str(big_record(tmp_path)))
    answered(page)
    refused = page.get_by_role("alert")
    if refused.count():
        # The true reason: the file is larger than a record may be, not a full device.
        expect(refused).not_to_contain_text(EN.t("save.failed"))
        expect(refused).to_contain_text("too large")
        return
    expect(page.locator("#app")).to_have_attribute(
        "data-screen", re.compile("game_end|table|round_end")
    )
    page.reload()
    wait_until_started(page)
    expect(page.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()


# --- the one-time move of the saves -------------------------------------------------------------


def old_saves() -> tuple[str, str]:
    """A game in progress and a score pad with one round, as the pages of before
    left them in localStorage (made by the pages' own Python)."""
    device = MemoryStorage()
    app = App(device, seed=4)
    app.start(Setup((Seat("Ola", "human"), Seat("Bot", "easy")), Rules()))
    pad = PadApp.load(device, lambda: datetime(2024, 5, 1, 20, tzinfo=UTC), language="en")
    pad.form.names = ["Ana", "Bo"]
    pad.act("save-setup")
    for press in (("digit", "3"), ("finisher", ""), ("next", ""), ("digit", "4"), ("next", "")):
        pad.act(*press)
    pad.act("enter")
    game, archive = device.get(SAVE_KEY), device.get(PAD_SAVE_KEY)
    assert game is not None and archive is not None
    return game, archive


def test_an_old_save_in_local_storage_moves_to_the_database_and_shows(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: a returning player's save from before (in localStorage) is offered at
    # once, is in the database afterwards, and its localStorage copy is gone only
    # once the database holds it.
    save, archive = old_saves()
    context.add_init_script(
        "if (!sessionStorage.getItem('planted')) {"
        f" localStorage.setItem('skyjo.game', {json.dumps(save)});"
        f" localStorage.setItem('skyjo-scorepad', {json.dumps(archive)});"
        " sessionStorage.setItem('planted', '1'); }"
    )
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url)
    wait_until_started(page)
    expect(page.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()
    answered(page)
    page.wait_for_function("() => localStorage.getItem('skyjo.game') === null")
    assert kept(page, "skyjo.game") == save
    page.reload()
    wait_until_started(page)
    page.get_by_role("button", name=EN.t("button.resume")).click()
    expect(page.locator(".seat").first).to_contain_text("Ola")

    page.goto(site_url + "scorepad.html")
    wait_until_started(page)
    assert totals(page) == ["3", "4"]
    page.wait_for_function("() => localStorage.getItem('skyjo-scorepad') === null")
    assert kept(page, "skyjo-scorepad") == archive
    calm(visit)


def test_an_old_save_stays_in_local_storage_when_the_database_refuses_it(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: the move is a copy first: when the database refuses the write, the
    # save stays where it was and is still offered.
    save, _archive = old_saves()
    context.add_init_script(
        "if (!sessionStorage.getItem('planted')) {"
        f" localStorage.setItem('skyjo.game', {json.dumps(save)});"
        " sessionStorage.setItem('planted', '1'); }"
        "IDBObjectStore.prototype.put = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page = tab(context, site_url)
    expect(page.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()
    answered(page)
    assert page.evaluate("localStorage.getItem('skyjo.game')") == save
    page.reload()
    wait_until_started(page)
    expect(page.get_by_role("button", name=EN.t("button.resume"))).to_be_visible()
    assert page.evaluate("localStorage.getItem('skyjo.game')") == save
