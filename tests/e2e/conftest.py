"""Fixtures for the browser tests: serve the built site under a sub-path, start Chromium.

The tests run against ``dist/`` exactly as a host would serve it, under ``/skyjo/``
like a GitHub Pages project site, so any absolute URL in the build would break them.
Chromium is Debian's when ``/usr/bin/chromium`` exists (Playwright cannot download
its own browser on our machines) and Playwright's own elsewhere (GitHub runners). If
no browser starts, the fixtures raise and the tests fail: they never skip.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, FrameLocator, Page, Request, Route

import build

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SUB_PATH = "/skyjo/"

#: Selector of the readiness marker that main.py sets once Python has rendered.
READY = "html[data-ready='true']"
#: Pyodide starts in 3-5 s here; generous for a loaded CI machine.
BOOT_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium when present, with flags that keep it off the network."""
    return {**browser_type_launch_args, **build.chromium_launch_args()}


class SubPathHandler(build.QuietSiteHandler):
    """Serves a folder at ``SUB_PATH`` only, redirecting ``/skyjo`` to ``/skyjo/``."""

    def do_GET(self) -> None:
        """Redirect the bare sub-path as GitHub Pages does; otherwise serve files."""
        if self.path.split("?", 1)[0] == SUB_PATH.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", SUB_PATH)
            self.end_headers()
            return
        super().do_GET()

    def translate_path(self, path: str) -> str:
        """Map ``/skyjo/x`` to ``x`` in the folder; anything else to a missing file."""
        if not path.startswith(SUB_PATH):
            return os.path.join(self.directory, "__outside_the_site__")
        return super().translate_path("/" + path[len(SUB_PATH) :])


@contextlib.contextmanager
def serve_site(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free local port; yields the site's URL (with sub-path)."""
    with build.serving(directory, handler=SubPathHandler) as base:
        yield base.rstrip("/") + SUB_PATH


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; a clear failure when it was not built."""
    if not (DIST / "index.html").is_file():
        pytest.fail("dist/ is missing: run python build.py first", pytrace=False)
    return DIST


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    """The built site, served for the whole session."""
    with serve_site(dist) as url:
        yield url


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
    origin = url.split(SUB_PATH, 1)[0]
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
