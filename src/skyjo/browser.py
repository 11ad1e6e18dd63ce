"""Values the pages read from the browser, made safe for Python.

Pyodide hands JavaScript's two kinds of "nothing" over differently: ``undefined``
becomes ``None``, but ``null`` becomes :data:`pyodide.ffi.jsnull`, an object that
is *not* ``None`` and whose text is ``"jsnull"``. So ``value is None`` misses a
missing localStorage key, URL parameter or attribute (all ``null``), and
``str(value)`` turns it into the word "jsnull": the score pad once took a first
visit's missing save for a corrupt one and kept ``"jsnull"`` aside. Every page's
glue (``ui/dom.py``, ``scorepad/page.py``, ``embed/*_page.py``) reads such values
through :func:`present` or :func:`text` instead.

This module imports nothing from the game and needs neither PyScript nor Pyodide:
on CPython :data:`JSNULL` is a stand-in that behaves like Pyodide's (falsy, text
``"jsnull"``), so the helpers are tested without a browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

T = TypeVar("T")


class _JsNullStandIn:
    """CPython's stand-in for ``pyodide.ffi.jsnull``: falsy, and its text is
    ``"jsnull"`` like the real one, so tests meet the same trap a page does."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "jsnull"


def _find_jsnull() -> object:
    try:
        from pyodide.ffi import jsnull  # only inside Pyodide
    except ImportError:
        return _JsNullStandIn()
    return jsnull


JSNULL: Final[object] = _find_jsnull()
"""JavaScript's ``null`` as Pyodide gives it to Python (a stand-in on CPython)."""


def is_missing(value: object) -> bool:
    """Whether a browser value is JavaScript's ``null`` or ``undefined``."""
    return value is None or value is JSNULL


def present(value: T) -> T | None:
    """A browser value, or ``None`` when it is ``null`` or ``undefined`` (a DOM
    lookup that found nothing, an absent ``event.target``)."""
    return None if is_missing(value) else value


def text(value: object) -> str | None:
    """A browser value that should be text (a localStorage item, a URL parameter,
    an attribute, ``JSON.stringify``'s result): the text, or ``None`` when it is
    missing. Anything that is not a JavaScript string counts as missing too, so no
    caller ever parses ``"jsnull"``, ``"None"`` or ``"undefined"``."""
    return value if isinstance(value, str) else None


def whole_number(value: object, *, digits: int = 12) -> int | None:
    """A browser value that should be a whole number written in ASCII digits (a
    ``?seed=`` parameter, a stored game id), or ``None``. ``str.isdigit`` is not
    enough: it accepts "²" and other Unicode digits that ``int()`` refuses."""
    written = text(value)
    if written is None or not 0 < len(written) <= digits:
        return None
    return int(written) if written.isascii() and written.isdigit() else None


class DeviceStorage:
    """``window.localStorage`` for the pages' Python: text by key, ``None`` for a
    key never written.

    ``open_store`` returns the browser's storage object; it is called on each use
    because even *reaching* ``localStorage`` can throw (a sandboxed iframe, storage
    blocked by the user). Then, as when a write fails (private mode, a full quota),
    the page goes on unsaved: ``warn`` gets one line for the console and a read
    says "nothing saved", never a traceback on the page.
    """

    def __init__(self, open_store: Callable[[], Any], warn: Callable[[str], object]) -> None:
        self._open = open_store
        self._warn = warn

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None`` when there is none."""
        try:
            return text(self._open().getItem(key))
        except Exception:
            return None

    def set(self, key: str, value: str) -> bool:
        """Store ``value`` under ``key``; a refusal (a full quota, storage blocked) is
        reported on the console and returned as ``False``, not raised."""
        try:
            self._open().setItem(key, value)
        except Exception as exc:
            self._warn(f"could not save {key!r} on this device: {exc}")
            return False
        return True

    def remove(self, key: str) -> None:
        """Forget ``key`` (nothing happens if storage is unavailable)."""
        try:
            self._open().removeItem(key)
        except Exception as exc:
            self._warn(f"could not remove {key!r} from this device: {exc}")


def offline_note(document: Any, words: str) -> None:
    """Put the footer's "ready to play offline" note in the page's language: kept in
    ``data-ready-text`` for ``boot.js``, which writes the note once the service
    worker is ready, and written at once if that has already happened. Every page
    with a footer calls this when its language is known or changes."""
    status = present(document.getElementById("offline-status"))
    if status is None:
        return
    status.setAttribute("data-ready-text", words)
    if document.documentElement.getAttribute("data-offline") == "ready":
        status.textContent = words
