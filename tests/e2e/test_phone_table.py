"""The game on a phone (issue 36 items 7, 11, 12 and 13), in a real browser at
360×640 with touch, and the same checks at 1280×800 so the desktop is not made
worse: every player is in view while you play, every move since your last turn
can be read (the move lists run oldest first, as the Moves log does), the
last-turn message is said once, the decision and the screen's main button stay on
screen, and a first game starts with a short "how to play" and a short form.

Every state reached is scanned with axe and pictured.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from skyjo.web.ui.i18n import DEFAULT_NAMES, Translator

from .a11y import problems, settle
from .conftest import Visit, answered, open_page, wait_until_started
from .test_game import (
    DESKTOP,
    PHONE,
    ROUND_END_PLAYERS,
    SCREENSHOTS,
    import_record,
    no_overflow,
    no_python_errors,
    play_step,
    play_turn,
    play_until_the_person_may_draw,
    round_end_record,
    start_game,
    wait_for_person,
)
from .test_review import finished_game

pytestmark = pytest.mark.e2e

#: (viewport, language): a phone in English and in German (long words), a desktop.
CASES = [(PHONE, "en"), (PHONE, "de"), (DESKTOP, "en")]
IDS = ["360x640-en", "360x640-de", "1280x800-en"]


def opened(where: tuple[BrowserContext, str], language: str, *, seen_howto: bool = True) -> Visit:
    """The game page in ``language``; ``seen_howto``: a device that has dismissed
    the "how to play" before (every test but the first visit's)."""
    context, url = where
    script = f"localStorage.setItem('skyjo.language', '{language}');"
    if seen_howto:
        script += "localStorage.setItem('skyjo.howto', 'seen');"
    context.add_init_script(script)
    visit = open_page(context, url)
    visit.page.goto(url + "?seed=5")
    wait_until_started(visit.page)
    return visit


def size_name(page: Page) -> str:
    viewport = page.viewport_size
    assert viewport is not None
    return f"{viewport['width']}x{viewport['height']}"


def picture(page: Page, name: str) -> None:
    """A screenshot, to look at (``SKYJO_SHOTS`` names a folder to keep them in:
    pytest-playwright empties test-results/ between runs)."""
    folder = Path(os.environ.get("SKYJO_SHOTS") or SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=folder / f"{name}-{size_name(page)}.png")


def on_screen(page: Page, target: Locator, where: str) -> None:
    """All of ``target`` is inside the window as it is (no scrolling), right edge too."""
    expect(target).to_be_visible()
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"]
        and box["y"] + box["height"] <= viewport["height"]
    )
    assert inside, f"{where}: {box} is not inside {viewport}"


def no_problems(page: Page, where: str) -> None:
    assert problems(page) == [], where


#: The texts of the visible elements of the table (the Moves log aside) that are
#: inside the window, in document order.
SHOWN_TEXTS = """() => [...document.querySelectorAll('#app .board :is(li, p, h3, span)')]
  .filter(el => !el.closest('#log') && el.checkVisibility())
  .filter(el => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })
  .map(el => el.innerText)"""


def moves_since_the_persons_turn(page: Page, person: str, language: str) -> list[str]:
    """From the Moves log (opened, then closed again): the moves after the person's
    last one, without the bots' reasons. Asserts the log runs oldest first."""
    page.locator("#log-summary").click()
    lines = page.locator("#log li").all_inner_texts()
    page.locator("#log-summary").click()
    assert lines, "the Moves log is empty"
    dealt = Translator(language).t("event.dealt", n=1)
    assert lines[0] == dealt, f"the Moves log does not start with {dealt!r}: {lines[:3]}"
    mine = [i for i, line in enumerate(lines) if line.startswith(person + " ")]
    assert mine, f"no move of {person} in {lines}"
    return [line.split(" (")[0] for line in lines[mine[-1] + 1 :]]


# --- 11 and 7: every player in view; every move since your turn ------------------------


@pytest.mark.parametrize(("sized", "language"), CASES, ids=IDS, indirect=["sized"])
def test_every_player_and_every_move_since_your_turn_are_in_view(
    sized: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: with three bots, at your turn every other player's name and how many
    # cards they still have face down are on screen (on a phone: in a strip, none
    # cut off at the right edge), and each move made since your last one can be
    # read on screen, in the order the Moves log has them (oldest first).
    t = Translator(language)
    visit = opened(sized, language)
    page = visit.page
    person = DEFAULT_NAMES[language][0]
    start_game(page, language=language)
    play_until_the_person_may_draw(page)
    play_turn(page)
    play_until_the_person_may_draw(page)
    answered(page)
    settle(page)
    picture(page, f"turn-{language}")
    phone = page.viewport_size == PHONE
    for seat, name in enumerate(DEFAULT_NAMES[language][1:4], start=1):
        grid = page.locator(f".others .seat[data-seat='{seat}']")
        down = grid.locator(".card.down").count()
        if phone:
            strip = page.get_by_role("list", name=t.t("table.others"))
            player = strip.get_by_role("listitem").filter(has_text=name)
            expect(player).to_contain_text(t.t("table.face_down", count=down))
            on_screen(page, player, f"{name} in the strip")
            # The grids below the strip wrap: none runs off the right edge.
            box = grid.bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"], (name, box)
        else:
            on_screen(page, grid, f"{name}'s grid")
    shown = page.evaluate(SHOWN_TEXTS)
    moves = moves_since_the_persons_turn(page, person, language)
    assert len(moves) >= 3, moves
    places = []
    for move in moves:
        where = [i for i, text in enumerate(shown) if move in text]
        assert where, f"{move!r} is not on screen; shown: {shown}"
        places.append(where[0])
    assert places == sorted(places), f"not in the log's order: {moves} at {places}"
    no_overflow(page, "the table")
    no_problems(page, "the table at the person's turn")
    no_python_errors(visit)


# --- 7 and 12: the last turn ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sized", "language"),
    [(PHONE, "de"), (DESKTOP, "en")],
    ids=["360x640-de", "1280x800-en"],
    indirect=["sized"],
)
def test_the_last_turn_is_said_once_and_the_grid_stays_on_screen(
    sized: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: when a bot has ended the round and it is your last turn, the page
    # says so once (the banner, not again among the moves), and your whole grid
    # and the piles are still on screen without scrolling.
    visit = opened(sized, language)
    page = visit.page
    start_game(page, language=language)
    for _ in range(200):
        screen = wait_for_person(page)
        if (
            screen == "table"
            and page.locator(".banner").count()
            and page.locator("#draw-pile.target").count()
        ):
            break
        play_step(page)
        # A click on a card near the bottom scrolls it into view first (Playwright
        # does, as a person's thumb would): back to the top, so what is checked
        # below is whether the page itself moves at the last turn.
        page.evaluate("window.scrollTo(0, 0)")
    else:
        pytest.fail("no last turn of the person's")
    answered(page)
    settle(page)
    picture(page, f"last-turn-{language}")
    if page.viewport_size == PHONE:  # nothing above the table scrolled away either
        assert page.evaluate("window.scrollY") == 0
    said = page.evaluate(
        """() => [...document.querySelectorAll('#app *')].filter(el =>
             el.checkVisibility() && el.children.length === 0
             && /genau einmal dran|one last turn/.test(el.textContent)).map(el => el.textContent)"""
    )
    assert len(said) == 1, said
    # At 1280x800 the moves beside the piles run long at a round's end: the person's
    # cards shrink with a short window's height so the last row stays on screen (it
    # ended near 900 px before; docs/architecture.md, "The last turn on a laptop").
    for i in range(12):
        on_screen(page, page.locator(f".own-seat .card >> nth={i}"), f"own card {i}")
    on_screen(page, page.locator("#draw-pile"), "the draw pile")
    on_screen(page, page.locator("#discard-pile"), "the discard pile")
    no_problems(page, "the last turn")
    no_python_errors(visit)


# --- 12: the main button of a round's end and a game's end -----------------------------------


@pytest.mark.parametrize(("sized", "language"), CASES, ids=IDS, indirect=["sized"])
def test_next_round_and_rematch_stay_on_screen(
    sized: tuple[BrowserContext, str], language: str, tmp_path: Path
) -> None:
    # Intent: at a round's end "Next round", and at the game's end "Rematch", are on
    # screen as the page opens them (a bar at the bottom on a phone), in every
    # language, with nothing sticking out sideways.
    t = Translator(language)
    visit = opened(sized, language)
    page = visit.page
    games = [
        (round_end_record(ROUND_END_PLAYERS, seed=4), "round_end", "button.next_round"),
        (finished_game(), "game_end", "button.rematch"),
    ]
    for record_text, screen, main in games:
        import_record(page, record_text, tmp_path)
        if screen == "game_end":  # the round's end is a game in progress: asked first
            page.get_by_role("button", name=t.t("button.open_import")).click()
        expect(page.locator("#app")).to_have_attribute("data-screen", screen)
        settle(page)
        picture(page, f"{screen}-{language}")
        on_screen(page, page.get_by_role("button", name=t.t(main)), main)
        no_overflow(page, screen)
        no_problems(page, screen)
    no_python_errors(visit)


# --- 13: a first game ---------------------------------------------------------------------------


@pytest.mark.parametrize(("sized", "language"), CASES, ids=IDS, indirect=["sized"])
def test_a_first_visit_explains_the_game_and_the_form_is_short(
    sized: tuple[BrowserContext, str], language: str
) -> None:
    # Intent: the first visit shows a short "how to play" on screen; once dismissed
    # it stays away (also after a reload) and the menu brings it back. The setup
    # form links to the full rules, its Start button is on the first screen, and
    # "Bot speed" is there only while a bot plays.
    t = Translator(language)
    visit = opened(sized, language, seen_howto=False)
    page = visit.page
    howto = page.get_by_role("region", name=t.t("howto.heading"))
    on_screen(page, howto.get_by_role("heading", name=t.t("howto.heading")), "how to play")
    picture(page, f"first-visit-{language}")
    no_problems(page, "the first visit")
    rules = page.locator("#setup-form").get_by_role("link", name=t.t("setup.rules_link"))
    expect(rules).to_have_attribute("href", "rules.html")
    page.get_by_role("button", name=t.t("howto.dismiss")).click()
    expect(howto).to_have_count(0)
    assert page.evaluate("localStorage.getItem('skyjo.howto')") == "seen"
    page.reload()
    wait_until_started(page)
    expect(page.locator("#app")).to_have_attribute("data-screen", "setup")
    expect(howto).to_have_count(0)
    start = page.get_by_role("button", name=t.t("setup.start"))
    on_screen(page, start, "Start")
    picture(page, f"setup-{language}")
    speed = page.get_by_label(t.t("setup.speed"))
    expect(speed).to_be_visible()
    seats = page.locator(".seat-row").count()
    for i in range(seats):
        page.select_option(f"#kind-{i}", "human")
    expect(speed).to_be_hidden()
    picture(page, f"setup-people-{language}")
    no_problems(page, "the setup form without bots")
    page.select_option("#kind-1", "easy")
    expect(speed).to_be_visible()
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible():
        toggle.click()
    page.get_by_role("button", name=t.t("button.howto")).click()
    on_screen(page, howto.get_by_role("heading", name=t.t("howto.heading")), "how to play again")
    no_problems(page, "how to play from the menu")
    # Opening it keeps what was typed into the form.
    expect(page.locator("#kind-1")).to_have_value("easy")
    page.get_by_role("button", name=t.t("howto.dismiss")).click()
    expect(howto).to_have_count(0)
    # Start, where it stands as the form opens, starts the game.
    page.get_by_role("button", name=t.t("setup.start")).click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    no_python_errors(visit)
