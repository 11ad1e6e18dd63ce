"""``replay.html``'s DOM glue: the only replay module that imports PyScript.

The game comes from the link's fragment (``replay.html#g=...``, what "Share this
game" makes and what the game page links to) or from a record file the reader
opens. Everything the reader does goes through :class:`skyjo.embed.replay.Viewer`
and the page is repainted from it: one delegated listener per event type on
``#replay``, because the content is re-rendered.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from skyjo import record, share
from skyjo.embed import board
from skyjo.embed.replay import Viewer
from skyjo.embed.texts import Texts
from skyjo.errors import RecordError
from skyjo.ui.i18n import LANGUAGES, pick_language
from skyjo.ui.render import button, esc, h

#: Keys that step through the game when no form control has the focus.
STEP_KEYS = {"ArrowRight": "forward", "ArrowLeft": "back", "Home": "first", "End": "last"}


class ReplayPage:
    def __init__(self, language: str) -> None:
        self.t = Texts(language)
        self.viewer: Viewer | None = None
        self.error = ""
        self.link = ""
        self.note = ""
        self.root: Any = document.getElementById("replay")
        self._tasks: set[asyncio.Future[None]] = set()
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_key),
            create_proxy(lambda *_: self.load_fragment()),
        ]
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        window.addEventListener("hashchange", self._proxies[3])

    # --- loading ----------------------------------------------------------------------

    def load_fragment(self) -> None:
        """Open the game in ``#g=...``, if the fragment holds one."""
        fragment = str(window.location.hash)
        if fragment.startswith("#g="):
            try:
                self.open(share.decode(fragment[3:]))
            except RecordError as exc:
                self.viewer = None
                self.error = str(exc)
        self.render()

    def open(self, game: record.GameRecord) -> None:
        self.viewer = Viewer.open(game)
        self.error = ""
        self.link = ""

    async def load_file(self, file: Any) -> None:
        text = str(await file.text())
        try:
            self.open(record.load_and_replay(text)[0])
        except RecordError as exc:
            self.viewer = None
            self.error = str(exc)
        self.render()

    # --- painting ---------------------------------------------------------------------

    def render(self) -> None:
        t = self.t
        opener = h(
            "label",
            esc(t.t("replay.open_file")) + " ",
            h("input", type="file", id="replay-file", accept=".json,application/json"),
            class_="replay-open",
        )
        parts = [h("header", h("h1", esc(t.t("replay.title"))), opener, class_="replay-top")]
        if self.error:
            parts.append(
                h(
                    "p",
                    esc(t.t("replay.invalid", reason=self.error)),
                    class_="embed-problems",
                    role="alert",
                )
            )
        if self.viewer is None:
            if not self.error:
                parts.append(h("p", esc(t.t("replay.empty")), class_="replay-empty"))
        else:
            parts.append(self._viewer_html(self.viewer))
        self.root.innerHTML = "".join(parts)
        if self.viewer is not None:
            self.root.setAttribute("data-position", str(self.viewer.position))
        else:
            self.root.removeAttribute("data-position")

    def _viewer_html(self, viewer: Viewer) -> str:
        t = self.t
        frame = viewer.frame
        names = viewer.game.names
        rounds = "".join(
            h("option", str(r), value=r, selected=r == frame.round_number)
            for r in range(1, viewer.rounds + 1)
        )
        shows = h("option", esc(t.t("replay.view_all")), value="all", selected=viewer.show == "all")
        shows += "".join(
            h("option", esc(t.t("replay.view_seat", name=n)), value=p, selected=viewer.show == p)
            for p, n in enumerate(names)
        )
        position = t.t(
            "replay.position",
            round=frame.round_number,
            move=frame.move_number,
            index=viewer.position,
            total=viewer.last,
        )
        controls = h(
            "nav",
            button("⏮", "first", aria_label=t.t("replay.first"), disabled=viewer.position == 0),
            button("◀", "back", aria_label=t.t("replay.back"), disabled=viewer.position == 0),
            button(
                "▶",
                "forward",
                aria_label=t.t("replay.forward"),
                primary=True,
                disabled=viewer.position == viewer.last,
            ),
            button(
                "⏭", "last", aria_label=t.t("replay.last"), disabled=viewer.position == viewer.last
            ),
            h("label", esc(t.t("replay.round")) + " " + h("select", rounds, id="replay-round")),
            h("label", esc(t.t("replay.view")) + " " + h("select", shows, id="replay-show")),
            h("span", esc(position), id="replay-position", class_="counter", aria_live="polite"),
            class_="embed-controls replay-controls",
            aria_label=t.t("replay.title"),
        )
        shown = frame if viewer.position > 0 else None
        table = board.table(t, frame.state, names, show=viewer.show, frame=shown)
        share_part = h(
            "section",
            button(t.t("replay.share"), "share"),
            (
                h("p", esc(t.t("replay.share_help")), class_="help")
                + h(
                    "input",
                    id="share-link",
                    value=self.link,
                    readonly=True,
                    aria_label=t.t("replay.share"),
                )
                + " "
                + button(t.t("replay.copy"), "copy")
                if self.link
                else ""
            ),
            h("span", esc(self.note), role="status") if self.note else "",
            class_="replay-share",
        )
        return controls + table + share_part

    # --- events -----------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-intent]")
        if target is None or not hasattr(target, "getAttribute"):
            return
        self.act(str(target.getAttribute("data-intent")))

    def act(self, intent: str) -> None:
        viewer = self.viewer
        self.note = ""
        if viewer is None:
            return
        if intent == "first":
            self.viewer = viewer.to(0)
        elif intent == "back":
            self.viewer = viewer.back()
        elif intent == "forward":
            self.viewer = viewer.forward()
        elif intent == "last":
            self.viewer = viewer.to(viewer.last)
        elif intent == "share":
            base = str(window.location.href).split("#", 1)[0]
            self.link = base + viewer.link_fragment()
        elif intent == "copy":
            window.navigator.clipboard.writeText(self.link)
            self.note = self.t.t("replay.copied")
        self.render()
        focused = self.root.querySelector(f"[data-intent='{intent}']:not([disabled])")
        if (
            focused is not None
            and focused is not jsnull
            and intent in ("first", "back", "forward", "last")
        ):
            focused.focus()

    def on_change(self, event: Any) -> None:
        target = event.target
        ident = str(target.id)
        if ident == "replay-file":
            files = target.files
            if files.length:
                task = asyncio.ensure_future(self.load_file(files.item(0)))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            return
        if self.viewer is None:
            return
        value = str(target.value)
        if ident == "replay-round":
            self.viewer = self.viewer.to_round(int(value))
        elif ident == "replay-show":
            self.viewer = self.viewer.with_show("all" if value == "all" else int(value))
        self.render()

    def on_key(self, event: Any) -> None:
        active = document.activeElement
        if active is not None and str(getattr(active, "tagName", "")) in (
            "INPUT",
            "SELECT",
            "TEXTAREA",
        ):
            return
        intent = STEP_KEYS.get(str(event.key))
        if intent is not None and self.viewer is not None:
            event.preventDefault()
            self.act(intent)


def offline_note(text: str) -> None:
    """The footer's "ready to play offline" note (boot.js writes it once the service
    worker is ready) in the page's language."""
    status = document.getElementById("offline-status")
    if status is not None and status is not jsnull:
        status.setAttribute("data-ready-text", text)
        if document.documentElement.getAttribute("data-offline") == "ready":
            status.textContent = text


def start() -> ReplayPage:
    """Open the game in the link (if any), paint, and mark the page ready."""
    query = window.URLSearchParams.new(window.location.search)
    asked = query.get("lang")
    languages = [str(asked)] if isinstance(asked, str) else []
    saved = window.localStorage.getItem("skyjo.language")  # the game page's choice
    if isinstance(saved, str):  # (a missing key is JavaScript's null, not a str)
        languages.append(saved)
    languages += [str(lang) for lang in window.navigator.languages]
    language = pick_language(languages)
    document.documentElement.lang = language if language in LANGUAGES else "en"
    page = ReplayPage(language)
    offline_note(page.t.t("offline.ready"))
    page.load_fragment()
    document.documentElement.dataset.ready = "true"
    return page
