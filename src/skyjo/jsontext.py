"""JSON text from outside, read only once it is known to be of a readable shape.

Every JSON the pages and the command line read comes from somewhere a person or
another page controls: a save in ``localStorage``, an imported file, a shared
link, a host page's message. ``json.loads`` recurses once per nested array or
object, so 100,000 ``[`` raise ``RecursionError`` on CPython (not a
``ValueError``: it escaped every ``except ValueError``) and overflow the
WebAssembly stack in Pyodide, which kills the page's Python for good. A save like
that made the game page fail to start on every visit.

:func:`loads` measures the text first (its length, then how deep its brackets
nest, strings skipped) and refuses what no Skyjo document needs with a
:class:`JsonShapeError` that says what is wrong, before ``json`` sees it. The
measuring is linear and cheap: a regular expression drops the strings and keeps
the brackets, and the deepest point is a running sum.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

from skyjo.errors import SkyjoError

#: The deepest nesting any document of ours has is 5 (a record's round, its deal,
#: a grid); 32 leaves room for what later versions add and is far from any stack.
MAX_DEPTH: Final = 32
#: More text than the largest real document: an eight-player record of a long game
#: is about 200 KB; localStorage holds about 5 MB in all.
MAX_LENGTH: Final = 4_000_000
#: A JSON string (with its escapes), or any bracket; everything else is dropped.
_STRING_OR_BRACKET: Final = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
_DEPTH_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonShapeError(SkyjoError):
    """JSON text too long or nested too deeply to be any document of ours."""


def depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets inside strings do not
    count; 0 for a bare number or string)."""
    steps = (_DEPTH_STEP.get(match[0], 0) for match in _STRING_OR_BRACKET.finditer(text))
    return max(accumulate(steps), default=0)


def check(text: str | bytes, *, what: str = "the text", most: int = MAX_LENGTH) -> None:
    """Raise :class:`JsonShapeError` when ``text`` is longer than ``most``
    (:data:`MAX_LENGTH`) or nests deeper than :data:`MAX_DEPTH`; ``what`` names it
    in the message."""
    if len(text) > most:
        raise JsonShapeError(f"{what} is {len(text):,} characters long; at most {most:,} are read")
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    # Cheap first: a text with few brackets cannot nest deeply.
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    deepest = depth(text)
    if deepest > MAX_DEPTH:
        raise JsonShapeError(
            f"{what} nests {deepest:,} levels deep; no Skyjo document nests more than {MAX_DEPTH}"
        )


def loads(text: str | bytes, *, what: str = "the text", most: int = MAX_LENGTH) -> Any:
    """``json.loads(text)`` once :func:`check` has passed it. Raises
    :class:`JsonShapeError` or ``json``'s own ``ValueError`` (both ``ValueError``s)."""
    check(text, what=what, most=most)
    return json.loads(text)


def megabytes(length: int) -> float:
    """``length`` (bytes or characters) in MB of 1,000,000, rounded *up* to one
    decimal, for people: a file of 4,000,001 bytes is "4.1 MB", not "4.0 MB" beside
    a limit of 4 MB."""
    return -(-length // 100_000) / 10


#: :data:`MAX_LENGTH` in MB, as the pages say it.
MAX_MEGABYTES: Final = MAX_LENGTH // 1_000_000

__all__ = [
    "MAX_DEPTH",
    "MAX_LENGTH",
    "MAX_MEGABYTES",
    "JsonShapeError",
    "check",
    "depth",
    "loads",
    "megabytes",
]
