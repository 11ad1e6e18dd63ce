"""The engine as Pyodide bytecode: what the pages import from instead of the wheel.

Importing a module from source compiles it first, and in the browser that was
the largest part of the engine's start-up: about 120 of the 270 ms the game page
spent importing Python (cProfile in Chromium, 34 modules). So the build compiles
the wheel's modules once, with the very Pyodide it vendors (started under Node by
``bytecode.mjs``; the machine's own Python cannot do it, as bytecode belongs to
one interpreter version), into ``skyjo-<version>-cp314.zip`` of sourceless
``.pyc`` files (see ``pyodide_compiler.py``). Pyodide ships its own packages the
same way. The archive is larger than the wheel (bytecode deflates less well than
source), about 320 KB more on a first visit, fetched alongside Pyodide's 13 MB.

Compiling takes about 3 s (starting Pyodide), so the result is kept in
``build/bytecode/`` under a hash of everything it depends on (the wheel, the
Pyodide version, the compiler's own files): a rebuild of an unchanged engine
reuses it. Two compilations of one wheel give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "bytecode.mjs"
COMPILER = HERE / "pyodide_compiler.py"
#: How many cached archives to keep (the current one and the one before).
KEEP = 2


class BytecodeError(Exception):
    """Compiling failed; the message says what to install or where to look."""


def compile_engine(
    wheel: Path, pyodide: Path, out_dir: Path, *, epoch: int, cache: Path | None = None
) -> Path:
    """Write the bytecode archive of ``wheel`` into ``out_dir`` and return its path.

    ``pyodide`` is the Pyodide package folder (``node_modules/pyodide``); ``epoch``
    stamps the archive's entries, as it stamps the wheel's."""
    key = cache_key(wheel, pyodide, epoch)
    cached = find_cached(cache, key) if cache is not None else None
    if cached is not None:
        tag, data = cached.stem.rsplit("-", 1)[1], cached.read_bytes()
    else:
        tag, data = run_compiler(wheel, pyodide, epoch)
        if cache is not None:
            keep(cache, f"{key}-{tag}.zip", data)
    name, version = wheel.name.split("-")[:2]
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-{tag}.zip"
    target.write_bytes(data)
    return target


def cache_key(wheel: Path, pyodide: Path, epoch: int) -> str:
    """A hash of every input of the compilation."""
    digest = hashlib.sha256()
    for path in (wheel, DRIVER, COMPILER):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update(pyodide_version(pyodide).encode())
    digest.update(str(epoch).encode())
    return digest.hexdigest()[:24]


def pyodide_version(pyodide: Path) -> str:
    """The version in the Pyodide package's ``package.json``."""
    try:
        meta = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise BytecodeError(f"cannot read Pyodide's package.json in {pyodide}: {error}") from None
    return str(meta.get("version", ""))


def find_cached(cache: Path, key: str) -> Path | None:
    """The archive compiled earlier for ``key``, if any."""
    found = sorted(cache.glob(f"{key}-*.zip"))
    return found[0] if found else None


def keep(cache: Path, name: str, data: bytes) -> None:
    """Store an archive in the cache, dropping all but the newest :data:`KEEP`."""
    cache.mkdir(parents=True, exist_ok=True)
    (cache / name).write_bytes(data)
    older = sorted(cache.glob("*.zip"), key=lambda path: path.stat().st_mtime, reverse=True)
    for path in older[KEEP:]:
        path.unlink(missing_ok=True)


def run_compiler(wheel: Path, pyodide: Path, epoch: int) -> tuple[str, bytes]:
    """Compile with Pyodide under Node: the archive's Python tag and bytes."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("node not found: install Node.js 20 or newer and build again")
    with tempfile.TemporaryDirectory(prefix="skyjo-bytecode-") as work:
        out = Path(work) / "engine.zip"
        command = [node, str(DRIVER), str(pyodide), str(COMPILER), str(wheel), str(out)]
        result = subprocess.run([*command, str(epoch)], capture_output=True, text=True, check=False)
        if result.returncode != 0 or not out.is_file():
            detail = (result.stderr or result.stdout).strip().splitlines()
            raise BytecodeError(
                "compiling the engine with Pyodide failed: "
                + (detail[-1] if detail else f"node exited with {result.returncode}")
            )
        return result.stdout.strip().splitlines()[-1], out.read_bytes()
