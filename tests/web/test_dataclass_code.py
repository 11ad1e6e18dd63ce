"""Dataclasses made from stored code (``skyjo.web.worker.dataclass_code``), on CPython.

The page's worker installs the table the build wrote with Pyodide (see
tests/test_bytecode.py for that archive); here a table recorded on this Python
stands in for it. Each test defines its classes from source text of its own, so
which methods come from the table is under the test's control.
"""

from __future__ import annotations

import dataclasses
import marshal
import sys
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyjo.web.worker import dataclass_code

#: A frozen, slotted dataclass with a default, as the engine writes them.
CARD = """
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Card:
    value: int
    face_up: bool = False
    notes: tuple[str, ...] = field(default=())
"""

#: A class the table below never saw.
SEAT = """
from dataclasses import dataclass

@dataclass(order=True)
class Seat:
    name: str
    index: int = 0
"""


def define(source: str) -> dict[str, Any]:
    """The names ``source`` defines, run as a module of its own (dataclasses looks
    a class's module up to read its annotations)."""
    module = types.ModuleType("defined_here")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, "<test>", "exec"), vars(module))
    finally:
        del sys.modules[module.__name__]
    return vars(module)


@pytest.fixture(autouse=True)
def dataclasses_as_shipped() -> Iterator[None]:
    """Every test leaves :mod:`dataclasses` compiling its own source."""
    yield
    dataclass_code.uninstall()
    assert "exec" not in vars(dataclasses)


def recorded(source: str) -> bytes:
    with dataclass_code.recording() as table:
        define(source)
    assert "exec" not in vars(dataclasses), "recording left its exec behind"
    return dataclass_code.dumps(table)


def test_a_recorded_table_makes_the_same_class_without_compiling() -> None:
    # Intent: a class made from the table is the class dataclasses would make:
    # same fields, defaults, equality, hash, repr, frozen and slotted; and its
    # methods were not compiled again.
    table = dataclass_code.loads(recorded(CARD))
    assert table, "recording kept no code"
    plain = define(CARD)["Card"]
    uses = dataclass_code.install(table)
    served = define(CARD)["Card"]
    assert uses.served > 0 and uses.compiled == 0
    for made in (plain, served):
        card = made(5)
        assert (card.value, card.face_up, card.notes) == (5, False, ())
        assert card == made(5) and card != made(5, True)
        assert hash(card) == hash(made(5))
        assert repr(card) == "Card(value=5, face_up=False, notes=())"
        with pytest.raises(dataclasses.FrozenInstanceError):
            card.value = 6
        assert not hasattr(card, "__dict__")
    assert [f.name for f in dataclasses.fields(served)] == ["value", "face_up", "notes"]


def test_a_class_the_table_lacks_is_compiled_as_before() -> None:
    # Intent: a class the build did not see (or whose methods dataclasses writes
    # differently) is compiled from its own text: never another class's code.
    uses = dataclass_code.install(dataclass_code.loads(recorded(CARD)))
    seat = define(SEAT)["Seat"]
    assert uses.compiled > 0 and uses.served == 0
    assert seat("Ann", 2) < seat("Ben", 1)
    assert repr(seat("Ann")) == "Seat(name='Ann', index=0)"


def test_a_damaged_entry_is_compiled_instead() -> None:
    # Intent: an entry that does not unmarshal to code costs its compile, nothing more.
    table = {text: b"\x00 not code" for text in dataclass_code.loads(recorded(CARD))}
    uses = dataclass_code.install(table)
    card = define(CARD)["Card"](3)
    assert uses.served == 0 and uses.compiled > 0
    assert card.value == 3


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"certainly not marshal", "cannot be read"),
        (marshal.dumps(["a", "list"]), "not a mapping"),
        (marshal.dumps({"text": "not bytes"}), "not a mapping"),
        (marshal.dumps({1: b"code"}), "not a mapping"),
    ],
)
def test_a_table_that_is_not_one_is_refused(data: bytes, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        dataclass_code.loads(data)


def archive(path: Path, members: dict[str, bytes]) -> str:
    with zipfile.ZipFile(path, "w") as bundle:
        for name, data in members.items():
            bundle.writestr(name, data)
    return str(path)


def test_the_worker_installs_the_table_from_the_engine_archive(tmp_path: Path) -> None:
    # Intent: site/worker.py's call finds the table where the build puts it.
    path = archive(tmp_path / "skyjo.zip", {dataclass_code.MEMBER: recorded(CARD)})
    uses = dataclass_code.install_from(path)
    assert uses is not None
    define(CARD)
    assert uses.served > 0 and uses.compiled == 0


@pytest.mark.parametrize(
    "members",
    [
        {},  # an archive built without the table
        {dataclass_code.MEMBER: b"written by another Python, say"},
    ],
)
def test_an_archive_without_a_readable_table_changes_nothing(
    tmp_path: Path, members: dict[str, bytes]
) -> None:
    # Intent: the table is a saving, never a condition for starting.
    path = archive(tmp_path / "skyjo.zip", {"skyjo/__init__.pyc": b"", **members})
    assert dataclass_code.install_from(path) is None
    assert "exec" not in vars(dataclasses)
    assert dataclass_code.install_from(str(tmp_path / "missing.zip")) is None
    assert define(CARD)["Card"](1).value == 1
