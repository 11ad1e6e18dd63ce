"""Sound and vibration on the game page: the cue a step makes, and the one switch.

A step of the game (one engine action: a card taken, a card placed, a flip) makes
at most one *cue*, the strongest its events (:mod:`skyjo.events`) call for: the
round's end (the last turn ended it: cards revealed, the round scored), else a
column removed, else a card laid down (turned over in the opening, turned over
after a discard, or swapped, which lays the new card and turns the old one face up
onto the pile). Taking a card makes none: it is laid in the next step, which cues.
The main thread plays the cue as it paints that step (``site/sound.mjs``: a short
sound made with the Web Audio API, and a vibration where the device can), so a
bot's moves are heard as they are shown, one by one at the chosen speed.

Vibration (*buzz*) is for what is felt in the hand: the person's own card laid, and
any column removed or round ended. A bot's card laid only sounds; a phone that
buzzed at every bot's turn would be put away.

One switch, "Sound and vibration", turns both on or off. It is kept in
``localStorage`` under :data:`SOUND_KEY` as ``"on"`` or ``"off"``, the choice made on
the switch. Without one (or with a value this version does not know: another
version's, or edited by hand) the page follows the device: off when it asks for
reduced motion (``prefers-reduced-motion: reduce``, which people choose to calm what
a screen does), on otherwise. A choice made on the switch wins over the device's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from skyjo.events import (
    CardFlipped,
    CardRevealed,
    CardSwapped,
    ColumnRemoved,
    Event,
    GameEnded,
    RoundScored,
)

#: The cues, weakest first.
FLIP: Final = "flip"
COLUMN: Final = "column"
ROUND_END: Final = "round_end"
CUES: Final = (FLIP, COLUMN, ROUND_END)

#: Where the switch's choice is kept (a small setting, in ``localStorage``).
SOUND_KEY: Final = "skyjo.sound"
ON: Final = "on"
OFF: Final = "off"


@dataclass(frozen=True, slots=True)
class Cue:
    """The cue of the app's step number ``step`` (:attr:`skyjo.web.ui.app.App.steps`),
    so a repaint of the same step never plays it twice. ``buzz``: vibrate too."""

    kind: str
    buzz: bool
    step: int


def cue_of(events: Iterable[Event]) -> str | None:
    """The strongest cue ``events`` (one step's) call for, or None."""
    found = -1
    for event in events:
        match event:
            case RoundScored() | GameEnded() | CardRevealed():
                found = max(found, CUES.index(ROUND_END))
            case ColumnRemoved():
                found = max(found, CUES.index(COLUMN))
            case CardFlipped() | CardSwapped():
                found = max(found, CUES.index(FLIP))
            case _:
                pass
    return CUES[found] if found >= 0 else None


def buzzes(kind: str, *, by_person: bool) -> bool:
    """Whether the cue ``kind`` vibrates too: a person's own card, any column or round end."""
    return by_person or kind != FLIP


def chosen(stored: str | None) -> bool | None:
    """The choice made on the switch, from what the device holds: None when there is
    none, or what is there is not one of ours."""
    if stored == ON:
        return True
    if stored == OFF:
        return False
    return None


def sound_on(stored: str | None, *, reduced_motion: bool) -> bool:
    """Whether sound and vibration are on: the choice made on the switch, else the
    device's wish (off with reduced motion)."""
    choice = chosen(stored)
    return (not reduced_motion) if choice is None else choice


__all__ = [
    "COLUMN",
    "CUES",
    "FLIP",
    "OFF",
    "ON",
    "ROUND_END",
    "SOUND_KEY",
    "Cue",
    "buzzes",
    "chosen",
    "cue_of",
    "sound_on",
]
