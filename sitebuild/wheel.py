"""Build the engine's wheel from ``src/skyjo`` and ``pyproject.toml`` with the standard
library alone.

Why not hatchling (the declared build backend, which ``pip install .`` and
``python -m build`` still use)? The site build is the README's first command and
must work with nothing pip-installed. A pure-Python wheel is a zip file with the
package and a ``.dist-info`` folder of three small text files (PEP 427, the binary
distribution format), so writing it here is less code than any workaround.

What goes in: every file under ``src/skyjo`` except bytecode caches, at the same
paths hatchling uses (``skyjo/...``); ``METADATA`` from the ``[project]`` table
(core metadata 2.4); ``WHEEL``; ``entry_points.txt`` for ``[project.scripts]``; and
``RECORD`` with each file's sha256 and size. Entries are sorted with the
``.dist-info`` folder last and stamped with the commit time, so the same commit gives
the same bytes (and so the service worker's version only changes with the content).
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sitebuild.zipfiles import write_zip

#: The wheel's tag: pure Python, any interpreter that runs Python 3.
TAG = "py3-none-any"


class WheelError(Exception):
    """The project cannot be turned into a wheel; the message says what to fix."""


@dataclass(frozen=True)
class Project:
    """The ``[project]`` fields a wheel needs, read from ``pyproject.toml``."""

    name: str
    version: str
    summary: str
    requires_python: str
    license: str
    readme: str
    scripts: tuple[tuple[str, str], ...]
    #: Run-time requirements (PEP 508 strings); the engine has none.
    dependencies: tuple[str, ...]
    #: Optional requirement groups by extra name, e.g. ``dev``.
    extras: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def distribution(self) -> str:
        """The name as it appears in file names (PEP 427: runs of ``-_.`` become ``_``)."""
        return re.sub(r"[-_.]+", "_", self.name).lower()

    @property
    def dist_info(self) -> str:
        """The metadata folder inside the wheel."""
        return f"{self.distribution}-{self.version}.dist-info"

    @property
    def wheel_name(self) -> str:
        """The wheel's file name, which pip parses: name, version and tag."""
        return f"{self.distribution}-{self.version}-{TAG}.whl"


def read_project(root: Path) -> Project:
    """Read ``root/pyproject.toml``'s ``[project]`` table and its README."""
    path = root / "pyproject.toml"
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as error:
        raise WheelError(f"{path.name} has no readable [project] table ({error})") from None
    try:
        readme = (root / table["readme"]).read_text(encoding="utf-8") if "readme" in table else ""
        return Project(
            name=table["name"],
            version=table["version"],
            summary=table.get("description", ""),
            requires_python=table.get("requires-python", ""),
            license=table.get("license", ""),
            readme=readme,
            scripts=tuple(sorted(table.get("scripts", {}).items())),
            dependencies=tuple(table.get("dependencies", ())),
            extras=tuple(
                (extra, tuple(requirements))
                for extra, requirements in sorted(table.get("optional-dependencies", {}).items())
            ),
        )
    except KeyError as error:
        raise WheelError(f"{path.name}: [project] lacks {error}") from None
    except OSError as error:
        raise WheelError(f"{path.name}: cannot read the readme ({error.strerror})") from None


def metadata(project: Project) -> str:
    """The ``METADATA`` file: core metadata 2.4 with the README as the description."""
    lines = ["Metadata-Version: 2.4", f"Name: {project.name}", f"Version: {project.version}"]
    if project.summary:
        lines.append(f"Summary: {project.summary}")
    if project.license:
        lines.append(f"License-Expression: {project.license}")
    if project.requires_python:
        lines.append(f"Requires-Python: {project.requires_python}")
    lines += [f"Requires-Dist: {requirement}" for requirement in project.dependencies]
    for extra, requirements in project.extras:
        lines.append(f"Provides-Extra: {extra}")
        lines += [f"Requires-Dist: {req}; extra == '{extra}'" for req in sorted(requirements)]
    if project.readme:
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + project.readme
    return "\n".join(lines) + "\n"


def wheel_file() -> str:
    """The ``WHEEL`` file: format version, generator and tag."""
    return f"Wheel-Version: 1.0\nGenerator: skyjo build.py\nRoot-Is-Purelib: true\nTag: {TAG}\n"


def entry_points(project: Project) -> str:
    """``entry_points.txt`` for the console scripts, or ``""`` when there are none."""
    if not project.scripts:
        return ""
    body = "".join(f"{name} = {target}\n" for name, target in project.scripts)
    return "[console_scripts]\n" + body


def package_files(package: Path) -> list[tuple[str, bytes]]:
    """Every file of the package as (path inside the wheel, bytes), sorted; bytecode
    caches are left out (pip compiles its own)."""
    files = []
    for path in sorted(package.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        name = (Path(package.name) / path.relative_to(package)).as_posix()
        files.append((name, path.read_bytes()))
    return files


def record_line(name: str, data: bytes) -> str:
    """One ``RECORD`` row: path, ``sha256=`` urlsafe base64 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def build_wheel(root: Path, out_dir: Path, *, epoch: int) -> Path:
    """Write the wheel of the project at ``root`` into ``out_dir``; return its path.

    ``epoch`` (seconds, UTC) stamps every entry: pass the commit time."""
    project = read_project(root)
    package = root / "src" / project.distribution
    if not (package / "__init__.py").is_file():
        raise WheelError(f"src/{project.distribution}/__init__.py is missing")
    entries = package_files(package)
    info = project.dist_info
    entries.append((f"{info}/METADATA", metadata(project).encode()))
    entries.append((f"{info}/WHEEL", wheel_file().encode()))
    if project.scripts:
        entries.append((f"{info}/entry_points.txt", entry_points(project).encode()))
    record = "".join(record_line(name, data) for name, data in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    target = out_dir / project.wheel_name
    write_zip(target, entries, epoch=epoch)
    return target
