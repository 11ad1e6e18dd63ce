"""The review's budget (issue 40, part 3): a whole review spends at most
:data:`~skyjo.review.rating.SAMPLES` samples on measuring losses, so that a weak
player's review costs about what a strong one's does. Every loss gets its first
batch in the order of the game; what is left goes a batch at a time to the
verdict nearest the inaccuracy line, and a verdict clear of it is measured no
further. In samples, not seconds: the review stays the same on every machine.

A random-playing seat has many losses to measure; small batches (16 samples,
a standard error of about 2 points) leave most of them unclear, so the budget
is what stops the measuring."""

from __future__ import annotations

import random

from skyjo.actions import Flip, Swap
from skyjo.review import Reviewer
from skyjo.review.judge import MEASURE_MOST, measure_in_steps, measurement
from skyjo.review.rating import SAMPLES, Rated, view_seed
from skyjo.review.report import to_json
from skyjo.steps import run_steps
from tests.review.helpers import bots_game
from tests.review.test_judge import holding

BATCH = 16
GAME = bots_game(["random", "easy"], seed=5, rounds=1)


def reviewed(samples: float) -> tuple[Reviewer, tuple[Rated, ...]]:
    """The random seat's review with batches of :data:`BATCH` and ``samples``."""
    reviewer = Reviewer(GAME, 0, first=8, measure=BATCH, samples=samples)
    return reviewer, reviewer.run().rated


def measured(rated: tuple[Rated, ...]) -> list[Rated]:
    return [r for r in rated if r.measure is not None]


def samples_of(rated: Rated) -> int:
    assert rated.measure is not None
    return rated.measure.samples


def cost_of(rated: Rated) -> float:
    assert rated.measure is not None
    return rated.measure.cost


def test_a_weak_seats_review_spends_at_most_its_budget() -> None:
    first_batches, _ = reviewed(0)
    firsts = measured(first_batches.result().rated)
    assert len(firsts) >= 5  # a random player: many losses to measure
    # Without a budget beyond them, every loss has its first batch and no more,
    # and what was spent is what they cost (hard's round-ending decisions too).
    assert all(samples_of(r) == BATCH for r in firsts)
    assert first_batches.spent == sum(cost_of(r) for r in firsts)
    budget = first_batches.spent + 5 * BATCH
    bounded, rated = reviewed(budget)
    assert bounded.spent == sum(cost_of(r) for r in measured(rated))
    # Further batches while the next one fits: at most five more batches of
    # samples (fewer where hard's decisions cost some of the room), and the
    # review stopped only when the next batch would not have fitted.
    more = sum(samples_of(r) for r in measured(rated)) - len(firsts) * BATCH
    assert BATCH <= more <= 5 * BATCH
    assert bounded.spent > budget - BATCH
    unbounded, _ = reviewed(10**6)
    assert unbounded.spent > budget  # the budget is what stopped it
    # The page's review: the default budget.
    assert Reviewer(GAME, 0).samples == SAMPLES


def test_the_budget_goes_to_the_verdict_nearest_the_line_first() -> None:
    firsts, before = reviewed(0)
    _, after = reviewed(firsts.spent + BATCH)  # one batch more
    grown = [
        i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a.measure != b.measure
    ]
    assert len(grown) == 1 and samples_of(after[grown[0]]) == 2 * BATCH

    def distance(r: Rated) -> float:
        assert r.measure is not None
        return abs(r.measure.mean - 1.5) / r.measure.se

    nearest = min(measured(before), key=distance)
    assert before[grown[0]].point == nearest.point
    assert nearest.measure is not None and not nearest.measure.line_is_clear


def test_a_clear_verdict_is_measured_no_further_and_an_unclear_one_on() -> None:
    _, rated = reviewed(10**6)
    longer = 0
    for r in measured(rated):
        assert r.measure is not None
        # With the budget to spare, measuring stopped because the verdict was
        # clear of the line (or the measurement had its most).
        assert r.measure.line_is_clear or r.measure.samples + BATCH > MEASURE_MOST
        if r.measure.samples > BATCH:
            longer += 1
            # It was measured on because one batch less was not clear.
            rng = random.Random(view_seed(r.point.view, 0, "measure"))
            sampling = measurement(r.point.view, r.best, r.point.played, rng)
            shorter = run_steps(sampling.play(r.measure.samples - BATCH))
            assert not shorter.line_is_clear
            # And the samples taken on in several goes are those taken at once.
            assert run_steps(sampling.play(BATCH)) == r.measure
    assert longer >= 1


def test_a_measurement_taken_on_in_goes_is_the_measurement_taken_at_once() -> None:
    view = holding(5)
    at_once = run_steps(measure_in_steps(view, Flip(5), Swap(5), random.Random(1), samples=64))
    sampling = measurement(view, Flip(5), Swap(5), random.Random(1))
    run_steps(sampling.play(40))
    assert run_steps(sampling.play(at_once.samples - 40)) == at_once


def test_the_review_with_a_budget_is_the_same_every_time_and_in_slices() -> None:
    budget = 12 * BATCH
    whole = to_json(reviewed(budget)[0].result())
    reviewer = Reviewer(GAME, 0, first=8, measure=BATCH, samples=budget)
    progress = [reviewer.done]
    while reviewer.step():
        progress.append(reviewer.done)
    assert progress == sorted(progress) and progress[-1] == reviewer.total
    assert reviewer.finished
    assert to_json(reviewer.result()) == whole
