"""Runs inside Pyodide (under Node, started by ``bytecode.mjs``), never on the
build machine's Python: bytecode is only valid for the interpreter version that
wrote it, and this one is the very Pyodide the site ships.

The engine wheel's ``.py`` modules become sourceless ``.pyc`` files beside where
the sources would be (``skyjo/engine.pyc``), which Python imports without looking
for a source or a ``__pycache__``; other files are copied; the wheel's
``.dist-info`` is left out (nothing in the page reads package metadata). Each
``.pyc`` is an unchecked hash-based one (PEP 552): its header holds the source's
hash instead of a timestamp, so two builds of one commit give the same bytes.
The locale folders (``skyjo/i18n/locales/<code>/<domain>.arb``) travel as one file,
``skyjo/i18n/locales.zip`` (stored, not compressed: the archive around it is), which
:mod:`skyjo.i18n.catalogue` reads when there is no folder: unpacking each of the 42
small files cost the page about 4 ms, reading one member from the zip about
nothing, and a page still parses only its own domains in its own language. Files
only the build reads (:data:`BUILD_ONLY`: the rules page's words, each language's
list for the check of English left) are left out: no page opens them. Last, every
module is imported once, to keep the compiled methods of the engine's dataclasses
(``skyjo/dataclass-code.marshal``, see ``skyjo.web.worker.dataclass_code``).
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import re
import sys
import time
import zipfile

#: The folder the compiled code names in a traceback (the pages import the
#: package from the archive itself, ``/home/pyodide/skyjo.zip``: site/worker.py).
HOME = "/home/pyodide/"
#: PEP 552 flags: hash-based, not checked against a source (there is none).
UNCHECKED_HASH = (1).to_bytes(4, "little")
#: -rw-r--r-- for a regular file, as zip stores Unix modes.
FILE_MODE = 0o100644 << 16
#: Files of the wheel that no page reads (see sitebuild/rules.py, sitebuild/locales.py).
BUILD_ONLY = re.compile(r"skyjo/i18n/locales/[^/]+/(rules\.arb|same-as-english\.txt)")
#: The locale folders, which go into one zip of their own (the folder's name + ".zip").
LOCALES = "skyjo/i18n/locales/"


def pyc(source: bytes, name: str) -> bytes:
    """The ``.pyc`` bytes of one module's source."""
    code = compile(source, HOME + name, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def compile_wheel(wheel: str, target: str, epoch: int) -> str:
    """Write ``target``, the wheel's package with every module compiled, and return
    the bytecode's Python tag (``cp314``)."""
    moment = time.gmtime(max(epoch, 315532800))[:6]
    locales = io.BytesIO()
    with (
        zipfile.ZipFile(wheel) as source,
        zipfile.ZipFile(target, "w") as archive,
        zipfile.ZipFile(locales, "w") as bundle,
    ):
        for info in sorted(source.infolist(), key=lambda entry: entry.filename):
            name, data = info.filename, source.read(info)
            if ".dist-info/" in name or name.endswith("/") or BUILD_ONLY.fullmatch(name):
                continue
            if name.startswith(LOCALES):
                add(bundle, name.removeprefix(LOCALES), data, moment, zipfile.ZIP_STORED)
                continue
            if name.endswith(".py"):
                data, name = pyc(data, name), name + "c"
            add(archive, name, data, moment, zipfile.ZIP_DEFLATED)
        bundle.close()
        add(archive, LOCALES.rstrip("/") + ".zip", locales.getvalue(), moment, zipfile.ZIP_DEFLATED)
    member, table = dataclass_code(target)
    with zipfile.ZipFile(target, "a") as archive:
        add(archive, member, table, moment, zipfile.ZIP_DEFLATED)
    return f"cp{sys.version_info.major}{sys.version_info.minor}"


def dataclass_code(target: str) -> tuple[str, bytes]:
    """The code of every dataclass's methods in the archive ``target``, compiled by
    importing each of its modules, and the member it goes in (both as
    ``skyjo.web.worker.dataclass_code`` in that archive says)."""
    with zipfile.ZipFile(target) as archive:
        names = sorted(
            name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
            for name in archive.namelist()
            if name.endswith(".pyc") and not name.endswith("/__main__.pyc")
        )
    sys.path.insert(0, target)
    try:
        from skyjo.web.worker import dataclass_code as recorder

        with recorder.recording() as table:
            for name in names:
                importlib.import_module(name)
    finally:
        sys.path.remove(target)
    if not table:
        raise RuntimeError(
            "importing the engine made no dataclass through dataclasses' exec: "
            "has this Python's dataclasses module changed? See skyjo.web.worker.dataclass_code"
        )
    return recorder.MEMBER, recorder.dumps(table)


def add(
    archive: zipfile.ZipFile, name: str, data: bytes, moment: tuple[int, ...], method: int
) -> None:
    """One entry, stamped with ``moment`` and a plain file's mode (same bytes each build)."""
    entry = zipfile.ZipInfo(name, date_time=moment)  # type: ignore[arg-type]
    entry.compress_type = method
    entry.external_attr = FILE_MODE
    archive.writestr(entry, data, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None)
