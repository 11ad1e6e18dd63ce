"""Undo on the game page (issue 36 item 9), in a real browser: against a bot the
person takes back their last move with the button or Ctrl+Z, the grid is as it was
with the taken card in hand again, a reload resumes there and the exported record
keeps the take-backs; in pass and play there is no Undo once the device is to be
handed on. On a phone (360×640, German too) and a desktop; every state is scanned
with axe and pictured in /tmp/undo-*.png."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from skyjo.web.embed import reel
from skyjo.web.ui.i18n import DEFAULT_NAMES, Translator
from tests.web.ui.test_undo import face_up, started, swapped_then_bots

from .a11y import problems, settle
from .conftest import Visit, answered, open_page, wait_until_started
from .test_game import (
    DESKTOP,
    PHONE,
    no_overflow,
    no_python_errors,
    play_both_openings,
    play_until_the_person_may_draw,
    start_game,
    wait_for_person,
)

pytestmark = pytest.mark.e2e


def opened(where: tuple[BrowserContext, str], language: str, query: str = "?seed=5") -> Visit:
    context, url = where
    context.add_init_script(
        f"localStorage.setItem('skyjo.language', '{language}');"
        "localStorage.setItem('skyjo.howto', 'seen');"
    )
    visit = open_page(context, url)
    visit.page.goto(url + query)
    wait_until_started(visit.page)
    return visit


def picture(page: Page, name: str) -> None:
    """A screenshot to look at: /tmp/undo-<name>-<width>x<height>.png."""
    size = page.viewport_size
    assert size is not None
    settle(page)
    page.screenshot(path=f"/tmp/undo-{name}-{size['width']}x{size['height']}.png")


def own_grid(page: Page) -> list[str]:
    """The person's grid as shown: each card's place, whether it is up, and its value."""
    return [
        str(card)
        for card in page.locator(".own-seat .card").evaluate_all(
            """els => els.map(e => e.id + ' ' + ['up', 'down', 'removed']
                 .filter(c => e.classList.contains(c)).join() + ' ' + e.textContent.trim())"""
        )
    ]


def swap_for_a_face_up_card(page: Page) -> None:
    """Put the card in hand on the person's first face-up card, then let the bot play."""
    page.locator(".own-seat .card.up.target").first.click()
    expect(page.locator("#held-card")).to_have_count(0)
    wait_for_person(page)
    answered(page)


@pytest.mark.parametrize(
    ("sized", "language"),
    [(PHONE, "en"), (PHONE, "de"), (DESKTOP, "en")],
    ids=["360x640-en", "360x640-de", "1280x800-en"],
    indirect=["sized"],
)
def test_undo_against_a_bot_by_button_and_by_ctrl_z(
    sized: tuple[BrowserContext, str], language: str, tmp_path: Path
) -> None:
    # Intent: against a bot, the person takes the discard pile's card and swaps it
    # for a face-up card; the bot plays; "Undo" (a button, then Ctrl+Z) puts the
    # table back as it was with that card in hand again, says so, fits the phone,
    # survives a reload, and the exported record keeps both take-backs.
    t = Translator(language, you=DEFAULT_NAMES[language][0])
    person = DEFAULT_NAMES[language][0]
    visit = opened(sized, language)
    page = visit.page
    start_game(page, [(person, "human"), ("Bob", "easy")], language=language)
    undo = page.get_by_role("button", name=t.t("button.undo"))
    play_until_the_person_may_draw(page)
    answered(page)
    before = own_grid(page)
    card = page.locator("#discard-pile .value").inner_text()
    page.locator("#discard-pile").click()
    expect(page.locator("#held-card")).to_have_text(card)
    expect(undo).to_have_count(0)  # while a card is in hand: put it down (or back) first
    swap_for_a_face_up_card(page)
    assert own_grid(page) != before
    expect(undo).to_be_enabled()
    expect(undo).to_have_attribute("title", t.t("undo.ready"))
    picture(page, f"ready-{language}")
    assert problems(page, "Undo offered: ") == []
    no_overflow(page, "Undo offered")
    if page.viewport_size == PHONE:  # beside the piles, on the first screen
        box = undo.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box

    undo.click()
    expect(page.locator("#held-card")).to_have_text(card)
    assert own_grid(page) == before
    said = t.t("event.undo", name=person, count=1)
    expect(page.locator("#live")).to_contain_text(said)
    if page.viewport_size != PHONE:  # the phone's strip stands in for the latest moves
        expect(page.locator(".latest")).to_contain_text(said)
    expect(undo).to_have_count(0)
    picture(page, f"undone-{language}")
    assert problems(page, "after Undo: ") == []

    swap_for_a_face_up_card(page)
    expect(undo).to_be_enabled()
    page.keyboard.press("Control+z")
    expect(page.locator("#held-card")).to_have_text(card)
    assert own_grid(page) == before

    page.reload()
    wait_until_started(page)
    page.get_by_role("button", name=t.t("button.resume")).click()
    expect(page.locator("#held-card")).to_have_text(card)
    assert own_grid(page) == before
    assert problems(page, "resumed after Undo: ") == []

    menu = page.locator("#menu-toggle")
    if menu.is_visible():
        menu.click()
    with page.expect_download() as download:
        page.get_by_role("button", name=t.t("button.export")).click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    taken = saved["rounds"][-1]["taken_back"]
    assert len(taken) == 2 and taken[0]["at"] == taken[1]["at"]
    assert all(entry["moves"][0]["player"] == 0 for entry in taken)
    assert saved["rounds"][-1]["pending"] == {"player": 0, "take": "discard"}
    no_python_errors(visit)


def test_no_undo_in_pass_and_play_once_the_device_is_to_be_handed_on(
    browser: Browser, site_url: str
) -> None:
    # Intent: with two people at one device, the hand-over screen has no Undo and
    # Ctrl+Z does nothing there; the next person sees Undo disabled, saying there
    # is nothing of theirs to take back.
    context = browser.new_context(viewport=DESKTOP)
    visit = opened((context, site_url), "en", "?seed=3")
    page = visit.page
    t = Translator("en")
    start_game(page, [("Ann", "human"), ("Ben", "human")])
    first = play_both_openings(page)
    page.locator("#discard-pile").click()
    page.locator(".own-seat .card.up.target").first.click()
    second = "Ben" if first == "Ann" else "Ann"
    hand_over = page.get_by_role("button", name=f"Continue as {second}")
    expect(hand_over).to_be_visible()
    undo = page.get_by_role("button", name=t.t("button.undo"))
    expect(undo).to_have_count(0)
    table = own_grid(page)
    page.keyboard.press("Control+z")
    answered(page)
    expect(hand_over).to_be_visible()
    assert own_grid(page) == table
    picture(page, "hand-over")
    assert problems(page, "the hand-over: ") == []
    hand_over.click()
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", t.t("undo.nothing"))
    picture(page, "after-hand-over")
    assert problems(page, "after the hand-over: ") == []
    no_python_errors(visit)
    context.close()


def record_with_a_take_back() -> tuple[str, int]:
    """A game against a bot (made on CPython with the app itself) in which Ann took
    a move back, placed the card anew and played on; and the replay position of
    the table the move was taken back to."""
    app = started([("Ann", "human"), ("Bob", "easy")], seed=3)
    rng = random.Random(1)
    before, _ = swapped_then_bots(app, rng)
    app.undo()
    app.click_card(0, face_up(before, 0)[-1])
    for _ in range(3):
        swapped_then_bots(app, rng)
    assert app.game is not None
    game = app.game.record()
    (entry,) = game.rounds[-1].taken_back
    frames = reel.frames(game)
    at = next(
        i
        for i, f in enumerate(frames)
        if f.round_number == len(game.rounds) and f.move_number == entry.at
    )
    return app.export_record(), at


def test_the_replay_viewer_shows_a_take_back_and_reviews_the_moves_that_stood(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    # Intent: a record with a take-back opens in the replay viewer; at the table the
    # move was taken back to, a line says what was played and taken back there (and
    # nowhere else); the review of Ann's decisions runs to its end.
    text, at = record_with_a_take_back()
    path = tmp_path / "taken-back.json"
    path.write_text(text, encoding="utf-8")
    context = browser.new_context(viewport=DESKTOP)
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "replay.html?lang=en")
    wait_until_started(page)
    page.set_input_files("#replay-file", str(path))
    page.wait_for_selector("#replay[data-position='0']")
    note = page.locator(".taken-back")
    forward = page.get_by_role("button", name="Forward")
    for step in range(1, at + 2):
        forward.click()
        page.wait_for_selector(f"#replay[data-position='{step}']")
        if step == at:
            expect(note).to_have_count(1)
            expect(note).to_contain_text(
                "Taken back after this move (with the move after it): Ann takes the"
            )
            picture(page, "replay")
            assert problems(page, "the replay at a take-back: ") == []
        else:
            expect(note).to_have_count(0)
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("#review-progress")).to_have_count(0, timeout=120_000)
    expect(page.locator(".review-summary")).to_be_visible()
    assert problems(page, "the review of a game with a take-back: ") == []
    no_python_errors(visit)
    context.close()
