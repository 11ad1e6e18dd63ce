"""The phone-class harness's own logic (benchmarks/phone_class.py): figures made
flat, ratios to a baseline, the two columns, finding the tool, and a re-run with fake
tools, never with the real cgroup tool (a test must not need root)."""

from __future__ import annotations

import argparse
import math
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import phone_class  # noqa: E402


@dataclass(frozen=True)
class Load:
    ready_ms: float
    bytes: int
    cached: bool
    note: str


def tool(folder: Path, body: str) -> Path:
    """A fake slowcpu: a shell script with ``body``."""
    path = folder / "slowcpu"
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


#: What the real tool does with its cgroup, less the cgroup: run the command.
RUNS_IT = 'shift; exec "$@"'

#: What the real tool says and does without root or cgroup v1.
NO_CGROUP = 'echo "slowcpu: cannot make a cgroup under /sys/fs/cgroup/cpu; nothing run" >&2; exit 2'

#: A benchmark in miniature: its figure depends on an option, so a test sees that
#: the child got the parent's arguments and the extra ones after them.
BENCHMARK = f"""
import argparse, sys
sys.path.insert(0, {str(BENCHMARKS)!r})
import phone_class
parser = argparse.ArgumentParser()
parser.add_argument("--speed", type=float, default=1)
phone_class.add_arguments(parser)
args = parser.parse_args()
print("the child's own report, not the parent's business")
phone_class.finish(args, __file__, None, {{"ready ms": 100 / args.speed, "runs": 5}})
"""


def test_flatten_labels_every_number_by_its_path_in_order() -> None:
    summaries = {
        "site": {"cold": Load(1.5, 10, cached=True, note="x"), "warm": Load(0.5, 2, False, "y")},
        "bare": {"cold": Load(1.0, 9, cached=False, note="z")},
    }
    figures = phone_class.flatten(summaries, leave_out={"bytes"})
    # Booleans and text are not figures; "bytes" is left out at every depth.
    assert list(figures.items()) == [
        ("site / cold / ready_ms", 1.5),
        ("site / warm / ready_ms", 0.5),
        ("bare / cold / ready_ms", 1.0),
    ]


def test_ratios_divide_each_page_by_the_baseline_of_the_same_figure() -> None:
    figures = {
        "site / cold / ready_ms": 3.0,
        "site / cold / usable_ms": 9.0,
        "site / warm / ready_ms": 1.0,
        "bare / cold / ready_ms": 2.0,
        "bare / warm / ready_ms": 4.0,
        "snapshot / warm / ready_ms": 2.0,
    }
    assert phone_class.ratios(figures, to="bare", ending="ready_ms") == {
        "site / cold / ready_ms ÷ bare": 1.5,
        "site / warm / ready_ms ÷ bare": 0.25,
        "snapshot / warm / ready_ms ÷ bare": 0.5,
    }


def test_columns_side_by_side_with_how_much_slower() -> None:
    # A benchmark's own figures may hold ints (a count of interactions).
    full = {"ready ms": 2000.0, "shift": 0.018, "usable ms": math.nan, "interactions": 43}
    slow = {
        "ready ms": 5000.0,
        "shift": 0.018,
        "usable ms": 400.0,
        "interactions": 40.0,
        "only slow": 3.25,
    }
    table = phone_class.columns(full, slow, full_label="main thread 4x slower")
    assert table.splitlines() == [
        "| figure | main thread 4x slower | 0.5 of a core | slowed by |",
        "|---|---:|---:|---:|",
        "| ready ms | 2,000 | 5,000 | 2.50x |",
        "| shift | 0.018 | 0.018 | 1.00x |",
        # A figure one run could not measure (NaN) or did not have is a dash.
        "| usable ms | – | 400 | – |",
        "| interactions | 43 | 40 | 0.93x |",
        "| only slow | – | 3.25 | – |",
    ]


def test_columns_without_a_slow_run_is_the_full_speed_column_alone() -> None:
    assert phone_class.columns({"ready ms": 1234.5}, None).splitlines() == [
        "| figure | full speed |",
        "|---|---:|",
        "| ready ms | 1,234 |",
    ]


def test_the_tool_is_the_option_else_the_environment_else_the_default_if_present(
    tmp_path: Path,
) -> None:
    present = tool(tmp_path, RUNS_IT)
    absent = tmp_path / "none"
    environ = {phone_class.ENVIRONMENT: "/from/env"}
    assert phone_class.find_tool(Path("/opt"), environ, default=present) == Path("/opt")
    assert phone_class.find_tool(None, environ, default=present) == Path("/from/env")
    assert phone_class.find_tool(None, {}, default=present) == present
    assert phone_class.find_tool(None, {}, default=absent) is None


def test_without_a_tool_it_says_so_and_runs_nothing(tmp_path: Path) -> None:
    figures, why = phone_class.run_slowed(tmp_path / "never_run.py", [], None)
    assert figures is None
    assert phone_class.ENVIRONMENT in why
    assert "full speed only" in why
    assert len(why.splitlines()) == 1


def test_a_tool_that_cannot_make_its_cgroup_is_reported_in_one_line(tmp_path: Path) -> None:
    script = tmp_path / "bench.py"
    script.write_text(BENCHMARK, encoding="utf-8")
    figures, why = phone_class.run_slowed(script, [], tool(tmp_path, NO_CGROUP))
    assert figures is None
    assert why.startswith("phone class: slowcpu cannot run here (slowcpu: cannot make a cgroup")
    assert why.endswith("full speed only")


def test_a_child_that_fails_is_reported_with_its_exit_and_last_words(tmp_path: Path) -> None:
    script = tmp_path / "bench.py"
    script.write_text("import sys; sys.exit('dist/ is missing')", encoding="utf-8")
    figures, why = phone_class.run_slowed(script, [], tool(tmp_path, RUNS_IT))
    assert figures is None
    assert "exit 1: dist/ is missing" in why


def test_finish_reruns_the_benchmark_and_prints_both_columns(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "bench.py"
    script.write_text(BENCHMARK, encoding="utf-8")
    args = argparse.Namespace(
        phone_class=True, slowcpu=tool(tmp_path, RUNS_IT), phone_class_out=None
    )
    full = {"ready ms": 100.0, "runs": 5.0}
    # The child gets the parent's arguments, then the extra ones (the last --speed wins).
    phone_class.finish(args, str(script), ["--speed", "2"], full, child_argv=["--speed", "0.5"])
    printed = capfd.readouterr().out  # the child's output too, were it let through
    assert "cannot" not in printed
    assert "| ready ms | 100 | 200 | 2.00x |" in printed
    assert "| runs | 5 | 5 | 1.00x |" in printed
    assert "the child's own report" not in printed


def test_finish_does_nothing_more_without_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = argparse.Namespace(phone_class=False, slowcpu=None, phone_class_out=None)
    phone_class.finish(args, str(tmp_path / "never_run.py"), [], {"ready ms": 1.0})
    assert capsys.readouterr().out == ""
