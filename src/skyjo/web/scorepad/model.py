"""The score pad for games played with real cards: who plays, under which rule
options, and what was written down each round.

A :class:`ScorePad` holds only the facts a person enters (names, rule options,
each round's raw sums and who ended it); everything else (points, totals,
leaders, the end of the game, the winners) is derived from them in
:mod:`skyjo.web.scorepad.sheet`, so correcting a past round recomputes everything
and nothing can drift. The doubling rule is never applied here: the derived
sheet asks :mod:`skyjo.scoring`, the one implementation the engine also uses.

A pad checks itself when it is built, so no invalid pad exists: every
transition below returns a new pad or raises a :class:`ScorePadError` and the
old pad stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeVar

from skyjo import scoring
from skyjo.rules import Rules
from skyjo.web.scorepad.errors import (
    FinisherError,
    GameOverError,
    MissingSumError,
    PlayersError,
    RoundError,
    SumOutOfBoundsError,
    TiebreakError,
)

_T = TypeVar("_T")

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8
MANUAL_RULES: Final = Rules()
"""The default rule options: the Magilano manual, as in the engine."""


@dataclass(frozen=True, slots=True)
class Round:
    """One line of the pad: each seat's raw sum (the cards in the layout, before
    any doubling) and the seat of the player who ended the round."""

    raw: tuple[int, ...]
    finisher: int


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """The optional extra round after a game that ended with a shared lowest
    total. Only the tied players play it; the others' entries are ``None``.

    It decides the win among them and is not added to the totals: the others did
    not play, so adding it could lift a tied player above someone who lost."""

    raw: tuple[int | None, ...]
    finisher: int


@dataclass(frozen=True, slots=True)
class RoundDraft:
    """A round as entered so far: ``None`` for a sum not typed yet, and the seats
    marked as finisher (a list, so that two marks can be refused by name rather
    than made impossible to express)."""

    raw: tuple[int | None, ...]
    finishers: tuple[int, ...] = ()

    @classmethod
    def of(cls, raw: Sequence[int | None], finisher: int | None) -> RoundDraft:
        """A draft with at most one finisher mark, the usual case."""
        return cls(tuple(raw), () if finisher is None else (finisher,))


@dataclass(frozen=True, slots=True)
class ScorePad:
    """Players in seating order (who starts after a tie on the opening cards and
    the clockwise order both follow it), the rule options and the rounds so far.

    Building one checks every invariant; see the module docstring."""

    players: tuple[str, ...]
    rules: Rules = MANUAL_RULES
    rounds: tuple[Round, ...] = ()
    tiebreak: Tiebreak | None = None

    def __post_init__(self) -> None:
        _check_players(self.players)
        for number, line in enumerate(self.rounds, start=1):
            _check_round(self.players, self.rules, line.raw, (line.finisher,), number, None)
        _check_game_end(self)
        if self.tiebreak is not None:
            tied = tied_for_win(replace(self, tiebreak=None))
            if not tied:
                raise TiebreakError("no tiebreak: the game has not ended with a shared win")
            _check_round(
                self.players, self.rules, self.tiebreak.raw, (self.tiebreak.finisher,), None, tied
            )

    @property
    def next_round_number(self) -> int:
        """The number the next regular round would have (rounds count from 1)."""
        return len(self.rounds) + 1


def new_pad(players: Iterable[str], rules: Rules = MANUAL_RULES) -> ScorePad:
    """A pad for a new game; names are stripped of surrounding spaces."""
    return ScorePad(tuple(name.strip() for name in players), rules)


def points(pad: ScorePad, line: Round) -> tuple[int, ...]:
    """The points each player writes down for ``line`` (the finisher's maybe doubled)."""
    return scoring.round_points(line.raw, line.finisher, pad.rules)


def totals(pad: ScorePad, *, after: int | None = None) -> tuple[int, ...]:
    """Each player's total after round ``after`` (default: after the last round)."""
    result = [0] * len(pad.players)
    for line in pad.rounds[:after]:
        for seat, value in enumerate(points(pad, line)):
            result[seat] += value
    return tuple(result)


def is_over(pad: ScorePad) -> bool:
    """Whether someone's total has reached the target (exactly the target counts)."""
    return bool(pad.rounds) and scoring.is_game_over(totals(pad), pad.rules)


def tied_for_win(pad: ScorePad) -> tuple[int, ...]:
    """The seats sharing the lowest total of a finished game: the players of the
    tiebreak on offer. Empty while the game runs or when one player won alone."""
    if not is_over(pad):
        return ()
    best = scoring.winners(totals(pad))
    return best if len(best) > 1 else ()


# ---- players -------------------------------------------------------------------


def rename_player(pad: ScorePad, seat: int, name: str) -> ScorePad:
    """The same game with one player renamed (their rounds stay theirs)."""
    _check_seat(pad.players, seat)
    players = list(pad.players)
    players[seat] = name.strip()
    return replace(pad, players=tuple(players))


def move_player(pad: ScorePad, seat: int, to_seat: int) -> ScorePad:
    """The same game with one player moved to another seat; their sums move
    with them, so every total stays with its name."""
    _check_seat(pad.players, seat)
    _check_seat(pad.players, to_seat)
    order = list(range(len(pad.players)))
    order.insert(to_seat, order.pop(seat))
    new_seat = {old: new for new, old in enumerate(order)}

    rounds = tuple(Round(_permuted(r.raw, order), new_seat[r.finisher]) for r in pad.rounds)
    tiebreak = None
    if pad.tiebreak is not None:
        tiebreak = Tiebreak(_permuted(pad.tiebreak.raw, order), new_seat[pad.tiebreak.finisher])
    return ScorePad(_permuted(pad.players, order), pad.rules, rounds, tiebreak)


def _permuted(values: tuple[_T, ...], order: Sequence[int]) -> tuple[_T, ...]:
    return tuple(values[old] for old in order)


def add_player(pad: ScorePad, name: str) -> ScorePad:
    """A new player at the end of the table; only before the first round, since
    a late player would have no sums for the rounds already played."""
    if pad.rounds:
        raise PlayersError(
            f"cannot add {name.strip()!r} after round {len(pad.rounds)}: "
            "players can only be added before the first round"
        )
    return replace(pad, players=(*pad.players, name.strip()))


def remove_player(pad: ScorePad, seat: int) -> ScorePad:
    """The table without one player; only before the first round (removing a
    column would change who finished and who was doubled in past rounds)."""
    _check_seat(pad.players, seat)
    if pad.rounds:
        raise PlayersError(
            f"cannot remove {pad.players[seat]} after round {len(pad.rounds)}: "
            "players can only be removed before the first round"
        )
    return replace(pad, players=pad.players[:seat] + pad.players[seat + 1 :])


def change_rules(pad: ScorePad, rules: Rules) -> ScorePad:
    """The same rounds scored under other rule options (seed 002 lets the target
    change mid-game). Refused if a past sum falls outside the new bounds or the
    game would now have ended before its last round."""
    return replace(pad, rules=rules)


# ---- rounds --------------------------------------------------------------------


def check_draft(pad: ScorePad, draft: RoundDraft, *, round_number: int) -> Round:
    """The complete round ``draft`` describes, or the first reason it cannot be.

    Checks, in the order a person fixes them: one entry per player, every sum
    typed, every sum within :func:`skyjo.scoring.layout_bounds`, exactly one
    finisher. The keypad calls this for early feedback before the round is entered."""
    _check_round(pad.players, pad.rules, draft.raw, draft.finishers, round_number, None)
    return Round(tuple(v for v in draft.raw if v is not None), draft.finishers[0])


def enter_round(pad: ScorePad, draft: RoundDraft) -> ScorePad:
    """The pad with one more round. Refused once the game is over: then only a
    tiebreak (if the win is shared) or a correction can follow."""
    if is_over(pad):
        raise GameOverError(
            f"the game ended after round {len(pad.rounds)} "
            f"({_reached_text(pad, len(pad.rounds))}); "
            "correct or delete a round, or play the tiebreak if the win is shared"
        )
    line = check_draft(pad, draft, round_number=pad.next_round_number)
    return replace(pad, rounds=(*pad.rounds, line))


def correct_round(pad: ScorePad, round_number: int, draft: RoundDraft) -> ScorePad:
    """The pad with round ``round_number`` (from 1) replaced; every later total,
    the end of the game and the winners follow from the new sums."""
    _check_round_number(pad, round_number)
    line = check_draft(pad, draft, round_number=round_number)
    rounds = list(pad.rounds)
    rounds[round_number - 1] = line
    return replace(pad, rounds=tuple(rounds))


def delete_round(pad: ScorePad, round_number: int) -> ScorePad:
    """The pad without round ``round_number``; later rounds move up one number."""
    _check_round_number(pad, round_number)
    return replace(pad, rounds=pad.rounds[: round_number - 1] + pad.rounds[round_number:])


def enter_tiebreak(pad: ScorePad, draft: RoundDraft) -> ScorePad:
    """The pad with the tiebreak played among :func:`tied_for_win`; the others'
    entries in ``draft`` must be ``None``."""
    if not tied_for_win(pad):
        raise TiebreakError("no tiebreak on offer: the game has not ended with a shared win")
    if pad.tiebreak is not None:
        raise TiebreakError("the tiebreak is already entered; correct or delete it")
    return _with_tiebreak(pad, draft)


def correct_tiebreak(pad: ScorePad, draft: RoundDraft) -> ScorePad:
    """The pad with the tiebreak's sums or finisher replaced."""
    if pad.tiebreak is None:
        raise TiebreakError("no tiebreak to correct")
    return _with_tiebreak(pad, draft)


def delete_tiebreak(pad: ScorePad) -> ScorePad:
    """The pad without its tiebreak: the win is shared again."""
    return replace(pad, tiebreak=None)


def _with_tiebreak(pad: ScorePad, draft: RoundDraft) -> ScorePad:
    tied = tied_for_win(pad)
    _check_round(pad.players, pad.rules, draft.raw, draft.finishers, None, tied)
    return replace(pad, tiebreak=Tiebreak(draft.raw, draft.finishers[0]))


# ---- checks ----------------------------------------------------------------------


def _check_players(players: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PlayersError(
            f"Skyjo is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    seen: dict[str, int] = {}
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise PlayersError(f"player {seat + 1} needs a name")
        key = name.strip().casefold()
        if key in seen:
            raise PlayersError(
                f"players {seen[key] + 1} and {seat + 1} are both called {name!r}; "
                "names must differ to tell the columns apart"
            )
        seen[key] = seat


def _check_seat(players: tuple[str, ...], seat: int) -> None:
    if not 0 <= seat < len(players):
        raise PlayersError(f"no seat {seat}: seats are 0 to {len(players) - 1}")


def _check_round_number(pad: ScorePad, round_number: int) -> None:
    if not 1 <= round_number <= len(pad.rounds):
        played = f"rounds are 1 to {len(pad.rounds)}" if pad.rounds else "no round is entered yet"
        raise RoundError(f"no such round ({played})", round_number=round_number)


def _check_round(
    players: tuple[str, ...],
    rules: Rules,
    raw: tuple[int | None, ...],
    finishers: tuple[int, ...],
    round_number: int | None,
    playing: tuple[int, ...] | None,
) -> None:
    """Check one round's entries; ``playing`` limits who plays (the tiebreak)."""
    if len(raw) != len(players):
        raise RoundError(
            f"{len(raw)} sums for {len(players)} players ({', '.join(players)})",
            round_number=round_number,
        )
    seats = range(len(players)) if playing is None else playing
    low, high = scoring.layout_bounds(rules)
    for seat, value in enumerate(raw):
        name = players[seat]
        if seat not in seats:
            if value is not None:
                raise RoundError(
                    f"{name} does not play the tiebreak (only "
                    f"{_names(players, seats)} do) but has a sum",
                    round_number=round_number,
                    seat=seat,
                    player=name,
                )
            continue
        if value is None:
            raise MissingSumError(
                f"no sum for {name} yet", round_number=round_number, seat=seat, player=name
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise RoundError(
                f"{name}'s sum must be a whole number, not {value!r}",
                round_number=round_number,
                seat=seat,
                player=name,
            )
        if not low <= value <= high:
            raise SumOutOfBoundsError(
                f"{name}'s sum {value} is not possible: under these rule options "
                f"a layout sums to {low} to {high}",
                round_number=round_number,
                seat=seat,
                player=name,
                value=value,
                low=low,
                high=high,
            )
    marked = tuple(dict.fromkeys(finishers))
    for seat in marked:
        if seat not in seats:
            who = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
            raise FinisherError(
                f"{who} cannot have ended the round: only {_names(players, seats)} played it",
                round_number=round_number,
                finishers=marked,
            )
    if not marked:
        raise FinisherError(
            "nobody is marked as having ended the round; every round has exactly one finisher",
            round_number=round_number,
            finishers=marked,
        )
    if len(marked) > 1:
        raise FinisherError(
            f"{_names(players, marked)} are all marked as having ended the round; "
            "only one player can end it",
            round_number=round_number,
            finishers=marked,
        )


def _check_game_end(pad: ScorePad) -> None:
    """Only the last round may end the game: a round after the end cannot have
    been played, so a correction that moves the end earlier is refused."""
    for number in range(1, len(pad.rounds)):
        if scoring.is_game_over(totals(pad, after=number), pad.rules):
            later = (
                f"round {number + 1} follows"
                if number + 1 == len(pad.rounds)
                else f"rounds {number + 1} to {len(pad.rounds)} follow"
            )
            raise GameOverError(
                f"the game would have ended after round {number} "
                f"({_reached_text(pad, number)}), but {later} it; "
                "delete the later rounds first or enter a different sum"
            )


def _reached_text(pad: ScorePad, after: int) -> str:
    running = totals(pad, after=after)
    reached = [
        f"{pad.players[seat]} has {total}"
        for seat, total in enumerate(running)
        if total >= pad.rules.target
    ]
    return f"{', '.join(reached)}, target {pad.rules.target}"


def _names(players: tuple[str, ...], seats: Iterable[int]) -> str:
    names = [players[seat] for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
