"""Grades and accuracy, as chess players know them from chess.com and Lichess,
in the points a Skyjo player loses instead of winning chances.

Each rated decision gets a grade by the points it lost against the expert's
move (:func:`grade`), and a player gets an accuracy for the game and for each
round (:func:`accuracy`). The thresholds are chosen from the data of
``benchmarks/review_quality.py``; docs/review.md says how and why.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum
from typing import Final

#: Points lost from which a decision is an inaccuracy, a mistake, a blunder.
INACCURACY: Final = 1.5
MISTAKE: Final = 3.0
BLUNDER: Final = 6.0
#: Points lost at which a decision's accuracy has fallen to 1/e (37%): a
#: mistake's worth.
ACCURACY_SCALE: Final = 3.0


class Grade(StrEnum):
    """A decision's grade, best first."""

    BEST = "best"
    """The expert's own move, or one the playouts rate at least as well."""
    GOOD = "good"
    """Within the noise of the expert's move, or less than :data:`INACCURACY` worse."""
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def is_flagged(self) -> bool:
        """Whether a review lists the decision (an inaccuracy or worse)."""
        return self in FLAGGED


#: The grades a review lists, in order of weight.
FLAGGED: Final = (Grade.BLUNDER, Grade.MISTAKE, Grade.INACCURACY)


def grade(loss: float, *, best: bool) -> Grade:
    """The grade of a decision that lost ``loss`` points (0 unless the loss is
    certain, see :mod:`skyjo.review.judge`); ``best`` when the move played was
    the expert's or the playouts rated it at least as well."""
    if loss >= BLUNDER:
        return Grade.BLUNDER
    if loss >= MISTAKE:
        return Grade.MISTAKE
    if loss >= INACCURACY:
        return Grade.INACCURACY
    return Grade.BEST if best and loss == 0 else Grade.GOOD


def decision_accuracy(loss: float) -> float:
    """A decision's accuracy in percent: 100 for no loss, falling off
    exponentially with the points lost (:data:`ACCURACY_SCALE`)."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


def accuracy(losses: Iterable[float]) -> float | None:
    """The mean accuracy of the decisions that lost ``losses`` points (None
    without decisions)."""
    values = [decision_accuracy(loss) for loss in losses]
    return sum(values) / len(values) if values else None
