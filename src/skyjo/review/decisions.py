"""The decisions one seat took in a game record, each with what that seat saw.

A record move is a whole turn; a turn is two decisions (take the discard pile's
card or draw, then where the card goes), and the review rates both, because a
person can go wrong in either. Setup flips are not rated: before anything is
known, every face-down card is as good as another.

Each decision keeps only the seat's :class:`~skyjo.view.PlayerView` at that
moment, never the state: what the review may use is what the player could see.
What the record says happened next (the round the move ended, and how it was
scored) is kept beside it for the words of a reason, never for the rating.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.record import GameRecord, PendingTake, TurnMove, replay_steps
from skyjo.state import RoundResult, State
from skyjo.view import PlayerView, view_of


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One choice of the reviewed seat: ``round_number`` and ``turn`` (the seat's
    own turns in that round, from 1), the seat's ``view`` just before it, and
    the action ``played``.

    Where it is in the record, for a page that shows the table at that moment:
    ``move_number`` is the turn's move in its round (from 1, the deal is 0) and
    ``move_index`` the record moves before that turn over all rounds (deals not
    counted), the index of :class:`skyjo.web.embed.reel.Frame` showing the table
    just before the turn (both decisions of a turn share it).

    ``ended_round`` is set when the move played turned or covered the seat's
    last face-down card first; ``result`` is then that round's score sheet, once
    the record has it (None while the round is unfinished)."""

    round_number: int
    turn: int
    view: PlayerView
    played: PlayerAction
    move_number: int = 0
    move_index: int = 0
    ended_round: bool = False
    result: RoundResult | None = None


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
    moves_before = 0
    for step in replay_steps(game):
        move = step.move
        if step.move_number == 0:
            turn = 0
        elif isinstance(move, TurnMove | PendingTake) and move.player == seat and before:
            turn += 1
            at = DecisionPoint(
                step.round_number,
                turn,
                view_of(before, seat),
                TakeDiscard() if move.take == "discard" else Draw(),
                move_number=step.move_number,
                move_index=moves_before,
            )
            _add(points, at)
            if isinstance(move, TurnMove):
                held = engine.apply(before, at.played, player=seat)
                place: PlayerAction = Flip(move.position) if move.flip else Swap(move.position)
                ended = before.finisher is None and step.state.finisher == seat
                _add(
                    points,
                    replace(at, view=view_of(held, seat), played=place, ended_round=ended),
                )
        if step.move_number > 0 and not isinstance(move, PendingTake):
            moves_before += 1
        before = step.state
    results = before.results if before is not None else ()
    return tuple(
        replace(p, result=results[p.round_number - 1])
        if p.ended_round and p.round_number <= len(results)
        else p
        for p in points
    )


def _add(points: list[DecisionPoint], point: DecisionPoint) -> None:
    if len(point.view.legal_actions) > 1:
        points.append(point)
