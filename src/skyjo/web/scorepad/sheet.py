"""What the page shows: the round history, running totals, leaders, the end of
the game, the winners and why each finisher's points are what they are.

Everything here is derived from a :class:`~skyjo.web.scorepad.model.ScorePad` by
pure functions, so the page repaints from :func:`score_sheet` after every entry
and a corrected round can never leave a stale total behind. Explanations are
data (a reason code plus the names and numbers involved) rather than sentences,
so the page can phrase them in German, English or Dutch; :func:`describe` is the
English phrasing, for logs, tests and as a model for the translations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skyjo import scoring
from skyjo.rules import Rules
from skyjo.scoring import DoublingReason
from skyjo.web.scorepad.model import (
    RoundDraft,
    ScorePad,
    check_draft,
    is_over,
    points,
    tied_for_win,
    totals,
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A player named in an explanation, with their raw sum that round."""

    seat: int
    player: str
    raw: int


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why the finisher writes down ``points``.

    ``rivals`` are the players at or below the finisher's raw sum (lower ones
    undercut, equal ones tie; compare ``raw`` to tell them apart). When
    ``doubled`` is false, marking the finisher changed no points: the page shows
    that as information (the mark still says who starts next), not as an error."""

    reason: DoublingReason
    finisher: Mention
    rivals: tuple[Mention, ...]
    doubled: bool
    points: int

    @property
    def mark_changes_points(self) -> bool:
        """Whether the finisher mark changed the finisher's points (it doubled them)."""
        return self.doubled


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One row of the round history. ``number`` counts from 1; ``totals`` are the
    running totals after this round; ``ends_game`` marks the round that reached
    the target (only ever the last one)."""

    number: int
    raw: tuple[int, ...]
    points: tuple[int, ...]
    finisher: int
    explanation: Explanation
    totals: tuple[int, ...]
    ends_game: bool


@dataclass(frozen=True, slots=True)
class TiebreakLine:
    """The tiebreak as played: ``seats`` are the tied players who played it,
    ``points`` has ``None`` for those who sat out, ``winners`` are the seats with
    the fewest tiebreak points (more than one: the win stays shared)."""

    seats: tuple[int, ...]
    raw: tuple[int | None, ...]
    points: tuple[int | None, ...]
    finisher: int
    explanation: Explanation
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Everything the page paints, derived from one pad.

    - ``leaders``: seats with the lowest total so far (empty before round 1).
    - ``reached_target``: seats whose total reached the target (game over if any).
    - ``winners``: when the game is over, the seats that win: the lowest total,
      narrowed by the tiebreak if one was played; empty while the game runs.
    - ``tiebreak_offered``: the tied seats while a tiebreak may still be played.
    - ``bounds``: the lowest and highest sum a layout can have, for the keypad."""

    players: tuple[str, ...]
    rules: Rules
    lines: tuple[RoundLine, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    game_over: bool
    reached_target: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak_offered: tuple[int, ...]
    tiebreak: TiebreakLine | None
    bounds: tuple[int, int]

    @property
    def shared_win(self) -> bool:
        """Whether the game is over and more than one player wins."""
        return len(self.winners) > 1


def explain(players: Sequence[str], raw: Sequence[int], finisher: int, rules: Rules) -> Explanation:
    """The doubling verdict of :func:`skyjo.scoring.judge_finisher`, with names."""
    verdict = scoring.judge_finisher(raw, finisher, rules)
    written = scoring.round_points(raw, finisher, rules)[finisher]
    return Explanation(
        reason=verdict.reason,
        finisher=Mention(finisher, players[finisher], raw[finisher]),
        rivals=tuple(Mention(seat, players[seat], raw[seat]) for seat in verdict.rivals),
        doubled=verdict.doubled,
        points=written,
    )


def preview(pad: ScorePad, draft: RoundDraft, *, round_number: int | None = None) -> Explanation:
    """The explanation a draft would get if entered as round ``round_number``
    (default: the next round); raises the same errors as entering it."""
    number = pad.next_round_number if round_number is None else round_number
    line = check_draft(pad, draft, round_number=number)
    return explain(pad.players, line.raw, line.finisher, pad.rules)


def score_sheet(pad: ScorePad) -> ScoreSheet:
    """The whole derived sheet of ``pad``."""
    over = is_over(pad)
    lines: list[RoundLine] = []
    running = [0] * len(pad.players)
    last = len(pad.rounds)
    for number, line in enumerate(pad.rounds, start=1):
        written = points(pad, line)
        running = [t + p for t, p in zip(running, written, strict=True)]
        lines.append(
            RoundLine(
                number=number,
                raw=line.raw,
                points=written,
                finisher=line.finisher,
                explanation=explain(pad.players, line.raw, line.finisher, pad.rules),
                totals=tuple(running),
                ends_game=over and number == last,
            )
        )
    final = totals(pad)
    tied = tied_for_win(pad)
    tiebreak = _tiebreak_line(pad, tied)
    if not over:
        winners: tuple[int, ...] = ()
    elif tiebreak is not None:
        winners = tiebreak.winners
    else:
        winners = scoring.winners(final)
    return ScoreSheet(
        players=pad.players,
        rules=pad.rules,
        lines=tuple(lines),
        totals=final,
        leaders=scoring.winners(final) if pad.rounds else (),
        game_over=over,
        reached_target=tuple(s for s, t in enumerate(final) if over and t >= pad.rules.target),
        winners=winners,
        tiebreak_offered=tied if pad.tiebreak is None else (),
        tiebreak=tiebreak,
        bounds=scoring.layout_bounds(pad.rules),
    )


def _tiebreak_line(pad: ScorePad, tied: tuple[int, ...]) -> TiebreakLine | None:
    """Score the tiebreak as a round among the tied players only: the doubling
    rule compares the finisher with those who played it, nobody else."""
    if pad.tiebreak is None:
        return None
    raw = pad.tiebreak.raw
    played = tuple(raw[seat] or 0 for seat in tied)
    among = tied.index(pad.tiebreak.finisher)
    names = tuple(pad.players[seat] for seat in tied)
    written = scoring.round_points(played, among, pad.rules)
    inner = explain(names, played, among, pad.rules)
    explanation = Explanation(
        reason=inner.reason,
        finisher=Mention(tied[among], inner.finisher.player, inner.finisher.raw),
        rivals=tuple(Mention(tied[m.seat], m.player, m.raw) for m in inner.rivals),
        doubled=inner.doubled,
        points=inner.points,
    )
    by_seat = dict(zip(tied, written, strict=True))
    return TiebreakLine(
        seats=tied,
        raw=raw,
        points=tuple(by_seat.get(seat) for seat in range(len(pad.players))),
        finisher=pad.tiebreak.finisher,
        explanation=explanation,
        winners=tuple(tied[i] for i in scoring.winners(written)),
    )


def describe(explanation: Explanation) -> str:
    """The explanation in English, e.g. "Jonas ended with 6, Mia also has 6: doubled to 12"."""
    me = explanation.finisher
    lead = f"{me.player} ended with {me.raw}"
    others = ", ".join(
        f"{r.player} also has {r.raw}" if r.raw == me.raw else f"{r.player} has {r.raw}"
        for r in explanation.rivals
    )
    if explanation.reason is DoublingReason.ALONE_LOWEST:
        return f"{lead}, the lowest alone: stays {me.raw}"
    if explanation.reason is DoublingReason.TIE_FORGIVEN:
        return f"{lead}, {others}: a tie is not doubled under these rules, stays {me.raw}"
    if explanation.reason is DoublingReason.NOT_POSITIVE:
        return f"{lead}, {others}: 0 or less is not doubled, stays {me.raw}"
    return f"{lead}, {others}: doubled to {explanation.points}"
