"""The simulator and its command line: output shape, determinism, errors."""

from __future__ import annotations

import json
import random
from array import array

import pytest

from skyjo.cli import main
from skyjo.rules import Rules
from skyjo.simulate import (
    DecisionTimes,
    SimulationError,
    format_report,
    report_dict,
    simulate,
)

SPEED_KEYS = {"games_per_second", "turns_per_second"}


def test_report_shape() -> None:
    report = simulate(["medium", "easy", "random"], games=6, seed=1, rules=Rules(target=40))
    data = report_dict(report)
    assert data["players"] == ["medium", "easy", "random"]
    assert data["seating"] == "fixed"
    assert len(data["entries"]) == 3
    assert sum(e["win_share"] for e in data["entries"]) == pytest.approx(1.0)
    assert sum(e["ends_round"] for e in data["entries"]) == pytest.approx(1.0)
    for entry in data["entries"]:
        low, high = entry["ci95"]
        assert 0.0 <= low <= entry["win_share"] <= high <= 1.0
        # Default rules double only positive scores, so doubling never lowers a mean.
        assert entry["points_per_round"] >= entry["points_per_round_raw"]
    assert data["rounds_per_game"] >= 1
    assert data["turns_per_round"] > 0
    text = format_report(report)
    assert "win share" in text and "seats fixed" in text


def test_same_seed_same_figures_and_rotation_changes_seating() -> None:
    def figures(*, rotate: bool = False) -> dict[str, object]:
        data = report_dict(simulate(["hard", "medium"], games=4, seed=9, rotate=rotate))
        for entry in data["entries"]:
            entry["decision_ms"] = entry["decision_ms"]["decisions"]  # times vary, counts not
        return {k: v for k, v in data.items() if k not in SPEED_KEYS}

    assert figures() == figures()
    rotated = figures(rotate=True)
    assert rotated["seating"] == "rotated"
    assert rotated == figures(rotate=True)


def test_bad_input_is_refused() -> None:
    with pytest.raises(SimulationError, match="2 to 8 players"):
        simulate(["medium"], games=1, seed=1)
    with pytest.raises(SimulationError, match="at least 1"):
        simulate(["medium", "easy"], games=0, seed=1)


def test_cli_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "medium,easy", "--games", "3", "--seed", "2"]
    assert main([*argv, "--json", "--rules", "target=30"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["rules"]["target"] == 30
    assert err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "medium,nobody"], "unknown bot 'nobody'"),
        (["--players", "medium"], "2 to 8 players"),
        (["--players", "medium,easy", "--games", "0"], "at least 1"),
        (["--players", "medium,easy", "--rules", "colour=red"], "unknown rule option"),
        (["--players", "medium,easy", "--jobs", "0"], "number of jobs must be at least 1"),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("skyjo simulate: ")


@pytest.mark.parametrize("n", [1, 2, 3, 20, 70_001])
def test_decision_time_percentiles_match_sorting(n: int) -> None:
    """Counted per tenth of a microsecond, the percentiles are those of the sorted
    times, cut to that tick; the maximum is exact."""
    rng = random.Random(n)
    seconds = array("f", [rng.expovariate(2e5) for _ in range(n)])
    ordered = sorted(seconds)

    def tick_ms(t: float) -> float:
        return int(t * 1e7) / 1e7 * 1e3

    times = DecisionTimes.of(seconds)
    assert times.decisions == n
    assert times.p50 == tick_ms(ordered[n // 2])
    assert times.p95 == tick_ms(ordered[min(n - 1, int(0.95 * n))])
    assert times.max == ordered[-1] * 1e3
