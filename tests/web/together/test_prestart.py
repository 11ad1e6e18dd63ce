"""The host starts before every friend has joined (issue 38, item 3): a bot plays
each seat not connected yet, as for a guest away mid-game, and its invitation stays
offered; the friend joins later by it and takes the seat back. The host's and
guests' pages are joined by their link events as in test_together.py
(site/link.mjs's part played by the test); the bots are stepped by the test."""

from __future__ import annotations

import random

from skyjo import engine
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.together.guest import GuestPage
from skyjo.web.together.lobby import RENEWED
from skyjo.web.ui.setup import Seat

from .test_together import Table, _links, _sdp, click_for, open_invitation

ANN_BEN_CLEO = (Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote"))


def _invite(seats: tuple[Seat, ...], *, connect: list[int]) -> Table:
    """The host's setup form sent, an offer made for each remote seat, and the
    guests of ``connect`` joined: the invitations screen, before the game."""
    table = Table(seats)
    form = {f"name-{i}": s.name for i, s in enumerate(seats)}
    form |= {f"kind-{i}": s.kind for i, s in enumerate(seats)}
    form |= {"target": "custom", "custom_target": "20"}
    effects = table.host.handle({"type": "submit", "forms": {"setup-form": form}})
    offers = [op["seat"] for op in _links(effects) if op["do"] == "offer"]
    for seat in offers:
        if seat not in connect:
            table.host.handle({"type": "link", "event": "offer", "seat": seat, "sdp": _sdp(seat)})
    table.connect(connect)
    return table


def _start_now(table: Table) -> None:
    table.host_effects(table.host.handle({"type": "click", "intent": "invite-bots", "data": {}}))


def _join(table: Table, seat: int) -> GuestPage:
    """``seat``'s person opens the invitation made before the game (the link the
    host sent then), joins, and the host pastes the answer; the channel opens."""
    return open_invitation(table, seat, MemoryStorage())


def _guest_acts(table: Table, seat: int, rng: random.Random) -> None:
    """``seat``'s person plays a legal step on their own page."""
    guest = table.guests[seat]
    game = table.host.app.game
    assert game is not None and guest.app.human_to_act() == seat
    action = rng.choice(guest.app.game_legal())
    intent = click_for(guest, seat, action, game.state.phase)
    steps = table.host.app.steps
    table.guest_effects(seat, guest.handle(intent))
    assert table.host.app.steps == steps + 1, action


def _step(table: Table, rng: random.Random) -> int:
    """One step of whoever is due (a bot first, as the page's bot loop does):
    the seat that played."""
    host, app = table.host, table.host.app
    assert app.game is not None
    bot = app.bot_to_act()
    if bot is not None:
        assert app.bot_step()
        table.host_effects(host.render(run_bots=False))
        return bot
    seat = engine.players_to_act(app.game.state)[0]
    if seat in table.guests:
        _guest_acts(table, seat, rng)
    else:
        app._play(seat, rng.choice(app.game.legal_actions(seat)), "")
        table.host_effects(host.render(run_bots=False))
    return seat


def test_before_the_game_the_host_may_start_now_with_a_bot_for_who_is_not_connected() -> None:
    table = _invite(ANN_BEN_CLEO, connect=[2])
    host = table.host
    assert host.lobby is not None and host.lobby_setup is not None and host.app.game is None
    assert "Cleo" in host.shown and 'id="invite-status-2">Connected' in host.shown
    start = '<button type="button" data-intent="invite-bots" id="invite-bots">'
    assert start in host.shown
    assert "Start now: a bot plays for those not connected yet" in host.shown
    assert 'id="invite-cancel"' in host.shown  # Back to the setup form, still


def test_the_host_starts_without_ben_a_bot_plays_his_seat_then_ben_joins_and_takes_it() -> None:
    # Intent: Cleo has joined, Ben has not; the host starts now. The game starts,
    # a bot plays Ben's seat (his cards turn), his invitation stays offered, and
    # every page says so; Ben then joins by the link he was sent before the game,
    # the bot stops, and his next turn waits for him.
    table = _invite(ANN_BEN_CLEO, connect=[2])
    host, app = table.host, table.host.app
    assert host.lobby is not None
    invite = host.lobby.links[1].invite
    assert invite
    _start_now(table)
    assert app.game is not None and app.screen.value == "table"
    assert host.lobby_setup is None and host.lobby is not None
    assert set(host.lobby.links) == {1} and host.lobby.links[1].invite == invite
    assert app.standing_in == {1} and 1 in app.bots and 2 not in app.bots
    assert app.seats[1].kind == "remote" and app.seats[1].name == "Ben"  # his seat still
    assert not host.inviting
    assert "Ben has not joined yet: a bot plays for Ben until Ben joins." in host.shown
    assert 'id="invite-back-1"' in host.shown  # "Invite Ben back" shows his link again
    cleo = table.guests[2]
    assert cleo.viewing and cleo.app.seat == 2
    # Cleo's page says it too, in her language: Ben has not joined, not "is away".
    assert "Ben ist noch nicht da: Ein Bot spielt für Ben, bis Ben mitspielt." in cleo.shown
    assert "Ben ist weg" not in cleo.shown
    # The bot plays Ben's seat: both his opening cards, then a turn of his.
    rng = random.Random(3)
    played: list[int] = []
    while app.game.state.phase is Phase.SETUP or played[-1:] != [1]:
        played.append(_step(table, rng))
        assert len(played) < 100
    assert played.count(1) >= 3 and app.game.state.grids[1].face_up.count(True) >= 2
    assert cleo.app.game is not None
    assert cleo.app.game.state.grids[1].face_up == app.game.state.grids[1].face_up
    # Ben joins by the invitation of before the game ("Invite Ben back" shows it).
    host.handle({"type": "click", "intent": "invite-show", "data": {}})
    assert host.inviting and 'value="https://example.org/skyjo/#join=' + invite in host.shown
    ben = _join(table, 1)
    assert 1 not in app.bots and app.standing_in == set()
    assert host.away.since == {} and host.away.not_joined == set()
    assert host.lobby is None and not host.inviting
    assert "away-1" not in host.shown and "away-1" not in cleo.shown
    assert ben.viewing and ben.app.seat == 1
    assert ben.app.game is not None
    assert ben.app.game.state.grids[1].face_up == app.game.state.grids[1].face_up
    # His next turn waits for him: no bot plays it, his page may act.
    while 1 not in engine.players_to_act(app.game.state):
        assert _step(table, rng) != 1
    assert app.bot_to_act() is None and app.human_to_act() is None
    assert ben.app.human_to_act() == 1
    steps = app.steps
    _guest_acts(table, 1, rng)
    assert app.steps == steps + 1


def test_a_host_with_no_one_here_starts_now_and_the_keyboard_goes_to_the_table() -> None:
    # Intent: Ann is a bot and Ben never joins: the game starts, two bots play,
    # and the keyboard lands on the table's prompt (the button pressed is gone).
    table = _invite((Seat("Ann", "medium"), Seat("Ben", "remote")), connect=[])
    host = table.host
    effects = host.handle({"type": "click", "intent": "invite-bots", "data": {}})
    assert host.app.screen.value == "table" and set(host.app.bots) == {0, 1}
    assert [op[1]["wanted"] for op in effects.of("focus")] == ["prompt"]
    assert 'id="prompt"' in host.shown
    assert "Ben has not joined yet" in host.shown
    assert not [op for op in _links(effects) if op["do"] == "close"]  # his link stays open


def test_the_camera_reading_bens_answer_stops_when_the_host_starts_now() -> None:
    table = _invite(ANN_BEN_CLEO, connect=[2])
    host = table.host
    scan = host.handle({"type": "click", "intent": "invite-scan", "data": {"seat": "1"}})
    assert [op["do"] for op in _links(scan)] == ["scan"] and host.scanner.seat == 1
    effects = host.handle({"type": "click", "intent": "invite-bots", "data": {}})
    assert {"do": "scan-stop"} in _links(effects) and host.scanner.seat is None
    assert "scan-video" not in host.shown


def test_a_seat_whose_connection_failed_before_the_start_gets_a_fresh_invitation() -> None:
    # Intent: Ben's answer was pasted but the channel failed (its offer cannot
    # connect any more): his page gets a new invitation at once, the host's page
    # saying so beside it, while Cleo's unanswered invitation stays as sent; Ben's
    # answer to the new one clears the words, and starting now offers nothing more.
    table = _invite(ANN_BEN_CLEO, connect=[])
    host = table.host
    assert host.lobby is not None
    old = host.lobby.links[1].invite
    cleo = host.lobby.links[2].invite
    host.lobby.links[1].answered = True
    effects = host.handle({"type": "link", "event": "failed", "seat": 1})
    assert [op for op in _links(effects) if op["do"] == "offer"] == [{"do": "offer", "seat": 1}]
    assert host.lobby.links[1].error == RENEWED and host.lobby.links[1].invite == ""
    said = "The connection could not be made. The invitation below is a new one: send it again."
    assert said in host.shown
    host.handle({"type": "link", "event": "offer", "seat": 1, "sdp": _sdp(21)})
    fresh = host.lobby.links[1].invite
    assert fresh and fresh != old and host.lobby.links[2].invite == cleo
    assert said in host.shown  # until Ben answers the new one
    # An old channel's last word (nothing was pasted since) changes nothing.
    host.handle({"type": "link", "event": "closed", "seat": 1})
    assert host.lobby.links[1].invite == fresh
    effects = host.handle({"type": "click", "intent": "invite-bots", "data": {}})
    assert [op for op in _links(effects) if op["do"] == "offer"] == []
    assert host.lobby.links[1].invite == fresh and host.app.standing_in == {1, 2}
