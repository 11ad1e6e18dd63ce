"""Seats whose person is away: how long the game waits for them before a bot plays.

A guest's page can go away at any time: a reload, a phone locked, a lost Wi-Fi.
The host's page then offers a fresh invitation for the seat and the seat waits;
the host chooses how long (:data:`CHOICES`, kept on the device under
:data:`AWAY_KEY`): after that time a bot plays for the seat until its person comes
back by the invitation, and takes it back. The host may also start a game before
every friend has joined: a bot plays each seat not connected yet, in the same way,
until its person joins by the invitation.

The time counts from the moment the seat's channel closed, not from its turn: a
person who locks their phone has the chosen time to come back whatever the turn,
and the others never wait longer than that at the seat's turn. It is the host's
worker that keeps time (a task sleeping until the next seat is due, as the bots'
pacing does); this module only does the sums, with a clock passed in, so the tests
need no waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

#: Where the host's choice is kept (``localStorage``: a setting, not a save).
AWAY_KEY: Final = "skyjo.together-away"
#: What the host may choose, as the select's values: seconds, or never.
NEVER: Final = "never"
CHOICES: Final = ("20", "60", "300", NEVER)
#: The choice until the host makes one: a minute lets a phone be unlocked and the
#: page reloaded, and keeps the others waiting little.
DEFAULT: Final = "60"


def read_choice(stored: str | None) -> str:
    """The host's choice as kept (anything else, an old or edited value: the default)."""
    return stored if stored in CHOICES else DEFAULT


def wait_seconds(choice: str) -> float | None:
    """The seconds a seat waits before a bot plays it (None: it waits for ever)."""
    return None if choice == NEVER else float(read_choice(choice))


@dataclass(slots=True)
class AwaySeats:
    """The seats whose channel closed, and since when (the host's clock)."""

    #: Seat -> when its channel closed.
    since: dict[int, float] = field(default_factory=dict)
    #: The seats whose person has not joined this game yet: the host started it
    #: without them, a bot playing for them until they join.
    not_joined: set[int] = field(default_factory=set)

    def dropped(self, seat: int, now: float) -> None:
        """The seat's channel closed at ``now`` (a second close keeps the first time)."""
        self.since.setdefault(seat, now)

    def never_joined(self, seat: int, now: float) -> None:
        """The game started at ``now`` before the seat's person joined."""
        self.dropped(seat, now)
        self.not_joined.add(seat)

    def back(self, seat: int) -> None:
        self.since.pop(seat, None)
        self.not_joined.discard(seat)

    def clear(self) -> None:
        self.since.clear()
        self.not_joined.clear()

    def due(self, now: float, wait: float | None) -> list[int]:
        """The seats away for ``wait`` seconds or more at ``now``: a bot plays them."""
        if wait is None:
            return []
        return sorted(seat for seat, then in self.since.items() if now - then >= wait)

    def next_in(self, now: float, wait: float | None, *, playing: set[int]) -> float | None:
        """Seconds until the next seat not in ``playing`` (a bot plays it already)
        is due; None when none will be."""
        if wait is None:
            return None
        left = [then + wait - now for seat, then in self.since.items() if seat not in playing]
        return max(0.0, min(left)) if left else None


__all__ = [
    "AWAY_KEY",
    "CHOICES",
    "DEFAULT",
    "NEVER",
    "AwaySeats",
    "read_choice",
    "wait_seconds",
]
