"""Who starts a round: in the first round the player whose two revealed cards
show the highest sum, later the player who ended the previous round.

The first-round tie rule is the engine's (:func:`skyjo.scoring.first_round_starter`:
the earliest seat among the tied), so the pad and a game on screen agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from skyjo import scoring
from skyjo.cards import CARD_VALUES, MAX_CARD, MIN_CARD
from skyjo.web.scorepad.errors import RoundError
from skyjo.web.scorepad.model import ScorePad, is_over, tied_for_win


class StartReason(StrEnum):
    """Why a player starts the next round."""

    HIGHEST_OPENING = "highest_opening"
    """First round: the highest sum of two revealed cards, alone."""
    TIED_OPENING = "tied_opening"
    """First round: several share the highest sum; the earliest seat among them starts."""
    PREVIOUS_FINISHER = "previous_finisher"
    """Later rounds (and the tiebreak, if they play it): who ended the last round."""
    NEXT_AFTER_FINISHER = "next_after_finisher"
    """Tiebreak whose players do not include the last finisher: the first of
    them clockwise after the finisher (a decision of ours; no rule text says)."""


@dataclass(frozen=True, slots=True)
class Starter:
    """Who starts and why. ``opening_sums`` (first round only) are each seat's two
    revealed cards added up; ``tied`` are the seats sharing the highest of them;
    ``after_round`` is the round whose finisher decides later starts."""

    seat: int
    player: str
    reason: StartReason
    opening_sums: tuple[int, ...] = ()
    tied: tuple[int, ...] = ()
    after_round: int | None = None


def who_starts(
    pad: ScorePad, *, revealed: Sequence[tuple[int, int]] | None = None
) -> Starter | None:
    """Who starts the next round of ``pad``.

    Before the first round this needs ``revealed`` (each seat's two face-up
    cards) and returns ``None`` without it. Later rounds ignore ``revealed``.
    After the game, the tiebreak's starter while one is on offer, else ``None``."""
    if not pad.rounds:
        if revealed is None:
            return None
        return _first_round(pad, revealed)
    last = len(pad.rounds)
    finisher = pad.rounds[-1].finisher
    if not is_over(pad):
        return Starter(
            finisher, pad.players[finisher], StartReason.PREVIOUS_FINISHER, after_round=last
        )
    tied = tied_for_win(pad)
    if not tied or pad.tiebreak is not None:
        return None
    if finisher in tied:
        return Starter(
            finisher, pad.players[finisher], StartReason.PREVIOUS_FINISHER, after_round=last
        )
    n = len(pad.players)
    seat = next(s for s in ((finisher + k) % n for k in range(1, n)) if s in tied)
    return Starter(seat, pad.players[seat], StartReason.NEXT_AFTER_FINISHER, after_round=last)


def _first_round(pad: ScorePad, revealed: Sequence[tuple[int, int]]) -> Starter:
    if len(revealed) != len(pad.players):
        raise RoundError(
            f"revealed cards for {len(revealed)} players, but {len(pad.players)} play",
            round_number=1,
        )
    for seat, cards in enumerate(revealed):
        name = pad.players[seat]
        if len(cards) != 2:
            raise RoundError(
                f"{name} reveals two cards, not {len(cards)}",
                round_number=1,
                seat=seat,
                player=name,
            )
        for card in cards:
            if isinstance(card, bool) or card not in CARD_VALUES:
                raise RoundError(
                    f"{name}'s revealed card {card!r} is not a Skyjo card "
                    f"(cards are {MIN_CARD} to {MAX_CARD})",
                    round_number=1,
                    seat=seat,
                    player=name,
                )
    sums = tuple(a + b for a, b in revealed)
    seat = scoring.first_round_starter(sums)
    tied = tuple(s for s, v in enumerate(sums) if v == sums[seat])
    reason = StartReason.TIED_OPENING if len(tied) > 1 else StartReason.HIGHEST_OPENING
    return Starter(seat, pad.players[seat], reason, opening_sums=sums, tied=tied)
