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

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from skyjo.scorepad import render
from skyjo.scorepad.app import PadApp, Screen
from skyjo.scorepad.export import to_csv
from skyjo.scorepad.messages import Messages, pick_language

#: Keys of a physical keyboard that work like the on-screen keypad.
KEYBOARD = {
    "-": ("sign", ""),
    "Backspace": ("back-digit", ""),
    "Enter": ("next", ""),
    "ArrowDown": ("next", ""),
    "ArrowUp": ("previous", ""),
}


def element(value: Any) -> Any | None:
    """A DOM lookup's result, or None: JavaScript's null arrives as ``jsnull``,
    which is not None."""
    return None if value is None or value is jsnull else value


class LocalStorage:
    """``window.localStorage`` as a :class:`~skyjo.scorepad.app.Storage`. A failed
    write (private mode, full quota) is logged and the pad goes on unsaved rather
    than stopping the game at the table."""

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
        except Exception as exc:
            window.console.warn(f"could not save the score pad: {exc}")


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
        focused = element(document.activeElement)
        focus_key = ""
        if focused is not None and element(focused.getAttribute("data-action")) is not None:
            focus_key = (
                f"{focused.getAttribute('data-action')}|{focused.getAttribute('data-value')}"
            )
        document.documentElement.lang = app.language
        document.title = Messages(app.language).t("title")
        offline_note(Messages(app.language).t("offline.ready"))
        self.root.innerHTML = render.page(app)
        self.root.setAttribute("data-screen", app.screen.value)
        if focus_key:
            action, value = focus_key.split("|", 1)
            again = element(
                self.root.querySelector(f'[data-action="{action}"][data-value="{value}"]')
            )
            if again is not None:
                again.focus()

    def on_click(self, event: Any) -> None:
        target = element(event.target.closest("[data-action]"))
        if target is None:
            return
        action = str(target.getAttribute("data-action"))
        value = str(element(target.getAttribute("data-value")) or "")
        if action == "csv":
            self.download_csv()
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
        which would lose the caret; choosing (``change``) repaints what depends on it."""
        target = event.target
        name = element(target.getAttribute("data-field"))
        if not name:
            return
        kind = str(target.type)
        value = ("true" if target.checked else "false") if kind == "checkbox" else str(target.value)
        seat = _int(target.getAttribute("data-seat"))
        index = _int(target.getAttribute("data-index"))
        self.app.edit(str(name), value, seat=seat, index=index)
        if str(event.type) == "change" and kind != "text":
            self.render()

    def on_key(self, event: Any) -> None:
        """Digits, minus, Backspace and Enter drive the keypad from a keyboard too."""
        app = self.app
        target = event.target
        tag = str(target.tagName) if element(target) is not None else ""
        if app.screen is not Screen.PLAY or app.keypad is None or tag in ("INPUT", "SELECT"):
            return
        key = str(event.key)
        if len(key) == 1 and key.isdigit():
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
        if pad is None:
            return
        link = document.createElement("a")
        link.href = "data:text/csv;charset=utf-8," + str(window.encodeURIComponent(to_csv(pad)))
        link.download = render.csv_name(self.app)
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()


def _int(text: Any) -> int:
    with contextlib.suppress(TypeError, ValueError):
        return int(str(text))
    return 0


def start() -> Page:
    """Load the games on this device, paint, and mark the page ready."""
    languages = [str(tag) for tag in window.navigator.languages or []]
    app = PadApp.load(LocalStorage(), now, language=pick_language(languages))
    page = Page(app)
    if window.eval("window.self !== window.top"):
        document.documentElement.setAttribute("data-embedded", "true")
    page.render()
    document.documentElement.dataset.ready = "true"
    return page


def offline_note(text: str) -> None:
    """The footer's "ready to play offline" note (boot.js writes it once the service
    worker is ready) in the page's language."""
    status = element(document.getElementById("offline-status"))
    if status is not None:
        status.setAttribute("data-ready-text", text)
        if document.documentElement.getAttribute("data-offline") == "ready":
            status.textContent = text
