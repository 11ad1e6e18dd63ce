"""The "friends on other networks" option (issue 38): the compact signal with the
public STUN server's server-reflexive candidates, how long it makes an invitation,
garbage refused in words, and the host's box making the offers anew with the guest
following the host's choice. site/link.mjs's part is played by the test; that a
page with the box off gathers no server-reflexive candidate is checked in the
browser (tests/e2e/test_together_offline.py)."""

from __future__ import annotations

import random

import pytest

from skyjo.web.device import MemoryStorage
from skyjo.web.together.guest import GuestPage
from skyjo.web.together.lobby import Answer, Invite
from skyjo.web.together.screens import NETWORK_FORM
from skyjo.web.together.signal import MAX_LENGTH, Signal, SignalError, compact, expand
from skyjo.web.ui.setup import Seat, Setup

from .test_together import CHROMIUM_OFFER, Table, _links, _sdp

#: A phone's Chromium offer with the STUN server asked: its address hidden behind an
#: mDNS name, two public addresses the server saw (IPv4 and IPv6), a TCP and a relay
#: candidate (neither kept), and one more public address than are kept.
STUN_OFFER = (
    "v=0\r\no=- 8200719400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n"
    "m=application 54400 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 203.0.113.77\r\n"
    "a=candidate:1404339530 1 udp 2122260223 3f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8.local "
    "54400 typ host generation 0 network-id 1 network-cost 10\r\n"
    "a=candidate:842163049 1 udp 1686052607 203.0.113.77 54400 typ srflx raddr 0.0.0.0 "
    "rport 0 generation 0 network-id 1 network-cost 10\r\n"
    "a=candidate:842163050 1 udp 1686052351 2001:db8:85a3::8a2e:370:7334 54401 typ srflx "
    "raddr :: rport 0 generation 0 network-id 2 network-cost 10\r\n"
    "a=candidate:842163051 1 udp 1686052095 198.51.100.200 61000 typ srflx raddr 0.0.0.0 "
    "rport 0 generation 0 network-id 3 network-cost 10\r\n"
    "a=candidate:2270716951 1 tcp 1518157055 3f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8.local 9 "
    "typ host tcptype active\r\n"
    "a=candidate:3102412345 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.77 "
    "rport 54400 generation 0\r\n"
    "a=ice-ufrag:Xy7Q\r\na=ice-pwd:pN3m8Wq0Zr5Tt2Yb7Kc1Lp9D\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 "
    "6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
MDNS = "3f1a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8.local"


def test_a_stun_signal_keeps_the_public_addresses_and_reads_back() -> None:
    signal = compact(STUN_OFFER, stun=True)
    assert signal.stun and signal.candidates == ((MDNS, 54400),)
    assert signal.reflexive == (("203.0.113.77", 54400), ("2001:db8:85a3::8a2e:370:7334", 54401))
    assert str(signal).count("~") == 4 and str(signal).endswith(
        "~203.0.113.77 54400,2001:db8:85a3::8a2e:370:7334 54401"
    )
    assert Signal.parse(str(signal)) == signal
    sdp = expand(signal, offer=False)
    assert "typ srflx raddr 0.0.0.0 rport 0" in sdp and "relay" not in sdp and "tcp" not in sdp
    assert compact(sdp, stun=True) == signal
    # The host candidate comes first and ranks above the public ones.
    assert sdp.index("typ host") < sdp.index("typ srflx")


def test_without_the_option_no_public_address_is_kept_nor_said() -> None:
    signal = compact(STUN_OFFER)
    assert not signal.stun and signal.reflexive == ()
    assert str(signal).count("~") == 3
    assert "srflx" not in expand(signal, offer=True)
    assert Signal.parse(str(signal)) == signal
    # An offer of before the option reads as one without it.
    assert not Signal.parse(str(compact(CHROMIUM_OFFER))).stun


def test_a_stun_server_that_answered_nothing_still_says_it_was_asked() -> None:
    signal = compact(CHROMIUM_OFFER, stun=True)
    assert signal.stun and signal.reflexive == () and str(signal).endswith("~-")
    assert Signal.parse(str(signal)) == signal
    assert Signal.parse(str(signal)).stun


def test_an_invitation_with_a_public_address_stays_qr_sized() -> None:
    """A phone's invitation (its mDNS name and one public IPv4 address) on a GitHub
    Pages address; QR version 10 holds 213 bytes at error correction M, 271 at L,
    version 11 251 at M."""
    offer = compact(STUN_OFFER.replace("2001:db8:85a3::8a2e:370:7334", "192.0.2.1"), stun=True)
    one = Signal(
        offer.ufrag, offer.password, offer.fingerprint, offer.candidates, True, offer.reflexive[:1]
    )
    invite = Invite(2, "Annabelle-Marie", "Bartholomew", one)
    url = "https://example.github.io/skyjo/#join=" + str(invite)
    both = "https://example.github.io/skyjo/#join=" + str(Invite(2, "Ann", "Ben", offer))
    answer = str(Answer(2, one))
    print(
        f"with STUN: invitation {len(url)} characters, two public addresses {len(both)}; "
        f"answer {len(answer)}"
    )
    assert len(url) <= 213 and len(answer) <= 213
    assert Invite.from_fragment("#join=" + str(invite)) == invite


@pytest.mark.parametrize(
    "fifth",
    [
        "",  # a fifth part that is empty
        "1.2.3.4",  # no port
        "<b> 5",
        "1.2.3.4 0",
        "1.2.3.4 65536",
        "1.2.3.4 5,5.6.7.8 6,9.9.9.9 7",  # more public addresses than are kept
        "-,1.2.3.4 5",
        "1.2.3.4 5~x",  # a sixth part
    ],
)
def test_a_garbled_public_address_is_refused_in_words(fifth: str) -> None:
    text = str(compact(CHROMIUM_OFFER)) + "~" + fifth
    with pytest.raises(SignalError):
        Signal.parse(text)
    with pytest.raises(SignalError):
        Invite.parse("1~1~Ann~Ben~" + text)


def test_a_public_address_without_the_option_is_refused() -> None:
    plain = compact(CHROMIUM_OFFER)
    with pytest.raises(SignalError):
        Signal(
            plain.ufrag,
            plain.password,
            plain.fingerprint,
            plain.candidates,
            False,
            (("1.2.3.4", 5),),
        )


def test_any_change_to_a_stun_signal_reads_back_the_same_or_is_refused() -> None:
    # A seeded sweep: a character changed, dropped or doubled anywhere in the text
    # either still reads (and then writes back what it read) or raises SignalError.
    text = str(compact(STUN_OFFER, stun=True))
    rng = random.Random(38)
    alphabet = "~, .:-0123456789abcdefABCDEF+/_=<>\"'\n\x00é"
    for _ in range(3000):
        i = rng.randrange(len(text))
        kind = rng.randrange(3)
        if kind == 0:
            changed = text[:i] + rng.choice(alphabet) + text[i + 1 :]
        elif kind == 1:
            changed = text[:i] + text[i + 1 :]
        else:
            changed = text[:i] + text[i] * rng.randrange(2, 400) + text[i + 1 :]
        try:
            signal = Signal.parse(changed)
        except SignalError:
            continue
        assert Signal.parse(str(signal)) == signal
        assert len(str(signal)) <= MAX_LENGTH


# --- the host's box and the guest following it -------------------------------------


def _box(table: Table, *, on: bool) -> list[dict[str, object]]:
    effects = table.host.handle(
        {
            "type": "click",
            "intent": "invite-stun",
            "data": {},
            "forms": {NETWORK_FORM: {"stun": on}},
        }
    )
    return [op for op in _links(effects) if op["do"] == "offer"]


def _lobby_of_two() -> Table:
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")))
    form = {"name-0": "Ann", "kind-0": "human", "name-1": "Ben", "kind-1": "remote"}
    form |= {"name-2": "Cleo", "kind-2": "remote", "target": "custom", "custom_target": "20"}
    table.host.app.setup = Setup(tuple(Seat("x") for _ in range(3)))
    effects = table.host.handle({"type": "submit", "forms": {"setup-form": form}})
    # Off by default: no offer asks the STUN server, and the box shows unticked.
    assert [op for op in _links(effects) if op["do"] == "offer"] == [
        {"do": "offer", "seat": 1},
        {"do": "offer", "seat": 2},
    ]
    assert 'id="together-stun"' in table.host.shown
    assert 'id="together-stun" name="stun" checked' not in table.host.shown
    return table


def test_the_box_is_off_by_default_and_ticking_it_makes_every_waiting_offer_anew() -> None:
    table = _lobby_of_two()
    lobby = table.host.lobby
    assert lobby is not None
    for seat in (1, 2):
        table.host.handle({"type": "link", "event": "offer", "seat": seat, "sdp": _sdp(seat)})
    assert not Invite.parse(lobby.links[1].invite).offer.stun
    # Ben is connected already; Cleo's invitation is made anew, asking STUN.
    lobby.links[1].connected = True
    offers = _box(table, on=True)
    assert offers == [{"do": "offer", "seat": 2, "stun": True}]
    assert lobby.links[2].invite == "" and lobby.links[1].invite
    assert "Cloudflare" in table.host.shown and "checked" in table.host.shown
    # The old offer, arriving late, is not taken for the new one.
    table.host.handle({"type": "link", "event": "offer", "seat": 2, "sdp": _sdp(2)})
    assert lobby.links[2].invite == ""
    table.host.handle(
        {"type": "link", "event": "offer", "seat": 2, "sdp": STUN_OFFER, "stun": True}
    )
    invite = Invite.parse(lobby.links[2].invite)
    assert invite.offer.stun and invite.offer.reflexive[0] == ("203.0.113.77", 54400)
    # The same box again changes nothing; unticked, the offers are made without it.
    assert _box(table, on=True) == []
    assert _box(table, on=False) == [{"do": "offer", "seat": 2}]


def test_a_guest_follows_the_hosts_choice_and_says_what_it_costs() -> None:
    for stun in (False, True):
        offer = compact(STUN_OFFER, stun=stun)
        guest, _ = GuestPage.open_guest(
            MemoryStorage(),
            lambda e: None,
            languages=["it"],
            fragment="#join=" + str(Invite(1, "Ann", "Ben", offer)),
        )
        shown = _shown(guest)
        assert ("stun.cloudflare.com" in shown) is stun, shown
        joined = _links(guest.handle({"type": "click", "intent": "join", "data": {}}))
        assert joined[0]["do"] == "join" and joined[0]["stun"] is stun
        assert ("typ srflx" in str(joined[0]["sdp"])) is stun
        guest.handle({"type": "link", "event": "answer", "seat": -1, "sdp": STUN_OFFER})
        answer = Answer.parse(guest.answer)
        assert answer.signal.stun is stun and bool(answer.signal.reflexive) is stun


def _shown(guest: GuestPage) -> str:
    """The HTML of the guest's screen."""
    effects = guest.render()
    return " ".join(str(op) for op in effects.of("html"))


def test_a_guests_joining_page_says_it_plays_offline_in_its_own_language() -> None:
    # The footer's note (shown once the service worker is ready) was left in
    # English on a guest's page until it is at the table.
    _guest, effects = GuestPage.open_guest(
        MemoryStorage(),
        lambda e: None,
        languages=["nl"],
        fragment="#join=" + str(Invite(1, "Ann", "Dani", compact(CHROMIUM_OFFER))),
    )
    assert effects.of("offline") == [["offline", "Klaar om offline te spelen."]]
