"""Values that come from outside as text: a URL's parameters, stored ids, keys.

Small, pure helpers every page shares, whether its Python runs in a worker or
reads the values itself (see also :mod:`skyjo.jsontext` for JSON).
"""

from __future__ import annotations

from itertools import groupby
from typing import Final


def whole_number(value: object, *, digits: int = 12) -> int | None:
    """A value that should be a whole number written in ASCII digits (a ``?seed=``
    parameter, a stored game id), or ``None``. ``str.isdigit`` is not enough: it
    accepts "²" and other Unicode digits that ``int()`` refuses (issue 20)."""
    if not isinstance(value, str) or not 0 < len(value) <= digits:
        return None
    return int(value) if value.isascii() and value.isdigit() else None


def query_pairs(query: str, *, keep_blank: bool = False) -> list[tuple[str, str]]:
    """A URL query's (or fragment's) name/value pairs, decoded, in order: what
    ``urllib.parse.parse_qsl`` gives for the same text (a unit test compares
    them on many strings).

    Written out because importing :mod:`urllib.parse` costs the game page's
    worker 50-90 ms at start-up: Pyodide compiles it and :mod:`ipaddress` from
    source, and this is the only thing the pages wanted from it. Pairs are split
    at ``&``; a pair with no ``=`` or an empty value counts only with
    ``keep_blank``, as in urllib."""
    pairs: list[tuple[str, str]] = []
    for field in query.split("&"):
        if not field:
            continue
        name, equals, value = field.partition("=")
        if not (keep_blank or (equals and value)):
            continue
        pairs.append((_unquote_plus(name), _unquote_plus(value)))
    return pairs


def query_value(search: str, name: str) -> str | None:
    """One parameter of a URL's query (``?seed=5``): its first value, or None."""
    for key, value in query_pairs(search.lstrip("?")):
        if key == name:
            return value
    return None


_HEX: Final = frozenset("0123456789abcdefABCDEF")
#: What :func:`quote` leaves as it is: RFC 3986's unreserved characters.
_UNRESERVED: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def quote(text: str) -> str:
    """Every character but the unreserved ones as ``%XX`` escapes of its UTF-8
    bytes: what ``urllib.parse.quote(text, safe="")`` gives (a unit test compares
    them), for the names an invitation link carries. Written out for the reason
    :func:`query_pairs` is: importing :mod:`urllib.parse` cost the game page's
    first start 40-50 ms (Pyodide compiles it and :mod:`ipaddress` from source,
    twice each: 7 December)."""
    return "".join(
        c if c in _UNRESERVED else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text
    )


def unquote(text: str) -> str:
    """``%XX`` escapes as UTF-8 bytes; a ``%`` not followed by two hex digits
    stays as it is, bytes that are not UTF-8 become U+FFFD, and what is not
    ASCII is kept as it is (a lone surrogate too), all as
    :func:`urllib.parse.unquote` does (a ``+`` stays a ``+``): only the ASCII
    stretches of the text are decoded."""
    if "%" not in text:
        return text
    return "".join(
        _unescaped("".join(run)) if is_ascii else "".join(run)
        for is_ascii, run in groupby(text, str.isascii)
    )


def _unescaped(ascii_text: str) -> str:
    head, *escapes = ascii_text.split("%")
    data = bytearray(head.encode("ascii"))
    for escape in escapes:
        if len(escape) >= 2 and escape[0] in _HEX and escape[1] in _HEX:
            data.append(int(escape[:2], 16))
            data += escape[2:].encode("ascii")
        else:
            data += b"%" + escape.encode("ascii")
    return data.decode("utf-8", "replace")


def _unquote_plus(text: str) -> str:
    """``+`` as a space, then :func:`unquote` (as :func:`urllib.parse.unquote_plus`)."""
    return unquote(text.replace("+", " "))


__all__ = ["query_pairs", "query_value", "quote", "unquote", "whole_number"]
