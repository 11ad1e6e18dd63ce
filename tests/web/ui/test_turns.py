"""Whose turn, on CPython (issue 20 items 11 and 14): between two people at one
device there is always a hand-over, so a double click that ended one person's move
never acts for the next; what is under the pointer has a name the page compares
between paints (``data-view``); a bot's turn is said beside its grid in words."""

from __future__ import annotations

import pytest

from skyjo.errors import IllegalActionError
from skyjo.rules import Rules
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present, render
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.i18n import LANGUAGES, Translator
from skyjo.web.ui.setup import Seat, Setup


def started(*seats: Seat, seed: int = 3, language: str = "en") -> App:
    """A table with ``seats``, its game played to 1000 points (a round never ends it)."""
    app = App(MemoryStorage(), language=language, seed=seed)
    app.start(Setup(seats, Rules(target=1000), speed="instant"))
    return app


def run_bots(app: App) -> None:
    while app.bot_step():
        pass


def move(app: App, seat: int) -> None:
    """One step of the person ``seat``: draw at a turn's start, then put the card on a
    face-down card (so the round ends), else on the first legal place."""
    assert app.game is not None
    if app.game.state.phase is Phase.TURN:
        app.draw()
    grid = app.game.state.grids[seat]
    targets = sorted(app.targets(seat))
    down = [q for q in targets if not grid.face_up[q]]
    app.click_card(seat, (down or targets)[0])


def flip_opening(app: App, seat: int) -> None:
    """The person ``seat`` turns over their first two cards (row 1, columns 1 and 2)."""
    app.click_card(seat, 0)
    app.click_card(seat, 1)


def test_a_double_click_that_ends_anns_opening_does_not_flip_bens_card() -> None:
    # The field test: Ann, Ben (people) and Sam (a bot); Ann clicks row 1 col 1, then
    # double-clicks row 2 col 2. The first click of the pair ends her opening; the
    # second lands on the same spot, where Ben's grid used to appear at once.
    app = started(Seat("Ann"), Seat("Ben"), Seat("Sam", "easy"))
    run_bots(app)
    app.click_card(0, 0)
    app.click_card(0, 5)
    before = app.game.state if app.game else None
    with pytest.raises(IllegalActionError, match="Ben first"):
        app.click_card(1, 5)
    assert app.game is not None and app.game.state == before
    assert app.hand_over_to() == 1
    model = present.table(app)
    assert model.own_seat == 0  # Ann's grid stays under the pointer, and it is inert
    assert app.targets(0) == {} and app.targets(1) == {}
    assert model.prompt == "Pass the device to Ben."
    assert model.hand_over == "Continue as Ben"
    assert model.turn_text == "Ben, your turn"
    html = render.table(Translator("en"), model)
    assert 'data-intent="hand-over"' in html and 'data-intent="card"' not in html
    app.hand_over()
    model = present.table(app)
    assert model.own_seat == 1 and model.hand_over == ""
    assert model.prompt.startswith("Ben: turn over two")
    assert len(app.targets(1)) == 12


def test_a_hand_over_comes_between_two_people_with_bots_between_them_too() -> None:
    # Ann, Sam (a bot), Ben: after Ann's turn the bot plays, then the device goes to
    # Ben. Nothing of Ben's can be done, hinted at or taken before he has it.
    app = started(Seat("Ann"), Seat("Sam", "easy"), Seat("Ben"), seed=4)
    for _ in range(200):
        run_bots(app)
        if app.hand_over_to() is not None:
            app.hand_over()
        assert app.game is not None
        if app.game.state.phase is Phase.TURN:
            break
        due = app.human_to_act()
        assert due is not None
        app.click_card(due, min(app.targets(due)))
    assert app.game is not None
    mover = app.human_to_act()
    assert mover is not None
    app.draw()
    app.click_card(mover, min(app.targets(mover)))
    run_bots(app)
    due = app.human_to_act()
    assert due is not None and due != mover and app.hand_over_to() == due
    model = present.table(app)
    assert not (model.can_draw or model.can_take_discard or model.can_hint)
    for intent in (app.draw, app.take_discard, app.ask_hint):
        with pytest.raises(IllegalActionError):
            intent()
    assert model.own_seat == mover
    app.hand_over()
    assert present.table(app).own_seat == due and present.table(app).can_draw


def test_the_person_due_who_holds_the_device_needs_no_hand_over() -> None:
    # Against bots there is one person: never a hand-over, the grid never moves, and
    # "Continue as" is refused (nobody waits for the device).
    app = started(Seat("Kim"), Seat("Sam", "easy"), Seat("Lea", "medium"))
    views = set()
    while app.screen is Screen.TABLE:
        run_bots(app)
        if app.screen is not Screen.TABLE:
            break
        assert app.hand_over_to() is None
        views.add(present.table(app).view)
        assert app.human_to_act() == 0
        move(app, 0)
    assert views == {"table seat-0"}
    with pytest.raises(IllegalActionError):
        app.hand_over()


def test_the_first_person_of_a_new_round_takes_the_device_from_the_last() -> None:
    # Ben made the round's last move (seed 6); the next round's opening flips start
    # with Ann, so the device goes back to Ann first. Where Ann moved last (seed 5),
    # she keeps it and flips at once.
    for seed, last in ((6, 1), (5, 0)):
        app = started(Seat("Ann"), Seat("Ben"), seed=seed)
        while app.screen is Screen.TABLE:
            if app.hand_over_to() is not None:
                app.hand_over()
            due = app.human_to_act()
            assert due is not None
            move(app, due)
        assert app.screen is Screen.ROUND_END and app.at_device == last
        app.next_round()
        assert app.human_to_act() == 0
        assert app.hand_over_to() == (0 if last == 1 else None)


def test_the_view_names_what_is_under_the_pointer() -> None:
    # The page ignores clicks for a moment when this word changes: a new grid, a
    # hand-over waiting, a round's end. Among bots alone it never changes.
    app = started(Seat("Ann"), Seat("Ben"))
    assert present.table(app).view == "table seat-0"
    flip_opening(app, 0)
    assert present.table(app).view == "table seat-0 hand-over"
    app.hand_over()
    assert present.table(app).view == "table seat-1"
    t = Translator("en")
    assert 'data-view="table seat-1"' in render.table(t, present.table(app))
    bots = started(Seat("Sam", "easy"), Seat("Lea", "easy"))
    seen = {present.table(bots).view}
    while bots.screen is Screen.TABLE and bots.bot_step():
        if bots.screen is Screen.TABLE:
            seen.add(present.table(bots).view)
    assert seen == {"table"}
    assert 'data-view="round-end"' in render.end(t, present.end(bots))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bots_turn_is_said_beside_its_grid(language: str) -> None:
    # Not only a border: the bot's grid says it is playing, in the page's language;
    # a person's grid carries no such tag (their prompt says what to do).
    app = started(Seat("Kim"), Seat("Sam", "easy"), language=language)
    app.bot_step()
    assert app.game is not None
    run_bots(app)
    app.click_card(0, 0)
    app.click_card(0, 1)
    assert app.bot_to_act() == 1 or app.human_to_act() == 0
    while app.human_to_act() == 0:
        move(app, 0)
    assert app.bot_to_act() == 1
    model = present.table(app)
    tags = {s.seat: s.turn_tag for s in model.seats}
    assert tags == {0: "", 1: Translator(language).t("table.playing")}
    html = render.table(Translator(language), model)
    assert html.count('class="turn-tag"') == 1
