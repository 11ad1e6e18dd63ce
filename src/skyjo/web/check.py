"""``check.html``'s controller, in the page's Web Worker: the engine check, a
developer's page (it left the game page, where it was in the way of players).

A game record goes in, and the summary that ``python -m skyjo replay FILE`` would
print comes out, computed by the same engine the game page runs (its bytecode
archive unpacked into Pyodide); at start-up it replays a built-in sample, which the
main thread fetched (``site/page.mjs``). The browser tests compare it with CPython.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

import skyjo
from skyjo import jsontext
from skyjo.record import replay_summary
from skyjo.web.worker.effects import Effects


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


def replayed(text: str) -> Effects:
    """Replay ``text`` and show its summary, or a readable reason it is invalid."""
    effects = Effects()
    try:
        summary = replay_summary(text)
    except ValueError as error:  # RecordError, and JSON syntax errors, are ValueErrors
        effects.attr("replay-status", "class", "status error")
        effects.text("replay-status", f"Invalid record: {error}")
        return effects.text("replay-output", "")
    effects.attr("replay-status", "class", "status")
    effects.text("replay-status", describe(summary))
    return effects.text("replay-output", format_summary(summary))


def too_large(size: int) -> Effects:
    """A chosen file of ``size`` bytes the page did not read: over the limit."""
    effects = Effects().attr("replay-status", "class", "status error")
    return effects.text(
        "replay-status",
        f"This file is too large to open ({jsontext.megabytes(size)} MB): a game record "
        f"is at most {jsontext.MAX_MEGABYTES} MB ({jsontext.MAX_LENGTH:,} characters). "
        "Nothing was read.",
    ).text("replay-output", "")


class CheckPage:
    """The engine check: stateless, each record replayed as it comes."""

    @classmethod
    def open(cls, sample: object) -> tuple[CheckPage, Effects]:
        """Replay the sample record, name the versions, then mark the page ready."""
        effects = Effects()
        if isinstance(sample, str):
            effects.value("record-input", sample).extend(replayed(sample))
        else:
            effects.attr("replay-status", "class", "status error")
            effects.text("replay-status", "The sample record could not be loaded.")
        major, minor, micro = sys.version_info[:3]
        python = f"Python {major}.{minor}.{micro} ({sys.platform})"
        effects.text("versions", f"Skyjo engine {skyjo.__version__} · {python}")
        return cls(), effects.ready()

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        if intent.get("type") == "click" and intent.get("intent") == "replay":
            data = intent.get("data") or {}
            return replayed(str(data.get("record-input", "")))
        if intent.get("type") == "file" and isinstance(intent.get("text"), str):
            text = str(intent["text"])
            return Effects().value("record-input", text).extend(replayed(text))
        if intent.get("type") == "file" and isinstance(intent.get("size"), int):
            return too_large(intent["size"])
        return Effects()

    def refused(self, key: str) -> Effects:
        return Effects()


__all__ = ["CheckPage", "describe", "format_summary", "replayed", "too_large"]
