"""A deploy never makes a page run two builds (issue 36, item 3).

Two builds of the site, A and B (B: the same sources with a comment added to every
file of ours, so each of them differs), are served one after the other at the same
URL, as a host replaces the site on a deploy. Every response a page gets is told
apart by its bytes: a file of A, of B, of both (the same bytes in each), or of
neither (a missing file's error page). A page load that gets a file only A has and
one only B has ran a mix: the new HTML with the old ``boot.js``, or an old page
with the new ``page.mjs`` and engine.

* Without a service worker (a first visit, a browser that refuses it) and with the
  HTTP caching GitHub Pages sends (``Cache-Control: max-age=600``).
* With the service worker, and a tab left open across the deploy that starts
  Python only after it (the rules page's live table, touched).
* An old page whose build is gone from the server reloads once into the new
  build; when even the reload brings the old page, it says so instead of looping.
"""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Frame, Page, Response, expect
from playwright.sync_api import Error as PlaywrightError

import build
from sitebuild import pages
from skyjo.web.boot_texts import boot_text

from . import a11y
from .conftest import BOOT_TIMEOUT_MS, SUB_PATH, wait_until_started

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.local_server("it serves two builds of the site, one after the other"),
]

#: What GitHub Pages sends with every file: a browser may reuse it for 10 minutes
#: without asking.
GITHUB_PAGES_CACHING = "max-age=600"
#: The added line that makes build B, by how each kind of file writes a comment.
COMMENTS = {".js": "// build B\n", ".mjs": "// build B\n", ".py": "# build B\n",
            ".css": "/* build B */\n", ".html": "<!-- build B -->\n"}  # fmt: skip
#: The rules page's live table for a disputed point, and its button that plays it.
LIVE_TABLE_NAME = "dispute-tie_doubles-en"
LIVE_TABLE = f"iframe[name='{LIVE_TABLE_NAME}']"
#: The paths a frame's document fetched itself, its own included, under the site's
#: sub-path, as the responses are judged (:meth:`Responses.judged`).
OWN_FILES = """(prefix) => [location.href]
    .concat(performance.getEntriesByType("resource").map((e) => e.name))
    .map((url) => new URL(url).pathname)
    .map((path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path))"""
#: The same table as a page of its own.
EMBED = "embed.html?scenario=tie_doubles&lang=en"


@dataclass(frozen=True)
class Build:
    """One build of the site: its folder and the SHA-256 of each file by path."""

    name: str
    folder: Path
    files: dict[str, str]

    @classmethod
    def of(cls, name: str, folder: Path) -> Build:
        files = {
            path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in build.walk_files(folder)
        }
        return cls(name, folder, files)

    def has(self, path: str, digest: str) -> bool:
        """Whether this build holds ``path`` with these bytes (a folder's URL: its
        ``index.html``)."""
        return self.files.get(path or "index.html", self.files.get(path + "index.html")) == digest


@pytest.fixture(scope="module")
def builds(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Build, Build]:
    """Build A (``dist/`` as built) and build B (``site/`` with a comment added to
    each of its files, built into a folder of its own)."""
    root = tmp_path_factory.mktemp("deploys")
    site_a = root / "a"
    shutil.copytree(dist, site_a)
    sources = root / "site-b"
    shutil.copytree(build.SITE, sources, ignore=shutil.ignore_patterns("__pycache__"))
    for path in sources.rglob("*"):
        comment = COMMENTS.get(path.suffix)
        if comment is not None and path.name != "sw.js":
            path.write_text(path.read_text(encoding="utf-8") + comment, encoding="utf-8")
    site_b = root / "b"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "SITE", sources)
        patch.setattr(build, "DIST", site_b)
        patch.setattr(pages, "SITE", sources)
        build.build()
    return Build.of("A", site_a), Build.of("B", site_b)


class Host:
    """A web server whose folder can be swapped while it runs: a deploy. It sends
    GitHub Pages' caching header when asked to."""

    def __init__(self, folder: Path, *, cache_control: str | None) -> None:
        self.folder = folder
        self.cache_control = cache_control


class HostHandler(build.QuietSiteHandler):
    """The site's handler, serving the host's folder of the moment."""

    def __init__(self, *args: Any, host: Host, **kwargs: Any) -> None:
        self.host = host
        super().__init__(*args, directory=str(host.folder), sub_path=SUB_PATH, **kwargs)

    def end_headers(self) -> None:
        if self.host.cache_control is not None:
            self.send_header("Cache-Control", self.host.cache_control)
        super().end_headers()


@contextmanager
def hosting(folder: Path, *, cache_control: str | None = None) -> Iterator[tuple[Host, str]]:
    """Serve ``folder`` under the tests' sub-path; yields the host (to swap its
    folder) and the site's URL."""
    host = Host(folder, cache_control=cache_control)
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(HostHandler, host=host))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield host, f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass
class Responses:
    """Every response a page (its frames and its worker) got, kept to be judged."""

    site: str
    seen: list[Response] = field(default_factory=list)

    def watch(self, page: Page) -> Responses:
        page.on("response", self.add)
        return self

    def add(self, response: Response) -> None:
        self.seen.append(response)

    def by_document(self, builds: tuple[Build, Build]) -> list[list[tuple[str, str]]]:
        """:meth:`judged`, one list per document the page and its frames loaded (a
        frame that reloads loads a second one); a worker's files count as its
        page's."""
        current: dict[Frame | None, int] = {}
        groups: list[list[Response]] = []
        for response in self.seen:
            frame: Frame | None
            try:
                frame = response.frame
            except PlaywrightError:  # a request without a frame: the page's
                frame = None
            if response.request.resource_type == "document" or frame not in current:
                groups.append([])
                current[frame] = len(groups) - 1
            groups[current[frame]].append(response)
        verdicts = []
        for group in groups:
            self.seen = group
            verdicts.append(self.judged(builds))
        return verdicts

    def judged(self, builds: tuple[Build, Build]) -> list[tuple[str, str]]:
        """Each response of the site as (path, whose): "A", "B", "A+B" (the same
        bytes in both) or "neither" (with its status); read now, while the page that
        got them is still open."""
        verdicts = []
        for response in self.seen:
            if not response.url.startswith(self.site):
                continue
            path = urlsplit(response.url).path.removeprefix(SUB_PATH)
            if response.status >= 400:
                verdicts.append((path, f"neither ({response.status})"))
                continue
            try:
                body = response.body()
            except PlaywrightError:
                # Its document is gone (a frame that reloaded itself): Chromium keeps
                # no body for it. Shown as unread, which no build's file is: where it
                # is judged, it fails as a mix unless a later response replaced it.
                verdicts.append((path, "unread"))
                continue
            digest = hashlib.sha256(body).hexdigest()
            owners = "+".join(b.name for b in builds if b.has(path, digest))
            verdicts.append((path, owners or "neither"))
        self.seen.clear()
        return verdicts


def one_build(verdicts: list[tuple[str, str]], where: str) -> str:
    """The one build every response came from; fails, listing them, on a mix. A
    refused request ("neither (404)": an old page asking whether its build is
    still there) brought no file, so it makes no mix; any other file of neither
    build does."""
    owners = {
        whose for _, whose in verdicts if whose != "A+B" and not whose.startswith("neither (4")
    }
    listing = "\n  ".join(f"{whose:<8} {path}" for path, whose in verdicts)
    assert len(owners) == 1 and owners <= {"A", "B"}, (
        f"{where}: a page load got files of {sorted(owners)}:\n  {listing}"
    )
    return owners.pop()


def test_a_reload_after_a_deploy_without_service_worker(
    browser: Browser, builds: tuple[Build, Build]
) -> None:
    # Intent: with no service worker and GitHub Pages' 10-minute caching, the game
    # page reloaded after a deploy runs build B's files only, none of A's from the
    # HTTP cache.
    a, b = builds
    context = browser.new_context(service_workers="block")
    try:
        with hosting(a.folder, cache_control=GITHUB_PAGES_CACHING) as (host, url):
            page = context.new_page()
            responses = Responses(url).watch(page)
            page.goto(url)
            wait_until_started(page)
            assert one_build(responses.judged(builds), "first visit") == "A"
            host.folder = b.folder
            page.reload()
            wait_until_started(page)
            assert one_build(responses.judged(builds), "reload after the deploy") == "B"
    finally:
        context.close()


def test_an_open_tab_starts_python_from_its_own_build(
    browser: Browser, builds: tuple[Build, Build]
) -> None:
    # Intent: with the service worker, a rules page opened before a deploy whose
    # live table is played only after the new service worker took over starts
    # Python from the rules page's own build, A, none of B's files.
    a, b = builds
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        with hosting(a.folder) as (host, url):
            game = context.new_page()
            game.goto(url)
            game.wait_for_selector(
                "html[data-offline='ready']", state="attached", timeout=BOOT_TIMEOUT_MS
            )
            rules = context.new_page()
            responses = Responses(url).watch(rules)
            rules.goto(url + "rules.html#disputes-en")
            expect(rules.locator(LIVE_TABLE)).to_be_attached()
            rules.frame_locator(LIVE_TABLE).locator(".embed-header h1").wait_for()
            host.folder = b.folder
            # What a browser does now and then (on a navigation, after a day):
            # asks for the service worker again, and installs the new one.
            game.reload()
            wait_until_started(game)
            game.evaluate(UPDATE)
            serves(game, sw_version(b))
            play(rules)
            expect(rules.frame_locator(LIVE_TABLE).locator(".outcome")).to_be_visible(
                timeout=BOOT_TIMEOUT_MS
            )
            assert one_build(responses.judged(builds), "the rules page") == "A"
    finally:
        context.close()


#: Asks the server for the service worker now.
UPDATE = "async () => (await navigator.serviceWorker.getRegistration()).update()"
#: True once build B's service worker runs the site and its cache is filled.
B_ACTIVE = """async (version) => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || registration.installing || registration.waiting) return false;
  if (!registration.active || registration.active.state !== "activated") return false;
  return (await caches.keys()).includes("skyjo-" + version);
}"""


def serves(page: Page, version: str) -> None:
    """Wait until the service worker of ``version`` runs the site (its cache filled)."""
    for _ in range(BOOT_TIMEOUT_MS // 250):
        if page.evaluate(B_ACTIVE, version):
            return
        page.wait_for_timeout(250)
    state = page.evaluate(SW_STATE)
    pytest.fail(f"the service worker of {version} never took over: {state}", pytrace=False)


SW_STATE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const active = r && r.active && r.active.state;
  return [!!r, r && !!r.installing, r && !!r.waiting, active, await caches.keys()];
}"""


def sw_version(site: Build) -> str:
    """The version a build's service worker caches under."""
    found = re.search(r'const VERSION = "(\w+)";', (site.folder / "sw.js").read_text("utf-8"))
    assert found is not None
    return found[1]


def test_an_old_page_whose_build_is_gone_reloads_once(
    browser: Browser, builds: tuple[Build, Build], tmp_path: Path
) -> None:
    # Intent: an old rules page (kept by the HTTP cache, no service worker) whose
    # live table is played after a deploy finds its build gone from the server: it
    # reloads once, into build B, whose table then plays from B's files alone.
    a, b = builds
    context = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 800})
    try:
        with hosting(a.folder, cache_control=GITHUB_PAGES_CACHING) as (host, url):
            page = context.new_page()
            page.goto(url + "rules.html#disputes-en")
            page.frame_locator(LIVE_TABLE).locator(".embed-header h1").wait_for()
            host.folder = b.folder
            with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
                play(page)
            responses = Responses(url).watch(page)
            # The browser may take the frames from its cache, build A's: such a
            # frame reloads itself into the build of the page that holds it.
            build_b = page.get_attribute("html", "data-build")
            table = page.frame_locator(LIVE_TABLE)
            table.locator(f"html[data-build='{build_b}']").wait_for(state="attached")
            table.locator(".embed-header h1").wait_for()
            play(page)
            outcome = page.frame_locator(LIVE_TABLE).locator(".outcome")
            expect(outcome).to_be_visible(timeout=BOOT_TIMEOUT_MS)
            documents = [verdicts for verdicts in responses.by_document(builds) if verdicts]
            # The page reloaded into B (its frame waited for above is of B's build),
            # and the table played from B's files alone. A frame of A taken from the
            # HTTP cache may load in between, before it reloads itself: its document
            # comes from the cache, so its files cannot be told apart by document,
            # and its last files may even arrive after the next document's response.
            # So the table's document is judged on the files it fetched itself (its
            # own Resource Timing names them), each by the bytes of its last response.
            frame = page.frame(name=LIVE_TABLE_NAME)
            assert frame is not None
            # Its document and boot script are judged whether or not its Resource
            # Timing names them: a frame that reloads itself may take them from the
            # memory cache, which Resource Timing leaves out (flaky in test-all).
            # Taken from there, they may leave no response at all (test-all, 8
            # December): then the document is B's by its build mark (waited for
            # above, read again here) and the boot script by its folder, which
            # only B has (asserted below).
            needed = {"embed.html", f"{build_b}/boot.js"}
            fetched = set(frame.evaluate(OWN_FILES, SUB_PATH)) | needed
            # Each file's last response is the table's (it loaded last); the files'
            # responses may come in more than one group (a module fetched later).
            last = {path: whose for group in documents for path, whose in group}
            played = [(path, whose) for path, whose in last.items() if path in fetched]
            assert played, "the table fetched nothing it played from"
            assert one_build(played, "the table that played") == "B"
            assert frame.get_attribute("html", "data-build") == build_b
            assert build_b is not None and (b.folder / build_b).is_dir()
            assert not (a.folder / build_b).exists()
    finally:
        context.close()


def test_an_old_page_that_comes_back_says_so(
    browser: Browser, builds: tuple[Build, Build], tmp_path: Path
) -> None:
    # Intent: when the reload brings the same old page back (a cache between the
    # browser and the server still has it), the page reloads no more: it says a
    # newer version is out and offers to reload, in words a reader understands.
    a, b = builds
    stale = tmp_path / "stale"
    shutil.copytree(b.folder, stale)
    shutil.copyfile(a.folder / "embed.html", stale / "embed.html")
    context = browser.new_context(service_workers="block")
    try:
        with hosting(a.folder, cache_control=GITHUB_PAGES_CACHING) as (host, url):
            page = context.new_page()
            page.goto(url + EMBED)
            expect(page.get_by_role("button", name=boot_text("en", "play"))).to_be_visible()
            host.folder = stale
            with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
                page.get_by_role("button", name=boot_text("en", "play")).click()
            page.get_by_role("button", name=boot_text("en", "play")).click()
            alert = page.get_by_role("alert")
            expect(alert).to_contain_text(boot_text("en", "error.deploy"), timeout=BOOT_TIMEOUT_MS)
            expect(page.get_by_role("button", name=boot_text("en", "retry"))).to_be_visible()
            assert page.get_attribute("html", "data-ready") is None
            assert a11y.problems(page, "embed.html, its build gone") == []
    finally:
        context.close()


def play(page: Page) -> None:
    """Press Play on the rules page's live table, which starts Python."""
    frame = page.frame_locator(LIVE_TABLE)
    frame.get_by_role("button", name=boot_text("en", "play")).click()
