"""Shared arithmetic of the heuristic bots: what a card is worth where.

Every number here is in *expected points saved* in one player's layout at the end
of the round, counted from a :class:`~skyjo.view.PlayerView` only. A face-down
card is worth the mean of the cards its owner's opponent could still meet
(:class:`CardOdds`), a completed column is worth the three cards that leave, and a
pair in a column is worth a little for the chance of completing it later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from skyjo.cards import CARD_VALUES, COLUMNS, DECK_COMPOSITION, DECK_SIZE, GRID_SIZE
from skyjo.rules import ColumnRule, Rules
from skyjo.view import GridView, PlayerView

#: The mean card of the full deck, 760/150: a face-down card before anything is seen.
DECK_MEAN = sum(v * n for v, n in DECK_COMPOSITION.items()) / DECK_SIZE

#: The other two positions of each position's column.
PARTNERS: tuple[tuple[int, int], ...] = tuple(
    (
        p % COLUMNS + ((p // COLUMNS + 1) % 3) * COLUMNS,
        p % COLUMNS + ((p // COLUMNS + 2) % 3) * COLUMNS,
    )
    for p in range(GRID_SIZE)
)

#: Removed slots carry this marker in a :class:`Layout`'s ``cards``.
GONE = -100


@dataclass(frozen=True, slots=True)
class CardOdds:
    """The distribution of one unseen card (a face-down card or the next draw).

    Counted from the viewer's unseen cards (every grid's face-down cards, the draw
    pile and a card someone else drew), so a bot that uses it counts cards."""

    values: tuple[int, ...]
    probs: tuple[float, ...]
    counts: dict[int, int]
    total: int
    mean: float
    variance: float
    _completions: dict[tuple[float, ColumnRule], dict[int, float]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def of(cls, view: PlayerView) -> CardOdds:
        return cls.from_counts(dict(view.unseen_cards()))

    @classmethod
    def deck(cls) -> CardOdds:
        """The full deck's odds: what a player who counts nothing assumes."""
        return cls.from_counts(DECK_COMPOSITION)

    @classmethod
    def from_counts(cls, counts: dict[int, int]) -> CardOdds:
        counts = {v: n for v, n in counts.items() if n > 0}
        total = sum(counts.values())
        if total == 0:
            return cls.deck()
        values = tuple(sorted(counts))
        probs = tuple(counts[v] / total for v in values)
        mean = sum(v * p for v, p in zip(values, probs, strict=True))
        variance = sum((v - mean) ** 2 * p for v, p in zip(values, probs, strict=True))
        return cls(values, probs, counts, total, mean, variance)

    def prob(self, value: int) -> float:
        return self.counts.get(value, 0) / self.total

    def completion(self, chances: float, rules: Rules) -> dict[int, float]:
        """For every card value whose columns leave the grid: the chance of meeting
        one more card of that value in about ``chances`` looks at new cards (what
        makes a face-up pair worth keeping). Values whose columns stay are absent.

        Worked out once per odds, chances and column rule, since a placement asks
        for it a dozen times (and ``medium``'s deck odds never change)."""
        key = (chances, rules.column_rule)
        table = self._completions.get(key)
        if table is None:
            table = {
                v: 1.0 - math.pow(1.0 - self.counts.get(v, 0) / self.total, chances)
                for v in CARD_VALUES
                if rules.removes_column(v)
            }
            self._completions[key] = table
        return table


@dataclass(frozen=True, slots=True)
class Layout:
    """A grid as numbers: ``cards[p]`` is the face-up value, None if face down,
    :data:`GONE` if removed; ``worth[p]`` is the expected value of the slot
    (face-down slots at the odds' mean, removed slots 0)."""

    cards: tuple[int | None, ...]
    worth: tuple[float, ...]
    hidden: tuple[int, ...]

    @classmethod
    def of(cls, grid: GridView, mean: float) -> Layout:
        removed = grid.removed
        cards = tuple([GONE if removed[p] else c for p, c in enumerate(grid.cards)])
        worth = tuple([0.0 if c == GONE else (mean if c is None else float(c)) for c in cards])
        return cls(cards, worth, grid.face_down)

    def estimate(self) -> float:
        """Expected sum of the layout if it were revealed now."""
        return sum(self.worth)

    def known_sum(self) -> int:
        return sum(c for c in self.cards if c is not None and c != GONE)

    def present(self) -> tuple[int, ...]:
        return tuple(p for p in range(GRID_SIZE) if self.cards[p] != GONE)

    def partners(self, position: int) -> tuple[int | None, int | None]:
        """The cards of the other two slots of ``position``'s column."""
        a, b = PARTNERS[position]
        return self.cards[a], self.cards[b]


def completes_column(layout: Layout, position: int, value: int, rules: Rules) -> bool:
    """Whether ``value`` face up at ``position`` makes a column that leaves the grid."""
    a, b = layout.partners(position)
    return a == value and b == value and rules.removes_column(value)


def swap_gain(layout: Layout, position: int, value: int, rules: Rules) -> float:
    """Expected points saved by putting ``value`` at ``position`` (old card out)."""
    gain = layout.worth[position] - value
    if completes_column(layout, position, value, rules):
        gain += 3 * value
    return gain


def _pair(value: int | None, third: float, completion: dict[int, float]) -> float:
    """What a column holding a face-up pair of ``value`` and a third slot worth
    ``third`` is worth for the chance of completing it later.

    Completing saves ``third + 2 * value`` (the third slot's card goes, and the
    three equal cards leave); ``completion`` (:meth:`CardOdds.completion`) holds
    the chance of meeting one more card of that value."""
    if value is None or value not in completion:
        return 0.0
    saving = third + 2 * value
    if saving <= 0:
        return 0.0
    return completion[value] * saving


def _triple(
    x: int | None,
    y: int | None,
    z: int | None,
    wx: float,
    wy: float,
    wz: float,
    completion: dict[int, float],
) -> float:
    """The pair value of a column of cards ``x, y, z`` (None: face down) worth
    ``wx, wy, wz``: 0 unless exactly two of them are an equal face-up pair."""
    if x is not None and x == y and z != x:
        return _pair(x, wz, completion)
    if x is not None and x == z and y != x:
        return _pair(x, wy, completion)
    if y is not None and y == z and x != y:
        return _pair(y, wx, completion)
    return 0.0


def column_swap_gains(
    layout: Layout, column: int, held: int, completion: dict[int, float]
) -> tuple[float, float, float]:
    """Points saved by swapping ``held`` in at each of ``column``'s three positions
    (top to bottom): the card that leaves, a column completed, and the change in
    the column's pair value (``completion`` from :meth:`CardOdds.completion`).

    One column at a time, because the three positions share the column's pair
    value before the swap; the simulator asks this millions of times."""
    a, b, c = column, column + COLUMNS, column + 2 * COLUMNS
    cards, worth = layout.cards, layout.worth
    return _column_gains(
        cards[a], cards[b], cards[c], worth[a], worth[b], worth[c], held, completion
    )


def _column_gains(
    x: int | None,
    y: int | None,
    z: int | None,
    wx: float,
    wy: float,
    wz: float,
    held: int,
    completion: dict[int, float],
) -> tuple[float, float, float]:
    """:func:`column_swap_gains` of a column of cards ``x, y, z`` (None: face down)
    worth ``wx, wy, wz``."""
    before = _triple(x, y, z, wx, wy, wz, completion)
    removes = held in completion
    # Top: the other two are y and z; and so on.
    if removes and y == held and z == held:
        top = wx - held + 3 * held - before
    else:
        top = wx - held + _triple(held, y, z, held, wy, wz, completion) - before
    if removes and x == held and z == held:
        middle = wy - held + 3 * held - before
    else:
        middle = wy - held + _triple(x, held, z, wx, held, wz, completion) - before
    if removes and x == held and y == held:
        bottom = wz - held + 3 * held - before
    else:
        bottom = wz - held + _triple(x, y, held, wx, wy, held, completion) - before
    return top, middle, bottom


def swap_gains(
    layout: Layout, held: int, odds: CardOdds, rules: Rules, chances: float
) -> list[float | None]:
    """:func:`column_swap_gains` for every position (None where the column is gone)."""
    completion = odds.completion(chances, rules)
    gains: list[float | None] = [None] * GRID_SIZE
    cards = layout.cards
    for column in range(COLUMNS):
        if cards[column] == GONE:
            continue
        gains[column], gains[column + COLUMNS], gains[column + 2 * COLUMNS] = column_swap_gains(
            layout, column, held, completion
        )
    return gains


def best_swap_on(
    grid: GridView, held: int, mean: float, completion: dict[int, float]
) -> tuple[float, int]:
    """The best position for ``held`` in ``grid`` and what it saves, by
    :func:`column_swap_gains`, with face-down cards worth ``mean``; the earliest
    position wins ties. The same numbers as ``swap_gains`` on ``Layout.of(grid,
    mean)`` without building either: ``medium`` asks this twice a turn."""
    cards, removed = grid.cards, grid.removed
    best_gain, best = -math.inf, -1
    for a in range(COLUMNS):
        if removed[a]:
            continue
        b, c = a + COLUMNS, a + 2 * COLUMNS
        x, y, z = cards[a], cards[b], cards[c]
        # Face-up cards stay ints: the same numbers as Layout's floats, and exact.
        wx = mean if x is None else x
        wy = mean if y is None else y
        wz = mean if z is None else z
        if (
            held != x
            and held != y
            and held != z
            and (x is None or (x != y and x != z))
            and (y is None or y != z)
        ):
            # No face-up pair before or after the swap, by far the most common
            # case: only the card that leaves counts (what _column_gains gives).
            top, middle, bottom = wx - held, wy - held, wz - held
        else:
            top, middle, bottom = _column_gains(x, y, z, wx, wy, wz, held, completion)
        # Positions come column by column here, so ties go to the lower position.
        if top > best_gain or (top == best_gain and a < best):
            best_gain, best = top, a
        if middle > best_gain or (middle == best_gain and b < best):
            best_gain, best = middle, b
        if bottom > best_gain or (bottom == best_gain and c < best):
            best_gain, best = bottom, c
    return best_gain, best


def flip_gain_of(partners: tuple[int | None, int | None], odds: CardOdds, rules: Rules) -> float:
    """Discard the card in hand and turn up a card whose column partners show
    ``partners``: no change in expectation, except the chance that the card
    turned up completes its column."""
    a, b = partners
    if a is not None and a == b and rules.removes_column(a):
        return odds.prob(a) * 3 * a
    return 0.0


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def chance_at_most(threshold: float, mean: float, variance: float) -> float:
    """P(score <= threshold) for an integer score roughly Normal(mean, variance)."""
    sd = math.sqrt(max(variance, 1.0))
    return normal_cdf((threshold + 0.5 - mean) / sd)
