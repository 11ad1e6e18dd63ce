"""Runs inside Pyodide (under Node, started by ``bytecode.mjs``), never on the
build machine's Python: bytecode is only valid for the interpreter version that
wrote it, and this one is the very Pyodide the site ships.

The engine wheel's ``.py`` modules become sourceless ``.pyc`` files beside where
the sources would be (``skyjo/engine.pyc``), which Python imports without looking
for a source or a ``__pycache__``; other files are copied; the wheel's
``.dist-info`` is left out (nothing in the page reads package metadata). Each
``.pyc`` is an unchecked hash-based one (PEP 552): its header holds the source's
hash instead of a timestamp, so two builds of one commit give the same bytes.
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import time
import zipfile

#: Where PyScript unpacks the archive ("./*" in pyscript.json): the path the
#: compiled code names in a traceback.
HOME = "/home/pyodide/"
#: PEP 552 flags: hash-based, not checked against a source (there is none).
UNCHECKED_HASH = (1).to_bytes(4, "little")
#: -rw-r--r-- for a regular file, as zip stores Unix modes.
FILE_MODE = 0o100644 << 16


def pyc(source: bytes, name: str) -> bytes:
    """The ``.pyc`` bytes of one module's source."""
    code = compile(source, HOME + name, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def compile_wheel(wheel: str, target: str, epoch: int) -> str:
    """Write ``target``, the wheel's package with every module compiled, and return
    the bytecode's Python tag (``cp314``)."""
    moment = time.gmtime(max(epoch, 315532800))[:6]
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w") as archive:
        for info in sorted(source.infolist(), key=lambda entry: entry.filename):
            name, data = info.filename, source.read(info)
            if ".dist-info/" in name or name.endswith("/"):
                continue
            if name.endswith(".py"):
                data, name = pyc(data, name), name + "c"
            entry = zipfile.ZipInfo(name, date_time=moment)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = FILE_MODE
            archive.writestr(entry, data, compresslevel=9)
    return f"cp{sys.version_info.major}{sys.version_info.minor}"
