"""What a page's Python, running in a Web Worker, asks the page's main thread to do.

Python runs off the main thread (issue 21): it cannot touch ``document``, so every
controller answers an intent with :class:`Effects`, a short list of plain-data
operations that ``site/page.mjs`` applies in order, and the main thread stays free
to answer the next tap at once. The vocabulary is deliberately small; each
operation names an element by its ``id``:

``["store", [[key, value or null, place], ...]]``
    Write (or, for null, remove) keys, in order, stopping at the first write the
    device refuses; the refusal is reported back (see
    :mod:`skyjo.web.worker.mirror`). ``place`` says where
    (:func:`skyjo.web.device.place`): ``"db"`` the device's database (a run of them
    is one transaction), ``"local"`` ``localStorage``, ``"hint"`` ``localStorage``
    where a refusal is not one. Applied before anything is painted.
``["html", id, html, mark, morph]``
    Replace the element's content, unless it already shows it: the build
    pre-painted it with the same ``data-painted`` ``mark`` (or the reader has typed
    into the pre-painted form, ``data-touched``). With ``morph`` only what differs
    is changed: elements that stay (matched by tag and id, in order) keep their
    node, focus and running animations, so a bot's move touches the cards it moved
    and the lines it added, not the whole table. Without it (a form, whose fields
    may hold typing the paint is meant to replace) the content is written anew.
``["replace", id, html]``
    Replace the element itself (its ``outerHTML``): a notice whose role changes.
``["text", id, text]``, ``["attr", id, name, value or null]``, ``["value", id, text]``
    Set an element's text, set (null: remove) one of its attributes, or set a form
    field's value.
``["lang", code]``, ``["title", text]``
    The document's language and title.
``["focus", {"wanted": id, "keep": bool, "next": [selector, ...], "same": bool}]``
    Move the keyboard: to ``wanted`` if it exists and acts, else (with ``keep``) stay
    on the focused element if it still acts, else the first element matching one of
    ``next``; with ``same``, back onto the repainted control with the focused one's
    ``data-action`` and ``data-value``, without scrolling. The main thread knows the
    focus; Python only says the policy.
``["glide", [[id, from_id], ...]]``
    Animate each element from where ``from_id`` was before this batch's paint to
    where it is after (the FLIP technique), unless the reader prefers less motion.
``["scroll", id]``, ``["scroll", id, "nearest"]``
    Bring an element into view: its top to the top of the view, or (``nearest``)
    scrolled only as far as it takes to show all of it.
``["cue", kind, buzz]``
    A short sound for what the batch paints (``"flip"``, ``"column"``, ``"round_end"``,
    see :mod:`skyjo.web.ui.cues`), with a vibration where the device has one when
    ``buzz``; sent only while the page's "Sound and vibration" switch is on.
``["download", filename, mime, text]``, ``["copy", text]``, ``["print"]``
    Offer a file, put text on the clipboard, open the print dialogue.
``["post", message]``
    ``postMessage`` to the host page (embeds only).
``["link", {"do": ..., ...}]``
    A data channel to another device (site/link.mjs, :mod:`skyjo.web.together`):
    ``{"do": "offer", "seat": n}`` makes the host's offer for a seat,
    ``{"do": "answer", "seat": n, "sdp": text}`` takes a guest's answer,
    ``{"do": "join", "sdp": text}`` answers a host's offer (a guest); an offer or
    a join with ``"stun": true`` asks the public STUN server too (and the "offer"
    event says ``"stun"`` back),
    ``{"do": "send", "seat": n, "text": text}`` sends down a seat's channel (a
    guest's page has one, seat -1), ``{"do": "share", "url": text}`` opens the
    system share sheet, ``{"do": "close"}`` closes every channel (with ``"seat"``,
    that seat's). What comes back
    is an intent ``{"type": "link", "event": ...}``.
``["offline", words]``
    The footer's "ready to play offline" note in the page's language: kept for
    ``boot.js``, which shows it once the service worker is ready (or shown at once
    if it already is).
``["warn", text]``, ``["failed", text]``
    A line for the console (a bug caught in Python); the page could not start
    (``boot.js`` shows its message and a retry button).
``["ready"]``
    Python has taken the page over: ``<html data-ready="true">`` (the start-up guard
    in ``boot.js`` then carries out controls pressed early).

Everything is JSON: :meth:`Effects.to_json` is what crosses to the main thread.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any


class Effects:
    """An ordered batch of operations for the main thread (see the module docstring)."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []

    def __bool__(self) -> bool:
        return bool(self.ops)

    def __repr__(self) -> str:
        return f"Effects({self.ops!r})"

    def extend(self, other: Effects) -> Effects:
        self.ops.extend(other.ops)
        return self

    def store(
        self, writes: Sequence[tuple[str, str | None, str]], *, after_paint: bool = False
    ) -> Effects:
        """The writes made on the way, first in the batch. ``after_paint``: the main
        thread may paint the batch before writing them (a refusal of these writes
        only adds words to the screen, so nothing shown need wait for the device's
        database; see :func:`skyjo.web.worker.host.paints_before_saving`)."""
        if writes:
            op: list[Any] = ["store", [list(write) for write in writes]]
            if after_paint:
                op.append("after-paint")
            self.ops.insert(0, op)
        return self

    def html(
        self, ident: str, html: str, *, mark: str | None = None, morph: bool = False
    ) -> Effects:
        self.ops.append(["html", ident, html, mark, morph])
        return self

    def replace(self, ident: str, html: str) -> Effects:
        self.ops.append(["replace", ident, html])
        return self

    def text(self, ident: str, text: str) -> Effects:
        self.ops.append(["text", ident, text])
        return self

    def attr(self, ident: str, name: str, value: str | None) -> Effects:
        self.ops.append(["attr", ident, name, value])
        return self

    def value(self, ident: str, text: str) -> Effects:
        self.ops.append(["value", ident, text])
        return self

    def lang(self, code: str) -> Effects:
        self.ops.append(["lang", code])
        return self

    def title(self, text: str) -> Effects:
        self.ops.append(["title", text])
        return self

    def focus(
        self, *, wanted: str = "", keep: bool = True, next: Iterable[str] = (), same: bool = False
    ) -> Effects:
        policy: dict[str, Any] = {"wanted": wanted, "keep": keep, "next": list(next)}
        if same:
            policy["same"] = True
        self.ops.append(["focus", policy])
        return self

    def glide(self, moves: Sequence[tuple[str, str]]) -> Effects:
        if moves:
            self.ops.append(["glide", [list(move) for move in moves]])
        return self

    def scroll(self, ident: str, *, nearest: bool = False) -> Effects:
        self.ops.append(["scroll", ident, "nearest"] if nearest else ["scroll", ident])
        return self

    def cue(self, kind: str, *, buzz: bool) -> Effects:
        self.ops.append(["cue", kind, buzz])
        return self

    def download(self, filename: str, mime: str, text: str) -> Effects:
        self.ops.append(["download", filename, mime, text])
        return self

    def copy(self, text: str) -> Effects:
        self.ops.append(["copy", text])
        return self

    def print(self) -> Effects:
        self.ops.append(["print"])
        return self

    def post(self, message: dict[str, Any]) -> Effects:
        self.ops.append(["post", message])
        return self

    def link(self, op: dict[str, Any]) -> Effects:
        self.ops.append(["link", op])
        return self

    def offline(self, words: str) -> Effects:
        self.ops.append(["offline", words])
        return self

    def warn(self, text: str) -> Effects:
        self.ops.append(["warn", text])
        return self

    def failed(self, text: str) -> Effects:
        self.ops.append(["failed", text])
        return self

    def ready(self) -> Effects:
        self.ops.append(["ready"])
        return self

    def kinds(self) -> list[str]:
        """The operations' names, in order (for tests and logs)."""
        return [op[0] for op in self.ops]

    def of(self, kind: str) -> list[list[Any]]:
        """The operations of one kind, in order."""
        return [op for op in self.ops if op[0] == kind]

    def to_json(self) -> str:
        return json.dumps(self.ops, separators=(",", ":"), ensure_ascii=False)


__all__ = ["Effects"]
