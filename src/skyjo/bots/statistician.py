"""``statistician``: our reimplementation of the Statistician of dantebarbieri/skyjo.

That Statistician (Rust, ``skyjo-core/src/strategies/statistician.rs``) is the
strongest published Skyjo bot we know of, so we keep a faithful copy of its
decision rules as a benchmark opponent. We read its source and wrote our own
code to the same rules:

* **Card values.** It counts the cards it has seen (face-up cards of every grid
  and the whole discard pile, *not* a card in someone's hand) and values every
  face-down card at the mean of the rest (``avg``). A placement at position p
  gains ``old - card`` (``avg - card`` on a face-down card) plus, when the card
  completes a column of three equal face-up cards, ``3 * card``.
* **The discard card** is taken only when its best placement gains more than
  0.5 points over a draw, and a draw is valued at the best placement of a card
  worth ``round(avg)``, or 0 if that is negative (a drawn card can be thrown
  away), i.e. by the mean card, not the full distribution.
* **A drawn card** is kept where it gains most when that gain exceeds 0.5; when
  the gain is within 0.5 of zero it is kept anyway if throwing it away would
  hand the next player a card much more useful to them (by more than 3 on its
  usefulness scale) than the card it displaces. Otherwise it is thrown away and a
  card turned up: when going out, in the column with the most face-up cards;
  otherwise in a column holding a face-up pair; else at random.
* **Going out**: it is in "go out" mode when its expected layout sum (face-down
  cards at ``avg``) is strictly the lowest at the table and nobody has ended
  the round yet. The mode only decides which card it turns up; it never asks
  whether finishing gets it doubled.
* **Ties** between placements of equal gain go to the one displacing the card
  least useful to the next player, then to the first in the original's position
  order, which numbers a grid column by column (our positions are row by row).
* **Setup**: two face-down cards at random.
"""

from __future__ import annotations

import math
import random

from skyjo.actions import DRAW, FLIPS, SWAPS, TAKE_DISCARD
from skyjo.bots.base import Decision, Reason
from skyjo.bots.placement import forced_source
from skyjo.bots.reasons import at, because, reason
from skyjo.cards import COLUMNS, DECK_COMPOSITION, ROWS, column_positions
from skyjo.rules import Rules
from skyjo.state import GridView, Phase
from skyjo.view import PlayerView

#: The original's margin for "clearly better" in every comparison of gains.
EV_EPSILON = 0.5

#: The original's grid order: column by column, top to bottom in each.
COLUMN_MAJOR = tuple(p for c in range(COLUMNS) for p in column_positions(c))


class StatisticianBot:
    name = "statistician"

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        if view.phase is Phase.SETUP:
            return because(rng.choice(view.legal_actions), reason("bot.setup_random"))
        avg = unseen_mean(view)
        if view.phase is Phase.TURN:
            return _take_or_draw(view, avg)
        held = view.held
        assert held is not None
        if view.phase is Phase.PLACE_DISCARD:
            position = _placements(view, held, avg)[0][1]
            return because(SWAPS[position], _placement_reason(view, position, held))
        return _place_drawn(view, held, avg, rng)


def _take_or_draw(view: PlayerView, avg: float) -> Decision:
    forced = forced_source(view)
    if forced is not None:
        return forced
    top = view.discard_top
    assert top is not None
    grid, rules = view.own_grid, view.rules
    taken = max(_gain(grid, p, top, avg, rules) for p in grid.present)
    mean_card = _round_half_away(avg)
    drawn = max(0.0, max(_gain(grid, p, mean_card, avg, rules) for p in grid.present))
    if taken > drawn + EV_EPSILON:

        def why() -> Reason:
            position = _placements(view, top, avg)[0][1]
            return reason("bot.take_then", card=top, then=_placement_reason(view, position, top))

        return because(TAKE_DISCARD, why)
    return because(DRAW, lambda: reason("bot.draw_unseen", saving=drawn, card=top))


def _place_drawn(view: PlayerView, held: int, avg: float, rng: random.Random) -> Decision:
    grid = view.own_grid
    options = _placements(view, held, avg)
    gain, position, displaced_use = options[0]
    hidden = [p for p in COLUMN_MAJOR if p in grid.face_down]
    going_out = _going_out(view, avg)
    keep = because(SWAPS[position], _placement_reason(view, position, held))
    if gain > EV_EPSILON or not hidden:
        return keep
    if gain > -EV_EPSILON:
        nxt = _next_grid(view)
        if nxt is not None and usefulness(nxt, held) > displaced_use + 3.0:
            return because(
                SWAPS[position],
                reason("bot.denies", then=_placement_reason(view, position, held), held=held),
            )
    flip = _flip_choice(grid, hidden, going_out=going_out, rng=rng)
    why: Reason = at("bot.throw_away", flip, held=held)
    if going_out:
        why = reason("bot.going_out", then=why)
    return because(FLIPS[flip], why)


def _placements(view: PlayerView, card: int, avg: float) -> list[tuple[float, int, float]]:
    """(gain, position, usefulness to the next player of the card displaced) for
    every position, best first: highest gain, then least useful displaced card,
    then the original's position order."""
    grid, rules = view.own_grid, view.rules
    nxt = _next_grid(view)
    options = []
    for p in COLUMN_MAJOR:
        if grid.removed[p]:
            continue
        old = grid.cards[p]
        use = 0.0 if old is None or nxt is None else usefulness(nxt, old)
        options.append((_gain(grid, p, card, avg, rules), p, use))
    options.sort(key=lambda o: (-o[0], o[2]))
    return options


def _gain(grid: GridView, position: int, card: int, avg: float, rules: Rules) -> float:
    """Points saved by putting ``card`` at ``position``, face-down cards at ``avg``."""
    old = grid.cards[position]
    gain = (avg if old is None else old) - card
    return gain + ROWS * card if _completes(grid, position, card, rules) else gain


def _completes(grid: GridView, position: int, card: int, rules: Rules) -> bool:
    """Whether ``card`` at ``position`` makes its column three equal face-up cards
    that leave the grid."""
    return rules.removes_column(card) and all(
        grid.cards[q] == card and not grid.removed[q]
        for q in column_positions(position % COLUMNS)
        if q != position
    )


def unseen_mean(view: PlayerView) -> float:
    """The mean of the cards not seen face up on a grid or in the discard pile
    (the original does not count a card in someone's hand)."""
    remaining = dict(DECK_COMPOSITION)
    for value in view.discard_pile:
        remaining[value] -= 1
    for grid in view.grids:
        for p in grid.present:
            shown = grid.cards[p]
            if shown is not None:
                remaining[shown] -= 1
    total = sum(max(0, n) for n in remaining.values())
    if total == 0:
        return 0.0
    return sum(v * max(0, n) for v, n in remaining.items()) / total


def expected_sum(grid: GridView, avg: float) -> float:
    return sum(avg if grid.cards[p] is None else (grid.cards[p] or 0) for p in grid.present)


def _going_out(view: PlayerView, avg: float) -> bool:
    """Strictly the lowest expected layout sum, and nobody has ended the round."""
    if view.finisher is not None:
        return False
    mine = expected_sum(view.own_grid, avg)
    return all(
        expected_sum(grid, avg) > mine for seat, grid in enumerate(view.grids) if seat != view.seat
    )


def _next_grid(view: PlayerView) -> GridView | None:
    nxt = (view.seat + 1) % view.num_players
    return None if nxt == view.seat else view.grids[nxt]


def usefulness(grid: GridView, value: int) -> float:
    """How much the player with ``grid`` would like a ``value`` on the discard pile:
    low cards always, a card matching a face-up pair very much (20 when it
    completes the column), one matching a lone face-up card a little; high cards
    less the higher they are (the original's scale)."""
    use = 2.0 * (1 - value) if value <= 0 else -0.3 * value
    for column in range(COLUMNS):
        positions = column_positions(column)
        if any(grid.removed[p] for p in positions):
            continue
        up = [grid.cards[p] for p in positions if grid.cards[p] is not None]
        down = ROWS - len(up)
        matching = up.count(value)
        if len(up) >= 2 and matching >= 2:
            use += 20.0 if ROWS - matching == 1 else 5.0 * matching
        if len(up) == 1 and down > 0 and up[0] == value:
            use += 2.0
    return use


def _flip_choice(grid: GridView, hidden: list[int], *, going_out: bool, rng: random.Random) -> int:
    """Which face-down card to turn after throwing a drawn card away: going out,
    the first one in the column with the most face-up cards; otherwise the first
    one in a column with a face-up pair; failing that, one at random."""
    columns = [column_positions(c) for c in range(COLUMNS)]
    if going_out:
        best, best_up = None, 0
        for positions in columns:
            count = sum(1 for p in positions if grid.cards[p] is not None and not grid.removed[p])
            down = [p for p in positions if p in hidden]
            if count > best_up and down:
                best, best_up = down[0], count
        if best is not None:
            return best
    else:
        for positions in columns:
            if any(grid.removed[p] for p in positions):
                continue
            values = [grid.cards[p] for p in positions if grid.cards[p] is not None]
            if len(values) >= 2 and len(set(values)) < len(values):
                down = [p for p in positions if p in hidden]
                if down:
                    return down[0]
    return rng.choice(hidden)


def _round_half_away(x: float) -> int:
    """Rounding as Rust's ``f64::round`` does (half away from zero)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def _placement_reason(view: PlayerView, position: int, held: int) -> Reason:
    grid = view.own_grid
    old = grid.cards[position]
    if _completes(grid, position, held, view.rules):
        return reason("bot.completes_column", column=position % COLUMNS + 1, held=held)
    if old is None:
        return at("bot.on_face_down", position, held=held, worth=unseen_mean(view))
    if old > held:
        return reason("bot.swap_saves", old=old, held=held, saved=old - held)
    return reason("bot.swap", old=old, held=held)
