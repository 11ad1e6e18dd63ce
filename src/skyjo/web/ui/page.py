"""The game page's controller, in the page's Web Worker: intents in, effects out.

It paints the models of :mod:`skyjo.web.ui.present` (as HTML from :mod:`skyjo.web.ui.render`)
for ``#app`` and ``#topbar-controls``, answers what the person does (an intent the
main thread forwards: a click on a ``data-intent``, the setup form submitted, a key,
a file chosen), paces the bots, and runs the game review. It never touches the
document: every answer is :class:`~skyjo.web.worker.effects.Effects` that
``site/page.mjs`` applies on the main thread, so a bot's move or the expert's
analysis never freezes a tap (issue 21). Pure Python: the tests drive it on
CPython with intents, as the page does.

Game state is never read back from the page; only what the person typed into the
setup form comes with the intents that need it (``forms``).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import skyjo
from skyjo import record
from skyjo.errors import SkyjoError
from skyjo.game import Game
from skyjo.i18n.language import saved_language
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase
from skyjo.web.device import Storage
from skyjo.web.inputs import query_value, whole_number
from skyjo.web.painted import fingerprint
from skyjo.web.together import away, catchup, screens, wire
from skyjo.web.together.lobby import FAILED, RENEWED, Link, Lobby
from skyjo.web.together.qr import Codes
from skyjo.web.together.referee import Referee, Refused
from skyjo.web.together.scan import Scanner
from skyjo.web.together.signal import SignalError, expand
from skyjo.web.ui import cues, intents, paint, present, render, statistics_panel
from skyjo.web.ui.app import SAVE_KEY, App, Confirm, Notice, Screen, Undo
from skyjo.web.ui.i18n import DEFAULT_NAMES, LANGUAGES, Translator, pick_language
from skyjo.web.ui.setup import SPEEDS, Seat, Setup, SetupError, parse_target
from skyjo.web.worker.effects import Effects
from skyjo.web.worker.pace import PAUSE_SECONDS

if TYPE_CHECKING:
    from skyjo.web.ui.review_panel import ReviewPanel

#: Where the keyboard goes when the element it was on no longer acts, in order: the
#: question asked before a game is replaced (on "Keep playing"), the hand-over to the
#: next person, the prompt of a placement (it says what the held card is; a card under
#: the focus could be swapped away by a second Enter), a card to turn over in the
#: opening, the draw pile, else the screen's main button.
NEXT_FOCUS = (
    "#confirm-cancel",
    "#hand-over",
    "#app .board[data-placing] #prompt",
    "#app .own-seat .target[data-action='flip']",
    "#app #draw-pile.target",
    "#app .end button.primary",
    "#app .resume button.primary",
)
#: The setup form's id: intents that need what the person typed carry its fields.
SETUP_FORM = "setup-form"

#: What the main thread sends with an intent: the fields of the page's forms, by
#: form id, each field by its id (a radio button by its name, only when checked).
Forms = Mapping[str, Mapping[str, Any]]
#: How a controller hands effects to the main thread between intents (a bot's move,
#: the review's progress).
Push = Callable[[Effects], None]
#: How a controller starts work that goes on between intents (the bots, the review):
#: a task on the worker's event loop; tests may collect the coroutines instead.
Spawn = Callable[[Coroutine[Any, Any, None]], None]


class GamePage:
    """One game page: the :class:`App` and what the page shows of it."""

    #: Keys whose refused write only adds words to the screen (the game stays in
    #: memory and the page says it is not saved; a guest's catch-up log is not
    #: kept): a batch writing only these is painted before the device writes it
    #: (:func:`skyjo.web.worker.host.paints_before_saving`).
    SAID_AFTER_PAINT: ClassVar[frozenset[str]] = frozenset({SAVE_KEY, catchup.LOG_KEY})

    def __init__(self, app: App, push: Push, spawn: Spawn | None = None) -> None:
        self.app = app
        self.push = push
        self.spawn: Spawn = spawn or self._task
        self.bots_running = False
        self.menu_open = False
        #: Where an intent wants the keyboard next (an element id), e.g. the next
        #: "remove" button after a seat was removed.
        self.focus_next = ""
        #: The HTML ``#app`` shows. A repaint that would write the same again
        #: (opening the menu, the bot loop ending) leaves the DOM alone: writing it
        #: would replay the round end's staged reveal and drop what the person chose
        #: in it (a seat to review). The setup form is always written: its fields
        #: may hold what the person typed, which a repaint is meant to replace.
        self.shown = ""
        #: The screen ``shown`` is (empty for a question).
        self.shown_screen = ""
        self.topbar_shown = ""
        self.announced = ""
        #: The app's step count at the last repaint (see ``data-still`` in render)
        #: and at the last animation of cards on the move.
        self.painted_step = -1
        self.animated_step = -1
        #: The step whose cue was last sent (a repaint of it stays silent), and
        #: whether the switch was just turned on (a cue then says so).
        self.cued_step = -1
        self.sample_cue = False
        #: The pre-painted first screen's marks (``data-painted``), until taken over.
        self.first_paint = True
        self._tasks: set[asyncio.Future[None]] = set()
        #: The game review at game end, and the game it reviews (a new game restarts it).
        self._review: ReviewPanel | None = None
        self.reviewed: object | None = None
        # --- playing together (skyjo.web.together): this page is the host ---
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

    # --- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        storage: Storage,
        push: Push,
        *,
        languages: list[str],
        search: str = "",
        forms: Forms | None = None,
        touched: bool = False,
        spawn: Spawn | None = None,
        reduced_motion: bool = False,
        href: str = "",
        can_share: bool = False,
    ) -> tuple[GamePage, Effects]:
        """The page as the device left it; ``?seed=N`` in ``search`` makes the deals
        reproducible (tests, demos). ``touched``: the reader filled in the
        pre-painted setup form while Python started (its fields are in ``forms``),
        which becomes the app's setup. ``reduced_motion``: the device asks for it
        (sound and vibration then start off)."""
        language = saved_language(storage.get) or pick_language(languages)
        seed = whole_number(query_value(search, "seed"))
        app = App(
            storage,
            language=language if language in LANGUAGES else "en",
            seed=seed,
            takebacks=True,
            reduced_motion=reduced_motion,
        )
        page = cls(app, push, spawn)
        page.href, page.can_share = href, can_share
        if touched and app.screen is Screen.SETUP:
            page.take_typed_setup(forms or {})
        effects = page.render()
        major, minor, micro = sys.version_info[:3]
        python = f"Python {major}.{minor}.{micro} ({sys.platform})"
        # After the words "Skyjo engine", which follow the page's language (boot-lang.js).
        effects.text("version-numbers", f"{skyjo.__version__} · {python}")
        return page, effects.ready()

    # --- painting -------------------------------------------------------------------------

    @property
    def review(self) -> ReviewPanel:
        """The game review, made when a game first ends: the review and the expert
        it runs are imported then, not while the page starts."""
        if self._review is None:
            from skyjo.web.ui.review_panel import ReviewPanel

            self._review = ReviewPanel(self.app.language)
        return self._review

    def render(self, *, run_bots: bool = True) -> Effects:
        """Everything the page shows, as effects: only what changed is written."""
        app = self.app
        t = Translator(app.language)
        # The words around the app (tagline, site menu, footer) are the start-up
        # texts: site/boot-lang.js puts them in the language of <html lang>.
        effects = Effects().lang(app.language).offline(t.t("offline.ready"))
        topbar = paint.topbar(app, menu_open=self.menu_open)
        if topbar != self.topbar_shown or self.first_paint:
            effects.html("topbar-controls", topbar, mark=fingerprint(topbar))
            self.topbar_shown = topbar
        note = paint.notice(app)
        question = present.confirm(app)
        announcement = None
        if question is not None:
            html = render.confirm(question)
        elif self.lobby is not None and (self.inviting or self.lobby_setup is not None):
            html = screens.invitations(
                t,
                self.lobby,
                href=self.href,
                can_share=self.can_share,
                starting=self.lobby_setup is not None,
                codes=self.codes,
                scanner=self.scanner,
                stun=self.stun,
                away_choice=self._away_choice(),
            )
        elif app.screen is Screen.SETUP:
            html = paint.setup_screen(app)
        elif app.screen is Screen.RESUME:
            html = render.resume(t, app.game.state.round_number if app.game else 0)
        elif app.screen is Screen.TABLE:
            model = present.table(app)
            html = render.table(t, model)
            announcement = model.announcement
        else:
            model_end = present.end(app)
            html = render.end(t, model_end)
            announcement = model_end.reason + " " + model_end.winners_text
            if app.screen is Screen.GAME_END:
                html += self._review_section()
        if announcement is not None and announcement != self.announced:
            effects.text("live", announcement)
            self.announced = announcement
        if app.screen is not Screen.GAME_END and self.reviewed is not None and self._review:
            self._review.clear()
            self.reviewed = None
        bare = app.screen is Screen.SETUP and question is None and self.lobby is None
        # How to play, opened from the menu, above any screen (the setup screen
        # has it in its own paint, which the build pre-paints).
        guide = paint.howto(app) if question is None and not bare else ""
        # The statistics, opened from the menu, above any screen.
        panel = statistics_panel.html(app) if question is None else ""
        if app.game is not None and app.screen is not Screen.SETUP and question is None:
            note += self._away_notes(t)
        shown = panel + (html if bare else guide + note + html)
        # Unchanged, the setup form is left alone: what the reader typed into it
        # lives in the page until an intent reads the form (opening the menu on a
        # phone repainted it and lost a typed name).
        if self.first_paint or shown != self.shown:
            # The mark is the screen's own: a pre-painted setup form is taken over as
            # it is (a notice above it is not part of what the build painted). The
            # same screen again (a bot's move on the table) changes only what moved.
            same = app.screen.value == self.shown_screen and question is None and not bare
            effects.html("app", shown, mark=fingerprint(html), morph=same)
        self.shown = shown
        self.shown_screen = app.screen.value if question is None else ""
        self.first_paint = False
        # Cards flip, travel and are revealed for a new step only, once: a repaint
        # without one (a hint, a language switch, a question answered "no") is still.
        effects.attr("app", "data-still", "" if app.steps == self.painted_step else None)
        self.painted_step = app.steps
        effects.attr("app", "data-screen", app.screen.value)
        if app.remote:
            # Playing together: the host's move number, the same on every device's
            # page once it shows that move (the browser tests compare it).
            effects.attr("app", "data-move", self.move_number())
        if app.screen is Screen.TABLE:
            effects.glide(self._travel())
        self._cue(effects)
        self._focus(effects)
        self._send_views()
        if self.scanner.seat is not None and not self._may_scan(self.scanner.seat):
            self.outbox.append(self.scanner.stop())  # answered, connected, or gone
        for op in [*self.outbox, *self.codes.requests()]:
            effects.link(op)
        self.outbox = []
        if run_bots:
            self._run_bots_soon()
        self._time_away()
        return effects

    def _travel(self) -> list[tuple[str, str]]:
        """Where the last step's cards glide from: a card swapped in comes from the
        hand, and the discard pile's new top card comes from the grid position it
        left, or from the hand when a drawn card was thrown away."""
        app = self.app
        if app.steps == self.animated_step:
            return []  # a repaint without a new step (a hint, a language switch)
        self.animated_step = app.steps
        moves = []
        if app.swapped_in is not None:
            seat, position = app.swapped_in
            moves.append((f"card-{seat}-{position}", "held-card"))
        if app.discarded_from is not None:
            seat, position = app.discarded_from
            moves.append(("discard-pile", f"card-{seat}-{position}"))
        else:
            moves.append(("discard-pile", "held-card"))
        return moves

    def _cue(self, effects: Effects) -> None:
        """The sound of a new step, once, while the switch is on; the switch just
        turned on sounds a card laid, so the person hears what they chose."""
        app = self.app
        cue = app.cue
        if cue is not None and cue.step == app.steps and cue.step != self.cued_step:
            self.cued_step = cue.step
            if app.sound:
                effects.cue(cue.kind, buzz=cue.buzz)
        if self.sample_cue:
            self.sample_cue = False
            effects.cue(cues.FLIP, buzz=True)

    def _focus(self, effects: Effects) -> None:
        """Keep the keyboard where it was if that still acts, else move it to the next
        thing a person can do (a legal card, a pile, the screen's main button), so
        keyboard play flows from step to step. While bots move it stays put."""
        app = self.app
        asked = app.confirming is not None
        wanted, self.focus_next = self.focus_next, ""
        waiting = app.human_to_act() is not None or app.screen is not Screen.TABLE
        if waiting or asked or wanted:
            # The question comes first: there, neither the wanted nor the focused
            # element keeps the keyboard.
            effects.focus(wanted=wanted, keep=not asked, next=NEXT_FOCUS)

    # --- the game review ------------------------------------------------------------------

    def _review_section(self) -> str:
        """The review at game end; the first time a game ends, the review of the
        person's seat (the first seat a person plays, else seat 0) starts."""
        game = self._reviewed_game()
        if game is None:
            return ""
        self.review.set_language(self.app.language, you=self.app.you())
        first = self._review_seat()
        if self.reviewed is not game:
            self.reviewed = game
            self._start_review(first)
        return self.review.html(game.players, default_seat=first)

    def _reviewed_game(self) -> Game | None:
        """The game the review reads (its record)."""
        return self.app.game

    def _review_seat(self) -> int:
        """The seat the review starts with: the first a person plays."""
        people = [i for i, seat in enumerate(self.app.seats) if not seat.is_bot]
        return people[0] if people else 0

    def _start_review(self, seat: int) -> None:
        game = self._reviewed_game()
        if game is None:
            return
        self.review.start(game.record(), seat)
        self.spawn(self.review.run(self._paint_review))

    def _paint_review(self) -> None:
        """Repaint only the review's body (the progress, then the result), so the
        rest of the page and its focus stay as they are."""
        effects = Effects().html("review-body", self.review.body_html(), morph=True)
        if self.review.seat is not None and self.review.names:
            name = self.review.names[self.review.seat]
            effects.text("review-heading", self.review.texts.t("review.heading", name=name))
        self.push(effects)

    # --- bots -------------------------------------------------------------------------------

    def _run_bots_soon(self) -> None:
        if not self.bots_running and self.app.bot_to_act() is not None:
            self.bots_running = True
            self.spawn(self._bot_loop())

    def _task(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the worker's event loop, holding a reference until it is
        done (asyncio keeps only weak ones)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_loop(self) -> None:
        """One bot step per tick, at the chosen speed, each pushed to the page."""
        try:
            while self.app.bot_to_act() is not None:
                delay = SPEEDS.get(self.app.setup.speed, 700) / 1000
                in_setup = self.app.game is not None and self.app.game.state.phase is Phase.SETUP
                await asyncio.sleep(delay / 4 if in_setup else delay)
                try:
                    moved = await self._think()
                except Exception as exc:  # a bot's bug: say so, never a traceback
                    self.app.notice = Notice("error.unexpected", {"reason": str(exc)}, error=True)
                    break
                if not moved:
                    break
                self.push(self.render(run_bots=False))
        finally:
            self.bots_running = False
        self.push(self.render())

    async def _think(self) -> bool:
        """One bot step, giving the worker back between the expert's playouts: a tap
        that arrives while it searches is answered within a few milliseconds."""
        steps = self.app.bot_step_in_steps()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                moved: bool = done.value
                return moved
            await asyncio.sleep(PAUSE_SECONDS)

    # --- intents ------------------------------------------------------------------------------

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        """One intent from the main thread: ``{"type": "click", "intent": ...,
        "data": {...}}``, ``submit``, ``change``, ``key`` or ``file``; each carries
        the page's ``forms``."""
        kind = intent.get("type")
        forms: Forms = intent.get("forms") or {}
        data: Mapping[str, Any] = intent.get("data") or {}
        if kind == "click":
            return self.dispatch(str(intent.get("intent", "")), data, forms)
        if kind == "submit":
            return self.guarded(lambda: self._start_from_form(forms))
        if kind == "change" and intent.get("id") == screens.AWAY_SELECT:
            return self.guarded(lambda: self._choose_away(str(intent.get("value", ""))))
        if kind == "change" and intent.get("id") == "language":
            self._keep_typed_setup(forms)
            language = str(intent.get("value", ""))
            if language in LANGUAGES:
                self.app.set_language(language)
            return self.render()
        if kind == "key":
            return self.on_key(str(intent.get("key", "")))
        if kind == "link":
            return self.on_link(intent)
        if kind == "file":
            text, size = intent.get("text"), intent.get("size")
            if isinstance(text, str):
                return self.guarded(lambda: self.app.import_record(text))
            if isinstance(size, int):
                return self.guarded(lambda: self.app.file_too_large(size))
        return Effects()

    def refused(self, key: str) -> Effects:
        """The device refused a write (see :mod:`skyjo.web.worker.mirror`)."""
        self.app.refused(key)
        return self.render()

    def on_key(self, key: str) -> Effects:
        app = self.app
        if key == "Escape" and self.menu_open:
            self.menu_open = False
            self.focus_next = "menu-toggle"
            return self.render()
        if key == "Escape" and app.confirming is not None:
            return self.guarded(app.cancel)
        if key == "Escape" and app.discard_mode:
            return self.guarded(lambda: app.choose_discard_mode(False))
        if key == "Escape" and app.game is not None and app.game.can_put_back():
            return self.guarded(app.put_back)
        if key == "Undo" and app.undo_offer() is Undo.READY:  # Ctrl+Z, ⌘Z (site/page.mjs)
            return self.guarded(app.undo)
        return Effects()

    def _keep_typed_setup(self, forms: Forms) -> None:
        """Keep what the person typed into the setup form across a repaint (a language
        switch); a half-typed target stays as typed (:meth:`take_typed_setup`)."""
        if self.app.screen is not Screen.SETUP or self.app.confirming is not None:
            return
        self.take_typed_setup(forms)

    def _start_from_form(self, forms: Forms) -> None:
        """Start with what the form says; a form that cannot start a game (a bad
        target, a missing name) is explained beside the form in the page's language."""
        setup, error = self.take_typed_setup(forms)
        if error is not None:
            self.app.setup_error = error
            return
        if any(seat.is_remote for seat in setup.seats):
            self._invite(setup)
            return
        self.app.start(setup)

    def dispatch(self, intent: str, data: Mapping[str, Any], forms: Forms) -> Effects:
        app = self.app
        if intent == "menu":
            self.menu_open = not self.menu_open
            return self.render()
        if intent == "sound":  # a switch in the menu: the menu stays open to show it
            return self.guarded(self._switch_sound)
        self.menu_open = False
        if app.confirming is Confirm.RESET_STATISTICS and intent in ("confirm", "cancel"):
            self.focus_next = "stats-title"

        def number(name: str) -> int:
            return intents.number(data, name)

        if intent in ("export", "export-corrupt", "statistics-export"):
            files = Effects()

            def export() -> None:
                if intent == "statistics-export":
                    files.download("skyjo-statistics.csv", "text/csv", app.export_statistics())
                elif intent == "export":
                    files.download("skyjo-game.json", "application/json", app.export_record())
                else:
                    text = app.exported_unreadable()
                    files.download("skyjo-unreadable-save.json", "application/json", text)

            return self.guarded(export).extend(files)
        actions: dict[str, intents.Action] = {
            **intents.table_actions(app, data),
            "quick": app.quick_game,
            "resume": self._resume,
            "new-game": app.ask_new_game,
            "confirm": app.confirm,
            "cancel": app.cancel,
            "restore": lambda: app.restore_recent(number("index")),
            "rematch": app.rematch,
            "undo": app.undo,
            "howto": lambda: self._howto(forms, show=True),
            "howto-close": lambda: self._howto(forms, show=False),
            "statistics": lambda: self._statistics(forms, show=True),
            "statistics-close": lambda: self._statistics(forms, show=False),
            "statistics-reset": app.ask_reset_statistics,
            "review": lambda: self._start_review(number("review-seat")),
            "review-show": lambda: self.review.toggle(number("decision")),
            "seat-add": lambda: self.edit_seats("add", -1, forms),
            "seat-remove": lambda: self.edit_seats("remove", number("index"), forms),
            "seat-up": lambda: self.edit_seats("up", number("index"), forms),
            "invite-copy": lambda: self._invite_link(number("seat"), share=False),
            "invite-share": lambda: self._invite_link(number("seat"), share=True),
            "invite-answer": lambda: self._answer(number("seat"), data),
            "invite-scan": lambda: self._scan(number("seat")),
            "invite-scan-stop": lambda: self.outbox.append(self.scanner.stop()),
            "invite-cancel": self._cancel_invitations,
            "invite-bots": self._bots_for_the_absent,
            "invite-stun": lambda: self._switch_stun(forms),
            "invite-show": self._show_invitations,
            "invite-hide": self._hide_invitations,
        }
        action = actions.get(intent)
        if action is None:
            return Effects()
        return self.guarded(action)

    def _howto(self, forms: Forms, *, show: bool) -> None:
        """Open how to play (from the menu: the keyboard goes to its heading) or put
        it away; what was typed into the setup form meanwhile stays."""
        self._keep_typed_setup(forms)
        if show:
            self.app.show_howto()
            self.focus_next = "howto-title"
        else:
            self.app.close_howto()
            self.focus_next = "quick" if self.app.screen is Screen.SETUP else ""

    def _statistics(self, forms: Forms, *, show: bool) -> None:
        """Open the statistics (the keyboard goes to their heading) or put them away;
        what was typed into the setup form meanwhile stays."""
        self._keep_typed_setup(forms)
        self.app.show_statistics(show=show)
        if show:
            self.focus_next = "stats-title"
        else:
            self.focus_next = "quick" if self.app.screen is Screen.SETUP else ""

    def _switch_sound(self) -> None:
        self.app.switch_sound()
        self.sample_cue = self.app.sound
        self.focus_next = "sound-switch"

    def guarded(self, action: Callable[[], Any]) -> Effects:
        """Run an intent; a refused one (a stale click, say) is explained in words,
        never a traceback, and the state stays as the engine left it."""
        self.attempt(action)
        return self.render()

    def attempt(self, action: Callable[[], Any]) -> None:
        """:meth:`guarded` without the repaint: what went wrong is in the notice."""
        app = self.app
        # A message lasts until the next intent; the corrupt save's stays on the setup
        # screen, where its export button is.
        kept = app.notice if app.notice and app.notice.key in paint.CORRUPT_NOTICES else None
        app.notice = kept
        try:
            action()
        except SetupError as exc:  # a setup form that cannot start: said by the form
            app.setup_error = exc
        except SkyjoError as exc:
            app.notice = Notice("error.refused", {"reason": str(exc)}, error=True)
        except Exception as exc:  # never let a Python traceback reach the page
            app.notice = Notice("error.unexpected", {"reason": str(exc)}, error=True)
        if app.notice is kept and kept is not None and app.screen is not Screen.SETUP:
            app.notice = None

    # --- playing together: the host (skyjo.web.together) ---------------------------------

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

    def _switch_stun(self, forms: Forms) -> None:
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
            view = app.game.view(seat)
            core = wire.view_message(
                view,
                step=app.steps,
                screen=app.screen.value,
                names=names,
                log=[],
                game=game,
                away=away_now,
                joining=joining,
            )
            if self.sent.get(seat) != core or start < end:
                self.sent[seat] = core
                lines = [(line.key, line.fields) for line in app.log[start - app.log_from :]]
                text = wire.view_message(
                    view,
                    step=app.steps,
                    screen=app.screen.value,
                    names=names,
                    log=lines,
                    game=game,
                    log_from=start,
                    away=away_now,
                    joining=joining,
                )
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

    # --- the setup form ---------------------------------------------------------------------

    def take_typed_setup(self, forms: Forms) -> tuple[Setup, SetupError | None]:
        """Make what the person typed into the setup form (the only thing read from
        the page) the app's setup, so that a repaint (an error explained, a seat
        added, another language) shows it again; with the target as it was while the
        typed one is not a number above 0 (its text is kept in ``App.typed_target``),
        and that error."""
        if SETUP_FORM not in forms:
            return self.app.setup, None
        try:
            setup = self._read_setup(forms)
        except SetupError as error:
            fields = forms.get(SETUP_FORM) or {}
            self.app.typed_target = str(fields.get("custom_target") or "").strip()
            # A form that fails again without its target (a hostile field) keeps
            # the setup it had.
            with contextlib.suppress(SetupError):
                self.app.setup = self._read_setup(forms, target=self.app.setup.rules.target)
            return self.app.setup, error
        self.app.setup = setup
        self.app.typed_target = None
        return setup, None

    def _read_setup(self, forms: Forms, *, target: int | None = None) -> Setup:
        fields = forms.get(SETUP_FORM) or {}
        seats = []
        for i in range(len(self.app.setup.seats)):
            name, kind = fields.get(f"name-{i}"), fields.get(f"kind-{i}")
            if isinstance(name, str) and isinstance(kind, str):
                seats.append(Seat(name, kind))
        choice = fields.get("target")
        target_text = str(choice) if choice is not None else "100"
        custom = str(fields.get("custom_target") or "")
        if target_text == "custom" or custom:
            target_text = custom.strip()
        if target is None:
            target = parse_target(target_text)
        try:
            rules = Rules(
                target=target,
                column_rule=ColumnRule(str(fields.get("column_rule", ColumnRule.ALL.value))),
                double_on_tie=fields.get("double_on_tie") is True,
                double_nonpositive=fields.get("double_nonpositive") is True,
            )
        except ValueError:
            raise SetupError("setup.error.target") from None
        speed = str(fields.get("speed", "normal"))
        return Setup(tuple(seats), rules, speed if speed in SPEEDS else "normal")

    def edit_seats(self, how: str, index: int, forms: Forms) -> None:
        setup, _ = self.take_typed_setup(forms)
        seats = list(setup.seats)
        if how == "add" and len(seats) < 8:
            names = [s.name for s in seats]
            spare = [n for n in DEFAULT_NAMES[self.app.language] if n not in names]
            seats.append(Seat(spare[0] if spare else f"{len(seats) + 1}", "medium"))
            self.focus_next = f"name-{len(seats) - 1}"
        elif how == "remove" and len(seats) > 2 and 0 <= index < len(seats):
            seats.pop(index)
            # The keyboard stays in the list: on the next seat's remove button (the
            # one that took this place), else the add button.
            left = min(index, len(seats) - 1)
            self.focus_next = f"seat-remove-{left}" if len(seats) > 2 else "seat-add"
        elif how == "up" and 0 < index < len(seats):
            seats[index - 1], seats[index] = seats[index], seats[index - 1]
            self.focus_next = f"seat-up-{index - 1}" if index > 1 else "name-0"
        self.app.setup = Setup(tuple(seats), setup.rules, setup.speed)


__all__ = ["NEXT_FOCUS", "GamePage"]
