"""Every page's messages, read from the locale folders: ``skyjo/i18n/locales/<code>/<domain>.arb``.

A language is one folder, and each of its files holds one domain's messages (the
game page's, the score pad's, the review's...) in the one message format
(:mod:`skyjo.i18n.messageformat`). The files are data rather than Python so that
translators and translation platforms can edit them (``docs/translating.md``
says why ARB). They ship inside the package, so the command line and the page's
Web Worker read the same files (the worker's copy packed in one zip: :func:`bundle`).

A page asks for the domains it shows, in the one language it speaks, through a
:class:`Catalogue` (each package's class names its domains and adds its own
helpers). Each file is parsed once per process, when first asked for: a German
game page parses ``de/game.arb``, ``de/bots.arb`` and ``de/boot.arb`` and no
other language's, and English only if a key is missing (a message added since
the translation).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from skyjo.errors import SkyjoError
from skyjo.i18n.grammar import Person
from skyjo.i18n.language import DEFAULT_LANGUAGE
from skyjo.i18n.messageformat import render
from skyjo.i18n.typography import typeset

if TYPE_CHECKING:
    from zipfile import ZipFile

#: The folder of the language folders, inside the package.
LOCALES: Final = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locales")
#: The file name of a domain's messages in a language folder.
SUFFIX: Final = ".arb"
#: What a language code may look like ("de", "pt-BR"): anything else, from a URL
#: or a device's storage, is not a folder name and falls back to English.
CODE: Final = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")

_FILES: dict[tuple[str, str, str], Mapping[str, str]] = {}
_TABLES: dict[tuple[tuple[str, ...], str, str], Mapping[str, str]] = {}
_FOLDERS: dict[tuple[str, str], bool] = {}
_BUNDLES: dict[str, ZipFile | None] = {}


class CatalogueError(SkyjoError):
    """A locale file that cannot be read as messages; the message names the file."""


def path(domain: str, language: str, *, root: str = LOCALES) -> str:
    """Where ``domain``'s messages in ``language`` are kept. A code that is not one
    (``"../x"``) raises rather than name a file elsewhere."""
    if CODE.fullmatch(language) is None:
        raise CatalogueError(f"{language!r} is not a language code")
    name = f"{language}/{domain}{SUFFIX}"
    return os.path.join(root, name) if bundle(root) is None else f"{root}.zip/{name}"


def bundle(root: str) -> ZipFile | None:
    """The locale folders packed in one zip, ``<root>.zip``, if there is no folder:
    so the pages' engine archive carries them (``sitebuild/pyodide_compiler.py``),
    as unpacking 42 small files costs a page more than reading one of them."""
    if root not in _BUNDLES:
        found = None
        if not os.path.isdir(root):
            data = _packed(root + ".zip")
            if data is not None:
                from io import BytesIO
                from zipfile import ZipFile  # here only: the command line reads the folder

                # Its names are ASCII: read as UTF-8, not as ZipFile's default
                # cp437, whose codec Pyodide would compile from source for a
                # page's first start (twice: 4 ms at full speed).
                found = ZipFile(BytesIO(data), metadata_encoding="utf-8")
        _BUNDLES[root] = found
    return _BUNDLES[root]


def _packed(file: str) -> bytes | None:
    """``file``'s bytes, from the disk or else from the archive this package was
    imported from (the pages import the engine straight from its zip, see
    ``site/worker.py``, so ``locales.zip`` is a member there, not a file); None
    if neither has it."""
    if os.path.isfile(file):
        with open(file, "rb") as stream:
            return stream.read()
    get_data = getattr(__spec__.loader if __spec__ else None, "get_data", None)
    if get_data is None:
        return None
    try:
        data = get_data(file)
    except OSError:
        return None
    return data if isinstance(data, bytes) else None


def has_language(language: str, *, root: str = LOCALES) -> bool:
    """Whether ``language`` has a folder of messages under ``root``."""
    key = (root, language)
    found = _FOLDERS.get(key)
    if found is None:
        packed = bundle(root)
        found = CODE.fullmatch(language) is not None and (
            os.path.isdir(os.path.join(root, language))
            if packed is None
            else any(name.startswith(language + "/") for name in packed.namelist())
        )
        _FOLDERS[key] = found
    return found


def messages(domain: str, language: str, *, root: str = LOCALES) -> Mapping[str, str]:
    """``domain``'s messages in ``language``, key to message (the ARB file without its
    ``@`` metadata), read once and spaced as the language sets it (French no-break
    spaces: :mod:`skyjo.i18n.typography`). A language without the file has none
    (``{}``); English must have every domain."""
    key = (root, domain, language)
    found = _FILES.get(key)
    if found is None:
        found = _read(root, domain, language)
        _FILES[key] = found
    return found


def parse_arb(text: str, file: str) -> dict[str, object]:
    """One ARB file's text as it is: a JSON object of messages and ``@`` metadata;
    CatalogueError naming ``file`` if it is not such an object."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise CatalogueError(f"{file}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise CatalogueError(f"{file}: not a JSON object of messages")
    return data


def _text(root: str, domain: str, language: str) -> str | None:
    """A file's text from the folder or the bundle; None if there is no such file."""
    file = path(domain, language, root=root)
    packed = bundle(root)
    try:
        if packed is not None:
            return packed.read(f"{language}/{domain}{SUFFIX}").decode("utf-8")
        with open(file, encoding="utf-8") as stream:
            return stream.read()
    except (KeyError, FileNotFoundError):
        return None
    except (OSError, UnicodeError) as error:
        raise CatalogueError(f"{file}: cannot be read ({error})") from None


def _read(root: str, domain: str, language: str) -> Mapping[str, str]:
    file = path(domain, language, root=root)
    text = _text(root, domain, language)
    if text is None:
        if language == DEFAULT_LANGUAGE:
            raise CatalogueError(f"{file} is missing: English has every domain")
        return {}
    found: dict[str, str] = {}
    for key, value in parse_arb(text, file).items():
        if key.startswith("@"):
            continue  # metadata for translators: @@locale, @@context, @key descriptions
        if not isinstance(value, str):
            raise CatalogueError(f"{file}: {key!r} is not a message (a string)")
        found[key] = typeset(value, language)
    return found


def table(domains: Sequence[str], language: str, *, root: str = LOCALES) -> Mapping[str, str]:
    """The messages of several domains in one language, as one table (a domain
    listed earlier wins a key two share, which the build's check forbids)."""
    key = (tuple(domains), language, root)
    found = _TABLES.get(key)
    if found is None:
        merged: dict[str, str] = {}
        for domain in reversed(key[0]):
            merged.update(messages(domain, language, root=root))
        found = _TABLES[key] = merged
    return found


class Catalogue:
    """Messages of the domains :attr:`DOMAINS` in one language: ``t(key, **fields)``
    renders one. An unknown language falls back to English, and so does a key the
    language lacks.

    ``you`` holds the names that mean the person at the device: a field that names
    a player (:attr:`PERSON_FIELDS`) and holds one of them is said in the second
    person ("You hold an 8", not "You holds an 8"; see
    :class:`skyjo.i18n.grammar.Person`)."""

    #: The domains a subclass's messages come from, first wins.
    DOMAINS: ClassVar[tuple[str, ...]] = ()
    #: Fields that name a player.
    PERSON_FIELDS: ClassVar = frozenset({"name", "rival", "finisher", "player"})

    def __init__(
        self,
        language: str,
        *,
        you: Collection[str] = (),
        domains: Sequence[str] | None = None,
        root: str = LOCALES,
    ) -> None:
        self.domains = tuple(self.DOMAINS if domains is None else domains)
        self.language = language if has_language(language, root=root) else DEFAULT_LANGUAGE
        self.you_names = frozenset(you)
        self.root = root
        self._messages = table(self.domains, self.language, root=root)

    def __contains__(self, key: object) -> bool:
        return key in self._messages or key in self._english()

    def _english(self) -> Mapping[str, str]:
        return table(self.domains, DEFAULT_LANGUAGE, root=self.root)

    def t(self, key: str, **fields: object) -> str:
        """The message ``key`` with its named fields filled in. A key this language
        lacks is said in English rather than failing (the build's check makes sure
        none is missing); a key no language has raises KeyError."""
        template = self._messages.get(key)
        language = self.language
        if template is None:
            template, language = self._english()[key], DEFAULT_LANGUAGE
        if self.you_names:
            for name in self.PERSON_FIELDS & fields.keys():
                value = fields[name]
                if isinstance(value, str):
                    fields[name] = Person(value, you=value in self.you_names)
        return render(template, fields, language)


__all__ = [
    "LOCALES",
    "Catalogue",
    "CatalogueError",
    "bundle",
    "has_language",
    "messages",
    "parse_arb",
    "path",
    "table",
]
