"""The host's side of playing together (:mod:`skyjo.web.together`), in the game
page's controller: the invitations and the guests' answers, the channels that open
and close, each guest's messages (checked by the referee before they reach the
game), the views sent down each channel, and the seats whose person is away.

:class:`Hosting` is a part of :class:`skyjo.web.ui.page.GamePage`, kept in a module
of its own so that the page's controller reads as the one-device game it mostly
is: the page inherits it and calls into it where a game has seats on other
devices (its intents ``invite-*``, a ``link`` event from site/link.mjs, and each
repaint, which sends the guests their views). It works on the page's
:class:`~skyjo.web.ui.app.App` and answers in the page's effects: the few page
members it uses are declared below.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

from skyjo import record
from skyjo.errors import SkyjoError
from skyjo.web.together import away, catchup, screens, wire
from skyjo.web.together.lobby import FAILED, RENEWED, Link, Lobby
from skyjo.web.together.qr import Codes
from skyjo.web.together.referee import Referee, Refused
from skyjo.web.together.scan import Scanner
from skyjo.web.together.signal import SignalError, expand
from skyjo.web.ui.app import App, Notice, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Setup, SetupError
from skyjo.web.worker.effects import Effects


class Hosting:
    """What the game page holds and does as the host of a game with seats on other
    devices (none of it acts in a game at one device)."""

    # What the page (GamePage) provides: its app, where the keyboard goes after an
    # intent (an element id), how it hands effects over between intents and starts
    # work on the worker's event loop; its repaint, and its bots' loop.
    app: App
    focus_next: str
    push: Callable[[Effects], None]
    spawn: Callable[[Coroutine[Any, Any, None]], None]

    def __init__(self) -> None:
        #: The invitations while a game with seats on other devices waits for them.
        self.lobby: Lobby | None = None
        #: The setup that game starts with once every seat is connected.
        self.lobby_setup: Setup | None = None
        #: The seats on other devices whose channel is open.
        self.connected: set[int] = set()
        #: The last view message sent down each seat's channel (sent again only changed).
        self.sent: dict[int, str] = {}
        self.referee = Referee()
        #: Channel operations for site/link.mjs, sent with the next effects.
        self.outbox: list[dict[str, Any]] = []
        #: The page's address (an invitation's link starts with it) and whether
        #: the device has a share sheet.
        self.href = ""
        self.can_share = False
        #: The invitations' and answers' QR codes (site/qr.mjs draws them), and the
        #: camera reading a guest's answer.
        self.codes = Codes()
        self.scanner = Scanner()
        #: "Friends on other networks": offers ask the public STUN server. Off for
        #: every page opened (the host ticks it on the invitations, knowing its cost).
        self.stun = False
        #: Whether the invitations show over a game under way (the host may go back
        #: to the table, and a bot playing an away seat sends it back there).
        self.inviting = False
        #: The seats whose person is away (:mod:`skyjo.web.together.away`), and the
        #: clock and sleep their timer runs on (the tests pass their own).
        self.away = away.AwaySeats()
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.away_timing = False
        #: Each connected seat's next log line to send, with the game it counts in
        #: (:mod:`skyjo.web.together.catchup`); absent until the seat's hello.
        self.log_next: dict[int, tuple[str, int]] = {}
        #: The game whose record each seat was sent (at game end).
        self.record_sent: dict[int, str] = {}
        self._game_id: tuple[object, str] = (None, "")

    def render(self, *, run_bots: bool = True) -> Effects:
        raise NotImplementedError  # GamePage.render

    def _run_bots_soon(self) -> None:
        raise NotImplementedError  # GamePage._run_bots_soon

    # --- the invitations and the channels -------------------------------------------------

    def move_number(self) -> str:
        """The host's step count: what a guest's view says it shows."""
        return str(self.app.steps)

    def _invite(self, setup: Setup) -> None:
        """A setup with seats on other devices: checked as any, then an invitation
        for each of those seats; the game starts once all are connected."""
        try:
            setup = setup.check()
            setup.check_names()
        except SetupError as exc:
            self.app.setup_error = exc
            return
        self.app.setup_error = None
        here = [seat.name for seat in setup.seats if not seat.is_remote and not seat.is_bot]
        lobby = Lobby(here[0] if here else setup.seats[0].name)
        for p, seat in enumerate(setup.seats):
            if seat.is_remote:
                lobby.links[p] = Link(p, seat.name)
                self.outbox.append(self._offer(p))
        self.lobby, self.lobby_setup = lobby, setup
        self.connected, self.sent = set(), {}
        self.log_next, self.record_sent = {}, {}
        self.away.clear()
        self.referee = Referee()
        self.focus_next = "together-title"

    def _resume(self) -> None:
        """Resume the saved game; one with seats on other devices first invites
        them afresh (the channels of before did not survive the reload)."""
        remote = sorted(self.app.remote)
        if not remote or self.app.game is None:
            self.app.resume()
            return
        now = self.clock()
        for seat in remote:
            self.away.dropped(seat, now)
        self._invite_again(remote)

    def _invite_again(self, seats: list[int]) -> None:
        """Fresh invitations for ``seats`` of the game on the table (after a reload,
        or a guest's channel closed): the game goes on once they are connected."""
        here = [s.name for s in self.app.seats if not s.is_remote and not s.is_bot]
        lobby = self.lobby or Lobby(here[0] if here else self.app.seats[0].name)
        for seat in seats:
            lobby.links[seat] = Link(seat, self.app.seats[seat].name)
            self.outbox.append(self._offer(seat))
            self.connected.discard(seat)
            self.sent.pop(seat, None)
            self.log_next.pop(seat, None)
        self.lobby = lobby
        self.inviting = True
        self.focus_next = "together-title"

    def _offer(self, seat: int) -> dict[str, Any]:
        """site/link.mjs's op making an offer for ``seat`` (asking the public STUN
        server only with ``"stun": true``)."""
        return (
            {"do": "offer", "seat": seat, "stun": True}
            if self.stun
            else {"do": "offer", "seat": seat}
        )

    def _switch_stun(self, forms: Mapping[str, Mapping[str, Any]]) -> None:
        """The "friends on other networks" box, as the click left it: every seat
        not yet connected gets a fresh invitation gathered that way (an answer to
        the old one would not match it)."""
        fields = forms.get(screens.NETWORK_FORM) or {}
        stun = fields.get("stun") is True
        if self.lobby is None or stun == self.stun:
            return
        self.stun = stun
        for seat, link in self.lobby.links.items():
            if not link.connected:
                self.lobby.links[seat] = Link(seat, link.name)
                self.outbox.append(self._offer(seat))

    def _link(self, seat: int) -> Link:
        if self.lobby is None or seat not in self.lobby.links:
            raise SkyjoError(f"there is no invitation for seat {seat}")
        return self.lobby.links[seat]

    def _invite_link(self, seat: int, *, share: bool) -> None:
        link = self._link(seat)
        url = self.href + "#join=" + link.invite
        self.outbox.append({"do": "share" if share else "copy", "url": url})

    def _answer(self, seat: int, data: Mapping[str, Any]) -> None:
        """The guest's answer pasted beside ``seat``: handed to the browser, which
        connects (a wrong paste is said beside the field)."""
        self._link(seat)
        assert self.lobby is not None
        try:
            signal = self.lobby.answered(seat, str(data.get(f"answer-{seat}") or ""))
        except SignalError:
            self.focus_next = f"answer-{seat}"
            return
        self.outbox.append({"do": "answer", "seat": seat, "sdp": expand(signal, offer=False)})

    def _may_scan(self, seat: int) -> bool:
        """Whether ``seat`` waits for an answer the camera may read."""
        link = self.lobby.links.get(seat) if self.lobby is not None else None
        return link is not None and bool(link.invite) and not (link.answered or link.connected)

    def _scan(self, seat: int) -> None:
        """Scan answer: the camera reads ``seat``'s answer (:mod:`~skyjo.web.together.scan`)."""
        self._link(seat)
        if self._may_scan(seat):
            self.outbox.append(self.scanner.start(seat))

    def _scanned(self, seat: int, text: object) -> None:
        """What the camera read for ``seat``: taken as a pasted answer is; the
        camera goes on reading after a code that is not this seat's answer (the
        words say why), and stops at one that is."""
        if self.scanner.seat != seat or not isinstance(text, str) or not self._may_scan(seat):
            return
        self._answer(seat, {f"answer-{seat}": text[:2000]})
        self.focus_next = ""  # the camera is still what the host looks at
        if self._may_scan(seat):
            return
        self.scanner.read[seat] = text
        self.outbox.append(self.scanner.stop())
        self.focus_next = f"answer-{seat}"  # what the camera read, filled in

    def _cancel_invitations(self) -> None:
        self.lobby = self.lobby_setup = None
        self.connected = set()
        self.away.clear()
        self.outbox.append({"do": "close"})
        self.focus_next = "quick"

    def _bots_for_the_absent(self) -> None:
        """A game under way whose guests have not come back: a bot plays each seat
        still away (until its person comes back by the invitation, which stays
        offered), and the game goes on. Before the game: it starts now."""
        if self.lobby is not None and self.lobby_setup is not None:
            self._start_without_the_absent()
            return
        if self.lobby is None:
            return
        for seat, link in self.lobby.links.items():
            if not link.connected and seat in self.app.remote:
                self.app.stand_in(seat)
        self._hide_invitations()

    def _start_without_the_absent(self) -> None:
        """Start the game now: a bot plays each seat not connected yet, as for a
        guest away, until its person joins by the invitation, which stays offered."""
        assert self.lobby is not None and self.lobby_setup is not None
        absent = self.lobby.absent()
        self.app.start(self.lobby_setup)
        if self.app.setup_error is not None:
            return
        self.lobby_setup = None
        self.lobby.links = {seat: self.lobby.links[seat] for seat in absent}
        if self.scanner.seat is not None:  # the table shows no camera
            self.outbox.append(self.scanner.stop())
        now = self.clock()
        for seat in absent:
            if self.lobby.links[seat].error == FAILED:  # its offer is dead
                self.lobby.links[seat] = Link(seat, self.lobby.links[seat].name)
                self.outbox.append(self._offer(seat))
            self.away.never_joined(seat, now)
            self.app.stand_in(seat)
        # The table says whose turn it is, unless a person here may act at once.
        self.focus_next = "" if self.app.human_to_act() is not None else "prompt"

    def _show_invitations(self) -> None:
        """The table's "Invite Ben back": the invitations of the seats away."""
        if self.lobby is not None:
            self.inviting = True
            self.focus_next = "together-title"

    def _hide_invitations(self) -> None:
        """Back to the table while seats are away (their invitations stay offered).
        The camera goes off with its preview, and the page stops counting on it: the
        next look at the invitations offers "Scan" again, not a dead preview."""
        self.inviting = False
        if self.scanner.seat is not None:
            self.outbox.append(self.scanner.stop())
        if self.app.screen is Screen.RESUME:
            self.app.resume()

    # --- playing together: a seat whose person is away ------------------------------------

    def _away_choice(self) -> str:
        return away.read_choice(self.app.keeper.read(away.AWAY_KEY))

    def _choose_away(self, value: str) -> None:
        """The host chose how long an away seat waits before a bot plays it."""
        if value in away.CHOICES:
            self.app.keeper.write(away.AWAY_KEY, value)
            self.focus_next = screens.AWAY_SELECT

    def _away_list(self) -> list[wire.Away]:
        wait = away.wait_seconds(self._away_choice())
        return [
            wire.Away(seat, None if wait is None else int(wait), seat in self.app.standing_in)
            for seat in sorted(self.away.since)
            if seat < len(self.app.seats)
        ]

    def _away_notes(self, t: Translator) -> str:
        """Who is away, and when a bot plays for them (the host may invite them back)."""
        names = [seat.name for seat in self.app.seats]
        shown = self.inviting or self.app.screen is Screen.RESUME  # the invitations are there
        back = self.lobby is not None and not shown
        return screens.away_notes(
            t, self._away_list(), names, invite_back=back, not_joined=self.away.not_joined
        )

    def _gone(self, seat: int) -> None:
        """A guest's channel closed during a game: its seat waits, with a fresh
        invitation, and the away timer counts."""
        self.away.dropped(seat, self.clock())
        self._invite_again([seat])

    def _back(self, seat: int) -> None:
        """A guest's channel opened: the seat is the person's again (a bot standing
        in stops), and its views wait for its hello."""
        self.connected.add(seat)
        self.sent.pop(seat, None)
        self.log_next.pop(seat, None)
        self.record_sent.pop(seat, None)
        self.away.back(seat)
        self.app.take_back(seat)

    def _stand_in_due(self) -> bool:
        """A bot plays each seat away longer than the host chose; the host's page
        goes back to the table. Whether any did."""
        app = self.app
        if app.game is None or self.lobby_setup is not None:
            return False
        wait = away.wait_seconds(self._away_choice())
        due = [
            seat
            for seat in self.away.due(self.clock(), wait)
            if seat in app.remote and seat not in app.standing_in
        ]
        for seat in due:
            app.stand_in(seat)
        if due:
            self._hide_invitations()
        return bool(due)

    def _away_next(self) -> float | None:
        wait = away.wait_seconds(self._away_choice())
        return self.away.next_in(self.clock(), wait, playing=self.app.standing_in)

    def _time_away(self) -> None:
        if not self.away_timing and self._away_next() is not None:
            self.away_timing = True
            self.spawn(self._away_timer())

    async def _away_timer(self) -> None:
        """Wakes at least once a second while a seat is away (the host may change the
        time meanwhile) and stands a bot in for each seat due, pushing the repaint."""
        try:
            while (left := self._away_next()) is not None:
                await self.sleep(min(left, 1.0))
                if self._stand_in_due():
                    self.push(self.render(run_bots=False))
                    self._run_bots_soon()
        finally:
            self.away_timing = False

    def on_link(self, intent: Mapping[str, Any]) -> Effects:
        """What site/link.mjs heard: an offer made, a channel open or closed, a
        guest's message (checked by the referee before it reaches the game)."""
        event = intent.get("event")
        seat = intent.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return Effects().warn("a link event without a seat")
        effects = Effects()
        if event == "qr":
            self.codes.drawn(intent.get("text"), intent.get("rows"))
        elif event == "scanned":
            self._scanned(seat, intent.get("text"))
        elif event == "camera":
            self.scanner.failed(seat, intent.get("problem"))
        elif event == "offer" and self.lobby is not None and seat in self.lobby.links:
            try:
                stun = intent.get("stun") is True
                if stun == self.stun:  # else an offer made before the box changed
                    self.lobby.offered(seat, str(intent.get("sdp") or ""), stun=stun)
            except SignalError as exc:
                self.lobby.links[seat].error = FAILED
                effects.warn(str(exc))
        elif event == "open" and self.lobby is not None and seat in self.lobby.links:
            self.lobby.links[seat].connected = True
            self._back(seat)
            if self.lobby.ready and self.lobby_setup is not None:
                setup, self.lobby, self.lobby_setup = self.lobby_setup, None, None
                self.app.start(setup)
            elif self.lobby.ready:  # a game resumed, or a guest back
                self.lobby = None
                self.inviting = False
                if self.app.screen is Screen.RESUME:
                    self.app.resume()
        elif event == "open" and seat in self.app.remote:
            self._back(seat)
        elif (
            event in ("closed", "failed")
            and self.lobby_setup is None
            and seat in self.connected
            and seat in self.app.remote
        ):
            self._gone(seat)  # the guest's seat waits for it to come back
        elif event in ("closed", "failed"):
            self.connected.discard(seat)
            self.sent.pop(seat, None)
            if self.lobby is not None and seat in self.lobby.links:
                link = self.lobby.links[seat]
                if link.answered or link.connected:  # not an old channel's last word
                    # Its offer cannot connect any more: a new invitation at once,
                    # said beside it, so the host only sends it again.
                    self.lobby.links[seat] = Link(seat, link.name, error=RENEWED)
                    self.outbox.append(self._offer(seat))
                else:
                    link.connected = link.answered = False
        elif event == "message" and seat in self.connected:
            return self._from_guest(seat, intent.get("text"))
        return effects.extend(self.render())

    def _from_guest(self, seat: int, text: object) -> Effects:
        """A guest's message: played if the referee and the app agree, else refused
        (the guest hears only that, the host's console why). A hello says which log
        lines the guest has (:mod:`skyjo.web.together.catchup`); any other first
        message means it has none."""
        app = self.app
        state = app.game.state if app.game is not None and app.screen is Screen.TABLE else None
        try:
            said = self.referee.check(seat, text, state)
            if isinstance(said, wire.Hello):
                self._hello(seat, said)
            else:
                self.log_next.setdefault(seat, ("", 0))
                app.play_remote(seat, said)
        except (Refused, SkyjoError) as exc:
            self.log_next.setdefault(seat, ("", 0))
            self.outbox.append({"do": "send", "seat": seat, "text": wire.REFUSED})
            return Effects().warn(str(exc)).extend(self.render())
        return self.render()

    def _hello(self, seat: int, hello: wire.Hello) -> None:
        app = self.app
        game = self.game_id()
        end = app.log_from + len(app.log)
        first = catchup.first_line(hello, game=game, log_from=app.log_from, log_end=end)
        self.log_next[seat] = (game, first)
        self.sent.pop(seat, None)

    def game_id(self) -> str:
        """The id of the game on the table (:func:`skyjo.web.together.catchup.game_id`)."""
        game = self.app.game
        if game is None:
            return ""
        if self._game_id[0] is not game:
            self._game_id = (game, catchup.game_id(game.record()))
        return self._game_id[1]

    def _send_views(self) -> None:
        """Each connected seat's view of the table, when it changed since last sent,
        with the log lines it has not had; at game end, the game's record."""
        app = self.app
        if app.game is None or app.screen.value not in wire.SCREENS or self.lobby_setup is not None:
            return  # no game, or a new one waiting for its guests
        if not self.connected:
            return
        names = [seat.name for seat in app.seats]
        game = self.game_id()
        end = app.log_from + len(app.log)
        oldest = catchup.first_line(None, game=game, log_from=app.log_from, log_end=end)
        away_now = self._away_list()
        joining = sorted(self.away.not_joined & {a.seat for a in away_now})
        for seat in sorted(self.connected):
            if seat >= len(names) or seat not in self.log_next:
                continue  # waiting for the seat's hello
            counted, start = self.log_next[seat]
            start = oldest if counted != game or start < oldest else min(start, end)
            # The seat's view without log lines (what "changed since last sent" is
            # judged on), then with the lines it has not had.
            message = functools.partial(
                wire.view_message,
                app.game.view(seat),
                step=app.steps,
                screen=app.screen.value,
                names=names,
                game=game,
                away=away_now,
                joining=joining,
            )
            core = message(log=[])
            if self.sent.get(seat) != core or start < end:
                self.sent[seat] = core
                lines = [(line.key, line.fields) for line in app.log[start - app.log_from :]]
                text = message(log=lines, log_from=start)
                self.outbox.append({"do": "send", "seat": seat, "text": text})
            self.log_next[seat] = (game, end)
            if app.screen is Screen.GAME_END and self.record_sent.get(seat) != game:
                self.record_sent[seat] = game
                self._send_record(seat, game)

    def _send_record(self, seat: int, game: str) -> None:
        """The game's record for a guest, once the game has ended (never before)."""
        assert self.app.game is not None
        text = wire.record_message(game, record.to_json(self.app.game.record()))
        if len(text) > wire.MAX_HOST_MESSAGE:
            self.app.notice = Notice("together.record_too_long", {}, error=True)
            return
        self.outbox.append({"do": "send", "seat": seat, "text": text})
