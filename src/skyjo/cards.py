"""The deck and the grid geometry.

A player's layout ("grid") is 3 rows by 4 columns and is never rearranged.
Positions are numbered row-major: ``position = row * 4 + column``, row 0 on top,
so position 0 is the top-left card and position 11 the bottom-right one. A column
is the three positions ``column, column + 4, column + 8``.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

ROWS: Final = 3
COLUMNS: Final = 4
GRID_SIZE: Final = ROWS * COLUMNS
POSITIONS: Final = tuple(range(GRID_SIZE))

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8

#: How many cards of each value the 150-card Magilano deck holds.
DECK_COMPOSITION: Final[dict[int, int]] = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
CARD_VALUES: Final = tuple(sorted(DECK_COMPOSITION))
MIN_CARD: Final = min(CARD_VALUES)
MAX_CARD: Final = max(CARD_VALUES)
DECK_SIZE: Final = sum(DECK_COMPOSITION.values())


def full_deck() -> tuple[int, ...]:
    """All 150 cards, sorted by value (shuffle a copy to deal)."""
    return tuple(v for v in CARD_VALUES for _ in range(DECK_COMPOSITION[v]))


def deck_counter() -> Counter[int]:
    """The deck as a multiset, for accounting checks ("all 150 cards are somewhere")."""
    return Counter(DECK_COMPOSITION)


def column_of(position: int) -> int:
    return position % COLUMNS


def row_of(position: int) -> int:
    return position // COLUMNS


def column_positions(column: int) -> tuple[int, int, int]:
    """The three positions of a column, top to bottom."""
    return (column, column + COLUMNS, column + 2 * COLUMNS)


def position_name(position: int) -> str:
    """A human name for a position: 'row 1, column 3' (both counted from 1)."""
    return f"row {row_of(position) + 1}, column {column_of(position) + 1}"
