"""benchmarks/several_devices.py's own arithmetic: the QR version a text needs, the
percentiles, and which pages' paints end a guest's tap."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import several_devices as bench  # noqa: E402


@pytest.mark.parametrize(
    ("length", "version"),
    [(1, 1), (14, 1), (15, 2), (213, 10), (214, 11), (251, 11), (252, 12), (2331, 40)],
)
def test_the_qr_version_is_the_smallest_that_holds_the_bytes_at_level_m(
    length: int, version: int
) -> None:
    assert bench.qr_version(length) == version


def test_a_text_beyond_version_40_has_no_version() -> None:
    assert bench.qr_version(2332) is None


def test_the_capacity_table_grows_with_each_version() -> None:
    table = bench.QR_BYTES_M
    assert len(table) == 40 and all(a < b for a, b in itertools.pairwise(table))


def test_percentiles_interpolate_between_the_closest_ranks() -> None:
    values = [float(v) for v in range(1, 101)]  # 1..100, shuffled order must not matter
    values.reverse()
    assert bench.percentile(values, 50) == pytest.approx(50.5)
    assert bench.percentile(values, 95) == pytest.approx(95.05)
    assert bench.percentile(values, 0) == 1 and bench.percentile(values, 100) == 100
    assert bench.percentile([7.0], 95) == 7
    with pytest.raises(ValueError):
        bench.percentile([], 50)


def test_a_tap_ends_when_the_last_page_painted_a_later_move() -> None:
    painted = [
        [(4, 100.0), (5, 130.0), (6, 200.0)],  # the host
        [(5, 150.0), (6, 260.0)],  # a guest
    ]
    taps = [(120.0, 4), (190.0, 5), (300.0, 6)]
    # Tap 1: move 5 painted at 130 and 150; tap 2: move 6 at 200 and 260; tap 3:
    # nothing later was painted (the last tap, or refused): left out.
    assert bench.move_latencies(taps, painted) == [30.0, 70.0]


def test_a_paint_before_the_tap_does_not_end_it() -> None:
    assert bench.move_latencies([(500.0, 4)], [[(5, 130.0)], [(5, 600.0)]]) == []


def test_the_targets_are_judged_on_the_median_game() -> None:
    # Three games, each 1..100 ms scaled by 2, 10 and 5: their p95s are about 190,
    # 950 and 475; the median game's (5x) is the figure, not the mean of the games
    # nor a p95 of all their taps pooled.
    games = [
        bench.Moves(latencies=[float(v) * k for v in range(1, 101)], message_bytes=[1])
        for k in (2, 10, 5)
    ]
    p50, p95 = bench.median_percentiles(games)
    assert p50 == pytest.approx(50.5 * 5)
    assert p95 == pytest.approx(95.05 * 5)
    assert bench.judged(p95, 200.0) == "<= 200: MISSED"
    assert bench.judged(199.9, 200.0) == "<= 200: ok"
