"""Playing together with no internet (issue 38): after one visit on each device, a
host and three guests (Spanish, Italian, Dutch) play a round with the site's server
gone, as a table on one phone's hotspot with no internet would; and the "friends
on other networks" box is off by default, asks the STUN server only while ticked,
and no page gathers a server-reflexive candidate while it is off.

No internet here is the site's server shut down after the first visits: every
request for it is refused, and each page is served by its service worker
(site/sw.js precaches the site, ``link.mjs`` too), while the devices still reach
each other (here over loopback), as on a hotspot with no uplink. Playwright's
``context.set_offline(True)``, which the other offline tests use, cannot stand in
for it: in Chromium it cuts WebRTC's connections too (tried: every channel failed,
and the same test with the network on connected all three). The Chromium of
``webrtc_browser`` offers its real (here loopback) addresses instead of mDNS names
(see tests/e2e/test_together.py).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from skyjo.web.together.lobby import Invite
from skyjo.web.together.signal import STUN_SERVER

from .conftest import Visit, answered, serve_site, wait_until_started
from .test_game import DESKTOP, PHONE, no_python_errors
from .test_together import (
    MAY_ACT,
    act,
    agree,
    hidden_values_in,
    no_serious_findings,
    webrtc_browser,
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.local_server("it shuts the site's server down after the first visits"),
]

__all__ = ["webrtc_browser"]  # the fixture, imported to be used here

#: Each guest: seat, name, language, on a phone; the words its page shows.
GUESTS: dict[int, dict[str, Any]] = {
    1: {
        "name": "Ben",
        "language": "es",
        "offline": "Listo para jugar sin conexión.",
        "phone": True,
        "heading": "Únete a la partida de Ann como Ben",
        "join": "Unirme",
        "answer": "Respuesta para Ann",
    },
    2: {
        "name": "Cleo",
        "language": "it",
        "offline": "Pronto per giocare offline.",
        "phone": False,
        "heading": "Partecipa alla partita di Ann come Cleo",
        "join": "Partecipa",
        "answer": "Risposta per Ann",
    },
    3: {
        "name": "Dani",
        "language": "nl",
        "offline": "Klaar om offline te spelen.",
        "phone": True,
        "heading": "Doe mee met het spel van Ann als Dani",
        "join": "Meedoen",
        "answer": "Antwoord voor Ann",
    },
}


def first_visit(browser: Browser, url: str, *, language: str, phone: bool = False) -> Visit:
    """A device that opened the site once: the page is loading; :func:`go_offline`
    waits until its service worker holds the site. (No route stands between the
    page and its service worker, as ``open_page``'s would.)"""
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, locale=language)
    context.add_init_script(f"localStorage.setItem('skyjo.language', '{language}')")
    page = context.new_page()
    visit = Visit(page)
    page.on("pageerror", lambda error: visit.page_errors.append(str(error)))
    page.goto(url)
    return visit


def kept_offline(visit: Visit) -> None:
    """The device's service worker holds the whole site, and the page has made its
    memory snapshot of Python, as a first visit left alone does: the visits
    offline restore it (and make none while the game is played). Four pages start
    at once here: a loaded machine takes its time."""
    page = visit.page
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
    page.wait_for_selector(
        "html:is([data-snapshot='kept'], [data-snapshot='failed'])",
        state="attached",
        timeout=120_000,
    )


def gone(url: str) -> bool:
    """Nothing answers at ``url`` any more."""
    try:
        urllib.request.urlopen(url, timeout=5)
    except OSError:
        return True
    return False


def served_offline(page: Page) -> None:
    """The page was started with its server gone: its service worker served it."""
    wait_until_started(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


def gathered(page: Page) -> list[dict[str, Any]]:
    """Each connection site/link.mjs made on the page: its STUN servers and the
    types of the candidates it gathered."""
    return list(page.evaluate("() => window.skyjoLinkGathered || []"))


def invitation(page: Page, name: str, *, other_than: str = "") -> str:
    """The invitation link the host's page shows for ``name`` (a new one)."""
    link = page.get_by_label(f"Link for {name}")
    expect(link).to_be_visible(timeout=15_000)
    if other_than:
        expect(link).not_to_have_value(other_than, timeout=15_000)
    return link.input_value()


def asks_stun(url: str) -> bool:
    """Whether the invitation tells the guest to ask the public STUN server."""
    invite = Invite.from_fragment(url[url.index("#") :])
    assert invite is not None
    return invite.offer.stun


def test_three_guests_in_three_languages_play_a_round_offline(
    webrtc_browser: Browser, dist: Path
) -> None:
    # Intent: four devices each open the site once, then lose its server. The
    # host's page is served by its service worker, Ann sets up a game with Ben,
    # Cleo and Dani on other devices; the "friends on other networks" box is off,
    # ticked makes invitations that ask the STUN server, unticked again makes
    # plain ones. Each guest opens its invitation offline, its page greets it in
    # its language, it joins by copy and paste, and all four play the first round
    # to its end, every screen agreeing after each move. No page gathered a
    # server-reflexive candidate, nor was given a STUN server, while the box was off.
    with serve_site(dist) as site_url:
        host = first_visit(webrtc_browser, site_url + "?seed=11", language="en")
        guests = {
            seat: first_visit(webrtc_browser, site_url, language=g["language"], phone=g["phone"])
            for seat, g in GUESTS.items()
        }
        for visit in [host, *guests.values()]:
            kept_offline(visit)
    assert gone(site_url)
    page = host.page
    page.reload()
    served_offline(page)

    names = [("Ann", "human")] + [(g["name"], "remote") for g in GUESTS.values()]
    for i, (name, kind) in enumerate(names):
        if i >= page.locator(".seat-row").count():
            page.locator("[data-intent='seat-add']").click()
            answered(page)
        page.fill(f"#name-{i}", name)
        page.select_option(f"#kind-{i}", kind)
    while page.locator(".seat-row").count() > len(names):
        page.locator(f"[data-intent='seat-remove'][data-index='{len(names)}']").click()
        answered(page)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", name="Invite the other players")).to_be_visible()

    # The box: off by default; ticked, every invitation is made anew asking the
    # STUN server; unticked, anew without.
    box = page.get_by_role("checkbox", name="Friends on other networks", exact=False)
    expect(box).not_to_be_checked()
    # Its cost, said in words, is what a screen reader reads with it.
    expect(box).to_have_accessible_description(re.compile("public IP address and when it plays"))
    plain = {seat: invitation(page, g["name"]) for seat, g in GUESTS.items()}
    assert not any(asks_stun(url) for url in plain.values())
    box.check()
    answered(page)
    stun = {seat: invitation(page, g["name"], other_than=plain[seat]) for seat, g in GUESTS.items()}
    assert all(asks_stun(url) for url in stun.values())
    no_serious_findings(page, "the invitations, friends on other networks")
    box.uncheck()
    answered(page)
    links = {seat: invitation(page, g["name"], other_than=stun[seat]) for seat, g in GUESTS.items()}
    assert not any(asks_stun(url) for url in links.values())
    made = gathered(page)
    assert [m["servers"] for m in made] == [[]] * 3 + [[[STUN_SERVER]]] * 3 + [[]] * 3

    for seat, g in GUESTS.items():
        guest = guests[seat].page
        guest.goto(links[seat])  # another address than the first visit's: a new load
        served_offline(guest)
        expect(guest.get_by_role("heading", name=g["heading"])).to_be_visible()
        expect(guest.locator("html")).to_have_attribute("lang", g["language"])
        expect(guest.locator("#join-stun")).to_have_count(0)
        expect(guest.locator("#offline-status")).to_have_text(g["offline"])
        if seat == 3:
            no_serious_findings(guest, "joining offline, in Dutch")
        guest.get_by_role("button", name=g["join"]).click()
        answer = guest.get_by_label(g["answer"])
        answer.wait_for()
        page.get_by_label(f"Answer from {g['name']}").fill(answer.input_value())
        page.locator(f"[data-intent='invite-answer'][data-seat='{seat}']").click()
        answered(page)

    pages = [page] + [guests[seat].page for seat in GUESTS]
    for each in pages:
        expect(each.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    for seat, g in GUESTS.items():
        expect(guests[seat].page.locator(".own-seat .name")).to_have_text(g["name"])
    moves = 0
    for _ in range(800):
        shown = agree(pages)
        if json.loads(shown)[2] != "table":
            break
        due = [each for each in pages if each.locator(MAY_ACT).count()]
        assert due, f"nobody may act after {moves} moves"
        act(due[0])
        moves += 1
    screen = json.loads(agree(pages))[2]
    assert screen == "round_end", screen
    print(f"offline: {moves} moves, then {screen}")
    no_serious_findings(guests[2].page, "a guest's round end offline, in Italian")

    # With the box off no page was given a STUN server or gathered a
    # server-reflexive candidate.
    for visit in [host, *guests.values()]:
        no_python_errors(visit)
    for seat in GUESTS:
        messages = guests[seat].page.evaluate("() => window.skyjoLinkReceived || []")
        assert hidden_values_in(messages) == []
        made = gathered(guests[seat].page)
        assert made and all(m["servers"] == [] and "host" in m["types"] for m in made), made
        assert not any("srflx" in m["types"] for m in made), made
    for m in gathered(page)[6:]:
        assert m["servers"] == [] and "srflx" not in m["types"] and "host" in m["types"], m
