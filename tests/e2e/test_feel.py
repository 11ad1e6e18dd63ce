"""What card-game players expect (issue 36, item 19), in a real browser: a card laid,
a column removed and a round's end sound (and buzz on a phone) behind one switch
that starts off where the device asks for reduced motion; statistics across the
games finished on this device, counted once, exported as CSV and reset after a
question; statistics the device cannot read are said and set aside.

Sounds and vibrations are observed, not heard: an init script records every
Web Audio source started (its kind, and an oscillator's frequency) and every call
of ``navigator.vibrate``. A card laid is a burst of noise (an
``AudioBufferSourceNode``) and buzzes ``[12]`` when it is a person's own
(``site/sound.mjs``). Every state reached is scanned with axe, at 360×640 and on a
desktop, in English and one other language; pictures go to ``/tmp/feel-*.png``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from skyjo import record
from skyjo.game import Game
from skyjo.i18n.catalogue import messages
from skyjo.rules import Rules
from skyjo.web.ui.i18n import Translator, card_text
from skyjo.web.ui.statistics import (
    STATISTICS_KEY,
    STATISTICS_UNREADABLE_KEY,
    Tally,
    result_of,
)

from . import a11y
from .conftest import Visit, answered, kept, open_page, wait_until_started
from .test_game import (
    DESKTOP,
    PHONE,
    app_until,
    import_record,
    no_overflow,
    play_step,
    start_game,
    wait_for_person,
)

pytestmark = pytest.mark.e2e

#: Records what the page plays: window.__cues.sounds (each source started: its
#: constructor's name, with ":<Hz>" for an oscillator) and .buzzes (each vibration).
RECORDER = """
window.__cues = { sounds: [], buzzes: [] };
for (const kind of [AudioScheduledSourceNode, AudioBufferSourceNode]) {
  if (!Object.prototype.hasOwnProperty.call(kind.prototype, "start")) continue;
  const started = kind.prototype.start;
  kind.prototype.start = function (...args) {
    const hz = this.frequency ? ":" + Math.round(this.frequency.value) : "";
    window.__cues.sounds.push(this.constructor.name + hz);
    return started.apply(this, args);
  };
}
// Where the page's AudioContext is made: in an idle callback, or in some other task
// (the paint of a move, which waited for it).
window.__contexts = [];
let idle = false;
const askIdle = window.requestIdleCallback;
window.requestIdleCallback = (work, options) => askIdle.call(window, (deadline) => {
  idle = true;
  try { return work(deadline); } finally { idle = false; }
}, options);
const Context = window.AudioContext;
window.AudioContext = class extends Context {
  constructor(...args) { super(...args); window.__contexts.push(idle ? "idle" : "task"); }
};
Navigator.prototype.vibrate = function (pattern) {
  window.__cues.buzzes.push(Array.isArray(pattern) ? pattern : [pattern]);
  return true;
};
"""
#: A card laid, as recorded: a burst of noise; a person's own also buzzes so.
SNAP = "AudioBufferSourceNode"
FLIP_BUZZ = [12]
TWO_SEATS = [("Mia", "human"), ("Lena", "medium")]
#: (viewport, language): a phone in another language, a desktop in English.
CASES = [(PHONE, "es"), (DESKTOP, "en")]
IDS = ["360x640-es", "1280x800-en"]
STATISTICS_CASES = [(PHONE, "de"), (DESKTOP, "en")]
STATISTICS_IDS = ["360x640-de", "1280x800-en"]


@pytest.fixture
def sized(
    browser: Browser, site_url: str, request: pytest.FixtureRequest
) -> Iterator[tuple[BrowserContext, str]]:
    """A context of the size asked for (a phone has touch), with the recorder; the
    param may add ``reduced_motion``."""
    size, reduced = request.param if isinstance(request.param, tuple) else (request.param, False)
    phone = size is PHONE
    context = browser.new_context(
        viewport=size,
        has_touch=phone,
        is_mobile=phone,
        reduced_motion="reduce" if reduced else "no-preference",
        accept_downloads=True,
    )
    context.add_init_script(RECORDER)
    yield context, site_url
    context.close()


def opened(where: tuple[BrowserContext, str], language: str) -> Visit:
    """The game page in ``language`` on a device that has seen "how to play"."""
    context, url = where
    context.add_init_script(
        f"localStorage.setItem('skyjo.language', '{language}');"
        "localStorage.setItem('skyjo.howto', 'seen');"
    )
    visit = open_page(context, url)
    visit.page.goto(url + "?seed=5")
    wait_until_started(visit.page)
    return visit


def size_name(page: Page) -> str:
    viewport = page.viewport_size
    assert viewport is not None
    return f"{viewport['width']}x{viewport['height']}"


def picture(page: Page, name: str) -> None:
    page.screenshot(path=f"/tmp/feel-{name}-{size_name(page)}.png")


def no_problems(page: Page, where: str) -> None:
    assert a11y.problems(page, f"{where}: ") == []
    no_overflow(page, where)


def cues(page: Page) -> dict[str, list[object]]:
    return dict(page.evaluate("window.__cues"))


def forget_cues(page: Page) -> None:
    page.evaluate("window.__cues.sounds.length = 0; window.__cues.buzzes.length = 0")


def in_menu(page: Page, name: str, *, role: str = "button") -> None:
    """Click a control of the game menu (behind "Menu" on a phone, which is closed again)."""
    toggle = page.locator("#menu-toggle")
    folded = toggle.is_visible()
    if folded and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        answered(page)
    page.get_by_role(role, name=name).click()  # type: ignore[arg-type]
    answered(page)
    if folded and page.locator("#menu-toggle").get_attribute("aria-expanded") == "true":
        page.locator("#menu-toggle").click()
        answered(page)


def sound_switch(page: Page, t: Translator) -> Locator:
    """The switch, also while it is folded into the closed menu on a phone."""
    return page.get_by_role("switch", name=t.t("button.sound"), include_hidden=True)


def take_over(page: Page, language: str) -> None:
    """In a tab that says the game is open in another one: "Use it here"."""
    page.get_by_role("button", name=messages("boot", language)["tabs.take"]).click()
    wait_until_started(page)
    answered(page)


def flip_own_card(page: Page) -> None:
    """The person turns one of their cards over (in the opening)."""
    wait_for_person(page)
    page.locator("#app .own-seat .card.target[data-action='flip']").first.click()
    answered(page)


# --- sound and vibration ------------------------------------------------------------------------


@pytest.mark.parametrize(("sized", "language"), CASES, ids=IDS, indirect=["sized"])
def test_a_card_laid_sounds_a_persons_own_buzzes_and_the_switch_silences_both(
    sized: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: with the switch on (the default), the bots' opening flips sound as they
    # are shown and the person's own flip sounds and buzzes; switched off, nothing
    # plays; switched on again, a card laid says so at once; the choice is remembered.
    t = Translator(language)
    visit = opened(sized, language)
    page = visit.page
    switch = sound_switch(page, t)
    expect(switch).to_have_attribute("aria-checked", "true")
    start_game(page, TWO_SEATS, language=language)
    wait_for_person(page)
    page.wait_for_function(f"window.__cues.sounds.includes('{SNAP}')")
    assert cues(page)["buzzes"] == [], "a bot's card laid buzzed"
    flip_own_card(page)
    page.wait_for_function("window.__cues.buzzes.length > 0")
    assert cues(page)["buzzes"] == [FLIP_BUZZ]
    picture(page, f"table-{language}")
    no_problems(page, "table, sound on")

    in_menu(page, t.t("button.sound"), role="switch")
    expect(switch).to_have_attribute("aria-checked", "false")
    forget_cues(page)
    flip_own_card(page)
    wait_for_person(page)
    # Switched on again, the switch plays a card laid: the only buzz since it was
    # turned off, so the flip made while it was off made none.
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible():
        toggle.click()
        answered(page)
        picture(page, f"menu-{language}")
        no_problems(page, "menu open")
    page.get_by_role("switch", name=t.t("button.sound")).click()
    expect(switch).to_have_attribute("aria-checked", "true")
    page.wait_for_function("window.__cues.buzzes.length > 0")
    assert cues(page)["buzzes"] == [FLIP_BUZZ]
    assert kept(page, "skyjo.sound") == "on"
    assert visit.page_errors == []


@pytest.mark.parametrize("sized", [DESKTOP], ids=["1280x800"], indirect=True)
def test_the_sound_is_made_ready_while_the_page_is_idle_not_while_it_paints(
    sized: tuple[BrowserContext, str],
) -> None:
    # Intent: making the page's AudioContext holds its main thread up (60 ms on a
    # desktop, four times as much on a phone), and the first cue comes with the
    # paint of a move: the host of a table passes every device's moves on from that
    # thread. It is made once, when the page is idle, and the first cue still sounds.
    visit = opened(sized, "en")
    page = visit.page
    start_game(page, TWO_SEATS)
    flip_own_card(page)
    page.wait_for_function(f"window.__cues.sounds.includes('{SNAP}')")
    flip_own_card(page)
    wait_for_person(page)
    assert page.evaluate("window.__contexts") == ["idle"]
    assert visit.page_errors == []


@pytest.mark.parametrize(
    "sized", [(PHONE, True), (DESKTOP, True)], ids=["360x640", "1280x800"], indirect=True
)
def test_where_the_device_asks_for_reduced_motion_the_switch_starts_off(
    sized: tuple[BrowserContext, str],
) -> None:
    # Intent: a device that asks for reduced motion gets no sound and no vibration
    # until the person turns the switch on, which the switch shows from the first
    # paint; the choice then holds over the device's wish.
    t = Translator("en")
    context, url = sized
    context.add_init_script("localStorage.setItem('skyjo.howto', 'seen');")
    visit = open_page(context, url)
    page = visit.page
    page.goto(url + "?seed=5", wait_until="domcontentloaded")
    # The build's paint shows it off already, before Python runs (site/boot-lang.js).
    assert page.get_attribute("html", "data-ready") is None
    assert page.locator("#sound-switch").get_attribute("aria-checked") == "false"
    wait_until_started(page)
    switch = sound_switch(page, t)
    expect(switch).to_have_attribute("aria-checked", "false")
    start_game(page, TWO_SEATS)
    flip_own_card(page)
    wait_for_person(page)
    in_menu(page, t.t("button.sound"), role="switch")
    expect(switch).to_have_attribute("aria-checked", "true")
    page.wait_for_function("window.__cues.buzzes.length > 0")
    assert cues(page)["buzzes"] == [FLIP_BUZZ], "the flip made while off was heard"
    flip_own_card(page)
    page.wait_for_function("window.__cues.buzzes.length > 1")
    assert cues(page)["buzzes"] == [FLIP_BUZZ, FLIP_BUZZ]
    no_problems(page, "reduced motion, switched on")
    # Reloaded, the person's choice wins over the device's wish.
    page.reload()
    wait_until_started(page)
    expect(switch).to_have_attribute("aria-checked", "true")
    assert visit.page_errors == []


# --- statistics ---------------------------------------------------------------------------------


def last_turns_record(seed: int = 3) -> str:
    """A game of Mia (a person) against a medium bot whose first round is in its
    last turns, to a target of 1: the round's end (played in the browser) ends it."""
    app = app_until(
        TWO_SEATS,
        seed,
        lambda app: app.game is not None and app.game.state.finisher is not None,
        rules=Rules(target=1),
    )
    return app.export_record()


def expected(game_record: str) -> Tally:
    """What the statistics should say after the game in ``game_record``, counted on
    CPython from the record the page exported."""
    parsed = record.loads(game_record)
    game = Game.from_record(parsed)
    kinds = [str(p.get("kind", "human")) for p in parsed.players]
    result = result_of(game, kinds)
    assert result is not None and result.group == "medium"
    return Tally().add(result)


def shows_row(page: Page, t: Translator, numbers: list[str]) -> None:
    """The statistics show the medium bots' row with ``numbers``, as a screen reader
    reads it (on a phone each number's word is shown beside it, for the eye only)."""
    name = " ".join([t.t("stats.group.medium"), *numbers])
    expect(page.get_by_role("row", name=name, exact=True)).to_be_visible()


def downloaded(page: Page, button: str) -> str:
    with page.expect_download() as info:
        page.get_by_role("button", name=button).click()
    return Path(info.value.path()).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("sized", "language"), STATISTICS_CASES, ids=STATISTICS_IDS, indirect=["sized"]
)
def test_a_finished_game_counts_once_is_exported_and_reset(
    sized: tuple[BrowserContext, str], language: str, tmp_path: Path
) -> None:
    # Intent: the game whose end is played here counts once, against the strongest
    # bot, with the person's rounds; a reload and another tab taking the game over
    # do not count it again; Export downloads the same numbers as CSV; Reset asks
    # first and then empties the view.
    t = Translator(language)
    visit = opened(sized, language)
    page = visit.page
    in_menu(page, t.t("button.statistics"))
    expect(page.get_by_text(t.t("stats.none"))).to_be_visible()
    no_problems(page, "no statistics yet")
    page.get_by_role("button", name=t.t("stats.close")).click()
    answered(page)

    import_record(page, last_turns_record(), tmp_path)
    for _ in range(100):
        if play_step(page) == "game_end":
            break
    expect(page.locator("#app")).to_have_attribute("data-screen", "game_end")
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible():
        toggle.click()
    tally = expected(downloaded(page, t.t("button.export")))
    assert tally.games == 1 and tally.rounds == 1  # one person, one round
    assert tally.average is not None and tally.best is not None
    counts = [str(tally.games), str(tally.wins), str(tally.rounds)]
    row = [str(tally.games), str(tally.wins), t.decimal(tally.average), card_text(tally.best)]

    in_menu(page, t.t("button.statistics"))
    heading = page.get_by_role("heading", name=t.t("stats.heading"))
    expect(heading).to_be_focused()
    shows_row(page, t, row)
    picture(page, f"statistics-{language}")
    no_problems(page, "statistics")

    page.reload()
    wait_until_started(page)
    page.get_by_role("button", name=t.t("button.resume")).click()
    in_menu(page, t.t("button.statistics"))
    shows_row(page, t, row)  # a reload does not count the game again

    other = open_page(page.context, page.url).page
    other.goto(page.url)
    take_over(other, language)
    other.get_by_role("button", name=t.t("button.resume")).click()
    in_menu(other, t.t("button.statistics"))
    shows_row(other, t, row)  # nor does the tab that took the game over

    text = downloaded(other, t.t("button.stats_export"))
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][:2] == [t.t("stats.opponents"), t.t("stats.games")]
    assert lines[1][0] == t.t("stats.group.medium")
    assert lines[1][1:4] == counts
    assert lines[1][5:] == [f"{tally.average:.2f}", str(tally.best)]

    other.get_by_role("button", name=t.t("button.stats_reset")).click()
    answered(other)
    question = other.get_by_role("alertdialog")
    expect(question).to_contain_text(t.t("confirm.stats.text", n=1))
    picture(other, f"statistics-reset-{language}")
    no_problems(other, "reset asked")
    other.get_by_role("button", name=t.t("button.stats_reset_confirm"), exact=True).click()
    answered(other)
    expect(other.get_by_text(t.t("stats.none"))).to_be_visible()
    assert kept(other, STATISTICS_KEY) is None
    no_problems(other, "statistics reset")
    assert visit.page_errors == []


PUT = """([key, value]) => new Promise((resolve, reject) => {
  const request = indexedDB.open("skyjo");
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const db = request.result;
    const put = db.transaction("saves", "readwrite");
    put.objectStore("saves").put(value, key);
    put.oncomplete = () => { db.close(); resolve(true); };
    put.onerror = () => reject(put.error);
  };
})"""


@pytest.mark.parametrize("sized", [PHONE, DESKTOP], ids=["360x640", "1280x800"], indirect=True)
def test_statistics_of_the_wrong_type_are_said_kept_aside_and_the_page_plays_on(
    sized: tuple[BrowserContext, str],
) -> None:
    # Intent: statistics the device holds but cannot read (a count that is a word,
    # as a hand edit or another version might leave) are said in words and set
    # aside unchanged; a sound setting of the wrong type means "not chosen"; the
    # page plays on (a card laid sounds).
    t = Translator("en")
    visit = opened(sized, "en")
    page = visit.page
    garbage = json.dumps({"version": 1, "groups": {"medium": {"games": "three"}}})
    page.evaluate(PUT, [STATISTICS_KEY, garbage])
    page.evaluate("localStorage.setItem('skyjo.sound', '{\"on\": 1}')")
    page.reload()
    wait_until_started(page)
    in_menu(page, t.t("button.statistics"))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("could not be read")
    expect(alert).to_contain_text("games")
    expect(page.get_by_text(t.t("stats.none"))).to_be_visible()
    assert kept(page, STATISTICS_UNREADABLE_KEY) == garbage
    assert kept(page, STATISTICS_KEY) is None
    picture(page, "statistics-unreadable-en")
    no_problems(page, "unreadable statistics")
    page.get_by_role("button", name=t.t("stats.close")).click()
    answered(page)
    expect(sound_switch(page, t)).to_have_attribute("aria-checked", "true")
    start_game(page, TWO_SEATS)
    flip_own_card(page)
    page.wait_for_function("window.__cues.buzzes.length > 0")
    assert visit.page_errors == []
