"""Values that come from outside as text: a URL's parameters, stored ids, keys.

Small, pure helpers every page shares, whether its Python runs in a worker or
reads the values itself (see also :mod:`skyjo.jsontext` for JSON).
"""

from __future__ import annotations

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


def _unquote_plus(text: str) -> str:
    """``+`` as a space and ``%XX`` escapes as UTF-8 bytes; a ``%`` not followed
    by two hex digits stays as it is, and bytes that are not UTF-8 become U+FFFD
    (both as :func:`urllib.parse.unquote_plus` does)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    head, *escapes = text.split("%")
    data = bytearray(head.encode("utf-8", "surrogatepass"))
    for escape in escapes:
        if len(escape) >= 2 and escape[0] in _HEX and escape[1] in _HEX:
            data.append(int(escape[:2], 16))
            data += escape[2:].encode("utf-8", "surrogatepass")
        else:
            data += b"%" + escape.encode("utf-8", "surrogatepass")
    return data.decode("utf-8", "replace")


__all__ = ["query_pairs", "query_value", "whole_number"]
