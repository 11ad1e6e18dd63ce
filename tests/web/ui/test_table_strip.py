"""The table on a phone (issue 36 items 7, 11 and 13) on CPython: the moves since
the person's last turn (oldest first, the banner's news not again), the strip of
the other players, the Moves log's order, and "how to play" on a first visit."""

from __future__ import annotations

import random

from skyjo.web.device import MemoryStorage
from skyjo.web.ui import paint, present, render
from skyjo.web.ui.app import HOWTO_KEY, App, Line, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup
from tests.web.ui.test_app import human_move
from tests.web.ui.test_game_page import BOTS, at_the_persons_turn


def test_the_latest_moves_are_every_move_since_the_persons_own_oldest_first() -> None:
    app = at_the_persons_turn()
    rng = random.Random(1)
    while app.human_to_act() is not None:  # a draw, then where the card goes
        human_move(app, rng)
    while app.bot_step():
        pass
    model = present.table(app)
    t = Translator("en", you="Ann")
    names = tuple(s.name for s in app.seats)
    since = [present.line_text(t, line, names) for line in app.since_person]
    assert model.latest == tuple(since)
    assert model.latest[0].startswith("You ")  # the person's own move first
    assert {"B1", "B2"} <= {line.split(" ")[0] for line in model.latest[1:]}


def test_the_banner_says_the_last_turns_once() -> None:
    app = at_the_persons_turn()
    app.since_person = [*app.since_person, Line("event.round_ending", {"name": "B1", "seat": 1})]
    assert all("last turn" not in line for line in present.table(app).latest)


def test_among_bots_the_latest_moves_are_the_last_three() -> None:
    app = App(MemoryStorage(), seed=2)
    app.start(Setup((Seat("A", "easy"), Seat("B", "easy")), speed="instant"))
    for _ in range(12):
        app.bot_step()
    assert len(present.table(app).latest) == 3


def test_the_strip_names_every_other_player_in_turn_order_with_their_last_move() -> None:
    app = at_the_persons_turn()
    model = present.table(app)
    assert [r.name for r in model.rivals] == ["B1", "B2"]
    assert app.game is not None
    for rival in model.rivals:
        grid = app.game.state.grids[rival.seat]
        down = sum(1 for q in range(12) if not grid.face_up[q] and not grid.removed[q])
        assert rival.down_text == f"{down} face down"
        assert rival.move.startswith(rival.name + " ")
    html = render.table(Translator("en"), model)
    assert 'class="rivals" aria-label="The other players"' in html


def test_a_players_last_move_keeps_its_column_and_forgets_the_last_round() -> None:
    swap = Line("event.draw_swap_up", {"name": "B1", "seat": 1, "card": "5", "old": "9"})
    column = Line("event.column", {"name": "B1", "seat": 1, "card": "5"})
    dealt = Line("event.dealt", {"n": 2})
    assert present.last_moves([swap, column]) == {1: [swap, column]}
    assert present.last_moves([swap, column, dealt]) == {}


def test_the_moves_log_runs_oldest_first() -> None:
    app = at_the_persons_turn()
    html = render.table(Translator("en"), present.table(app))
    log = html[html.index('id="log"') :]
    assert log.index("Round 1 is dealt.") < log.index("turns over")


def test_how_to_play_shows_once_until_dismissed_and_from_the_menu() -> None:
    storage = MemoryStorage()
    app = App(storage)
    assert app.howto_open
    assert 'data-unless-stored="skyjo.howto"' in paint.setup_screen(app)
    app.close_howto()
    assert storage.get(HOWTO_KEY) == "seen"
    again = App(storage)
    assert not again.howto_open and "howto" not in paint.setup_screen(again)
    again.show_howto()
    assert 'id="howto-title"' in paint.setup_screen(again)
    assert 'data-intent="howto"' in paint.topbar(again)


def test_starting_a_game_puts_how_to_play_away() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.start(Setup(BOTS, speed="instant"))
    assert app.screen is Screen.TABLE and not app.howto_open
    assert storage.get(HOWTO_KEY) == "seen"


def test_the_setup_form_folds_the_rules_and_links_the_rules_page() -> None:
    html = paint.setup_screen(App(MemoryStorage()))
    assert '<details class="options" id="setup-options"><summary>Rules</summary>' in html
    assert '<a href="rules.html">The rules in full</a>' in html
    assert 'class="speed"' in html
