"""The package's layers, read from its imports: arrows point down, never round.

``src/skyjo`` is built in floors (``docs/architecture.md``): the words
(``skyjo.i18n``) at the bottom, then the engine (the modules at the package's
top level), the bots, what uses bots (the review, the scenarios, the simulator
and the command line), and on top what only the web pages need (``skyjo.web``).
A module may import its own floor and the floors below it. Every import counts,
also one inside a function (a lazy import is still an arrow: the module cannot
run without the other) and one under ``TYPE_CHECKING``.

The checker works on any folder, so the tests below also plant violations in a
small copy to show it finds each kind.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: The floors, bottom first; each names the modules on it by dotted prefix. A
#: module sits on the floor of its longest matching prefix.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("words", ("skyjo.errors", "skyjo.i18n")),
    (
        "engine",
        (
            "skyjo.cards",
            "skyjo.rules",
            "skyjo.actions",
            "skyjo.state",
            "skyjo.engine",
            "skyjo.scoring",
            "skyjo.events",
            "skyjo.view",
            "skyjo.record",
            "skyjo.game",
            "skyjo.jsontext",
            "skyjo.names",
            "skyjo.share",
            "skyjo.steps",
            "skyjo.text",
        ),
    ),
    ("bots", ("skyjo.bots",)),
    ("uses of bots", ("skyjo.review", "skyjo.scenarios", "skyjo.simulate", "skyjo.jobs")),
    ("command line", ("skyjo.cli", "skyjo.__main__", "skyjo")),
    ("web", ("skyjo.web",)),
)


@dataclass(frozen=True)
class Arrow:
    """``source`` imports ``target`` at ``line`` of ``path``."""

    source: str
    target: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} imports {self.target}"


def module_name(root: Path, path: Path) -> str:
    """``skyjo.bots.base`` for ``<root>/skyjo/bots/base.py``; a package is its
    ``__init__``'s folder."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def arrows(root: Path, package: str = "skyjo") -> Iterator[Arrow]:
    """Every import of a module of ``package`` by a module of ``package`` under
    ``root``, resolved to the module imported (``from skyjo import engine`` is
    an arrow to ``skyjo.engine``, ``from skyjo.bots.base import Decision`` one
    to ``skyjo.bots.base``)."""
    files = sorted((root / package).rglob("*.py"))
    known = {module_name(root, path) for path in files}
    for path in files:
        source = module_name(root, path)
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    here = source.split(".") if is_package else source.split(".")[:-1]
                    here = here[: len(here) - (node.level - 1)]
                    base = ".".join([*here, base] if base else here)
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                    for alias in node.names
                ]
            for target in targets:
                if target == package or target.startswith(package + "."):
                    # "import skyjo.bots.base" names skyjo.bots.base; keep the
                    # longest known module the name starts with.
                    while target not in known and "." in target:
                        target = target.rsplit(".", 1)[0]
                    if target != source:
                        yield Arrow(source, target, path, node.lineno)


def floor_of(module: str) -> int:
    """The index in :data:`FLOORS` of ``module``'s floor (its longest prefix)."""
    best, best_length = -1, -1
    for index, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    if best < 0:
        raise AssertionError(f"{module} is on no floor: add it to FLOORS in {__file__}")
    return best


def upward(found: list[Arrow]) -> list[str]:
    """The arrows from a floor to a higher one, each with both floors named."""
    return [
        f"{arrow} ({FLOORS[floor_of(arrow.source)][0]} -> {FLOORS[floor_of(arrow.target)][0]})"
        for arrow in found
        if floor_of(arrow.target) > floor_of(arrow.source)
    ]


def loops(found: list[Arrow]) -> list[list[str]]:
    """The import loops: each strongly connected group of two or more modules
    (Tarjan's algorithm), its members sorted."""
    edges: dict[str, set[str]] = {}
    for arrow in found:
        edges.setdefault(arrow.source, set()).add(arrow.target)
        edges.setdefault(arrow.target, set())
    return [sorted(group) for group in _strongly_connected(edges) if len(group) > 1]


def _strongly_connected(edges: Mapping[str, set[str]]) -> list[set[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for following in sorted(edges[node]):
            if following not in index:
                visit(following)
                low[node] = min(low[node], low[following])
            elif following in on_stack:
                low[node] = min(low[node], index[following])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


# --- the package -------------------------------------------------------------------


@pytest.fixture(scope="module")
def package_arrows() -> list[Arrow]:
    return list(arrows(SRC))


def test_every_module_is_on_a_floor_and_the_imports_were_read(
    package_arrows: list[Arrow],
) -> None:
    modules = {module_name(SRC, path) for path in (SRC / "skyjo").rglob("*.py")}
    for module in modules:
        floor_of(module)
    # The reading itself: an import we know is there is found.
    assert any(a.source == "skyjo.web.ui.app" and a.target == "skyjo.game" for a in package_arrows)
    assert len(package_arrows) > 300


def test_nothing_outside_web_imports_from_it(package_arrows: list[Arrow]) -> None:
    into_web = [
        str(a)
        for a in package_arrows
        if a.target.startswith("skyjo.web") and not a.source.startswith("skyjo.web")
    ]
    assert into_web == []


def test_the_engine_imports_neither_web_nor_bots(package_arrows: list[Arrow]) -> None:
    engine = FLOORS[1][1]
    wrong = [
        str(a)
        for a in package_arrows
        if a.source.startswith(engine)
        and a.target.startswith(("skyjo.web", "skyjo.bots", "skyjo.review", "skyjo.simulate"))
    ]
    assert wrong == []


def test_no_arrow_runs_up_a_floor(package_arrows: list[Arrow]) -> None:
    assert upward(package_arrows) == []


def test_the_package_has_no_import_loop(package_arrows: list[Arrow]) -> None:
    assert loops(package_arrows) == []


# --- the checker finds what is planted ------------------------------------------------


def plant(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


CLEAN = {
    "skyjo/__init__.py": "",
    "skyjo/errors.py": "",
    "skyjo/engine.py": "from skyjo.errors import SkyjoError\n",
    "skyjo/bots/__init__.py": "",
    "skyjo/bots/base.py": "from skyjo import engine\n",
    "skyjo/web/__init__.py": "",
    "skyjo/web/page.py": "from skyjo.bots.base import Bot\nfrom . import helpers\n",
    "skyjo/web/helpers.py": "import skyjo.engine\n",
}


def test_a_clean_copy_passes(tmp_path: Path) -> None:
    found = list(arrows(plant(tmp_path, CLEAN)))
    assert {(a.source, a.target) for a in found} == {
        ("skyjo.engine", "skyjo.errors"),
        ("skyjo.bots.base", "skyjo.engine"),
        ("skyjo.web.page", "skyjo.bots.base"),
        ("skyjo.web.page", "skyjo.web.helpers"),
        ("skyjo.web.helpers", "skyjo.engine"),
    }
    assert upward(found) == [] and loops(found) == []


def test_a_web_import_in_the_engine_is_found_even_inside_a_function(tmp_path: Path) -> None:
    planted = CLEAN | {
        "skyjo/engine.py": "def later() -> None:\n    from skyjo.web.page import start\n",
    }
    found = list(arrows(plant(tmp_path, planted)))
    assert upward(found) == [
        f"{tmp_path / 'skyjo/engine.py'}:2: skyjo.engine imports skyjo.web.page (engine -> web)"
    ]
    assert loops(found) == [
        ["skyjo.bots.base", "skyjo.engine", "skyjo.web.helpers", "skyjo.web.page"]
    ]


def test_a_relative_import_of_bots_in_the_engine_is_found(tmp_path: Path) -> None:
    planted = CLEAN | {"skyjo/engine.py": "from .bots import base\n"}
    found = list(arrows(plant(tmp_path, planted)))
    assert [a.target for a in found if a.source == "skyjo.engine"] == ["skyjo.bots.base"]
    assert len(upward(found)) == 1


def test_a_loop_on_one_floor_is_found(tmp_path: Path) -> None:
    planted = CLEAN | {
        "skyjo/bots/base.py": "from skyjo.bots import reasons\n",
        "skyjo/bots/reasons.py": "from skyjo.bots.base import Bot\n",
    }
    found = list(arrows(plant(tmp_path, planted)))
    assert upward(found) == []
    assert loops(found) == [["skyjo.bots.base", "skyjo.bots.reasons"]]
