"""What happened to one seat in a game, counted from the record: the rounds it
ended, the doublings it paid, the columns it completed and the columns it could
have completed and did not.

These are facts, not the expert's estimates: a review shows them beside its
grades, so "ended the round into a doubling: 2" can only be said of a player the
score sheet doubled twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo import engine
from skyjo.actions import Draw, Flip, Swap
from skyjo.bots.evaluation import PARTNERS
from skyjo.events import CardRevealed, ColumnRemoved
from skyjo.record import GameRecord, TurnMove, move_actions, replay_steps
from skyjo.state import Grid, State


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """One round of one seat: whether it ``ended`` the round (turned up its
    last card first) and was ``doubled`` for it; ``columns_made``, the columns
    its own placements completed (not those the final reveal completed); and
    ``columns_missed``, its turns in which a card it could place (the discard
    pile's top card, or the card it drew) completed a column of a positive value
    and no column of its was completed. ``points`` is its line on the score
    sheet, None while the round is unfinished."""

    round_number: int
    ended: bool = False
    doubled: bool = False
    columns_made: int = 0
    columns_missed: int = 0
    points: int | None = None


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """:class:`RoundFacts` of every round of ``seat``, and their sums."""

    seat: int
    rounds: tuple[RoundFacts, ...]

    @property
    def rounds_ended(self) -> int:
        return sum(r.ended for r in self.rounds)

    @property
    def doublings(self) -> int:
        return sum(r.doubled for r in self.rounds)

    @property
    def columns_made(self) -> int:
        return sum(r.columns_made for r in self.rounds)

    @property
    def columns_missed(self) -> int:
        return sum(r.columns_missed for r in self.rounds)


def seat_facts(game: GameRecord, seat: int) -> SeatFacts:
    """The facts of ``seat`` in ``game`` (replayed and checked: an invalid record
    raises ``RecordError``)."""
    made: dict[int, int] = {}
    missed: dict[int, int] = {}
    last: State | None = None
    before: State | None = None
    for step in replay_steps(game):
        move = step.move
        if isinstance(move, TurnMove) and move.player == seat and before is not None:
            completed, chance = _turn(before, move, seat)
            r = step.round_number
            made[r] = made.get(r, 0) + completed
            missed[r] = missed.get(r, 0) + (chance and not completed)
        before = last = step.state
    results = last.results if last is not None else ()
    rounds = []
    for r in range(1, len(game.rounds) + 1):
        result = results[r - 1] if r <= len(results) else None
        ended = result is not None and result.finisher == seat
        rounds.append(
            RoundFacts(
                r,
                ended=ended,
                doubled=ended and result is not None and result.doubled,
                columns_made=made.get(r, 0),
                columns_missed=missed.get(r, 0),
                points=result.points[seat] if result is not None else None,
            )
        )
    return SeatFacts(seat, tuple(rounds))


def _turn(before: State, move: TurnMove, seat: int) -> tuple[int, bool]:
    """How many columns ``seat``'s turn ``move`` completed, and whether a card it
    could place would have completed one."""
    grid = before.grids[seat]
    chance = before.discard_top is not None and _completes_any(grid, before.discard_top, before)
    completed = 0
    state = before
    for player, action in move_actions(move):
        state, events = engine.step(state, action, player=player)
        if isinstance(action, Draw) and state.held is not None:
            chance = chance or _completes_any(grid, state.held, before)
        if isinstance(action, Swap | Flip):
            completed += _placed_columns(events, seat)
    return completed, chance


def _placed_columns(events: tuple[object, ...], seat: int) -> int:
    """The columns of ``seat`` that a placement's events remove before any card
    is revealed at the round's end."""
    count = 0
    for event in events:
        if isinstance(event, CardRevealed):
            break
        if isinstance(event, ColumnRemoved) and event.player == seat:
            count += 1
    return count


def _completes_any(grid: Grid, card: int, state: State) -> bool:
    """Whether ``card``, placed somewhere in ``grid``, makes three equal face-up
    cards of a positive value in a column the rules remove."""
    if card <= 0 or not state.rules.removes_column(card):
        return False
    shown = grid.public.cards
    for p in grid.public.present:
        a, b = PARTNERS[p]
        if shown[p] != card and shown[a] == card and shown[b] == card:
            return True
    return False
