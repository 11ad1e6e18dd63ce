"""Players' names: how long one may be, whether it can be seen, when two are the same.

A name is shown in the log ("Ann draws a 0"), on the score sheet and in "your
turn", so two names must read differently and each must read as something. Text
can defeat both without looking odd: ``"Ann"`` and ``"Ann\\u200b"`` (a zero-width
space) look the same, ``"Ａｎｎ"`` (full-width letters) is ``"Ann"`` to a reader, and a
name of zero-width spaces or Hangul fillers shows nothing at all. So names are
compared by :func:`name_key` (Unicode NFKC, the characters that show nothing
removed, case folded) and a name must have a character :func:`visible` counts.
A name itself is kept as typed: a zero-width joiner belongs in an emoji sequence
and a zero-width non-joiner in a Persian name.
"""

from __future__ import annotations

import unicodedata
from typing import Final

#: The longest name the setup keeps and a record may hold: long enough for any
#: real name, short enough for a grid's caption on a phone.
MAX_NAME_LENGTH: Final = 24

#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): the
#: characters a renderer shows as nothing (zero-width spaces and joiners, bidi
#: marks, variation selectors, Hangul fillers, tags), plus the blank Braille cell.
_IGNORABLE: Final = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: General categories that show nothing by themselves: controls, formats,
#: surrogates, private use, unassigned, separators (spaces).
_UNSEEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})


def _ignorable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE)


def _shows_nothing(char: str) -> bool:
    """A character that shows nothing, or nothing alone (a combining mark)."""
    category = unicodedata.category(char)
    return category in _UNSEEN_CATEGORIES or category in ("Mn", "Me") or _ignorable(char)


def visible(name: str) -> bool:
    """Whether ``name`` shows anything: at least one character that is not a
    space, a control, a zero-width or other default-ignorable character, or a
    combining mark alone."""
    return not all(_shows_nothing(char) for char in name)


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, without what shows nothing (default
    ignorables and format characters; spaces collapsed to one), case folded.
    ``name_key("Ann\\u200b") == name_key("ＡＮＮ") == name_key("ann")``."""
    text = unicodedata.normalize("NFKC", name)
    kept = "".join(
        char
        for char in text
        if not _ignorable(char) and unicodedata.category(char) not in ("Cc", "Cf")
    )
    folded = " ".join(kept.split()).casefold()
    return unicodedata.normalize("NFKC", folded)


__all__ = ["MAX_NAME_LENGTH", "name_key", "visible"]
