"""``replay.html``'s controller, in the page's Web Worker: intents in, effects out.

The game comes from the link's fragment (``replay.html#g=...``, what "Share this
game" makes and what the game page links to) or from a record file the reader
opens. Everything the reader does goes through :class:`skyjo.web.embed.replay.Viewer`
and ``#replay`` is repainted from it (``site/page.mjs`` applies the effects and
forwards the clicks, the chosen file's text and a changed fragment).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

from skyjo import jsontext, record, share
from skyjo.errors import RecordError
from skyjo.web.embed import board, reel
from skyjo.web.embed.replay import Viewer
from skyjo.web.embed.texts import Texts
from skyjo.web.icons import icon
from skyjo.web.inputs import whole_number
from skyjo.web.ui.i18n import LANGUAGES, pick_language
from skyjo.web.ui.render import button, esc, h
from skyjo.web.ui.review_panel import ReviewPanel
from skyjo.web.worker.effects import Effects

Push = Callable[[Effects], None]
Spawn = Callable[[Coroutine[Any, Any, None]], None]


class ReplayPage:
    def __init__(self, language: str, push: Push, spawn: Spawn | None = None) -> None:
        self.t = Texts(language)
        self.language = language
        self.push = push
        self.spawn: Spawn = spawn or self._task
        self.viewer: Viewer | None = None
        self.error = ""
        self.link = ""
        self.note = ""
        #: The page's address without its fragment (for "Share this game").
        self.base = "replay.html"
        #: What the console should hear (a link's exact fault).
        self.warnings: list[str] = []
        #: The game review of one seat, started with its button.
        self.review = ReviewPanel(language, open_first=0)
        self._tasks: set[asyncio.Future[None]] = set()

    @classmethod
    def open(
        cls,
        push: Push,
        *,
        languages: Sequence[str],
        stored_language: str | None,
        asked: str | None,
        href: str,
        fragment: str,
        spawn: Spawn | None = None,
    ) -> tuple[ReplayPage, Effects]:
        """Open the game in the link (if any): the language asked in the URL, else the
        game page's choice, else the browser's."""
        wanted = [x for x in (asked, stored_language) if x] + list(languages)
        page = cls(pick_language(wanted), push, spawn)
        page.base = href or page.base
        effects = Effects().lang(page.language if page.language in LANGUAGES else "en")
        effects.offline(page.t.t("offline.ready"))
        return page, effects.extend(page.load_fragment(fragment)).ready()

    def _task(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- loading ----------------------------------------------------------------------

    def load_fragment(self, fragment: str) -> Effects:
        """Open the game in ``#g=...``, if the fragment holds one."""
        if fragment.startswith("#g="):
            try:
                self.show(share.decode(fragment[3:]))
            except share.NewerLinkError as exc:
                self._refuse(self.t.t("replay.newer_link"), exc)
            except share.InvalidGameLinkError as exc:  # whole, but not a game the rules allow
                self._refuse(self.t.t("replay.invalid", reason=exc.reason), exc)
            except RecordError as exc:  # a link cut short, mistyped or tampered with
                self._refuse(self.t.t("replay.bad_link"), exc)
        return self.render()

    def _refuse(self, message: str, exc: RecordError) -> None:
        """Say ``message`` to the reader; the exact reason goes to the console."""
        self.warnings.append(f"replay link: {exc}")
        self.viewer = None
        self.error = message

    def show(self, game: record.GameRecord) -> None:
        self.viewer = Viewer.open(game)
        self.error = ""
        self.link = ""
        self.review.clear()

    def load_file(self, text: str) -> Effects:
        try:
            self.show(record.load_and_replay(text)[0])
        except RecordError as exc:
            self.viewer = None
            self.error = self.t.t("replay.invalid", reason=str(exc))
        return self.render()

    def file_too_large(self, size: int) -> Effects:
        """The page did not read a chosen file of ``size`` bytes, over the limit; a
        game shown stays."""
        self.error = self.t.t(
            "replay.too_large", size=jsontext.megabytes(size), limit=jsontext.MAX_MEGABYTES
        )
        return self.render()

    # --- painting ---------------------------------------------------------------------

    def render(self) -> Effects:
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
        position = str(self.viewer.position) if self.viewer is not None else None
        effects = Effects().html("replay", "".join(parts))
        effects.attr("replay", "data-position", position)
        for warning in self.warnings:
            effects.warn(warning)
        self.warnings.clear()
        return effects

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
        # A move tried here and taken back (the game page's Undo) is said, not hidden.
        undone = "".join(
            h(
                "p",
                esc(t.t("replay.taken_back", count=later, move=board.describe(t, names, turn))),
                class_="taken-back",
            )
            for turn, later in reel.taken_back(viewer.game, frame)
        )
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
        return controls + table + undone + share_part

    # --- events -----------------------------------------------------------------------

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        kind = intent.get("type")
        if kind == "click":
            data = intent.get("data") or {}
            return self.act(str(intent.get("intent", "")), data)
        if kind == "file" and isinstance(intent.get("text"), str):
            return self.load_file(str(intent["text"]))
        if kind == "file" and isinstance(intent.get("size"), int):
            return self.file_too_large(intent["size"])
        if kind == "change":
            return self.on_change(str(intent.get("id", "")), str(intent.get("value", "")))
        if kind == "hash":
            return self.load_fragment(str(intent.get("hash", "")))
        return Effects()

    def refused(self, key: str) -> Effects:
        return Effects()  # the replay viewer keeps nothing on the device

    def act(self, intent: str, data: Mapping[str, Any]) -> Effects:
        viewer = self.viewer
        self.note = ""
        if viewer is None:
            return Effects()
        copied = Effects()
        jumped = False
        if intent == "first":
            self.viewer = viewer.to(0)
        elif intent == "back":
            self.viewer = viewer.back()
        elif intent == "forward":
            self.viewer = viewer.forward()
        elif intent == "last":
            self.viewer = viewer.to(viewer.last)
        elif intent == "share":
            self.link = self.base + viewer.link_fragment()
        elif intent == "copy":
            copied.copy(self.link)
            self.note = self.t.t("replay.copied")
        elif intent == "review":
            seat = whole_number(str(data.get("review-seat", "")))
            if seat is not None and seat < len(viewer.game.names):
                self.start_review(seat)
        elif intent == "review-show":
            jumped = self.show_decision(data)
        effects = self.render().extend(copied)
        if jumped:
            # The table now shows the moment of the decision: bring it into view
            # (on a phone the review is a screen or more below it).
            effects.scroll("replay")
        if intent in ("first", "back", "forward", "last"):
            # The keyboard stays on the stepping button (if it still acts), else
            # goes to the next that does.
            steps = ("first", "back", "forward", "last")
            effects.focus(
                keep=False,
                next=[f"#replay [data-intent='{i}']:not([disabled])" for i in (intent, *steps)],
            )
        return effects

    # --- the game review ----------------------------------------------------------------

    def show_decision(self, data: Mapping[str, Any]) -> bool:
        """Open (or close) a reviewed decision's position, and move the viewer to the
        table just before it, seen by the reviewed seat: the played and the better
        move are marked on the position beside it. Whether the viewer moved."""
        decision = whole_number(str(data.get("decision", "")))
        moves = whole_number(str(data.get("moveIndex", "")))  # data-move-index
        if decision is None or self.viewer is None:
            return False
        opened = self.review.is_open(decision)
        self.review.toggle(decision)
        if moves is not None and not opened and self.review.seat is not None:
            position = reel.frame_at(self.viewer.frames, moves)
            self.viewer = self.viewer.to(position).with_show(self.review.seat)
            return True
        return False

    def start_review(self, seat: int) -> None:
        """Review ``seat``, in slices (see ReviewPanel.run)."""
        if self.viewer is None:
            return
        self.review.start(self.viewer.game, seat)
        self.spawn(self.review.run(self._paint_review))

    def _paint_review(self) -> None:
        """Repaint only the review's body and heading; the viewer stays as it is."""
        effects = Effects().html("review-body", self.review.body_html())
        if self.review.seat is not None:
            name = self.review.names[self.review.seat]
            effects.text("review-heading", self.review.texts.t("review.heading", name=name))
        self.push(effects)

    def on_change(self, ident: str, value: str) -> Effects:
        if self.viewer is None or ident == "review-seat":
            return Effects()  # the review's seat counts when its button is pressed
        number = whole_number(value)
        if ident == "replay-round" and number is not None:
            self.viewer = self.viewer.to_round(number)
        elif ident == "replay-show":
            self.viewer = self.viewer.with_show("all" if value == "all" else (number or 0))
        return self.render()


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
