"""The score pad page's controller, in the page's Web Worker: intents in, effects out.

It binds a :class:`~skyjo.web.scorepad.app.PadApp` to ``scorepad.html`` the way the
game page's controller binds the game (see :mod:`skyjo.web.ui.page`): a tap on a
``data-action`` button, a form field typed or chosen, a keypad key pressed on a
keyboard (``site/page.mjs`` turns those into taps) come in as intents; the
answer is :class:`~skyjo.web.worker.effects.Effects` for the main thread, which owns
the document, the clock, downloads and printing. Nothing is read back from the
page except what a person typed into a form field.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from skyjo.web.device import Storage
from skyjo.web.inputs import whole_number
from skyjo.web.painted import fingerprint
from skyjo.web.scorepad import render
from skyjo.web.scorepad.app import PadApp, Screen
from skyjo.web.scorepad.export import to_csv
from skyjo.web.scorepad.messages import Messages, pick_language
from skyjo.web.worker.effects import Effects

#: Input types a person types into: their ``change`` event must not repaint.
TYPED = frozenset({"text", "number", "search", "tel"})


def clock_of(sent: object) -> datetime:
    """The page's clock as the main thread sent it (``{"now": ms, "offset":
    minutes}``): the browser's time in its time zone, so saved games show the time
    people saw on their wall (the worker's own zone is UTC)."""
    now = sent.get("now") if isinstance(sent, Mapping) else None
    offset = sent.get("offset") if isinstance(sent, Mapping) else None
    if not isinstance(now, int | float) or isinstance(now, bool):
        return datetime.now(UTC)
    minutes = offset if isinstance(offset, int) and -24 * 60 < offset < 24 * 60 else 0
    stamp = datetime.fromtimestamp(float(now) / 1000, tz=UTC)
    return stamp.astimezone(timezone(timedelta(minutes=minutes)))


class PadPage:
    """One score pad page: the :class:`PadApp` and what the page shows of it."""

    def __init__(self, app: PadApp, clock: Callable[[object], None]) -> None:
        self.app = app
        self._set_clock = clock
        self.first_paint = True

    @classmethod
    def open(
        cls,
        storage: Storage,
        *,
        languages: Sequence[str],
        clock: object = None,
        fields: Sequence[Mapping[str, Any]] = (),
        touched: bool = False,
    ) -> tuple[PadPage, Effects]:
        """The games on this device; ``fields``: what the reader typed into the
        pre-painted form while Python started (``touched``), taken over as typing."""
        now = [clock_of(clock)]

        def set_clock(sent: object) -> None:
            now[0] = clock_of(sent)

        app = PadApp.load(storage, lambda: now[0], language=pick_language(list(languages)))
        page = cls(app, set_clock)
        if touched:
            page.adopt(fields)
        return page, page.render().ready()

    def adopt(self, fields: Sequence[Mapping[str, Any]]) -> None:
        """Take over what the reader typed into the pre-painted form before Python
        was ready: every field goes through the same path as typing does now."""
        for field in fields:
            if field.get("type") == "radio" and not field.get("checked"):
                continue
            with contextlib.suppress(Exception):
                self.app.edit(
                    str(field.get("name", "")),
                    str(field.get("value", "")),
                    seat=_int(field.get("seat")),
                    index=_int(field.get("index")),
                )

    def render(self) -> Effects:
        """Repaint everything; the keyboard stays on the same control."""
        app = self.app
        m = Messages(app.language)
        html = render.page(app)
        effects = Effects().lang(app.language).title(m.t("title")).offline(m.t("offline.ready"))
        # On the play screen only what changed is touched: the keypad's keys stay the
        # same elements from tap to tap, so a quick second tap is never lost on a key
        # being replaced. The forms are written anew (their fields' typing is the
        # app's already, and a reordered player list must move what it shows).
        effects.html("pad", html, mark=fingerprint(html), morph=app.screen is Screen.PLAY)
        effects.attr("pad", "data-screen", app.screen.value)
        effects.focus(same=True)
        if app.just_saved:
            # The news and the new totals are above the keypad: bring them into view.
            effects.scroll("notice")
        self.first_paint = False
        return effects

    def handle(self, intent: Mapping[str, Any]) -> Effects:
        self._set_clock(intent.get("clock"))
        kind = intent.get("type")
        if kind == "click":
            return self.on_click(str(intent.get("action", "")), str(intent.get("value", "")))
        if kind == "field":
            return self.on_field(intent)
        return Effects()

    def refused(self, key: str) -> Effects:
        """The device refused a write (see :mod:`skyjo.web.worker.mirror`)."""
        self.app.refused(key)
        return self.render()

    def on_click(self, action: str, value: str) -> Effects:
        app = self.app
        if action == "csv":
            if app.pad is None:
                return Effects()
            text = to_csv(app.pad, messages=Messages(app.language))
            return Effects().download(render.csv_name(app), "text/csv", text)
        if action == "print":
            return Effects().print()
        if action == "export-unreadable":
            if app.unreadable is None:
                return Effects()
            text = app.exported_unreadable()
            name = "skyjo-scorepad-unreadable.json"
            return self.render().download(name, "application/json", text)
        try:
            app.act(action, value)
        except Exception as exc:  # a bug: a warning on the console, never a traceback
            return self.render().warn(f"score pad: {type(exc).__name__}: {exc}")
        effects = self.render()
        if action in ("correct", "correct-tiebreak") and app.correcting:
            # The round to correct opens above the sheet that was tapped: bring its
            # heading and rows into view (on a phone they were a screen above).
            effects.scroll("entry")
        if action == "next" and app.ready_to_save:
            # The last sum is in: the Save key comes into view, however far the page
            # has to move for it (no further, so the sums stay in sight).
            effects.scroll("enter-key", nearest=True)
        return effects

    def on_field(self, intent: Mapping[str, Any]) -> Effects:
        """A form field changed. Typing (``input``) updates the app without a repaint,
        which would lose the caret; choosing (``change`` on a list or a box) repaints
        what depends on it. A typed field's own ``change`` (it fires when the field
        loses focus, i.e. on the press of the button tapped next) never repaints:
        that would replace the button under the finger and swallow the tap. Only
        the notice is refreshed, so an error fixed by typing goes away at once."""
        data = intent.get("data") or {}
        shown = self.app.notice
        self.app.edit(
            str(intent.get("name", "")),
            str(intent.get("value", "")),
            seat=_int(data.get("seat")),
            index=_int(data.get("index")),
        )
        if intent.get("event") == "change" and not intent.get("typed"):
            return self.render()
        if self.app.notice != shown:
            return Effects().replace("notice", render.page_notice(self.app))
        return Effects()


def _int(value: object) -> int:
    """A numeric ``data-*`` attribute; a missing or garbled one is seat 0."""
    number = whole_number(value) if isinstance(value, str) else None
    return number if number is not None else 0


__all__ = ["TYPED", "PadPage", "clock_of"]
