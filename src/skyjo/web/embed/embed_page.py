"""``embed.html``'s controller, in the page's Web Worker (or the host page's:
``rules.html`` serves every live table it holds from one worker).

It reads the URL (:mod:`skyjo.web.embed.params`), shows what the parameters chose, and
tells the host page what happened (:mod:`skyjo.web.embed.messages`, sent by the main
thread's ``post`` effect). Two kinds of content:

* a record or scenario is a reel of frames (:mod:`skyjo.web.embed.reel`) shown from
  its start and played on by the buttons, or by itself with ``autoplay``;
* a game (people and bots) or a bots-only demo runs the game page's own
  controller (:class:`skyjo.web.ui.app.App`, with storage in memory so an embed
  never touches the visitor's saved game) and paints it with the game's views.

Whatever goes wrong is shown inside the embed, never thrown at the host page. The
embed's size and the host's ``skyjo:measure`` are the main thread's alone
(``site/page.mjs``): they need no Python.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from skyjo import scenarios, share
from skyjo.errors import SkyjoError
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.embed import messages, params, reel, view
from skyjo.web.embed.params import seat_names
from skyjo.web.embed.texts import Texts
from skyjo.web.painted import fingerprint
from skyjo.web.ui import intents, present, render
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.render import esc, h
from skyjo.web.ui.setup import SPEEDS, Seat, Setup
from skyjo.web.worker.effects import Effects

#: A bots-only demo waits this many bot pauses on the round's scores before dealing again.
ROUND_PAUSE_STEPS = 4

Push = Callable[[Effects], None]
Spawn = Callable[[Coroutine[Any, Any, None]], None]


class EmbedPage:
    """One embed: its configuration, its content and its messages to the host."""

    def __init__(self, config: params.EmbedConfig, push: Push, spawn: Spawn | None = None) -> None:
        self.config = config
        self.t = Texts(config.language)
        self.push = push
        self.spawn: Spawn = spawn or self._task
        self.sent_rounds = 0
        self.sent_game_end = False
        self.busy = False
        self._tasks: set[asyncio.Future[None]] = set()
        # Reel content (record, scenario).
        self.frames: tuple[reel.Frame, ...] = ()
        self.names: tuple[str, ...] = ()
        self.first = 0
        self.position = 0
        self.link = ""
        # Game content (game, autoplay).
        self.app: App | None = None

    # --- start ----------------------------------------------------------------------

    @classmethod
    def open(
        cls, search: str, fragment: str, push: Push, spawn: Spawn | None = None
    ) -> tuple[EmbedPage, Effects]:
        """Read the frame's URL, paint the embed, say hello to its host."""
        page = cls(params.parse(search, fragment), push, spawn)
        try:
            return page, page.start()
        except SkyjoError as exc:  # a scenario or record the engine refuses: say so
            effects = Effects().lang(page.config.language)
            effects.html("embed", h("p", esc(str(exc)), class_="embed-problems", role="alert"))
            return page, effects.ready()

    def start(self) -> Effects:
        config = self.config
        if config.mode == "scenario" and config.scenario is not None:
            chosen = scenarios.get(config.scenario)
            self._load_reel(chosen.record(config.rules), chosen.start_move)
        elif config.mode == "record" and config.record is not None:
            self._load_reel(config.record, 0)
            self.link = "replay.html#g=" + share.encode(config.record)
        else:
            self.app = App(MemoryStorage(), language=config.language, seed=config.seed)
            self._start_game()
        effects = Effects().lang(config.language).extend(self.render())
        effects.post(messages.ready(config, self.players, -1)).ready()
        if config.autoplay and self.app is None:
            self.spawn(self.play_on())
        self.run_bots_soon()
        return effects

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

    def render(self) -> Effects:
        parts = [self._problems()]
        if self.app is not None:
            parts.append(self._game_html())
        else:
            parts.append(self._reel_html())
        html = "".join(parts)
        effects = Effects().html("embed", html, mark=fingerprint(html))
        effects.attr("embed", "data-mode", self.config.mode)
        if self.app is not None:
            effects.attr("embed", "data-screen", self.app.screen.value)
        done = self.app is None and self.position == len(self.frames) - 1
        return effects.attr("embed", "data-done", "true" if done else "false")

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

    def report_state(self) -> Effects:
        """Tell the host about rounds scored and a game ended since the last report."""
        effects = Effects()
        if self.app is not None and self.app.game is not None:
            state = self.app.game.state
        else:
            state = self.frames[self.position].state
        results = state.results
        for number in range(self.sent_rounds + 1, len(results) + 1):
            totals = tuple(
                sum(r.points[p] for r in results[:number]) for p in range(state.num_players)
            )
            effects.post(messages.round_ended(self.config, number, results[number - 1], totals))
        self.sent_rounds = max(self.sent_rounds, len(results))
        if state.phase is Phase.GAME_OVER and not self.sent_game_end:
            self.sent_game_end = True
            effects.post(messages.game_ended(self.config, state.totals, state.winners))
        return effects

    # --- intents ------------------------------------------------------------------------

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        if intent.get("type") != "click":
            return Effects()
        name = str(intent.get("intent", ""))
        data = intent.get("data") or {}
        effects = Effects()
        try:
            self.dispatch(name, data)
        except SkyjoError as exc:
            effects.warn(str(exc))
        except Exception as exc:  # never a traceback in the host's page
            effects.warn(f"{type(exc).__name__}: {exc}")
        effects.extend(self.render()).extend(self.report_state())
        self.run_bots_soon()
        return effects

    def refused(self, key: str) -> Effects:
        return Effects()  # an embed keeps nothing on the device

    def dispatch(self, intent: str, data: Mapping[str, Any]) -> None:
        if self.app is None:
            if intent == "next" and not self.busy:
                self.step()
            elif intent == "play" and not self.busy:
                self.spawn(self.play_on())
            elif intent == "restart" and not self.busy:
                self.position = self.first
                self.sent_rounds = 0
                self.sent_game_end = False
            return
        actions: dict[str, intents.Action] = {
            **intents.table_actions(self.app, data),
            "rematch": self._start_game,
            "new-game": self._start_game,
        }
        action = actions.get(intent)
        if action is not None:
            action()

    # --- playing on ---------------------------------------------------------------------

    def step(self) -> None:
        if self.position < len(self.frames) - 1:
            self.position += 1

    def _task(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def pause(self) -> float:
        return SPEEDS.get(self.config.speed, 700) / 1000

    async def play_on(self) -> None:
        """Play the reel's remaining moves at the chosen speed, each pushed to the page."""
        self.busy = True
        self.push(self.render())
        try:
            while self.position < len(self.frames) - 1:
                await asyncio.sleep(self.pause())
                self.position += 1
                self.push(self.render().extend(self.report_state()))
        finally:
            self.busy = False
        self.push(self.render())

    def run_bots_soon(self) -> None:
        app = self.app
        if app is None or self.busy:
            return
        waiting_round = self.config.autoplay and app.screen is Screen.ROUND_END
        if app.bot_to_act() is not None or waiting_round:
            self.busy = True
            self.spawn(self.bot_loop())

    async def bot_loop(self) -> None:
        """One bot step per pause; a bots-only demo also deals the next round itself."""
        app = self.app
        assert app is not None
        effects = Effects()
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
                self.push(self.render().extend(self.report_state()))
        except Exception as exc:  # a bot's bug stops the bots, not the host page
            effects.warn(f"bot failed: {type(exc).__name__}: {exc}")
        finally:
            self.busy = False
        self.push(effects.extend(self.render()))


__all__ = ["EmbedPage"]
