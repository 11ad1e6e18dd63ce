"""The build's check of the locale folders: every language against English.

Each language is a folder of ARB files, one per domain (``src/skyjo/i18n/locales/<code>/
<domain>.arb``; see :mod:`skyjo.i18n.catalogue`). English is the reference: its folder
has every domain, and its keys are the ones the code asks for. Every other
folder is compared with it, file by file and key by key, and every problem is
one line naming the file and the key:

* a domain file missing, or one English does not have; a file that is not a JSON
  object of strings, or whose ``@@locale`` is not its folder;
* a key missing, or one English does not have (extra);
* a key of English that no code uses (unused: :func:`used_keys`);
* a message that does not parse, or is empty; one whose fields differ from
  English's; a plural branch in a category the language does not have
  (:func:`skyjo.i18n.grammar.plural_categories`), a person branch that is not
  ``you``, ``several`` or ``other``; a field in a domain shown as plain text
  (the start-up texts, the rules page);
* English left in a translation: a message copied as it is, or a word of the
  English messages that the language does not spell the same way (the words it
  does are listed in its folder's ``same-as-english.txt``);
* a key in two domains that a page reads together (a :class:`~skyjo.i18n.catalogue.
  Catalogue`'s ``DOMAINS``), which would hide one of them;
* a language of the site's list (``skyjo.i18n.language.LANGUAGES``) without a folder.

``build.py`` runs :func:`check` before building anything and stops on the first
problem list; ``tests/i18n/test_catalogues.py`` runs it too. Standard library only.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from skyjo.i18n.catalogue import SUFFIX, Catalogue, CatalogueError, parse_arb
from skyjo.i18n.grammar import PERSONS, plural_categories
from skyjo.i18n.language import DEFAULT_LANGUAGE, LANGUAGES
from skyjo.i18n.messageformat import Arg, MessageSyntaxError, Parts, arguments, fields, parse

#: Domains shown as they are (stamped into pages, or Markdown on the rules page),
#: never through the message format: their messages may not hold fields.
PLAIN: Final = frozenset({"boot", "rules"})
#: In a language folder, the words it spells as English does, one a line.
SAME_AS_ENGLISH: Final = "same-as-english.txt"
#: Words no language translates: the game's, the scenarios' people, brands.
SHARED: Final = frozenset(
    {"skyjo", "magilano", "python", "json", "link", "browser", "offline", "bots", "engine"}
    | {"lena", "jonas"}
    | {"webassembly", "javascript", "firefox", "chrome", "edge", "safari"}
)
#: Short English words no other of our languages spells the same way (so not "is",
#: "was" or "of", which are Dutch or German too, nor "has", which is Spanish).
SHORT_ENGLISH: Final = frozenset({"the", "and", "you", "your", "with", "are"})
WORD: Final = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
#: The target of a Markdown link on the rules page, ``(#disputes)``: not words.
LINK_TARGET: Final = re.compile(r"\]\(#[\w-]+\)")
ANY_WORD: Final = re.compile(r"[A-Za-zÀ-ÿ]+")
#: Where the code that asks for messages lives, relative to the repository; a key
#: none of these files mentions is unused.
CODE: Final = ("src/skyjo", "sitebuild", "build.py", "site", "rules/article.html")
#: Text files searched for keys as words (HTML, scripts); Python is read as Python.
TEXT_SUFFIXES: Final = frozenset({".html", ".js", ".mjs", ".json"})
#: What a field of an f-string or the other side of a ``+`` may stand for in a key.
ANY_PART: Final = r"[\w.]*"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to fix: the file (relative to the folder that holds ``src``,
    as a person finds it), the key if it is about one, and what."""

    file: str
    key: str
    what: str

    def __str__(self) -> str:
        return (
            f"{self.file}: {self.key!r}: {self.what}" if self.key else f"{self.file}: {self.what}"
        )


@dataclass
class Locales:
    """Every language's files, read: language -> domain -> key -> message."""

    root: Path
    files: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def name(self, language: str, domain: str = "") -> str:
        """A file's name as a person finds it (``src/skyjo/i18n/locales/fr/game.arb``)."""
        folder = self.root / language
        path = folder / f"{domain}{SUFFIX}" if domain else folder
        try:
            return path.relative_to(self.root.parents[3]).as_posix()
        except (ValueError, IndexError):
            return path.as_posix()


def check(root: Path, *, repository: Path | None = None) -> list[Problem]:
    """Every problem of the locale folders under ``root``, English first. With
    ``repository``, keys that no code in it uses (:data:`CODE`) are problems too."""
    locales = read(root)
    english = locales.files.get(DEFAULT_LANGUAGE)
    if english is None:
        return [Problem(locales.name(DEFAULT_LANGUAGE), "", "missing: English is the reference")]
    problems = list(locales.problems)
    problems += [
        Problem(
            "src/skyjo/i18n/language.py", "", f"lists {code!r}, which has no folder {root / code}"
        )
        for code in LANGUAGES
        if code not in locales.files
    ]
    for domain, messages in english.items():
        problems += message_problems(locales, DEFAULT_LANGUAGE, domain, messages, messages)
    problems += clashes(locales, english)
    if repository is not None:
        literals, patterns = used_keys(repository)
        for domain, messages in english.items():
            for key in messages:
                if key not in literals and not any(p.fullmatch(key) for p in patterns):
                    problems.append(Problem(locales.name(DEFAULT_LANGUAGE, domain), key, "unused"))
    words = english_words(english)
    for language in sorted(locales.files.keys() - {DEFAULT_LANGUAGE}):
        problems += language_problems(locales, language, english, words)
    return problems


def read(root: Path) -> Locales:
    """Every ``<code>/<domain>.arb`` under ``root``, with the problems of reading them."""
    locales = Locales(root)
    for folder in sorted(path for path in root.iterdir() if path.is_dir()):
        if folder.name.startswith(("_", ".")):
            continue  # __pycache__ and the like
        domains = locales.files.setdefault(folder.name, {})
        for file in sorted(folder.glob(f"*{SUFFIX}")):
            domain = file.name.removesuffix(SUFFIX)
            domains[domain] = read_file(locales, folder.name, domain, file)
    return locales


def read_file(locales: Locales, language: str, domain: str, file: Path) -> dict[str, str]:
    """One file's messages (its ``@`` metadata left out); what is wrong with it
    goes to ``locales.problems``."""
    name = locales.name(language, domain)
    try:
        data = parse_arb(file.read_text(encoding="utf-8"), name)
    except CatalogueError as error:
        locales.problems.append(Problem(name, "", str(error).removeprefix(f"{name}: ")))
        return {}
    locale = data.get("@@locale", language)
    if locale != language:
        locales.problems.append(Problem(name, "@@locale", f"is {locale!r}, not its folder"))
    messages: dict[str, str] = {}
    for key, value in data.items():
        if key.startswith("@"):
            continue
        if isinstance(value, str):
            messages[key] = value
        else:
            locales.problems.append(Problem(name, key, "is not a message (a string)"))
    return messages


def language_problems(
    locales: Locales, language: str, english: Mapping[str, Mapping[str, str]], words: set[str]
) -> Iterator[Problem]:
    """Everything in which one language's folder differs from English's."""
    own = locales.files[language]
    allowed = same_as_english(locales.root / language)
    for domain in sorted(own.keys() - english.keys()):
        yield Problem(locales.name(language, domain), "", "a domain English does not have")
    for domain, reference in english.items():
        name = locales.name(language, domain)
        if domain not in own:
            yield Problem(name, "", f"missing (English has {len(reference)} messages)")
            continue
        messages = own[domain]
        for key in reference.keys() - messages.keys():
            yield Problem(name, key, "missing")
        for key in messages.keys() - reference.keys():
            yield Problem(name, key, "extra: English has no such key")
        yield from message_problems(locales, language, domain, messages, reference)
        yield from english_left(name, messages, reference, words - allowed)


def message_problems(
    locales: Locales,
    language: str,
    domain: str,
    messages: Mapping[str, str],
    reference: Mapping[str, str],
) -> Iterator[Problem]:
    """Each message's own problems, and its fields against English's."""
    name = locales.name(language, domain)
    categories = set(plural_categories(language))
    for key, message in messages.items():
        if not message.strip():
            yield Problem(name, key, "empty")
            continue
        try:
            args = arguments(message)
        except MessageSyntaxError as error:
            yield Problem(name, key, f"does not parse: {error}")
            continue
        if domain in PLAIN and ("{" in message or "}" in message):
            yield Problem(name, key, "holds braces: this domain is shown as plain text")
        yield from branch_problems(name, key, args, categories, language)
        if key in reference and language != DEFAULT_LANGUAGE:
            try:
                wanted = fields(reference[key])
            except MessageSyntaxError:
                continue  # said for English
            if fields(message) != wanted:
                yield Problem(
                    name,
                    key,
                    f"fields {sorted(fields(message))} where English has {sorted(wanted)}",
                )


def branch_problems(
    name: str, key: str, args: Iterable[Arg], categories: set[str], language: str
) -> Iterator[Problem]:
    """Plural branches the language lacks, person branches that do not exist."""
    for arg in args:
        branches = {b for b, _ in arg.branches if not b.startswith("=")}
        if arg.kind == "plural" and branches - categories:
            yield Problem(
                name,
                key,
                f"plural categories {sorted(branches - categories)} that {language!r} does not "
                f"have (it has {sorted(categories)}; its rule is in skyjo/i18n/grammar.py)",
            )
        if arg.kind == "person" and branches - set(PERSONS):
            yield Problem(
                name, key, f"person branches {sorted(branches - set(PERSONS))} (only {PERSONS})"
            )


def english_left(
    name: str, messages: Mapping[str, str], reference: Mapping[str, str], english: set[str]
) -> Iterator[Problem]:
    """Messages copied from English, and English words in a translation."""
    for key, message in messages.items():
        try:
            text = text_only(message)
        except MessageSyntaxError:
            continue  # said already
        if message == reference.get(key) and len(WORD.findall(text)) > 1:
            yield Problem(name, key, "is the English message, untranslated")
            continue
        found = sorted({w.lower() for w in ANY_WORD.findall(text)} & english)
        if found:
            yield Problem(
                name,
                key,
                f"English left: {', '.join(found)} (a word the language spells so too goes in "
                f"its {SAME_AS_ENGLISH})",
            )


def english_words(english: Mapping[str, Mapping[str, str]]) -> set[str]:
    """The words of the English messages (four letters or more, and a few short
    ones) that a translation should not contain."""
    words = set(SHORT_ENGLISH)
    for messages in english.values():
        for message in messages.values():
            try:
                words |= {w.lower() for w in WORD.findall(text_only(message))}
            except MessageSyntaxError:
                continue
    return words - SHARED


def same_as_english(folder: Path) -> set[str]:
    """The words a language spells as English does (``same-as-english.txt``)."""
    try:
        lines = (folder / SAME_AS_ENGLISH).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return set()
    return {line.strip().lower() for line in lines if line.strip() and not line.startswith("#")}


def text_only(message: str) -> str:
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
    return LINK_TARGET.sub("] ", " ".join(words))


def clashes(locales: Locales, english: Mapping[str, Mapping[str, str]]) -> Iterator[Problem]:
    """Keys in two domains that a page reads together."""
    for domains in read_together():
        seen: dict[str, str] = {}
        for domain in domains:
            for key in english.get(domain, {}):
                if key in seen and seen[key] != domain:
                    yield Problem(
                        locales.name(DEFAULT_LANGUAGE, domain),
                        key,
                        f"also in {seen[key]}{SUFFIX}, read together by a page "
                        f"({', '.join(domains)})",
                    )
                seen.setdefault(key, domain)


def read_together() -> list[tuple[str, ...]]:
    """The domains of every :class:`~skyjo.i18n.catalogue.Catalogue` the pages use."""
    import skyjo.review.texts
    import skyjo.web.embed.texts
    import skyjo.web.scorepad.messages  # noqa: F401

    found: list[tuple[str, ...]] = []
    todo: list[type[Catalogue]] = [Catalogue]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if len(cls.DOMAINS) > 1 and cls.DOMAINS not in found:
            found.append(cls.DOMAINS)
    return found


def used_keys(repository: Path) -> tuple[set[str], list[re.Pattern[str]]]:
    """What the code under ``repository`` (:data:`CODE`) may ask for: every string
    literal of its Python and every word of its pages and scripts, and a pattern
    for each key it builds (``f"kind.{kind}"``, ``"hint.why." + key``)."""
    literals: set[str] = set()
    patterns: dict[str, re.Pattern[str]] = {}
    for file in code_files(repository):
        text = file.read_text(encoding="utf-8")
        if file.suffix != ".py":
            literals |= set(re.findall(r"[\w.-]+", text))
            continue
        for node in ast.walk(ast.parse(text, filename=str(file))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            pattern = key_pattern(node)
            if pattern is not None:
                patterns.setdefault(pattern, re.compile(pattern))
    return literals, list(patterns.values())


def code_files(repository: Path) -> Iterator[Path]:
    """The files of :data:`CODE` that can mention a key."""
    for entry in CODE:
        path = repository / entry
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if "__pycache__" in file.parts or not file.is_file():
                continue
            if file.suffix == ".py" or file.suffix in TEXT_SUFFIXES:
                yield file


def key_pattern(node: ast.AST) -> str | None:
    """A regular expression for the keys an f-string or a ``"prefix." + x`` can be,
    if it has enough of a key's letters to tell (``f"{a}.{b}"`` does not)."""
    parts: Sequence[ast.expr]
    if isinstance(node, ast.JoinedStr):
        parts = node.values
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = (node.left, node.right)
    else:
        return None
    pieces = []
    literal = ""
    for part in parts:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            pieces.append(re.escape(part.value))
            literal += part.value
        else:
            pieces.append(ANY_PART)
    if len(re.findall(r"[A-Za-z]", literal)) < 3 or not re.fullmatch(r"[\w.]*", literal):
        return None
    return "".join(pieces)


__all__ = ["Problem", "check", "read", "used_keys"]
