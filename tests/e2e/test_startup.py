"""Start-up in a real browser (issue 12): the real page at once, Python only where
it is used.

* With Pyodide's files held back (a route that answers only when released), the
  pre-painted page can be read and filled in, a control pressed early says
  "Starting…", and once Python arrives it carries that control out.
* An init script counts the WebAssembly runtimes each frame instantiates: the
  rules page and the embed demo start none until touched, and the rules page
  exactly one however many of its examples are played.
* A PerformanceObserver sums the layout shifts from navigation until ready.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

import build
from skyjo import scenarios

from .conftest import BOOT_TIMEOUT_MS, Visit, kept, open_page, wait_until_started
from .test_game import serious_violations
from .test_hostile import FILL_STORAGE_FIRST

pytestmark = pytest.mark.e2e

#: Sums layout shifts not caused by input, as Cumulative Layout Shift does.
LAYOUT_SHIFTS = """(() => {
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
})();"""


def runtimes(page: Page) -> int:
    """Runtimes started in the page and all its frames."""
    total = 0
    for frame in page.frames:
        if frame.url.startswith("http"):
            total += int(frame.evaluate("window.__runtimes || 0"))
    return total


class HeldBack:
    """Requests for Pyodide's files, held until :meth:`release`; later ones pass."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.released = False

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


@contextmanager
def pyodide_held_back(page: Page) -> Iterator[HeldBack]:
    """Hold every request for Pyodide's files (the route never answers) until the
    caller releases them."""
    held = HeldBack()
    page.route("**/pyodide/**", held.hold)
    yield held


def test_the_setup_form_works_before_python_and_start_waits_for_it(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(service_workers="block")
    visit = open_page(context, site_url)
    page = visit.page
    with pyodide_held_back(page) as held:
        page.goto(site_url + "?seed=4", wait_until="domcontentloaded")
        # Intent: the setup form is there at once, although Python cannot start.
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        page.get_by_label("Name").first.fill("Ada")
        page.locator("#setup-options summary").click()  # the rule options unfold without Python
        page.get_by_label("50", exact=True).check()
        page.locator("#kind-1").select_option("easy")
        # Intent: Start says it is starting, and nothing else happens yet.
        page.get_by_role("button", name="Start game").click()
        expect(page.get_by_role("status").filter(has_text="Starting")).to_be_visible()
        assert page.get_attribute("html", "data-ready") is None
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        assert page.get_by_label("Name").first.input_value() == "Ada"
        for _ in range(100):  # the request may come a moment later on a busy machine
            if held.routes:
                break
            page.wait_for_timeout(100)
        assert held.routes, "the page asked for no Pyodide file in 10 s"
        held.release()
    # Intent: once Python is ready, the game starts with the settings chosen early.
    wait_until_started(page)
    expect(page.locator("#app[data-screen='table']")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#app")).to_contain_text("Ada")
    saved = json.loads(kept(page, "skyjo.game") or "null")
    assert saved["setup"]["seats"][0] == {"name": "Ada", "kind": "human"}
    assert saved["setup"]["seats"][1]["kind"] == "easy"
    assert saved["setup"]["rules"]["target"] == 50
    expect(page.get_by_role("status").filter(has_text="Starting")).to_be_hidden()
    assert visit.page_errors == [] and visit.off_origin == []
    context.close()


def test_an_embed_shows_its_table_and_starts_only_when_touched(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(service_workers="block")
    context.add_init_script(build.COUNT_RUNTIMES)
    visit = open_page(context, site_url)
    page = visit.page
    with pyodide_held_back(page) as held:
        page.goto(site_url + "embed.html?scenario=column&speed=instant")
        # Intent: the scenario's opening table is painted without Python ...
        expect(page.get_by_role("heading", name="Completing a column")).to_be_visible()
        expect(page.locator("#embed .seat")).to_have_count(2)
        page.wait_for_timeout(1500)
        # ... and no runtime (not even a request for one) until the reader touches it.
        assert held.routes == [] and runtimes(page) == 0
        assert page.get_attribute("html", "data-started") is None
        page.get_by_role("button", name="Next").click()
        expect(page.get_by_role("status").filter(has_text="Starting")).to_be_visible()
        # The record's own numbering (as start= counts): the column scenario opens
        # at its start move.
        column = scenarios.get("column")
        total = sum(len(r.moves) for r in column.record().rounds)
        first = column.start_move
        expect(page.locator(".counter")).to_have_text(f"Move {first} of {total}")
        page.wait_for_function("() => document.documentElement.dataset.started === 'true'")
        held.release()
    # Intent: once live, the early "Next" is carried out: the column goes.
    wait_until_started(page)
    expect(page.locator(".counter")).to_have_text(f"Move {first + 1} of {total}")
    expect(page.locator(".seat[data-seat='0'] .card.removed")).to_have_count(3)
    assert runtimes(page) == 1
    assert visit.page_errors == [] and visit.off_origin == []
    context.close()


def test_an_embed_that_cannot_be_prepainted_offers_play(browser: Browser, site_url: str) -> None:
    # Intent: a game's deal needs Python, so the frame shows a light preview with
    # Play (never a blank frame); Play starts the game.
    context = browser.new_context(service_workers="block")
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "embed.html?seats=human,medium&seed=3&lang=de")
    play = page.get_by_role("button", name="Spielen")
    expect(play).to_be_visible()
    assert serious_violations(page) == []
    play.click()
    wait_until_started(page)
    expect(page.locator("#embed .seat")).to_have_count(2)
    expect(play).to_be_hidden()
    assert visit.page_errors == []
    context.close()


def move_number(counter: str) -> int:
    """``"Move 4 of 5"`` -> 4."""
    match = re.fullmatch(r"Move (\d+) of \d+", counter.strip())
    assert match is not None, counter
    return int(match.group(1))


def test_rules_page_starts_no_runtime_untouched_and_one_for_three_examples(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.add_init_script(build.COUNT_RUNTIMES)
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "rules.html")
    # Each table's frame is made as it comes near the view: scroll past all ten.
    sides = page.locator("article#en figure.side")
    expect(sides).to_have_count(10)
    for i in range(10):
        sides.nth(i).scroll_into_view_if_needed()
    tables = page.locator("article#en iframe.live")
    expect(tables).to_have_count(10)
    # Intent: untouched, the page and its ten tables start no runtime ...
    page.wait_for_timeout(5000)
    assert runtimes(page) == 0
    # ... yet each pre-painted table already told the page its height (skyjo:size),
    # so the frame shows the whole table, not a cut-off part of it.
    column = tables.nth(2)
    inner = column.content_frame.locator("#embed").evaluate(
        "e => Math.ceil(e.getBoundingClientRect().height)"
    )
    assert column.evaluate("f => f.style.height") == f"{inner}px"
    # Intent: three examples played (each with its own Next), one runtime drives them.
    before = {}
    for index in (2, 3, 4):
        table = tables.nth(index)
        table.scroll_into_view_if_needed()
        before[index] = move_number(table.content_frame.locator(".counter").inner_text())
        table.content_frame.get_by_role("button", name="Next").click()
    for index in (2, 3, 4):
        frame = tables.nth(index).content_frame
        expect(frame.locator("html[data-ready='true']")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
        expect(frame.locator(".counter")).to_contain_text(f"Move {before[index] + 1} of")
    assert runtimes(page) == 1
    assert page.evaluate("window.__runtimes") == 1  # the rules page's own
    assert visit.page_errors == [] and visit.off_origin == []
    context.close()


def test_embed_demo_starts_no_runtime_untouched(browser: Browser, site_url: str) -> None:
    # Intent: a host page with three embeds costs no runtime until one is touched.
    context = browser.new_context(service_workers="block")
    context.add_init_script(build.COUNT_RUNTIMES)
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "embed-demo.html")
    expect(page.frame_locator("#embed-tie").get_by_role("button", name="Next")).to_be_visible()
    page.wait_for_timeout(5000)
    assert runtimes(page) == 0
    # Untouched, an embed only tells its host its first screen's height.
    kinds = page.evaluate("window.skyjoMessages.map(m => m.type + ':' + m.id)")
    assert sorted(kinds) == ["skyjo:size:broken", "skyjo:size:target", "skyjo:size:tie"]
    context.close()


@pytest.mark.parametrize("path", ["", "scorepad.html"])
def test_no_layout_shift_from_navigation_to_ready(
    browser: Browser, site_url: str, path: str
) -> None:
    # Intent: Python takes over the pre-painted page without moving it (CLS < 0.1).
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 640})
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    page.goto(site_url + path)
    wait_until_started(page)
    page.wait_for_timeout(1000)
    shift = float(page.evaluate("window.__shift"))
    assert shift < 0.1, f"{path or 'index.html'}: layout shift {shift:.3f}"
    context.close()


@pytest.mark.parametrize("path", ["", "scorepad.html"])
def test_starting_python_uses_no_deprecated_browser_feature(
    browser: Browser, site_url: str, path: str
) -> None:
    # Intent: Chrome reports no deprecated use (Lighthouse's best-practices audit):
    # Pyodide asks for a shared WebAssembly memory, a SharedArrayBuffer without
    # cross-origin isolation, unless pyodide-start.mjs gives it an ordinary one.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    session = context.new_cdp_session(page)
    issues: list[dict[str, object]] = []
    session.on("Audits.issueAdded", lambda event: issues.append(event["issue"]))
    session.send("Audits.enable")
    page.goto(site_url + path)
    wait_until_started(page)
    page.wait_for_timeout(500)
    deprecated = [issue["details"] for issue in issues if issue["code"] == "DeprecationIssue"]
    assert deprecated == [], f"{path or 'index.html'}: {json.dumps(deprecated)[:500]}"
    context.close()


@pytest.mark.parametrize("path", ["", "scorepad.html", "replay.html"])
def test_a_page_fetches_its_start_up_modules_while_it_is_parsed(
    browser: Browser, site_url: str, path: str
) -> None:
    # Intent (issue 21): boot.js imports page.mjs once the page is parsed, and
    # page.mjs then imports memory-idb.mjs: each fetched only when asked for, they
    # were two trips one after the other between the parsed page and the worker's
    # start. Preloaded, both are on their way before the page is parsed.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url + path)
    wait_until_started(page)
    timings = page.evaluate(
        """() => {
          const parsed = performance.getEntriesByType("navigation")[0].domContentLoadedEventStart;
          const asked = {};
          for (const entry of performance.getEntriesByType("resource")) {
            const name = entry.name.split("/").pop();
            if (name === "page.mjs" || name === "memory-idb.mjs") asked[name] = entry.startTime;
          }
          return { parsed, asked };
        }"""
    )
    where = path or "index.html"
    assert sorted(timings["asked"]) == ["memory-idb.mjs", "page.mjs"], f"{where}: {timings}"
    for name, at in timings["asked"].items():
        assert at < timings["parsed"], (
            f"{where}: {name} was first asked for {at:.0f} ms after navigation, "
            f"after the page was parsed ({timings['parsed']:.0f} ms)"
        )
    context.close()


@pytest.mark.parametrize("path", ["", "scorepad.html", "replay.html"])
def test_a_page_loads_only_the_parts_of_pyscript_it_uses(
    browser: Browser, site_url: str, path: str
) -> None:
    # Intent: PyScript's core and its error box, nothing else. Its other plugins
    # (the code editor, the terminal, pygame, donkey, the deprecation notes) were
    # fetched and run on every visit, and the editor's then watched every change
    # of the document: a MutationObserver and a timer after every move's repaint.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url.split("/pyscript/", 1)[-1]) if "/pyscript/" in r.url else None,
    )
    page.goto(site_url + path)
    wait_until_started(page)
    page.wait_for_timeout(500)  # a plugin loads after PyScript's start
    chunks = {re.sub(r"-[\w-]{8}(?=\.js$)", "", name) for name in asked}
    assert chunks == {"core.js", "core.css", "error.js"}, f"{path or 'index.html'}: {sorted(asked)}"
    context.close()


WASM = "pyodide/pyodide.asm.wasm"


#: The page's note that Chromium has Pyodide's machine code cached (site/page.mjs).
CACHED_KEY = "skyjo.wasm-cached"


class WasmRequests:
    """Requests for Pyodide's wasm file: ``everyone``'s in the browser context (the
    page's and its worker's), and ``by_page``, those of the page itself (its DevTools
    session sees no worker's)."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.everyone: list[str] = []
        self.by_page: list[str] = []
        context.on(
            "request", lambda r: self.everyone.append(r.url) if r.url.endswith(WASM) else None
        )
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._sent)

    def _sent(self, event: dict[str, Any]) -> None:
        if event["request"]["url"].endswith(WASM):
            self.by_page.append(event["request"]["url"])

    def clear(self) -> None:
        self.everyone.clear()
        self.by_page.clear()


def first_visit(context: BrowserContext, site_url: str) -> tuple[Visit, WasmRequests]:
    """The game page opened until Python is ready, its worker having compiled
    Pyodide's module: the page compiled none before (a first visit)."""
    visit = open_page(context, site_url)
    wasm = WasmRequests(context, visit.page)
    visit.page.goto(site_url + "?seed=4")
    wait_until_started(visit.page)
    assert wasm.by_page == [], "the page compiled the wasm before Python was ready"
    return visit, wasm


def wait_for_cached_note(page: Page) -> None:
    page.wait_for_function(
        f"() => window.localStorage.getItem({CACHED_KEY!r}) === '1'", timeout=BOOT_TIMEOUT_MS
    )


def test_a_first_visit_compiles_in_the_worker_and_the_next_one_on_the_page(
    browser: Browser, site_url: str
) -> None:
    # Intent (issue 21): a page's compile of Pyodide's 9 MB module decodes it on the
    # main thread, right while a newcomer first touches the page; so a first visit
    # leaves it to the worker. Chromium keeps the machine code of a page's streamed
    # compile, not a worker's: so once Python is ready the page compiles the module
    # once more (from the HTTP cache) and notes it, and the next visit compiles on
    # the page and hands the module to the worker, which fetches no copy.
    context = browser.new_context(service_workers="block")
    try:
        visit, wasm = first_visit(context, site_url)
        page = visit.page
        assert len(wasm.everyone) == 1, f"the worker fetched {wasm.everyone}"
        expect(page.get_by_role("button", name="Quick game")).to_be_enabled()
        wait_for_cached_note(page)
        assert len(wasm.by_page) == 1, f"the page compiled {len(wasm.by_page)} times for the cache"
        # The next visit.
        wasm.clear()
        page.reload()
        wait_until_started(page)
        assert len(wasm.by_page) == 1, f"the page fetched the wasm file {len(wasm.by_page)} times"
        assert len(wasm.everyone) == 1, f"the wasm file was fetched {len(wasm.everyone)} times"
        page.get_by_role("button", name="Quick game").click()
        expect(page.locator(".board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        page.wait_for_timeout(2 * 1000)  # nothing compiled again for the cache
        assert len(wasm.by_page) == 1
        assert visit.page_errors == []
    finally:
        context.close()


def test_a_page_with_the_code_cached_compiles_only_once_its_worker_runs(
    browser: Browser, site_url: str
) -> None:
    # Intent (issue 21): on a visit that compiles Pyodide's module on the page (from
    # Chromium's code cache), the compile's tasks used to run while PyScript was
    # setting up, and the worker, which needs the module only once Pyodide's
    # JavaScript has loaded, started about 100 ms later for them. So the page asks
    # for the wasm file only after its worker exists.
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(f"window.localStorage.setItem({CACHED_KEY!r}, '1');")
        # When the page makes a Worker (PyScript does, for the page's named worker).
        context.add_init_script(
            """(() => {
              const Made = window.Worker;
              window.Worker = class extends Made {
                constructor(...args) {
                  super(...args);
                  window.workerMade = window.workerMade || performance.now();
                }
              };
            })();"""
        )
        page = context.new_page()
        page.goto(site_url)
        wait_until_started(page)
        started = page.evaluate("window.workerMade")
        assert isinstance(started, (int, float)), "the page made no Worker"
        asked = page.evaluate(
            "performance.getEntriesByType('resource')"
            f".filter((r) => r.name.endsWith({WASM!r})).map((r) => r.startTime)"
        )
        assert len(asked) == 1, f"the page asked for the wasm file {len(asked)} times"
        assert asked[0] > started, (
            f"the page asked for the wasm file {asked[0]:.0f} ms after navigation, "
            f"before it made its worker ({started:.0f} ms)"
        )
        expect(page.get_by_role("button", name="Quick game")).to_be_enabled()
    finally:
        context.close()


@pytest.mark.parametrize("stored", ["yes", "2", "{}", " 1", ""])
def test_a_stored_cache_note_that_is_not_one_leaves_the_compile_to_the_worker(
    browser: Browser, site_url: str, stored: str
) -> None:
    # Intent: the cache note is read strictly ("1"); anything else stored under it
    # (another version's value, a hand-edited one) is a first visit, not an error.
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(
            f"window.localStorage.setItem({CACHED_KEY!r}, {json.dumps(stored)});"
        )
        visit, _ = first_visit(context, site_url)
        page = visit.page
        page.get_by_role("button", name="Quick game").click()
        expect(page.locator(".board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        assert visit.page_errors == []
    finally:
        context.close()


def test_full_storage_still_caches_the_code_and_says_nothing(
    browser: Browser, site_url: str
) -> None:
    # Intent: storage that other pages of the site filled costs only the note: the
    # page still compiles once for Chromium's cache, raises nothing, and plays.
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(FILL_STORAGE_FIRST)
        visit, wasm = first_visit(context, site_url)
        page = visit.page
        expect(page.get_by_role("button", name="Quick game")).to_be_enabled()
        page.wait_for_function(
            "() => performance.getEntriesByType('resource')"
            f".some((r) => r.name.endsWith({WASM!r}))",
            timeout=BOOT_TIMEOUT_MS,
        )
        assert len(wasm.by_page) == 1
        assert page.evaluate(f"window.localStorage.getItem({CACHED_KEY!r})") is None
        page.get_by_role("button", name="Quick game").click()
        expect(page.locator(".board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        assert visit.page_errors == []
    finally:
        context.close()


def test_a_server_that_mislabels_wasm_still_starts_python(browser: Browser, site_url: str) -> None:
    # Intent: a static server that sends the wasm file as application/octet-stream
    # (streaming compilation refuses it) still gets a working game: the worker
    # compiles the module from its bytes instead.
    context = browser.new_context(service_workers="block")
    try:
        mislabelled: list[str] = []

        def octet_stream(route: Route) -> None:
            response = route.fetch()
            mislabelled.append(route.request.url)
            headers = {**response.headers, "content-type": "application/octet-stream"}
            route.fulfill(response=response, headers=headers)

        visit = open_page(context, site_url)
        context.route("**/" + WASM, octet_stream)  # after open_page's: the last route runs first
        page = visit.page
        page.goto(site_url + "?seed=4")
        wait_until_started(page)
        page.get_by_role("button", name="Quick game").click()
        expect(page.locator(".board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        # A module compiled from its bytes is not what Chromium caches: no note.
        page.wait_for_timeout(3000)
        assert page.evaluate(f"window.localStorage.getItem({CACHED_KEY!r})") is None
        assert mislabelled, "the route never saw the wasm file"
        assert visit.page_errors == []
    finally:
        context.close()


#: IndexedDB refused, as in another site's page with third-party storage blocked.
NO_INDEXEDDB = """(() => {
  const refuse = () => { throw new DOMException("The user denied permission", "SecurityError"); };
  Object.defineProperty(globalThis, "indexedDB", { value: { open: refuse, deleteDatabase: refuse },
                                                   configurable: true });
})();"""


def test_a_page_without_indexeddb_still_starts(browser: Browser, site_url: str) -> None:
    # Intent: PyScript opens an IndexedDB database as it starts; where the browser
    # refuses (third-party storage blocked), the page asks once, early (boot.js),
    # and PyScript gets one kept in memory: the game starts and plays.
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(NO_INDEXEDDB)
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + "?seed=4")
        wait_until_started(page)
        assert page.evaluate("window.skyjoIndexedDB.then((works) => works)") is False
        page.get_by_role("button", name="Quick game").click()
        expect(page.locator(".board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        assert visit.page_errors == []
    finally:
        context.close()
