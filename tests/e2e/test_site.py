"""The built site in a real browser: it boots, runs the engine, stays on its origin,
works offline, and explains itself when it cannot start."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from skyjo.web.boot_texts import boot_text

from .conftest import BOOT_TIMEOUT_MS, ROOT, Visit, open_page, serve_site, wait_until_started

pytestmark = pytest.mark.e2e

RECORDS = ROOT / "tests" / "records"


def replay_on_cpython(record: Path) -> subprocess.CompletedProcess[str]:
    """``python -m skyjo replay FILE`` on this machine's CPython: the reference."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "skyjo", "replay", str(record)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )


def replay_in_page(page: Page, text: str) -> tuple[str, str]:
    """Paste a record into the engine check, replay it; returns (status, output) text."""
    status = page.locator("#replay-status")
    page.evaluate(
        "() => { for (const id of ['replay-status', 'replay-output'])"
        " document.getElementById(id).textContent = ''; }"
    )
    page.fill("#record-input", text)
    page.get_by_role("button", name="Replay").click()
    expect(status).not_to_have_text("")
    return status.inner_text(), page.locator("#replay-output").inner_text()


def same_error(status: str, cli_stderr: str) -> bool:
    """Whether the page's message carries the CLI's reason (the CLI adds its own prefix)."""
    prefix = "Invalid record: "
    return status.startswith(prefix) and cli_stderr.strip().endswith(status[len(prefix) :])


def game_records() -> list[Path]:
    """The golden game records; at least one must exist for the comparison to mean much."""
    records = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".summary.json"))
    assert records, f"no game records in {RECORDS}"
    return records


def test_engine_replays_records_like_cpython(checked: Visit) -> None:
    # Intent: the engine wheel really runs in the page and agrees with CPython on every record.
    for record in game_records():
        reference = replay_on_cpython(record)
        status, output = replay_in_page(checked.page, record.read_text(encoding="utf-8"))
        if reference.returncode == 0:
            assert json.loads(output) == json.loads(reference.stdout), record.name
        else:
            assert same_error(status, reference.stderr), record.name


def test_start_up_replays_the_sample(checked: Visit) -> None:
    # Intent: the first paint after start-up shows a real replay computed by Python.
    sample = ROOT / "site" / "sample-record.json"
    shown = json.loads(checked.first_output)
    assert shown == json.loads(replay_on_cpython(sample).stdout)
    expect(checked.page.locator("#versions")).to_contain_text("emscripten")


def test_the_game_page_has_no_engine_check(booted: Visit) -> None:
    # Intent: the developer's replay panel left the game page (issue 12); a footer
    # link leads to check.html instead.
    expect(booted.page.get_by_text("Engine check: replay a game record")).to_have_count(0)
    expect(booted.page.locator("#replay-output")).to_have_count(0)
    expect(booted.page.get_by_role("link", name="Engine check")).to_have_attribute(
        "href", "check.html"
    )
    expect(booted.page.locator("#versions")).to_contain_text("emscripten")


def test_invalid_record_gets_a_readable_error(checked: Visit, tmp_path: Path) -> None:
    # Intent: a broken record names where it breaks, as the CLI does, with no traceback.
    data = json.loads((ROOT / "site" / "sample-record.json").read_text(encoding="utf-8"))
    data["rounds"][0]["moves"][0]["flip"] = 12
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    reference = replay_on_cpython(broken)
    assert reference.returncode == 2, reference.stderr
    status, output = replay_in_page(checked.page, broken.read_text(encoding="utf-8"))
    assert same_error(status, reference.stderr)
    assert status.startswith("Invalid record: round 1, move 1: ")
    assert output == ""
    status, _ = replay_in_page(checked.page, "{not json")
    assert status.startswith("Invalid record: ")
    assert "Traceback" not in checked.page.inner_text("body")
    expect(checked.page.locator(".py-error")).to_have_count(0)


@pytest.mark.smoke
def test_no_request_leaves_the_origin(booted: Visit) -> None:
    # Intent: PyScript's built-in CDN defaults are never used; everything is self-hosted.
    assert booted.off_origin == []


@pytest.mark.smoke
def test_loads_without_errors(booted: Visit) -> None:
    # Intent: a clean start: no Python error box, no uncaught page error, no console error.
    expect(booted.page.locator(".py-error")).to_have_count(0)
    assert booted.page_errors == []
    assert booted.console_errors == []
    expect(booted.page.locator("#boot-error")).to_be_hidden()


@pytest.mark.smoke
def test_offline_reload_after_first_visit(browser: Browser, site_url: str) -> None:
    # Intent: after one visit the service worker has everything, so the game loads offline.
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
        context.set_offline(True)
        page.reload()
        wait_until_started(page)
        expect(page.locator("#app [data-intent='quick']")).to_be_visible()
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    finally:
        context.close()


#: True once the new deploy's cache holds the changed page, and the previous one
#: only what the new one lacks (here nothing: the build's folder did not change).
NEW_DEPLOY_CACHED = """async (old) => {
  // (The service worker's caches: the memory snapshot's is another, site/pyodide-start.mjs.)
  const names = (await caches.keys()).filter((name) => name.startsWith("skyjo-"));
  if (names.join() !== [old, "skyjo-deploy2"].join()) return false;
  const file = await (await caches.open("skyjo-deploy2")).match("index.html");
  const kept = await (await caches.open(old)).keys();
  return file !== undefined && (await file.text()).includes("deploy 2") && kept.length === 0;
}"""


@pytest.mark.local_server("it serves a changed copy of dist/ (a new deploy)")
def test_new_deploy_replaces_the_offline_cache(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    # Intent: after a redeploy the worker precaches the new files and keeps of the
    # old cache only the previous build's files the new one lacks (test_deploys.py
    # has an open tab use them).
    site = tmp_path / "dist"
    shutil.copytree(dist, site)
    context = browser.new_context()
    try:
        with serve_site(site) as url:
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
            old_caches = page.evaluate(
                "async () => (await caches.keys()).filter((name) => name.startsWith('skyjo-'))"
            )
            # A deploy: a changed file, and the version build.py would stamp for it.
            (site / "index.html").write_text(
                (site / "index.html").read_text(encoding="utf-8") + "<!-- deploy 2 -->\n",
                encoding="utf-8",
            )
            worker = site / "sw.js"
            text, count = re.subn(
                r'const VERSION = "\w+";',
                'const VERSION = "deploy2";',
                worker.read_text(encoding="utf-8"),
            )
            assert count == 1
            worker.write_text(text, encoding="utf-8")
            assert len(old_caches) == 1 and old_caches[0].startswith("skyjo-")
            page.reload()
            for _ in range(240):
                if page.evaluate(NEW_DEPLOY_CACHED, old_caches[0]):
                    break
                page.wait_for_timeout(250)
            else:
                pytest.fail(f"no new cache: {page.evaluate('() => caches.keys()')}")
    finally:
        context.close()


@pytest.mark.local_server("it opens dist/index.html from disk")
def test_file_url_tells_how_to_serve(page: Page, dist: Path) -> None:
    # Intent: opening index.html from disk explains what to run instead of spinning forever.
    page.goto((dist / "index.html").as_uri())
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text(boot_text("en", "error.title.server"))
    expect(alert).to_contain_text("python build.py serve")
    expect(page.get_by_role("button", name="Retry")).to_be_hidden()


@pytest.mark.local_server("it serves a broken copy of dist/ (no engine archive)")
@pytest.mark.parametrize("language", ["en", "de"])
def test_start_up_failure_shows_message_and_retry(
    browser: Browser, dist: Path, tmp_path: Path, language: str
) -> None:
    # Intent: a missing file (here the engine's bytecode archive) gives a readable
    # message and a retry, in the reader's language.
    broken = tmp_path / "dist"
    shutil.copytree(dist, broken)
    (engine,) = broken.glob("build-*/skyjo-*-cp3*.zip")
    engine.unlink()
    context = browser.new_context(locale=language)
    try:
        with serve_site(broken) as url:
            visit = open_page(context, url)
            visit.page.goto(url)
            alert = visit.page.get_by_role("alert")
            expect(alert).to_be_visible(timeout=BOOT_TIMEOUT_MS)
            expect(alert).to_contain_text(boot_text(language, "error.title"))
            expect(alert).to_contain_text(boot_text(language, "error.start"))
            retry = visit.page.get_by_role("button", name=boot_text(language, "retry"))
            expect(retry).to_be_visible()
            assert visit.page.get_attribute("html", "data-ready") is None
    finally:
        context.close()
