"""The score pad page: the only score pad module that imports PyScript.

It binds a :class:`~skyjo.scorepad.app.PadApp` to ``scorepad.html``: one
delegated listener per event type on ``#pad`` (the content is re-rendered after
every tap, so per-element bindings would be lost), ``localStorage`` as the
device's storage, the page's clock and time zone for the saved dates, and the two
things only a browser can do: download a CSV file and print. Nothing is read back
from the DOM except what a person typed into a form field.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from skyjo import browser
from skyjo.browser import DeviceStorage, present, text, whole_number
from skyjo.painted import fingerprint
from skyjo.scorepad import render
from skyjo.scorepad.app import PadApp, Screen
from skyjo.scorepad.export import to_csv
from skyjo.scorepad.messages import Messages, pick_language

#: Input types a person types into: their ``change`` event must not repaint.
TYPED = frozenset({"text", "number", "search", "tel"})

#: Keys of a physical keyboard that work like the on-screen keypad.
KEYBOARD = {
    "-": ("sign", ""),
    "Backspace": ("back-digit", ""),
    "Enter": ("next", ""),
    "ArrowDown": ("next", ""),
    "ArrowUp": ("previous", ""),
}


def local_storage() -> DeviceStorage:
    """``window.localStorage`` as a :class:`~skyjo.scorepad.app.Storage`. A failed
    write (private mode, full quota) is logged and the pad goes on unsaved rather
    than stopping the game at the table; a missing key is ``None``, never text."""
    return DeviceStorage(lambda: window.localStorage, window.console.warn)


def now() -> datetime:
    """The page's clock in the browser's time zone (Pyodide's own zone is UTC), so
    saved games show the time people saw on their wall."""
    js_now = window.Date.new()
    offset = timedelta(minutes=-int(js_now.getTimezoneOffset()))
    stamp = datetime.fromtimestamp(float(js_now.getTime()) / 1000, tz=UTC)
    return stamp.astimezone(timezone(offset))


class Page:
    """Paints the app into ``#pad`` and turns events into app calls."""

    def __init__(self, app: PadApp) -> None:
        self.app = app
        self.root: Any = document.getElementById("pad")
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_field)]
        click, field = self._proxies
        self.root.addEventListener("click", click)
        self.root.addEventListener("input", field)
        self.root.addEventListener("change", field)
        self._key_proxy = create_proxy(self.on_key)
        document.addEventListener("keydown", self._key_proxy)

    def render(self) -> None:
        """Repaint everything; keep the keyboard focus on the same control."""
        app = self.app
        focused = present(document.activeElement)
        focus_key = ""
        if focused is not None and text(focused.getAttribute("data-action")) is not None:
            # A button without data-value has none (null): not the text "jsnull".
            focus_key = (
                f"{text(focused.getAttribute('data-action'))}"
                f"|{text(focused.getAttribute('data-value')) or ''}"
            )
        document.documentElement.lang = app.language
        document.title = Messages(app.language).t("title")
        browser.offline_note(document, Messages(app.language).t("offline.ready"))
        html = render.page(app)
        if not self._painted_already(html):
            self.root.innerHTML = html
        self.root.setAttribute("data-screen", app.screen.value)
        if focus_key:
            action, value = focus_key.split("|", 1)
            again = present(
                self.root.querySelector(f'[data-action="{action}"][data-value="{value}"]')
            )
            if again is not None:
                again.focus(_options(preventScroll=True))
        if app.just_saved:
            # The news and the new totals are above the keypad: bring them into view.
            news = present(self.root.querySelector("#notice"))
            if news is not None:
                news.scrollIntoView(_options(block="start"))

    def _painted_already(self, html: str) -> bool:
        """Whether ``#pad`` already shows ``html`` (the build pre-painted it and its
        ``data-painted`` mark matches), or the reader filled in the pre-painted form
        (``data-touched``; :meth:`adopt` took it over). The marks hold once."""
        mark = text(self.root.getAttribute("data-painted"))
        touched = text(self.root.getAttribute("data-touched")) is not None
        for name in ("data-painted", "data-touched", "data-early"):
            self.root.removeAttribute(name)
        return mark is not None and (touched or mark == fingerprint(html))

    def adopt(self) -> None:
        """Take over what the reader typed into the pre-painted form before Python
        was ready: every field goes through the same path as typing does now."""
        if text(self.root.getAttribute("data-touched")) is None:
            return
        for field in self.root.querySelectorAll("[data-field]"):
            name = str(field.getAttribute("data-field"))
            kind = str(field.type)
            if kind == "radio" and not field.checked:
                continue
            value = (
                ("true" if field.checked else "false") if kind == "checkbox" else str(field.value)
            )
            seat = _int(field.getAttribute("data-seat"))
            index = _int(field.getAttribute("data-index"))
            with contextlib.suppress(Exception):
                self.app.edit(name, value, seat=seat, index=index)

    def on_click(self, event: Any) -> None:
        target = present(event.target.closest("[data-action]"))
        if target is None:
            return
        action = text(target.getAttribute("data-action")) or ""
        value = text(target.getAttribute("data-value")) or ""
        if action == "csv":
            self.download_csv()
            return
        if action == "export-unreadable":
            self.download_unreadable()
            return
        if action == "print":
            window.print()
            return
        self.run(action, value)

    def run(self, action: str, value: str) -> None:
        """Do one action and repaint; a bug is logged, never a traceback on the page."""
        try:
            self.app.act(action, value)
        except Exception as exc:
            window.console.warn(f"score pad: {type(exc).__name__}: {exc}")
        self.render()

    def on_field(self, event: Any) -> None:
        """A form field changed. Typing (``input``) updates the app without a repaint,
        which would lose the caret; choosing (``change`` on a list or a box) repaints
        what depends on it. A typed field's own ``change`` (it fires when the field
        loses focus, i.e. on the press of the button tapped next) never repaints:
        that would replace the button under the finger and swallow the tap. Only
        the notice is refreshed, so an error fixed by typing goes away at once."""
        target = event.target
        name = text(target.getAttribute("data-field"))
        if not name:
            return
        kind = str(target.type)
        typed = text(target.value) or ""
        value = ("true" if target.checked else "false") if kind == "checkbox" else typed
        seat = _int(target.getAttribute("data-seat"))
        index = _int(target.getAttribute("data-index"))
        shown = self.app.notice
        self.app.edit(name, value, seat=seat, index=index)
        if str(event.type) == "change" and kind not in TYPED:
            self.render()
        elif self.app.notice != shown:
            self.render_notice()

    def render_notice(self) -> None:
        """Repaint the notice alone (the form and its caret stay as they are)."""
        old = present(self.root.querySelector("#notice"))
        if old is not None:
            old.outerHTML = render.page_notice(self.app)

    def on_key(self, event: Any) -> None:
        """Digits, minus, Backspace and Enter drive the keypad from a keyboard too."""
        app = self.app
        target = event.target
        tag = str(target.tagName) if present(target) is not None else ""
        if app.screen is not Screen.PLAY or app.keypad is None or tag in ("INPUT", "SELECT"):
            return
        key = str(event.key)
        if len(key) == 1 and whole_number(key) is not None:
            action, value = "digit", key
        elif key in KEYBOARD:
            action, value = KEYBOARD[key]
        else:
            return
        if key == "Enter" and tag == "BUTTON":
            return  # the focused button's own click
        event.preventDefault()
        self.run(action, value)

    def download_csv(self) -> None:
        """Save the open game as a CSV file (a data: URL, so nothing leaves the device)."""
        pad = self.app.pad
        if pad is not None:
            _download("text/csv", render.csv_name(self.app), to_csv(pad))

    def download_unreadable(self) -> None:
        """Save the unreadable save as it was, from memory (the device may hold no copy)."""
        try:
            text = self.app.exported_unreadable()
        except Exception as exc:
            window.console.warn(f"score pad: {exc}")
            return
        _download("application/json", "skyjo-scorepad-unreadable.json", text)
        self.render()


def _download(kind: str, name: str, body: str) -> None:
    """Offer ``body`` as a file called ``name`` (a data: URL: nothing leaves the device)."""
    link = document.createElement("a")
    link.href = f"data:{kind};charset=utf-8," + str(window.encodeURIComponent(body))
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()


def _options(**fields: object) -> Any:
    """A plain JavaScript object for an options argument (``{preventScroll: true}``)."""
    options = window.Object.new()
    for name, value in fields.items():
        setattr(options, name, value)
    return options


def _int(value: Any) -> int:
    """A numeric ``data-*`` attribute; a missing or garbled one is seat 0."""
    with contextlib.suppress(ValueError):
        return int(text(value) or "0")
    return 0


def start() -> Page:
    """Load the games on this device, paint, and mark the page ready."""
    languages = [str(tag) for tag in present(window.navigator.languages) or []]
    app = PadApp.load(local_storage(), now, language=pick_language(languages))
    page = Page(app)
    if not getattr(window.Object, "is")(window.self, window.top):
        document.documentElement.setAttribute("data-embedded", "true")
    page.adopt()
    page.render()
    document.documentElement.dataset.ready = "true"
    return page
