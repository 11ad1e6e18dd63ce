"""Grades and accuracy: the thresholds docs/review.md documents."""

from __future__ import annotations

import math

import pytest

from skyjo.review.grades import Grade, accuracy, decision_accuracy, grade


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (1.4, Grade.GOOD),
        (1.5, Grade.INACCURACY),
        (2.9, Grade.INACCURACY),
        (3.0, Grade.MISTAKE),
        (5.9, Grade.MISTAKE),
        (6.0, Grade.BLUNDER),
        (25.0, Grade.BLUNDER),
    ],
)
def test_a_loss_is_graded_by_the_documented_thresholds(loss: float, expected: Grade) -> None:
    assert grade(loss, best=False) is expected


def test_no_loss_is_best_only_for_the_experts_move_or_one_as_good() -> None:
    assert grade(0.0, best=True) is Grade.BEST
    assert grade(0.0, best=False) is Grade.GOOD
    # A certain loss is never "best", whatever the flag says.
    assert grade(1.5, best=True) is Grade.INACCURACY


def test_only_inaccuracies_and_worse_are_listed() -> None:
    assert [g for g in Grade if g.is_flagged] == [Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER]


def test_accuracy_falls_from_100_with_the_points_lost() -> None:
    assert decision_accuracy(0.0) == 100.0
    assert decision_accuracy(3.0) == pytest.approx(100 / math.e)
    assert decision_accuracy(1.0) > decision_accuracy(2.0) > decision_accuracy(6.0) > 0
    assert accuracy([0.0, 3.0]) == pytest.approx((100 + 100 / math.e) / 2)
    assert accuracy([]) is None
