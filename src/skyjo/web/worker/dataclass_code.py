"""Dataclasses made in the page's worker from code the build compiled.

Making a dataclass writes the source of its methods (``__init__``, ``__eq__``,
``__setattr__`` of a frozen class...) and compiles it. The game page's first
screen imports about 50 dataclasses, and in the page's Web Worker compiling their
methods took 70-100 ms of the 120-200 ms that import took (Pyodide, Chromium, on
every visit, cold or warm). That source is the same on every visit, so the build
compiles it once, with the very Pyodide the site ships
(``sitebuild/pyodide_compiler.py`` calls :func:`recording` while it imports every
module), and stores the code objects in the engine archive (:data:`MEMBER`).
``site/worker.py`` calls :func:`install_from` before it imports the engine.

How: :mod:`dataclasses` runs the source it writes with ``exec(text, globals,
namespace)``, looking ``exec`` up in its own module first. :func:`install` puts a
function of that name there, which runs the stored code compiled from exactly that
text (the table's key is the text itself: nothing but the same text finds it), or
compiles the text as ``exec`` would where the table has none (a class the build did
not see). So a class is the same whichever way it was made; only the
compile is skipped. Anything wrong with the table (missing, unreadable, written by
another Python) leaves :mod:`dataclasses` as it is: this is a saving, never a
condition for starting.

The command line and the tests never install it.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import zipimport
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import CodeType
from typing import Any

#: Where the build puts the table in the engine archive.
MEMBER = "skyjo/dataclass-code.marshal"
#: The name :mod:`dataclasses` runs its generated source with.
EXEC = "exec"


class Uses:
    """How often the installed table served a class's methods, and how often it had
    to compile them (:func:`install`). A plain class: a dataclass here would be made
    before any table is installed."""

    def __init__(self) -> None:
        self.served = 0
        self.compiled = 0


def compiled(text: str) -> CodeType:
    """``text`` compiled as ``exec(text, ...)`` in :mod:`dataclasses` compiles it
    (that module has no ``__future__`` imports to pass on)."""
    return compile(text, "<string>", "exec", dont_inherit=True)


def _running(code_for: Callable[[str], CodeType]) -> Callable[..., None]:
    """An ``exec`` for :mod:`dataclasses` that runs ``code_for(text)`` for the source
    texts it writes (anything else as ``exec`` would)."""

    def run(source: Any, globals: Any = None, locals: Any = None) -> None:
        builtins.exec(code_for(source) if isinstance(source, str) else source, globals, locals)

    return run


@contextmanager
def recording() -> Iterator[dict[str, CodeType]]:
    """The code of every dataclass made inside the block, by the source text it was
    compiled from (:mod:`dataclasses` compiles its source again after it)."""
    table: dict[str, CodeType] = {}

    def record(text: str) -> CodeType:
        code = table[text] = compiled(text)
        return code

    setattr(dataclasses, EXEC, _running(record))
    try:
        yield table
    finally:
        uninstall()


def dumps(table: Mapping[str, CodeType]) -> bytes:
    """The table as the build stores it: each code object marshalled on its own, so
    that a page unmarshals only the classes it makes (about half of them)."""
    return marshal.dumps({text: marshal.dumps(code) for text, code in table.items()})


def loads(data: bytes) -> dict[str, bytes]:
    """A stored table (each value a marshalled code object); ValueError if ``data``
    is not one."""
    try:
        table = marshal.loads(data)
    except (EOFError, TypeError, ValueError) as error:
        raise ValueError(f"the dataclass code table cannot be read: {error}") from None
    if not isinstance(table, dict) or not all(
        isinstance(text, str) and isinstance(code, bytes) for text, code in table.items()
    ):
        raise ValueError("the dataclass code table is not a mapping of source texts to code")
    return table


def install(table: Mapping[str, bytes]) -> Uses:
    """From now on :mod:`dataclasses` takes a class's methods from ``table`` (as
    :func:`loads` reads it) where it has them. Returns the counts of its use;
    :func:`uninstall` undoes it."""
    uses = Uses()

    def serve(text: str) -> CodeType:
        try:
            code = marshal.loads(table.get(text, b""))
        except (EOFError, TypeError, ValueError):
            code = None
        if isinstance(code, CodeType):
            uses.served += 1
            return code
        uses.compiled += 1
        return compiled(text)

    setattr(dataclasses, EXEC, _running(serve))
    return uses


def uninstall() -> None:
    """:mod:`dataclasses` compiles its source again."""
    dataclasses.__dict__.pop(EXEC, None)


def install_from(archive: str) -> Uses | None:
    """:func:`install` the table stored in the engine archive at path ``archive``;
    None (and nothing changed) if it has none this Python can read."""
    try:
        table = loads(zipimport.zipimporter(archive).get_data(MEMBER))
    except (OSError, zipimport.ZipImportError, ValueError):
        return None
    return install(table)
