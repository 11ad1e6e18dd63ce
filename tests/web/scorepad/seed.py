"""Seed 001's 3-player example, as the seed prints it, and a helper to enter rounds.

The seed's sheet (points written down) and its prose (raw sums and who ended)
are kept apart, so tests compare what the pad computes from the raw sums with
what the seed's authors wrote, not with a second computation of ours.
"""

from __future__ import annotations

from collections.abc import Iterable

from skyjo.rules import Rules
from skyjo.web.scorepad.model import RoundDraft, ScorePad, enter_round, new_pad

PLAYERS = ("Lena", "Jonas", "Mia")
LENA, JONAS, MIA = 0, 1, 2

# (raw sums of Lena, Jonas, Mia; who ended the round), from the seed's prose.
SEED_ROUNDS: tuple[tuple[tuple[int, int, int], int], ...] = (
    ((9, 21, 14), MIA),
    ((4, 17, 12), LENA),
    ((13, 6, 6), JONAS),
    ((-3, 9, -5), LENA),
)
# The seed's score sheet: the points each wrote down, and the totals.
SEED_SHEET = ((9, 21, 28), (4, 17, 12), (13, 12, 6), (-3, 9, -5))
SEED_TOTALS = (23, 59, 41)


def played(pad: ScorePad, rounds: Iterable[tuple[tuple[int, ...], int]]) -> ScorePad:
    """``pad`` with each (raw sums, finisher) entered as the next round."""
    for raw, finisher in rounds:
        pad = enter_round(pad, RoundDraft.of(raw, finisher))
    return pad


def seed_pad(**rules: object) -> ScorePad:
    """Seed 001's four rounds entered under the manual's rules (or ``rules``)."""
    return played(new_pad(PLAYERS, Rules.from_dict(rules)), SEED_ROUNDS)
