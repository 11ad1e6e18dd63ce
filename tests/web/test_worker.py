"""The pages' Python in its Web Worker (issue 21): the calls the main thread makes,
the storage mirror (saves in the device's database, settings in localStorage, and
the one-time move between them: issue 36), and that nothing on the worker's side reaches for a
``document`` or ``window`` it does not have."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyjo.i18n.language import SAVED_LANGUAGE_KEY
from skyjo.web.device import (
    DATABASE,
    HINT,
    LOCAL,
    PRESENT,
    SAVES,
    Keeper,
    place,
)
from skyjo.web.scorepad.app import CORRUPT_KEY as PAD_CORRUPT
from skyjo.web.scorepad.app import CURRENT_KEY as PAD_CURRENT
from skyjo.web.scorepad.app import DRAFT_KEY as PAD_DRAFT
from skyjo.web.scorepad.app import SAVE_KEY as PAD_SAVE
from skyjo.web.ui.app import CORRUPT_KEY as CORRUPT
from skyjo.web.ui.app import RECENT_KEY as RECENT
from skyjo.web.ui.app import RECENT_UNREADABLE_KEY as RECENT_UNREADABLE
from skyjo.web.ui.app import SAVE_KEY as GAME_SAVE
from skyjo.web.ui.app import SETUP_KEY as SETUP
from skyjo.web.ui.app import SETUP_UNREADABLE_KEY as SETUP_UNREADABLE
from skyjo.web.worker import host
from skyjo.web.worker.effects import Effects
from skyjo.web.worker.mirror import MirrorStorage

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "skyjo"


@pytest.fixture
def pushed() -> Iterator[list[tuple[str, str]]]:
    """What the views push; their work between intents (the bots) is cancelled
    when the test ends, as when a page is closed."""
    seen: list[tuple[str, str]] = []
    saved = host.PUSH
    host.PUSH = lambda view, effects: seen.append((view, effects))
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield seen
    for task in asyncio.all_tasks(loop):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
    loop.close()
    asyncio.set_event_loop(None)
    host.PUSH = saved
    host.VIEWS.clear()


def ops(text: str) -> list[list[Any]]:
    value = json.loads(text)
    assert isinstance(value, list)
    return value


def test_a_view_opens_answers_intents_and_puts_its_storage_writes_first(
    pushed: list[tuple[str, str]],
) -> None:
    context = {"languages": ["nl"], "search": "?seed=2", "storage": {"skyjo.language": "de"}}
    first = ops(host.open_view("v", "index", json.dumps(context)))
    assert ["lang", "de"] in first and first[-1] == ["ready"]
    answer = ops(host.intent("v", json.dumps({"type": "click", "intent": "quick", "data": {}})))
    assert answer[0][0] == "store"
    places = {key: where for key, _, where in answer[0][1]}
    # Without a database (the context says none) everything stays in localStorage.
    assert places["skyjo.game"] == "local" and places["skyjo.setup"] == "local"


def test_with_a_database_saves_go_there_and_settings_stay_in_local_storage(
    pushed: list[tuple[str, str]],
) -> None:
    context = {"languages": ["en"], "search": "?seed=2", "storage": {}, "database": {}}
    host.open_view("v", "index", json.dumps(context))
    answer = ops(host.intent("v", json.dumps({"type": "click", "intent": "quick", "data": {}})))
    writes = answer[0][1]
    places = {key: where for key, _, where in writes}
    # (Starting a game also notes "how to play" as seen: a setting, kept locally.)
    assert places == {
        "skyjo.setup": "local",
        "skyjo.howto": "local",
        "skyjo.game": "db",
        "skyjo.game-kept": "hint",
    }
    keys = [key for key, _, _ in writes]
    # The mark follows the save it marks (a refused save never leaves a mark).
    assert keys.index("skyjo.game-kept") == keys.index("skyjo.game") + 1


def test_a_closed_view_hears_nothing_more(pushed: list[tuple[str, str]]) -> None:
    host.open_view("v", "index", json.dumps({"languages": ["en"]}))
    host.close_view("v")
    host.close_view("v")
    assert "v" not in host.VIEWS
    assert ops(host.intent("v", json.dumps({"type": "click", "intent": "quick"}))) == []


def test_an_unknown_page_or_bad_context_fails_in_words(pushed: list[tuple[str, str]]) -> None:
    assert ops(host.open_view("v", "nowhere", "{}"))[0][0] == "failed"
    assert ops(host.open_view("v", "index", "[" * 10_000))[0][0] == "failed"
    assert ops(host.intent("unknown", "{}")) == []


def test_a_garbled_intent_is_a_warning_not_a_traceback(pushed: list[tuple[str, str]]) -> None:
    host.open_view("v", "index", json.dumps({"languages": ["en"]}))
    for text in ("not json", "[1, 2]", '{"type": "click", "intent": "card", "data": 5}'):
        answer = ops(host.intent("v", text))
        assert all(op[0] != "failed" for op in answer)


def test_a_refusal_reconciles_the_mirror_and_the_page_says_so(
    pushed: list[tuple[str, str]],
) -> None:
    host.open_view("v", "index", json.dumps({"languages": ["en"], "search": "?seed=1"}))
    host.intent("v", json.dumps({"type": "click", "intent": "quick", "data": {}}))
    view = host.VIEWS["v"]
    assert view.storage.get("skyjo.game") is not None
    report = {"key": "skyjo.game", "truth": {"skyjo.game": None, "skyjo.setup": "{}"}}
    answer = ops(host.refused("v", json.dumps(report)))
    assert view.storage.get("skyjo.game") is None
    assert any("could not be saved" in json.dumps(op) for op in answer if op[0] == "html")


def test_the_mirror_takes_writes_in_order_and_takes_the_truth_back() -> None:
    mirror = MirrorStorage({"a": "1"})
    assert mirror.set("b", "2") and mirror.get("b") == "2"
    mirror.remove("a")
    mirror.remove("never")
    assert mirror.take_writes() == [("b", "2", "local"), ("a", None, "local")]
    assert mirror.take_writes() == []
    assert mirror.reconcile({"a": "1", "b": None}) == {"a", "b"}
    assert (mirror.get("a"), mirror.get("b")) == ("1", None)


def test_a_set_aside_copy_refused_after_the_fact_leaves_the_original_guarded() -> None:
    mirror = MirrorStorage({"save": "bad"})
    keeper = Keeper(mirror)
    found = keeper.found_unreadable("save", "bad", "why", aside="aside")
    assert found.kept_as == "aside" and mirror.get("save") is None
    # The main thread could not write the copy and so never removed the original.
    mirror.reconcile({"aside": None, "save": "bad"})
    assert keeper.refused("aside")
    assert keeper.unreadable[-1].kept_as is None
    assert not keeper.write("save", "new") and mirror.get("save") == "bad"


# --- saves in the device's database (issue 36) ------------------------------------------------


def test_saves_and_their_set_aside_slots_go_to_the_database_settings_do_not() -> None:
    for key in (
        PAD_SAVE,
        PAD_CURRENT,
        PAD_DRAFT,
        PAD_CORRUPT,
        GAME_SAVE,
        RECENT,
        RECENT_UNREADABLE,
        CORRUPT,
    ):
        assert place(key, database=True) == DATABASE, key
        assert place(key, database=False) == LOCAL, key
    assert place(CORRUPT + ".2", database=True) == DATABASE
    assert place(CORRUPT + ".9", database=True) == DATABASE
    assert place(CORRUPT + ".10", database=True) == LOCAL
    for key in (SETUP, SETUP_UNREADABLE, SAVED_LANGUAGE_KEY, "skyjo.wasm-cached", "other"):
        assert place(key, database=True) == LOCAL, key
    assert set(PRESENT) == {GAME_SAVE, PAD_SAVE}


def test_the_mirror_reads_saves_from_the_database_and_settings_from_local_storage() -> None:
    mirror = MirrorStorage({"skyjo.language": "de"}, database={GAME_SAVE: "g", PAD_SAVE: "p"})
    assert (mirror.get("skyjo.language"), mirror.get(GAME_SAVE), mirror.get(PAD_SAVE)) == (
        "de",
        "g",
        "p",
    )
    assert mirror.take_writes() == []
    mirror.set(PAD_SAVE, "p2")
    mirror.set("skyjo.language", "fr")
    mirror.remove(GAME_SAVE)
    assert mirror.take_writes() == [
        (PAD_SAVE, "p2", DATABASE),
        (PRESENT[PAD_SAVE], "1", HINT),
        ("skyjo.language", "fr", LOCAL),
        (GAME_SAVE, None, DATABASE),
        (PRESENT[GAME_SAVE], None, HINT),
    ]


def test_a_save_in_both_places_is_read_from_the_database() -> None:
    # (The main thread moves old saves before Python opens the page and leaves one
    # whose database copy differs where it is: the database's was written since.)
    mirror = MirrorStorage({GAME_SAVE: "old", "skyjo.language": "nl"}, database={GAME_SAVE: "new"})
    assert (mirror.get(GAME_SAVE), mirror.get("skyjo.language")) == ("new", "nl")
    assert mirror.take_writes() == []


def test_the_main_thread_moves_exactly_the_keys_python_keeps_in_the_database() -> None:
    # page.mjs moves old saves out of localStorage by a pattern of its own; it must
    # name the same keys as skyjo.web.device.place, and mark the same saves.
    text = (ROOT / "site" / "page.mjs").read_text(encoding="utf-8")
    pattern = re.search(r"^const SAVE_KEY = /(.+)/;$", text, re.MULTILINE)
    marks = re.search(r"^const PRESENT = (\{.+\});$", text, re.MULTILINE)
    assert pattern is not None and marks is not None
    saves = re.compile(pattern.group(1))
    keys = [
        *SAVES,
        *(f"{key}.{n}" for key in SAVES for n in range(1, 12)),
        SETUP,
        SETUP_UNREADABLE,
        SAVED_LANGUAGE_KEY,
        "skyjo.wasm-cached",
        "skyjo.games",
        "skyjo-scorepad-language",
        "skyjo.game-kept",
        "xskyjo.game",
    ]
    for key in keys:
        assert bool(saves.fullmatch(key)) == (place(key, database=True) == DATABASE), key
    assert json.loads(marks.group(1)) == PRESENT


def test_a_moves_save_is_written_after_the_paint_and_other_writes_before_it(
    pushed: list[tuple[str, str]],
) -> None:
    # Intent: a move on the table shows without waiting for the device's database
    # (its save's refusal only adds words), while a write whose refusal changes the
    # screen (the setup remembered when a game starts) is made before anything paints.
    context = {"languages": ["en"], "search": "?seed=2", "storage": {}, "database": {}}
    host.open_view("v", "index", json.dumps(context))
    start = ops(host.intent("v", json.dumps({"type": "click", "intent": "quick", "data": {}})))
    assert start[0][0] == "store" and "skyjo.setup" in {w[0] for w in start[0][1]}
    assert start[0][2:] == []
    # The first card the page offers to tap (the game opens with each player turning
    # two cards), tapped as the page sends it.
    html = next(op[2] for op in start if op[0] == "html" and op[1] == "app")
    card = r'data-intent="card" data-seat="(\d+)" data-pos="(\d+)" data-action="(\w+)"'
    target = re.search(card, html)
    assert target is not None
    seat, pos, action = target.groups()
    data = {"intent": "card", "seat": seat, "pos": pos, "action": action}
    tap = {"type": "click", "intent": "card", "action": action, "data": data}
    move = ops(host.intent("v", json.dumps(tap)))
    assert move[0][0] == "store"
    assert {key for key, _, place in move[0][1] if place != "hint"} == {"skyjo.game"}
    assert move[0][2:] == ["after-paint"]


def test_effects_are_plain_json() -> None:
    effects = Effects().html("app", "<p>é</p>", mark="m").focus(wanted="x")
    effects.store([("k", None, "db")])
    assert json.loads(effects.to_json()) == [
        ["store", [["k", None, "db"]]],
        ["html", "app", "<p>é</p>", "m", False],
        ["focus", {"wanted": "x", "keep": True, "next": []}],
    ]


# --- nothing on the worker's side touches document or window ---------------------------


def worker_modules() -> dict[str, str]:
    """Every skyjo module the worker's controllers import (their closure), by name,
    with its file: found in a fresh interpreter, which opens every page's view."""
    script = (
        "import json, sys\n"
        "from skyjo.web.worker import host\n"
        "for page, opener in host.openers().items():\n"
        "    host.open_view(page, page, json.dumps({'languages': ['en']}))\n"
        "print(json.dumps({n: getattr(m, '__file__', '') or '' for n, m in sys.modules.items()"
        " if n.startswith('skyjo')}))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    found: dict[str, str] = json.loads(run.stdout.splitlines()[-1])
    assert "skyjo.web.ui.page" in found and "skyjo.web.scorepad.page" in found
    return found


def test_no_worker_module_imports_pyscript_or_reaches_for_the_document() -> None:
    found = []
    for name, file in sorted(worker_modules().items()):
        path = Path(file)
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [alias.name for alias in node.names]
                for imported in names:
                    if imported.split(".")[0] in ("pyscript", "js", "pyodide"):
                        found.append(f"{name}: imports {imported}")
        # A module-level global called document or window (a local variable of that
        # name, say a JSON document, is the module's own).
        bound = {
            node.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        } | {
            arg.arg
            for node in ast.walk(tree)
            if isinstance(node, ast.arguments)
            for arg in node.args + node.kwonlyargs
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in {"document", "window"} - bound:
                found.append(f"{name}:{node.lineno}: uses {node.id}")
    assert found == []


def test_the_worker_script_touches_nothing_but_sync() -> None:
    tree = ast.parse((ROOT / "site" / "worker.py").read_text(encoding="utf-8"))
    imported = [
        (node.module, [alias.name for alias in node.names])
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    ]
    assert ("pyscript", ["sync"]) in imported
    assert all(module != "pyscript" or names == ["sync"] for module, names in imported)
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert not names & {"document", "window"}


#: Standard modules Pyodide compiles from source (its standard library ships as
#: source) the first time a page imports them, twice each through zipimport: a
#: first start paid 40-50 ms for urllib.parse and ipaddress, 7 ms for csv
#: (7 December, profiled in Chromium). No worker module imports them when it is
#: imported; a function that needs one imports it when called.
COMPILED_AT_FIRST_START = frozenset({"urllib", "ipaddress", "csv"})


def module_level_imports(tree: ast.Module) -> set[str]:
    """The top-level packages a module imports as it is imported: its body's
    imports, also inside a module-level ``if`` or ``try`` (not ``if TYPE_CHECKING``)."""
    found: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                pending += node.body + node.orelse
        elif isinstance(node, ast.Try):
            pending += node.body + node.orelse + node.finalbody
            for handler in node.handlers:
                pending += handler.body
    return found


def test_no_worker_module_imports_what_pyodide_compiles_at_a_first_start() -> None:
    found = []
    for name, file in sorted(worker_modules().items()):
        path = Path(file)
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            slow = module_level_imports(tree) & COMPILED_AT_FIRST_START
            found += [f"{name} imports {module}" for module in sorted(slow)]
    assert found == []
