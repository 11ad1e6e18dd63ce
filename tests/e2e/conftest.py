"""Fixtures for the browser tests: serve the built site under a sub-path, start Chromium.

By default the tests run against ``dist/`` exactly as a host would serve it, under
``/skyjo/`` like a GitHub Pages project site, so any absolute URL in the build would
break them. With ``--base-url URL`` (pytest-base-url) they drive that site instead,
e.g. the deployed one; tests marked ``local_server`` need to serve a changed copy of
``dist/`` or open it from disk, and are skipped there with their reason.
Chromium is Debian's when ``/usr/bin/chromium`` exists (Playwright cannot download
its own browser on our machines) and Playwright's own elsewhere (GitHub runners). If
no browser starts, the fixtures raise and the tests fail: they never skip.

With ``--snapshot-on`` (give the path, ``pytest tests/e2e --snapshot-on``: the option
lives here) every browser context a test makes starts with this build's memory
snapshot of Python in its Cache Storage, as a returning visitor's browser has it, so
every page restores Python from it (site/pyodide-start.mjs) instead of starting it:
the snapshot is made once per session by a first visit, and each new context is
seeded with it before the test opens a page (see :func:`seed_snapshot`). Tests
marked ``cold_start`` (the snapshot's own) get an unseeded context either way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, FrameLocator, Page, Request, Route

import build

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SUB_PATH = "/skyjo/"

#: Selector of the readiness marker the page sets once Python has painted it (site/page.mjs).
READY = "html[data-ready='true']"
#: Pyodide starts in 3-5 s here; generous for a loaded CI machine.
BOOT_TIMEOUT_MS = 60_000

#: Records, from now on, in ``window.__languageSet``, each time the page's language
#: or title is set: a MutationObserver hears a setAttribute even when the value
#: stays the same (Chrome restyles the whole document for a lang set anew).
WATCH_LANGUAGE = """() => {
  window.__languageSet = [];
  const note = (what) => window.__languageSet.push(what);
  new MutationObserver(() => note("lang=" + document.documentElement.lang)).observe(
    document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  new MutationObserver(() => note("title")).observe(
    document.querySelector("title"), { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium when present, with flags that keep it off the network."""
    return {**browser_type_launch_args, **build.chromium_launch_args()}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--snapshot-on",
        action="store_true",
        help="seed every browser context with this build's memory snapshot of Python, "
        "so that pages restore it (tests marked cold_start excepted)",
    )


#: Whether the contexts made now are seeded (--snapshot-on, and the test is not
#: marked cold_start): set before each test's fixtures are made.
SEEDING = {"on": False}


#: The browser tests' files whose tests take longest (three devices, whole games: up to
#: two minutes a test). They run first: scripts/test-all runs the browser tests on two
#: workers, and one of these left for the end keeps one worker busy alone.
LONGEST_FIRST = frozenset(
    {
        "test_together.py",
        "test_together_away.py",
        "test_together_prestart.py",
        "test_together_qr.py",
        "test_together_offline.py",
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of :data:`LONGEST_FIRST` first, every other in its order."""
    items.sort(key=lambda item: item.path.name not in LONGEST_FIRST)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a ``local_server`` test, saying why, when the site is a remote URL."""
    SEEDING["on"] = bool(
        item.config.getoption("snapshot_on", default=False)
        and item.get_closest_marker("cold_start") is None
    )
    marker = item.get_closest_marker("local_server")
    if marker is not None and item.config.getoption("base_url"):
        reason = marker.args[0] if marker.args else "it needs the site served from dist/"
        pytest.skip(f"against --base-url: {reason}")


#: The memory snapshots' cache and how a snapshot is kept there (site/pyodide-start.mjs).
SNAPSHOT_CACHE = "skyjo.memory-snapshot"
SNAPSHOT_LENGTH = "X-Snapshot-Length"
#: Where the snapshot is uploaded (a route reads it) and then served from (a file
#: in dist/ for the session), relative to the site.
SNAPSHOT_ROUTE = "__snapshot-for-tests__"
#: Sends the snapshot the page kept to SNAPSHOT_ROUTE (a route reads it); its key.
UPLOAD_SNAPSHOT = f"""async () => {{
  const cache = await caches.open("{SNAPSHOT_CACHE}");
  const [key] = await cache.keys();
  const response = await cache.match(key);
  await fetch("{SNAPSHOT_ROUTE}", {{ method: "POST", body: await response.arrayBuffer() }});
  return key.url;
}}"""
#: Keeps the snapshot SNAPSHOT_ROUTE answers under the key given, as the page would.
PUT_SNAPSHOT = f"""async (key) => {{
  const bytes = await (await fetch("{SNAPSHOT_ROUTE}")).arrayBuffer();
  const headers = {{ "{SNAPSHOT_LENGTH}": String(bytes.byteLength) }};
  await (await caches.open("{SNAPSHOT_CACHE}")).put(key, new Response(bytes, {{ headers }}));
}}"""


@dataclass(frozen=True)
class Snapshot:
    """A memory snapshot this build's page made, and the key it keeps it under."""

    key: str
    data: bytes


def make_snapshot(browser: Browser, site_url: str) -> Snapshot:
    """A first visit, left alone until it has kept its snapshot; the snapshot."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=120_000)
        uploaded: list[bytes] = []

        def upload(route: Route, request: Request) -> None:
            uploaded.append(request.post_data_buffer or b"")
            route.fulfill(status=204)

        page.route("**/" + SNAPSHOT_ROUTE, upload)
        key = str(page.evaluate(UPLOAD_SNAPSHOT))
        return Snapshot(key, uploaded[0])
    finally:
        context.close()


def seed_snapshot(context: BrowserContext, site_url: str, snapshot: Snapshot) -> None:
    """Put ``snapshot`` (served from the site's folder as :data:`SNAPSHOT_ROUTE`: a
    route answering with its 31 MB took 30-60 s a context) in ``context``'s Cache
    Storage from a page of the site's origin that runs none of the site's scripts
    (its web manifest), then close that page."""
    page = context.new_page()
    try:
        page.goto(site_url + "manifest.webmanifest")
        page.evaluate(PUT_SNAPSHOT, snapshot.key)
    finally:
        page.close()


@pytest.fixture(scope="session")
def browser(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Browser]:
    """pytest-playwright's browser; with ``--snapshot-on``, each context it makes for
    a test not marked ``cold_start`` starts with the build's snapshot kept."""
    if not request.config.getoption("snapshot_on", default=False):
        yield browser
        return
    if request.config.getoption("base_url"):
        raise pytest.UsageError("--snapshot-on serves the snapshot from dist/: not with --base-url")
    site_url: str = request.getfixturevalue("site_url")
    served: Path = request.getfixturevalue("dist") / SNAPSHOT_ROUTE
    snapshot = make_snapshot(browser, site_url)
    served.write_bytes(snapshot.data)
    plain = browser.new_context

    def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
        context = plain(*args, **kwargs)
        if SEEDING["on"]:
            seed_snapshot(context, site_url, snapshot)
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    try:
        yield browser
    finally:
        served.unlink(missing_ok=True)


@contextlib.contextmanager
def serve_site(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free local port; yields the site's URL (with sub-path)."""
    with build.serving(directory, sub_path=SUB_PATH) as url:
        yield url


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; a clear failure when it was not built."""
    if not (DIST / "index.html").is_file():
        pytest.fail("dist/ is missing: run python build.py first", pytrace=False)
    return DIST


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, base_url: str | None) -> Iterator[str]:
    """The site's URL, ending in ``/``: ``--base-url`` when given, else the built site
    served for the whole session."""
    if base_url:
        yield base_url if base_url.endswith("/") else base_url + "/"
        return
    dist: Path = request.getfixturevalue("dist")
    with serve_site(dist) as url:
        yield url


@pytest.fixture
def fresh(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, str]]:
    """A new desktop-sized browser context (empty localStorage) and the site's URL; the
    test opens pages."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context, site_url
    context.close()


@dataclass
class Visit:
    """A page together with what went wrong while it was open."""

    page: Page
    off_origin: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    #: What the engine check (check.html) showed once ready, before any test
    #: interacted with it; empty for other pages.
    first_output: str = ""


def open_page(context: BrowserContext, url: str) -> Visit:
    """Open a page that blocks and records every request not to ``url``'s origin."""
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    page = context.new_page()
    visit = Visit(page)

    def guard(route: Route, request: Request) -> None:
        if request.url.startswith(origin + "/"):
            route.continue_()
        else:
            visit.off_origin.append(request.url)
            route.abort()

    context.route("**/*", guard)
    page.on("pageerror", lambda error: visit.page_errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            visit.console_errors.append(message.text) if message.type == "error" else None
        ),
    )
    return visit


def wait_until_started(page: Page) -> None:
    """Wait for the readiness marker; fail at once with the page's message if start-up
    failed, rather than after the whole timeout."""
    page.wait_for_selector(
        f"{READY}, html[data-boot-error='true']", state="attached", timeout=BOOT_TIMEOUT_MS
    )
    if page.get_attribute("html", "data-ready") != "true":
        pytest.fail(f"the page did not start: {page.inner_text('#boot-error')}", pytrace=False)


def answered(page: Page) -> None:
    """Wait until the worker has answered every intent sent (no ``<html
    data-pending>``), as a person waits to see the page react before the next tap."""
    page.wait_for_selector("html:not([data-pending])", state="attached")


#: What the device holds for a key: a save's value in the site's database
#: (IndexedDB "skyjo", store "saves", where games and score pads live), else the
#: localStorage value (settings, and saves where the browser has no database).
KEPT = """(key) => indexedDB.databases().then((found) => new Promise((resolve) => {
  const local = () => resolve(localStorage.getItem(key));
  if (!found.some((db) => db.name === "skyjo")) { local(); return; }  // (opening would make it)
  const request = indexedDB.open("skyjo");
  request.onerror = local;
  request.onsuccess = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("saves")) { db.close(); local(); return; }
    const get = db.transaction("saves").objectStore("saves").get(key);
    get.onsuccess = () => {
      db.close();
      if (typeof get.result === "string") resolve(get.result); else local();
    };
    get.onerror = () => { db.close(); local(); };
  };
}))"""


def kept(page: Page, key: str) -> str | None:
    """What the device holds for ``key`` (see :data:`KEPT`)."""
    value = page.evaluate(KEPT, key)
    return value if isinstance(value, str) else None


def touch(page: Page | Frame | FrameLocator) -> None:
    """What a reader's first tap does to an embed facade (``embed.html`` starts
    Python only when touched): a pointerdown on the page, away from any control."""
    page.locator("body").dispatch_event("pointerdown")


def start_by_touch(page: Page) -> None:
    """Touch an embed facade, then wait until its Python has taken over."""
    touch(page)
    wait_until_started(page)


@pytest.fixture(scope="module")
def booted(browser: Browser, site_url: str) -> Iterator[Visit]:
    """One first visit of the game page, shared by the tests that only look at it."""
    context = browser.new_context()
    visit = open_page(context, site_url)
    visit.page.goto(site_url)
    wait_until_started(visit.page)
    yield visit
    context.close()


@pytest.fixture(scope="module")
def checked(browser: Browser, site_url: str) -> Iterator[Visit]:
    """One visit of the engine check page (check.html), which replays a sample
    record at start-up; shared by the tests that replay records in the browser."""
    context = browser.new_context()
    visit = open_page(context, site_url + "check.html")
    visit.page.goto(site_url + "check.html")
    wait_until_started(visit.page)
    visit.first_output = visit.page.locator("#replay-output").text_content() or ""
    yield visit
    context.close()


@pytest.fixture
def sized(
    browser: Browser, site_url: str, request: pytest.FixtureRequest
) -> Iterator[tuple[BrowserContext, str]]:
    """A context of the viewport a test is parametrized with (``indirect``), and the
    site's URL; a phone-sized one (narrower than 600 px) has touch, as a phone does.
    A test file may define its own ``sized`` (one that records sounds, say)."""
    size = request.param
    phone = size["width"] < 600
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    yield context, site_url
    context.close()
