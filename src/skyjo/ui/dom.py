"""The page: the only module that imports PyScript.

It paints the models from :mod:`skyjo.ui.present` (as HTML from
:mod:`skyjo.ui.render`) into ``#app``, listens with one delegated listener per
event type (the DOM is re-rendered, so per-element bindings would be lost), paces
the bots with ``asyncio`` so the page stays responsive, and keeps the game in
``localStorage``. Game state is never read back from the DOM; only what the user
typed into the setup form is.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from skyjo import browser
from skyjo.errors import SkyjoError
from skyjo.painted import fingerprint
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase
from skyjo.ui import paint, present, render
from skyjo.ui.app import App, Notice, Screen
from skyjo.ui.i18n import DEFAULT_NAMES, LANGUAGES, Translator, pick_language
from skyjo.ui.setup import SPEEDS, Seat, Setup, SetupError, parse_target

if TYPE_CHECKING:
    from skyjo.ui.review_panel import ReviewPanel

#: Where the keyboard goes when the element it was on no longer acts, in order: the
#: question asked before a game is replaced (on "Keep playing"), the prompt of a
#: placement (it says what the held card is; a card under the focus could be swapped
#: away by a second Enter), a card to turn over in the opening, the draw pile, else
#: the screen's main button.
NEXT_FOCUS = (
    "#confirm-cancel",
    ".board[data-placing] #prompt",
    ".own-seat .target[data-action='flip']",
    "#draw-pile.target",
    ".end button.primary",
    ".resume button.primary",
)
#: The notice of an unreadable save, which offers to export it.
CORRUPT_NOTICE = paint.CORRUPT_NOTICE
#: Elements that keep the focus across a repaint when they still exist.
FOCUSABLE = frozenset({"BUTTON", "SELECT", "INPUT", "TEXTAREA", "SUMMARY", "A"})


def element(value: Any) -> Any | None:
    """A DOM lookup's result, or None: JavaScript's null arrives as ``jsnull``, which
    is not None (and ``undefined`` as None)."""
    return browser.present(value)


class Page:
    """Binds one :class:`App` to the document."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.root: Any = document.getElementById("app")
        self.live: Any = document.getElementById("live")
        self.bots_running = False
        self.animated_step = -1
        self.menu_open = False
        #: Where an intent wants the keyboard next (an element id), e.g. the next
        #: "remove" button after a seat was removed.
        self.focus_next = ""
        #: Which <details> (by id) the person opened or closed: a repaint keeps them so.
        self.details_open: dict[str, bool] = {}
        #: The HTML the app element shows. A repaint that would write the same again
        #: (opening the menu, the bot loop ending) leaves the DOM alone: writing it
        #: would replay the round end's staged reveal and drop what the person chose
        #: in it (a seat to review). The setup form is always written: its fields
        #: may hold what the person typed, which a repaint is meant to replace.
        self.shown = ""
        #: The app's step count at the last repaint (see ``data-still`` in render).
        self.painted_step = -1
        self._tasks: set[asyncio.Future[None]] = set()
        #: The game review at game end, and the game it reviews (a new game restarts it).
        self._review: ReviewPanel | None = None
        self.reviewed: object | None = None
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_submit),
            create_proxy(self.on_key),
            create_proxy(self.on_file),
            create_proxy(self.on_toggle),
        ]
        click, change, submit, key, file, toggle = self._proxies
        # "toggle" does not bubble: listen in the capture phase.
        self.root.addEventListener("toggle", toggle, True)
        document.getElementById("topbar").addEventListener("keydown", key)
        self.root.addEventListener("click", click)
        document.getElementById("topbar").addEventListener("change", change)
        self.root.addEventListener("submit", submit)
        self.root.addEventListener("keydown", key)
        document.getElementById("import-file").addEventListener("change", file)
        document.getElementById("topbar").addEventListener("click", click)

    # --- painting -------------------------------------------------------------------

    @property
    def review(self) -> ReviewPanel:
        """The game review, made when a game first ends: the review and the expert
        it runs are imported then, not while the page starts (about 50 ms of a
        phone's start-up in Pyodide)."""
        if self._review is None:
            from skyjo.ui.review_panel import ReviewPanel

            self._review = ReviewPanel(self.app.language)
        return self._review

    def render(self) -> None:
        app = self.app
        t = Translator(app.language)
        document.documentElement.lang = app.language
        self._page_texts(t)
        active = element(document.activeElement)
        focused = str(active.id) if active is not None else ""
        self._topbar()
        note = paint.notice(app)
        question = present.confirm(app)
        if question is not None:
            html = render.confirm(question)
        elif app.screen is Screen.SETUP:
            html = paint.setup_screen(app)
        elif app.screen is Screen.RESUME:
            html = render.resume(t, app.game.state.round_number if app.game else 0)
        elif app.screen is Screen.TABLE:
            model = present.table(app)
            html = render.table(t, model)
            if model.announcement != self.live.textContent:
                self.live.textContent = model.announcement
        else:
            model_end = present.end(app)
            html = render.end(t, model_end)
            self.live.textContent = model_end.reason + " " + model_end.winners_text
            if app.screen is Screen.GAME_END:
                html += self._review_section()
        if app.screen is not Screen.GAME_END and self.reviewed is not None and self._review:
            self._review.clear()
            self.reviewed = None
        before = self._places() if app.screen is Screen.TABLE else {}
        bare = app.screen is Screen.SETUP and question is None
        shown = html if bare else note + html
        if not self._painted_already(self.root, html) and (bare or shown != self.shown):
            self.root.innerHTML = shown
        self.shown = shown
        # Cards flip, travel and are revealed for a new step only, once: a repaint
        # without one (a hint, a language switch, a question answered "no") is still.
        self.root.toggleAttribute("data-still", app.steps == self.painted_step)
        self.painted_step = app.steps
        self.root.setAttribute("data-screen", app.screen.value)
        self._keep_details()
        if before:
            self._travel(before)
        self._restore_focus(focused)
        self._run_bots_soon()

    def _keep_details(self) -> None:
        """Open or close each repainted <details> as the person last left it."""
        for ident, is_open in self.details_open.items():
            node = element(document.getElementById(ident))
            if node is not None and bool(node.open) != is_open:
                node.open = is_open

    def on_toggle(self, event: Any) -> None:
        node = event.target
        if str(node.tagName) == "DETAILS" and node.id:
            self.details_open[str(node.id)] = bool(node.open)

    # --- cards on the move ------------------------------------------------------------

    def _places(self) -> dict[str, Any]:
        """Where the hand and the piles are on screen before a repaint moves them."""
        places = {}
        for ident in ("held-card", "draw-pile", "discard-pile"):
            node = element(document.getElementById(ident))
            if node is not None:
                places[ident] = node.getBoundingClientRect()
        return places

    def _travel(self, before: dict[str, Any]) -> None:
        """Let the last step's cards glide from where they were (the FLIP technique):
        a card swapped in comes from the hand, and the discard pile's new top card
        comes from the grid position it left, or from the hand when a drawn card was
        thrown away. Skipped when the person prefers reduced motion."""
        if self.app.steps == self.animated_step:
            return  # a repaint without a new step (a hint, a language switch)
        self.animated_step = self.app.steps
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        hand = before.get("held-card")
        if self.app.swapped_in is not None and hand is not None:
            seat, position = self.app.swapped_in
            self._glide(element(document.getElementById(f"card-{seat}-{position}")), hand)
        pile = element(document.getElementById("discard-pile"))
        if self.app.discarded_from is not None:
            seat, position = self.app.discarded_from
            source = element(document.getElementById(f"card-{seat}-{position}"))
            if source is not None:
                self._glide(pile, source.getBoundingClientRect())
        elif hand is not None and "discard-pile" in before:
            self._glide(pile, hand)

    def _glide(self, node: Any, origin: Any) -> None:
        if node is None:
            return
        here = node.getBoundingClientRect()
        dx, dy = origin.left - here.left, origin.top - here.top
        if abs(dx) < 1 and abs(dy) < 1:
            return
        frames = [{"transform": f"translate({dx}px, {dy}px)"}, {"transform": "none"}]
        options = {"duration": 380, "easing": "ease-out"}
        node.animate(
            to_js(frames, dict_converter=window.Object.fromEntries),
            to_js(options, dict_converter=window.Object.fromEntries),
        )

    def _page_texts(self, t: Translator) -> None:
        """The words of the static page around the app (tagline, footer, the offline
        note boot.js writes once the service worker is ready) in the page's language.
        The footer's link to the engine check is named in the page's language; the
        check page itself stays in English: a developer's tool whose output is the
        command line's JSON."""
        texts = ((".tagline", "app.tagline"), (".footer-link", "footer.check"))
        for selector, key in texts:
            node = element(document.querySelector(selector))
            if node is not None:
                node.textContent = t.t(key)
        browser.offline_note(document, t.t("offline.ready"))

    def _topbar(self) -> None:
        bar = document.getElementById("topbar-controls")
        html = paint.topbar(self.app, menu_open=self.menu_open)
        if not self._painted_already(bar, html):
            bar.innerHTML = html

    def _painted_already(self, node: Any, html: str) -> bool:
        """Whether ``node`` already shows ``html``: the build pre-painted it (its
        ``data-painted`` mark matches), or the reader has filled in the pre-painted
        form (``data-touched``), which is then the app's setup (see :meth:`adopt`).
        Either way the page takes the DOM over as it is; the marks hold once."""
        mark = element(node.getAttribute("data-painted"))
        touched = element(node.getAttribute("data-touched")) is not None
        node.removeAttribute("data-painted")
        node.removeAttribute("data-touched")
        node.removeAttribute("data-early")
        if mark is None:
            return False
        return touched or str(mark) == fingerprint(html)

    def adopt(self) -> None:
        """Take over what the reader chose in the pre-painted setup form before
        Python was ready: it becomes the app's setup, so Python's own paint shows
        the same choices (and Start, pressed early, starts with them)."""
        touched = element(self.root.getAttribute("data-touched")) is not None
        if not touched or self.app.screen is not Screen.SETUP:
            return
        with contextlib.suppress(SetupError):
            self.app.setup = self.read_setup()

    def _restore_focus(self, focused: str) -> None:
        """Keep the keyboard where it was if that still acts, else move it to the next
        thing a person can do (a legal card, a pile, the screen's main button), so
        keyboard play flows from step to step. While bots move it stays put."""
        asked = self.app.confirming is not None
        wanted, self.focus_next = self.focus_next, ""
        waiting = self.app.human_to_act() is not None or self.app.screen is not Screen.TABLE
        if not waiting and not asked and not wanted:
            return
        there = element(document.getElementById(wanted or focused)) if wanted or focused else None
        if there is not None and (
            str(there.tagName) not in FOCUSABLE or there.hasAttribute("disabled")
        ):
            there = None
        if asked:
            there = None  # the question comes first
        target = there
        for selector in NEXT_FOCUS:
            if target is not None:
                break
            target = element(self.root.querySelector(selector))
        if target is not None:
            target.focus()

    # --- the game review ------------------------------------------------------------

    def _review_section(self) -> str:
        """The review at game end; the first time a game ends, the review of the
        person's seat (the first seat a person plays, else seat 0) starts."""
        game = self.app.game
        assert game is not None
        self.review.set_language(self.app.language, you=self.app.you())
        people = [i for i, seat in enumerate(self.app.seats) if not seat.is_bot]
        if self.reviewed is not game:
            self.reviewed = game
            self._start_review(people[0] if people else 0)
        return self.review.html(game.players, default_seat=people[0] if people else 0)

    def _start_review(self, seat: int) -> None:
        game = self.app.game
        if game is None:
            return
        self.review.start(game.record(), seat)
        self._keep(asyncio.ensure_future(self.review.run(self._paint_review)))

    def _paint_review(self) -> None:
        """Repaint only the review's body (the progress, then the result), so the
        rest of the page and its focus stay as they are."""
        body = element(document.getElementById("review-body"))
        if body is not None:
            body.innerHTML = self.review.body_html()
        heading = element(document.getElementById("review-heading"))
        if heading is not None and self.review.seat is not None and self.review.names:
            name = self.review.names[self.review.seat]
            heading.textContent = self.review.texts.t("review.heading", name=name)

    def review_chosen_seat(self) -> None:
        chooser = element(document.getElementById("review-seat"))
        if chooser is not None:
            self._start_review(int(chooser.value))

    # --- bots -------------------------------------------------------------------------

    def _run_bots_soon(self) -> None:
        if not self.bots_running and self.app.bot_to_act() is not None:
            self.bots_running = True
            self._keep(asyncio.ensure_future(self._bot_loop()))

    def _keep(self, task: asyncio.Future[None]) -> None:
        """Hold a reference until the task is done (asyncio keeps only weak ones)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_loop(self) -> None:
        """One bot step per tick, at the chosen speed, yielding to the browser each time."""
        try:
            while self.app.bot_to_act() is not None:
                delay = SPEEDS.get(self.app.setup.speed, 700) / 1000
                in_setup = self.app.game is not None and self.app.game.state.phase is Phase.SETUP
                await asyncio.sleep(delay / 4 if in_setup else delay)
                try:
                    moved = self.app.bot_step()
                except Exception as exc:  # a bot's bug: say so, never a traceback
                    window.console.warn(f"bot failed: {type(exc).__name__}: {exc}")
                    self.app.notice = Notice("error.unexpected", {"reason": str(exc)}, error=True)
                    break
                if not moved:
                    break
                self.render_quietly()
        finally:
            self.bots_running = False
        self.render()

    def render_quietly(self) -> None:
        """Repaint without restarting the bot loop (it is the caller)."""
        running, self.bots_running = self.bots_running, True
        try:
            self.render()
        finally:
            self.bots_running = running

    # --- events -----------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = element(event.target.closest("[data-intent]"))
        if target is None or target.tagName == "SELECT":
            return
        intent = str(target.getAttribute("data-intent"))
        self.dispatch(intent, target)

    def on_change(self, event: Any) -> None:
        if event.target.id == "language":
            self._keep_typed_setup()
            self.app.set_language(str(event.target.value))
            self.render()

    def _keep_typed_setup(self) -> None:
        """Keep what the person typed into the setup form across a repaint (a language
        switch); a half-typed target stays as it was remembered."""
        if self.app.screen is not Screen.SETUP or self.app.confirming is not None:
            return
        if element(document.getElementById("setup-form")) is None:
            return
        try:
            self.app.setup = self.read_setup()
        except SetupError:
            return

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.guarded(self._start_from_form)

    def _start_from_form(self) -> None:
        """Start with what the form says; a form that cannot start a game (a bad
        target, a missing name) is explained beside the form in the page's language."""
        try:
            setup = self.read_setup()
        except SetupError as exc:
            self.app.setup_error = exc
            return
        self.app.start(setup)

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape" and self.menu_open:
            self.menu_open = False
            self.focus_next = "menu-toggle"
            self.render()
            return
        if key == "Escape" and self.app.confirming is not None:
            self.guarded(self.app.cancel)
            return
        if key == "Escape":
            if self.app.discard_mode:
                self.guarded(lambda: self.app.choose_discard_mode(False))
            elif self.app.game is not None and self.app.game.can_put_back():
                self.guarded(self.app.put_back)
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self._move_focus(event, key)

    def _move_focus(self, event: Any, key: str) -> None:
        """Arrow keys move between the cards of one grid (3 rows × 4 columns). From a
        card that can be played they skip cards that cannot (face-up cards in the
        opening flips, removed columns), so Enter always acts; from the prompt they
        enter the person's grid at its first playable card."""
        current = element(document.activeElement)
        if current is None:
            return
        if str(current.id) == "prompt":
            first = element(self.root.querySelector(".own-seat .target"))
            if first is not None:
                event.preventDefault()
                first.focus()
            return
        if not str(current.id).startswith("card-"):
            return
        _, seat, position = str(current.id).split("-")
        playable_only = current.classList.contains("target")
        row, column = divmod(int(position), 4)
        d_row = {"ArrowUp": -1, "ArrowDown": 1}.get(key, 0)
        d_column = {"ArrowLeft": -1, "ArrowRight": 1}.get(key, 0)
        while True:
            row, column = row + d_row, column + d_column
            if not (0 <= row < 3 and 0 <= column < 4):
                return
            nxt = element(document.getElementById(f"card-{seat}-{row * 4 + column}"))
            if nxt is None or (playable_only and not nxt.classList.contains("target")):
                continue
            event.preventDefault()
            if not nxt.hasAttribute("tabindex") and nxt.tagName != "BUTTON":
                nxt.setAttribute("tabindex", "-1")
            nxt.focus()
            return

    def on_file(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            self._keep(asyncio.ensure_future(self._import(files.item(0))))
        event.target.value = ""

    async def _import(self, file: Any) -> None:
        text = str(await file.text())
        self.guarded(lambda: self.app.import_record(text))

    def dispatch(self, intent: str, target: Any) -> None:
        app = self.app
        if intent == "menu":
            self.menu_open = not self.menu_open
            self.render()
            return
        self.menu_open = False
        actions = {
            "quick": app.quick_game,
            "resume": app.resume,
            "new-game": app.ask_new_game,
            "confirm": app.confirm,
            "cancel": app.cancel,
            "restore": lambda: app.restore_recent(int(target.getAttribute("data-index"))),
            "take-discard": app.take_discard,
            "draw": app.draw,
            "discard-mode": app.choose_discard_mode,
            "discard-mode-off": lambda: app.choose_discard_mode(False),
            "put-back": app.put_back,
            "hint": app.ask_hint,
            "next-round": app.next_round,
            "rematch": app.rematch,
            "tiebreak": app.start_tiebreak,
            "review": self.review_chosen_seat,
            "export": self.export,
            "export-corrupt": self.export_corrupt,
            "import": lambda: document.getElementById("import-file").click(),
            "seat-add": lambda: self.edit_seats("add", -1),
            "seat-remove": lambda: self.edit_seats(
                "remove", int(target.getAttribute("data-index"))
            ),
            "seat-up": lambda: self.edit_seats("up", int(target.getAttribute("data-index"))),
            "card": lambda: app.click_card(
                int(target.getAttribute("data-seat")), int(target.getAttribute("data-pos"))
            ),
        }
        action = actions.get(intent)
        if action is not None:
            self.guarded(action)

    def guarded(self, action: Any) -> None:
        """Run an intent; a refused one (a stale click, say) is explained in words,
        never a traceback. A bug is logged on the console and reported the same way,
        and the state stays as the engine left it."""
        # A message lasts until the next intent; the corrupt save's stays on the setup
        # screen, where its export button is.
        kept = (
            self.app.notice
            if self.app.notice and self.app.notice.key in paint.CORRUPT_NOTICES
            else None
        )
        self.app.notice = kept
        try:
            action()
        except SetupError as exc:  # a setup form that cannot start: said by the form
            self.app.setup_error = exc
        except SkyjoError as exc:
            window.console.warn(str(exc))
            self.app.notice = Notice("error.refused", {"reason": str(exc)}, error=True)
        except Exception as exc:  # never let a Python traceback reach the page
            window.console.warn(f"{type(exc).__name__}: {exc}")
            self.app.notice = Notice("error.unexpected", {"reason": str(exc)}, error=True)
        if self.app.notice is kept and kept is not None and self.app.screen is not Screen.SETUP:
            self.app.notice = None
        try:
            self.render()
        except Exception as exc:
            window.console.warn(f"could not repaint: {type(exc).__name__}: {exc}")

    # --- the setup form ---------------------------------------------------------------

    def read_setup(self) -> Setup:
        """What the user typed into the setup form (the only thing read from the DOM)."""
        form = document.getElementById("setup-form")
        seats = []
        for i in range(len(self.app.setup.seats)):
            name = element(form.querySelector(f"#name-{i}"))
            kind = element(form.querySelector(f"#kind-{i}"))
            if name is not None and kind is not None:
                seats.append(Seat(str(name.value), str(kind.value)))
        choice = element(form.querySelector("input[name=target]:checked"))
        target_text = str(choice.value) if choice is not None else "100"
        if target_text == "custom" or form.querySelector("input[name=custom_target]").value:
            target_text = str(form.querySelector("input[name=custom_target]").value).strip()
        target = parse_target(target_text)
        try:
            rules = Rules(
                target=target,
                column_rule=ColumnRule(
                    str(form.querySelector("input[name=column_rule]:checked").value)
                ),
                double_on_tie=bool(form.querySelector("input[name=double_on_tie]").checked),
                double_nonpositive=bool(
                    form.querySelector("input[name=double_nonpositive]").checked
                ),
            )
        except ValueError:
            raise SetupError("setup.error.target") from None
        speed = str(form.querySelector("select[name=speed]").value)
        return Setup(tuple(seats), rules, speed)

    def edit_seats(self, how: str, index: int) -> None:
        try:
            setup = self.read_setup()
        except SetupError:
            setup = self.app.setup
        seats = list(setup.seats)
        if how == "add" and len(seats) < 8:
            names = [s.name for s in seats]
            spare = [n for n in DEFAULT_NAMES[self.app.language] if n not in names]
            seats.append(Seat(spare[0] if spare else f"{len(seats) + 1}", "medium"))
            self.focus_next = f"name-{len(seats) - 1}"
        elif how == "remove" and len(seats) > 2:
            seats.pop(index)
            # The keyboard stays in the list: on the next seat's remove button (the
            # one that took this place), else the add button.
            left = min(index, len(seats) - 1)
            self.focus_next = f"seat-remove-{left}" if len(seats) > 2 else "seat-add"
        elif how == "up" and index > 0:
            seats[index - 1], seats[index] = seats[index], seats[index - 1]
            self.focus_next = f"seat-up-{index - 1}" if index > 1 else "name-0"
        self.app.setup = Setup(tuple(seats), setup.rules, setup.speed)

    # --- files ------------------------------------------------------------------------

    def export(self) -> None:
        self._download("skyjo-game.json", self.app.export_record())

    def export_corrupt(self) -> None:
        self._download("skyjo-unreadable-save.json", self.app.exported_unreadable())

    def _download(self, filename: str, text: str) -> None:
        blob = window.Blob.new([text], {"type": "application/json"})
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.URL.revokeObjectURL(url)


def start() -> Page:
    """Create the app from this browser's storage and language, and paint it.

    ``?seed=N`` in the page's URL makes the deals reproducible (tests, demos)."""
    storage = browser.DeviceStorage(lambda: window.localStorage, window.console.warn)
    languages = [str(lang) for lang in window.navigator.languages] or [
        str(window.navigator.language)
    ]
    language = storage.get("skyjo.language") or pick_language(languages)
    seed = browser.whole_number(window.URLSearchParams.new(window.location.search).get("seed"))
    app = App(storage, language=language if language in LANGUAGES else "en", seed=seed)
    page = Page(app)
    page.adopt()
    page.render()
    return page


__all__ = ["Notice", "Page", "start"]
