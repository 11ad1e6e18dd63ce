"""The engine as Pyodide bytecode (``sitebuild.bytecode``), which the pages import from.

Compiling runs the vendored Pyodide under Node, so these tests need Node.js and
install ``node_modules`` as the build does (``npm ci``, once); they take a few
seconds.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import build
from sitebuild import bytecode, wheel
from sitebuild.pyodide_compiler import BUILD_ONLY, LOCALES
from skyjo.record import replay_summary
from skyjo.web.ui.i18n import Translator
from skyjo.web.worker.dataclass_code import MEMBER as DATACLASS_CODE

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
RECORDS = ROOT / "tests" / "records"
EPOCH = 1767323045

#: Loads Pyodide under Node, writes the archive where PyScript does and imports
#: from it as site/worker.py does (zipimport: nothing unpacked; the dataclasses'
#: code from the archive's table), replays a record with the compiled engine and
#: prints the summary as JSON, with a German message read from the locale bundle
#: inside the archive and the counts of dataclasses served and compiled.
RUN_IN_PYODIDE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, archive, record] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const bytes = new Uint8Array(readFileSync(archive));
pyodide.FS.writeFile("/home/pyodide/skyjo.zip", bytes);
pyodide.globals.set("record_text", readFileSync(record, "utf8"));
console.log(pyodide.runPython(`
import json, os, sys
sys.path.insert(0, "/home/pyodide/skyjo.zip")
from skyjo.web.worker import dataclass_code
uses = dataclass_code.install_from("/home/pyodide/skyjo.zip")
import skyjo.record
import skyjo.web.ui.page
assert skyjo.record.__file__ == "/home/pyodide/skyjo.zip/skyjo/record.pyc", skyjo.record.__file__
assert not os.path.exists("/home/pyodide/skyjo"), os.listdir("/home/pyodide")
from skyjo.web.ui.i18n import Translator
summary = skyjo.record.replay_summary(record_text)
json.dumps({
    "summary": summary,
    "de": Translator("de").t("table.round", n=3),
    "dataclasses": uses and {"served": uses.served, "compiled": uses.compiled},
}, sort_keys=True)
`));
"""


@pytest.fixture(scope="module")
def engine_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    build.install_node_modules()  # what the build does first: npm ci, unless done
    return wheel.build_wheel(ROOT, tmp_path_factory.mktemp("wheel"), epoch=EPOCH)


@pytest.fixture(scope="module")
def archive(engine_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bytecode.compile_engine(
        engine_wheel, PYODIDE, tmp_path_factory.mktemp("first"), epoch=EPOCH
    )


def test_every_module_becomes_sourceless_bytecode(engine_wheel: Path, archive: Path) -> None:
    # Intent: the archive holds each module of the wheel as a .pyc where its source
    # was (and no source), every other package file unchanged, the locale files the
    # pages read in one zip of their own (locales.zip), and no metadata nor files
    # only the build reads.
    with zipfile.ZipFile(engine_wheel) as source:
        package = {
            info.filename: source.read(info)
            for info in source.infolist()
            if ".dist-info/" not in info.filename and not BUILD_ONLY.fullmatch(info.filename)
        }
        left_out = {name for name in source.namelist() if BUILD_ONLY.fullmatch(name)}
    locales = {
        n.removeprefix(LOCALES): package.pop(n) for n in sorted(package) if n.startswith(LOCALES)
    }
    assert "de/game.arb" in locales
    assert {
        "skyjo/i18n/locales/en/rules.arb",
        "skyjo/i18n/locales/fr/same-as-english.txt",
    } <= left_out
    with zipfile.ZipFile(archive) as compiled:
        names = compiled.namelist()
        expected = sorted(name + "c" if name.endswith(".py") else name for name in package)
        assert names == [*expected, "skyjo/i18n/locales.zip", DATACLASS_CODE]
        with zipfile.ZipFile(io.BytesIO(compiled.read("skyjo/i18n/locales.zip"))) as bundle:
            assert {name: bundle.read(name) for name in bundle.namelist()} == locales
        names.remove("skyjo/i18n/locales.zip")
        names.remove(DATACLASS_CODE)  # read in Pyodide: see the replay test below
        for name in names:
            data = compiled.read(name)
            if name.endswith(".pyc"):
                assert data[2:4] == b"\r\n"  # the magic number's fixed tail
                assert int.from_bytes(data[4:8], "little") == 1  # unchecked hash-based
            else:
                assert data == package[name]
    assert archive.name == f"skyjo-{wheel.read_project(ROOT).version}-cp314.zip"


def test_two_compilations_give_the_same_bytes(
    engine_wheel: Path, archive: Path, tmp_path: Path
) -> None:
    # Intent: the archive's bytes feed the offline cache's version, so one commit
    # must always compile to the same archive.
    again = bytecode.compile_engine(engine_wheel, PYODIDE, tmp_path, epoch=EPOCH)
    assert again.read_bytes() == archive.read_bytes()


def test_compiled_engine_replays_records_like_cpython(archive: Path, tmp_path: Path) -> None:
    # Intent: the bytecode is Pyodide's own and runs: a record replayed by the compiled
    # engine in Pyodide gives the summary CPython gives from the sources, and the
    # engine finds its locale files where the archive put them. Every dataclass the
    # game page's import makes takes its methods from the archive's table, compiled
    # by the build (skyjo.web.worker.dataclass_code): none is compiled again.
    script = tmp_path / "run.mjs"
    script.write_text(RUN_IN_PYODIDE, encoding="utf-8")
    record = RECORDS / "reshuffle.json"
    result = subprocess.run(
        ["node", str(script), str(PYODIDE), str(archive), str(record)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-1500:]  # Node prints the error last
    in_pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    assert in_pyodide["summary"] == replay_summary(record.read_text(encoding="utf-8"))
    assert in_pyodide["de"] == Translator("de").t("table.round", n=3) == "Runde 3"
    made = in_pyodide["dataclasses"]
    assert made is not None, "the archive's dataclass code could not be installed"
    assert made["compiled"] == 0 and made["served"] >= 40, made


def test_a_cached_compilation_is_reused(
    engine_wheel: Path, archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Intent: a rebuild of an unchanged engine does not start Pyodide again, and a
    # changed input (here the epoch) is compiled afresh.
    cache = tmp_path / "cache"
    first = bytecode.compile_engine(engine_wheel, PYODIDE, tmp_path / "a", epoch=EPOCH, cache=cache)
    assert first.read_bytes() == archive.read_bytes()

    def must_not_run(*_: object) -> tuple[str, bytes]:
        raise AssertionError("compiled again despite the cache")

    monkeypatch.setattr(bytecode, "run_compiler", must_not_run)
    (tmp_path / "b").mkdir()
    second = bytecode.compile_engine(
        engine_wheel, PYODIDE, tmp_path / "b", epoch=EPOCH, cache=cache
    )
    assert second.read_bytes() == archive.read_bytes()
    with pytest.raises(AssertionError, match="compiled again"):
        bytecode.compile_engine(engine_wheel, PYODIDE, tmp_path / "b", epoch=EPOCH + 1, cache=cache)


def test_without_node_the_error_says_what_to_install(
    engine_wheel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Intent: a machine without Node gets one line saying what to install.
    monkeypatch.setattr(shutil, "which", lambda _: None)
    with pytest.raises(bytecode.BytecodeError, match=r"node not found: install Node\.js"):
        bytecode.compile_engine(engine_wheel, PYODIDE, tmp_path, epoch=EPOCH)
