"""Every message of every catalogue, rendered in every language with sample values
for every person, plural category and card: no unfilled field, no raw key, no
malformed message, and no English left in another language (loanwords aside)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping

import pytest

from skyjo.grammar import PLURAL_CATEGORIES, PLURAL_SAMPLES, Person
from skyjo.language import LANGUAGES
from skyjo.messageformat import Arg, Parts, arguments, parse, render
from tests.catalogues import CATALOGUES, disagreements

CARDS = tuple(range(-2, 13))
PEOPLE = (Person("Ben"), Person("You", you=True), Person("Ann and Ben", several=True))

#: Every key of every catalogue: none may appear in a rendered message.
KEYS = {key for catalogue in CATALOGUES.values() for key in catalogue["en"] if "." in key}


def samples(args: list[Arg], field: str, language: str) -> tuple[object, ...]:
    """The values to try for ``field``, by how the message uses it."""
    kinds = {arg.kind for arg in args if arg.field == field}
    values: list[object] = []
    if "plural" in kinds:
        exact = {
            int(k[1:])
            for arg in args
            if arg.field == field
            for k, _ in arg.branches
            if k.startswith("=")
        }
        values += [PLURAL_SAMPLES[c] for c in PLURAL_CATEGORIES[language]] + [0, 2, *sorted(exact)]
    if "person" in kinds:
        values += PEOPLE
    if kinds & {"a", "the"}:
        values += CARDS
    if "select" in kinds:
        values += [key for arg in args if arg.field == field for key, _ in arg.branches]
    return tuple(values) or ("Sam",)


def renderings(message: str, language: str) -> Iterator[tuple[dict[str, object], str]]:
    """The message with each field's samples in turn (the others at their first),
    and every combination of the persons."""
    args = arguments(message)
    names = sorted({arg.field for arg in args})
    options = {name: samples(args, name, language) for name in names}
    base = {name: values[0] for name, values in options.items()}
    for name, values in options.items():
        for value in values:
            values_now = {**base, name: value}
            yield values_now, render(message, values_now, language)
    persons = [n for n in names if any(a.field == n and a.kind == "person" for a in args)]
    for combo in itertools.product(PEOPLE, repeat=len(persons)):
        values_now = {**base, **dict(zip(persons, combo, strict=True))}
        yield values_now, render(message, values_now, language)


def every_message() -> Iterator[tuple[str, str, str, str]]:
    for name, catalogue in CATALOGUES.items():
        for language, messages in catalogue.items():
            for key, message in messages.items():
                yield name, language, key, message


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_catalogue_speaks_every_language(name: str) -> None:
    catalogue = CATALOGUES[name]
    assert sorted(catalogue) == sorted(LANGUAGES)
    problems = {lang: disagreements(catalogue["en"], catalogue[lang]) for lang in catalogue}
    assert {lang: p for lang, p in problems.items() if p} == {}


def test_every_message_renders_with_every_person_plural_and_card() -> None:
    problems = []
    count = 0
    for name, language, key, message in every_message():
        for values, text in renderings(message, language):
            count += 1
            leftovers = re.findall(r"[{}#]", text)
            raw = [k for k in KEYS if k in text]
            if leftovers or raw or not text.strip():
                problems.append(f"{name}/{language}/{key} with {values}: {text!r}")
    assert problems == []
    assert count >= sum(1 for _ in every_message())  # every message at least once


def test_plural_and_person_branches_are_ones_the_language_has() -> None:
    problems = []
    for name, language, key, message in every_message():
        for arg in arguments(message):
            allowed = {
                "plural": set(PLURAL_CATEGORIES[language]),
                "person": {"you", "several", "other"},
            }.get(arg.kind)
            if allowed is None:
                continue
            extra = {k for k, _ in arg.branches if not k.startswith("=")} - allowed
            if extra:
                problems.append(f"{name}/{language}/{key}: {sorted(extra)}")
    assert problems == []


#: Words a catalogue may share with English: names, loanwords, and words that are
#: spelt the same in both languages.
SHARED = {
    "skyjo",
    "python",
    "json",
    "link",
    "browser",
    "offline",
    "bots",
    "engine",
    "lena",
    "jonas",
}
LOANWORDS: Mapping[str, set[str]] = {
    "de": SHARED
    | {"name", "normal", "also", "negative"}  # "also" is German for "so"
    | {"version", "moment", "hand", "chance", "fast"},  # "fast" is German for "almost"
    "nl": SHARED
    | {"expert", "score", "scores", "hand", "open", "over", "parameters"}
    | {"menu", "moment"},
    # spelt the same in French and English
    "fr": SHARED
    | {"score", "scores", "expert", "total", "pile", "double", "points", "point", "face"}
    | {"possible", "table", "correction", "place", "page", "menu", "version", "moment"}
    | {"type"},
    "es": SHARED | {"normal", "total", "final"},
    # "negative" is Italian plural, "file" = rows, "come" = how/as
    "it": SHARED | {"negative", "file", "come", "menu"},
}

WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
ANY_WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


#: Short English words that no other of our languages spells the same way (so not
#: "is", "was" or "of", which are Dutch or German too, nor "has", which is Spanish).
SHORT_ENGLISH = {"the", "and", "you", "your", "with", "are"}


def english_words() -> set[str]:
    words = set(SHORT_ENGLISH)
    for catalogue in CATALOGUES.values():
        for message in catalogue["en"].values():
            words |= {w.lower() for w in WORD.findall(_text_only(message))}
    return words


def _text_only(message: str) -> str:
    """The message's own words, without field names and branch keys (they are English)."""
    words: list[str] = []

    def walk(parts: Parts) -> None:
        for part in parts:
            if isinstance(part, str):
                words.append(part)
            elif isinstance(part, Arg):
                for _, body in part.branches:
                    walk(body)

    walk(parse(message))
    return " ".join(words)


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_is_left_in_other_languages(language: str) -> None:
    english = english_words() - LOANWORDS[language]
    found: dict[str, list[str]] = {}
    for name, catalogue in CATALOGUES.items():
        for key, message in catalogue[language].items():
            if message == catalogue["en"].get(key) and len(WORD.findall(_text_only(message))) > 1:
                found.setdefault("(copied)", []).append(f"{name}/{key}")
            for word in ANY_WORD.findall(_text_only(message)):
                if word.lower() in english:
                    found.setdefault(word.lower(), []).append(f"{name}/{key}")
    assert found == {}
