"""A language's spacing rules, applied to its messages where they are read.

French sets a space before ``: ; ? !`` and inside « guillemets », and a line
must never break there ("Analyse de la partie" at the end of one line and
": Zoé" on the next). Translators type an ordinary space, as on any keyboard;
:func:`typeset` turns it into a no-break one when the catalogue reads the file
(:func:`skyjo.i18n.catalogue.messages`), so every message gets it, the pages',
the start-up texts and the rules page's alike, and a message added later too.

Which spaces, as the Imprimerie nationale's *Lexique des règles typographiques*
sets them: a narrow no-break space (U+202F, *espace fine insécable*) before
``; ? !``, and a no-break word space (U+00A0) before ``:`` and inside « ».
Every browser and system font the site meets draws U+202F (and a font that
lacked it would fall back to another for one blank); both are no-break
characters in Unicode's line breaking (class GL), so no CSS is needed.

Only a space already typed is changed: a colon without one ("12:30", a link's
"https://") is left alone, and the ICU syntax of a message (braces, commas,
branch names) has no space before these marks, so it parses as before
(``tests/i18n/test_typography.py`` checks both over every French message).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

#: U+00A0 NO-BREAK SPACE: before a colon and inside guillemets.
NO_BREAK: Final = "\u00a0"
#: U+202F NARROW NO-BREAK SPACE: before ; ? !
NARROW_NO_BREAK: Final = "\u202f"

_BEFORE: Final = re.compile(r"[ \u00a0\u202f]+([:;?!»])")
_AFTER: Final = re.compile(r"«[ \u00a0\u202f]+")


def _french_space(match: re.Match[str]) -> str:
    mark = match.group(1)
    return (NO_BREAK if mark in ":»" else NARROW_NO_BREAK) + mark


def french(text: str) -> str:
    """``text`` with French no-break spaces before ``: ; ? ! »`` and after ``«``
    where it had any space there."""
    return _AFTER.sub("«" + NO_BREAK, _BEFORE.sub(_french_space, text))


#: A language's spacing by its code (Canadian French, were it added, spaces only before the colon).
RULES: Final[dict[str, Callable[[str], str]]] = {"fr": french}


def typeset(text: str, language: str) -> str:
    """``text`` spaced as ``language`` sets it (unchanged for a language without rules)."""
    rule = RULES.get(language)
    return text if rule is None else rule(text)


__all__ = ["NARROW_NO_BREAK", "NO_BREAK", "RULES", "french", "typeset"]
