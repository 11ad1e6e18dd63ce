"""The host's invitations: one for each seat on another device, until all are connected.

An invitation is a link to the game page whose fragment (never sent to a server)
holds :class:`Invite`'s text: the host's compact offer
(:class:`~skyjo.web.together.signal.Signal`), the seat, and the names the guest's
page greets with ("Join Ann's game as Ben"). The guest's page answers with
:class:`Answer`'s text, which the host pastes back; the seat is in both, so an
answer pasted beside the wrong seat is refused in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from skyjo.names import MAX_NAME_LENGTH
from skyjo.web.inputs import quote, unquote
from skyjo.web.together.signal import Signal, SignalError

#: The version of the invitation's text: a page meeting another says so in words.
VERSION: Final = "1"
#: The fragment of the game page's address that holds an invitation.
JOIN: Final = "#join="
#: A seat's error (a catalogue key): its channel could not be made, and its
#: invitation's offer is of no more use.
FAILED: Final = "together.error.failed"
#: A seat's channel failed before it opened, and the host's page made a new
#: invitation for it at once (the page says so above the new one).
RENEWED: Final = "together.error.renewed"


def _name(text: str) -> str:
    return quote(text).replace("~", "%7E")


@dataclass(frozen=True, slots=True)
class Invite:
    """What a guest needs to join: the seat, the names, the host's offer."""

    seat: int
    host: str
    guest: str
    offer: Signal

    def __str__(self) -> str:
        return f"{VERSION}~{self.seat}~{_name(self.host)}~{_name(self.guest)}~{self.offer}"

    @classmethod
    def parse(cls, text: str) -> Invite:
        """The mirror of ``str``; :class:`SignalError` for anything else."""
        parts = text.strip().split("~", 4)
        if len(parts) != 5 or parts[0] != VERSION:
            raise SignalError(f"not an invitation of this version: {text[:40]!r}")
        _, seat, host, guest, offer = parts
        if not seat.isdigit() or len(seat) > 1:
            raise SignalError(f"not a seat: {seat!r}")
        names = unquote(host)[:MAX_NAME_LENGTH], unquote(guest)[:MAX_NAME_LENGTH]
        return cls(int(seat), names[0], names[1], Signal.parse(unquote(offer)))

    @classmethod
    def from_fragment(cls, fragment: str) -> Invite | None:
        """The invitation in a page's fragment (``#join=...``); None when it holds
        none; :class:`SignalError` when it holds one that cannot be read."""
        if not fragment.startswith(JOIN):
            return None
        text = fragment[len(JOIN) :]
        # Split first, then each part is decoded once (parse): the names carry their
        # own "~" and "%" escaped, and decoding the whole text first turned a "~" in
        # a name into a separator (an unreadable invitation) and decoded a name's
        # "%41" twice. Only a link whose separators themselves arrived escaped (a
        # scanner that escapes "~") is decoded whole first.
        return cls.parse(text if "~" in text else unquote(text))


@dataclass(frozen=True, slots=True)
class Answer:
    """A guest's answer: its seat and its side of the connection."""

    seat: int
    signal: Signal

    def __str__(self) -> str:
        return f"{self.seat}~{self.signal}"

    @classmethod
    def parse(cls, text: str) -> Answer:
        seat, _, rest = text.strip().partition("~")
        if not seat.isdigit() or len(seat) > 1:
            raise SignalError(f"not an answer: {text[:40]!r}")
        return cls(int(seat), Signal.parse(rest))


@dataclass(slots=True)
class Link:
    """One remote seat's connection, as the host's page knows it."""

    seat: int
    name: str
    #: The invitation's text once the host's page has made its offer.
    invite: str = ""
    #: Whether an answer was pasted (the browser is connecting).
    answered: bool = False
    connected: bool = False
    #: A catalogue key saying what went wrong with the last answer pasted.
    error: str = ""


@dataclass(slots=True)
class Lobby:
    """The host's invitations for one game about to start."""

    host: str
    links: dict[int, Link] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        """Every seat on another device is connected: the game may start."""
        return not self.absent()

    def absent(self) -> list[int]:
        """The seats not connected yet (a bot plays them if the host starts now)."""
        return sorted(seat for seat, link in self.links.items() if not link.connected)

    def offered(self, seat: int, sdp: str, *, stun: bool = False) -> None:
        """The host's page made its offer for ``seat`` (``stun``: with the public
        STUN server asked, which the invitation tells the guest to ask too)."""
        from skyjo.web.together.signal import compact

        link = self.links[seat]
        link.invite = str(Invite(seat, self.host, link.name, compact(sdp, stun=stun)))

    def answered(self, seat: int, text: str) -> Signal:
        """The answer pasted beside ``seat``: the guest's side of the connection;
        :class:`SignalError` (said beside the field) for anything else."""
        link = self.links[seat]
        try:
            answer = Answer.parse(text)
        except SignalError:
            link.error = "together.error.answer"
            raise
        if answer.seat != seat:
            link.error = "together.error.other_seat"
            raise SignalError(f"an answer for seat {answer.seat}, pasted beside seat {seat}")
        link.error = ""
        link.answered = True
        return answer.signal


__all__ = ["FAILED", "JOIN", "RENEWED", "Answer", "Invite", "Link", "Lobby"]
