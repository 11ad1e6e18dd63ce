"""Whose turn, in a real browser (issue 20 items 11 and 14).

Between two people at one device there is always a hand-over, and for a moment
after what is under the pointer changes (another grid, a hand-over, a new round)
a click there does nothing, so a double click never acts for the next person.
On Start and at each new round the page shows the turn badge and what to do
without scrolling, at 360×640 and at 1280×800, and a bot's turn is said in words
beside its grid. Every state reached is scanned with axe.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from skyjo.web.ui.i18n import Translator

from .a11y import settle
from .conftest import answered
from .test_game import (
    DESKTOP,
    PHONE,
    ROUND_END_PLAYERS,
    SCREENSHOTS,
    import_record,
    no_python_errors,
    play_step,
    round_end_record,
    start_game,
    wait_for_person,
)
from .test_game_page import no_serious_findings, opened

# Timing: asserts how fast the page answers, so it runs alone (not beside other tests).
pytestmark = [pytest.mark.e2e, pytest.mark.timing]

SIZES = [(DESKTOP, "en"), (PHONE, "fr")]
#: A card's class while face down (a target or not), and once turned over.
DOWN = re.compile(r"\bdown\b")
UP = re.compile(r"\bup\b")
SIZE_IDS = ["1280x800-en", "360x640-fr"]


@pytest.fixture
def sized(
    browser: Browser, site_url: str, request: pytest.FixtureRequest
) -> Iterator[tuple[BrowserContext, str]]:
    size: ViewportSize = request.param
    context = browser.new_context(viewport=size)
    yield context, site_url
    context.close()


def settling(page: Page) -> bool:
    """Whether the page is in its moment of ignoring the pointer (site/boot.js)."""
    return bool(page.evaluate("document.documentElement.hasAttribute('data-settling')"))


def settled(page: Page) -> None:
    """Wait out that moment, as a person does without noticing. (Playwright's click
    would wait too, but its retries scroll the page, which a person does not.)"""
    page.wait_for_function("!document.documentElement.hasAttribute('data-settling')")


def click_at_once(page: Page, target: Locator) -> None:
    """A person's click on ``target``'s spot right away, as the second click of a
    double click lands: no waiting for the page to take it, unlike Locator.click."""
    box = target.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert settling(page), "the click came after the moment of ignoring it: too slow a machine"


def in_view(page: Page, target: Locator) -> bool:
    """Whether all of ``target`` is inside the window, without scrolling."""
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"])


def turn_and_prompt_in_view(page: Page, where: str) -> None:
    """The badge that says whose turn it is and the sentence that says what to do
    are both on screen."""
    settled(page)
    for what in (".status .turn", "#prompt"):
        target = page.locator(what)
        expect(target).not_to_be_empty()
        assert in_view(page, target), f"{where}: {what} is off screen ({target.bounding_box()})"


# --- 11: a double click never acts for the next person -----------------------------------


@pytest.mark.parametrize(("sized", "language"), SIZES, ids=SIZE_IDS, indirect=["sized"])
def test_a_double_click_never_acts_for_the_next_person(
    sized: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: Ann, Ben (people) and Sam (a bot). Ann turns over row 1 col 1, then
    # double-clicks row 2 col 2: the first click ends her opening, the second must not
    # turn over Ben's card in the same spot. The table asks to pass the device to Ben
    # with Ann's grid still there; double-clicking "Continue as Ben" shows Ben's grid
    # and turns over nothing; a click a moment later does.
    t = Translator(language)
    visit = opened(sized, "?seed=3", language)
    page = visit.page
    start_game(page, [("Ann", "human"), ("Ben", "human"), ("Sam", "easy")], language=t.language)
    expect(page.locator(".own-seat .card.target")).to_have_count(12)
    page.locator("#card-0-0").click()
    page.locator("#card-0-5").dblclick()
    ben = page.locator(".seat[data-seat='1']")
    expect(page.locator("#prompt")).to_have_text(t.t("prompt.hand_over", name="Ben"))
    expect(page.locator(".own-seat .name")).to_have_text("Ann")
    assert ben.locator(".card.up").count() == 0
    assert page.locator("#app .card.target").count() == 0
    no_serious_findings(page, "the device waits for Ben")
    page.screenshot(path=SCREENSHOTS / f"hand-over-{language}.png")
    page.get_by_role("button", name=t.t("button.hand_over", name="Ben")).dblclick()
    expect(page.locator(".own-seat .name")).to_have_text("Ben")
    expect(page.locator(".own-seat .card.target")).to_have_count(12)
    assert ben.locator(".card.up").count() == 0
    assert "Ben" not in page.locator(".latest").inner_text()
    no_serious_findings(page, "Ben's opening")
    page.locator("#card-1-5").click()  # a moment later: it acts
    expect(page.locator("#card-1-5")).to_have_class(UP)
    no_python_errors(visit)


def test_a_click_right_after_the_table_changed_is_ignored(
    sized_desktop: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: whatever changed what is under the pointer (Start, a bot's move that
    # leaves the device waiting for the next person, "Next round"), a click there at
    # once does nothing; the same click a moment later acts.
    t = Translator("en")
    visit = opened(sized_desktop, "?seed=3")
    page = visit.page
    start_game(
        page,
        [("Ann", "human"), ("Sam", "easy"), ("Ben", "human")],
        speed="slow",
        language=t.language,
    )
    first = page.locator("#card-0-0")
    click_at_once(page, first)
    expect(first).to_have_class(DOWN)
    first.click()
    expect(first).to_have_class(UP)

    # Ann's turn ends; Sam (a bot) plays; then the table waits for Ben under the
    # pointer Ann left there.
    hand_over = page.locator("#hand-over")
    for _ in range(20):
        wait_for_person(page)
        if hand_over.count():
            hand_over.click()
        elif page.locator("#draw-pile.target").count():
            mover = page.locator(".own-seat .name").inner_text()
            page.locator("#draw-pile").click()
            page.locator(".own-seat .card.target").first.click()
            if mover == "Ann":
                break
        else:
            page.locator(".own-seat .card.target").first.click()
    page.locator(".status .turn:not(.human)").wait_for()  # Sam plays
    hand_over.wait_for()
    expect(page.locator(".status .turn")).to_have_text("Ben, your turn")
    click_at_once(page, hand_over)
    expect(page.locator(".own-seat .name")).to_have_text("Ann")
    hand_over.click()
    expect(page.locator(".own-seat .name")).to_have_text("Ben")

    # The next round's opening: the person may flip at once (the bots flip meanwhile).
    import_record(page, round_end_record(ROUND_END_PLAYERS, seed=4), tmp_path)
    page.get_by_role("button", name="Open the imported game").click()
    page.get_by_role("button", name="Next round").click()
    page.locator("#card-0-0.down").wait_for()  # the worker answers with the new table
    click_at_once(page, first)
    expect(first).to_have_class(DOWN)
    first.click()
    expect(first).to_have_class(UP)
    no_python_errors(visit)


@pytest.fixture
def sized_desktop(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, str]]:
    context = browser.new_context(viewport=DESKTOP)
    yield context, site_url
    context.close()


# --- 14: whose turn and what to do, without scrolling ---------------------------------------


@pytest.mark.parametrize(("sized", "language"), SIZES, ids=SIZE_IDS, indirect=["sized"])
def test_start_and_each_new_round_show_whose_turn_and_what_to_do(
    sized: tuple[BrowserContext, str], language: str, tmp_path: Path
) -> None:
    # Intent: Start sits at the bottom of the setup form and "Next round" at the
    # bottom of the round's end; after either, the page shows the turn badge and the
    # sentence that says what to do, without the person scrolling.
    t = Translator(language)
    visit = opened(sized, "?seed=5", language)
    page = visit.page
    start_game(
        page,
        [("Mia", "human"), ("Lena", "medium"), ("Tom", "easy"), ("Ida", "hard")],
        language=t.language,
    )
    wait_for_person(page)
    turn_and_prompt_in_view(page, "after Start")
    no_serious_findings(page, "the table after Start")
    page.screenshot(path=SCREENSHOTS / f"start-{language}.png")
    import_record(page, round_end_record(ROUND_END_PLAYERS, seed=4), tmp_path)
    page.get_by_role("button", name=t.t("button.open_import")).click()
    next_round = page.get_by_role("button", name=t.t("button.next_round"))
    next_round.click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    wait_for_person(page)
    turn_and_prompt_in_view(page, "after Next round")
    page.screenshot(path=SCREENSHOTS / f"next-round-{language}.png")
    no_python_errors(visit)


def test_the_turn_stays_in_view_all_round(sized_desktop: tuple[BrowserContext, str]) -> None:
    # Intent: at 1280×800 the turn badge and what to do are on screen through a whole
    # round, after every step of the person.
    t = Translator("en")
    visit = opened(sized_desktop, "?seed=5")
    page = visit.page
    start_game(page, [("Mia", "human"), ("Lena", "medium"), ("Tom", "easy")], language=t.language)
    steps = 0
    while wait_for_person(page) == "table" and steps < 80:
        # Cards still gliding could take a click, and Playwright would then scroll
        # the page while it retries: no person's doing.
        settle(page)
        turn_and_prompt_in_view(page, f"step {steps}")
        play_step(page)
        steps += 1
    assert page.get_attribute("#app", "data-screen") == "round_end", steps
    no_python_errors(visit)


#: What a bot's turn shows: the badge, and the tag beside the grid of the bot on turn.
BOT_TURN = """() => {
  const badge = document.querySelector('.status .turn:not(.human)');
  const seat = document.querySelector('.seat.active');
  const tag = seat && seat.querySelector('.turn-tag');
  const box = el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  return badge && tag ? {badge: badge.textContent, name: seat.querySelector('.name').textContent,
    tag: tag.textContent, badgeBox: box(badge), tagBox: box(tag)} : null;
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_bots_turn_is_said_in_words(
    sized_desktop: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: a bot's turn shows as more than its grid's border: the badge names the
    # bot, and "playing…" stands beside its grid, both on screen at 1280×800.
    t = Translator(language)
    visit = opened(sized_desktop, "?seed=5", language)
    page = visit.page
    start_game(
        page,
        [("Mia", "human"), ("Lena", "medium"), ("Tom", "easy")],
        speed="slow",
        language=t.language,
    )
    settled(page)
    for _ in range(4):
        # Look once the page has answered the last click and takes clicks again.
        answered(page)
        settled(page)
        page.wait_for_selector(".status .turn:not(.human), #app .card.target, #draw-pile.target")
        shown = page.evaluate(BOT_TURN)
        if shown is not None:
            break
        if page.locator("#draw-pile.target").count():
            page.locator("#draw-pile").click()
        page.locator(".own-seat .card.target").first.click()
    assert shown is not None, "no bot's turn"
    assert shown["badge"] == t.t("table.bot_turn", name=shown["name"])
    assert shown["tag"] == t.t("table.playing")
    height = DESKTOP["height"]
    assert all(0 <= y <= height for y in shown["badgeBox"] + shown["tagBox"]), shown
    no_serious_findings(page, "a bot's turn")
    page.screenshot(path=SCREENSHOTS / f"bot-turn-{language}.png")
    no_python_errors(visit)
