"""HTML from the view models: escaping, legal targets as buttons, structure."""

from __future__ import annotations

import random
import re

from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present, render
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup

EVIL = '<i onclick="x()">Mia</i>'


def started(*seats: Seat, seed: int = 1) -> App:
    app = App(MemoryStorage(), seed=seed)
    app.start(Setup(seats))
    return app


def test_player_names_are_shown_as_text_never_as_html() -> None:
    app = started(Seat(EVIL), Seat("Bot", "medium"))
    t = Translator("en")
    pages = [render.table(t, present.table(app)), render.setup(t, present.setup(app))]
    for html in pages:
        assert "<i " not in html
        assert "&lt;i onclick=&quot;x()&quot;&gt;Mia&lt;/i&gt;" in html


def test_only_legal_targets_are_buttons() -> None:
    app = started(Seat("Anna"), Seat("Ben"))
    html = render.table(Translator("en"), present.table(app))
    # Setup: Anna may turn any of her 12 cards; Ben's cards are not buttons for her turn
    # in setup either player may act, so both grids offer their face-down cards.
    buttons = re.findall(r'<button[^>]*data-intent="card"[^>]*data-seat="(\d)"', html)
    assert buttons.count("0") == 12
    assert 'data-intent="draw"' not in html  # no drawing during setup


def test_after_drawing_swaps_are_offered_and_discarding_is_a_mode() -> None:
    app = started(Seat("Anna"), Seat("Ben"), seed=3)
    rng = random.Random(1)
    assert app.game is not None
    while app.game.state.phase is Phase.SETUP:
        seat = app.human_to_act()
        assert seat is not None
        if app.hand_over_to() is not None:
            app.hand_over()
            continue
        app.click_card(seat, rng.choice(sorted(app.targets(seat))))
    app.draw()
    t = Translator("en")
    html = render.table(t, present.table(app))
    assert 'data-intent="discard-mode"' in html
    assert html.count('data-action="swap"') == 12
    app.choose_discard_mode()
    html = render.table(t, present.table(app))
    assert 'data-action="swap"' not in html
    assert html.count('data-action="flip"') == 10  # two were turned in setup


def test_the_round_end_screen_explains_the_doubling() -> None:
    app = started(Seat("Anna"), Seat("Ben"), seed=5)
    rng = random.Random(2)
    assert app.game is not None
    while app.screen is Screen.TABLE:
        seat = app.human_to_act()
        assert seat is not None
        if app.hand_over_to() is not None:
            app.hand_over()
            continue
        state = app.game.state
        if state.phase is Phase.TURN:
            app.draw()
        else:
            app.click_card(seat, rng.choice(sorted(app.targets(seat))))
    app.set_language("de")
    html = render.end(Translator("de"), present.end(app))
    assert "beendet" in html  # the reason, in German
    assert 'data-intent="next-round"' in html or 'data-intent="rematch"' in html
    assert "<table" in html and "Punkteblock" in html


def test_the_round_end_reveals_the_last_face_down_cards_in_stages() -> None:
    app = App(MemoryStorage(), seed=12)
    app.start(Setup((Seat("Anna"), Seat("Bot", "easy")), speed="instant"))
    rng = random.Random(12)
    while app.screen is Screen.TABLE:
        if app.bot_step():
            continue
        seat = app.human_to_act()
        assert seat is not None
        targets = app.targets(seat)
        if targets:
            app.click_card(seat, rng.choice(sorted(targets)))
        else:
            app.draw()
    model = present.end(app)
    staged = sorted(c.stage for s in model.seats for c in s.cards if c.stage is not None)
    assert staged == list(range(len(app.revealed))) and model.stages == len(app.revealed) > 0
    html = render.end(Translator("en"), model)
    assert 'class="card up band-' in html and "revealed" in html and "--stage: 0" in html
    assert all(c.state != "down" for s in model.seats for c in s.cards)


def test_a_notice_is_an_alert_and_only_a_corrupt_save_offers_its_export() -> None:
    t = Translator("en")
    refused = render.notice(t, "That move is not possible now: <x>", error=True)
    assert 'role="alert"' in refused and "&lt;x&gt;" in refused and "export-corrupt" not in refused
    corrupt = render.notice(t, "unreadable", error=True, corrupt_save=True)
    assert 'data-intent="export-corrupt"' in corrupt
    assert render.notice(t, "", error=False) == ""


def test_the_end_screen_links_to_a_replay_of_the_whole_game() -> None:
    from skyjo import record, share

    app = started(Seat("Anna"), Seat("Ben"), seed=5)
    rng = random.Random(2)
    assert app.game is not None
    while app.screen is Screen.TABLE:
        seat = app.human_to_act()
        assert seat is not None
        if app.hand_over_to() is not None:
            app.hand_over()
            continue
        if app.game.state.phase is Phase.TURN:
            app.draw()
        else:
            app.click_card(seat, rng.choice(sorted(app.targets(seat))))
    model = present.end(app)
    assert model.replay_href.startswith("replay.html#g=")
    shared = share.decode(model.replay_href.split("#g=", 1)[1])
    assert record.replay(shared) == app.game.state
    assert 'href="replay.html#g=' in render.end(Translator("en"), model)


SEAT = re.compile(r'<section class="seat[^"]*"[^>]*>.*?</section>', re.S)
CHECKSUM = re.compile(r' data-checksum="([0-9a-f]+)"')


def test_a_seats_checksum_changes_exactly_when_its_html_does() -> None:
    # The page's morph passes by a seat whose checksum it already shows
    # (site/page.mjs): a seat that changed under an unchanged checksum would keep
    # showing the old cards. Over a round's renders, every pair of a seat's HTML:
    # the same checksum exactly when the rest of the HTML is the same.
    app = started(Seat("Anna"), Seat("Bot", "medium"), Seat("Cleo", "easy"), seed=5)
    t = Translator("en")
    rng = random.Random(2)
    seen: dict[str, str] = {}  # the seat's HTML without its checksum -> the checksum
    renders = 0
    assert app.game is not None
    while app.screen is Screen.TABLE and renders < 120:
        html = render.table(t, present.table(app))
        renders += 1
        seats = SEAT.findall(html)
        assert len(seats) == 3
        for section in seats:
            sums = CHECKSUM.findall(section)
            assert len(sums) == 1, section[:120]
            bare = CHECKSUM.sub("", section)
            assert seen.setdefault(bare, sums[0]) == sums[0]
        if app.bot_to_act() is not None:
            app.bot_step()
            continue
        seat = app.human_to_act()
        assert seat is not None
        targets = sorted(app.targets(seat))
        if app.game.state.phase is Phase.TURN and app.game.state.held is None:
            app.draw()
        elif targets:
            app.click_card(seat, rng.choice(targets))
    assert renders > 20
    assert len(set(seen.values())) == len(seen), "two different seats share a checksum"
