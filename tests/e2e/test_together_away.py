"""Nothing lost when a device goes away (issue 38), in a real browser: a host and
ONE guest, each in a browser context of its own, joined by copy and paste as in
test_together.py (whose helpers these tests reuse). The host's device plays Ann
as a bot at instant speed, so only Ben's moves are clicked and a round is short.

- Ben's page reloads in the middle of his own turn (after drawing): he opens the
  fresh invitation, catches up from the last log line his page kept, and finishes
  the turn with the card he drew; at game end his page has the record: he exports
  it and his review opens.
- The host's page reloads between rounds: "Resume" offers a fresh invitation, Ben
  joins again, and the next round starts.
- Ben closes his tab for good: after the time the host chose (the shortest, 20 s)
  a bot plays his seat, and the host's page says so.
"""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Visit, answered, wait_until_started
from .test_game import open_rule_options
from .test_together import (
    MAY_ACT,
    act,
    agree,
    device,
    hidden_values_in,
    join,
    no_serious_findings,
    webrtc_browser,
)

pytestmark = pytest.mark.e2e

__all__ = ["webrtc_browser"]  # the module's Chromium (a fixture, used by name)


def host_game(
    browser: Browser,
    site_url: str,
    *,
    target: int,
    away: str = "",
    phone: bool = False,
    ann: str = "medium",
) -> Visit:
    """Ann (a bot at instant speed, on the host's device, or ``ann``: "human") and
    Ben (another device): the host's invitations are on screen; ``away`` is the
    host's choice of how long an away seat waits (the select's value), if any."""
    host = device(browser, site_url + "?seed=7", language="en", phone=phone)
    page = host.page
    for i, (name, kind) in enumerate([("Ann", ann), ("Ben", "remote")]):
        page.fill(f"#name-{i}", name)
        page.select_option(f"#kind-{i}", kind)
    while page.locator(".seat-row").count() > 2:
        count = page.locator(".seat-row").count()
        page.locator(f"[data-intent='seat-remove'][data-index='{count - 1}']").click()
        answered(page)
    page.select_option("select[name=speed]", "instant")
    open_rule_options(page)
    page.locator("input[name=target][value=custom]").check()
    page.locator("input[name=custom_target]").fill(str(target))
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name="Invite the other players")).to_be_visible()
    if away:
        page.get_by_label("If a friend is away, a bot plays for them").select_option(away)
        answered(page)
    return host


def ben_joins(browser: Browser, host: Page, *, phone: bool = False) -> Visit:
    link = host.get_by_label("Link for Ben")
    link.wait_for()
    ben = device(browser, link.input_value(), language="de", phone=phone)
    join(host, ben.page, 1, "Ben", "de")
    for page in (host, ben.page):
        expect(page.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    return ben


def rejoin(host: Page, ben: Page, old_link: str) -> None:
    """Ben opens the fresh invitation the host's page shows and joins again."""
    link = host.get_by_label("Link for Ben")
    expect(link).not_to_have_value(old_link, timeout=15_000)
    ben.goto(link.input_value())
    ben.reload()  # a new fragment alone does not load the page anew
    wait_until_started(ben)
    join(host, ben, 1, "Ben", "de")


def play_until(pages: list[Page], screen: str, *, stop_at_bens_draw: bool = False) -> int:
    """Ben acts whenever his page may, until every page shows ``screen`` (or, with
    ``stop_at_bens_draw``, until Ben may draw); returns his moves."""
    moves = 0
    ben = pages[1]
    for _ in range(300):
        shown = json.loads(agree(pages))
        if shown[2] == screen:
            return moves
        if ben.locator(MAY_ACT).count():
            if stop_at_bens_draw and ben.locator("#draw-pile.target").count():
                return moves
            act(ben)
            moves += 1
        else:
            ben.wait_for_timeout(50)
    pytest.fail(f"{screen} never came after {moves} moves of Ben's")


#: How many lines of the game's log a guest's page keeps on its device.
KEPT_LINES = """() => { const kept = JSON.parse(localStorage.getItem('skyjo.together-log'));
  return kept.first + kept.lines.length; }"""


def log_lines(page: Page) -> int:
    return page.locator("[aria-labelledby='log-summary'] li").count()


def test_a_guest_reloads_in_its_turn_and_finishes_it_then_exports_the_record_at_game_end(
    webrtc_browser: Browser, site_url: str
) -> None:
    # Intent: Ben draws a card in his own turn and his page reloads; the host's page
    # offers him a fresh link at once and tells the host the seat waits; Ben joins
    # again, receives only the log lines he had not kept, still holds the card he
    # drew and places it. The game (to 1 point: one round) ends, and Ben's page
    # exports the game's record and reviews his seat.
    host = host_game(webrtc_browser, site_url, target=1)
    ben = ben_joins(webrtc_browser, host.page)
    pages = [host.page, ben.page]
    play_until(pages, "", stop_at_bens_draw=True)
    ben.page.locator("#draw-pile").click()
    expect(ben.page.locator("#held-card")).to_be_visible()
    agree(pages)
    held = ben.page.locator("#held-card").inner_text()
    kept = ben.page.evaluate(KEPT_LINES)
    received = ben.page.evaluate("() => window.skyjoLinkReceived || []")
    ben.page.reload()
    wait_until_started(ben.page)
    # The host's page: a fresh invitation, and the seat waits (a minute, by default).
    expect(host.page.get_by_label("Link for Ben")).to_be_visible(timeout=15_000)
    expect(host.page.locator("#away-1")).to_contain_text(
        "Ben is away. A bot plays for Ben if Ben is not back within 1 minute."
    )
    no_serious_findings(host.page, "a guest away, its fresh invitation")
    rejoin(host.page, ben.page, "")
    expect(ben.page.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    expect(host.page.locator("#away-1")).to_have_count(0)
    # Ben's page caught up from the last line it kept, and he still holds his card.
    views = [json.loads(t) for t in ben.page.evaluate("() => window.skyjoLinkReceived || []")]
    first = next(v for v in views if v["t"] == "view")
    print(f"Ben's page kept {kept} log lines; the host sent {len(first['log'])} more")
    assert kept > 0 and first["from"] == kept and len(first["log"]) <= 2, (first["from"], kept)
    expect(ben.page.locator("#held-card")).to_have_text(held)
    assert log_lines(ben.page) == log_lines(host.page)
    no_serious_findings(ben.page, "a guest back in its turn")
    ben.page.locator("#app .card.target").first.click()
    expect(ben.page.locator("#held-card")).to_have_count(0, timeout=15_000)
    agree(pages)
    play_until(pages, "game_end")
    # Ben's page: the record came with the game's end; Export gives it, and the
    # review of his own seat opens by itself.
    messages = ben.page.evaluate("() => window.skyjoLinkReceived || []")
    assert hidden_values_in(received + messages) == []
    assert json.loads(messages[-1])["t"] == "record"
    expect(ben.page.locator("#review-heading")).to_contain_text("Ben", timeout=15_000)
    expect(ben.page.locator("[data-intent='new-game']")).to_have_count(0)
    expect(ben.page.locator("[data-intent='import']")).to_have_count(0)
    with ben.page.expect_download() as download:
        ben.page.get_by_role("button", name="Spiel exportieren").click()
    path = download.value.path()
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert [p["name"] for p in exported["players"]] == ["Ann", "Ben"]
    assert len(exported["rounds"]) == 1
    # The review runs (its progress, then its summary: how long depends on the machine).
    review = ben.page.locator("#review-progress, #review .review-summary").first
    expect(review).to_be_visible(timeout=30_000)
    no_serious_findings(ben.page, "a guest's game end with its review")


def test_the_host_reloads_between_rounds_and_the_game_resumes_with_fresh_invitations(
    webrtc_browser: Browser, site_url: str
) -> None:
    # Intent: at the first round's end the host's page reloads; "Resume" shows a
    # fresh invitation for Ben (his page says the connection was lost), he joins
    # again, both pages show the round's end as it was, and the next round starts.
    host = host_game(webrtc_browser, site_url, target=100)
    ben = ben_joins(webrtc_browser, host.page, phone=True)
    pages = [host.page, ben.page]
    play_until(pages, "round_end")
    totals = agree(pages)
    host.page.reload()
    wait_until_started(host.page)
    host.page.get_by_role("button", name="Resume").click()
    link = host.page.get_by_label("Link for Ben")
    link.wait_for()
    expect(ben.page.locator("#app")).to_contain_text("Die Verbindung zu Ann ist abgebrochen")
    no_serious_findings(host.page, "the host resumed, fresh invitations")
    no_serious_findings(ben.page, "a guest whose host reloaded")
    rejoin(host.page, ben.page, "")
    for page in pages:
        expect(page.locator("#app")).to_have_attribute("data-screen", "round_end", timeout=15_000)
    assert json.loads(agree(pages))[:3] == json.loads(totals)[:3]
    host.page.get_by_role("button", name="Next round").click()
    for page in pages:
        expect(page.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    play_until(pages, "", stop_at_bens_draw=True)
    expect(ben.page.locator(".own-seat .name")).to_have_text("Ben")


def test_a_guest_gone_for_good_is_played_by_a_bot_after_the_chosen_time(
    webrtc_browser: Browser, site_url: str
) -> None:
    # Intent: the host chooses the shortest wait (20 seconds); Ben turns his two
    # cards and closes his tab for good. The host's page says he is away and when a
    # bot plays for him; 20 seconds after, it says a bot plays for him, offers his
    # invitation still, and the bot plays his seat: the round goes on to its end.
    host = host_game(webrtc_browser, site_url, target=100, away="20", phone=True)
    expect(host.page.get_by_label("If a friend is away, a bot plays for them")).to_have_value("20")
    ben = ben_joins(webrtc_browser, host.page)
    play_until([host.page, ben.page], "", stop_at_bens_draw=True)
    gone = time.monotonic()
    ben.page.close()  # his tab, for good
    away = host.page.locator("#away-1")
    said = "A bot plays for Ben if Ben is not back within 20 seconds."
    expect(away).to_contain_text(said, timeout=30_000)
    seen = time.monotonic()
    no_serious_findings(host.page, "a guest away, the time it waits")
    expect(away).to_contain_text("a bot plays for Ben until Ben is back", timeout=40_000)
    waited = time.monotonic() - seen
    heard = seen - gone
    print(f"the host heard Ben's tab close after {heard:.1f} s; a bot came {waited:.1f} s later")
    # The host's timer starts when the host's page hears the channel close, a
    # moment before it paints the line: about 20 s, give or take a busy machine.
    assert 15 <= waited <= 30
    expect(host.page.locator("#app")).to_have_attribute("data-screen", "round_end", timeout=30_000)
    no_serious_findings(host.page, "a bot plays for a guest away")
    host.page.get_by_role("button", name="Invite Ben back").click()
    expect(host.page.get_by_label("Link for Ben")).to_be_visible()
