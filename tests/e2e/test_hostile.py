"""What a hostile page, a full device and odd stored values do to the site (issue 20,
items 1 to 8): nothing runs that the site did not write, no save is lost or said
saved when it was not, and no input puts a traceback on a page.

Each test plants what an attacker or a full device would (a URL, a stored value, a
message from the host page) and then acts as a person does.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, FilePayload, Page, Route, expect

from skyjo.web.scorepad.messages import Messages
from skyjo.web.ui.i18n import Translator

from . import a11y
from .conftest import Visit, answered, open_page, start_by_touch, touch, wait_until_started

pytestmark = pytest.mark.e2e

#: Fills localStorage until the browser refuses (about 5 MB in Chromium), like a
#: device whose storage other pages of the same origin have used up.
FILL_STORAGE = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 8; ) {
    try { localStorage.setItem("junk-" + n++, "x".repeat(size)); }
    catch (error) { size = size >> 1; }
  }
  return n;
}"""
#: The same, before any of the page's own scripts (on the first load only).
FILL_STORAGE_FIRST = (
    "if (!sessionStorage.getItem('filled')) {"
    f" ({FILL_STORAGE})(); sessionStorage.setItem('filled', '1'); }}"
)
#: The site's database (IndexedDB, where games and score pads live) refuses every
#: write while ``window.skyjoFull`` is set, as a device out of space does.
REFUSE_DATABASE = """(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.skyjoFull) throw new DOMException("quota exceeded", "QuotaExceededError");
    return put.apply(this, args);
  };
})();"""
#: A full device: localStorage up to its quota, and the database refusing writes.
FILL_DEVICE = f"() => {{ ({FILL_STORAGE})(); window.skyjoFull = true; }}"
#: Records Content-Security-Policy violations (a blocked inline script, an eval).
RECORD_VIOLATIONS = """
window.skyjoViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.skyjoViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""
DEEP = "[" * 100_000
EN = Translator("en")


def plant(context: BrowserContext, values: dict[str, str]) -> None:
    """Store ``values`` in localStorage before the first load (not on reloads)."""
    script = "".join(
        f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items()
    )
    once = "sessionStorage.setItem('planted', '1');"
    context.add_init_script(f"if (!sessionStorage.getItem('planted')) {{ {script} {once} }}")


def opened(context: BrowserContext, url: str, *, touch: bool = False) -> Visit:
    visit = open_page(context, url)
    visit.page.goto(url)
    if touch:
        start_by_touch(visit.page)
    else:
        wait_until_started(visit.page)
    return visit


def calm(visit: Visit) -> None:
    """No traceback on the page, no uncaught error, nothing fetched from elsewhere."""
    assert visit.page.locator(".py-error").count() == 0
    assert visit.page_errors == []
    assert visit.off_origin == []


@pytest.fixture
def context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 1280, "height": 800})


# --- 1. parameters never become paths or markup -----------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "?scenario=column&lang=/../../../../other/evil",
        "?scenario=column&lang=%2F..%2F..%2F..%2F..%2Fother%2Fevil",
        "?scenario=../../other/evil&lang=en",
        "?scenario=column&lang=en&x=/../../../other/evil",
    ],
)
def test_an_embed_fetches_only_openings_the_build_made(
    context: BrowserContext, site_url: str, query: str
) -> None:
    # Intent: a same-origin file elsewhere (any GitHub Pages project of one account)
    # cannot be pulled into the embed through its URL and run script there.
    fetched: list[str] = []

    def evil(route: Route) -> None:
        fetched.append(route.request.url)
        route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps({"html": "<img src=x onerror='window.pwned=1'>", "painted": "x"}),
        )

    # Any file whose path (not the page's own query) names the attacker's file.
    context.route(lambda url: "evil" in urlsplit(url).path, evil)
    page = context.new_page()
    page.goto(site_url + "embed.html" + query)
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert fetched == []
    assert page.evaluate("window.pwned") is None


# --- 2 and 3. a full device --------------------------------------------------------------------


def test_a_new_game_on_a_full_device_says_so_at_once_and_offers_export(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script(REFUSE_DATABASE)
    visit = opened(context, site_url + "?seed=4")
    page = visit.page
    page.evaluate(FILL_DEVICE)
    page.get_by_role("button", name=re.compile("Quick game")).click()
    alert = page.get_by_role("alert").filter(has_text=EN.t("save.failed"))
    expect(alert).to_be_visible()
    assert a11y.problems(page) == []
    with page.expect_download() as download:
        alert.get_by_role("button", name=EN.t("button.export")).click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "skyjo-record"
    page.reload()
    wait_until_started(page)
    expect(page.get_by_role("button", name=re.compile("Resume"))).to_have_count(0)
    calm(visit)


def test_when_storage_fills_mid_game_the_next_move_says_it_was_not_saved(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script(REFUSE_DATABASE)
    visit = opened(context, site_url + "?seed=4")
    page = visit.page
    page.get_by_role("button", name=re.compile("Quick game")).click()
    first = page.locator(".own-seat .card.target").first
    first.click()
    answered(page)
    expect(page.get_by_role("alert").filter(has_text=EN.t("save.failed"))).to_have_count(0)
    page.evaluate(FILL_DEVICE)
    page.locator(".own-seat .card.target").first.click()
    expect(page.get_by_role("alert").filter(has_text=EN.t("save.failed"))).to_be_visible()
    calm(visit)


def test_the_score_pad_never_says_saved_when_the_device_refused(
    context: BrowserContext, site_url: str
) -> None:
    from .test_scorepad import enter_round, key, new_game, type_sum

    context.add_init_script(REFUSE_DATABASE)
    visit = opened(context, site_url + "scorepad.html")
    page = visit.page
    new_game(page, ("Ana", "Bo"))
    enter_round(page, (3, 4), 0)
    expect(page.locator("#notice")).to_have_text(Messages("en").t("entry.saved", n=1))
    page.evaluate(FILL_DEVICE)
    for value in (5, 6):
        type_sum(page, value)
        if value == 6:
            key(page, "Ended the round").click()
        key(page, "Next").click()
    page.locator("#entry").get_by_role("button", name="Save").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(Messages("en").t("error.not_saved"))
    expect(page.get_by_text(Messages("en").t("entry.saved", n=2))).to_have_count(0)
    with page.expect_download() as download:
        alert.get_by_role("button", name=Messages("en").t("nav.csv")).click()
    assert "Total,,8,16" in Path(download.value.path()).read_text(encoding="utf-8")
    assert a11y.problems(page) == []
    calm(visit)


def test_an_unreadable_save_met_on_a_full_device_stays_and_exports_from_memory(
    context: BrowserContext, site_url: str
) -> None:
    unreadable = '{"app": 1, "setup": 7, "record": []}'
    plant(context, {"skyjo.game": unreadable})
    context.add_init_script(FILL_STORAGE_FIRST)
    # The database refuses too, so the save stays in localStorage, where it was.
    context.add_init_script("window.skyjoFull = true;" + REFUSE_DATABASE)
    visit = opened(context, site_url)
    page = visit.page
    expect(page.get_by_role("alert")).to_contain_text("no room to keep it aside")
    assert page.evaluate("localStorage.getItem('skyjo.game')") == unreadable
    with page.expect_download() as download:
        page.get_by_role("button", name=EN.t("button.export_corrupt")).click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == unreadable
    calm(visit)


# --- 4, 5 and 6. stored values and parameters of any shape ------------------------------------


@pytest.mark.parametrize("key", ["skyjo.game", "skyjo.setup", "skyjo.recent"])
def test_a_hundred_thousand_brackets_in_the_game_pages_storage(
    context: BrowserContext, site_url: str, key: str
) -> None:
    plant(context, {key: DEEP})
    visit = opened(context, site_url)
    expect(visit.page.get_by_role("button", name=re.compile("Quick game"))).to_be_visible()
    calm(visit)


@pytest.mark.parametrize(
    "key", ["skyjo-scorepad", "skyjo-scorepad-draft", "skyjo-scorepad-current"]
)
def test_deep_or_odd_values_in_the_score_pads_storage(
    context: BrowserContext, site_url: str, key: str
) -> None:
    plant(context, {key: DEEP if key != "skyjo-scorepad-current" else "²"})
    visit = opened(context, site_url + "scorepad.html")
    expect(visit.page.get_by_role("button", name="Start the game")).to_be_visible()
    calm(visit)


def deep_link() -> str:
    packed = zlib.compress(DEEP.encode(), 9, wbits=-15)
    return "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def test_a_deep_game_link_is_explained_in_the_replay_viewer_and_an_embed(
    context: BrowserContext, site_url: str
) -> None:
    replay = opened(context, site_url + "replay.html#g=" + deep_link())
    expect(replay.page.get_by_role("alert")).to_be_visible()
    calm(replay)
    embed = opened(context, site_url + "embed.html#g=" + deep_link(), touch=True)
    expect(embed.page.locator(".embed-problems")).to_contain_text("g=")
    calm(embed)


def test_importing_a_deep_file_is_refused_in_words(context: BrowserContext, site_url: str) -> None:
    visit = opened(context, site_url)
    page = visit.page
    deep_file: FilePayload = {
        "name": "deep.json",
        "mimeType": "application/json",
        "buffer": DEEP.encode(),
    }
    page.locator("#import-file").set_input_files(files=[deep_file])
    expect(page.get_by_role("alert")).to_contain_text("nests 100,000 levels")
    calm(visit)


@pytest.mark.parametrize(
    "path",
    ["?seed=²", "embed.html?seed=²", "embed.html?scenario=column&start=²"],
)
def test_a_unicode_digit_in_the_url_is_no_crash(
    context: BrowserContext, site_url: str, path: str
) -> None:
    visit = opened(context, site_url + path, touch=path.startswith("embed"))
    calm(visit)


def test_a_wrongly_typed_remembered_setup_still_lets_the_game_resume(
    context: BrowserContext, site_url: str
) -> None:
    first = opened(context, site_url + "?seed=3")
    first.page.get_by_role("button", name=re.compile("Quick game")).click()
    first.page.locator(".own-seat .card.target").first.click()
    first.page.evaluate(
        """localStorage.setItem("skyjo.setup",
        JSON.stringify({seats: [{name: "A"}, {name: "B"}], speed: []}))"""
    )
    first.page.reload()
    wait_until_started(first.page)
    first.page.get_by_role("button", name=re.compile("Resume")).click()
    expect(first.page.locator("#app")).to_have_attribute("data-screen", "table")
    calm(first)


# --- 7. a hostile host page ----------------------------------------------------------------------


def test_odd_messages_from_the_host_are_ignored_without_a_word(
    context: BrowserContext, site_url: str
) -> None:
    visit = open_page(context, site_url)
    page = visit.page
    page.goto(site_url + "embed-demo.html")
    touch(page.frame_locator("#embed-tie"))
    page.wait_for_function(
        "window.skyjoMessages.some(m => m.id === 'tie' && m.type === 'skyjo:ready')",
        timeout=60_000,
    )
    frame = page.frame_locator("#embed-tie")
    page.evaluate(
        """() => {
          const target = document.getElementById("embed-tie").contentWindow;
          const cyclic = {type: "skyjo:measure"}; cyclic.self = cyclic;
          target.postMessage(cyclic, "*");
          target.postMessage({n: 10n}, "*");
          target.postMessage(JSON.parse("[".repeat(1000) + "]".repeat(1000)), "*");
          target.postMessage("skyjo:measure", "*");
        }"""
    )
    expect(frame.locator("html")).to_have_attribute("data-ignored-messages", "4")
    assert frame.locator(".py-error").count() == 0
    calm(visit)


# --- 8. a Content-Security-Policy on every page --------------------------------------------------

PAGES = (
    "",
    "scorepad.html",
    "replay.html",
    "check.html",
    "rules.html",
    "embed-demo.html",
    "embed.html",
)


@pytest.mark.parametrize("path", PAGES)
def test_every_page_runs_only_scripts_the_site_wrote(
    browser: Browser, site_url: str, path: str
) -> None:
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(site_url + path)
    policy = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert policy is not None and "script-src 'self'" in policy
    assert "http" not in policy and "*" not in policy
    if path in ("", "scorepad.html", "replay.html", "check.html"):
        wait_until_started(page)
    # Wait for the planted image's error event (its inline handler is what the policy must
    # refuse) and for both reports, not a fixed time: on a loaded machine the image's failed
    # fetch and the reports can take longer than any short pause (CI once saw one of two).
    injected = page.evaluate(
        """() => new Promise(resolve => {
          const script = document.createElement("script");
          script.textContent = "window.injected = 1";
          document.body.appendChild(script);
          const image = "<img id=planted src=x onerror='window.injected = 2'>";
          document.body.insertAdjacentHTML("beforeend", image);
          const planted = document.getElementById("planted");
          planted.addEventListener("error", () => setTimeout(() => resolve(window.injected), 0));
        })"""
    )
    assert injected is None
    page.wait_for_function("window.skyjoViolations.length >= 2", timeout=15_000)
    page.wait_for_timeout(200)  # room for a third report, which would be the site's own
    violations = page.evaluate("window.skyjoViolations")
    assert violations and all(v.startswith("script-src") for v in violations)
    assert len(violations) == 2, violations  # the two planted above, nothing of the site's
    context.close()


def test_a_game_plays_under_the_policy_without_a_violation(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page: Page = context.new_page()
    page.goto(site_url + "?seed=2")
    wait_until_started(page)
    page.get_by_role("button", name=re.compile("Quick game")).click()
    for _ in range(2):  # each once the last was answered (till then it is a target)
        page.locator(".own-seat .card.target").first.click()
        answered(page)
    expect(page.locator("#draw-pile.target")).to_be_visible(timeout=20_000)
    assert page.evaluate("window.skyjoViolations") == []
    context.close()
