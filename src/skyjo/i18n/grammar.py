"""The grammar the message catalogues need beyond filling in a name: plural
categories, articles in front of card numbers, and the grammatical person.

Plural categories follow the CLDR cardinal rules (Unicode CLDR 44,
``plurals.xml``) for the site's six languages, written out as small functions
rather than taken from Babel: Babel's locale data would add megabytes to every
page for six short rules. Only the operands our numbers can have are computed:
``i`` (the integer digits) and ``v`` (how many decimals are shown); the
exponent ``e`` is always 0 for the numbers we print.

Articles depend on the number in some languages: English says "a 4" but "an 8"
and "an 11" (eight, eleven start with a vowel sound); Italian says "il 4" but
"l'8", "l'11" and "lo 0" (zero). French and Spanish call a card by its number
("un 8", "el 8"), German and Dutch by the card ("eine 8", "de 8").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

#: A plural rule: from the operands ``i`` (integer part, absolute) and ``v``
#: (number of visible decimals) and ``n`` (absolute value) to a CLDR category.
PluralRule = Callable[[int, int, float], str]


def _one_if_i_is_1(i: int, v: int, n: float) -> str:
    # en, de, nl: one: i = 1 and v = 0
    return "one" if i == 1 and v == 0 else "other"


def _millions(i: int, v: int) -> bool:
    # many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0
    return v == 0 and i != 0 and i % 1_000_000 == 0


def _french(i: int, v: int, n: float) -> str:
    # fr: one: i = 0,1; many: the millions ("un million de points")
    if i in (0, 1):
        return "one"
    return "many" if _millions(i, v) else "other"


def _spanish(i: int, v: int, n: float) -> str:
    # es: one: n = 1; many: the millions ("un millón de puntos")
    if n == 1:
        return "one"
    return "many" if _millions(i, v) else "other"


def _italian(i: int, v: int, n: float) -> str:
    # it: one: i = 1 and v = 0; many: the millions ("un milione di punti")
    if i == 1 and v == 0:
        return "one"
    return "many" if _millions(i, v) else "other"


PLURAL_RULES: Final[dict[str, PluralRule]] = {
    "en": _one_if_i_is_1,
    "de": _one_if_i_is_1,
    "nl": _one_if_i_is_1,
    "fr": _french,
    "es": _spanish,
    "it": _italian,
}

#: The categories each language distinguishes ("other" is always last and the fallback).
PLURAL_CATEGORIES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "nl": ("one", "other"),
    "fr": ("one", "many", "other"),
    "es": ("one", "many", "other"),
    "it": ("one", "many", "other"),
}


def plural_categories(language: str) -> tuple[str, ...]:
    """The categories ``language`` distinguishes; a language without rules here
    counts as English does (:func:`plural_category` falls back the same way)."""
    return PLURAL_CATEGORIES.get(language, PLURAL_CATEGORIES["en"])


#: A number of each category, for tests that render every plural form.
PLURAL_SAMPLES: Final[dict[str, int]] = {"one": 1, "many": 1_000_000, "other": 5}


def number_value(value: object) -> float:
    """The number a field holds: an int or float, or a number as the page prints it
    ("−2" with a real minus sign, "4,5" with a decimal comma)."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number")
    if isinstance(value, int | float):
        return value
    text = str(value).strip().replace("−", "-").replace("\u00a0", "").replace(",", ".")
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{value!r} is not a number") from None


def _operands(value: object) -> tuple[int, int, float]:
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value), 0, float(abs(value))
    if isinstance(value, float):
        text = f"{abs(value):.1f}"
    else:
        number_value(value)  # checks it is one
        text = str(value).strip().lstrip("−-").replace(",", ".")
    whole, _, decimals = text.partition(".")
    return int(whole or "0"), len(decimals), abs(number_value(value))


def plural_category(language: str, value: object) -> str:
    """The CLDR plural category of ``value`` in ``language``: ``plural_category("fr",
    0) == "one"`` ("0 point"), ``plural_category("en", 0) == "other"`` ("0 points")."""
    rule = PLURAL_RULES.get(language, _one_if_i_is_1)
    return rule(*_operands(value))


def _english_an(n: int) -> bool:
    # "an" before the vowel sounds: eight, eleven, eighteen, eighty-…, eight hundred…
    if n < 0:
        return False  # "a −1": minus
    digits = str(n)
    if digits.startswith("8"):
        return True
    groups = len(digits) % 3 or 3  # eleven/eighteen thousand read like eleven/eighteen
    return digits[:groups] in ("11", "18") and (len(digits) - groups) % 3 == 0


def _italian_vowel(n: int) -> bool:
    # uno, otto, undici, ottanta…, and 1000 "mille" is not one
    if n < 0:
        return False  # "meno …"
    digits = str(n)
    return digits in ("1", "11") or digits.startswith("8")


def _whole(value: object) -> tuple[int, str]:
    number = number_value(value)
    text = f"−{-int(number)}" if number < 0 else str(int(number))
    if number != int(number):
        text = str(value)
    return int(number), text


def indefinite(language: str, value: object) -> str:
    """A card number with the indefinite article: "an 8" (en), "eine 8" (de),
    "een 8" (nl), "un 8" (fr, es), "un 8" and "uno 0" (it)."""
    n, text = _whole(value)
    article = {
        "en": "an" if _english_an(n) else "a",
        "de": "eine",
        "nl": "een",
        "fr": "un",
        "es": "un",
        "it": "uno" if n == 0 else "un",
    }.get(language, "a")
    return f"{article} {text}"


def definite(language: str, value: object) -> str:
    """A card number with the definite article: "the 8" (en), "die 8" (de), "de 8"
    (nl), "le 8" (fr), "el 8" (es), "il 4", "l'8", "lo 0" (it)."""
    n, text = _whole(value)
    if language == "it":
        if n == 0:
            return f"lo {text}"
        return f"l'{text}" if _italian_vowel(n) else f"il {text}"
    article = {"en": "the", "de": "die", "nl": "de", "fr": "le", "es": "el"}.get(language, "the")
    return f"{article} {text}"


@dataclass(frozen=True, slots=True)
class Person:
    """Who a sentence is about: ``you`` is the person at the device (the sentence
    says "you hold", not "Ben holds"); ``several`` is a group ("Ann and Ben have").
    Printed as a plain field it is the name."""

    name: str
    you: bool = False
    several: bool = False

    def __str__(self) -> str:
        return self.name

    @property
    def person(self) -> str:
        """The branch of a ``{field, person, ...}`` message: "you", "several" or "other"."""
        if self.several:
            return "several"
        return "you" if self.you else "other"


#: The branches a ``person`` argument may have ("other" is required and the fallback).
PERSONS: Final = ("you", "several", "other")
