"""Playing together without a browser: the compact signal, the host's referee, the
seat views (never a hidden card), and a host's and two guests' pages joined by
their link events, playing a round (site/link.mjs's part played by the test)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.state import Phase
from skyjo.view import sample_state, view_of
from skyjo.web.device import MemoryStorage
from skyjo.web.together import wire
from skyjo.web.together.guest import GuestPage
from skyjo.web.together.lobby import Answer, Invite
from skyjo.web.together.referee import BURST, Referee, Refused, Why
from skyjo.web.together.signal import Signal, SignalError, compact, expand
from skyjo.web.ui.page import GamePage
from skyjo.web.ui.setup import Seat, Setup
from skyjo.web.worker.effects import Effects

#: A data-channel offer as Chromium 120 writes it (candidates gathered, mDNS off).
CHROMIUM_OFFER = (
    "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 51472 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 192.168.1.20\r\n"
    "a=candidate:3077475463 1 udp 2113937151 192.168.1.20 51472 typ host generation 0 "
    "network-cost 999\r\n"
    "a=candidate:1519542279 1 udp 2113939711 2a02:8108::1 51473 typ host generation 0 "
    "network-cost 999\r\n"
    "a=candidate:2270716951 1 tcp 1518157055 192.168.1.20 9 typ host tcptype active\r\n"
    "a=ice-ufrag:ZbQh\r\na=ice-pwd:O0Hx7wWnM1k2b+3eJ2QhXQ/t\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 "
    "6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)


def test_a_signal_keeps_what_a_data_channel_needs_and_reads_back() -> None:
    signal = compact(CHROMIUM_OFFER)
    assert signal.ufrag == "ZbQh" and signal.password == "O0Hx7wWnM1k2b+3eJ2QhXQ/t"
    assert signal.candidates == (("192.168.1.20", 51472), ("2a02:8108::1", 51473))
    assert Signal.parse(str(signal)) == signal
    sdp = expand(signal, offer=True)
    assert compact(sdp) == signal
    assert "a=setup:actpass" in sdp and "a=setup:active" in expand(signal, offer=False)
    assert "6B:8B:F0:65" in sdp


def test_an_invitation_fits_a_small_qr_code() -> None:
    """QR version 10 holds 271 bytes at the lowest error correction (213 at M)."""
    invite = Invite(2, "Annabelle-Marie", "Bartholomew", compact(CHROMIUM_OFFER))
    url = "https://example.github.io/skyjo/#join=" + str(invite)
    print(f"invitation link: {len(url)} characters; answer: {len(str(Answer(2, invite.offer)))}")
    assert len(url) <= 213
    assert Invite.from_fragment("#join=" + str(invite)) == invite


@pytest.mark.parametrize("guest", ["Bén~1", "a%41b", "50 %", "~%7E~", "Ann+Ben / 李"])
def test_any_name_comes_through_an_invitation_link_as_it_was_typed(guest: str) -> None:
    invite = Invite(1, "Ann~Liës", guest, compact(CHROMIUM_OFFER))
    text = str(invite)
    assert Invite.from_fragment("#join=" + text) == invite
    # A scanner or browser that escapes the separators (and the offer's "+" and
    # "/") as well: read the same.
    escaped = text.replace("%", "%25").replace("~", "%7E").replace("+", "%2B").replace("/", "%2F")
    assert Invite.from_fragment("#join=" + escaped) == invite


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x",
        "a~b~c~d",
        "ZbQh~pw~AAAA~1.2.3.4 5",
        "ZbQh~O0Hx7wWnM1k2b+3eJ2QhXQ~" + "A" * 43 + "~<b> 5",
        "ZbQh~O0Hx7wWnM1k2b+3eJ2QhXQ~" + "A" * 43 + "~1.2.3.4 99999",
        "~" * 700,
    ],
)
def test_a_garbled_signal_is_refused_in_words(text: str) -> None:
    with pytest.raises(SignalError):
        Signal.parse(text)
    with pytest.raises(SignalError):
        Answer.parse("1~" + text)


# --- the referee ---------------------------------------------------------------------


def _state_at_turn() -> tuple[Game, int]:
    game = Game(["A", "B", "C"], seed=3)
    while game.state.phase is Phase.SETUP:
        seat = engine.players_to_act(game.state)[0]
        game.play(game.legal_actions(seat)[0], player=seat)
    return game, game.state.to_move or 0


def test_the_referee_plays_a_legal_move_of_the_seat_on_turn() -> None:
    game, seat = _state_at_turn()
    assert Referee().check(seat, '{"t":"act","a":"draw"}', game.state) == Draw()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"t":"act","a":"draw"}', Why.NOT_YOUR_TURN),  # another seat's turn
        ('{"t":"act","a":"flip 3"}', Why.NOT_YOUR_TURN),
        ("not json", Why.MALFORMED),
        ("[1, 2]", Why.MALFORMED),
        ('{"t":"act","a":"draw","seat":0}', Why.MALFORMED),  # a seat of its own choosing
        ('{"t":"act","a":"deal 1 2 3 | 4 | 5"}', Why.MALFORMED),  # chance is not a guest's
        ('{"t":"act","a":7}', Why.MALFORMED),
        ('{"t":"act","a":"' + "x" * 300 + '"}', Why.OVERSIZED),
        ("[" * 90 + "]" * 90, Why.MALFORMED),
    ],
)
def test_the_referee_refuses_hostile_messages(text: str, why: Why) -> None:
    game, seat = _state_at_turn()
    other = (seat + 1) % 3
    before = game.state
    with pytest.raises(Refused) as refused:
        Referee().check(other if why is Why.NOT_YOUR_TURN else seat, text, game.state)
    assert refused.value.why is why
    assert game.state is before


def test_the_referee_refuses_an_illegal_move_and_a_table_not_in_play() -> None:
    game, seat = _state_at_turn()
    with pytest.raises(Refused) as refused:
        Referee().check(seat, '{"t":"act","a":"swap 3"}', game.state)  # nothing in hand
    assert refused.value.why is Why.ILLEGAL
    with pytest.raises(Refused) as refused:
        Referee().check(seat, '{"t":"act","a":"draw"}', None)
    assert refused.value.why is Why.NOT_IN_PLAY


def test_the_referee_refuses_a_flood_and_lets_a_person_go_on_after_a_pause() -> None:
    game, seat = _state_at_turn()
    now = [0.0]
    referee = Referee(clock=lambda: now[0])
    other = (seat + 1) % 3
    for _ in range(BURST):
        with pytest.raises(Refused) as refused:
            referee.check(other, '{"t":"act","a":"draw"}', game.state)
        assert refused.value.why is Why.NOT_YOUR_TURN
    with pytest.raises(Refused) as refused:
        referee.check(other, '{"t":"act","a":"draw"}', game.state)
    assert refused.value.why is Why.FLOOD
    with pytest.raises(Refused) as refused:  # one seat's flood is its own
        referee.check(seat, '{"t":"act","a":"swap 3"}', game.state)
    assert refused.value.why is Why.ILLEGAL
    now[0] = 1.0
    with pytest.raises(Refused) as refused:
        referee.check(other, '{"t":"act","a":"draw"}', game.state)
    assert refused.value.why is Why.NOT_YOUR_TURN


# --- seat views --------------------------------------------------------------------------


def test_a_seat_view_message_is_the_same_whatever_the_hidden_cards_are() -> None:
    """Every face-down card, the draw pile and a card someone else drew are dealt
    anew, many times, in many positions: the message never changes, so it carries
    nothing of them."""
    rng = random.Random(5)
    for game_seed in range(12):
        game = Game(["A", "B", "C"], seed=game_seed)
        for _ in range(rng.randrange(0, 40)):
            if game.state.phase in (Phase.DEAL, Phase.GAME_OVER):
                break
            seat = engine.players_to_act(game.state)[0]
            game.play(rng.choice(game.legal_actions(seat)), player=seat)
        for seat in range(3):
            view = view_of(game.state, seat)
            text = wire.view_message(view, step=1, screen="table", names="ABC", log=[])
            for n in range(5):
                other = sample_state(view, random.Random(n))
                again = view_of(other, seat)
                assert wire.view_message(again, step=1, screen="table", names="ABC", log=[]) == text
            assert "draw_pile" not in text
            assert wire.read_view(json.loads(text)["view"]) == view


# --- a host and two guests, joined by their link events ----------------------------------


def _sdp(n: int) -> str:
    return CHROMIUM_OFFER.replace("ZbQh", f"Ufr{n}").replace("51472", f"{50000 + n}")


def _links(effects: Effects) -> list[dict[str, Any]]:
    return [op[1] for op in effects.of("link")]


class Table:
    """A host's page and its guests' pages; the test carries what site/link.mjs
    would between them (every message a guest receives is kept)."""

    def __init__(self, seats: tuple[Seat, ...], storage: MemoryStorage | None = None) -> None:
        self.storage = storage or MemoryStorage()
        self.host, _ = GamePage.open(
            self.storage,
            lambda e: None,
            languages=["en"],
            spawn=lambda c: c.close(),
            href="https://example.org/skyjo/",
        )
        self.guests: dict[int, GuestPage] = {}
        self.received: dict[int, list[str]] = {}
        self.seats = seats

    def host_effects(self, effects: Effects) -> None:
        for op in _links(effects):
            if op["do"] == "send":
                self.received.setdefault(op["seat"], []).append(op["text"])
                self.nothing_hidden(op["seat"], op["text"])
                guest = self.guests.get(op["seat"])
                if guest is not None:
                    self.guest_effects(
                        op["seat"],
                        guest.handle(
                            {"type": "link", "event": "message", "seat": -1, "text": op["text"]}
                        ),
                    )

    def nothing_hidden(self, seat: int, text: str) -> None:
        """What the host's state hides from ``seat`` right now is not in ``text``:
        every face-down card is null, a card another seat drew is absent, and no
        field beyond the view's is there."""
        data = json.loads(text)
        if data["t"] != "view":
            return
        game = self.host.app.game
        assert game is not None
        state, view = game.state, data["view"]
        for grid, (cards, _removed) in zip(state.grids, view["grids"], strict=True):
            for position, card in enumerate(cards):
                if not grid.face_up[position] and not grid.removed[position]:
                    assert card is None, (seat, position)
        if state.held is not None and state.to_move != seat and state.phase is Phase.PLACE_DRAWN:
            assert view["held"] is None
        assert "draw" not in view and "deck" not in view

    def guest_effects(self, seat: int, effects: Effects) -> None:
        for op in _links(effects):
            if op["do"] == "send":
                self.host_effects(
                    self.host.handle(
                        {"type": "link", "event": "message", "seat": seat, "text": op["text"]}
                    )
                )

    def start(self) -> None:
        setup = Setup(self.seats, Rules(target=20))
        form = {f"name-{i}": s.name for i, s in enumerate(setup.seats)}
        form |= {f"kind-{i}": s.kind for i, s in enumerate(setup.seats)}
        form |= {"target": "custom", "custom_target": "20"}
        self.host.app.setup = Setup(tuple(Seat("x") for _ in setup.seats))
        effects = self.host.handle({"type": "submit", "forms": {"setup-form": form}})
        offers = [op["seat"] for op in _links(effects) if op["do"] == "offer"]
        assert offers == [p for p, s in enumerate(self.seats) if s.is_remote]
        self.connect(offers)
        assert self.host.lobby is None and self.host.app.game is not None

    def connect(self, offers: list[int]) -> None:
        """Each invited seat's guest opens its link, joins, and its answer is pasted."""
        for seat in offers:
            self.host.handle({"type": "link", "event": "offer", "seat": seat, "sdp": _sdp(seat)})
            lobby = self.host.lobby
            assert lobby is not None
            guest, _ = GuestPage.open_guest(
                MemoryStorage(),
                lambda e: None,
                languages=["de"],
                fragment="#join=" + lobby.links[seat].invite,
            )
            guest.spawn = lambda c: c.close()  # the review at game end is not run here
            joined = _links(guest.handle({"type": "click", "intent": "join", "data": {}}))
            assert joined[0]["do"] == "join" and "Ufr" in joined[0]["sdp"]
            guest.handle({"type": "link", "event": "answer", "seat": -1, "sdp": _sdp(10 + seat)})
            effects = self.host.handle(
                {
                    "type": "click",
                    "intent": "invite-answer",
                    "data": {"seat": str(seat), f"answer-{seat}": guest.answer},
                }
            )
            assert _links(effects)[0]["do"] == "answer"
            self.guests[seat] = guest
        for seat, guest in self.guests.items():
            self.host_effects(self.host.handle({"type": "link", "event": "open", "seat": seat}))
            # The guest's hello (the log lines it has) brings its first view.
            self.guest_effects(seat, guest.handle({"type": "link", "event": "open", "seat": -1}))
        # A person taps no more than a few times a second: the test's clock says so.
        ticks = iter(range(10**6))
        self.host.referee = Referee(clock=lambda: float(next(ticks)))


def click_for(guest: GuestPage, seat: int, action: PlayerAction, phase: Phase) -> dict[str, Any]:
    """The click on ``guest``'s page that plays ``action`` for ``seat`` (choosing
    "discard and turn over" first where a flip needs it)."""
    if isinstance(action, Draw):
        return {"type": "click", "intent": "draw", "data": {}}
    if isinstance(action, TakeDiscard):
        return {"type": "click", "intent": "take-discard", "data": {}}
    if isinstance(action, Flip) and phase is Phase.PLACE_DRAWN:
        guest.handle({"type": "click", "intent": "discard-mode", "data": {}})
    position = action.position if isinstance(action, Flip | Swap) else -1
    return {"type": "click", "intent": "card", "data": {"seat": str(seat), "pos": str(position)}}


def open_invitation(table: Table, seat: int, storage: MemoryStorage) -> GuestPage:
    """``seat``'s person opens the invitation the host's page offers now on a page
    with ``storage`` (the device's), joins, and the host pastes the answer; the
    channel opens."""
    host = table.host
    assert host.lobby is not None
    guest, _ = GuestPage.open_guest(
        storage, lambda e: None, languages=["de"], fragment="#join=" + host.lobby.links[seat].invite
    )
    guest.spawn = lambda c: c.close()
    guest.handle({"type": "click", "intent": "join", "data": {}})
    guest.handle({"type": "link", "event": "answer", "seat": -1, "sdp": _sdp(10 + seat)})
    host.handle(
        {
            "type": "click",
            "intent": "invite-answer",
            "data": {"seat": str(seat), f"answer-{seat}": guest.answer},
        }
    )
    table.guests[seat] = guest
    table.received[seat] = []
    table.host_effects(host.handle({"type": "link", "event": "open", "seat": seat}))
    table.guest_effects(seat, guest.handle({"type": "link", "event": "open", "seat": -1}))
    return guest


def test_a_host_and_two_guests_play_a_round_each_guest_seeing_only_its_views() -> None:
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")))
    table.start()
    app = table.host.app
    game = app.game
    assert game is not None
    rng = random.Random(1)
    for _ in range(400):
        if app.screen.value != "table":
            break
        due = engine.players_to_act(game.state)
        seat = due[0]
        if seat == 0:
            action = rng.choice(game.legal_actions(0))
            before = app.steps
            app._play(0, action, "")
            table.host_effects(table.host.render())
            assert app.steps == before + 1
            continue
        guest = table.guests[seat]
        assert guest.app.human_to_act() == seat  # the guest's page sees its turn
        action = rng.choice(guest.app.game_legal())
        intent = click_for(guest, seat, action, game.state.phase)
        steps = app.steps
        table.guest_effects(seat, guest.handle(intent))
        assert app.steps == steps + 1, (action, game.state.phase)
    assert app.screen.value in ("round_end", "game_end")
    for seat, guest in table.guests.items():
        assert guest.app.screen is app.screen
        assert guest.app.game is not None
        assert guest.app.game.state.totals == game.state.totals
        assert guest.app.language == "de"
        assert "Runde" in guest.shown  # painted in the guest's own language
        for text in table.received[seat]:
            data = json.loads(text)
            if data["t"] == "record":  # at game end only (tests/web/together/test_away.py)
                continue
            view = data["view"]
            assert view["seat"] == seat and set(data) == {
                "t",
                "game",
                "from",
                "away",
                "joining",
                "view",
                "step",
                "screen",
                "names",
                "log",
            }


def test_a_guests_move_goes_to_the_host_without_a_repaint_and_a_refusal_is_painted() -> None:
    """A guest's tap sends its move and paints nothing (the host's view, a moment
    later, is what changes the table); a tap the guest's page itself refuses, and
    the host's "no", are painted in words."""
    table = Table((Seat("Ann"), Seat("Ben", "remote")))
    table.start()
    app = table.host.app
    assert app.game is not None
    ben = table.guests[1]
    position = next(a.position for a in ben.app.game_legal() if isinstance(a, Flip))
    tap = {"type": "click", "intent": "card", "data": {"seat": "1", "pos": str(position)}}
    effects = ben.handle(tap)
    assert [op[0] for op in effects.ops] == ["link"]
    assert json.loads(_links(effects)[0]["text"]) == {"t": "act", "a": f"flip {position}"}
    steps = app.steps
    table.guest_effects(1, effects)
    assert app.steps == steps + 1 and ben.app.last_step == app.steps  # the view came back
    # The same card again: the guest's page knows it is face up and says so.
    again = ben.handle(tap)
    assert _links(again) == [] and again.of("html")
    assert ben.app.notice is not None
    # The host's "no" to a move it refuses is painted too.
    said = ben.handle({"type": "link", "event": "message", "seat": -1, "text": '{"t":"no"}'})
    assert (
        said.of("html") and ben.app.notice is not None and ben.app.notice.key == "together.refused"
    )


def test_a_hostile_guest_changes_nothing_and_hears_only_no() -> None:
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")))
    table.start()
    app = table.host.app
    assert app.game is not None
    state, steps = app.game.state, app.steps
    due = set(engine.players_to_act(state))
    hostile = [
        '{"t":"act","a":"flip 0"}' if 1 not in due else '{"t":"act","a":"draw"}',
        '{"t":"act","a":"swap 3"}',
        "garbage",
        '{"t":"act","a":"flip 0","seat":2}',
        "x" * 100_000,
        *['{"t":"act","a":"draw"}'] * 30,
    ]
    table.received.clear()
    for text in hostile:
        effects = table.host.handle({"type": "link", "event": "message", "seat": 1, "text": text})
        assert effects.of("warn")
        table.host_effects(effects)
    assert app.game.state is state and app.steps == steps
    assert set(table.received) == {1}
    assert set(table.received[1]) == {wire.REFUSED}
    assert "Das geht gerade nicht." in table.guests[1].shown  # its own language
    # A seat never connected is not heard at all.
    effects = table.host.handle({"type": "link", "event": "message", "seat": 5, "text": "{}"})
    assert app.game.state is state and not effects.of("link")


def _guests_move(table: Table, count: int) -> None:
    """The guests play ``count`` opening flips (the host's person does not move)."""
    app = table.host.app
    assert app.game is not None
    for _ in range(count):
        seat = next(p for p in engine.players_to_act(app.game.state) if p in table.guests)
        position = next(
            a.position for a in table.guests[seat].app.game_legal() if isinstance(a, Flip)
        )
        intent = {
            "type": "click",
            "intent": "card",
            "data": {"seat": str(seat), "pos": str(position)},
        }
        table.guest_effects(seat, table.guests[seat].handle(intent))


def test_a_host_reload_resumes_the_game_with_fresh_invitations() -> None:
    storage = MemoryStorage()
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")), storage)
    table.start()
    _guests_move(table, 3)
    assert table.host.app.game is not None
    before = table.host.app.game.state
    # The host's page reloads: a new page from the same device, the guests' pages
    # (their channels gone) open the fresh links.
    again = Table(table.seats, storage)
    assert again.host.app.screen.value == "resume"
    effects = again.host.handle({"type": "click", "intent": "resume", "data": {}})
    offers = [op["seat"] for op in _links(effects) if op["do"] == "offer"]
    assert offers == [1, 2] and again.host.lobby is not None
    assert "Invitation for Ben" in again.host.shown and "invite-bots" in again.host.shown
    again.connect(offers)
    assert again.host.lobby is None and again.host.app.screen.value == "table"
    assert again.host.app.game is not None and again.host.app.game.state == before
    assert again.guests[1].app.game is not None
    assert again.guests[1].app.game.state.grids[1].public == before.grids[1].public


def test_a_guest_that_drops_gets_a_fresh_invitation_or_a_bot_takes_its_seat() -> None:
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")))
    table.start()
    app = table.host.app
    effects = table.host.handle({"type": "link", "event": "closed", "seat": 1})
    assert [op for op in _links(effects) if op["do"] == "offer"] == [{"do": "offer", "seat": 1}]
    assert table.host.lobby is not None and set(table.host.lobby.links) == {1}
    assert 2 in table.host.connected  # Cleo stays connected
    # Ben does not come back: a bot plays his seat, and the game goes on; his
    # invitation stays offered (its channel is not closed), the seat still his.
    effects = table.host.handle({"type": "click", "intent": "invite-bots", "data": {}})
    assert not [op for op in _links(effects) if op["do"] == "close"]
    assert table.host.lobby is not None and not table.host.inviting and 1 in app.bots
    assert app.seats[1].name == "Ben" and app.remote == frozenset({1, 2})
    assert "Ben is away: a bot plays for Ben until Ben is back." in table.host.shown


def test_a_guests_round_end_names_the_host_instead_of_a_next_round_button() -> None:
    table = Table((Seat("Ann"), Seat("Ben", "remote")))
    table.start()
    app = table.host.app
    game = app.game
    assert game is not None
    rng = random.Random(2)
    while app.screen.value == "table":
        seat = engine.players_to_act(game.state)[0]
        app._play(seat, rng.choice(game.legal_actions(seat)), "")
        table.host_effects(table.host.render())
    guest = table.guests[1]
    assert guest.app.screen is app.screen
    if app.screen.value == "round_end":
        assert "Ann startet die nächste Runde." in guest.shown
    assert 'data-intent="next-round"' not in guest.shown
    assert 'data-intent="rematch"' not in guest.shown


@pytest.mark.parametrize(
    "text",
    [
        "garbage",
        "[]",
        '{"t":"view"}',
        '{"t":"view","view":{"grids":[[1]]}}',
        "[" * 5000 + "]" * 5000,
        "x" * 70_000,
    ],
)
def test_a_guest_drops_a_message_it_cannot_read_and_keeps_its_table(text: str) -> None:
    table = Table((Seat("Ann"), Seat("Ben", "remote")))
    table.start()
    guest = table.guests[1]
    shown, game = guest.shown, guest.app.game
    effects = guest.handle({"type": "link", "event": "message", "seat": -1, "text": text})
    assert effects.of("warn") or not effects.of("html")
    assert guest.shown == shown and guest.app.game is game


def test_a_view_from_an_older_host_without_joining_reads_and_a_bad_one_is_dropped() -> None:
    # Intent: a guest whose page is newer than the host's (a deploy in between)
    # reads the host's views, which have no "joining", as no seat joining; a
    # "joining" that is not a list of seats is a malformed message, dropped whole.
    table = Table((Seat("Ann"), Seat("Ben", "remote"), Seat("Cleo", "remote")))
    table.start()
    ben = table.guests[1]
    last = json.loads(table.received[1][-1])
    older = {key: value for key, value in last.items() if key != "joining"}
    older["step"] = last["step"] + 1
    older["away"] = [[2, 60, True]]
    ben.handle({"type": "link", "event": "message", "seat": -1, "text": json.dumps(older)})
    assert ben.app.joining == frozenset() and "Cleo ist weg: Ein Bot spielt" in ben.shown
    shown = ben.shown
    for bad in (["2"], [7], 2, [2, 2, 2, 2]):
        hostile = dict(older, joining=bad, step=older["step"] + 1)
        ben.handle({"type": "link", "event": "message", "seat": -1, "text": json.dumps(hostile)})
        assert ben.shown == shown and ben.app.joining == frozenset()
