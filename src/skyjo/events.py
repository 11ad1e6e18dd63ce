"""Events: what just happened, for animation, the move log and screen readers.

:func:`skyjo.engine.step` returns the new state together with the events an
action caused, in the order a person at the table would see them (the card given
away lands on the discard pile before a completed column leaves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from skyjo.scoring import Doubling
from skyjo.state import RoundResult


@dataclass(frozen=True, slots=True)
class RoundDealt:
    round_number: int
    discard_top: int


@dataclass(frozen=True, slots=True)
class CardFlipped:
    """A face-down card was turned up (in setup, or after discarding a drawn card)."""

    player: int
    position: int
    value: int


@dataclass(frozen=True, slots=True)
class CardTaken:
    """The player on turn took ``value`` from ``source`` ("discard" or "draw")."""

    player: int
    source: str
    value: int


@dataclass(frozen=True, slots=True)
class CardSwapped:
    """``card_in`` now lies face up at ``position``; ``card_out`` went face up onto
    the discard pile. ``was_face_up`` tells whether ``card_out`` had been visible."""

    player: int
    position: int
    card_in: int
    card_out: int
    was_face_up: bool


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """The drawn card went onto the discard pile unused."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class ColumnRemoved:
    player: int
    column: int
    value: int


@dataclass(frozen=True, slots=True)
class PilesReshuffled:
    """The discard pile except its top card became the new draw pile."""

    cards: int


@dataclass(frozen=True, slots=True)
class SetupDone:
    """Every player turned up two cards; ``starter`` takes the first turn."""

    starter: int


@dataclass(frozen=True, slots=True)
class RoundEnding:
    """``finisher`` has no face-down card left: every other player gets one last turn."""

    finisher: int


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """A card turned up at the end of the round."""

    player: int
    position: int
    value: int


@dataclass(frozen=True, slots=True)
class RoundScored:
    result: RoundResult
    doubling: Doubling
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event: TypeAlias = (
    RoundDealt
    | CardFlipped
    | CardTaken
    | CardSwapped
    | CardDiscarded
    | ColumnRemoved
    | PilesReshuffled
    | SetupDone
    | RoundEnding
    | CardRevealed
    | RoundScored
    | GameEnded
)
