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
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import skyjo
from skyjo.errors import SkyjoError
from skyjo.game import Game
from skyjo.i18n.language import saved_language
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase
from skyjo.web.device import Storage
from skyjo.web.inputs import query_value, whole_number
from skyjo.web.painted import fingerprint
from skyjo.web.together import catchup, screens
from skyjo.web.ui import cues, intents, paint, present, render, statistics_panel
from skyjo.web.ui.app import SAVE_KEY, App, Confirm, Notice, Screen, Undo
from skyjo.web.ui.hosting import Hosting
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


class GamePage(Hosting):
    """One game page: the :class:`App` and what the page shows of it."""

    #: Keys whose refused write only adds words to the screen (the game stays in
    #: memory and the page says it is not saved; a guest's catch-up log is not
    #: kept): a batch writing only these is painted before the device writes it
    #: (:func:`skyjo.web.worker.host.paints_before_saving`).
    SAID_AFTER_PAINT: ClassVar[frozenset[str]] = frozenset({SAVE_KEY, catchup.LOG_KEY})

    def __init__(self, app: App, push: Push, spawn: Spawn | None = None) -> None:
        super().__init__()
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
