"""The memory snapshot of the worker's Python (issue 39; site/pyodide-start.mjs).

A visit that did not restore one makes it once ready and left alone (``<html
data-snapshot="kept">``); a later visit restores it (``data-snapshot="restored"``)
and plays as any other. The snapshot is kept in Cache Storage under a key inside the
build's folder: another build's is never restored and is deleted, and so is one
that fails to restore, the page starting as usual with nothing shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .a11y import problems
from .conftest import BOOT_TIMEOUT_MS, Visit, kept, open_page, wait_until_started
from .test_game import no_python_errors

#: (Seeding a snapshot first would defeat these tests: see conftest.py.)
pytestmark = [pytest.mark.e2e, pytest.mark.cold_start]

#: The snapshots' cache (site/pyodide-start.mjs).
CACHE = "skyjo.memory-snapshot"
#: Each snapshot kept, by key: its size in bytes.
KEPT = f"""async () => {{
  const cache = await caches.open({json.dumps(CACHE)});
  const found = {{}};
  for (const request of await cache.keys()) {{
    found[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
  }}
  return found;
}}"""
#: Replaces the snapshot kept by another under ``key``: the same (``"same"``), the
#: same cut after half its memory (``"cut"``: a whole number of WebAssembly pages,
#: headers kept, so that only its length tells), or as many bytes of noise
#: (``"noise"``). Returns the planted snapshot's size.
PLANT = f"""async ([key, how]) => {{
  const cache = await caches.open({json.dumps(CACHE)});
  const [kept] = await cache.keys();
  const response = await cache.match(kept);
  const whole = new Uint8Array(await response.arrayBuffer());
  let planted = whole;
  if (how === "cut") {{
    const start = new Uint32Array(whole.buffer, 0, 4)[1];
    planted = whole.slice(0, start + Math.floor((whole.length - start) / 2 / 65536) * 65536);
  }} else if (how === "noise") {{
    planted = new Uint8Array(whole.length);
    for (let i = 0; i < planted.length; i += 65536) {{
      crypto.getRandomValues(planted.subarray(i, i + 65536));
    }}
  }}
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(key, new Response(planted, {{ headers: response.headers }}));
  return planted.length;
}}"""
#: How long a snapshot may take to make here (a second Pyodide, the engine imported).
MAKE_TIMEOUT_MS = 60_000


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context whose pages are served by the network (no service worker)."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    yield context
    context.close()


def snapshot_kept(page: Page) -> str:
    """Wait until the page has made its snapshot; return its key (one kept)."""
    page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=MAKE_TIMEOUT_MS)
    found = page.evaluate(KEPT)
    assert len(found) == 1, found
    return str(next(iter(found)))


def first_visit(context: BrowserContext, url: str) -> tuple[Visit, str]:
    """A first visit that waits until its snapshot is kept; the visit and the key."""
    opened = open_page(context, url)
    opened.page.goto(url)
    wait_until_started(opened.page)
    assert opened.page.get_attribute("html", "data-snapshot") != "restored"
    return opened, snapshot_kept(opened.page)


def again(opened: Visit, query: str = "") -> Page:
    """The game page opened once more (a returning visit), once ready."""
    page = opened.page
    page.goto(re.sub(r"[^/]*$", "", page.url) + query)
    wait_until_started(page)
    return page


#: Deletes the page's saves (the game is kept in IndexedDB), once no page holds them.
FORGET_SAVES = """() => new Promise((resolve, reject) => {
  localStorage.clear();
  const request = indexedDB.deleteDatabase("skyjo");
  request.onsuccess = resolve;
  request.onerror = reject;
})"""


def forget_saves(page: Page) -> None:
    """Delete the saves from a page of the site's origin that holds none open."""
    page.goto(re.sub(r"[^/]*$", "", page.url) + "manifest.webmanifest")
    page.evaluate(FORGET_SAVES)


def quick_game(page: Page) -> dict[str, object]:
    """Start a quick game and turn over the first card the page offers; the save."""
    page.get_by_role("button", name=re.compile("Quick game")).click()
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    target = page.locator("#app .card.target").first
    expect(target).to_be_visible()
    card = page.locator("#" + str(target.get_attribute("id")))
    before = str(card.get_attribute("aria-label"))
    target.click()
    expect(card).not_to_have_attribute("aria-label", before)  # turned over
    saved = json.loads(kept(page, "skyjo.game") or "null")
    assert isinstance(saved, dict)
    return saved


def test_a_second_visit_restores_the_snapshot_and_plays(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: the first visit makes a snapshot when left alone; the next restores
    # it, and the game plays from it as from a fresh start.
    opened, _key = first_visit(context, site_url)
    page = again(opened)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
    quick_game(page)
    assert problems(page, "restored game page: ") == []
    no_python_errors(opened)
    assert opened.console_errors == []


def test_two_restored_visits_deal_different_games(context: BrowserContext, site_url: str) -> None:
    # Intent: a restored Python draws fresh random numbers: two visits restored from
    # the same snapshot deal two different games.
    opened, _key = first_visit(context, site_url)
    deals = []
    for _ in range(2):
        page = again(opened)
        expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
        saved = quick_game(page)
        deals.append(saved["record"]["rounds"][0]["deal"])  # type: ignore[index]
        forget_saves(page)  # the next visit starts at the setup form
    assert deals[0] != deals[1]
    no_python_errors(opened)


def test_another_builds_snapshot_is_never_restored_and_is_removed(
    context: BrowserContext, site_url: str
) -> None:
    # Intent: a new deploy never restores the previous build's snapshot (here this
    # build's, moved to another build's key), and deletes it.
    opened, key = first_visit(context, site_url)
    other = re.sub(r"/build-[0-9a-f]{16}/", "/build-0123456789abcdef/", key)
    assert other != key
    size = opened.page.evaluate(PLANT, [other, "same"])
    assert opened.page.evaluate(KEPT) == {other: size}
    page = again(opened)
    assert page.get_attribute("html", "data-snapshot") != "restored"
    page.wait_for_function(
        f"({KEPT})().then((found) => !({json.dumps(other)} in found))", timeout=BOOT_TIMEOUT_MS
    )
    # ... and makes this build's own, which the next visit restores.
    assert snapshot_kept(page) == key
    page = again(opened)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
    no_python_errors(opened)


@pytest.mark.parametrize("how", ["cut", "noise"])
def test_a_corrupt_snapshot_is_deleted_and_the_page_starts(
    context: BrowserContext, site_url: str, how: str
) -> None:
    # Intent: a snapshot that cannot be restored (cut short, or noise of the same
    # size) is deleted, and the page starts the normal way with no error shown.
    opened, key = first_visit(context, site_url)
    planted = opened.page.evaluate(PLANT, [key, how])
    page = again(opened, "?seed=3")
    assert page.get_attribute("html", "data-snapshot") != "restored"
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.get_by_role("button", name=re.compile("Quick game"))).to_be_visible()
    assert page.evaluate(KEPT).get(key) != planted  # gone (or already made anew)
    quick_game(page)
    no_python_errors(opened)
    assert opened.console_errors == []


def test_an_offline_warm_visit_restores_the_snapshot(browser: Browser, site_url: str) -> None:
    # Intent: with the service worker serving and the network off, a returning
    # visit restores the snapshot too.
    context = browser.new_context()
    try:
        page = (
            context.new_page()
        )  # (a route would stand between the service worker and the network)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
        snapshot_kept(page)
        context.set_offline(True)
        page.reload()
        wait_until_started(page)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
        quick_game(page)
        assert page.locator(".py-error").count() == 0 and errors == []
    finally:
        context.close()
