"""The decisions one seat took in a game record, each with what that seat saw.

A record move is a whole turn; a turn is two decisions (take the discard pile's
card or draw, then where the card goes), and the review rates both, because a
person can go wrong in either. Setup flips are not rated: before anything is
known, every face-down card is as good as another.

Each decision keeps only the seat's :class:`~skyjo.view.PlayerView` at that
moment, never the state: what the review may use is what the player could see.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.record import GameRecord, PendingTake, TurnMove, replay_steps
from skyjo.state import State
from skyjo.view import PlayerView, view_of


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One choice of the reviewed seat: ``round_number`` and ``turn`` (the seat's
    own turns in that round, from 1), the seat's ``view`` just before it, and
    the action ``played``."""

    round_number: int
    turn: int
    view: PlayerView
    played: PlayerAction


def decision_points(game: GameRecord, seat: int) -> tuple[DecisionPoint, ...]:
    """Every rated decision of ``seat`` in ``game``, in the order they were taken.

    Decisions with only one legal action (drawing when the discard pile is empty,
    placing the last card there is) are left out: there was nothing to choose.
    The record is replayed and checked; an invalid one raises ``RecordError``."""
    if not 0 <= seat < len(game.players):
        raise ValueError(f"there is no seat {seat} in a {len(game.players)}-player game")
    points: list[DecisionPoint] = []
    before: State | None = None
    turn = 0
    for step in replay_steps(game):
        move = step.move
        if step.move_number == 0:
            turn = 0
        elif isinstance(move, TurnMove | PendingTake) and move.player == seat and before:
            turn += 1
            take: PlayerAction = TakeDiscard() if move.take == "discard" else Draw()
            _add(points, step.round_number, turn, view_of(before, seat), take)
            if isinstance(move, TurnMove):
                held = engine.apply(before, take, player=seat)
                place: PlayerAction = Flip(move.position) if move.flip else Swap(move.position)
                _add(points, step.round_number, turn, view_of(held, seat), place)
        before = step.state
    return tuple(points)


def _add(
    points: list[DecisionPoint],
    round_number: int,
    turn: int,
    view: PlayerView,
    played: PlayerAction,
) -> None:
    if len(view.legal_actions) > 1:
        points.append(DecisionPoint(round_number, turn, view, played))
