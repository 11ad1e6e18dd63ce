"""Plain-text rendering of grids and events, for the terminal demo and logs."""

from __future__ import annotations

from collections.abc import Sequence

from skyjo.cards import COLUMNS, ROWS, position_name
from skyjo.events import (
    CardDiscarded,
    CardFlipped,
    CardRevealed,
    CardSwapped,
    CardTaken,
    ColumnRemoved,
    Event,
    GameEnded,
    PilesReshuffled,
    RoundDealt,
    RoundEnding,
    RoundScored,
    SetupDone,
)
from skyjo.i18n.grammar import indefinite
from skyjo.scoring import DoublingReason
from skyjo.state import Grid


def grid_lines(grid: Grid) -> list[str]:
    """Three lines, one per row: face-up values, ``##`` face down, ``..`` removed."""
    lines = []
    for row in range(ROWS):
        cells = []
        for col in range(COLUMNS):
            p = row * COLUMNS + col
            if grid.removed[p]:
                cells.append(" ..")
            elif grid.face_up[p]:
                cells.append(f"{grid.values[p]:3d}")
            else:
                cells.append(" ##")
        lines.append(" ".join(cells))
    return lines


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for an event, or None for events not worth a line."""
    match event:
        case RoundDealt(round_number, top):
            return f"Round {round_number} is dealt; the discard pile shows {top}."
        case CardFlipped(p, pos, value):
            return f"{names[p]} turns up {indefinite('en', value)} at {position_name(pos)}."
        case CardTaken(p, source, value):
            where = "from the discard pile" if source == "discard" else "from the draw pile"
            return f"{names[p]} takes the {value} {where}."
        case CardSwapped(p, pos, card_in, card_out, was_up):
            old = (
                f"the {card_out}"
                if was_up
                else f"a face-down card (it was {indefinite('en', card_out)})"
            )
            return f"{names[p]} puts the {card_in} at {position_name(pos)}, giving away {old}."
        case CardDiscarded(p, value):
            return f"{names[p]} discards the {value}."
        case ColumnRemoved(p, column, value):
            return f"{names[p]}'s column {column + 1} of three {value}s is removed."
        case PilesReshuffled(count):
            return f"The draw pile is empty: {count} cards of the discard pile are reshuffled."
        case SetupDone(starter):
            return f"{names[starter]} starts."
        case RoundEnding(p):
            return f"{names[p]} has no face-down card left: everyone else has one last turn."
        case CardRevealed():
            return None
        case RoundScored(result, doubling, totals):
            f = result.finisher
            why = {
                DoublingReason.ALONE_LOWEST: "alone with the lowest score: not doubled",
                DoublingReason.UNDERCUT: "someone scored less: doubled",
                DoublingReason.TIED: "someone tied: doubled",
                DoublingReason.TIE_FORGIVEN: "someone tied, ties forgiven: not doubled",
                DoublingReason.NOT_POSITIVE: "not above 0: not doubled",
            }[doubling.reason]
            scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(result.points))
            running = ", ".join(f"{names[p]} {t}" for p, t in enumerate(totals))
            return (
                f"Round over. {names[f]} ended it with {result.raw[f]} ({why}). "
                f"Points: {scores}. Totals: {running}."
            )
        case GameEnded(winners, _):
            return "Game over. " + " and ".join(names[p] for p in winners) + " won."
    return None
