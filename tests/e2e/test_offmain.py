"""Python off the main thread (issue 21): the page answers every tap at once.

The pages' Python runs in a Web Worker; the main thread only applies what it sends.
These tests act as a person on a phone would: type while Python starts, tap while
the expert bot thinks or the review analyses, and play an embed inside someone
else's page on another origin, and measure what the person sees (the visible
effect of a tap), not what the code does.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, FilePayload, Page, expect

import build

from .a11y import problems
from .conftest import BOOT_TIMEOUT_MS, answered, open_page, touch, wait_until_started
from .test_game import PHONE, start_game

# Timing: asserts how fast the page answers, so it runs alone (not beside other tests).
pytestmark = [pytest.mark.e2e, pytest.mark.timing]

#: The longest a tap may wait for its visible effect.
ANSWER_MS = 200

#: Taps the game menu's button every 300 ms for ``ms`` and times, for each, how long
#: until the top bar shows the menu opened or closed (Python paints it: the tap goes
#: to the worker and back). Returns the times in milliseconds.
TAP_MENU = """async (ms) => {
  const times = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const bar = document.getElementById("topbar-controls");
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => { observer.disconnect(); resolve(); });
      observer.observe(bar, { childList: true, subtree: true, attributes: true });
    });
    const start = performance.now();
    document.getElementById("menu-toggle").click();
    await changed;
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return times;
}"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE)
    yield context
    context.close()


def test_python_runs_in_a_worker_not_on_the_page(phone: BrowserContext, site_url: str) -> None:
    # Intent: the page itself instantiates no Pyodide; one worker does.
    phone.add_init_script(build.COUNT_RUNTIMES)
    page = phone.new_page()
    page.goto(site_url)
    wait_until_started(page)
    assert page.evaluate("window.__runtimes") == 1
    assert len(page.workers) == 1
    assert page.evaluate("typeof window.pyodide") == "undefined"


def test_typing_into_the_setup_form_while_python_starts_loses_no_character(
    phone: BrowserContext, site_url: str
) -> None:
    # Intent: the pre-painted form takes typing at once; nothing typed before Python
    # took the page over is lost, and the game starts with it.
    visit = open_page(phone, site_url)
    page = visit.page
    page.goto(site_url)
    field = page.locator("#name-0")
    expect(field).to_be_visible()
    field.fill("")
    field.focus()
    typed = ""
    for letter in "Alexandra Bergström":
        page.keyboard.type(letter)  # one key at a time, as a person types
        typed += letter
        if page.get_attribute("html", "data-ready") == "true" and len(typed) > 12:
            break
    assert page.get_attribute("html", "data-ready") != "true" or len(typed) > 12
    wait_until_started(page)
    expect(field).to_have_value(typed)
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    expect(page.locator(".seat-name").first).to_contain_text(typed.split(" ")[0])
    assert visit.page_errors == []


def test_a_tap_while_expert_bots_think_is_answered_at_once(
    phone: BrowserContext, site_url: str
) -> None:
    # Intent: you against three experts; while they take their turns (the expert
    # searches hundreds of playouts), each tap on the menu shows its effect within
    # 200 ms.
    visit = open_page(phone, site_url)
    page = visit.page
    page.goto(site_url + "?seed=11")
    wait_until_started(page)
    seats = [("You", "human"), ("E1", "expert"), ("E2", "expert"), ("E3", "expert")]
    start_game(page, seats, speed="fast")
    for _ in range(2):  # the opening flips: then the experts play whole turns
        page.locator("#app .own-seat .card.target").first.click()
        answered(page)
    page.locator("#draw-pile.target").wait_for(timeout=60_000)
    page.locator("#draw-pile").click()
    page.locator("#app .own-seat .card.target").first.click()  # now the experts think
    times: list[float] = page.evaluate(TAP_MENU, 4000)
    assert len(times) >= 8
    assert max(times) <= ANSWER_MS, sorted(times)
    assert problems(page) == []
    assert visit.page_errors == []


def test_a_tap_while_the_review_analyses_is_answered_at_once(
    phone: BrowserContext, site_url: str
) -> None:
    # Intent: at game end the review analyses a whole game in the worker; the menu
    # answers within 200 ms meanwhile, and the review still finishes.
    from .test_review import finished_game

    visit = open_page(phone, site_url)
    page = visit.page
    page.goto(site_url)
    wait_until_started(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("button", name="Import game").click()
    game: FilePayload = {
        "name": "game.json",
        "mimeType": "application/json",
        "buffer": finished_game(target=400).encode(),
    }
    chooser.value.set_files(files=[game])
    expect(page.locator("#review-progress")).to_be_visible(timeout=30_000)
    times: list[float] = page.evaluate(TAP_MENU, 3000)
    still_running = page.locator("#review-progress").count() > 0
    assert len(times) >= 6 and max(times) <= ANSWER_MS, sorted(times)
    assert still_running, "the review ended before the taps: a longer game is needed"
    expect(page.locator(".review-summary")).to_be_visible(timeout=120_000)
    assert visit.page_errors == []


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def host_page(embed_url: str, folder: Path) -> Iterator[str]:
    """Someone else's page on another origin (``localhost`` where the site is on
    ``127.0.0.1``), framing ``embed_url``; yields its URL."""
    (folder / "host.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A rules explainer"
        "</title></head><body><h1>How columns vanish</h1>"
        f"<iframe id='skyjo' title='Skyjo table' src='{embed_url}' "
        "style='width: 100%; height: 700px; border: 0'></iframe></body></html>",
        encoding="utf-8",
    )
    host = "localhost" if urlsplit(embed_url).hostname == "127.0.0.1" else "127.0.0.1"

    def handler(*args: object, **kwargs: object) -> _Quiet:
        return _Quiet(*args, directory=str(folder), **kwargs)  # type: ignore[arg-type]

    server = ThreadingHTTPServer((host, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/host.html"
    finally:
        server.shutdown()


def test_an_embed_on_another_origins_page_plays_a_scenario(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    # Intent: inside a third-party page (no shared storage, no headers of ours) the
    # embed starts its own worker and plays the scenario to its end.
    embed = site_url + "embed.html?scenario=column&id=demo"
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        with host_page(embed, tmp_path) as url:
            assert urlsplit(url).netloc != urlsplit(site_url).netloc
            page: Page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url)
            frame = page.frame_locator("#skyjo")
            counter = frame.locator(".counter")
            expect(counter).to_be_visible()
            before = counter.inner_text()
            touch(frame)
            expect(frame.locator("html[data-ready='true']")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
            frame.get_by_role("button", name="Play on").click()
            expect(frame.locator("#embed[data-done='true']")).to_be_attached(timeout=60_000)
            expect(counter).not_to_have_text(before)
            assert errors == []
    finally:
        context.close()
