"""The confidence rule of the review's comparisons (issue 23): a loss is said
only when the better move is better beyond the noise, and its margin is
measured with other random numbers than the expert's choice."""

from __future__ import annotations

import random

from skyjo.actions import Flip, Swap
from skyjo.review.judge import (
    FIRST,
    MEASURE,
    MEASURE_MOST,
    MOST,
    Comparison,
    at_stake,
    measure_in_steps,
    screen_in_steps,
)
from skyjo.state import Phase
from skyjo.steps import run_steps
from skyjo.view import PlayerView, view_of
from tests.builders import table

DOWN = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [12]"


def holding(card: int, grid: str = DOWN) -> PlayerView:
    """Lena's view, all her cards face down but what ``grid`` shows, with a
    drawn ``card`` in hand."""
    return view_of(table([grid, DOWN], phase=Phase.PLACE_DRAWN, held=card), 0)


def test_two_moves_alike_but_for_luck_are_never_a_loss() -> None:
    # Turning one face-down card or another of an all face-down grid: the same
    # move but for which unknown card turns up. Whatever the random numbers,
    # the review never calls one a loss against the other.
    view = holding(5)
    for seed in range(20):
        comparison = run_steps(screen_in_steps(view, Flip(5), Flip(6), random.Random(seed)))
        assert not comparison.is_loss, (seed, comparison)


def test_keeping_a_twelve_on_a_face_down_card_is_a_clear_loss_settled_early() -> None:
    view = holding(12)
    comparison = run_steps(screen_in_steps(view, Flip(5), Swap(5), random.Random(1)))
    assert comparison.is_loss and comparison.mean > 2
    # Clear before the most samples.
    assert comparison.samples < MOST
    assert comparison.horizon == 3 and not at_stake(view)


def looked(samples: int, mean: float, se: float) -> Comparison:
    return Comparison(samples, mean, se, 3, 0.0, (0.0, 0.0))


def test_a_difference_is_a_loss_only_when_clear_of_the_noise_and_a_grade() -> None:
    assert looked(64, 2.0, 0.5).is_loss  # 2.0 − 2.5 × 0.5 = 0.75 > 0.5
    assert not looked(64, 2.0, 0.7).is_loss  # 0.25: within the noise
    assert not looked(256, 1.4, 0.05).is_loss  # certain, but below an inaccuracy


def test_a_difference_is_fine_when_clearly_below_an_inaccuracy() -> None:
    assert looked(FIRST, 0.6, 0.5).is_fine  # 0.6 + 0.5 < 1.5
    assert not looked(FIRST, 1.7, 0.6).is_fine  # could be either
    assert not looked(FIRST, 1.0, 0.6).is_fine  # 1.6: could be an inaccuracy


def test_a_measurement_goes_on_while_its_grade_hangs_on_the_noise() -> None:
    # Issue 23's stability: a measured loss within 1.5 standard errors of the
    # 1.5-point line would often be graded the other way by another seed, so the
    # measurement takes more samples; once it is that clear of the line, it stops.
    assert looked(MEASURE, 2.5, 0.6).line_is_clear  # 1.0 > 1.5 × 0.6
    assert not looked(MEASURE, 2.3, 0.6).line_is_clear  # 0.8: could be either
    assert not looked(MEASURE, 0.7, 0.6).line_is_clear
    assert looked(MEASURE, 0.5, 0.6).line_is_clear
    assert looked(4 * MEASURE, 1.7, 0.1).line_is_clear  # near the line, but sure
    assert MEASURE_MOST >= 4 * MEASURE


def test_a_loss_is_measured_to_the_end_of_the_round_on_other_samples() -> None:
    view = holding(12)
    measured = run_steps(measure_in_steps(view, Flip(5), Swap(5), random.Random(1)))
    assert measured.horizon is None and measured.reached_end == 1.0
    assert measured.samples >= MEASURE and measured.mean > 1


def test_where_the_seat_may_end_the_round_the_playouts_reach_its_end() -> None:
    grid = "1 0 1 0 / 0 1 0 1 / 2 2 3 [9]"
    view = holding(4, grid)
    assert at_stake(view)
    comparison = run_steps(screen_in_steps(view, Swap(10), Flip(11), random.Random(2)))
    assert comparison.horizon is None and comparison.reached_end == 1.0


def test_ending_a_round_safely_lowest_is_never_a_loss_against_carrying_on() -> None:
    # Intent (issue 20, item 12): the review called the move that ended a round
    # with the lowest score its costliest decision. Lena (about 3 points) ends
    # the round with a −2 on her last face-down card while Jonas shows 28 and
    # has four cards down; carrying on instead is compared by playing both to
    # the round's end, and is never found better.
    mine = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [9]"
    theirs = "3 4 3 4 / 4 3 4 3 / [3] [4] [3] [9]"
    view = view_of(table([mine, theirs], phase=Phase.PLACE_DRAWN, held=-2), 0)
    for seed in range(6):
        screen = run_steps(screen_in_steps(view, Swap(1), Swap(11), random.Random(seed)))
        assert screen.horizon is None and not screen.is_loss, (seed, screen)
        assert screen.mean < 0  # ending it is the better move
