"""Round and game state: immutable values, updated only by :mod:`skyjo.engine`.

States and grids are named tuples of tuples, so keeping an old state around is
free: undo, replay and search bots simply hold on to earlier states. (Named
tuples rather than frozen dataclasses because they are several times cheaper to
build, and the engine builds a state for every action.)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from skyjo.cards import COLUMNS, GRID_SIZE, POSITIONS, column_positions
from skyjo.rules import Rules

#: ``current_player`` of a state waiting for a chance outcome (a deal or a reshuffle).
CHANCE: Final = -1


class Phase(StrEnum):
    """Where in the game a state is."""

    DEAL = "deal"
    """Chance: a round is about to be dealt."""
    SETUP = "setup"
    """Every player turns up two cards, in any order."""
    TURN = "turn"
    """``to_move`` chooses: take the discard pile's top card, or draw."""
    PLACE_DISCARD = "place_discard"
    """``to_move`` holds the discard pile's card and must swap it in."""
    PLACE_DRAWN = "place_drawn"
    """``to_move`` holds a drawn card: swap it in, or discard it and flip a card."""
    GAME_OVER = "game_over"
    """Someone reached the target; ``winners`` are known."""


class GridView(NamedTuple):
    """A grid as the table shows it: ``cards[p]`` is the value at position p, or
    None while that card is face down. Removed positions keep the value they
    showed when their column left (everyone saw it).

    ``present`` and ``face_down`` are the positions still holding a card and
    those still face down; they are worked out once here because every decision
    of every bot asks for them. Build one with :meth:`showing`."""

    cards: tuple[int | None, ...]
    removed: tuple[bool, ...]
    present: tuple[int, ...]
    face_down: tuple[int, ...]

    @classmethod
    def showing(cls, cards: tuple[int | None, ...], removed: tuple[bool, ...]) -> GridView:
        """The view of a grid showing ``cards`` with the ``removed`` positions gone."""
        present = tuple([p for p in POSITIONS if not removed[p]])
        return cls(cards, removed, present, tuple([p for p in present if cards[p] is None]))

    def face_down_positions(self) -> tuple[int, ...]:
        return self.face_down

    def present_positions(self) -> tuple[int, ...]:
        return self.present

    def shown(self, position: int) -> int | None:
        """The face-up value at ``position``, None if face down or removed."""
        return None if self.removed[position] else self.cards[position]

    def visible_sum(self) -> int:
        cards = self.cards
        return sum(cards[p] or 0 for p in self.present)

    def column(self, column: int) -> tuple[int | None, int | None, int | None]:
        """The three shown values of a column (None where face down or removed)."""
        a, b, c = column_positions(column)
        return (self.shown(a), self.shown(b), self.shown(c))


class Grid(NamedTuple):
    """One player's 12 slots. ``values[p]`` is the card at position p (meaningless
    once removed); ``face_up[p]`` and ``removed[p]`` tell what the table shows,
    and ``public`` is that as a :class:`GridView`, built with the grid (build one
    with :meth:`of`) and shared by every player's view of every decision until
    the grid changes.

    Named tuples, like :class:`State`: immutable, and cheap to build, which
    matters because the engine builds a grid on every turn."""

    values: tuple[int, ...]
    face_up: tuple[bool, ...]
    removed: tuple[bool, ...]
    public: GridView

    @classmethod
    def of(
        cls,
        values: tuple[int, ...],
        face_up: tuple[bool, ...] = (False,) * GRID_SIZE,
        removed: tuple[bool, ...] = (False,) * GRID_SIZE,
    ) -> Grid:
        """A grid of ``values`` with the given cards face up and removed."""
        cards = tuple([v if up else None for v, up in zip(values, face_up, strict=True)])
        return cls(values, face_up, removed, GridView.showing(cards, removed))

    def with_face_up(self, position: int, value: int) -> Grid:
        """This grid with ``value`` face up at ``position``: a card swapped in, or
        (with the value already there) a card turned up. The public face is
        patched rather than built again: one position changed."""
        values = list(self.values)
        values[position] = value
        face_up = list(self.face_up)
        face_up[position] = True
        old = self.public
        cards = list(old.cards)
        cards[position] = value
        public = GridView(
            tuple(cards),
            old.removed,
            old.present,
            tuple([p for p in old.face_down if p != position]),
        )
        return Grid(tuple(values), tuple(face_up), self.removed, public)

    def is_face_down(self, position: int) -> bool:
        return not self.face_up[position] and not self.removed[position]

    def face_down_positions(self) -> tuple[int, ...]:
        return self.public.face_down

    def present_positions(self) -> tuple[int, ...]:
        """Positions that still hold a card (face up or down)."""
        return self.public.present

    def has_face_down(self) -> bool:
        return bool(self.public.face_down)

    def visible_sum(self) -> int:
        """Sum of the face-up cards still in the grid (what everyone can count)."""
        return self.public.visible_sum()

    def total(self) -> int:
        """Sum of every card still in the grid, face-down ones included."""
        return sum(v for v, gone in zip(self.values, self.removed, strict=True) if not gone)

    def shown(self, position: int) -> int | None:
        """The value a viewer sees at ``position``: None if face down or removed."""
        if self.face_up[position] and not self.removed[position]:
            return self.values[position]
        return None

    def completed_column_value(self, column: int) -> int | None:
        """The value of ``column`` if its three cards are face up and equal, else None."""
        a, b, c = column_positions(column)
        if self.removed[a] or not (self.face_up[a] and self.face_up[b] and self.face_up[c]):
            return None
        value = self.values[a]
        return value if self.values[b] == value and self.values[c] == value else None

    def columns_removed(self) -> int:
        return sum(1 for c in range(COLUMNS) if self.removed[c])


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of one finished round.

    ``raw`` is each layout's sum after the final reveal; ``points`` is what goes on
    the score sheet (the finisher's raw score doubled when the rules say so)."""

    finisher: int
    raw: tuple[int, ...]
    points: tuple[int, ...]
    doubled: bool


class State(NamedTuple):
    """Everything about a game at one moment, including the hidden cards.

    Piles are tuples with the *top card last*. ``to_move`` is the player whose turn
    it is (None in setup, deal and game over). ``finisher`` is the player who
    turned up their last card this round, once someone has.

    A named tuple rather than a frozen dataclass: just as immutable, and several
    times cheaper to build, which matters because the engine builds one for
    every action of every game (the simulator and the expert's playouts take
    millions). Change one with ``state._replace(field=value)``."""

    rules: Rules
    num_players: int
    phase: Phase = Phase.DEAL
    round_number: int = 0
    grids: tuple[Grid, ...] = ()
    draw_pile: tuple[int, ...] = ()
    discard_pile: tuple[int, ...] = ()
    to_move: int | None = None
    finisher: int | None = None
    held: int | None = None
    setup_flips: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()
    starter: int | None = None
    turns: int = 0
    reshuffles: int = 0
    winners: tuple[int, ...] = ()

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def last_turns(self) -> bool:
        """True once someone has ended the round and the others take their last turn."""
        return self.finisher is not None and self.phase is not Phase.DEAL

    def setup_pending(self) -> tuple[int, ...]:
        """Players who still have to turn up starting cards, in seat order."""
        return tuple(p for p, n in enumerate(self.setup_flips) if n < 2)
