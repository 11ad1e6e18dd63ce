"""A guest's game page: joins the host's game, paints the views it receives, and
sends the person's moves for its seat.

The guest's page has no game of its own: the host's worker runs the engine. What
arrives is the seat's view (:mod:`skyjo.web.together.wire`), which
:class:`GuestApp` turns into the app the game page paints from: a
:class:`MaskedGame` whose state shows what the view shows and holds
:data:`~skyjo.web.together.wire.UNKNOWN` wherever the seat cannot see. So the
table, the move log, the round end and the scores are painted by the same code
as on the host's page, in the guest's own language. A move the person makes is
not played here: it goes to the host as an intent, and the next view shows it.
The guest's device keeps its own saved game untouched (the app's storage here is
a memory of its own); the only thing it keeps on the device is the move log it
has seen (:mod:`skyjo.web.together.catchup`), under a key of its own, so after a
reload it asks the host only for the lines it missed. When the game ends, the host
sends the game's record: the guest's page can then export it, open the replay,
and review its own seat, as the host's page can. Its menu offers nothing that does
nothing here: no New game, no Import (the host starts games), and Export only
once the record has come.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from skyjo import record
from skyjo.actions import PlayerAction
from skyjo.errors import IllegalActionError
from skyjo.game import Game
from skyjo.i18n.language import saved_language
from skyjo.record import GameRecord, Move
from skyjo.state import Phase
from skyjo.view import PlayerView
from skyjo.web.device import MemoryStorage, Storage
from skyjo.web.together import screens, wire
from skyjo.web.together.catchup import LogLine, SeenLog
from skyjo.web.together.lobby import Answer, Invite
from skyjo.web.together.signal import SignalError, compact, expand
from skyjo.web.ui.app import MOVE_KEYS, App, Line, Notice, Screen
from skyjo.web.ui.i18n import LANGUAGES, Translator, pick_language
from skyjo.web.ui.page import GamePage, Push
from skyjo.web.ui.setup import HUMAN, REMOTE, Seat, Setup
from skyjo.web.worker.effects import Effects


class MaskedGame(Game):
    """The game as one seat sees it: a state painted from the seat's view. It
    cannot be played, put back or recorded here: the host's page does that."""

    def __init__(self, view: PlayerView) -> None:  # no deal: nothing is dealt here
        self.state = wire.masked_state(view)
        self._seat_view = view

    def view(self, seat: int) -> PlayerView:
        if seat != self._seat_view.seat:
            raise IllegalActionError("a guest sees only its own seat")
        return self._seat_view

    def legal_actions(self, seat: int | None = None) -> tuple[PlayerAction, ...]:
        own = self._seat_view.seat
        return self._seat_view.legal_actions if seat in (None, own) else ()

    def can_put_back(self) -> bool:
        return False

    @property
    def round_moves(self) -> tuple[Move, ...]:
        return ()

    def record(self) -> GameRecord:
        raise IllegalActionError("a guest's page has no record of the game")


class GuestApp(App):
    """The app of a guest's page: its game is the last view received, and its
    person's moves go to the host (:attr:`outbox`) instead of the engine."""

    def __init__(self, storage: Storage, *, language: str) -> None:
        super().__init__(storage, language=language, takebacks=False)
        self.howto_open = False
        self.seat = -1
        #: Messages for the host, sent with the next effects.
        self.outbox: list[str] = []
        self.last_step = -1
        #: Whether the game's record has come (at game end): then it is :attr:`game`
        #: on the game-end screen, and Export, the replay and the review work.
        self.has_record = False
        self.record_game: Game | None = None
        #: The game the views are of (a new id: a new game, whose record has not come).
        self.game_name = ""
        #: The seats whose person is away, as the host says, and those of them
        #: whose person has not joined yet.
        self.away: tuple[wire.Away, ...] = ()
        self.joining: frozenset[int] = frozenset()

    def show_view(self, data: Mapping[str, Any], log: list[LogLine]) -> None:
        """Paint from a view message (:func:`skyjo.web.together.wire.view_message`)
        and the log seen so far; ``ValueError`` and the like for a malformed one."""
        view = wire.read_view(dict(data["view"]))
        names = [str(n) for n in data["names"]]
        screen = str(data["screen"])
        if screen not in wire.SCREENS or len(names) != view.num_players:
            raise ValueError(f"a view of screen {screen!r} for {len(names)} names")
        self.away = wire.read_away(data["away"], view.num_players)
        self.joining = wire.read_joining(data.get("joining"), view.num_players)
        game = str(data["game"])
        if game != self.game_name:
            self.game_name, self.record_game, self.has_record = game, None, False
        self.seat = view.seat
        self.host_name = self.host_name or names[0]
        seats = tuple(Seat(n, HUMAN if p == view.seat else REMOTE) for p, n in enumerate(names))
        self.setup = Setup(seats, view.rules)
        self.screen = Screen(screen)
        ended = self.screen is Screen.GAME_END and self.record_game is not None
        self.game = self.record_game if ended else MaskedGame(view)
        self.at_device = view.seat
        self.log = [Line(key, fields) for key, fields in log]
        mine = [
            i
            for i, line in enumerate(self.log)
            if line.key in MOVE_KEYS and line.fields.get("seat") == view.seat
        ]
        self.since_person = self.log[mine[-1] if mine else 0 :][-12:]
        step = int(data["step"])
        if step != self.last_step:
            self.last_step = step
            self.steps += 1
            self.discard_mode = self.discard_mode and view.phase is Phase.PLACE_DRAWN
            self.hint = None

    def take_record(self, data: Mapping[str, Any]) -> None:
        """The game's record, which the host sends once the game has ended: checked
        move by move as any record read (``SkyjoError`` or ``ValueError``)."""
        if str(data["game"]) != self.game_name or self.screen is not Screen.GAME_END:
            raise ValueError("a record of another game, or before it ended")
        game = Game.from_record(record.from_json(data["record"]))
        if len(game.players) != len(self.seats):
            raise ValueError("a record that does not end this game")
        self.record_game, self.has_record = game, True
        self.game = game

    def export_record(self) -> str:
        if self.record_game is None:
            raise IllegalActionError("the game's record comes when the game has ended")
        return json.dumps(record.to_json(self.record_game.record()), indent=1)

    def _human(self, action: PlayerAction, *, seat: int | None = None) -> None:
        due = self.human_to_act()
        if due is None or (seat is not None and seat != due):
            raise IllegalActionError("it is not your move")
        if action not in self.game_legal():
            raise IllegalActionError(f"{action} is not a move now")
        self.outbox.append(wire.act_message(action))

    def game_legal(self) -> tuple[PlayerAction, ...]:
        return self.game.legal_actions(self.seat) if self.game is not None else ()

    def put_back(self) -> None:
        raise IllegalActionError("putting a card back is not offered to a guest yet")

    def next_round(self) -> None:
        raise IllegalActionError("the host starts the next round")

    def start_tiebreak(self) -> None:
        raise IllegalActionError("the host starts the tie-break")

    def _save(self) -> None:
        """Nothing is saved on a guest's device: the host's page keeps the game."""

    def _count_game(self) -> None:
        """A guest's statistics are not counted yet (the guest has no record)."""


#: The intents a guest's page answers: the table's moves and the page's own chrome.
GUEST_INTENTS = frozenset(
    {
        "take-discard",
        "draw",
        "discard-mode",
        "discard-mode-off",
        "hint",
        "card",
        "menu",
        "sound",
        "howto",
        "howto-close",
        "join",
        "answer-copy",
        "export",
        "review",
        "review-show",
    }
)


class GuestPage(GamePage):
    """The game page of a guest (opened from an invitation's link)."""

    app: GuestApp

    def __init__(self, app: GuestApp, push: Push, invite: Invite | None) -> None:
        super().__init__(app, push)
        self.invite = invite
        #: The device's storage: only the log seen is kept there (never the game).
        self.device: Storage = MemoryStorage()
        self.seen = SeenLog()
        self.answer = ""
        self.joined = False
        self.link_open = False
        self.closed = False
        self.error = ""
        self.viewing = False

    @classmethod
    def open_guest(
        cls, storage: Storage, push: Push, *, languages: list[str], fragment: str
    ) -> tuple[GuestPage, Effects]:
        language = saved_language(storage.get) or pick_language(languages)
        app = GuestApp(MemoryStorage(), language=language if language in LANGUAGES else "en")
        try:
            invite = Invite.from_fragment(fragment)
        except SignalError:
            invite = None
        app.host_name = invite.host if invite is not None else None
        page = cls(app, push, invite)
        page.device, page.seen = storage, SeenLog.load(storage)
        return page, page.render().ready()

    def render(self, *, run_bots: bool = False) -> Effects:
        if self.viewing:
            effects = super().render(run_bots=False)
        else:
            t = Translator(self.app.language)
            if self.invite is None:
                html = screens.unreadable_invitation(t)
            else:
                html = screens.joining(
                    t,
                    host=self.invite.host,
                    guest=self.invite.guest,
                    answer=self.answer,
                    joined=self.joined,
                    connected=self.link_open,
                    closed=self.closed,
                    error=self.error,
                    codes=self.codes,
                    stun=self.invite.offer.stun,
                )
            # The footer's "ready to play offline" in the guest's language too.
            effects = Effects().lang(self.app.language).offline(t.t("offline.ready"))
            effects.html("app", html)
            effects.attr("app", "data-screen", "joining")
            effects.text("topbar-controls", "")
            if self.focus_next:
                effects.focus(wanted=self.focus_next, keep=True)
                self.focus_next = ""
        self._send_outbox(effects)
        for op in [*self.outbox, *self.codes.requests()]:
            effects.link(op)
        self.outbox = []
        return effects

    def move_number(self) -> str:
        return str(self.app.last_step)

    def _review_section(self) -> str:
        return super()._review_section() if self.app.record_game is not None else ""

    def _reviewed_game(self) -> Game | None:
        return self.app.record_game

    def _review_seat(self) -> int:
        return max(self.app.seat, 0)

    def _away_list(self) -> list[wire.Away]:
        return list(self.app.away)

    def _away_notes(self, t: Translator) -> str:
        names = [seat.name for seat in self.app.seats]
        return screens.away_notes(
            t, self.app.away, names, invite_back=False, not_joined=self.app.joining
        )

    def _time_away(self) -> None:
        """The host keeps the time of the seats away."""

    def guarded(self, action: Callable[[], Any]) -> Effects:
        """A person's move on the table goes to the host and nothing is painted:
        this page's table changes only with the host's next view, which arrives a
        moment later and is painted then. Painting the unchanged table in between
        would cost a phone's main thread a repaint just when the view comes in
        (benchmarks/several_devices.py). Anything else (a refusal said in words,
        the discard choice, a hint) is painted at once, as on the host's page."""
        app = self.app
        if not self.viewing or app.notice is not None or app.outbox:
            return super().guarded(action)
        self.attempt(action)
        if app.notice is not None or not app.outbox:
            return self.render()
        return self._send_outbox(Effects())

    def _send_outbox(self, effects: Effects) -> Effects:
        """The person's messages for the host, sent down the page's one channel."""
        for text in self.app.outbox:
            effects.link({"do": "send", "seat": -1, "text": text})
        self.app.outbox = []
        return effects

    def dispatch(self, intent: str, data: Mapping[str, Any], forms: Any) -> Effects:
        if intent not in GUEST_INTENTS:
            return Effects()
        if intent == "join" and self.invite is not None and not self.joined:
            self.joined = True
            # The guest gathers as the host chose: with the public STUN server only
            # when the invitation says the host asked it.
            offer = self.invite.offer
            self.outbox.append({"do": "join", "sdp": expand(offer, offer=True), "stun": offer.stun})
            return self.render()
        if intent == "answer-copy":
            return self.render().copy(self.answer)
        if intent == "join":
            return Effects()
        return super().dispatch(intent, data, forms)

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        kind = intent.get("type")
        if kind == "link":
            return self.on_link(intent)
        if kind in ("submit", "file"):
            return Effects()
        return super().handle(intent)

    def on_link(self, intent: Mapping[str, Any]) -> Effects:
        event = intent.get("event")
        if event == "qr":  # the answer's QR code, drawn (skyjo.web.together.qr)
            self.codes.drawn(intent.get("text"), intent.get("rows"))
        elif event == "answer" and self.invite is not None:
            try:
                sdp, stun = str(intent.get("sdp") or ""), self.invite.offer.stun
                self.answer = str(Answer(self.invite.seat, compact(sdp, stun=stun)))
            except SignalError as exc:
                self.error = Translator(self.app.language).t("together.error.link", reason=str(exc))
            self.focus_next = "answer-copy"
        elif event == "open":
            self.link_open = True
            # Which lines of the game's log this page has: the host sends the rest.
            self.app.outbox.append(wire.hello_message(self.seen.hello()))
        elif event in ("closed", "failed"):
            self.closed = True
            self.viewing = False
        elif event == "message":
            return self._from_host(intent.get("text"))
        return self.render()

    def _from_host(self, text: object) -> Effects:
        if not isinstance(text, str) or len(text) > wire.MAX_HOST_MESSAGE:
            return Effects().warn("a message from the host too long to read")
        try:
            data = json.loads(text)
            if data.get("t") == "no":
                t = "together.refused"
                self.app.notice = Notice(t, {}, error=True)
                return super().render(run_bots=False) if self.viewing else self.render()
            if data.get("t") == "record":
                self.app.take_record(data)
                return super().render(run_bots=False) if self.viewing else self.render()
            if data.get("t") != "view":
                return Effects()
            start, lines = data["from"], data["log"]
            if not isinstance(start, int) or start < 0 or not isinstance(lines, list):
                raise ValueError("a view without its log lines")
            seen = [(str(key), dict(fields)) for key, fields in lines]
            self.app.notice = None
            log = SeenLog(self.seen.game, self.seen.first, list(self.seen.lines))
            log.take(str(data["game"]), start, seen)
            self.app.show_view(data, log.lines)
            self.seen = log
            self.seen.keep(self.device)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            return Effects().warn(f"a view that cannot be read: {type(exc).__name__}: {exc}")
        self.viewing = True
        return self.render()


__all__ = ["GUEST_INTENTS", "GuestApp", "GuestPage", "MaskedGame"]
