"""The compact form of a WebRTC offer or answer: only what a data channel needs.

A browser's session description (SDP) runs to a kilobyte and more; an invitation
has to fit in a link a person copies, and later in a QR code a phone scans from a
screen (aim: version 10 or less, 271 bytes at the lowest error correction). A data
channel needs four things from the other side: the ICE user fragment and password,
the DTLS certificate's SHA-256 fingerprint, and the addresses it may be reached at.
Those are host candidates (the device's own addresses) and, when the host chose
to ask a public STUN server (:data:`STUN_SERVER`, off by default), server-reflexive
ones (the public address a NAT gives the device). :func:`compact` keeps those;
:func:`expand` writes the smallest SDP a browser accepts back around them.

The text form (``str`` of :class:`Signal`, read back by :meth:`Signal.parse`)::

    <ufrag>~<password>~<fingerprint, base64url of 32 bytes>~<address port,...>[~<reflexive>]

The fifth part is there only when this side asked the STUN server, and then it
says so to the other side (a guest asks it too, so both gather the same kind):
the public ``address port`` pairs the server answered with, or ``-`` when it
answered nothing (no internet, say: the host candidates may still connect).

Both are checked: a part of the wrong shape raises :class:`SignalError` naming it,
so a mistyped or hostile paste is refused in words, never passed to the browser.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from skyjo.errors import SkyjoError

#: ICE credentials are ice-chars (RFC 8839): letters, digits, "+" and "/".
_ICE = re.compile(r"[A-Za-z0-9+/]{4,256}")
#: An address in a host candidate: an IPv4 or IPv6 address, or the mDNS name
#: (``<uuid>.local``) a browser shows instead of the device's own address.
_ADDRESS = re.compile(r"[0-9A-Za-z.:\-]{1,64}")
_FINGERPRINT = re.compile(r"a=fingerprint:sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})")
_CANDIDATE = re.compile(r"a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host")
_REFLEXIVE = re.compile(r"a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ srflx")
#: The most addresses kept: a phone has Wi-Fi and perhaps a hotspot; more only
#: lengthen the invitation.
MAX_CANDIDATES = 4
#: The most public addresses kept: one per address family (IPv4, IPv6).
MAX_REFLEXIVE = 2
#: The public STUN server a page asks when the host chose "friends on other
#: networks" (site/link.mjs uses the same; docs/several-devices.md says why this one).
STUN_SERVER = "stun:stun.cloudflare.com:3478"
#: The fifth part of a compact text that asked the STUN server and heard nothing.
NO_REFLEXIVE = "-"
#: The longest compact text read (a paste of anything longer is refused unread).
MAX_LENGTH = 600


class SignalError(SkyjoError, ValueError):
    """A session description or its compact text that a data channel cannot use."""


@dataclass(frozen=True, slots=True)
class Signal:
    """One side's offer or answer, compacted."""

    ufrag: str
    password: str
    #: The DTLS certificate's SHA-256 digest, 32 bytes.
    fingerprint: bytes
    #: (address, port) of each host candidate.
    candidates: tuple[tuple[str, int], ...]
    #: Whether this side asked the public STUN server (and the other side should).
    stun: bool = False
    #: (address, port) of each server-reflexive candidate: the public addresses
    #: the STUN server saw (only when ``stun``).
    reflexive: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if not _ICE.fullmatch(self.ufrag) or not _ICE.fullmatch(self.password):
            raise SignalError(f"ICE credentials of the wrong shape: {self.ufrag!r}")
        if len(self.fingerprint) != 32:
            raise SignalError("a fingerprint is 32 bytes")
        if not 1 <= len(self.candidates) <= MAX_CANDIDATES:
            raise SignalError(
                f"between 1 and {MAX_CANDIDATES} addresses, not {len(self.candidates)}"
            )
        if len(self.reflexive) > MAX_REFLEXIVE or (self.reflexive and not self.stun):
            raise SignalError(
                f"at most {MAX_REFLEXIVE} public addresses, and only from a STUN server"
            )
        for address, port in self.candidates + self.reflexive:
            if not _ADDRESS.fullmatch(address) or not 0 < port < 65536:
                raise SignalError(f"not an address: {address!r} {port!r}")

    def __str__(self) -> str:
        fingerprint = base64.urlsafe_b64encode(self.fingerprint).decode().rstrip("=")
        text = f"{self.ufrag}~{self.password}~{fingerprint}~{_addresses(self.candidates)}"
        if self.stun:
            text += "~" + (_addresses(self.reflexive) or NO_REFLEXIVE)
        return text

    @classmethod
    def parse(cls, text: str) -> Signal:
        """The mirror of ``str``; :class:`SignalError` for anything else."""
        text = text.strip()
        if len(text) > MAX_LENGTH:
            raise SignalError(f"too long to be an offer or answer ({len(text)} characters)")
        parts = text.split("~")
        if len(parts) not in (4, 5):
            raise SignalError(f"not an offer or answer: {text[:40]!r}")
        ufrag, password, fingerprint, addresses = parts[:4]
        try:
            digest = base64.urlsafe_b64decode(fingerprint + "=" * (-len(fingerprint) % 4))
        except (ValueError, TypeError):
            raise SignalError(f"not a fingerprint: {fingerprint[:50]!r}") from None
        stun = len(parts) == 5
        reflexive = () if not stun or parts[4] == NO_REFLEXIVE else _parse_addresses(parts[4])
        return cls(ufrag, password, digest, _parse_addresses(addresses), stun, reflexive)


def _addresses(pairs: tuple[tuple[str, int], ...]) -> str:
    return ",".join(f"{address} {port}" for address, port in pairs)


def _parse_addresses(text: str) -> tuple[tuple[str, int], ...]:
    pairs = []
    for item in text.split(","):
        address, _, port = item.partition(" ")
        if not port.isdigit() or len(port) > 5:
            raise SignalError(f"not an address and port: {item[:70]!r}")
        pairs.append((address, int(port)))
    return tuple(pairs)


def compact(sdp: str, *, stun: bool = False) -> Signal:
    """What a data channel needs of the browser's session description ``sdp``
    (with its candidates gathered; ``stun``: gathered with the public STUN
    server asked, so its server-reflexive candidates are kept too):
    :class:`SignalError` when a part is missing."""
    ufrag = re.search(r"a=ice-ufrag:(\S+)", sdp)
    password = re.search(r"a=ice-pwd:(\S+)", sdp)
    fingerprint = _FINGERPRINT.search(sdp)
    if ufrag is None or password is None or fingerprint is None:
        raise SignalError("the session description has no ICE credentials or fingerprint")
    seen: list[tuple[str, int]] = []
    for address, port in _CANDIDATE.findall(sdp):
        if (address, int(port)) not in seen and len(seen) < MAX_CANDIDATES:
            seen.append((address, int(port)))
    if not seen:
        raise SignalError("the session description has no host candidate")
    public: list[tuple[str, int]] = []
    for address, port in _REFLEXIVE.findall(sdp) if stun else ():
        if (address, int(port)) not in public and len(public) < MAX_REFLEXIVE:
            public.append((address, int(port)))
    digest = bytes.fromhex(fingerprint.group(1).replace(":", ""))
    return Signal(ufrag.group(1), password.group(1), digest, tuple(seen), stun, tuple(public))


def expand(signal: Signal, *, offer: bool) -> str:
    """The smallest session description a browser takes for ``signal``: an offer
    (DTLS role ``actpass``) or an answer (``active``: the guest starts DTLS)."""
    fingerprint = ":".join(f"{b:02X}" for b in signal.fingerprint)
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        f"a=ice-ufrag:{signal.ufrag}",
        f"a=ice-pwd:{signal.password}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{'actpass' if offer else 'active'}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    for n, (address, port) in enumerate(signal.candidates, start=1):
        priority = 2122260223 - n
        lines.append(f"a=candidate:{n} 1 udp {priority} {address} {port} typ host generation 0")
    for n, (address, port) in enumerate(signal.reflexive, start=len(signal.candidates) + 1):
        # A server-reflexive candidate's type preference is 100 (host: 126); its
        # base address is the other side's secret and of no use here: 0.0.0.0 0.
        priority = 1686052607 - n
        lines.append(
            f"a=candidate:{n} 1 udp {priority} {address} {port} typ srflx"
            " raddr 0.0.0.0 rport 0 generation 0"
        )
    lines.append("a=end-of-candidates")
    return "\r\n".join(lines) + "\r\n"


__all__ = ["MAX_LENGTH", "STUN_SERVER", "Signal", "SignalError", "compact", "expand"]
