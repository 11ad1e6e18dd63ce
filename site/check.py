"""``check.html``'s Python: the engine check, a developer's page (it left the game
page, where it was in the way of players).

A game record goes in, and the summary that ``python -m skyjo replay FILE`` would
print comes out, computed by the same engine the game page runs (its bytecode
archive unpacked into Pyodide); at start-up it replays a built-in sample. The
browser tests compare it with CPython.

``<html data-ready="true">`` is set last, once Python has rendered: the start-up
guard in ``boot.js``, the browser tests and the benchmark all wait for it.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from js import window
from pyscript import document, when

import skyjo
from skyjo.record import replay_summary

SAMPLE_RECORD = "sample-record.json"


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as JSON with one top-level key per line: valid JSON, still readable."""
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in summary.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def describe(summary: dict[str, Any]) -> str:
    """A one-line account of a replayed game for people, next to the raw JSON."""
    rounds = len(summary.get("rounds", []))
    totals = ", ".join(str(total) for total in summary.get("totals", []))
    text = f"Replayed {rounds} finished round{'s' if rounds != 1 else ''}; totals: {totals}."
    if summary.get("game_over"):
        winners = ", ".join(f"seat {seat}" for seat in summary.get("winners", []))
        text += f" Game over, won by {winners}."
    elif summary.get("current") is not None:
        text += " A round is still in progress."
    return text


def show_replay(text: str) -> None:
    """Replay ``text`` and show its summary, or a readable reason it is invalid."""
    status = document.getElementById("replay-status")
    output = document.getElementById("replay-output")
    try:
        summary = replay_summary(text)
    except ValueError as error:  # RecordError, and JSON syntax errors, are ValueErrors
        status.className = "status error"
        status.textContent = f"Invalid record: {error}"
        output.textContent = ""
        return
    status.className = "status"
    status.textContent = describe(summary)
    output.textContent = format_summary(summary)


@when("click", "#replay-button")
def on_replay(_event: Any) -> None:
    """Replay whatever is in the text box."""
    show_replay(document.getElementById("record-input").value)


@when("change", "#record-file")
async def on_file(event: Any) -> None:
    """Load a chosen record file into the text box and replay it."""
    files = event.target.files
    if files.length == 0:
        return
    text = await files.item(0).text()
    document.getElementById("record-input").value = text
    show_replay(text)


async def start() -> None:
    """Replay the sample record, name the versions, then mark the page ready.

    The sample is fetched here rather than listed in the shared PyScript config,
    which every page reads: there it cost the other pages a request at start-up."""
    response = await window.fetch(SAMPLE_RECORD)
    if response.ok:
        sample = await response.text()
        document.getElementById("record-input").value = sample
        show_replay(sample)
    else:
        status = document.getElementById("replay-status")
        status.className = "status error"
        status.textContent = f"The sample record could not be loaded (HTTP {response.status})."
    major, minor, micro = sys.version_info[:3]
    python = f"Python {major}.{minor}.{micro} ({sys.platform})"
    document.getElementById("versions").textContent = f"Skyjo engine {skyjo.__version__} · {python}"
    document.documentElement.dataset.ready = "true"


#: The start-up task, kept so it is not collected before it finishes.
TASKS: set[asyncio.Future[None]] = set()
TASKS.add(asyncio.ensure_future(start()))
