"""A benchmark's figures at full speed and on a phone-class CPU, side by side.

Issue 39. DevTools' CPU throttle (``phone.py``'s 4x) slows a page's main thread
only, never its Web Worker, where all our Python runs. ``slowcpu SHARE CMD...``
(a cgroup-v1 CPU quota of SHARE cores; needs root and a writable
``/sys/fs/cgroup/cpu``, and exits 2 saying so otherwise) slows every thread of
Chromium alike; half a core is phone class.

With ``--phone-class`` a benchmark measures at full speed, prints its own report,
then runs itself again under ``slowcpu 0.5`` with ``--phone-class-out FILE``: that
child measures the same way and writes its figures (a flat mapping of a label to a
number) to FILE as JSON instead of running a third time. The parent prints one
table of both columns. Where the harness cannot run (no tool, or the tool exits 2),
it says so in one line and prints the full-speed column only.

The tool is ``--slowcpu PATH``, else ``$SKYJO_SLOWCPU``, else
``../shared/tools/slowcpu`` beside the repository if there is one. The child's HTTP
server runs under the same quota as its browser (a few milliseconds of a cold load's
work; a phone's server is elsewhere).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Cores a phone-class CPU is worth (see the tool's own comment).
SHARE = 0.5

#: Where the tool is named when ``--slowcpu`` is not given.
ENVIRONMENT = "SKYJO_SLOWCPU"

#: The tool's place when neither names it: beside the repository.
DEFAULT_TOOL = ROOT.parent / "shared" / "tools" / "slowcpu"

#: What the tool exits with when it cannot make its cgroup (nothing run).
CANNOT_RUN = 2

#: A label and its number, in the order they are printed.
Figures = dict[str, float]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--phone-class``, ``--slowcpu PATH`` and the child's hidden ``--phone-class-out``."""
    parser.add_argument(
        "--phone-class",
        action="store_true",
        help=f"run again on {SHARE} of a core (every thread; slowcpu) and print both columns",
    )
    parser.add_argument(
        "--slowcpu",
        type=Path,
        default=None,
        help=f"the slowcpu tool (default ${ENVIRONMENT}, else {DEFAULT_TOOL} if present)",
    )
    parser.add_argument("--phone-class-out", type=Path, default=None, help=argparse.SUPPRESS)


def find_tool(
    option: Path | None,
    environ: Mapping[str, str] | None = None,
    *,
    default: Path = DEFAULT_TOOL,
) -> Path | None:
    """The tool named by the option, else by the environment, else the default if it
    exists; None when none is named and the default is absent."""
    environ = os.environ if environ is None else environ
    if option is not None:
        return option
    if environ.get(ENVIRONMENT):
        return Path(environ[ENVIRONMENT])
    return default if default.is_file() else None


def flatten(value: object, *, leave_out: Collection[str] = (), label: str = "") -> Figures:
    """Every number in nested dataclasses and mappings, labelled by its path
    (``Skyjo site / cold / ready_ms``), in their order; fields and keys named in
    ``leave_out`` (at any depth) and whatever is not a number are left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        figures: Figures = {}
        for key, inner in value.items():
            if key not in leave_out:
                inner_label = f"{label} / {key}" if label else str(key)
                figures |= flatten(inner, leave_out=leave_out, label=inner_label)
        return figures
    if isinstance(value, int | float) and not isinstance(value, bool):
        return {label: float(value)}
    return {}


def ratios(figures: Figures, *, to: str, ending: str) -> Figures:
    """Each figure whose label ends with ``ending`` divided by the same figure of
    ``to`` (the label's first part swapped): ``Skyjo site / warm / ready_ms`` over
    ``bare Pyodide / warm / ready_ms``, labelled ``... ÷ bare Pyodide``."""
    out: Figures = {}
    for label, number in figures.items():
        head, _, rest = label.partition(" / ")
        base = figures.get(f"{to} / {rest}")
        if label.endswith(ending) and head != to and base:
            out[f"{label} ÷ {to}"] = number / base
    return out


def write(path: Path, figures: Figures) -> None:
    """The child's figures for its parent."""
    path.write_text(json.dumps(figures, allow_nan=True), encoding="utf-8")


def run_slowed(
    script: Path, argv: Sequence[str], tool: Path | None, *, share: float = SHARE
) -> tuple[Figures | None, str]:
    """Run ``script argv`` again under ``tool share``; its figures, or None and the one
    line that says why not."""
    if tool is None:
        return None, (
            f"phone class: no slowcpu tool (--slowcpu PATH or ${ENVIRONMENT}; "
            f"{DEFAULT_TOOL} is absent): full speed only"
        )
    if not os.access(tool, os.X_OK):
        return None, f"phone class: {tool} is not an executable file: full speed only"
    with tempfile.TemporaryDirectory(prefix="skyjo-phone-class-") as folder:
        out = Path(folder) / "figures.json"
        command = [str(tool), str(share), sys.executable, str(script), *argv]
        done = subprocess.run(
            [*command, "--phone-class-out", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        said = (done.stderr.strip().splitlines() or [""])[-1]
        if done.returncode == CANNOT_RUN and not out.exists():
            return None, f"phone class: slowcpu cannot run here ({said}): full speed only"
        if done.returncode != 0 or not out.exists():
            return None, (
                f"phone class: the run on {share} of a core failed (exit {done.returncode}: "
                f"{said}): full speed only"
            )
        figures = json.loads(out.read_text(encoding="utf-8"))
        return {str(key): float(number) for key, number in figures.items()}, ""


def columns(
    full: Figures, slow: Figures | None, *, share: float = SHARE, full_label: str = "full speed"
) -> str:
    """A Markdown table of each figure at full speed and, when measured, on ``share``
    of a core with how many times the full-speed figure it is; a figure only one run
    has shows a dash in the other."""
    if slow is None:
        lines = [f"| figure | {full_label} |", "|---|---:|"]
        lines += [f"| {label} | {_number(number)} |" for label, number in full.items()]
        return "\n".join(lines)
    lines = [
        f"| figure | {full_label} | {share} of a core | slowed by |",
        "|---|---:|---:|---:|",
    ]
    for label in [*full, *(label for label in slow if label not in full)]:
        a, b = full.get(label), slow.get(label)
        factor = f"{b / a:.2f}x" if a and b is not None and a == a and b == b else "–"
        lines.append(f"| {label} | {_number(a)} | {_number(b)} | {factor} |")
    return "\n".join(lines)


def _number(value: float | None) -> str:
    if value is None or value != value:  # missing, or NaN
        return "–"
    value = float(value)  # a benchmark's own figures may hold ints (counts)
    if value.is_integer() or abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if abs(value) >= 1 else f"{value:.3f}"


def finish(
    args: argparse.Namespace,
    script: str,
    argv: Sequence[str] | None,
    full: Figures,
    *,
    child_argv: Sequence[str] = (),
    full_label: str = "full speed",
) -> None:
    """After a benchmark has printed its report: as the child, hand the figures over;
    with ``--phone-class``, run again on a phone-class CPU (``argv`` and then
    ``child_argv``) and print both columns, the first headed ``full_label``."""
    if args.phone_class_out is not None:
        write(args.phone_class_out, full)
        return
    if not args.phone_class:
        return
    print()
    again = [*(sys.argv[1:] if argv is None else argv), *child_argv]
    slow, why = run_slowed(Path(script).resolve(), again, find_tool(args.slowcpu))
    print(why or f"on a phone-class CPU: every thread of the browser on {SHARE} of a core")
    print()
    print(columns(full, slow, full_label=full_label))
