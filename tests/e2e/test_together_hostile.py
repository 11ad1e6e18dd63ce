"""A hostile guest in a real browser (issue 38): Ben's page, joined as any guest
is, writes straight into its data channel what no page of ours would send: a move
for another seat, a move out of turn, an illegal move, malformed and oversized
texts, and a flood. The host's game and Cleo's screen stay exactly as they were,
Cleo receives nothing, and Ben's page hears only "that is not possible now" (in
German, its language); then the game goes on. The same checks at the Python
level, one by one with the reason each refusal names:
tests/web/together/test_together.py::test_a_hostile_guest_changes_nothing_and_hears_only_no.

The Chromium here is test_together's (it offers loopback addresses:
``--disable-features=WebRtcHideLocalIpsWithMdns``, see that module).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Visit
from .test_together import (
    MAY_ACT,
    SNAPSHOT,
    act,
    agree,
    device,
    join,
    no_serious_findings,
    seat_ann_ben_and_cleo,
    webrtc_browser,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.e2e

#: Keeps the data channel this page receives on in ``window.__channel``, so the
#: test can write into it what the page's own code never would.
GRAB_CHANNEL = """
const described = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
  configurable: true,
  get() { return described.get.call(this); },
  set(listener) { window.__channel = this; described.set.call(this, listener); },
});
"""

#: What Ben hears for every refusal, in his language.
NOT_NOW = "Das geht gerade nicht."
#: The guest's one kind of move message (skyjo.web.together.wire).
DRAW = '{"t":"act","a":"draw"}'


def send_raw(page: Page, texts: list[str]) -> None:
    """Write ``texts`` into the page's data channel, as fast as it takes them."""
    page.evaluate("(texts) => { for (const text of texts) window.__channel.send(text); }", texts)


def untouched(host: Page, cleo: Page, table: str, cleo_heard: int) -> None:
    """The host's table is the one it was, Cleo's screen too, and she received nothing."""
    host.wait_for_timeout(1500)  # what the host would have sent has arrived by now
    assert host.evaluate(SNAPSHOT) == table
    assert cleo.evaluate(SNAPSHOT) == table
    assert cleo.evaluate("(window.skyjoLinkReceived || []).length") == cleo_heard


def test_a_guest_writing_anything_into_its_channel_changes_no_game_and_no_other_screen(
    webrtc_browser: Browser,  # noqa: F811
    site_url: str,
) -> None:
    host = device(webrtc_browser, site_url + "?seed=7", language="en")
    page = host.page
    seat_ann_ben_and_cleo(page)
    page.get_by_role("button", name="Start game").click()
    guests: dict[int, Visit] = {}
    for seat, (name, language) in {1: ("Ben", "de"), 2: ("Cleo", "fr")}.items():
        link = page.get_by_label(f"Link for {name}")
        link.wait_for()
        url = link.input_value()
        # Ben's phone keeps its channel where the test can write into it.
        grab = GRAB_CHANNEL if seat == 1 else ""
        guests[seat] = guest = device(
            webrtc_browser, url, language=language, phone=seat == 1, init=grab
        )
        join(page, guest.page, seat, name, language)
    ben, cleo = guests[1].page, guests[2].page
    pages = [page, ben, cleo]
    for each in pages:
        expect(each.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    # The opening's flips, then turns, until Cleo starts a turn (a draw): Ben then
    # tries to play it for her.
    for _ in range(40):
        agree(pages)
        due = [each for each in pages if each.locator(MAY_ACT).count()]
        if due == [cleo] and cleo.locator("#draw-pile.target").count():
            break
        act(due[0])
    else:
        pytest.fail("no turn of Cleo's after the opening")
    table = agree(pages)
    cleo_heard = cleo.evaluate("(window.skyjoLinkReceived || []).length")

    # Out of turn, for another seat (Cleo's, whose turn it is), malformed,
    # oversized, and a flood.
    send_raw(
        ben,
        [
            DRAW,  # not Ben's turn
            '{"t":"act","a":"draw","seat":2}',  # a field naming Cleo's seat
            '{"t":"act","a":"draw","seat":0}',  # ... or Ann's
            "garbage",
            "[]",
            '{"t":"act"}',
            '{"t":"act","a":42}',
            '{"t":"act","a":"draw","extra":true}',
            '{"t":"act","a":"' + "d" * 190 + '"}',  # over the 200 characters a guest may send
            "x" * 100_000,  # over what a page passes on to Python at all
            *[DRAW] * 200,
        ],
    )
    untouched(page, cleo, table, cleo_heard)
    expect(ben.get_by_text(NOT_NOW)).to_be_visible()
    assert ben.evaluate(SNAPSHOT) == table
    no_serious_findings(ben, "a hostile guest refused")

    # The flood's tokens come back (16 at once, 8 a second); on Ben's own turn, an
    # illegal move is refused as well, and then his real move is played.
    ben.wait_for_timeout(2500)
    for _ in range(12):
        if ben.locator(MAY_ACT).count():
            break
        due = [each for each in pages if each.locator(MAY_ACT).count()]
        act(due[0])
        agree(pages)
    else:
        pytest.fail("Ben's turn never came")
    assert ben.locator("#draw-pile.target").count(), "Ben's turn starts with a draw"
    table = agree(pages)
    cleo_heard = cleo.evaluate("(window.skyjoLinkReceived || []).length")
    send_raw(ben, ['{"t":"act","a":"swap 3"}', '{"t":"act","a":"flip 0"}'])
    untouched(page, cleo, table, cleo_heard)
    act(ben)
    after = json.loads(agree(pages))
    assert after[3] != json.loads(table)[3], "Ben's own move after the refusals was not played"
