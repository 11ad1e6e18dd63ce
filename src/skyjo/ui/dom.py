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
from typing import Any

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from skyjo.errors import SkyjoError
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase
from skyjo.ui import present, render
from skyjo.ui.app import CORRUPT_KEY, App, Notice, Screen
from skyjo.ui.i18n import DEFAULT_NAMES, LANGUAGES, Translator, pick_language
from skyjo.ui.setup import SPEEDS, Seat, Setup, SetupError

#: Where the keyboard goes when the element it was on no longer acts: the next legal
#: target (a card of the person on turn, then a pile), else the screen's main button.
NEXT_FOCUS = ".seat.active .target, .pile.target, .end button.primary, .resume button.primary"
#: The notice of an unreadable save, which offers to export it.
CORRUPT_NOTICE = "save.corrupt"
#: Elements that keep the focus across a repaint when they still exist.
FOCUSABLE = frozenset({"BUTTON", "SELECT", "INPUT", "TEXTAREA", "SUMMARY", "A"})


def element(value: Any) -> Any | None:
    """A DOM lookup's result, or None: JavaScript's null arrives as ``jsnull``, which
    is not None (and ``undefined`` as None)."""
    return None if value is None or value is jsnull else value


class LocalStorage:
    """``window.localStorage`` as a :class:`skyjo.ui.app.Storage`; failures (private
    mode, quota) are reported once on the console and the game goes on unsaved."""

    def __init__(self) -> None:
        self.store: Any = window.localStorage

    def get(self, key: str) -> str | None:
        try:
            value = self.store.getItem(key)
        except Exception:
            return None
        # A missing key is JavaScript's null, which Pyodide gives as ``jsnull`` (not
        # None); only a string is a stored value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.store.setItem(key, value)
        except Exception as exc:
            window.console.warn(f"could not save the game: {exc}")

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.store.removeItem(key)


class Page:
    """Binds one :class:`App` to the document."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.root: Any = document.getElementById("app")
        self.live: Any = document.getElementById("live")
        self.bots_running = False
        self.animated_step = -1
        self._tasks: set[asyncio.Future[None]] = set()
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_submit),
            create_proxy(self.on_key),
            create_proxy(self.on_file),
        ]
        click, change, submit, key, file = self._proxies
        self.root.addEventListener("click", click)
        document.getElementById("topbar").addEventListener("change", change)
        self.root.addEventListener("submit", submit)
        self.root.addEventListener("keydown", key)
        document.getElementById("import-file").addEventListener("change", file)
        document.getElementById("topbar").addEventListener("click", click)

    # --- painting -------------------------------------------------------------------

    def render(self) -> None:
        app = self.app
        t = Translator(app.language)
        document.documentElement.lang = app.language
        self._page_texts(t)
        active = element(document.activeElement)
        focused = str(active.id) if active is not None else ""
        self._topbar(t)
        note = self._notice(t)
        if app.screen is Screen.SETUP:
            html = render.setup(t, present.setup(app), note)
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
        before = self._places() if app.screen is Screen.TABLE else {}
        self.root.innerHTML = html if app.screen is Screen.SETUP else note + html
        self.root.setAttribute("data-screen", app.screen.value)
        if before:
            self._travel(before)
        self._restore_focus(focused)
        self._run_bots_soon()

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
        The engine check itself stays in English (``lang="en"`` in the page): it is a
        developer's tool whose output is the command line's JSON."""
        texts = (
            (".tagline", "app.tagline"),
            (".footer-link", "footer.scorepad"),
            ("#engine-details > summary", "check.summary"),
        )
        for selector, key in texts:
            node = element(document.querySelector(selector))
            if node is not None:
                node.textContent = t.t(key)
        status = element(document.getElementById("offline-status"))
        if status is not None:
            status.setAttribute("data-ready-text", t.t("offline.ready"))
            if document.documentElement.getAttribute("data-offline") == "ready":
                status.textContent = t.t("offline.ready")

    def _topbar(self, t: Translator) -> None:
        bar = document.getElementById("topbar-controls")
        parts = [render.language_switcher(t, present.languages(self.app.language))]
        if self.app.game is not None and self.app.screen is not Screen.RESUME:
            parts.append(render.button(t.t("button.export"), "export"))
        parts.append(render.button(t.t("button.import"), "import"))
        if self.app.screen is not Screen.SETUP:
            parts.append(render.button(t.t("button.new_game"), "new-game"))
        bar.innerHTML = " ".join(parts)

    def _notice(self, t: Translator) -> str:
        notice = self.app.notice
        if notice is None:
            return ""
        text = t.t(notice.key, **notice.fields)
        return render.notice(t, text, error=notice.error, corrupt_save=notice.key == CORRUPT_NOTICE)

    def _restore_focus(self, focused: str) -> None:
        """Keep the keyboard where it was if that still acts, else move it to the next
        thing a person can do (a legal card, a pile, the screen's main button), so
        keyboard play flows from step to step. While bots move it stays put."""
        waiting = self.app.human_to_act() is not None or self.app.screen is not Screen.TABLE
        if not waiting:
            return
        there = element(document.getElementById(focused)) if focused else None
        if there is not None and (
            str(there.tagName) not in FOCUSABLE or there.hasAttribute("disabled")
        ):
            there = None
        target = there or element(self.root.querySelector(NEXT_FOCUS))
        if target is not None:
            target.focus()

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
            self.app.set_language(str(event.target.value))
            self.render()

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.guarded(lambda: self.app.start(self.read_setup()))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape":
            if self.app.discard_mode:
                self.guarded(lambda: self.app.choose_discard_mode(False))
            elif self.app.game is not None and self.app.game.can_put_back():
                self.guarded(self.app.put_back)
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self._move_focus(event, key)

    def _move_focus(self, event: Any, key: str) -> None:
        """Arrow keys move between the cards of one grid (3 rows × 4 columns)."""
        current = element(document.activeElement)
        if current is None or not str(current.id).startswith("card-"):
            return
        _, seat, position = str(current.id).split("-")
        row, column = divmod(int(position), 4)
        row += {"ArrowUp": -1, "ArrowDown": 1}.get(key, 0)
        column += {"ArrowLeft": -1, "ArrowRight": 1}.get(key, 0)
        if 0 <= row < 3 and 0 <= column < 4:
            nxt = element(document.getElementById(f"card-{seat}-{row * 4 + column}"))
            if nxt is not None:
                event.preventDefault()
                if not nxt.hasAttribute("tabindex") and nxt.tagName != "BUTTON":
                    nxt.setAttribute("tabindex", "-1")
                nxt.focus()

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
        actions = {
            "quick": app.quick_game,
            "resume": app.resume,
            "new-game": app.to_setup,
            "take-discard": app.take_discard,
            "draw": app.draw,
            "discard-mode": app.choose_discard_mode,
            "discard-mode-off": lambda: app.choose_discard_mode(False),
            "put-back": app.put_back,
            "hint": app.ask_hint,
            "next-round": app.next_round,
            "rematch": app.rematch,
            "tiebreak": app.start_tiebreak,
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
            self.app.notice if self.app.notice and self.app.notice.key == CORRUPT_NOTICE else None
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
        try:
            target = int(target_text)
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
        elif how == "remove" and len(seats) > 2:
            seats.pop(index)
        elif how == "up" and index > 0:
            seats[index - 1], seats[index] = seats[index], seats[index - 1]
        self.app.setup = Setup(tuple(seats), setup.rules, setup.speed)

    # --- files ------------------------------------------------------------------------

    def export(self) -> None:
        self._download("skyjo-game.json", self.app.export_record())

    def export_corrupt(self) -> None:
        text = self.app.storage.get(CORRUPT_KEY)
        if text is not None:
            self._download("skyjo-unreadable-save.json", text)

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
    storage = LocalStorage()
    languages = [str(lang) for lang in window.navigator.languages] or [
        str(window.navigator.language)
    ]
    language = storage.get("skyjo.language") or pick_language(languages)
    seed_text = window.URLSearchParams.new(window.location.search).get("seed")
    seed = int(seed_text) if seed_text is not None and str(seed_text).isdigit() else None
    app = App(storage, language=language if language in LANGUAGES else "en", seed=seed)
    page = Page(app)
    page.render()
    return page


__all__ = ["LocalStorage", "Notice", "Page", "start"]
