"""The game at the table in a real browser (issue 5): a person plays against bots
and against another person, saves resume mid-turn, a corrupt save is kept, the
keyboard and the live region carry a whole turn, axe finds nothing serious, the
layout fits a phone, the language switch sticks, and names are text.

Tests act as a person does: they click what is highlighted as a legal target and
read what the page shows; the engine on CPython is the reference they compare to.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from skyjo import record, share
from skyjo.rules import Rules
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present
from skyjo.web.ui.app import SAVE_KEY, App, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup

from .a11y import problems, running_animations, settle
from .conftest import ROOT, Visit, answered, kept, open_page, wait_until_started
from .test_site import replay_on_cpython

pytestmark = pytest.mark.e2e

SCREENSHOTS = ROOT / "test-results" / "screenshots"
PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
#: How long a bot may take before a person's turn comes back (instant bots: far less).
TURN_TIMEOUT_MS = 20_000
#: Where a person may act (or take the device from another), or a screen between
#: rounds is up, once the page takes input again (a moment after the table changed:
#: a click then would only make Playwright scroll the page and retry) and the answer
#: to the last click is on screen (``data-pending``: Python answers from its worker,
#: so right after a click the screen is still the one clicked on).
WAITING_FOR_PERSON = ", ".join(
    f"html:not([data-settling]):not([data-pending]) {where}"
    for where in (
        "#app[data-screen='round_end']",
        "#app[data-screen='game_end']",
        "#app[data-screen='setup']",
        "#draw-pile.target",
        "#app .card.target",
        "#hand-over",
    )
)


# --- fixtures and helpers -------------------------------------------------------------


def visit(fresh: tuple[BrowserContext, str], query: str = "?seed=5", *, before: str = "") -> Visit:
    """Open the site (``before`` is JavaScript run ahead of the page's own scripts)."""
    context, url = fresh
    if before:
        context.add_init_script(before)
    opened = open_page(context, url)
    opened.page.goto(url + query)
    wait_until_started(opened.page)
    return opened


def no_python_errors(opened: Visit) -> None:
    """Nothing went wrong behind the scenes: no traceback box, no page error."""
    assert opened.page.locator(".py-error").count() == 0
    assert opened.page_errors == []
    assert opened.off_origin == []


def card_value(text: str) -> int:
    """A card's number as shown (the page writes negatives with a real minus sign)."""
    return int(text.strip().replace("−", "-"))


def start_game(
    page: Page,
    seats: list[tuple[str, str]] | None = None,
    *,
    speed: str = "instant",
    language: str = "en",
) -> None:
    """Fill in the setup form as a person would (names, who plays each seat, bot speed)
    and start with the form's button, at its bottom (the page is scrolled down to it),
    named in the page's ``language``. Without ``seats`` the remembered setup (you
    against three bots) stays."""
    if seats is not None:
        while page.locator(".seat-row").count() > len(seats):
            count = page.locator(".seat-row").count()
            page.locator(f"[data-intent='seat-remove'][data-index='{count - 1}']").click()
            expect(page.locator(".seat-row")).to_have_count(count - 1)
        for i, (name, kind) in enumerate(seats):
            page.fill(f"#name-{i}", name)
            page.select_option(f"#kind-{i}", kind)
    if page.locator("select[name=speed]").is_visible():  # shown only while a bot plays
        page.select_option("select[name=speed]", speed)
    page.get_by_role("button", name=Translator(language).t("setup.start")).click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")


def open_rule_options(page: Page) -> None:
    """Unfold the setup form's rule options (folded as the form opens)."""
    options = page.locator("#setup-options")
    if options.get_attribute("open") is None:
        options.locator("summary").click()
    expect(options).to_have_attribute("open", "")


def wait_for_person(page: Page) -> str:
    """Wait until a person may act (or a round is over); returns the screen's name."""
    page.wait_for_selector(WAITING_FOR_PERSON, timeout=TURN_TIMEOUT_MS)
    return page.get_attribute("#app", "data-screen") or ""


def play_both_openings(page: Page) -> str:
    """Ann and Ben, at one device, each turn two cards (Ben after the hand-over);
    then the device goes to whoever starts. Returns the starter's name."""
    for name in ("Ann", "Ben"):
        if name == "Ben":
            page.get_by_role("button", name="Continue as Ben").click()
        for _ in range(2):  # each once the last was answered: until then the card
            page.locator(".own-seat .card.target").first.click()  # tapped is a target
            answered(page)
    first = page.locator(".turn").inner_text().split(",")[0]
    if first == "Ann":  # Ben holds the device after his opening flips
        page.get_by_role("button", name="Continue as Ann").click()
    return first


def place(page: Page, value: int) -> None:
    """Put the held ``value`` on a highlighted card: over the highest face-up card worth
    more, else on a face-down card, else anywhere legal."""
    answered(page)
    expect(page.locator("#app .card.target").first).to_be_visible()
    targets = page.locator("#app .card.target").evaluate_all(
        "els => els.map(e => [e.id, e.textContent.trim()])"
    )
    shown = [(card_value(text), ident) for ident, text in targets if text]
    higher = [pair for pair in shown if pair[0] > value]
    down = [ident for ident, text in targets if not text]
    choice = max(higher)[1] if higher else (down[0] if down else targets[0][0])
    page.locator(f"#{choice}").click()


def play_turn(page: Page) -> None:
    """One whole turn of the person on turn: take a low discard, else draw; keep a low
    card, else discard it and turn a card over."""
    top = card_value(page.locator("#discard-pile .value").inner_text())
    if top <= 3:
        page.locator("#discard-pile").click()
        expect(page.locator("#held-card")).to_be_visible()
        place(page, top)
    else:
        page.locator("#draw-pile").click()
        answered(page)
        held = card_value(page.locator("#held-card").inner_text())
        flip = page.get_by_role("button", name="Discard and turn over")
        if held <= 4 or flip.count() == 0:
            place(page, held)
        else:
            flip.click()
            answered(page)
            page.locator("#app .card.target[data-action='flip']").first.click()
    expect(page.locator("#held-card")).to_have_count(0)


def turn_a_card_over(page: Page, *, last: bool = False) -> None:
    """The quickest way to the round's end: draw, discard the card drawn and turn one
    more card face up. Each turn then uncovers a card, so two people end a round in
    about twenty turns where `play_turn`'s careful play takes twice as many. A
    ``last`` turn (after someone ended the round) keeps the cards still face down:
    the drawn card goes on a face-up one, so the round end has cards to reveal."""
    page.locator("#draw-pile").click()
    answered(page)
    if last:
        page.locator("#app .card.target:not(.down)").first.click()
    else:
        page.get_by_role("button", name="Discard and turn over").click()
        answered(page)
        page.locator("#app .card.target[data-action='flip']").first.click()
    expect(page.locator("#held-card")).to_have_count(0)


def play_step(page: Page) -> str:
    """Do whatever a person must do next; returns the screen that was up."""
    screen = wait_for_person(page)
    if screen == "round_end":
        page.get_by_role("button", name="Next round").click()
    elif screen == "table" and page.locator("#hand-over").count():
        page.locator("#hand-over").click()  # pass and play: the next person takes over
        expect(page.locator("#hand-over")).to_have_count(0)
    elif screen == "table" and page.locator("#draw-pile.target").count():
        play_turn(page)
    elif screen == "table" and page.locator("#app .card.target").count():
        page.locator("#app .card.target").first.click()  # a setup flip
    return screen


def play_until_the_person_may_draw(page: Page, *, steps: int = 200) -> None:
    """Play a person's steps until their turn starts (the draw pile is a target).
    Bounded, so a game that never gets there fails with the screen it is stuck on
    instead of looping forever."""
    for _ in range(steps):
        # Wait for the person first: checking the draw pile while bots are still
        # moving, then calling play_step, would let play_step play that very turn.
        if wait_for_person(page) == "table" and page.locator("#draw-pile.target").count():
            return
        play_step(page)
    screen = page.get_attribute("#app", "data-screen")
    setup = page.evaluate("() => localStorage.getItem('skyjo.setup')")
    pytest.fail(f"no turn to draw after {steps} steps; the page shows {screen!r}; setup: {setup}")


def shown_snapshot(page: Page) -> list[str]:
    """What a person sees of the state: every card's label, the piles and the held card."""
    labels = page.locator("#app .card, #draw-pile, #discard-pile").evaluate_all(
        "els => els.map(e => e.id + ' ' + (e.getAttribute('aria-label') || ''))"
    )
    return [str(label) for label in labels]


def app_until(
    players: list[tuple[str, str]],
    seed: int,
    done: Callable[[App], bool],
    *,
    rounds: bool = False,
    rules: Rules | None = None,
) -> App:
    """An app on CPython played by random clicks until ``done`` holds (checked
    before each step); with ``rounds``, past each round's end into the next."""
    app = App(MemoryStorage(), seed=seed)
    seats = tuple(Seat(name, kind) for name, kind in players)
    app.start(Setup(seats, rules or Rules(), speed="instant"))
    rng = random.Random(seed)
    for _ in range(5000):
        if done(app):
            return app
        if app.screen is Screen.ROUND_END and rounds:
            app.next_round()
            continue
        if app.bot_step():
            continue
        if app.hand_over_to() is not None:
            app.hand_over()
            continue
        seat = app.human_to_act()
        assert seat is not None and app.game is not None
        targets = app.targets(seat)
        if targets:
            app.click_card(seat, rng.choice(sorted(targets)))
        else:
            app.draw()
    raise AssertionError("the game never got where it was played to")


def round_end_app(players: list[tuple[str, str]], seed: int) -> App:
    """An app on CPython whose game is paused at the end of round 1 (random clicks)."""
    return app_until(players, seed, lambda app: app.screen is Screen.ROUND_END)


def round_end_record(players: list[tuple[str, str]], seed: int) -> str:
    """A game record paused at the end of round 1, made on CPython with the app itself."""
    return round_end_app(players, seed).export_record()


ROUND_END_PLAYERS = [("Mia", "human"), ("Lena", "medium"), ("Tom", "easy"), ("Ida", "hard")]


def import_record(page: Page, text: str, tmp_path: Path) -> None:
    """Import a record file through the page's import control."""
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    page.set_input_files("#import-file", str(path))


def no_overflow(page: Page, where: str) -> None:
    """Nothing sticks out sideways: the page never scrolls horizontally."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("document.documentElement.clientWidth")
    assert width <= viewport, f"{where}: {width}px wide in a {viewport}px viewport"


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical findings on the page once its animations are over
    (a text fading in is not yet its own colour)."""
    settle(page)
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


# --- a whole game -----------------------------------------------------------------------


def test_a_seeded_game_against_three_bots_ends_with_the_engines_totals(
    fresh: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: one person clicking only highlighted targets finishes a game against three
    # instant bots, and the final totals on the page are the engine's for that record.
    opened = visit(fresh, "?seed=11")
    page = opened.page
    start_game(page, [("Mia", "human"), ("Alex", "easy"), ("Sam", "medium"), ("Robin", "hard")])
    rounds = 0
    for _ in range(2000):
        screen = play_step(page)
        rounds += screen == "round_end"
        if page.get_attribute("#app", "data-screen") == "game_end":
            break
    expect(page.locator("#app")).to_have_attribute("data-screen", "game_end")
    expect(page.locator(".winners")).to_contain_text("win")
    rows = page.locator("table.result tbody tr")
    shown = {
        rows.nth(i).locator("th").inner_text().rstrip(" ★"): int(
            rows.nth(i).locator("td").nth(2).inner_text()
        )
        for i in range(rows.count())
    }
    with page.expect_download() as download:
        page.get_by_role("button", name="Export game").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    reference = replay_on_cpython(path)
    assert reference.returncode == 0, reference.stderr
    summary = json.loads(reference.stdout)
    assert summary["game_over"] is True
    names = [p["name"] for p in json.loads(path.read_text(encoding="utf-8"))["players"]]
    assert shown == dict(zip(names, summary["totals"], strict=True))
    assert max(summary["totals"]) >= 100 and rounds >= 1
    no_python_errors(opened)


def test_two_people_share_one_device(fresh: tuple[BrowserContext, str]) -> None:
    # Intent: two humans play a whole round at one screen; "Anna, your turn" names who
    # is on, and each turn begins with the device handed over ("Continue as Ben").
    opened = visit(fresh, "?seed=3")
    page = opened.page
    start_game(page, [("Anna", "human"), ("Ben", "human")])
    turn = page.locator(".turn.human")
    expect(turn).to_have_text("Anna, your turn")
    for _ in range(2):  # as a person waits to see the first card turn over
        page.locator("#app .card.target").first.click()
        answered(page)
    expect(turn).to_have_text("Ben, your turn")
    page.get_by_role("button", name="Continue as Ben").click()
    # As a person waits for Ben's cards to show: a tap made while the hand-over is
    # still on its way is dropped once the screen under it changes (site/page.mjs).
    expect(page.locator("#hand-over")).to_have_count(0)
    for _ in range(2):  # as a person waits to see the first card turn over
        page.locator("#app .card.target").first.click()
        answered(page)
    seen: list[str] = []
    banners: set[str] = set()
    for _ in range(200):
        if page.get_attribute("#app", "data-screen") != "table":
            break
        who = turn.inner_text()
        seen.append(who)
        shown = page.locator(".banner").all_inner_texts()
        banners.update(shown)
        assert page.locator(".seat.active .name").inner_text() == who.split(",")[0]
        hand_over = page.locator("#hand-over")
        if hand_over.count():
            expect(hand_over).to_have_text(f"Continue as {who.split(',')[0]}")
            hand_over.click()
            expect(hand_over).to_have_count(0)
        turn_a_card_over(page, last=any("has ended the round" in b for b in shown))
        page.wait_for_function(  # the turn passed to the other person, or the round ended
            "who => document.querySelector('.turn.human')?.textContent !== who", arg=who
        )
    expect(page.locator("#app")).to_have_attribute("data-screen", re.compile("round_end|game_end"))
    assert {"Anna, your turn", "Ben, your turn"} <= set(seen)
    assert any("has ended the round: everyone else has one last turn" in b for b in banners)
    expect(page.locator(".reason")).to_contain_text("ended the round with")
    # The round end reveals the last face-down cards one after another, unless the
    # person asked for less motion.
    revealed = page.locator(".end .card.revealed")
    assert revealed.count() > 0
    animation = "el => getComputedStyle(el).animationName"
    assert revealed.first.evaluate(animation) == "reveal"
    page.emulate_media(reduced_motion="reduce")
    assert revealed.first.evaluate(animation) == "none"
    no_python_errors(opened)


# --- saves ------------------------------------------------------------------------------


def test_resume_after_reload_mid_turn_gives_the_same_state(
    fresh: tuple[BrowserContext, str],
) -> None:
    # Intent: a person who drew a card and reloads gets the same table, still holding it.
    opened = visit(fresh)
    page = opened.page
    start_game(page)
    play_until_the_person_may_draw(page)
    page.locator("#draw-pile").click()
    expect(page.locator("#held-card")).to_be_visible()
    before = shown_snapshot(page)
    held = page.locator("#held-card").get_attribute("aria-label")
    page.reload()
    wait_until_started(page)
    expect(page.get_by_role("heading", name="A game is in progress")).to_be_visible()
    page.get_by_role("button", name="Resume").click()
    expect(page.locator("#held-card")).to_have_attribute("aria-label", held or "")
    assert shown_snapshot(page) == before
    expect(page.get_by_role("button", name="Discard and turn over")).to_be_visible()
    no_python_errors(opened)


def test_a_corrupt_save_is_reported_kept_and_a_new_game_starts(
    fresh: tuple[BrowserContext, str],
) -> None:
    # Intent: garbage in the save slot is explained, kept aside for export, never a crash.
    garbage = '{"app": 1, "record": <not json'
    opened = visit(
        fresh,
        before="if (!sessionStorage.getItem('planted')) {"
        f" localStorage.setItem('skyjo.game', {json.dumps(garbage)});"
        " sessionStorage.setItem('planted', '1'); }",
    )
    page = opened.page
    expect(page.get_by_role("alert")).to_contain_text("could not be read")
    assert kept(page, "skyjo.corrupt-save") == garbage
    with page.expect_download() as download:
        page.get_by_role("button", name="Export the unreadable save").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == garbage
    page.get_by_role("button", name=re.compile("Quick game")).click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    saved = json.loads(kept(page, SAVE_KEY) or "null")
    assert saved["app"] == 1
    assert kept(page, "skyjo.corrupt-save") == garbage
    no_python_errors(opened)


# --- keyboard and screen reader ------------------------------------------------------------


def test_a_whole_turn_by_keyboard_alone(fresh: tuple[BrowserContext, str]) -> None:
    # Intent: Tab, arrows, Enter and Escape carry setup flips and a whole turn; focus
    # always lands on something that can act next.
    opened = visit(fresh)
    page = opened.page
    start_game(page, [("Kim", "human"), ("Bot", "easy")])
    focused = "document.activeElement && document.activeElement.id"
    for arrow in ("ArrowRight", "ArrowDown"):  # setup: turn over two cards
        page.wait_for_function(f"{focused} === 'card-0-0'")
        page.keyboard.press(arrow)
        page.keyboard.press("Enter")
    page.wait_for_function(f"{focused} === 'draw-pile'", timeout=TURN_TIMEOUT_MS)
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == "discard-pile"
    page.keyboard.press("Enter")  # take the discard pile's card
    expect(page.locator("#held-card")).to_be_visible()
    # The prompt (what is held, what to do), not a card a second Enter would swap.
    page.wait_for_function(f"{focused} === 'prompt'")
    page.keyboard.press("ArrowDown")  # into the grid
    assert str(page.evaluate(focused)).startswith("card-0-")
    page.keyboard.press("Escape")  # put it back: the turn starts over
    expect(page.locator("#held-card")).to_have_count(0)
    expect(page.locator("#discard-pile")).to_have_class(re.compile("target"))
    page.wait_for_function(f"['draw-pile', 'discard-pile'].includes({focused})")
    page.locator("#draw-pile").focus()
    page.keyboard.press("Enter")  # draw
    expect(page.locator("#held-card")).to_be_visible()
    page.wait_for_function(f"{focused} === 'prompt'")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(f"({focused} || '').startsWith('card-0-')")
    first = page.evaluate(focused)
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) != first
    for _ in range(30):  # Tab on to the button that discards the drawn card
        if page.evaluate("document.activeElement.textContent") == "Discard and turn over":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#prompt")).to_contain_text("face-down card to turn over")
    page.wait_for_function(f"{focused} === 'prompt'")
    page.keyboard.press("Escape")  # changed my mind: back to choosing
    expect(page.get_by_role("button", name="Discard and turn over")).to_be_visible()
    page.get_by_role("button", name="Discard and turn over").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{focused} === 'prompt'")
    page.keyboard.press("ArrowDown")  # the first card that can be turned over
    page.wait_for_function(f"({focused} || '').startsWith('card-0-')")
    page.keyboard.press("Enter")
    expect(page.locator("#held-card")).to_have_count(0)
    # The only person among bots is spoken to: "You draw", not "Kim draws".
    expect(page.locator("#live")).to_contain_text("You draw a")
    no_python_errors(opened)


def test_a_hint_and_a_stale_click(fresh: tuple[BrowserContext, str]) -> None:
    # Intent: the hint says what the hard bot would do and why; a click the game has moved
    # past (a stale button) is refused with a message, never a traceback.
    opened = visit(fresh)
    page = opened.page
    start_game(page, [("Kim", "human"), ("Bot", "hard")])
    play_until_the_person_may_draw(page)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hint")).to_contain_text("Hint: ")
    assert len(page.locator(".hint").inner_text()) > len("Hint: ") + 3
    page.locator("#draw-pile").click()
    expect(page.locator("#held-card")).to_be_visible()
    held = page.locator("#held-card").get_attribute("aria-label")
    page.evaluate(  # the draw pile's button as it was a moment ago, clicked again
        "() => { const b = document.createElement('button'); b.dataset.intent = 'draw';"
        " b.id = 'stale'; document.querySelector('.board').append(b); b.click(); }"
    )
    expect(page.get_by_role("alert")).to_contain_text("That move is not possible now")
    expect(page.locator("#held-card")).to_have_attribute("aria-label", held or "")
    place(page, 12)
    expect(page.get_by_role("alert")).to_have_count(0)  # the message goes with the next move
    no_python_errors(opened)


def test_the_live_region_announces_moves(fresh: tuple[BrowserContext, str]) -> None:
    # Intent: screen-reader users hear each move as a sentence: the person's (in the
    # second person: the only person among bots is "you") and the bot's.
    opened = visit(fresh)
    page = opened.page
    start_game(page, [("Mia", "human"), ("Bot", "medium")])
    live = page.locator("#live")
    expect(live).to_have_attribute("aria-live", "polite")
    page.locator("#app .card.target").first.click()
    expect(live).to_contain_text("You turn over a")
    answered(page)
    page.locator("#app .card.target").first.click()
    heard: set[str] = set()
    for _ in range(3):
        wait_for_person(page)
        if page.locator("#draw-pile.target").count() == 0:
            break
        page.locator("#discard-pile").click()
        place(page, 12)
        expect(live).to_contain_text("You take the")
        heard.add(live.inner_text())
        expect(live).to_contain_text("Bot ", timeout=TURN_TIMEOUT_MS)  # the bot's move
        heard.add(live.inner_text())
    assert any(re.search(r"Bot (takes the|draws a)", line) for line in heard), heard
    log = page.locator(".log li")
    assert log.count() >= 4
    expect(page.locator(".log")).to_contain_text("(")  # the bot's reason beside its move
    no_python_errors(opened)


# --- accessibility, layout and screenshots -----------------------------------------------


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
def test_setup_table_and_round_end_are_accessible_fit_and_are_pictured(
    browser: Browser, site_url: str, tmp_path: Path, size: ViewportSize
) -> None:
    # Intent: on a phone and a desktop, setup, table and round end have no serious axe
    # findings, never scroll sideways, and are kept as screenshots.
    context = browser.new_context(viewport=size)
    try:
        opened = visit((context, site_url))
        page = opened.page
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = f"{size['width']}x{size['height']}"
        found: dict[str, list[str]] = {}

        def check(screen: str) -> None:
            settle(page)
            no_overflow(page, screen)
            page.screenshot(path=SCREENSHOTS / f"{screen}-{name}.png", full_page=True)
            found[screen] = serious_violations(page)

        expect(page.locator("#app")).to_have_attribute("data-screen", "setup")
        check("setup")
        page.get_by_role("button", name=re.compile("Quick game")).click()
        expect(page.locator("#app .card.target").first).to_be_visible(timeout=TURN_TIMEOUT_MS)
        check("table")
        if size is PHONE:  # 200% text: still no sideways scrolling at the table
            page.evaluate("document.documentElement.style.fontSize = '200%'")
            no_overflow(page, "table at 200% text")
            page.screenshot(path=SCREENSHOTS / f"table-200pct-{name}.png", full_page=True)
            page.evaluate("document.documentElement.style.fontSize = ''")
        import_record(page, round_end_record(ROUND_END_PLAYERS, seed=4), tmp_path)
        # A game is in progress: the page asks before the import replaces it.
        expect(page.get_by_role("alertdialog")).to_be_visible()
        check("confirm-import")
        page.get_by_role("button", name="Open the imported game").click()
        expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
        expect(page.locator(".reason")).to_contain_text("ended the round with")
        check("round-end")
        if size is PHONE:  # four final grids two by two: the result is near, not far below
            button = page.get_by_role("button", name="Next round").bounding_box()
            assert button is not None
            top = button["y"] + page.evaluate("window.scrollY")
            assert top < 2 * PHONE["height"], f"'Next round' is {top:.0f} px down the page"
        assert found == {"setup": [], "table": [], "confirm-import": [], "round-end": []}
        no_python_errors(opened)
    finally:
        context.close()


def test_round_end_shows_the_final_grids_and_why_the_score_doubled(
    fresh: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: at round end every card is face up, completed columns are gone, and the
    # finisher's score is explained in words, as the presentation computes on CPython.
    opened = visit(fresh)
    page = opened.page
    app = round_end_app(ROUND_END_PLAYERS, seed=4)
    assert app.game is not None
    import_record(page, app.export_record(), tmp_path)
    expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
    end = page.locator(".end")
    expect(end.locator(".card.down")).to_have_count(0)
    removed = sum(sum(grid.removed) for grid in app.game.state.grids)
    expect(end.locator(".card.removed")).to_have_count(removed)
    expect(end.locator(".card.up")).to_have_count(12 * len(ROUND_END_PLAYERS) - removed)
    expect(page.locator(".reason")).to_have_text(present.end(app).reason)
    # The replay link holds the whole game and opens the replay viewer.
    link = end.locator("a.button")
    href = link.get_attribute("href") or ""
    assert share.decode(href.split("#g=", 1)[1]) == record.loads(app.export_record())
    no_python_errors(opened)
    link.click()
    page.wait_for_url(re.compile(r"replay\.html#g="))
    wait_until_started(page)
    expect(page.locator("#replay")).not_to_be_empty()


def test_opening_the_menu_at_round_end_leaves_the_screen_as_it_is(
    fresh: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: the round end's cards are revealed one by one, once. Opening the menu
    # on a phone afterwards repaints only the menu, and switching the language there
    # repaints the words: the reveal does not play again either time (the text would
    # fade out and back in, unreadable while it does).
    opened = visit(fresh)
    page = opened.page
    page.set_viewport_size(PHONE)
    import_record(page, round_end_record(ROUND_END_PLAYERS, seed=4), tmp_path)
    expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
    settle(page)
    page.locator(".reason").evaluate("node => node.setAttribute('data-seen', '')")
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    playing = running_animations(page)
    assert playing == 0, f"{playing} animations replay after opening the menu"
    expect(page.locator(".reason[data-seen]")).to_have_count(1)
    assert problems(page, "round end, menu open: ") == []
    page.select_option("#language", "de")
    expect(page.locator(".reason")).to_contain_text("Runde")
    playing = running_animations(page)
    assert playing == 0, f"{playing} animations replay after the language switch"
    no_python_errors(opened)


def test_opening_the_menu_on_a_phone_keeps_what_was_typed_in_the_form(
    fresh: tuple[BrowserContext, str],
) -> None:
    # Intent: on a phone the game menu hides behind a button. Opening it and closing
    # it again while setting up a game leaves the names typed so far as they were.
    opened = visit(fresh)
    page = opened.page
    page.set_viewport_size(PHONE)
    name = page.get_by_role("textbox").first
    name.fill("Zoé")
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="Import game")).to_be_visible()
    assert problems(page, "setup form, menu open: ") == []
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="Import game")).to_be_hidden()
    expect(name).to_have_value("Zoé")
    no_python_errors(opened)


# --- language and names -------------------------------------------------------------------


def test_the_language_switch_is_immediate_and_remembered(
    fresh: tuple[BrowserContext, str],
) -> None:
    # Intent: choosing Deutsch or Nederlands changes the text at once and survives a reload.
    opened = visit(fresh)
    page = opened.page
    expect(page.locator("#setup-title")).to_have_text("New game")
    page.select_option("#language", "de")
    expect(page.locator("#setup-title")).to_have_text("Neues Spiel")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Spiel starten")).to_be_visible()
    page.select_option("#language", "nl")
    expect(page.locator("#setup-title")).to_have_text("Nieuw spel")
    page.get_by_role("button", name=re.compile("Snel spel")).click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    page.reload()
    wait_until_started(page)
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#language")).to_have_value("nl")
    expect(page.get_by_role("heading", name="Er loopt nog een spel")).to_be_visible()
    no_python_errors(opened)


def test_names_with_html_are_shown_as_text(fresh: tuple[BrowserContext, str]) -> None:
    # Intent: a player called <img onerror> or <b> is printed literally, never interpreted.
    opened = visit(fresh)
    page = opened.page
    evil = '<img src=x onerror="document.title=1">'
    start_game(page, [("<b>Mia</b>", "human"), (evil, "easy")])
    expect(page.locator(".seat .name").first).to_be_visible()
    names = page.locator(".seat .name").all_inner_texts()
    assert "<b>Mia</b>" in names and evil[:24] in names
    assert page.locator("#app b, #app img").count() == 0
    assert page.title() == "Skyjo"
    no_python_errors(opened)


# --- cards on the move -------------------------------------------------------------------

#: Records the id of every element the page animates from script (the glides; CSS
#: animations do not pass through here), so a slow machine cannot miss a short one.
RECORD_GLIDES = """
window.__glides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__glides.push(this.id);
  return animate.call(this, frames, options);
};
"""


@pytest.mark.parametrize("reduced", [False, True])
def test_a_swapped_card_travels_from_the_hand(
    browser: Browser, site_url: str, reduced: bool
) -> None:
    # Intent: a card put into the grid glides there from the hand (and the card given
    # away to the discard pile), unless the person prefers reduced motion.
    context = browser.new_context(
        viewport=DESKTOP, reduced_motion="reduce" if reduced else "no-preference"
    )
    context.add_init_script(RECORD_GLIDES)
    try:
        opened = open_page(context, site_url)
        page = opened.page
        page.goto(site_url + "?seed=3")
        wait_until_started(page)
        start_game(page, [("Anna", "human"), ("Ben", "human")])
        play_until_the_person_may_draw(page)  # the opening flips and hand-overs
        page.locator("#draw-pile.target").click()
        answered(page)
        target = page.locator(".seat.active .card.target").nth(3)
        ident = target.get_attribute("id") or ""
        page.evaluate("() => { window.__glides = []; }")
        target.click()
        answered(page)
        glides = page.evaluate("() => window.__glides")
        assert glides == ([] if reduced else [ident, "discard-pile"]), glides
        no_python_errors(opened)
    finally:
        context.close()
