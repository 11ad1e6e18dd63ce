"""The game review in a real browser (issue 15): at game end and in the replay
viewer, in English and German, with a progress bar while the expert analyses,
and a page that still answers clicks within 200 ms meanwhile (the analysis runs
in slices between frames). Every state reached is axe-scanned and pictured at
phone and desktop size.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from skyjo import record
from skyjo.bots import ask, make_bot
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.web.embed import reel

from .a11y import settle
from .conftest import ROOT, Visit, open_page, wait_until_started
from .test_game import DESKTOP, PHONE, SCREENSHOTS, no_overflow, serious_violations

# Timing: asserts how fast the page answers, so it runs alone (not beside other tests).
pytestmark = [pytest.mark.e2e, pytest.mark.timing]

#: A whole game of three rounds or so: long enough that the analysis is still
#: running while the test clicks.
FULL_GAME = ROOT / "tests" / "records" / "default_full_game.json"
#: The longest a click may wait for the page while the expert analyses.
ANSWER_MS = 200
#: Analysis in Pyodide on a shared machine: far less, normally.
ANALYSIS_TIMEOUT_MS = 120_000

#: Records, for every click and change, how long after the input the page began
#: to handle it (``wait``: a capturing listener on window runs first) and had
#: handled it (``lag``: a bubbling one runs after the page's own listeners), and
#: whether the analysis was running then.
LAG_PROBE = """
window.__lags = [];
for (const type of ['click', 'change']) {
  let wait = 0, busy = false;
  window.addEventListener(type, event => {
    wait = performance.now() - event.timeStamp;
    busy = !!document.querySelector('#review-progress');
  }, true);
  window.addEventListener(type, event => {
    window.__lags.push({type, wait, busy, lag: performance.now() - event.timeStamp});
  });
}
"""

WORDS = {
    "en": {
        "heading": "Game review",
        "summary": "Points lost per turn on average",
        "better": "Better:",
    },
    "de": {"heading": "Spielanalyse", "summary": "pro Zug verlorene Punkte", "better": "Besser:"},
}


def finished_game(target: int = Rules().target) -> str:
    """A finished game: Mia (a person, played here by the medium bot) against Ben
    (the hard bot), played until someone's total reaches ``target``."""
    bots = [make_bot("medium"), make_bot("hard")]
    game = Game(["Mia", "Ben"], Rules(target=target), seed=21)
    rng = random.Random(21)
    while not game.state.is_terminal:
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
    data = record.to_json(game.record())
    data["players"] = ["Mia", {"name": "Ben", "kind": "hard"}]
    return json.dumps(data)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def size(request: pytest.FixtureRequest) -> ViewportSize:
    size: ViewportSize = request.param
    return size


@pytest.fixture
def context(browser: Browser, size: ViewportSize) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=size)
    context.add_init_script(LAG_PROBE)
    yield context
    context.close()


def lags(page: Page) -> list[dict[str, object]]:
    result: list[dict[str, object]] = page.evaluate("window.__lags")
    return result


def check(page: Page, name: str, size: ViewportSize) -> list[str]:
    """Screenshot, no sideways scrolling, and axe's serious findings."""
    settle(page)
    no_overflow(page, name)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png", full_page=True
    )
    return serious_violations(page)


def finished_review(page: Page, language: str, *, positions_open: bool = True) -> None:
    """The review is complete and in ``language``: summary, better moves, and
    (``positions_open``, the game page) the costliest decisions' positions."""
    words = WORDS[language]
    review = page.locator("#review")
    expect(review.locator(".review-summary")).to_contain_text(
        words["summary"], timeout=ANALYSIS_TIMEOUT_MS
    )
    expect(review.get_by_role("heading", level=2)).to_contain_text(words["heading"])
    expect(review.locator(".review-decision").first).to_contain_text(words["better"])
    if positions_open:
        # The position is the player's view: a 3 × 4 table of cards.
        expect(review.locator(".review-grid").first.locator("td")).to_have_count(12)
    else:
        expect(review.locator(".review-grid")).to_have_count(0)
    expect(page.locator("#review-progress")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_replay_viewer_reviews_a_seat_and_stays_responsive(
    context: BrowserContext, site_url: str, size: ViewportSize, language: str, tmp_path: Path
) -> None:
    # Intent: in the replay viewer a reader picks a seat and presses Review; a
    # progress bar shows while the expert works, the viewer still steps forward at
    # once when clicked, and the review appears in the page's language.
    visit: Visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + f"replay.html?lang={language}")
    wait_until_started(page)
    # A long game (to 400 points): its analysis in the page's worker outlasts the
    # pictures and the clicks below.
    game = tmp_path / "long-game.json"
    game.write_text(finished_game(target=400), encoding="utf-8")
    page.set_input_files("#replay-file", str(game))
    page.wait_for_selector("#replay[data-position='0']")
    page.select_option("#review-seat", "1")
    start = "Review" if language == "en" else "Analysieren"
    page.get_by_role("button", name=start, exact=True).click()
    expect(page.locator("#review-progress")).to_be_visible()
    found = {"progress": check(page, f"review-replay-progress-{language}", size)}
    forward = page.locator("[data-intent='forward']")
    for step in range(1, 4):
        forward.click()
        page.wait_for_selector(f"#replay[data-position='{step}']")
    answered = [entry for entry in lags(page) if entry["type"] == "click"][-3:]
    assert all(entry["busy"] for entry in answered), "the analysis ended before the clicks"
    assert max(float(str(entry["lag"])) for entry in answered) < ANSWER_MS, answered
    finished_review(page, language, positions_open=False)
    name = record.loads(game.read_text(encoding="utf-8")).names[1]
    expect(page.locator("#review-heading")).to_contain_text(name)
    found["done"] = check(page, f"review-replay-{language}", size)
    assert found == {"progress": [], "done": []}
    assert visit.page_errors == [] and visit.off_origin == []


def choose_language(page: Page, code: str) -> None:
    """Pick the page's language as a person would: on a phone the switcher sits in
    the game menu, so open it first and close it again afterwards."""
    folded = not page.locator("#language").is_visible()
    if folded:
        page.locator("#menu-toggle").click()
    page.select_option("#language", code)
    if folded:
        page.keyboard.press("Escape")
        expect(page.locator("#game-menu")).to_be_hidden()


def test_the_game_end_reviews_the_person_in_english_then_german(
    context: BrowserContext, site_url: str, size: ViewportSize, tmp_path: Path
) -> None:
    # Intent: when a game ends, the review of the person's seat starts by itself
    # with a progress bar; switching the page to German meanwhile is answered at
    # once, and the finished review is in German. Then English again, at once.
    visit: Visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "?seed=3")
    wait_until_started(page)
    if page.get_attribute("html", "lang") != "en":
        choose_language(page, "en")
    path = tmp_path / "finished.json"
    # A game to 200 points: twice the decisions of a default game, so that the
    # analysis (faster since the expert's cheaper sampler) is still running after
    # the language switch, when the German progress bar is checked.
    path.write_text(finished_game(target=200), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#app")).to_have_attribute("data-screen", "game_end")
    expect(page.locator("#review-heading")).to_have_text("Game review: Mia")
    expect(page.locator("#review-progress")).to_be_visible()
    choose_language(page, "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    answered = [entry for entry in lags(page) if entry["type"] == "change"]
    assert answered and answered[-1]["busy"], "the analysis ended before the switch"
    assert float(str(answered[-1]["lag"])) < ANSWER_MS, answered
    expect(page.locator("#review-progress")).to_be_visible()
    found = {"progress": check(page, "review-game-end-progress-de", size)}
    finished_review(page, "de")
    # Mia is the only person at the table, whom the page calls "du": so does her review.
    expect(page.locator(".review-intro")).to_contain_text("jede deiner Entscheidungen")
    found["done-de"] = check(page, "review-game-end-de", size)
    choose_language(page, "en")
    finished_review(page, "en")
    expect(page.locator(".review-intro")).to_contain_text("every one of your decisions")
    found["done-en"] = check(page, "review-game-end-en", size)
    assert found == {"progress": [], "done-de": [], "done-en": []}
    assert visit.page_errors == [] and visit.off_origin == []


def open_a_closed_decision(page: Page) -> tuple[int, int]:
    """Press "Show this position" on the first listed decision that is closed; returns
    its index and its move index, once its position shows both moves. The five
    costliest are open at first: with five or fewer listed, the last is hidden first."""
    listed = page.locator("#review .review-show")
    expect(listed.first).to_be_visible(timeout=ANALYSIS_TIMEOUT_MS)
    if page.locator("#review .review-show[aria-expanded='false']").count() == 0:
        last = listed.last.get_attribute("data-decision")
        hide = page.locator(f"#review .review-show[data-decision='{last}']")
        expect(hide).to_have_accessible_name("Hide this position")
        hide.click()
        expect(hide).to_have_attribute("aria-expanded", "false")
    closed = page.locator("#review .review-show[aria-expanded='false']").first
    expect(closed).to_be_visible()
    decision = int(closed.get_attribute("data-decision") or "-1")
    moves = int(closed.get_attribute("data-move-index") or "-1")
    closed.click()
    opened = page.locator(f"#review .review-show[data-decision='{decision}']")
    expect(opened).to_have_attribute("aria-expanded", "true")
    position = page.locator(f"#review-position-{decision}")
    expect(position).to_be_visible()
    expect(position).to_contain_text("played")
    expect(position).to_contain_text("better")
    return decision, moves


def test_game_end_lists_graded_decisions_and_shows_each_position(
    context: BrowserContext, site_url: str, size: ViewportSize, tmp_path: Path
) -> None:
    # Intent (issue 23): at game end the review grades the person's decisions as
    # chess players know it, says the accuracy, and "Show this position" opens the
    # person's cards at that moment with the played and the better move marked.
    visit: Visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "?seed=3")
    wait_until_started(page)
    path = tmp_path / "finished.json"
    path.write_text(finished_game(), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    finished_review(page, "en")
    review = page.locator("#review")
    expect(review).to_contain_text("Accuracy")
    titles = review.locator(".review-decision h4").all_inner_texts()
    assert titles and all(
        any(grade in title for grade in ("inaccuracy", "mistake", "blunder")) for title in titles
    ), titles
    open_a_closed_decision(page)
    assert check(page, "review-game-end-position", size) == []
    assert visit.page_errors == [] and visit.off_origin == []


def test_the_replay_viewer_jumps_to_a_reviewed_decision_of_any_seat(
    context: BrowserContext, site_url: str, size: ViewportSize
) -> None:
    # Intent (issue 23): in the replay viewer, a reviewed decision's "Show this
    # position" opens it and moves the viewer to the table just before it, seen by
    # the reviewed seat.
    visit: Visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "replay.html?lang=en")
    wait_until_started(page)
    page.set_input_files("#replay-file", str(FULL_GAME))
    page.wait_for_selector("#replay[data-position='0']")
    page.select_option("#review-seat", "1")
    page.get_by_role("button", name="Review", exact=True).click()
    # Issue 36, item 14: the listed decisions start closed here (the table shows
    # each position), and opening one brings the table, now at that moment, into view.
    finished_review(page, "en", positions_open=False)
    _, moves = open_a_closed_decision(page)
    expect(page.locator("#replay .replay-board")).to_be_in_viewport()
    game = record.loads(FULL_GAME.read_text(encoding="utf-8"))
    frames = reel.frames(game)
    position = reel.frame_at(frames, moves)
    expect(page.locator("#replay")).to_have_attribute("data-position", str(position))
    expect(page.locator("#replay-show")).to_have_value("1")
    assert check(page, "review-replay-position", size) == []
    assert visit.page_errors == [] and visit.off_origin == []
