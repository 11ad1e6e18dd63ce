"""The mark on a pre-painted element: a checksum of its HTML.

The build writes each page's first screen into its HTML (:mod:`skyjo.web.prerender`)
and marks the element with :func:`fingerprint` of what it painted; the page's
Python compares that mark with the checksum of what it would paint itself and, when
they agree, takes the DOM over as it is. This lives apart from
:mod:`skyjo.web.prerender` because every page imports it at start-up, and
``prerender`` imports every page's painting code (scenarios, the score pad, the
embed views): in Pyodide that import alone cost a game page about a quarter of a
second before it was ready.
"""

from __future__ import annotations

import zlib


def fingerprint(html: str) -> str:
    """A short checksum of painted HTML: equal strings, equal marks."""
    return f"{zlib.crc32(html.encode('utf-8')):08x}"


__all__ = ["fingerprint"]
