"""Actions: one small frozen dataclass per kind, each with a canonical text form.

A player's turn takes two actions, because the web page needs each step on its own
(a human draws, sees the card, then decides): first :class:`TakeDiscard` or
:class:`Draw`, then :class:`Swap` or (only after drawing) :class:`Flip`. During
setup :class:`Flip` turns up one of the two starting cards.

:class:`Deal` and :class:`Reshuffle` are chance outcomes: nobody chooses them, but
they are recorded like any other action, so the list of actions is the game record
and replays to the same state (the OpenSpiel way).

Text forms (``str(action)`` and :func:`parse_action` are mirrors)::

    flip 5        take discard        draw        swap 11
    reshuffle 3 -1 12 ...   (the new draw pile, top card first)
    deal ...                (see Deal.__str__)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from skyjo.cards import GRID_SIZE
from skyjo.errors import ActionParseError


def _check_position(position: object, text: str) -> int:
    if isinstance(position, bool) or not isinstance(position, int):
        raise ActionParseError(f"position must be an integer 0..11 in {text!r}")
    if not 0 <= position < GRID_SIZE:
        raise ActionParseError(f"position {position} is outside the grid (0..11) in {text!r}")
    return position


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn up the face-down card at ``position``.

    In setup this is one of a player's two starting flips; in a turn it means
    "put the drawn card on the discard pile and turn up this card"."""

    position: int

    def __post_init__(self) -> None:
        _check_position(self.position, f"flip {self.position}")

    def __str__(self) -> str:
        return f"flip {self.position}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the card in hand at ``position``; the card that lay there goes face up
    onto the discard pile (a face-down card is not looked at first)."""

    position: int

    def __post_init__(self) -> None:
        _check_position(self.position, f"swap {self.position}")

    def __str__(self) -> str:
        return f"swap {self.position}"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the discard pile's top card. It must then be swapped into the grid."""

    def __str__(self) -> str:
        return "take discard"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile and look at it."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Chance: the discard pile except its top card becomes the new draw pile in
    this order (top card first)."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "reshuffle " + " ".join(str(v) for v in self.order)


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the whole deck as dealt for one round.

    ``grids[p]`` holds player p's 12 cards by position; ``discard`` is the card
    that starts the discard pile; ``draw`` is the draw pile, top card first."""

    grids: tuple[tuple[int, ...], ...]
    discard: int
    draw: tuple[int, ...]

    def __str__(self) -> str:
        grids = " / ".join(" ".join(str(v) for v in g) for g in self.grids)
        return f"deal {grids} | {self.discard} | {' '.join(str(v) for v in self.draw)}"

    def cards(self) -> list[int]:
        """Every card of the deal, in no particular order."""
        return [v for g in self.grids for v in g] + [self.discard, *self.draw]


#: Every player action, built once. The engine's ``legal_actions`` and the bots
#: hand these out rather than building new ones for every decision (the
#: simulator asks for millions); equal actions compare equal either way.
SWAPS: Final = tuple(Swap(p) for p in range(GRID_SIZE))
FLIPS: Final = tuple(Flip(p) for p in range(GRID_SIZE))
TAKE_DISCARD: Final = TakeDiscard()
DRAW: Final = Draw()

PlayerAction: TypeAlias = Flip | Swap | TakeDiscard | Draw
ChanceAction: TypeAlias = Deal | Reshuffle
Action: TypeAlias = PlayerAction | ChanceAction


def _ints(words: list[str], text: str) -> tuple[int, ...]:
    try:
        return tuple(int(w) for w in words)
    except ValueError:
        raise ActionParseError(f"expected whole numbers in {text!r}") from None


def parse_action(text: str) -> Action:
    """Parse the canonical text form of an action (the mirror of ``str``).

    Raises :class:`ActionParseError` naming the text for anything else."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {text!r}")
    words = text.split()
    if not words:
        raise ActionParseError("empty action text")
    head, rest = words[0].lower(), words[1:]
    if head in ("flip", "swap"):
        if len(rest) != 1:
            raise ActionParseError(f"{head!r} takes one position 0..11, in {text!r}")
        (position,) = _ints(rest, text)
        _check_position(position, text)
        return Flip(position) if head == "flip" else Swap(position)
    if head == "take" and [w.lower() for w in rest] == ["discard"]:
        return TakeDiscard()
    if head == "draw" and not rest:
        return Draw()
    if head == "reshuffle":
        return Reshuffle(_ints(rest, text))
    if head == "deal":
        parts = " ".join(rest).split("|")
        if len(parts) != 3:
            raise ActionParseError(f"a deal has three parts separated by '|', in {text!r}")
        grids = tuple(_ints(g.split(), text) for g in parts[0].split("/"))
        discard = _ints(parts[1].split(), text)
        if len(discard) != 1:
            raise ActionParseError(f"a deal has exactly one discard card, in {text!r}")
        return Deal(grids, discard[0], _ints(parts[2].split(), text))
    raise ActionParseError(
        f"unknown action {text!r} "
        "(expected: flip N, swap N, take discard, draw, reshuffle ..., deal ...)"
    )
