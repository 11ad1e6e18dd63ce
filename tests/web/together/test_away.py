"""Nothing lost when a device goes away (issue 38): the away seat's timer hands it
to a bot, its person takes it back, a guest that comes back catches up from the
last log line it kept, a hostile hello is refused, and the game's record reaches
the guests at game end, never before. The host's and guests' pages are joined by
their link events as in test_together.py (site/link.mjs's part played by the test);
the host's clock and sleep are the test's, so nothing waits."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine
from typing import Any

import pytest

from skyjo import engine, record
from skyjo.actions import Flip
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.together import away, catchup, wire
from skyjo.web.together.guest import GuestPage
from skyjo.web.together.referee import Referee, Refused, Why
from skyjo.web.ui.setup import Seat
from skyjo.web.worker.effects import Effects

from .test_together import Table, _links, _sdp, open_invitation

ANN_BEN_CLEO = (Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote"))


class Clock:
    """The host's clock and sleep: sleeping moves the clock on at once."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        if len(self.slept) > 1000:
            raise AssertionError("the away timer runs on and on")


def _table(seats: tuple[Seat, ...]) -> tuple[Table, Clock, list[Coroutine[Any, Any, None]]]:
    table = Table(seats)
    clock = Clock()
    spawned: list[Coroutine[Any, Any, None]] = []
    table.host.clock, table.host.sleep = clock, clock.sleep
    table.host.spawn = spawned.append
    table.host.push = table.host_effects  # what the timer pushes reaches the guests
    table.start()
    return table, clock, spawned


def _run(spawned: list[Coroutine[Any, Any, None]], name: str) -> None:
    """Run the spawned tasks named ``name`` (the away timer), close the others."""
    while spawned:
        work = spawned.pop(0)
        if _named(work, name):
            asyncio.run(work)
        else:
            work.close()


def _named(work: Coroutine[Any, Any, None], name: str) -> bool:
    return str(getattr(work, "__qualname__", "")).endswith(name)


def _choose(table: Table, value: str) -> None:
    table.host.handle({"type": "change", "id": "away-wait", "value": value, "forms": {}})


def _drop(table: Table, seat: int) -> None:
    """``seat``'s channel closes on both sides."""
    table.host_effects(table.host.handle({"type": "link", "event": "closed", "seat": seat}))
    table.guests[seat].handle({"type": "link", "event": "closed", "seat": -1})


def _rejoin(table: Table, seat: int, storage: MemoryStorage) -> GuestPage:
    """``seat``'s person opens the fresh invitation on a page with ``storage`` (the
    device's), joins, and the host pastes the answer; the channel opens."""
    table.host.handle({"type": "link", "event": "offer", "seat": seat, "sdp": _sdp(seat)})
    return open_invitation(table, seat, storage)


def _flip(table: Table, seat: int) -> None:
    """``seat`` turns a card in the opening: its guest's click, or the host's person."""
    app = table.host.app
    assert app.game is not None
    if seat in table.guests:
        guest = table.guests[seat]
        position = next(a.position for a in guest.app.game_legal() if isinstance(a, Flip))
        intent = {
            "type": "click",
            "intent": "card",
            "data": {"seat": str(seat), "pos": str(position)},
        }
        table.guest_effects(seat, guest.handle(intent))
    else:
        app._play(seat, app.game.legal_actions(seat)[0], "")
        table.host_effects(table.host.render())


# --- the away timer ------------------------------------------------------------------


def test_an_away_seat_waits_the_chosen_time_then_a_bot_plays_it_and_friends_see_it() -> None:
    table, clock, spawned = _table(ANN_BEN_CLEO)
    host, app = table.host, table.host.app
    _choose(table, "20")
    assert host.app.keeper.read(away.AWAY_KEY) == "20"
    _drop(table, 1)
    assert '<option value="20" selected>' in away_html(table)
    # The host sees the fresh invitation and the time; Cleo sees Ben away, in German.
    assert host.inviting and "Invitation for Ben" in host.shown
    assert "Ben is away. A bot plays for Ben if Ben is not back within 20 seconds." in host.shown
    assert 'data-intent="invite-show"' not in host.shown  # the invitation is on screen
    cleo = table.guests[2]
    assert "Ben ist weg. Ist Ben nicht innerhalb von 20 Sekunden zurück" in cleo.shown
    assert 1 not in app.bots
    clock.now += 19  # not yet
    assert not host._stand_in_due() and 1 not in app.bots
    _run(spawned, "_away_timer")  # the timer sleeps until Ben's seat is due
    assert clock.now >= 1020 and max(clock.slept) <= 1.0
    assert app.standing_in == {1} and 1 in app.bots
    assert app.seats[1].kind == "remote"  # the seat stays Ben's
    assert not host.inviting and host.lobby is not None  # back to the table, link kept
    assert "Ben is away: a bot plays for Ben until Ben is back." in host.shown
    assert 'data-intent="invite-show"' in host.shown
    assert "Ben ist weg: Ein Bot spielt für Ben, bis Ben zurück ist." in cleo.shown
    # The bot plays Ben's seat when it is due (the opening flips: Ann and Cleo too).
    assert app.game is not None
    for _ in range(6):
        due = engine.players_to_act(app.game.state)
        if 1 in due:
            break
        _flip(table, due[0])
    assert app.bot_to_act() == 1 and app.bot_step()


def away_html(table: Table) -> str:
    return table.host.shown[table.host.shown.index("away-choice") :]


def test_never_keeps_the_seat_waiting_and_no_timer_runs() -> None:
    table, clock, spawned = _table(ANN_BEN_CLEO)
    _choose(table, "never")
    _drop(table, 1)
    assert not [c for c in spawned if _named(c, "_away_timer")]
    clock.now += 3600
    assert not table.host._stand_in_due() and 1 not in table.host.app.bots
    assert "Ben is away. The game waits for Ben." in table.host.shown
    for c in spawned:
        c.close()


def test_an_unknown_choice_is_ignored_and_the_stored_one_read_safely() -> None:
    table, _, spawned = _table(ANN_BEN_CLEO)
    _choose(table, "5; drop")
    assert table.host.app.keeper.read(away.AWAY_KEY) is None
    assert away.read_choice("abc") == away.DEFAULT and away.wait_seconds("never") is None
    for c in spawned:
        c.close()


def test_a_guest_back_by_its_fresh_invitation_takes_its_seat_from_the_bot() -> None:
    table, clock, spawned = _table(ANN_BEN_CLEO)
    host, app = table.host, table.host.app
    _choose(table, "20")
    _drop(table, 1)
    clock.now += 25
    _run(spawned, "_away_timer")
    assert 1 in app.bots
    # The host shows Ben's invitation again from the table, and Ben comes back.
    host.handle({"type": "click", "intent": "invite-show", "data": {}})
    assert host.inviting and "Invitation for Ben" in host.shown
    ben = _rejoin(table, 1, MemoryStorage())
    assert 1 not in app.bots and app.standing_in == set() and host.away.since == {}
    assert host.lobby is None and not host.inviting
    assert "away-1" not in host.shown and "away-1" not in table.guests[2].shown
    assert ben.viewing and ben.app.seat == 1
    assert app.game is not None
    if 1 in engine.players_to_act(app.game.state):
        assert ben.app.human_to_act() == 1 and app.bot_to_act() is None


# --- catching up ---------------------------------------------------------------------


def test_a_guest_that_comes_back_receives_only_the_lines_after_its_last() -> None:
    table, _, spawned = _table((Seat("Ann"), Seat("Ben", "remote")))
    host, app = table.host, table.host.app
    ben_device = MemoryStorage()
    ben = _rejoin_first(table, ben_device)
    _flip(table, 1)
    _flip(table, 0)
    kept = catchup.SeenLog.load(ben_device)
    assert kept.game == host.game_id() and kept.next == app.log_from + len(app.log)
    seen = kept.next
    _drop(table, 1)
    _flip(table, 0)  # Ann goes on while Ben is away
    hello = json.loads(ben_hello(table, ben_device))
    assert hello == {"t": "hello", "game": host.game_id(), "from": seen}
    ben = _rejoin(table, 1, ben_device)  # Ben's page reloaded: the same device's storage
    first = json.loads(table.received[1][0])
    assert first["from"] == seen and len(first["log"]) == len(app.log) - seen
    assert [tuple(x) for x in first["log"]] == [(line.key, line.fields) for line in app.log[seen:]]
    assert [line.key for line in ben.app.log] == [line.key for line in app.log]
    full = wire_view_size(table, MemoryStorage())
    print(
        f"view message on rejoining: {len(table.received[1][0])} characters caught up, {full} whole"
    )
    # A page that has nothing, or a log of another game, gets everything.
    other = MemoryStorage()
    other.set(
        catchup.LOG_KEY, catchup.SeenLog("0123abcd", 0, [("event.dealt", {"n": 1})] * 3).to_text()
    )
    for storage in (MemoryStorage(), other):
        _drop(table, 1)
        _rejoin(table, 1, storage)
        again = json.loads(table.received[1][0])
        assert again["from"] == 0 and len(again["log"]) == len(app.log)
    # The guest's storage holds its log under its own key, never a saved game.
    assert set(ben_device.data) == {catchup.LOG_KEY}
    for c in spawned:
        c.close()


def _rejoin_first(table: Table, storage: MemoryStorage) -> GuestPage:
    """Replace the guest of seat 1 by one on ``storage`` (drop, rejoin)."""
    _drop(table, 1)
    return _rejoin(table, 1, storage)


def ben_hello(table: Table, storage: MemoryStorage) -> str:
    return wire.hello_message(catchup.SeenLog.load(storage).hello())


def wire_view_size(table: Table, storage: MemoryStorage) -> int:
    host = table.host
    app = host.app
    assert app.game is not None
    names = [seat.name for seat in app.seats]
    lines = [(line.key, line.fields) for line in app.log]
    return len(
        wire.view_message(
            app.game.view(1), step=app.steps, screen="table", names=names, log=lines, game=""
        )
    )


def test_catch_up_sends_from_the_guests_line_or_everything_when_it_cannot_place_it() -> None:
    first = catchup.first_line
    hello = wire.Hello("g", 57)
    assert first(hello, game="g", log_from=0, log_end=80) == 57
    assert first(hello, game="h", log_from=0, log_end=80) == 0  # another game
    assert first(hello, game="g", log_from=60, log_end=80) == 60  # older than kept
    assert first(hello, game="g", log_from=0, log_end=50) == 0  # beyond the log
    assert first(None, game="g", log_from=0, log_end=500) == 500 - wire.LOG_LINES
    seen = catchup.SeenLog()
    seen.take("g", 0, [("a", {}), ("b", {})])
    seen.take("g", 1, [("c", {})])  # the host's log lost a line to a take-back
    assert [k for k, _ in seen.lines] == ["a", "c"] and seen.next == 2
    seen.take("g", 5, [("x", {})])  # a gap: starts anew
    assert seen.first == 5 and seen.next == 6


@pytest.mark.parametrize(
    "text",
    [
        '{"t":"hello","game":"g","from":-1}',
        '{"t":"hello","game":"g","from":1000001}',
        '{"t":"hello","game":"g","from":1e999}',
        '{"t":"hello","game":"g","from":"5"}',
        '{"t":"hello","game":"g","from":2.5}',
        '{"t":"hello","game":"g","from":true}',
        '{"t":"hello","game":"g","from":null}',
        '{"t":"hello","game":7,"from":0}',
        '{"t":"hello","game":"' + "g" * 40 + '","from":0}',
        '{"t":"hello","game":"g","from":0,"seat":0}',
        '{"t":"hello","from":0}',
    ],
)
def test_a_hostile_hello_is_refused_and_the_guest_gets_everything(text: str) -> None:
    with pytest.raises(Refused) as refused:
        Referee().check(1, text, None)
    assert refused.value.why is Why.MALFORMED
    table, _, spawned = _table((Seat("Ann"), Seat("Ben", "remote")))
    host = table.host
    assert host.app.game is not None
    state = host.app.game.state
    host.handle({"type": "link", "event": "open", "seat": 1})  # as a channel opened anew
    table.received[1] = []
    effects = host.handle({"type": "link", "event": "message", "seat": 1, "text": text})
    assert effects.of("warn") and host.app.game.state is state
    table.host_effects(effects)
    assert table.received[1][0] == wire.REFUSED
    view = json.loads(table.received[1][1])
    assert view["from"] == 0 and len(view["log"]) == len(host.app.log)
    for c in spawned:
        c.close()


# --- game end ------------------------------------------------------------------------


def test_the_record_reaches_guests_only_once_the_game_has_ended() -> None:
    table, _, spawned = _table((Seat("Ann"), Seat("Ben", "remote")))
    app = table.host.app
    game = app.game
    assert game is not None
    ben = table.guests[1]
    ben.spawn = lambda c: c.close()
    rng = random.Random(4)
    for _ in range(3000):
        if app.screen.value == "game_end":
            break
        if app.screen.value == "round_end":
            app.next_round()
        else:
            seat = engine.players_to_act(game.state)[0]
            app._play(seat, rng.choice(game.legal_actions(seat)), "")
        before_end = app.screen.value != "game_end"
        table.host_effects(table.host.render())
        if before_end:
            # Nothing record-like while the game is on: no record, no deal.
            for text in table.received[1]:
                assert '"record"' not in text and '"deal"' not in text, text[:80]
            assert not ben.app.has_record
            assert 'id="export"' not in ben.topbar_shown
    assert app.screen.value == "game_end" and game.state.phase is Phase.GAME_OVER
    records = [t for t in table.received[1] if json.loads(t)["t"] == "record"]
    assert len(records) == 1 and json.loads(table.received[1][-1])["t"] == "record"
    print(f"the record message at game end: {len(records[0])} characters")
    # Ben's page has the record: Export gives it, the review starts with Ben's seat.
    assert ben.app.has_record and ben.app.screen.value == "game_end"
    effects = ben.handle({"type": "click", "intent": "export", "data": {}})
    (download,) = effects.of("download")
    exported = record.loads(download[3])
    assert exported == game.record()
    assert 'id="export"' in ben.topbar_shown
    assert '<option value="1" selected>Ben</option>' in ben.shown
    assert ben.review.seat == 1
    # A guest's menu offers nothing that does nothing there.
    assert 'data-intent="import"' not in ben.topbar_shown
    assert 'data-intent="new-game"' not in ben.topbar_shown
    assert 'data-intent="rematch"' not in ben.shown
    # The record is sent once, not with every repaint.
    table.host_effects(table.host.render())
    assert len([t for t in table.received[1] if json.loads(t)["t"] == "record"]) == 1
    for c in spawned:
        c.close()


def test_a_guest_refuses_a_record_before_the_game_ended() -> None:
    table, _, spawned = _table((Seat("Ann"), Seat("Ben", "remote")))
    ben = table.guests[1]
    app = table.host.app
    assert app.game is not None
    text = wire.record_message(table.host.game_id(), record.to_json(app.game.record()))
    effects = ben.handle({"type": "link", "event": "message", "seat": -1, "text": text})
    assert effects.of("warn") and not ben.app.has_record
    for c in spawned:
        c.close()
    assert _links(Effects()) == []


def test_back_to_the_table_stops_the_camera_and_a_second_look_offers_it_afresh() -> None:
    # Intent: the host scanning Ben's fresh invitation's answer goes back to the
    # table: the camera goes off (the preview leaves the page), and the page does
    # not go on believing it scans, so "Invite Ben back" shows the Scan button again,
    # not a dead preview.
    table, _clock, _spawned = _table(ANN_BEN_CLEO)
    host = table.host
    _drop(table, 1)
    host.handle({"type": "link", "event": "offer", "seat": 1, "sdp": _sdp(1)})  # Ben's fresh one
    assert host.inviting
    opened = _links(host.handle({"type": "click", "intent": "invite-scan", "data": {"seat": "1"}}))
    assert opened == [{"do": "scan", "seat": 1, "video": "scan-video"}]
    back = _links(host.handle({"type": "click", "intent": "invite-hide", "data": {}}))
    assert {"do": "scan-stop"} in back
    assert host.scanner.seat is None and not host.inviting
    host.handle({"type": "click", "intent": "invite-show", "data": {}})
    assert host.inviting and 'id="scan-video"' not in host.shown
    assert 'data-intent="invite-scan"' in host.shown
