"""QR codes and the camera without a browser: the painted code, the codes kept, and
the host's page taking what its camera read as a pasted answer (site/qr.mjs's
part played by the test)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from skyjo.web.device import MemoryStorage
from skyjo.web.together.guest import GuestPage
from skyjo.web.together.lobby import Answer
from skyjo.web.together.qr import KEPT, Codes, readable_rows, svg
from skyjo.web.together.signal import compact
from skyjo.web.ui.page import GamePage
from skyjo.web.worker.effects import Effects

from .test_together import _sdp

#: A version-1 code's side of modules, a made-up pattern (the painting does not care).
ROWS = ["1" * 21, "0" * 21, *("10" * 10 + "1" for _ in range(19))]


def _links(effects: Effects) -> list[dict[str, Any]]:
    return [op[1] for op in effects.of("link")]


def test_a_code_is_painted_dark_on_white_with_a_quiet_zone_and_named() -> None:
    image = svg(tuple(ROWS), label="QR code of <Ben>'s invitation")
    assert 'viewBox="0 0 29 29"' in image  # 21 modules and 4 of quiet zone each side
    assert '<rect width="29" height="29" fill="#fff">' in image
    assert 'role="img"' in image and "&lt;Ben&gt;" in image and "<Ben>" not in image
    assert 'data-version="1"' in image
    path = re.search(r' d="([^"]*)"', image)
    assert path is not None
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path[1])
    # The first row, one run of 21 at the quiet zone's corner; the second, none.
    assert runs[0] == ("4", "4", "21")
    assert all(y != "5" for _, y, _ in runs)
    # Every dark module is painted once, and nothing else.
    painted = {(int(x) + i, int(y)) for x, y, n in runs for i in range(int(n))}
    dark = {(x + 4, y + 4) for y, row in enumerate(ROWS) for x, c in enumerate(row) if c == "1"}
    assert painted == dark


@pytest.mark.parametrize(
    "rows",
    [
        None,
        "0" * 21,
        ["0" * 21] * 20,  # not square
        ["0" * 22] * 22,  # no version's side
        ["0" * 20 + "2"] * 21,
        [0] * 21,
        ["0" * 181] * 181,
    ],
)
def test_rows_that_are_no_code_are_not_painted(rows: object) -> None:
    assert readable_rows(rows) is None
    codes = Codes()
    codes.image("text", seat=1, label="x")
    assert not codes.drawn("text", rows)


def test_a_code_is_asked_for_once_kept_and_an_unasked_one_ignored() -> None:
    codes = Codes()
    assert 'class="qr qr-pending"' in codes.image("a", seat=1, label="A")
    codes.image("a", seat=1, label="A")
    assert codes.requests() == [{"do": "qr", "seat": 1, "text": "a"}]
    assert codes.requests() == []
    assert not codes.drawn("b", ROWS)  # nobody asked for it
    assert codes.drawn("a", ROWS)
    assert 'aria-label="A"' in codes.image("a", seat=1, label="A")
    for i in range(KEPT):
        codes.image(str(i), seat=1, label="x")
        codes.drawn(str(i), ROWS)
    assert "qr-pending" in codes.image("a", seat=1, label="A")  # the oldest went
    assert codes.requests()[-1] == {"do": "qr", "seat": 1, "text": "a"}


def _host_with_an_invitation() -> tuple[GamePage, str]:
    """A host's page inviting Ben (seat 1), and Ben's answer's text."""
    host, _ = GamePage.open(
        MemoryStorage(),
        lambda e: None,
        languages=["en"],
        spawn=lambda c: c.close(),
        href="https://example.org/skyjo/",
    )
    form = {"name-0": "Ann", "kind-0": "human", "name-1": "Ben", "kind-1": "remote"}
    host.handle({"type": "submit", "forms": {"setup-form": form}})
    effects = host.handle({"type": "link", "event": "offer", "seat": 1, "sdp": _sdp(1)})
    lobby = host.lobby
    assert lobby is not None
    link = "https://example.org/skyjo/#join=" + lobby.links[1].invite
    assert {"do": "qr", "seat": 1, "text": link} in _links(effects)
    return host, str(Answer(1, compact(_sdp(11))))


def _click(page: GamePage, intent: str, **data: str) -> Effects:
    return page.handle({"type": "click", "intent": intent, "data": data})


def test_the_host_scans_an_answer_as_if_it_were_pasted() -> None:
    host, answer = _host_with_an_invitation()
    opened = _links(_click(host, "invite-scan", seat="1"))
    assert opened == [{"do": "scan", "seat": 1, "video": "scan-video"}]
    assert 'id="scan-video"' in host.shown and "Stop the camera" in host.shown
    # An invitation read by mistake: said, and the camera goes on looking.
    wrong = host.handle(
        {"type": "link", "event": "scanned", "seat": 1, "text": "1~1~Ann~Ben~x~y~z~1.2.3.4 5"}
    )
    assert [op["do"] for op in _links(wrong)] == []
    assert "This is not an answer to an invitation" in host.shown
    assert host.scanner.seat == 1
    # Another seat's answer: said too.
    other = str(Answer(2, compact(_sdp(12))))
    host.handle({"type": "link", "event": "scanned", "seat": 1, "text": other})
    assert "belongs to another seat" in host.shown
    # Ben's answer: connected exactly as pasting does, the camera off, the field filled.
    right = _links(host.handle({"type": "link", "event": "scanned", "seat": 1, "text": answer}))
    assert [op["do"] for op in right] == ["answer", "scan-stop"]
    assert right[0]["seat"] == 1 and "Ufr11" in right[0]["sdp"]
    assert host.scanner.seat is None and "scan-video" not in host.shown
    assert answer in host.shown
    # A late read of the same code changes nothing.
    assert not _links(host.handle({"type": "link", "event": "scanned", "seat": 1, "text": answer}))
    assert host.lobby is not None and host.lobby.links[1].answered


@pytest.mark.parametrize(
    ("problem", "words"),
    [
        ("none", "This device has no camera"),
        ("denied", "The camera was not allowed"),
        ("failed", "The camera could not be started"),
        ("<b>", "The camera could not be started"),
    ],
)
def test_a_camera_that_cannot_be_used_is_said_in_words(problem: str, words: str) -> None:
    host, _ = _host_with_an_invitation()
    _click(host, "invite-scan", seat="1")
    host.handle({"type": "link", "event": "camera", "seat": 1, "problem": problem})
    assert words in host.shown and "scan-video" not in host.shown
    assert host.scanner.seat is None


def test_the_camera_stops_when_the_host_stops_it_or_leaves() -> None:
    host, _ = _host_with_an_invitation()
    _click(host, "invite-scan", seat="1")
    host.handle({"type": "link", "event": "camera", "seat": 1, "problem": "stopped"})
    assert "scan-video" not in host.shown and 'role="alert"' not in host.shown
    _click(host, "invite-scan", seat="1")
    assert _links(_click(host, "invite-scan-stop")) == [{"do": "scan-stop"}]
    assert "scan-video" not in host.shown
    _click(host, "invite-scan", seat="1")
    assert {"do": "scan-stop"} in _links(_click(host, "invite-cancel"))
    # No invitation, no camera.
    assert not any(op["do"] == "scan" for op in _links(_click(host, "invite-scan", seat="1")))


def test_the_guests_answer_is_shown_as_a_qr_code() -> None:
    host, _ = _host_with_an_invitation()
    assert host.lobby is not None
    guest, _ = GuestPage.open_guest(
        MemoryStorage(),
        lambda e: None,
        languages=["fr"],
        fragment="#join=" + host.lobby.links[1].invite,
    )
    _click(guest, "join")
    effects = guest.handle({"type": "link", "event": "answer", "seat": -1, "sdp": _sdp(11)})
    asked = [op for op in _links(effects) if op["do"] == "qr"]
    assert asked == [{"do": "qr", "seat": -1, "text": guest.answer}]
    effects = guest.handle(
        {"type": "link", "event": "qr", "seat": -1, "text": guest.answer, "rows": ROWS}
    )
    html = effects.of("html")[0][2]
    assert 'aria-label="Code QR de ta réponse à Ann"' in html
