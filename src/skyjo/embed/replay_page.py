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

from pyodide.ffi import create_proxy
from pyscript import document, window

from skyjo import browser, record, share
from skyjo.embed import board, reel
from skyjo.embed.replay import Viewer
from skyjo.embed.texts import Texts
from skyjo.errors import RecordError
from skyjo.icons import icon
from skyjo.ui.i18n import LANGUAGES, pick_language
from skyjo.ui.render import button, esc, h
from skyjo.ui.review_panel import ReviewPanel

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
        #: The game review of one seat, started with its button.
        self.review = ReviewPanel(language)
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
            except share.NewerLinkError as exc:
                self._refuse(self.t.t("replay.newer_link"), exc)
            except RecordError as exc:  # a link cut short, mistyped or tampered with
                self._refuse(self.t.t("replay.bad_link"), exc)
        self.render()

    def _refuse(self, message: str, exc: RecordError) -> None:
        """Say ``message`` to the reader; the exact reason goes to the console."""
        window.console.warn(f"replay link: {exc}")
        self.viewer = None
        self.error = message

    def open(self, game: record.GameRecord) -> None:
        self.viewer = Viewer.open(game)
        self.error = ""
        self.link = ""
        self.review.clear()

    async def load_file(self, file: Any) -> None:
        text = str(await file.text())
        try:
            self.open(record.load_and_replay(text)[0])
        except RecordError as exc:
            self.viewer = None
            self.error = self.t.t("replay.invalid", reason=str(exc))
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
                    esc(self.error),
                    class_="embed-problems",
                    role="alert",
                )
            )
        if self.viewer is None:
            if not self.error:
                parts.append(h("p", esc(t.t("replay.empty")), class_="replay-empty"))
        else:
            parts.append(self._viewer_html(self.viewer))
            show = self.viewer.show
            seat = show if isinstance(show, int) else 0
            parts.append(self.review.html(self.viewer.game.names, default_seat=seat))
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
        index, total = reel.move_counter(viewer.frames, viewer.position)
        position = t.t(
            "replay.position",
            round=frame.round_number,
            move=frame.move_number,
            index=index,
            total=total,
        )
        at_start, at_end = viewer.position == 0, viewer.position == viewer.last
        controls = h(
            "nav",
            _step("first", t.t("replay.first"), disabled=at_start),
            _step("back", t.t("replay.back"), disabled=at_start),
            _step("forward", t.t("replay.forward"), disabled=at_end, primary=True),
            _step("last", t.t("replay.last"), disabled=at_end),
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
        target = browser.present(event.target.closest("[data-intent]"))
        intent = None if target is None else browser.text(target.getAttribute("data-intent"))
        if intent is not None:
            self.act(intent)

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
        elif intent == "review":
            self.start_review()
        self.render()
        focused = browser.present(
            self.root.querySelector(f"[data-intent='{intent}']:not([disabled])")
        )
        if focused is not None and intent in ("first", "back", "forward", "last"):
            focused.focus()

    # --- the game review ----------------------------------------------------------------

    def start_review(self) -> None:
        """Review the seat chosen beside the button, in slices (see ReviewPanel.run)."""
        chooser = browser.present(document.getElementById("review-seat"))
        if self.viewer is None or chooser is None:
            return
        self.review.start(self.viewer.game, int(chooser.value))
        task = asyncio.ensure_future(self.review.run(self._paint_review))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _paint_review(self) -> None:
        """Repaint only the review's body and heading; the viewer stays as it is."""
        body = browser.present(document.getElementById("review-body"))
        if body is not None:
            body.innerHTML = self.review.body_html()
        heading = browser.present(document.getElementById("review-heading"))
        if heading is not None and self.review.seat is not None:
            name = self.review.names[self.review.seat]
            heading.textContent = self.review.texts.t("review.heading", name=name)

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
        if self.viewer is None or ident == "review-seat":
            return  # the review's seat counts when its button is pressed
        value = str(target.value)
        if ident == "replay-round":
            self.viewer = self.viewer.to_round(int(value))
        elif ident == "replay-show":
            self.viewer = self.viewer.with_show("all" if value == "all" else int(value))
        self.render()

    def on_key(self, event: Any) -> None:
        active = browser.present(document.activeElement)
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


def _step(intent: str, name: str, *, disabled: bool, primary: bool = False) -> str:
    """A stepping button: an SVG icon (⏮ and ⏭ are missing from many fonts)
    named in words for screen readers and tooltips."""
    return h(
        "button",
        icon(intent),
        type="button",
        class_="primary" if primary else None,
        data_intent=intent,
        aria_label=name,
        title=name,
        disabled=disabled,
    )


def start() -> ReplayPage:
    """Open the game in the link (if any), paint, and mark the page ready."""
    query = window.URLSearchParams.new(window.location.search)
    asked = browser.text(query.get("lang"))
    languages = [asked] if asked is not None else []
    device = browser.DeviceStorage(lambda: window.localStorage, window.console.warn)
    saved = device.get("skyjo.language")  # the game page's
    if saved is not None:
        languages.append(saved)
    languages += [str(lang) for lang in browser.present(window.navigator.languages) or []]
    language = pick_language(languages)
    document.documentElement.lang = language if language in LANGUAGES else "en"
    page = ReplayPage(language)
    browser.offline_note(document, page.t.t("offline.ready"))
    page.load_fragment()
    document.documentElement.dataset.ready = "true"
    return page
