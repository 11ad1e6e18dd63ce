"""QR codes of the invitations and answers (issue 38), painted as SVG by Python.

The encoder is JavaScript, lean-qr vendored from npm (``site/qr.mjs``;
docs/several-devices.md says why): the worker asks for a code with a "link" effect
``{"do": "qr", "seat": n, "text": ...}`` and hears back its modules as one more
link event, ``{"type": "link", "event": "qr", "seat": n, "text": ..., "rows":
["0110...", ...]}``. :class:`Codes` keeps them by text, and :func:`svg` paints one:
the page stays painted by Python alone, as every other screen, and a repaint
(which morphs the markup) never loses a drawn code, as it would lose a canvas
the main thread had drawn into.

A code is painted black on white with the standard's quiet zone of four modules,
in light mode and dark alike (a phone's camera wants dark modules on light), as
``<svg role="img">`` named for what it holds ("QR code of Ben's invitation").
"""

from __future__ import annotations

from typing import Any, Final

from skyjo.web.ui.render import h

#: Modules of light border around a code: the standard's quiet zone.
QUIET: Final = 4
#: Sides a code may have: version 1 (21 modules) to version 40 (177).
SMALLEST: Final = 21
LARGEST: Final = 177
#: Codes kept at most (each invitation made afresh after a reload is a new text).
KEPT: Final = 24


def version_of(size: int) -> int:
    """A code's version from its side in modules (21 is version 1, each next +4)."""
    return (size - 17) // 4


def readable_rows(rows: object) -> tuple[str, ...] | None:
    """``rows`` as the encoder's modules (square, of a side a version has, each
    row ``0`` and ``1``); None for anything else (nothing is painted from it)."""
    if not isinstance(rows, list) or not SMALLEST <= len(rows) <= LARGEST:
        return None
    size = len(rows)
    if (size - 17) % 4:
        return None
    for row in rows:
        if not isinstance(row, str) or len(row) != size or row.strip("01"):
            return None
    return tuple(rows)


def svg(rows: tuple[str, ...], *, label: str) -> str:
    """One code as an SVG image: a white square, and each row's runs of dark
    modules as one path (a few kilobytes for a version-10 code)."""
    side = len(rows) + 2 * QUIET
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] == "1":
                end = row.index("0", x) if "0" in row[x:] else len(row)
                runs.append(f"M{x + QUIET} {y + QUIET}h{end - x}v1h-{end - x}z")
                x = end
            else:
                x += 1
    return h(
        "svg",
        h("rect", width=str(side), height=str(side), fill="#fff"),
        h("path", d="".join(runs), fill="#000"),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {side} {side}",
        shape_rendering="crispEdges",
        role="img",
        aria_label=label,
        class_="qr",
        data_version=str(version_of(len(rows))),
    )


class Codes:
    """The codes the page's encoder drew, by the text each holds; and the texts
    asked for since the last paint, to send with its effects."""

    def __init__(self) -> None:
        self._drawn: dict[str, tuple[str, ...]] = {}
        self._asked: set[str] = set()
        self._requests: list[dict[str, Any]] = []

    def image(self, text: str, *, seat: int, label: str) -> str:
        """The code of ``text`` as an image; until it is drawn, an empty place of
        its size (and the encoder is asked, once)."""
        rows = self._drawn.get(text)
        if rows is not None:
            return svg(rows, label=label)
        if text not in self._asked:
            self._asked.add(text)
            self._requests.append({"do": "qr", "seat": seat, "text": text})
        return h("div", "", class_="qr qr-pending")

    def requests(self) -> list[dict[str, Any]]:
        """The encoder's work asked for since the last call (link effects)."""
        asked, self._requests = self._requests, []
        return asked

    def drawn(self, text: object, rows: object) -> bool:
        """The encoder's answer: kept if it answers a text asked for and its rows
        are a code's; whether it was (a repaint shows it)."""
        readable = readable_rows(rows)
        if not isinstance(text, str) or text not in self._asked or readable is None:
            return False
        self._drawn[text] = readable
        while len(self._drawn) > KEPT:
            oldest = next(iter(self._drawn))
            del self._drawn[oldest]
            self._asked.discard(oldest)
        return True


__all__ = ["QUIET", "Codes", "readable_rows", "svg", "version_of"]
