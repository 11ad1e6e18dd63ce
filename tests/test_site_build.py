"""The build's own artefacts: the engine wheel written with the standard library and
the release zip of ``dist/``.

The wheel must be one that pip installs and that runs (``python -m skyjo replay``
and the ``skyjo`` console script from a fresh virtual environment), hold what the
declared build backend (hatchling) would put in it, and be the same bytes for the
same commit, since its hash feeds the offline cache's version.
"""

from __future__ import annotations

import base64
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Final

import pytest

import build
from sitebuild import wheel

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "default_full_game.json"
#: A commit time to stamp with: 2026-01-02 03:04:05 UTC.
EPOCH = 1767323045


def headers(text: str) -> dict[str, list[str]]:
    """A METADATA file's header fields (each possibly repeated), without its body."""
    message = email.parser.Parser().parsestr(text, headersonly=True)
    fields: dict[str, list[str]] = {}
    for key, value in message.items():
        fields.setdefault(key, []).append(value)
    return fields


@pytest.fixture(scope="module")
def our_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel as the site build writes it."""
    return wheel.build_wheel(ROOT, tmp_path_factory.mktemp("ours"), epoch=EPOCH)


def test_two_builds_of_one_commit_are_byte_identical(our_wheel: Path, tmp_path: Path) -> None:
    # Intent: the same sources and commit time give the same bytes, whatever the clock
    # or the files' own timestamps say.
    (ROOT / "src" / "skyjo" / "py.typed").touch()
    again = wheel.build_wheel(ROOT, tmp_path, epoch=EPOCH)
    assert again.read_bytes() == our_wheel.read_bytes()
    later = wheel.build_wheel(ROOT, tmp_path / "later", epoch=EPOCH + 60)
    assert later.read_bytes() != our_wheel.read_bytes()


def test_record_lists_every_file_with_its_hash(our_wheel: Path) -> None:
    # Intent: pip checks RECORD; every entry but RECORD itself carries the sha256 and
    # size of the bytes actually in the archive.
    with zipfile.ZipFile(our_wheel) as archive:
        names = archive.namelist()
        record = archive.read("skyjo-0.1.0.dist-info/RECORD").decode()
        rows = [line.split(",") for line in record.splitlines()]
        assert [row[0] for row in rows] == names
        for name, digest, size in rows[:-1]:
            data = archive.read(name)
            assert size == str(len(data)), name
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode(), name
        assert rows[-1] == ["skyjo-0.1.0.dist-info/RECORD", "", ""]


def test_holds_what_hatchling_would(our_wheel: Path, tmp_path: Path) -> None:
    # Intent: the declared build backend (pip install ., python -m build) and the site
    # build agree on the files and on every metadata field but the format version.
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    command += ["--disable-pip-version-check", "--quiet", "--wheel-dir", str(tmp_path), str(ROOT)]
    # From tmp_path: at the root, build.py would shadow the build package.
    subprocess.run(command, cwd=tmp_path, check=True, capture_output=True)
    (theirs,) = tmp_path.glob("*.whl")
    assert theirs.name == our_wheel.name
    with zipfile.ZipFile(theirs) as a, zipfile.ZipFile(our_wheel) as b:
        assert sorted(a.namelist()) == sorted(b.namelist())
        for name in a.namelist():
            if ".dist-info/" not in name:
                assert a.read(name) == b.read(name), name
        meta = "skyjo-0.1.0.dist-info/METADATA"
        theirs_fields = headers(a.read(meta).decode())
        ours_fields = headers(b.read(meta).decode())
        theirs_fields.pop("Metadata-Version")
        ours_fields.pop("Metadata-Version")
        assert ours_fields == theirs_fields
        points = "skyjo-0.1.0.dist-info/entry_points.txt"
        assert b.read(points).split() == a.read(points).split()


#: The environment without PYTHONPATH, so that a venv imports only what is in it.
ALONE: Final = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def installed(wheel_file: Path, venv: Path) -> Path:
    """A fresh virtual environment at ``venv`` with only ``wheel_file`` installed."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = [str(venv / "bin" / "python"), "-m", "pip", "install", "--no-index", "--no-deps"]
    subprocess.run(
        [*install, "--quiet", "--disable-pip-version-check", str(wheel_file)], check=True
    )
    return venv


def test_installs_into_a_fresh_venv_and_replays_a_record(our_wheel: Path, tmp_path: Path) -> None:
    # Intent: someone who wants the engine as a library can pip-install this wheel, and
    # both the module and the console script work from it.
    venv = installed(our_wheel, tmp_path / "venv")
    python = venv / "bin" / "python"
    expected = json.loads(RECORD.with_suffix(".summary.json").read_text(encoding="utf-8"))
    for command in ([str(python), "-m", "skyjo"], [str(venv / "bin" / "skyjo")]):
        # From tmp_path, so that the checkout's src/ cannot be what is imported.
        result = subprocess.run(
            [*command, "replay", str(RECORD)], cwd=tmp_path, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == expected
    where = subprocess.run(
        [str(python), "-c", "import skyjo; print(skyjo.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert where.stdout.startswith(str(venv))


def test_a_bot_author_needs_no_web_layer(our_wheel: Path, tmp_path: Path) -> None:
    # Intent: the engine and bots a bot author imports stand without the site's
    # Python (issue 37's layers). The installed wheel's skyjo/web is deleted; the
    # public names of docs/bots.md still import and the example bot plays a game.
    venv = installed(our_wheel, tmp_path / "venv")
    python = venv / "bin" / "python"
    where = subprocess.run(
        [str(python), "-c", "import skyjo, os; print(os.path.dirname(skyjo.__file__))"],
        cwd=tmp_path, capture_output=True, text=True, check=True, env=ALONE,
    )  # fmt: skip
    web = Path(where.stdout.strip()) / "web"
    # Only ever the venv's copy: with PYTHONPATH pointing at a checkout, the venv
    # would import (and this test would delete) the checkout's own skyjo/web.
    assert web.is_relative_to(venv) and (web / "ui").is_dir(), web
    shutil.rmtree(web)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    script = (
        "from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard\n"
        "from skyjo.bots import Decision, ask\n"
        "from skyjo.bots.base import Reason\n"
        "from skyjo.bots.reasons import because, english\n"
        "from skyjo.game import Game\n"
        "from skyjo.view import PlayerView\n"
        "print(english(Reason('bot.act.draw')))\n"
    )
    names = subprocess.run(
        [str(python), "-c", script], cwd=tmp_path, capture_output=True, text=True, env=ALONE
    )
    assert names.returncode == 0, names.stderr
    assert names.stdout.strip() == "drawing"
    game = subprocess.run(
        [str(python), "-m", "skyjo", "simulate", "--games", "2", "--seed", "3",
         "--players", "examples.threshold_bot:make,easy"],
        cwd=tmp_path, capture_output=True, text=True, env=ALONE,
    )  # fmt: skip
    assert game.returncode == 0, game.stderr
    assert "threshold_bot" in game.stdout
    assert not web.exists()


def test_a_broken_pyproject_is_a_one_line_error(tmp_path: Path) -> None:
    # Intent: a project the wheel cannot be made from says what is wrong, not a traceback.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "skyjo"\n', encoding="utf-8")
    with pytest.raises(wheel.WheelError, match=r"\[project\] lacks 'version'"):
        wheel.build_wheel(tmp_path, tmp_path, epoch=EPOCH)


def test_site_zip_is_deterministic_and_unpacks_into_one_folder(tmp_path: Path) -> None:
    # Intent: the release archive for self-hosting holds the site in one top folder and
    # is the same bytes when written twice from the same files.
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    (site / "pyodide" / "pyodide.mjs").write_text("export {}", encoding="utf-8")
    first = build.write_site_zip(site, tmp_path / "a")
    second = build.write_site_zip(site, tmp_path / "b")
    assert first.name == second.name == f"skyjo-site-{wheel.read_project(ROOT).version}.zip"
    assert first.read_bytes() == second.read_bytes()
    top = first.stem
    with zipfile.ZipFile(first) as archive:
        assert archive.namelist() == [f"{top}/index.html", f"{top}/pyodide/pyodide.mjs"]
        assert archive.read(f"{top}/pyodide/pyodide.mjs") == b"export {}"
