"""A game record as frames: the state after each deal and move, with its events.

The replay viewer steps back and forth through the frames, and an embed showing
a record or a scenario plays them on from its start. Frames come from the
checked engine (the same moves ``record.replay_steps`` applies), so stepping
back is only looking at an earlier frame: states are immutable, nothing is
undone. The events are kept so a page can animate a move and tell the host when
a round was scored.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo import engine, record
from skyjo.actions import Deal
from skyjo.events import Event, GameEnded, RoundScored
from skyjo.record import GameRecord, Move
from skyjo.scenarios import play_move
from skyjo.state import State


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one record move. ``move_number`` 0 is a round's deal;
    ``index`` counts the record's moves over all rounds (deals not counted), the
    ``start=`` of an embed URL."""

    round_number: int
    move_number: int
    index: int
    move: Move | Deal
    state: State
    events: tuple[Event, ...]

    @property
    def round_scored(self) -> RoundScored | None:
        return next((e for e in self.events if isinstance(e, RoundScored)), None)

    @property
    def game_ended(self) -> GameEnded | None:
        return next((e for e in self.events if isinstance(e, GameEnded)), None)


def frames(game: GameRecord) -> tuple[Frame, ...]:
    """Every frame of ``game``: each round's deal, then each move. A pending take
    (a game saved mid-turn) is left out: it is half a move.

    An invalid record raises :class:`~skyjo.errors.RecordError`, as
    ``record.replay`` would (it is replayed first, for its error messages)."""
    record.replay(game)
    state = engine.new_game(len(game.players), game.rules)
    result: list[Frame] = []
    index = 0
    for r, rnd in enumerate(game.rounds, start=1):
        state, events = engine.step(state, rnd.deal)
        result.append(Frame(r, 0, index, rnd.deal, state, events))
        for m, move in enumerate(rnd.moves, start=1):
            state, events = play_move(state, move)
            index += 1
            result.append(Frame(r, m, index, move, state, events))
    return tuple(result)


def frame_at(reel: tuple[Frame, ...], index: int) -> int:
    """The position in ``reel`` of the table after ``index`` record moves: the
    last frame with that index (a following deal belongs to the next move)."""
    found = 0
    for position, frame in enumerate(reel):
        if frame.index <= index:
            found = position
    return found


def move_counter(reel: tuple[Frame, ...], position: int) -> tuple[int, int]:
    """The "Move N of M" of the frame at ``position``: N and M count the record's moves
    over all rounds, deals not counted, exactly as an embed's ``start=N`` does, so
    the number a reader sees (in an embed or the replay viewer) is the number an
    author writes into ``start=``."""
    return reel[position].index, reel[-1].index


def round_starts(reel: tuple[Frame, ...]) -> tuple[int, ...]:
    """The position of each round's deal frame, round 1 first."""
    return tuple(p for p, f in enumerate(reel) if f.move_number == 0)


def taken_back(game: GameRecord, frame: Frame) -> tuple[tuple[Frame, int], ...]:
    """The moves taken back right after ``frame`` (the game page's Undo), each as
    the frame of the player's own turn that was taken back and how many moves after
    it went with it (other players' turns, a turn under way), oldest first."""
    if frame.round_number > len(game.rounds):
        return ()
    found = []
    for entry in game.rounds[frame.round_number - 1].taken_back:
        if entry.at == frame.move_number and frame.move_number > 0:
            state, events = play_move(frame.state, entry.turn)
            later = sum(1 for m in entry.moves[1:] if isinstance(m, record.TurnMove))
            later += entry.pending is not None
            turn = Frame(
                frame.round_number, frame.move_number + 1, frame.index, entry.turn, state, events
            )
            found.append((turn, later))
    return tuple(found)
