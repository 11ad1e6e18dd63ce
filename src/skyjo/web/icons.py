"""Small inline SVG icons for the pages' buttons, so no control depends on a font.

Symbols such as ⏮ ⏭ (U+23EE, U+23ED) or ⌫ (U+232B) come from Unicode blocks
(Miscellaneous Technical, Miscellaneous Symbols) that many phones' and Linux
fonts lack: the replay viewer's ⏮ ⏭ showed as empty boxes. An SVG drawn in
``currentColor`` looks the same everywhere and follows the button's colour. Each
icon is decorative (``aria-hidden``): the button carries the name in words
(``aria-label``). :data:`RISKY_BLOCKS` lets tests check that no page text uses
such a glyph.
"""

from __future__ import annotations

from typing import Final

#: Unicode ranges whose glyphs many fonts lack: Miscellaneous Technical,
#: Miscellaneous Symbols and Dingbats (arrows ← ↑ → ↓ and ◀ ▶ are widely present).
RISKY_BLOCKS: Final = ((0x2300, 0x23FF), (0x2600, 0x26FF), (0x2700, 0x27BF))

_PATHS: Final = {
    # to the start: a bar and a left-pointing triangle
    "first": "M5 4h2v16H5zM19 4v16L8 12z",
    "back": "M17 4v16L6 12z",
    "forward": "M7 4v16l11-8z",
    # to the end: a right-pointing triangle and a bar
    "last": "M5 4v16l11-8zM17 4h2v16h-2z",
    # delete the last digit: a key with a cross
    # the winner's star
    "star": "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
    # remove (a player): a cross
    "remove": "M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 "
    "12 10.6z",
    "backspace": "M8 5h12a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-6-7zm3.3 3.9 2.6 2.6-2.6 2.6 "
    "1.4 1.4 2.6-2.6 2.6 2.6 1.4-1.4-2.6-2.6 2.6-2.6-1.4-1.4-2.6 2.6-2.6-2.6z",
}

NAMES: Final = frozenset(_PATHS)


def icon(name: str) -> str:
    """The SVG markup of icon ``name`` (one of :data:`NAMES`), 1em square."""
    try:
        path = _PATHS[name]
    except KeyError:
        raise ValueError(f"no icon {name!r} (icons: {', '.join(sorted(_PATHS))})") from None
    return (
        '<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" '
        f'focusable="false"><path fill="currentColor" d="{path}"/></svg>'
    )


def risky_glyphs(text: str) -> list[str]:
    """The characters of ``text`` from :data:`RISKY_BLOCKS` (for tests)."""
    return [c for c in text if any(low <= ord(c) <= high for low, high in RISKY_BLOCKS)]
