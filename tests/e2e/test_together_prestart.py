"""The host starts before a friend has joined (issue 38), in a real browser: Ann
hosts on a phone with Ben "on another device"; Ben has not opened his link yet
when she starts, so a bot plays his seat until he joins by the same link, and
takes it back. The helpers are test_together.py's and test_together_away.py's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .a11y import settle
from .conftest import answered
from .test_game import SCREENSHOTS
from .test_together import MAY_ACT, act, device, join, no_serious_findings, webrtc_browser
from .test_together_away import host_game

pytestmark = pytest.mark.e2e

__all__ = ["webrtc_browser"]  # the module's Chromium (a fixture, used by name)

#: A turn of Ben's in the move log (his opening flips say "turns over").
BENS_TURN = re.compile(r"^Ben (draws|takes) ")


def bens_turns(page: Page) -> int:
    # The text, not what shows: on a phone the log is folded away.
    lines = page.locator("[aria-labelledby='log-summary'] li").all_text_contents()
    return sum(1 for line in lines if BENS_TURN.match(line))


def screenshot(page: Page, name: str) -> None:
    """What a phone shows (360x640, not the whole page), kept to be looked at."""
    settle(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"together-prestart-{name}.png")


def ann_invites_ben(browser: Browser, site_url: str) -> tuple[Page, Locator, str]:
    """Ann (a person, on a phone) hosts with Ben on another device: her page, the
    field holding Ben's invitation link, and the link."""
    page = host_game(browser, site_url, target=100, phone=True, ann="human").page
    link = page.get_by_label("Link for Ben")
    link.wait_for()
    return page, link, link.input_value()


def test_the_host_starts_before_ben_joins_a_bot_plays_for_him_until_he_does(
    webrtc_browser: Browser, site_url: str
) -> None:
    # Intent: Ann (a person on the host's phone) invites Ben, who has not opened
    # his link; she presses "Start now": the table appears, it says a bot plays
    # for Ben until he joins, and the bot turns his cards and plays his turns
    # while Ann plays hers. Ben then opens the link (the table's "Invite Ben back"
    # shows it), joins, and his next turn waits for him on his own page.
    page, _link, url = ann_invites_ben(webrtc_browser, site_url)
    start = page.get_by_role("button", name="Start now: a bot plays for those not connected yet")
    start.scroll_into_view_if_needed()
    screenshot(page, "invitations")
    no_serious_findings(page, "prestart invitations, start now")
    start.click()
    answered(page)
    expect(page.locator("#app")).to_have_attribute("data-screen", "table")
    note = page.locator("#away-1")
    expect(note).to_contain_text("Ben has not joined yet: a bot plays for Ben until Ben joins.")
    # Ann plays; the bot plays Ben's opening flips and a turn of his.
    for _ in range(40):
        if bens_turns(page):
            break
        if page.locator(MAY_ACT).count():
            act(page)
        else:
            page.wait_for_timeout(50)
    assert bens_turns(page) >= 1
    expect(page.locator("#app .card[id^='card-1-'].up")).not_to_have_count(0)
    page.evaluate("() => window.scrollTo(0, 0)")  # the line saying so, and the table
    screenshot(page, "table")
    no_serious_findings(page, "prestart table, a bot for Ben")
    # Ben opens the link he was sent before the game and joins.
    page.get_by_role("button", name="Invite Ben back").click()
    expect(page.get_by_label("Link for Ben")).to_have_value(url)
    ben = device(webrtc_browser, url, language="de", phone=True)
    join(page, ben.page, 1, "Ben", "de")
    for shown in (page, ben.page):
        expect(shown.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    expect(note).to_have_count(0)
    expect(ben.page.locator(".own-seat .name")).to_have_text("Ben")
    # His next turn waits for him: his page may act (no bot took it).
    turns = bens_turns(page)
    for _ in range(40):
        if ben.page.locator(MAY_ACT).count():
            break
        if page.locator(MAY_ACT).count():
            act(page)
        else:
            page.wait_for_timeout(50)
    expect(ben.page.locator(MAY_ACT).first).to_be_visible()
    assert bens_turns(page) == turns
    act(ben.page)  # his click is played: the turn was his
    no_serious_findings(ben.page, "prestart Ben joined late, his turn")


def test_an_answer_that_can_never_connect_brings_a_new_invitation_said_above_it(
    webrtc_browser: Browser, site_url: str
) -> None:
    # Intent: Ben joins and sends his answer, then his page is closed before Ann
    # pastes it: the connection can never be made. Once the browser gives up, Ann's
    # page makes a new invitation for Ben at once and says so above it (the old
    # one's offer is spent); the answer field is not blamed.
    page, link, old = ann_invites_ben(webrtc_browser, site_url)
    ben = device(webrtc_browser, old, language="de", phone=True)
    ben.page.get_by_role("button", name="Mitspielen").click()
    field = ben.page.get_by_label("Antwort für Ann")
    field.wait_for()
    answer = field.input_value()
    ben.page.context.close()  # Ben's page is gone before his answer is pasted
    page.get_by_label("Answer from Ben").fill(answer)
    page.locator("[data-intent='invite-answer'][data-seat='1']").click()
    said = page.get_by_text(
        "The connection could not be made. The invitation below is a new one: send it again."
    )
    expect(said).to_be_visible(timeout=90_000)  # the browser gives up after 10-30 s
    expect(link).not_to_have_value(old)
    expect(link).to_have_value(re.compile("#join="))
    expect(page.get_by_label("Answer from Ben")).not_to_have_attribute("aria-invalid", "true")
    said.scroll_into_view_if_needed()
    screenshot(page, "renewed")
    no_serious_findings(page, "prestart, a new invitation after a failed connection")
