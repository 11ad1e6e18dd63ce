"""``embed.html``'s DOM glue: the only embed module that imports PyScript.

It reads the URL (:mod:`skyjo.embed.params`), shows what the parameters chose,
and talks to the host page (:mod:`skyjo.embed.messages`). Two kinds of content:

* a record or scenario is a reel of frames (:mod:`skyjo.embed.reel`) shown from
  its start and played on by the buttons, or by itself with ``autoplay``;
* a game (people and bots) or a bots-only demo runs the game page's own
  controller (:class:`skyjo.ui.app.App`, with storage in memory so an embed
  never touches the visitor's saved game) and paints it with the game's views.

Whatever goes wrong is shown inside the embed, never thrown at the host page.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from skyjo import browser, jsontext, scenarios, share
from skyjo.device import MemoryStorage
from skyjo.embed import messages, params, reel, view
from skyjo.embed.params import seat_names
from skyjo.embed.texts import Texts
from skyjo.errors import SkyjoError
from skyjo.painted import fingerprint
from skyjo.state import Phase
from skyjo.ui import present, render
from skyjo.ui.app import App, Screen
from skyjo.ui.render import esc, h
from skyjo.ui.setup import SPEEDS, Seat, Setup

#: A bots-only demo waits this many bot pauses on the round's scores before dealing again.
ROUND_PAUSE_STEPS = 4


class EmbedPage:
    """One embed: its configuration, its content and its messages to the host.

    ``doc`` and ``win`` are the embed's own document and window: this page's, or
    those of an embed frame that a host page drives with its one runtime
    (:func:`serve_frames`)."""

    def __init__(self, config: params.EmbedConfig, *, doc: Any = None, win: Any = None) -> None:
        self.config = config
        self.t = Texts(config.language)
        self.document: Any = document if doc is None else doc
        self.window: Any = window if win is None else win
        self.root: Any = self.document.getElementById("embed")
        self.sent_rounds = 0
        self.sent_game_end = False
        self.last_height = -1
        self.busy = False
        #: Messages from the host that asked for nothing this embed does.
        self.ignored_messages = 0
        self._tasks: set[asyncio.Future[None]] = set()
        # Reel content (record, scenario).
        self.frames: tuple[reel.Frame, ...] = ()
        self.names: tuple[str, ...] = ()
        self.first = 0
        self.position = 0
        self.link = ""
        # Game content (game, autoplay).
        self.app: App | None = None
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_message)]
        self.root.addEventListener("click", self._proxies[0])
        self.window.addEventListener("message", self._proxies[1])
        self._resize = create_proxy(lambda *_: self.report_size())
        self.window.ResizeObserver.new(self._resize).observe(self.root)

    # --- start ----------------------------------------------------------------------

    def start(self) -> None:
        config = self.config
        self.document.documentElement.lang = config.language
        if config.mode == "scenario" and config.scenario is not None:
            chosen = scenarios.get(config.scenario)
            self._load_reel(chosen.record(config.rules), chosen.start_move)
        elif config.mode == "record" and config.record is not None:
            self._load_reel(config.record, 0)
            self.link = "replay.html#g=" + share.encode(config.record)
        else:
            self.app = App(MemoryStorage(), language=config.language, seed=config.seed)
            self._start_game()
        self.render()
        self.post(messages.ready(config, self.players, self.height()))
        self.document.documentElement.dataset.ready = "true"
        if config.autoplay and self.app is None:
            self.run(self.play_on())

    def _load_reel(self, game: Any, default_start: int) -> None:
        self.frames = reel.frames(game)
        self.names = game.names
        start = self.config.start if self.config.start is not None else default_start
        self.first = self.position = reel.frame_at(self.frames, start)

    def _start_game(self) -> None:
        assert self.app is not None
        kinds = self.config.seats
        names = seat_names(kinds, self.config.language)
        seats = tuple(Seat(n, k) for n, k in zip(names, kinds, strict=True))
        self.app.start(Setup(seats, self.config.rules, self.config.speed))
        self.sent_rounds = 0
        self.sent_game_end = False

    @property
    def players(self) -> tuple[str, ...]:
        if self.app is not None:
            return tuple(s.name for s in self.app.seats)
        return self.names

    # --- painting ---------------------------------------------------------------------

    def render(self) -> None:
        parts = [self._problems()]
        if self.app is not None:
            parts.append(self._game_html())
        else:
            parts.append(self._reel_html())
        html = "".join(parts)
        mark = self.root.getAttribute("data-painted")
        self.root.removeAttribute("data-painted")
        self.root.removeAttribute("data-early")
        if not (isinstance(mark, str) and mark == fingerprint(html)):
            self.root.innerHTML = html
        self.root.setAttribute("data-mode", self.config.mode)
        if self.app is not None:
            self.root.setAttribute("data-screen", self.app.screen.value)
        done = self.app is None and self.position == len(self.frames) - 1
        self.root.setAttribute("data-done", "true" if done else "false")

    def _problems(self) -> str:
        return view.problems(self.t, self.config)

    def _reel_html(self) -> str:
        at = view.ReelAt(
            self.frames, self.names, self.first, self.position, self.link, busy=self.busy
        )
        return view.reel_view(self.t, self.config, at)

    def _game_html(self) -> str:
        app = self.app
        assert app is not None
        t = self.t
        if app.screen is Screen.TABLE:
            return render.table(t, present.table(app))
        return render.end(t, present.end(app))

    # --- the host page -----------------------------------------------------------------

    def height(self) -> int:
        return math.ceil(float(self.root.getBoundingClientRect().height))

    def post(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the host (``"*"``: an embed does not know its host's
        origin, and its messages hold nothing private)."""
        if getattr(self.window.Object, "is")(self.window.parent, self.window):
            return
        payload = to_js(message, dict_converter=self.window.Object.fromEntries)
        self.window.parent.postMessage(payload, "*")

    def report_size(self) -> None:
        height = self.height()
        if height != self.last_height:
            self.last_height = height
            self.post(messages.size(self.config, height))

    def on_message(self, event: Any) -> None:
        """A message from the host page. Only ``skyjo:measure`` asks for anything;
        every other message (from another window, of another shape, or one that
        has no JSON text at all: a cyclic object, a BigInt, a function) is ignored
        without a word and counted in ``<html data-ignored-messages>``, which the
        tests read. A hostile page must never put a traceback into the embed."""
        try:
            from_host = bool(getattr(self.window.Object, "is")(event.source, self.window.parent))
            # undefined, a function or a symbol has no JSON text: not a request.
            raw = browser.text(self.window.JSON.stringify(event.data)) if from_host else None
            data = jsontext.loads(raw, what="the message") if raw is not None else None
        except Exception:
            data = None
        if not messages.is_measure_request(data):
            self.ignored_messages += 1
            root = self.window.document.documentElement
            root.setAttribute("data-ignored-messages", str(self.ignored_messages))
            return
        self.last_height = self.height()
        self.post(messages.size(self.config, self.last_height))

    def report_state(self) -> None:
        """Tell the host about rounds scored and a game ended since the last report."""
        if self.app is not None and self.app.game is not None:
            state = self.app.game.state
        else:
            state = self.frames[self.position].state
        results = state.results
        for number in range(self.sent_rounds + 1, len(results) + 1):
            totals = tuple(
                sum(r.points[p] for r in results[:number]) for p in range(state.num_players)
            )
            self.post(messages.round_ended(self.config, number, results[number - 1], totals))
        self.sent_rounds = max(self.sent_rounds, len(results))
        if state.phase is Phase.GAME_OVER and not self.sent_game_end:
            self.sent_game_end = True
            self.post(messages.game_ended(self.config, state.totals, state.winners))

    # --- intents ------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = browser.present(event.target.closest("[data-intent]"))
        intent = None if target is None else browser.text(target.getAttribute("data-intent"))
        if target is None or intent is None:
            return
        try:
            self.dispatch(intent, target)
        except SkyjoError as exc:
            window.console.warn(str(exc))
        except Exception as exc:  # never a traceback in the host's page
            window.console.warn(f"{type(exc).__name__}: {exc}")
        self.render()
        self.report_state()
        self.run_bots_soon()

    def dispatch(self, intent: str, target: Any) -> None:
        if self.app is None:
            if intent == "next" and not self.busy:
                self.step()
            elif intent == "play" and not self.busy:
                self.run(self.play_on())
            elif intent == "restart" and not self.busy:
                self.position = self.first
                self.sent_rounds = 0
                self.sent_game_end = False
            return
        app = self.app
        actions: dict[str, Any] = {
            "take-discard": app.take_discard,
            "draw": app.draw,
            "discard-mode": app.choose_discard_mode,
            "discard-mode-off": lambda: app.choose_discard_mode(False),
            "put-back": app.put_back,
            "hint": app.ask_hint,
            "next-round": app.next_round,
            "rematch": self._start_game,
            "new-game": self._start_game,
            "tiebreak": app.start_tiebreak,
            "card": lambda: app.click_card(
                int(target.getAttribute("data-seat")), int(target.getAttribute("data-pos"))
            ),
        }
        action = actions.get(intent)
        if action is not None:
            action()

    # --- playing on ---------------------------------------------------------------------

    def step(self) -> None:
        if self.position < len(self.frames) - 1:
            self.position += 1
        self.render()
        self.report_state()

    def run(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def pause(self) -> float:
        return SPEEDS.get(self.config.speed, 700) / 1000

    async def play_on(self) -> None:
        """Play the reel's remaining moves at the chosen speed."""
        self.busy = True
        try:
            while self.position < len(self.frames) - 1:
                await asyncio.sleep(self.pause())
                self.position += 1
                self.render()
                self.report_state()
        finally:
            self.busy = False
        self.render()

    def run_bots_soon(self) -> None:
        app = self.app
        if app is None or self.busy:
            return
        waiting_round = self.config.autoplay and app.screen is Screen.ROUND_END
        if app.bot_to_act() is not None or waiting_round:
            self.busy = True
            self.run(self.bot_loop())

    async def bot_loop(self) -> None:
        """One bot step per pause; a bots-only demo also deals the next round itself."""
        app = self.app
        assert app is not None
        try:
            while True:
                if app.bot_to_act() is not None:
                    in_setup = app.game is not None and app.game.state.phase is Phase.SETUP
                    await asyncio.sleep(self.pause() / 4 if in_setup else self.pause())
                    app.bot_step()
                elif self.config.autoplay and app.screen is Screen.ROUND_END:
                    await asyncio.sleep(self.pause() * ROUND_PAUSE_STEPS)
                    app.next_round()
                else:
                    break
                self.render()
                self.report_state()
        except Exception as exc:  # a bot's bug stops the bots, not the host page
            window.console.warn(f"bot failed: {type(exc).__name__}: {exc}")
        finally:
            self.busy = False
        self.render()


def open_in(doc: Any, win: Any) -> EmbedPage:
    """Read the frame's URL, paint the embed into its document, say hello to its host."""
    config = params.parse(str(win.location.search), str(win.location.hash))
    page = EmbedPage(config, doc=doc, win=win)
    try:
        page.start()
    except SkyjoError as exc:  # a scenario or record the engine refuses: say so
        page.root.innerHTML = h("p", esc(str(exc)), class_="embed-problems", role="alert")
        page.document.documentElement.dataset.ready = "true"
    if page.app is not None:
        page.run_bots_soon()
    return page


def start() -> EmbedPage:
    """``embed.html`` on its own: this page is the embed."""
    return open_in(document, window)


#: The embeds a host page drives (their listeners and tasks hold on to them too).
SERVED: list[EmbedPage] = []


def serve_frames() -> None:
    """A host page's one runtime (``rules.html``): drive every embed frame whose
    reader touched it, now and later, instead of each frame starting its own
    Python. ``boot.js`` in the host keeps ``skyjoHost.waiting`` (the frames touched
    while this runtime was loading) and calls ``skyjoHost.mount(frame)`` after."""
    host = window.skyjoHost

    def mount(frame: Any) -> None:
        try:
            SERVED.append(open_in(frame.document, frame))
        except Exception as exc:  # one broken frame must not stop the others
            window.console.warn(f"embed failed: {type(exc).__name__}: {exc}")

    for frame in list(host.waiting):
        mount(frame)
    host.mount = create_proxy(mount)
    document.documentElement.dataset.ready = "true"
