"""The game page's Undo (issue 36 item 9) on CPython: against bots the person at the
device takes back their last turn (button or Ctrl+Z), the bots' moves after it go
too, the log and the save say so and a reload resumes there; never after a
pass-and-play hand-over, at a round's end, in an embed; the replay viewer says
where a move was taken back."""

from __future__ import annotations

import html
import json
import random

import pytest

from skyjo import record, share
from skyjo.errors import IllegalActionError
from skyjo.state import Phase, State
from skyjo.web.device import MemoryStorage
from skyjo.web.embed.replay_page import ReplayPage
from skyjo.web.ui import present, render
from skyjo.web.ui.app import SAVE_KEY, App, Screen, Undo
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.page import GamePage
from skyjo.web.ui.setup import Seat, Setup

EN = Translator("en")
AGAINST_A_BOT = [("Ann", "human"), ("Bob", "medium")]


def started(
    seats: list[tuple[str, str]],
    *,
    seed: int = 3,
    takebacks: bool = True,
    storage: MemoryStorage | None = None,
) -> App:
    app = App(storage or MemoryStorage(), seed=seed, takebacks=takebacks)
    app.start(Setup(tuple(Seat(name, kind) for name, kind in seats), speed="instant"))
    return app


def face_up(state: State, seat: int) -> list[int]:
    grid = state.grids[seat]
    return [p for p in range(12) if grid.face_up[p] and not grid.removed[p]]


def step(app: App, rng: random.Random) -> None:
    """One step of whoever is due, a person's as random clicks."""
    if app.screen is Screen.ROUND_END:
        app.next_round()
    elif app.bot_step():
        pass
    elif app.hand_over_to() is not None:
        app.hand_over()
    else:
        seat = app.human_to_act()
        assert seat is not None
        targets = app.targets(seat)
        if targets:
            app.click_card(seat, rng.choice(sorted(targets)))
        else:
            rng.choice([app.draw, app.take_discard])()


def to_turn(app: App, rng: random.Random) -> int:
    """Play on until a person may start a turn with a face-up card to swap for."""
    for _ in range(5000):
        assert app.game is not None
        seat = app.human_to_act()
        state = app.game.state
        if (
            seat is not None
            and app.hand_over_to() is None
            and state.phase is Phase.TURN
            and state.finisher is None
            and face_up(state, seat)
        ):
            return seat
        step(app, rng)
    raise AssertionError("no turn of a person's")


def swapped_then_bots(app: App, rng: random.Random) -> tuple[State, State]:
    """The person takes the discard pile's card and swaps it for a face-up card,
    then the bots play (again until that leaves the round going); the state
    before the turn and the one with the card in hand."""
    for _ in range(50):
        seat = to_turn(app, rng)
        assert app.game is not None
        before = app.game.state
        app.take_discard()
        holding = app.game.state
        app.click_card(seat, face_up(before, seat)[0])
        while app.bot_step():
            pass
        if app.screen is Screen.TABLE:
            return before, holding
    raise AssertionError("every turn ended the round")


def test_undo_takes_back_the_persons_turn_and_the_bots_moves_after_it() -> None:
    app = started(AGAINST_A_BOT)
    rng = random.Random(1)
    before, holding = swapped_then_bots(app, rng)
    assert app.game is not None and app.game.state != holding
    assert app.undo_offer() is Undo.READY
    app.undo()
    assert app.game.state == holding  # the grid as before, the card in hand again
    assert app.game.state.grids == before.grids
    assert app.undo_offer() is None  # while the card is held: put it down first
    said = app.log[-1]
    assert said.key == "event.undo" and said.fields["count"] == 1
    assert app.since_person == [said]
    model = present.table(app)
    assert model.announcement == "You take back your last move and the move after it."
    assert model.undo == "" and 'id="undo"' not in render.table(EN, model)
    # The bots play on after the person's new choice.
    app.click_card(0, face_up(before, 0)[-1])
    assert app.bot_to_act() == 1


def test_the_moves_log_loses_the_lines_taken_back() -> None:
    app = started(AGAINST_A_BOT)
    swapped_then_bots(app, random.Random(1))
    log = list(app.log)
    mine = max(i for i, line in enumerate(log) if line.fields.get("seat") == 0)
    app.undo()
    assert app.log == [*log[:mine], app.log[-1]]


def test_after_undo_a_reload_resumes_with_the_card_in_hand() -> None:
    storage = MemoryStorage()
    app = started(AGAINST_A_BOT, storage=storage)
    _, holding = swapped_then_bots(app, random.Random(1))
    app.undo()
    saved = json.loads(storage.get(SAVE_KEY) or "")
    (taken,) = saved["record"]["rounds"][-1]["taken_back"]
    assert taken["moves"][0]["player"] == 0 and len(taken["moves"]) == 2
    again = App(storage, takebacks=True)
    assert again.screen is Screen.RESUME
    again.resume()
    assert again.game is not None and again.game.state == holding
    assert again.game.record() == app.game.record()  # type: ignore[union-attr]
    assert again.log[-1].key == "event.undo"


def test_the_button_says_why_there_is_nothing_to_undo() -> None:
    app = started(AGAINST_A_BOT)
    rng = random.Random(2)
    assert app.undo_offer() is None  # the opening flips
    seat = to_turn(app, rng)
    assert app.game is not None
    assert not any(
        isinstance(m, record.TurnMove) and m.player == seat for m in app.game.round_moves
    )
    assert app.undo_offer() is Undo.NOTHING  # the person's first turn of the round
    assert EN.t("undo.nothing") in html.unescape(render.table(EN, present.table(app)))
    # A turn that turns up a card: a card once seen is not taken back.
    app.draw()
    assert app.undo_offer() is None  # a card in hand
    app.choose_discard_mode()
    app.click_card(seat, min(app.targets(seat)))
    while app.bot_step():
        pass
    assert app.screen is Screen.TABLE and app.undo_offer() is Undo.SEEN
    html_text = render.table(EN, present.table(app))
    assert 'id="undo"' in html_text and "disabled" in html_text.split('id="undo"')[1][:200]
    assert EN.t("undo.seen") in html.unescape(html_text)
    with pytest.raises(IllegalActionError, match="once seen"):
        app.undo()


def test_no_undo_across_a_rounds_end() -> None:
    app = started(AGAINST_A_BOT)
    rng = random.Random(5)
    while app.screen is not Screen.ROUND_END:
        step(app, rng)
    assert app.undo_offer() is None
    with pytest.raises(IllegalActionError):
        app.undo()
    app.next_round()
    while app.human_to_act() is None or app.game.state.phase is Phase.SETUP:  # type: ignore[union-attr]
        step(app, rng)
    assert app.undo_offer() in (Undo.NOTHING, None)


def test_an_embeds_table_has_no_undo() -> None:
    app = started(AGAINST_A_BOT, takebacks=False)
    swapped_then_bots(app, random.Random(1))
    assert app.undo_offer() is None
    assert 'id="undo"' not in render.table(EN, present.table(app))
    with pytest.raises(IllegalActionError):
        app.undo()


def test_pass_and_play_no_undo_after_the_hand_over() -> None:
    app = started([("Ann", "human"), ("Ben", "human")], seed=4)
    rng = random.Random(4)
    seat = to_turn(app, rng)
    app.take_discard()
    assert app.game is not None
    app.click_card(seat, face_up(app.game.state, seat)[0])
    other = 1 - seat
    assert app.hand_over_to() == other
    assert app.undo_offer() is None  # the hand-over screen: no Undo on it
    with pytest.raises(IllegalActionError, match="no move to take back here"):
        app.undo()
    app.hand_over()
    assert app.undo_offer() is Undo.NOTHING  # the other person has not moved yet
    with pytest.raises(IllegalActionError, match="person at the device"):
        app.undo()


def test_pass_and_play_with_a_bot_between_undo_before_the_hand_over() -> None:
    # The person who moved still holds the device while the bot plays: they may
    # take their move back; once the next person has it, they may not.
    app = started([("Ann", "human"), ("Bob", "easy"), ("Cid", "human")], seed=6)
    rng = random.Random(6)
    for _ in range(200):
        seat = to_turn(app, rng)
        if seat == 0:
            break
        step(app, rng)
    assert app.game is not None
    holding_before = app.game.state
    app.take_discard()
    holding = app.game.state
    app.click_card(0, face_up(holding_before, 0)[0])
    assert app.bot_to_act() == 1 and app.undo_offer() is Undo.READY
    app.undo()
    assert app.game.state == holding
    app.click_card(0, face_up(holding_before, 0)[0])
    while app.bot_step():
        pass
    assert app.hand_over_to() == 2 and app.undo_offer() is None
    app.hand_over()
    assert app.undo_offer() is Undo.NOTHING


# --- the page: the button, Ctrl+Z, the replay viewer --------------------------------------


def page_at_undo() -> GamePage:
    page, _ = GamePage.open(
        MemoryStorage(),
        lambda _: None,
        languages=["en"],
        search="?seed=4",
        spawn=lambda w: w.close(),
    )
    page.app.start(Setup(tuple(Seat(n, k) for n, k in AGAINST_A_BOT), speed="instant"))
    swapped_then_bots(page.app, random.Random(1))
    return page


def test_the_button_and_ctrl_z_take_the_move_back() -> None:
    for how in ("click", "key"):
        page = page_at_undo()
        button = render.table(EN, present.table(page.app)).split('id="undo"')
        assert len(button) == 2 and "disabled" not in button[1].split(">")[0]
        if how == "click":
            effects = page.handle({"type": "click", "intent": "undo", "data": {}, "forms": {}})
        else:
            effects = page.handle({"type": "key", "key": "Undo"})
        assert page.app.log[-1].key == "event.undo", how
        assert effects.of("html")  # repainted with the card in hand
        # Nothing more to take back: Ctrl+Z does nothing at all.
        assert not page.handle({"type": "key", "key": "Undo"})


def test_the_replay_viewer_says_where_a_move_was_taken_back() -> None:
    app = started(AGAINST_A_BOT)
    swapped_then_bots(app, random.Random(1))
    app.undo()
    assert app.game is not None
    game_record = app.game.record()
    page, _ = ReplayPage.open(
        lambda _: None,
        languages=["en"],
        stored_language=None,
        asked=None,
        href="replay.html",
        fragment="#g=" + share.encode(game_record),
        spawn=lambda work: work.close(),
    )
    at = game_record.rounds[-1].taken_back[0].at
    assert page.viewer is not None
    target = next(
        i
        for i, f in enumerate(page.viewer.frames)
        if f.round_number == len(game_record.rounds) and f.move_number == at
    )
    page.viewer = page.viewer.to(target - 1)
    assert "Taken back" not in html.unescape(page.render().ops[0][2])
    page.handle({"type": "click", "intent": "forward", "data": {}})
    painted = html.unescape(page.render().ops[0][2])
    assert "Taken back after this move (with the move after it): Ann takes the" in painted
