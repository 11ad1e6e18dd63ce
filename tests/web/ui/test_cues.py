"""Sound and vibration (issue 36, item 19): which step makes which cue, who feels it,
the one switch and the device's wish for reduced motion, and the cue effects the
game page sends (once a step, never while switched off)."""

from __future__ import annotations

import random
from typing import Any

import pytest

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
    RoundScored,
    SetupDone,
)
from skyjo.scoring import Doubling, DoublingReason
from skyjo.state import RoundResult
from skyjo.web.device import MemoryStorage
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.cues import COLUMN, FLIP, ROUND_END, SOUND_KEY, buzzes, cue_of, sound_on
from skyjo.web.ui.page import GamePage
from skyjo.web.ui.setup import Seat, Setup
from skyjo.web.worker.effects import Effects

from .test_app import play_until
from .test_page import click, opened

SCORED = RoundScored(
    RoundResult(0, (3, 9), (3, 9), False), Doubling(False, DoublingReason.ALONE_LOWEST, ()), (3, 9)
)


@pytest.mark.parametrize(
    ("events", "cue"),
    [
        ((CardFlipped(0, 3, 5),), FLIP),
        ((CardDiscarded(1, 12), CardFlipped(1, 4, -2)), FLIP),
        ((CardSwapped(0, 2, 1, 9, False),), FLIP),
        ((CardSwapped(0, 2, 5, 5, True), ColumnRemoved(0, 2, 5)), COLUMN),
        ((CardFlipped(0, 0, 7), CardRevealed(1, 4, 3), SCORED), ROUND_END),
        ((CardSwapped(0, 1, 4, 4, True), ColumnRemoved(0, 1, 4), CardRevealed(1, 2, 0)), ROUND_END),
        ((SCORED, GameEnded((0,), (3, 9))), ROUND_END),
        ((CardTaken(0, "draw", 6),), None),
        ((RoundDealt(2, 7), SetupDone(1)), None),
        ((PilesReshuffled(40),), None),
        ((), None),
    ],
)
def test_a_step_makes_the_strongest_cue_its_events_call_for(
    events: tuple[Event, ...], cue: str | None
) -> None:
    assert cue_of(events) == cue


def test_a_persons_card_buzzes_a_bots_only_sounds_and_columns_and_round_ends_always_buzz() -> None:
    assert buzzes(FLIP, by_person=True)
    assert not buzzes(FLIP, by_person=False)
    assert buzzes(COLUMN, by_person=False) and buzzes(ROUND_END, by_person=False)


@pytest.mark.parametrize(
    ("stored", "reduced", "on"),
    [
        (None, False, True),
        (None, True, False),
        ("on", True, True),
        ("off", False, False),
        # Anything else is no choice (another version's, edited by hand): the device's wish.
        ("yes", True, False),
        ('{"on": 1}', False, True),
        ("", True, False),
        ("ON", False, True),
    ],
)
def test_the_switch_follows_the_device_until_a_choice_is_made(
    stored: str | None, reduced: bool, on: bool
) -> None:
    assert sound_on(stored, reduced_motion=reduced) is on


def two_seats(storage: MemoryStorage | None = None, **kwargs: Any) -> App:
    app = App(storage or MemoryStorage(), seed=7, **kwargs)
    app.start(Setup((Seat("Mia"), Seat("Lena", "medium")), speed="instant"))
    return app


def test_a_bots_opening_flip_sounds_and_the_persons_own_buzzes_too() -> None:
    app = two_seats()
    assert app.cue is None  # the deal makes no sound
    assert app.bot_step()
    assert app.cue is not None and (app.cue.kind, app.cue.buzz) == (FLIP, False)
    while app.bot_step():
        pass
    app.click_card(0, 0)
    assert app.cue is not None and (app.cue.kind, app.cue.buzz) == (FLIP, True)
    assert app.cue.step == app.steps


def test_the_step_that_ends_a_round_cues_its_end() -> None:
    app = two_seats()
    play_until(app, {Screen.ROUND_END}, random.Random(3))
    assert app.cue is not None and app.cue.kind == ROUND_END and app.cue.buzz


def flip(page: GamePage) -> Effects:
    """The person turns over their first face-down card (the bots have flipped)."""
    while page.app.bot_step():
        pass
    seat = page.app.human_to_act()
    assert seat is not None
    position = min(page.app.targets(seat))
    return click(page, "card", seat=seat, pos=position)


def test_the_page_sends_a_steps_cue_once_and_none_while_switched_off() -> None:
    storage = MemoryStorage()
    page, _ = opened(storage)
    page.app.start(Setup((Seat("Mia"), Seat("Lena", "medium")), speed="instant"))
    page.render()
    assert flip(page).of("cue") == [["cue", FLIP, True]]
    assert click(page, "menu").of("cue") == []  # a repaint of the same step is silent
    switched = click(page, "sound")
    assert switched.of("cue") == [] and storage.get(SOUND_KEY) == "off"
    assert 'aria-checked="false"' in "".join(op[2] for op in switched.of("html"))
    assert flip(page).of("cue") == []
    # Switched on, the switch says so with a card laid, and the next step sounds.
    assert click(page, "sound").of("cue") == [["cue", FLIP, True]]
    assert storage.get(SOUND_KEY) == "on"


def test_a_device_that_asks_for_reduced_motion_starts_silent_until_switched_on() -> None:
    storage = MemoryStorage()
    page, first = opened(storage, reduced_motion=True)
    assert 'aria-checked="false"' in "".join(op[2] for op in first.of("html"))
    page.app.start(Setup((Seat("Mia"), Seat("Lena", "medium")), speed="instant"))
    page.render()
    assert flip(page).of("cue") == []
    assert click(page, "sound").of("cue") == [["cue", FLIP, True]]
    assert flip(page).of("cue") == [["cue", FLIP, True]]


def test_a_switch_setting_of_the_wrong_type_is_no_choice() -> None:
    storage = MemoryStorage()
    storage.set(SOUND_KEY, "[1, 2]")
    assert App(storage).sound
    assert not App(storage, reduced_motion=True).sound
    app = App(storage, reduced_motion=True)
    app.switch_sound()
    assert storage.get(SOUND_KEY) == "on" and app.sound
