"""The one message format every catalogue is written in: a small subset of ICU
MessageFormat (the format translators' tools know), with named fields only.

    {name}                                  the field as text
    {card, a}   {card, the}                 a card number with its article:
                                            "an 8", "l'8" (see skyjo.i18n.grammar)
    {n, plural, one {# round} other {# rounds}}
                                            a plural form by CLDR category (or
                                            "=0" for an exact number); # is n
    {name, person, you {You hold} several {{name} hold} other {{name} holds}}
                                            the person at the device, a group,
                                            or someone else
    {x, select, a {...} other {...}}        a branch by a field's text

Branches nest; "other" is required in every plural, person and select argument
and is used when no branch matches. A field's text: a :class:`Person` prints its
name, an int a real minus sign ("−2"), a float one decimal in the language's
style ("4.5", "4,5"). Unlike ICU there is no apostrophe quoting, so French and
Italian elisions ("l'8") are written as they are; the catalogues need no literal
braces.

Parsed messages are cached by their text, so each is parsed once per page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from skyjo.i18n.grammar import Person, definite, indefinite, number_value, plural_category

BRANCHING: Final = frozenset({"plural", "person", "select"})
ARTICLES: Final = frozenset({"a", "the"})


class MessageSyntaxError(ValueError):
    """A catalogue message that is not well formed; says where."""


@dataclass(frozen=True, slots=True)
class Pound:
    """The ``#`` in a plural branch: the number itself."""

    field: str


@dataclass(frozen=True, slots=True)
class Arg:
    """One ``{...}``: a field, how it is shown, and its branches if it has any."""

    field: str
    kind: str = ""
    branches: tuple[tuple[str, Parts], ...] = ()


Parts = tuple["str | Arg | Pound", ...]


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, what: str) -> MessageSyntaxError:
        return MessageSyntaxError(f"{what} at character {self.at} of message {self.text!r}")

    def message(self, plural_field: str | None, *, nested: bool) -> Parts:
        parts: list[str | Arg | Pound] = []
        chars: list[str] = []
        while self.at < len(self.text):
            c = self.text[self.at]
            if c == "}":
                if not nested:
                    raise self.fail("unmatched '}'")
                break
            if c == "{":
                if chars:
                    parts.append("".join(chars))
                    chars = []
                self.at += 1
                parts.append(self.argument(plural_field))
                continue
            if c == "#" and plural_field is not None:
                if chars:
                    parts.append("".join(chars))
                    chars = []
                parts.append(Pound(plural_field))
            else:
                chars.append(c)
            self.at += 1
        if chars:
            parts.append("".join(chars))
        return tuple(parts)

    def word(self) -> str:
        self.skip_space()
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in ",{} \n":
            self.at += 1
        return self.text[start : self.at]

    def skip_space(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in " \n":
            self.at += 1

    def expect(self, char: str) -> None:
        self.skip_space()
        if self.at >= len(self.text) or self.text[self.at] != char:
            raise self.fail(f"expected {char!r}")
        self.at += 1

    def argument(self, plural_field: str | None) -> Arg:
        field = self.word()
        if not field.isidentifier():
            raise self.fail(f"a field name, not {field!r},")
        self.skip_space()
        if self.text[self.at : self.at + 1] == "}":
            self.at += 1
            return Arg(field)
        if self.text[self.at : self.at + 1] != ",":
            raise self.fail(f"expected ',' or '}}' after {field!r}")
        self.at += 1
        kind = self.word()
        if kind in ARTICLES:
            self.expect("}")
            return Arg(field, kind)
        if kind not in BRANCHING:
            raise self.fail(f"unknown kind {kind!r} (a, the, plural, person, select)")
        self.expect(",")
        branches: list[tuple[str, Parts]] = []
        while True:
            self.skip_space()
            if self.text[self.at : self.at + 1] == "}":
                self.at += 1
                break
            key = self.word()
            if not key:
                raise self.fail("a branch name")
            self.expect("{")
            body = self.message(field if kind == "plural" else plural_field, nested=True)
            self.expect("}")
            branches.append((key, body))
        if "other" not in dict(branches):
            raise self.fail(f"{{{field}, {kind}}} has no 'other' branch")
        return Arg(field, kind, tuple(branches))


_CACHE: dict[str, Parts] = {}


def parse(text: str) -> Parts:
    """The parts of a message (cached)."""
    parts = _CACHE.get(text)
    if parts is None:
        parser = _Parser(text)
        parts = parser.message(None, nested=False)
        _CACHE[text] = parts
    return parts


def arguments(text: str) -> list[Arg]:
    """Every argument of a message, nested ones included."""
    found: list[Arg] = []

    def walk(parts: Parts) -> None:
        for part in parts:
            if isinstance(part, Arg):
                found.append(part)
                for _, body in part.branches:
                    walk(body)

    walk(parse(text))
    return found


def fields(text: str) -> set[str]:
    """The field names a message fills in."""
    return {arg.field for arg in arguments(text)}


def plain(value: object, language: str) -> str:
    """A field's text: a name, a number with a real minus sign, one decimal."""
    if isinstance(value, Person):
        return value.name
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)
    if isinstance(value, float):
        text = f"{value:.1f}".replace("-", "−")
        return text if language == "en" else text.replace(".", ",")
    return str(value)


def _branch_key(arg: Arg, value: object, language: str) -> list[str]:
    """The branch names to try, best first."""
    if arg.kind == "plural":
        keys = []
        try:
            number = number_value(value)
        except ValueError:
            raise ValueError(f"field {arg.field!r} must be a number, not {value!r}") from None
        if number == int(number):
            keys.append(f"={int(number)}")
        keys.append(plural_category(language, value))
        return keys
    if arg.kind == "person":
        return [value.person] if isinstance(value, Person) else ["other"]
    return [plain(value, language)]


def _render(parts: Parts, values: Mapping[str, object], language: str) -> str:
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        try:
            value = values[part.field]
        except KeyError:
            raise KeyError(f"no value for the field {part.field!r}") from None
        if isinstance(part, Pound) or not part.kind:
            out.append(plain(value, language))
        elif part.kind == "a":
            out.append(indefinite(language, value))
        elif part.kind == "the":
            out.append(definite(language, value))
        else:
            branches = dict(part.branches)
            chosen = next(
                (branches[k] for k in _branch_key(part, value, language) if k in branches),
                branches["other"],
            )
            out.append(_render(chosen, values, language))
    return "".join(out)


def render(text: str, values: Mapping[str, object], language: str) -> str:
    """The message ``text`` with its fields filled in from ``values`` in ``language``.

    A missing field raises KeyError naming it; a malformed message
    :class:`MessageSyntaxError` naming where."""
    return _render(parse(text), values, language)
