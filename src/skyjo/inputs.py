"""Values that come from outside as text: a URL's parameters, stored ids, keys.

Small, pure helpers every page shares, whether its Python runs in a worker or
reads the values itself (see also :mod:`skyjo.jsontext` for JSON).
"""

from __future__ import annotations


def whole_number(value: object, *, digits: int = 12) -> int | None:
    """A value that should be a whole number written in ASCII digits (a ``?seed=``
    parameter, a stored game id), or ``None``. ``str.isdigit`` is not enough: it
    accepts "²" and other Unicode digits that ``int()`` refuses (issue 20)."""
    if not isinstance(value, str) or not 0 < len(value) <= digits:
        return None
    return int(value) if value.isascii() and value.isdigit() else None


def query_value(search: str, name: str) -> str | None:
    """One parameter of a URL's query (``?seed=5``): its first value, or None."""
    from urllib.parse import parse_qs

    values = parse_qs(search.lstrip("?")).get(name)
    return values[0] if values else None


__all__ = ["query_value", "whole_number"]
