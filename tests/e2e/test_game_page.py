"""The game page after the field test (issue 13), in a real browser: a game in
progress is never thrown away unasked, a bad target is explained in the page's
language, the decision fits a phone, the person's grid stays put, the Moves log
stays as it was left, focus goes to the next decision, hints point at the card,
only the named person flips in the opening, and the setup form names each field.

Every state these tests reach is scanned with axe (serious and critical findings
fail the test).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from skyjo.state import Phase
from skyjo.web.boot_texts import boot_text
from skyjo.web.ui.app import App

from .a11y import settle
from .conftest import WATCH_LANGUAGE, Visit, answered, kept, open_page, wait_until_started
from .test_game import (
    DESKTOP,
    PHONE,
    ROUND_END_PLAYERS,
    SCREENSHOTS,
    TURN_TIMEOUT_MS,
    app_until,
    import_record,
    no_python_errors,
    open_rule_options,
    place,
    play_both_openings,
    play_until_the_person_may_draw,
    round_end_record,
    serious_violations,
    start_game,
)
from .test_review import finished_game

pytestmark = pytest.mark.e2e

FOCUSED = "document.activeElement && document.activeElement.id"


@pytest.fixture
def desktop(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, str]]:
    context = browser.new_context(viewport=DESKTOP)
    yield context, site_url
    context.close()


def opened(where: tuple[BrowserContext, str], query: str = "?seed=5", language: str = "") -> Visit:
    context, url = where
    if language:
        context.add_init_script(f"localStorage.setItem('skyjo.language', '{language}')")
    visit = open_page(context, url)
    visit.page.goto(url + query)
    wait_until_started(visit.page)
    return visit


def no_serious_findings(page: Page, state: str) -> None:
    settle(page)
    assert serious_violations(page) == [], state


def click_new_game(page: Page) -> None:
    """The top bar's "New game" (behind "Menu" on a phone)."""
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible():
        toggle.click()
    page.get_by_role("button", name="New game", exact=True).click()


# --- 1: ask before replacing a game; keep the replaced one ---------------------------


def test_new_game_asks_first_and_the_game_can_be_resumed(
    desktop: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: "New game" in the middle of a turn asks in the page (focus on "Keep
    # playing"); keeping changes nothing; leaving keeps the game under Recent games,
    # from where it comes back exactly, still holding the drawn card.
    visit = opened(desktop)
    page = visit.page
    start_game(page)
    play_until_the_person_may_draw(page)
    page.locator("#draw-pile").click()
    held = page.locator("#held-card").get_attribute("aria-label") or ""
    click_new_game(page)
    dialog = page.get_by_role("alertdialog", name="Leave this game?")
    expect(dialog).to_be_visible()
    page.wait_for_function(f"{FOCUSED} === 'confirm-cancel'")
    no_serious_findings(page, "asking before a new game")
    page.keyboard.press("Enter")  # Enter keeps the game: never a destructive default
    expect(page.locator("#held-card")).to_have_attribute("aria-label", held)
    click_new_game(page)
    page.get_by_role("button", name="Leave it and start a new game").click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "setup")
    expect(page.locator(".notice")).to_contain_text("kept under Recent games")
    resume = page.get_by_role("button", name=re.compile(r"Resume the game of You, .*\(round 1\)"))
    no_serious_findings(page, "setup with a recent game")
    resume.click()
    expect(page.locator("#held-card")).to_have_attribute("aria-label", held)
    # The same from the "A game is in progress" screen after a reload.
    page.reload()
    wait_until_started(page)
    page.get_by_role("button", name="Start a new game").click()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    page.get_by_role("button", name="Keep playing").click()
    expect(page.get_by_role("heading", name="A game is in progress")).to_be_visible()
    # An import asks too, and the game it replaces is kept.
    page.get_by_role("button", name="Resume").click()
    import_record(page, round_end_record([("Mia", "human"), ("Lena", "easy")], seed=4), tmp_path)
    expect(page.get_by_role("alertdialog", name="Replace the game in progress?")).to_be_visible()
    expect(page.locator("#held-card")).to_have_count(0)  # the table is not shown meanwhile
    page.get_by_role("button", name="Open the imported game").click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
    assert len(json.loads(kept(page, "skyjo.recent") or "[]")) == 1
    no_python_errors(visit)


# --- 5: a bad custom target is explained ------------------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "The target must be a whole number above 0."),
        ("de", "Das Ziel muss eine ganze Zahl über 0 sein."),
    ],
)
def test_an_invalid_custom_target_is_explained_in_the_pages_language(
    desktop: tuple[BrowserContext, str], language: str, message: str
) -> None:
    # Intent: "abc", 0 and −5 as a custom target each show a sentence in the page's
    # language beside the form, never a raw message key; what was typed (the target
    # and the names) stays in the form to be mended.
    visit = opened(desktop, language=language)
    page = visit.page
    page.locator("#name-0").fill("Zoé")
    open_rule_options(page)
    for typed in ("abc", "0", "-5"):
        page.locator("input[name=target][value=custom]").check()
        page.locator("input[name=custom_target]").fill(typed)
        page.get_by_role("button", name=re.compile("Start game|Spiel starten")).click()
        # The sentence is the same each time: wait for this try's answer, or the
        # next try's typing races the form this one repaints.
        answered(page)
        expect(page.locator(".form-error")).to_have_text(message)
        expect(page.locator("#app")).not_to_contain_text("setup.error")
        expect(page.locator("#app")).to_have_attribute("data-screen", "setup")
        expect(page.locator("input[name=custom_target]")).to_have_value(typed)
        expect(page.locator("input[name=target][value=custom]")).to_be_checked()
        expect(page.locator("#name-0")).to_have_value("Zoé")
    no_serious_findings(page, f"setup error ({language})")
    no_python_errors(visit)


# --- 6: the decision fits a phone -----------------------------------------------------------


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["x"] >= 0


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_on_a_phone_the_piles_the_held_card_and_the_whole_grid_fit_one_screen(
    browser: Browser, site_url: str, language: str
) -> None:
    # Intent: at 360×640, holding a drawn card, the piles, the held card and all
    # twelve of the person's cards are on screen without scrolling.
    context = browser.new_context(viewport=PHONE)
    try:
        visit = opened((context, site_url), language=language)
        page = visit.page
        page.get_by_role("button", name=re.compile("Quick game|Schnelles Spiel|Snel spel")).click()
        play_until_the_person_may_draw(page)
        page.locator("#draw-pile").click()
        expect(page.locator("#held-card")).to_be_visible()
        settle(page)
        assert page.evaluate("window.scrollY") == 0
        for selector in ("#draw-pile", "#discard-pile", "#held-card", "#prompt"):
            assert in_viewport(page, selector), selector
        own = page.locator(".own-seat .card")
        expect(own).to_have_count(12)
        for i in range(12):
            assert in_viewport(page, f".own-seat .card >> nth={i}"), f"card {i}"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"holding-{language}-360x640.png")
        no_serious_findings(page, "holding a card on a phone")
        # The controls fold behind "Menu" and open on demand.
        page.locator("#menu-toggle").click()
        expect(page.locator("#game-menu")).to_be_visible()
        expect(page.locator("#menu-toggle")).to_have_attribute("aria-expanded", "true")
        # One menu on a phone: it lists the other pages too (the site menu's bar
        # gives way to it), in the page's language.
        expect(page.locator(".site-menu")).to_be_hidden()
        rules = page.locator("#game-menu").get_by_role(
            "link", name=boot_text(language, "menu.rules")
        )
        expect(rules).to_be_visible()
        expect(rules).to_have_attribute("href", "rules.html")
        no_serious_findings(page, "phone menu open")
        page.keyboard.press("Escape")
        expect(page.locator("#game-menu")).to_be_hidden()
        no_python_errors(visit)
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_state_passes_axe_in_german_and_dutch(
    browser: Browser, site_url: str, language: str, size: ViewportSize, tmp_path: Path
) -> None:
    # Intent (issue 13 item 17): on a phone and a desktop in German and Dutch, the
    # setup form, a turn, holding a drawn card, a round end and a game's end have no
    # serious axe finding (English: test_game.py; the review: test_review.py).
    context = browser.new_context(viewport=size)
    try:
        visit = opened((context, site_url), language=language)
        page = visit.page
        expect(page.locator("html")).to_have_attribute("lang", language)
        # The page's own words around the game follow the language (issue 13 item 19).
        if size is DESKTOP:  # on a phone the tagline gives way to the table
            expect(page.locator(".tagline")).to_have_text(boot_text(language, "tagline"))
        expect(
            page.get_by_role("link", name=boot_text(language, "footer.check"))
        ).to_have_attribute("href", "check.html")
        no_serious_findings(page, f"{language} setup")
        page.get_by_role("button", name=re.compile("Schnelles Spiel|Snel spel")).click()
        play_until_the_person_may_draw(page)
        no_serious_findings(page, f"{language} turn")
        page.locator("#draw-pile").click()
        expect(page.locator("#held-card")).to_be_visible()
        no_serious_findings(page, f"{language} holding a card")
        import_record(page, round_end_record(ROUND_END_PLAYERS, seed=4), tmp_path)
        page.locator("#confirm-ok").click()  # the import replaces the game in progress
        expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
        no_serious_findings(page, f"{language} round end")
        import_record(page, finished_game(), tmp_path)
        page.locator("#confirm-ok").click()
        expect(page.locator("#app")).to_have_attribute("data-screen", "game_end")
        no_serious_findings(page, f"{language} game end")
        no_python_errors(visit)
    finally:
        context.close()


# --- 7: the person's grid stays put; hand-overs say what happened ---------------------------


def test_against_bots_the_persons_grid_never_moves(desktop: tuple[BrowserContext, str]) -> None:
    # Intent: while the bots play, the person's cards stay where they are, at the same
    # size (a physical table does not move).
    visit = opened(desktop)
    page = visit.page
    start_game(page, speed="slow")
    play_until_the_person_may_draw(page)
    # The bots' last cards land first: a click on a card still gliding made
    # Playwright scroll the page while it retried (4 runs in 12 under load).
    settle(page)
    before = page.locator("#card-0-0").bounding_box()
    page.locator("#discard-pile").click()
    place(page, 12)
    expect(page.locator(".turn")).to_contain_text("is playing")
    settle(page)
    during = page.locator("#card-0-0").bounding_box()
    assert before is not None and during is not None
    assert (during["x"], during["width"]) == (before["x"], before["width"])
    assert abs(during["y"] - before["y"]) < 60  # only the latest-moves lines above may grow
    expect(page.locator(".own-seat .name")).to_have_text("You")
    no_serious_findings(page, "a bot's turn")
    no_python_errors(visit)


def test_a_pass_and_play_hand_over_says_whose_turn_and_what_just_happened(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: after Ann's move, the table says it is Ben's turn and asks to pass him
    # the device (issue 20 item 11), then shows Ben's grid large, and shows Ann's move
    # in a visible line (not only in the collapsed log).
    visit = opened(desktop, "?seed=3")
    page = visit.page
    start_game(page, [("Ann", "human"), ("Ben", "human")])
    first = play_both_openings(page)
    expect(page.locator(".latest")).to_contain_text("starts: the highest sum of the two")
    page.locator("#discard-pile").click()
    place(page, 12)
    second = "Ben" if first == "Ann" else "Ann"
    expect(page.locator(".turn")).to_have_text(f"{second}, your turn")
    expect(page.locator("#prompt")).to_have_text(f"Pass the device to {second}.")
    expect(page.locator(".latest")).to_contain_text(f"{first} takes the")
    expect(page.locator(".latest")).to_be_visible()
    no_serious_findings(page, "a pass-and-play hand-over")
    page.get_by_role("button", name=f"Continue as {second}").click()
    expect(page.locator(".own-seat .name")).to_have_text(second)
    expect(page.locator(".latest")).to_contain_text(f"{first} takes the")
    no_python_errors(visit)


def test_a_move_does_not_set_the_pages_language_anew(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: a repaint leaves <html lang> alone unless the language changes.
    # Setting lang anew, even to the same value, made Chrome restyle the whole
    # document (its :lang() state) on every move: a tenth of a move's repaint on
    # a slow phone (docs/several-devices.md).
    visit = opened(desktop)
    page = visit.page
    start_game(page, [("Kim", "human"), ("Bot", "easy")], speed="fast")
    page.evaluate(WATCH_LANGUAGE)
    play_until_the_person_may_draw(page)
    page.locator("#discard-pile").click()
    place(page, 12)
    play_until_the_person_may_draw(page)
    assert page.evaluate("window.__languageSet") == []
    # A real change still reaches it.
    page.select_option("#language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert "lang=de" in page.evaluate("window.__languageSet")
    no_python_errors(visit)


# --- 8: the Moves log stays as the person left it -------------------------------------------


def test_the_moves_log_stays_open_across_moves(desktop: tuple[BrowserContext, str]) -> None:
    # Intent: a person who opens the Moves log keeps it open while playing and while
    # the bots move; closing it keeps it closed.
    visit = opened(desktop)
    page = visit.page
    start_game(page, [("Kim", "human"), ("Bot", "easy")], speed="fast")
    play_until_the_person_may_draw(page)
    page.get_by_text("Moves", exact=True).click()
    expect(page.locator("details.log")).to_have_attribute("open", "")
    page.locator("#discard-pile").click()
    place(page, 12)
    play_until_the_person_may_draw(page)
    expect(page.locator("details.log")).to_have_attribute("open", "")
    no_serious_findings(page, "the Moves log open")
    page.get_by_text("Moves", exact=True).click()
    page.locator("#draw-pile").click()
    expect(page.locator("details.log")).not_to_have_attribute("open", "")
    no_python_errors(visit)


def test_repaints_keep_what_the_person_opened_closed_or_typed(
    desktop: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: the same class as the Moves log: a language switch (a full repaint) keeps
    # names typed into the setup form, and a closed score sheet stays closed.
    visit = opened(desktop)
    page = visit.page
    page.fill("#name-1", "Zoe")
    page.select_option("#kind-2", "hard")
    page.select_option("#language", "de")
    expect(page.locator("#name-1")).to_have_value("Zoe")
    expect(page.locator("#kind-2")).to_have_value("hard")
    page.select_option("#language", "en")
    import_record(page, round_end_record([("Mia", "human"), ("Lena", "easy")], seed=4), tmp_path)
    expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
    page.get_by_text("Score sheet", exact=True).click()
    expect(page.locator("details.sheet")).not_to_have_attribute("open", "")
    page.select_option("#language", "nl")
    expect(page.locator("details.sheet")).not_to_have_attribute("open", "")
    no_serious_findings(page, "round end, sheet closed")
    no_python_errors(visit)


def tap_then_type(
    page: Page, button: str, field: str, text: str, *, caret: int = -1, target: str = ""
) -> None:
    """Taps ``button`` and, in the same script turn (so before any answer can
    arrive), types ``text`` into ``field`` (the caret left at ``caret``) and picks
    the ``target`` radio button."""
    page.evaluate(
        """([button, field, text, caret, target]) => {
          const tapped = document.getElementById(button);
          tapped.focus();
          tapped.click();
          const typed = document.getElementById(field);
          typed.focus();
          typed.value = text;
          typed.dispatchEvent(new Event("input", { bubbles: true }));
          if (caret >= 0) typed.setSelectionRange(caret, caret);
          const radio = target && document.querySelector(`input[name=target][value='${target}']`);
          if (radio) {
            radio.checked = true;
            radio.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }""",
        [button, field, text, caret, target],
    )


def test_typing_while_an_answer_is_on_its_way_is_kept_and_keeps_the_keyboard(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent (issue 21): a tap's answer repaints the setup form from the fields as
    # they were when the tap was sent. What the person did in between (on a phone,
    # tens of milliseconds: tap "Remove", then straight on into a name) was undone,
    # and the keyboard went to the control Python meant for the tap. One script
    # turn makes that window certain: the answer cannot arrive inside it.
    visit = opened(desktop)
    page = visit.page
    expect(page.locator("#name-3")).to_be_visible()
    tap_then_type(page, "seat-remove-3", "name-0", "Wilhelmina", caret=3, target="150")
    answered(page)
    expect(page.locator("#name-3")).to_have_count(0)  # the tap was carried out
    expect(page.get_by_role("textbox", name="Seat 1 Name")).to_have_value("Wilhelmina")
    expect(page.locator("input[name=target][value='150']")).to_be_checked()
    assert page.evaluate(FOCUSED) == "name-0"
    page.keyboard.type("!")
    expect(page.locator("#name-0")).to_have_value("Wil!helmina")
    # And what the person typed goes into the game.
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#app")).to_contain_text("Wil!helmina")
    no_serious_findings(page, "game started after typing during an answer")
    no_python_errors(visit)


def test_typing_during_an_answer_never_lands_on_another_seat(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: the other side of keeping what was typed while an answer was on its
    # way: removing seat 2 moves seat 3 into the second row, and its name field is
    # now name-1. Text typed into seat 3's old field (name-2) must not be put into
    # the field that carries that name after the repaint (seat 4's), nor take the
    # keyboard there.
    visit = opened(desktop)
    page = visit.page
    tap_then_type(page, "seat-remove-1", "name-2", "Samantha")
    answered(page)
    expect(page.locator("#name-3")).to_have_count(0)
    expect(page.get_by_role("textbox", name="Seat 2 Name")).to_have_value("Sam")
    expect(page.get_by_role("textbox", name="Seat 3 Name")).to_have_value("Robin")
    assert page.evaluate(FOCUSED) != "name-2"
    no_python_errors(visit)


# --- 9: focus goes where the next decision is -------------------------------------------------


def test_focus_goes_to_the_next_decision_never_a_destructive_default(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: Enter on the draw pile, then Enter again, does not swap the drawn card
    # away; arrows in the opening skip face-up cards; removing a seat by keyboard
    # keeps the focus in the seat list.
    visit = opened(desktop)
    page = visit.page
    page.get_by_role("button", name="Remove Robin").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".seat-row")).to_have_count(3)
    page.wait_for_function(f"{FOCUSED} === 'seat-remove-2'")
    page.keyboard.press("Enter")
    expect(page.locator(".seat-row")).to_have_count(2)
    page.wait_for_function(f"{FOCUSED} === 'seat-add'")
    page.fill("#name-1", "Bot")
    start_game(page, [("Kim", "human"), ("Bot", "easy")])
    page.wait_for_function(f"{FOCUSED} === 'card-0-0'")
    page.keyboard.press("Enter")  # card-0-0 is face up now
    page.wait_for_function(f"{FOCUSED} === 'card-0-1'")
    page.keyboard.press("ArrowLeft")  # card-0-0 is face up: the nearest on the left, a row down
    assert page.evaluate(FOCUSED) == "card-0-4"
    page.keyboard.press("ArrowRight")  # a card on the same line wins
    assert page.evaluate(FOCUSED) == "card-0-5"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == "card-0-1"
    page.keyboard.press("Enter")  # second card: card-0-1
    page.wait_for_function(f"{FOCUSED} === 'draw-pile'", timeout=TURN_TIMEOUT_MS)
    page.keyboard.press("Enter")  # draw
    expect(page.locator("#held-card")).to_be_visible()
    page.wait_for_function(f"{FOCUSED} === 'prompt'")
    held = page.locator("#held-card").get_attribute("aria-label")
    page.keyboard.press("Enter")  # a second Enter does nothing harmful
    expect(page.locator("#held-card")).to_have_attribute("aria-label", held or "")
    no_serious_findings(page, "holding a card, focus on the prompt")
    page.keyboard.press("ArrowDown")  # into the grid
    assert str(page.evaluate(FOCUSED)).startswith("card-0-")
    page.get_by_role("button", name="Discard and turn over").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{FOCUSED} === 'prompt'")
    expect(page.locator("#prompt")).to_contain_text("face-down card to turn over")
    page.keyboard.press("ArrowDown")
    assert page.locator(f"#{page.evaluate(FOCUSED)}").get_attribute("data-action") == "flip"
    no_python_errors(visit)


# --- 10: the hint points at the pile or card ------------------------------------------------


def test_the_hint_is_advice_and_marks_what_it_suggests(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: the hint is a sentence to the person ("Hint: draw a card ..." or "take
    # the ..."), the suggested pile or card is marked, and its name says so.
    visit = opened(desktop)
    page = visit.page
    start_game(page, [("Kim", "human"), ("Bot", "hard")])
    play_until_the_person_may_draw(page)
    page.get_by_role("button", name="Hint").click()
    hint = page.locator(".hint")
    expect(hint).to_have_text(re.compile(r"^Hint: (draw a card|take the)"))
    assert "unseen" not in hint.inner_text() and "draws:" not in hint.inner_text()
    marked = page.locator(".hinted")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("aria-label", re.compile("suggested by the hint$"))
    no_serious_findings(page, "a hint shown")
    marked.click()
    expect(page.locator("#held-card")).to_be_visible()
    page.get_by_role("button", name="Hint").click()
    expect(hint).to_have_text(re.compile(r"^Hint: (put the|discard the)"))
    expect(page.locator(".hinted")).to_have_count(2 if "discard the" in hint.inner_text() else 1)
    no_python_errors(visit)


# --- 11: only the named person flips in the opening -----------------------------------------


def test_in_pass_and_play_only_the_named_person_flips(desktop: tuple[BrowserContext, str]) -> None:
    # Intent: while the badge names Ann, only Ann's cards can be turned; then Ben's.
    visit = opened(desktop, "?seed=3")
    page = visit.page
    start_game(page, [("Ann", "human"), ("Ben", "human")])
    expect(page.locator("#prompt")).to_contain_text("Ann: turn over two")
    expect(page.locator(".card.target[data-seat='1']")).to_have_count(0)
    expect(page.locator(".card.target[data-seat='0']")).to_have_count(12)
    page.locator("#card-0-0").click()
    page.locator("#card-0-1").click()
    page.get_by_role("button", name="Continue as Ben").click()
    expect(page.locator("#prompt")).to_contain_text("Ben: turn over two")
    expect(page.locator(".card.target[data-seat='0']")).to_have_count(0)
    expect(page.locator(".own-seat .name")).to_have_text("Ben")
    no_serious_findings(page, "Ben's opening flips")
    no_python_errors(visit)


def test_a_double_tap_on_a_card_turns_it_once_and_says_nothing_else(
    desktop: tuple[BrowserContext, str],
) -> None:
    # Intent: on a slow phone the second tap of a double tap lands while the first's
    # answer is on its way. The page holds it (site/page.mjs); once the card has
    # turned it is no longer a control, and the held tap is dropped: one card turns,
    # no "not possible" line, and the person still turns a second card of their own
    # choosing. Both taps are made in one task here, so the second is always held.
    visit = opened(desktop, "?seed=3")
    page = visit.page
    start_game(page, [("Ann", "human"), ("Ben", "human")])
    page.evaluate(
        "() => { const card = document.getElementById('card-0-5'); card.click(); card.click(); }"
    )
    answered(page)
    page.wait_for_timeout(300)  # room for a held tap's answer, were it sent
    answered(page)
    expect(page.locator("#card-0-5")).not_to_have_class(re.compile(r"\btarget\b"))
    expect(page.locator(".card.target[data-seat='0']")).to_have_count(11)
    expect(page.locator("#prompt")).to_contain_text("Ann: turn over")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.locator(".error, .refused")).to_have_count(0)
    page.locator("#card-0-6").click()
    expect(page.get_by_role("button", name="Continue as Ben")).to_be_visible()
    no_serious_findings(page, "after a double tap in the opening")
    no_python_errors(visit)


# --- 20: the setup form ---------------------------------------------------------------------------


#: The chosen option's text width and the room a <select> gives it (its inner width
#: less padding and ~20 px for the arrow).
SELECT_ROOM = """sel => {
    const style = getComputedStyle(sel);
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = style.font;
    const text = pen.measureText(sel.options[sel.selectedIndex].text).width;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = sel.clientWidth - padding - 20;
    return [text, room];
}"""


@pytest.mark.parametrize("language", ["fr", "es", "it"])
def test_on_a_phone_each_seats_choice_reads_in_full(
    browser: Browser, site_url: str, language: str
) -> None:
    # Intent: at 360 px the "Played by" choice of every seat shows its whole text
    # ("robot : moyen" was cut to "robot : moy" beside the seat's buttons).
    context = browser.new_context(viewport=PHONE)
    try:
        page = opened((context, site_url), language=language).page
        kinds = page.locator("select[id^='kind-']")
        expect(kinds).to_have_count(4)
        for i in range(4):
            text, room = kinds.nth(i).evaluate(SELECT_ROOM)
            assert text <= room, (language, i, text, room)
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
def test_the_setup_form_is_aligned_named_per_seat_and_refuses_twins(
    browser: Browser, site_url: str, size: ViewportSize
) -> None:
    # Intent: every seat's fields line up and are named with their seat; a radio
    # button sits beside its label; two seats with one name are refused in words.
    context = browser.new_context(viewport=size)
    try:
        visit = opened((context, site_url))
        page = visit.page
        expect(page.get_by_role("textbox", name="Seat 2 Name")).to_have_value("Alex")
        expect(page.get_by_role("combobox", name="Seat 3 Played by")).to_be_visible()
        lefts = {
            round((page.locator(f"#name-{i}").bounding_box() or {"x": -1})["x"]) for i in range(4)
        }
        assert len(lefts) == 1, lefts
        kinds = {
            round((page.locator(f"#kind-{i}").bounding_box() or {"x": -1})["x"]) for i in range(4)
        }
        assert len(kinds) == 1, kinds
        for label in page.locator("label.choice").all():
            box = label.locator("input").bounding_box()
            text = label.locator("span").bounding_box()
            assert box is not None and text is not None
            assert box["x"] + box["width"] <= text["x"], label.inner_text()
            assert box["y"] < text["y"] + 1.5 * 16 + 4, label.inner_text()  # its first line
        page.fill("#name-2", "alex")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator(".form-error")).to_have_text(
            "Seats 2 and 3 are both called alex: give each player a different name."
        )
        expect(page.locator("#name-2")).to_have_value("alex")
        no_serious_findings(page, "setup with twin names")
        page.screenshot(path=SCREENSHOTS / f"setup-{size['width']}x{size['height']}.png")
        no_python_errors(visit)
    finally:
        context.close()


# --- issue 36, item 17: every playable card can be reached by the arrow keys ---------------


def scattered_record(seed: int) -> str:
    """A game (Kim, a person, against a bot) at the start of Kim's turn, with at
    least three face-down cards of which one shares neither a row nor a column
    with another (no straight line of playable cards leads to it), made on
    CPython with the app itself by random clicks."""

    def scattered(app: App) -> bool:
        state = app.game.state if app.game is not None else None
        if state is None or state.phase is not Phase.TURN or state.to_move != 0:
            return False
        hidden = state.grids[0].public.face_down
        return len(hidden) >= 3 and any(
            all(q // 4 != p // 4 and q % 4 != p % 4 for q in hidden if q != p) for p in hidden
        )

    players = [("Kim", "human"), ("Bot", "easy")]
    return app_until(players, seed, scattered, rounds=True).export_record()


def test_arrow_keys_reach_every_card_that_can_be_turned(
    desktop: tuple[BrowserContext, str], tmp_path: Path
) -> None:
    # Intent: after discarding the drawn card, only face-down cards can be turned;
    # moving in straight lines through them left some out of reach (4 turns in 11
    # of the field test). From every such card, the arrows reach every other.
    visit = opened(desktop)
    page = visit.page
    import_record(page, scattered_record(seed=4), tmp_path)
    page.wait_for_selector("#draw-pile.target", timeout=TURN_TIMEOUT_MS)
    page.get_by_role("button", name=re.compile("^Draw pile")).click()
    page.get_by_role("button", name="Discard and turn over").click()
    expect(page.locator("#prompt")).to_contain_text("face-down card to turn over")
    cards = page.locator("#app .own-seat .card.target")
    targets = {str(i) for i in cards.evaluate_all("cards => cards.map(c => c.id)")}
    assert len(targets) >= 3, targets
    start = sorted(targets)[0]
    reached, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            page.locator(f"#{here}").focus()
            page.keyboard.press(key)
            there = str(page.evaluate(FOCUSED))
            assert there in targets, f"{key} from {here} went to {there}"
            if there not in reached:
                reached.add(there)
                todo.append(there)
    assert reached == targets
    # The focus ring is the site's own, bright and thick, on the prompt as on a card.
    page.locator("#prompt").focus()
    page.keyboard.press("Shift")  # a key press makes the focus keyboard focus
    outline = page.evaluate(
        "() => { const s = getComputedStyle(document.getElementById('prompt'));"
        " return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    )
    assert outline[0] == "solid" and float(str(outline[1]).removesuffix("px")) >= 3, outline
    assert outline[2] == "rgb(255, 213, 74)", outline
    no_python_errors(visit)
