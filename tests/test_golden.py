"""Golden records: every ``tests/records/NAME.json`` replays to ``NAME.summary.json``.

Both files are written by ``tests/records/make_records.py`` (the summary is the
output of ``python -m skyjo replay``). An engine change that alters any outcome
fails here; after regenerating, the change shows up as a diff of these files to
review. The records also double as fixtures for the web page's end-to-end tests,
so their names are fixed below.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skyjo import record
from skyjo.errors import SkyjoError
from skyjo.rules import Rules

RECORDS = Path(__file__).resolve().parent / "records"
SRC = RECORDS.parents[1] / "src"

#: The golden records. Other tests and the web page's e2e tests use these names.
NAMES = (
    "default_full_game",
    "eight_players",
    "rules_target_50",
    "rules_column_keep_negative",
    "rules_column_off",
    "rules_no_double_on_tie",
    "rules_double_nonpositive",
    "reshuffle",
    "unfinished_round",
    "setup_in_progress",
)

#: Which option each rule-option record changes, and to what.
OPTION_RECORDS: dict[str, dict[str, Any]] = {
    "rules_target_50": {"target": 50},
    "rules_column_keep_negative": {"column_rule": "keep_negative"},
    "rules_column_off": {"column_rule": "off"},
    "rules_no_double_on_tie": {"double_on_tie": False},
    "rules_double_nonpositive": {"double_nonpositive": True},
}


def env() -> dict[str, str]:
    paths = [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def load(name: str) -> tuple[str, dict[str, Any]]:
    text = (RECORDS / f"{name}.json").read_text(encoding="utf-8")
    summary = json.loads((RECORDS / f"{name}.summary.json").read_text(encoding="utf-8"))
    assert isinstance(summary, dict)
    return text, summary


def test_the_golden_files_are_exactly_the_named_ones() -> None:
    records = {p.name.removesuffix(".json") for p in RECORDS.glob("*.json")}
    expected = set(NAMES) | {f"{n}.summary" for n in NAMES}
    assert records == expected


@pytest.mark.parametrize("name", NAMES)
def test_the_replay_command_prints_the_golden_summary(name: str) -> None:
    _, summary = load(name)
    result = subprocess.run(
        [sys.executable, "-m", "skyjo", "replay", str(RECORDS / f"{name}.json")],
        capture_output=True,
        text=True,
        env=env(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == summary


@pytest.mark.parametrize("name", NAMES)
def test_the_library_replays_to_the_golden_summary(name: str) -> None:
    """The browser's entry point (replay_summary) agrees with the command line."""
    text, summary = load(name)
    assert record.replay_summary(text) == summary


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_record_is_canonical_json(name: str) -> None:
    """Parsing and writing a record again loses and changes nothing."""
    text, _ = load(name)
    data = json.loads(text)
    assert record.to_json(record.loads(text)) == data
    assert json.loads(record.dumps(record.loads(text))) == data


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_summary_adds_up(name: str) -> None:
    """Sanity of the summaries themselves, from the documented meaning of the fields."""
    _, summary = load(name)
    rounds = summary["rounds"]
    players = len(summary["totals"])
    assert summary["totals"] == [sum(r["points"][p] for r in rounds) for p in range(players)]
    for r in rounds:
        doubled = [p for p in range(players) if r["points"][p] != r["raw"][p]]
        assert doubled in ([], [r["finisher"]])
        for p in doubled:
            assert r["points"][p] == 2 * r["raw"][p]
    lowest = min(summary["totals"])
    if summary["game_over"]:
        assert summary["current"] is None
        assert summary["winners"] == [p for p, t in enumerate(summary["totals"]) if t == lowest]
    else:
        assert summary["winners"] == []


@pytest.mark.parametrize("name", sorted(OPTION_RECORDS))
def test_a_rule_option_record_depends_on_its_option(name: str) -> None:
    """Each option record sets exactly its option, and replayed under the default
    rules it comes out differently (or is not even legal): the option matters."""
    text, summary = load(name)
    data = json.loads(text)
    assert data["rules"] == {**Rules().to_dict(), **OPTION_RECORDS[name]}
    rec = record.loads(text)
    assert summary["game_over"]
    try:
        under_defaults = record.summary(record.replay(replace(rec, rules=Rules())))
    except SkyjoError:
        return
    assert under_defaults != summary


def test_the_default_record_is_a_whole_game_of_several_rounds() -> None:
    text, summary = load("default_full_game")
    assert json.loads(text)["rules"] == Rules().to_dict()
    assert summary["game_over"] and len(summary["rounds"]) >= 3
    assert max(summary["totals"]) >= 100


def test_the_reshuffle_record_reshuffles() -> None:
    text, _ = load("reshuffle")
    moves = [m for r in json.loads(text)["rounds"] for m in r["moves"]]
    assert any("reshuffle" in m for m in moves)


@pytest.mark.parametrize(
    ("name", "phase"), [("unfinished_round", "turn"), ("setup_in_progress", "setup")]
)
def test_the_unfinished_records_are_unfinished(name: str, phase: str) -> None:
    _, summary = load(name)
    assert not summary["game_over"]
    assert summary["current"]["phase"] == phase


def test_the_eight_player_record_has_eight_players() -> None:
    text, summary = load("eight_players")
    assert len(json.loads(text)["players"]) == 8 == len(summary["totals"])


def test_the_regeneration_script_reproduces_every_golden_file(tmp_path: Path) -> None:
    """Running make_records.py again writes byte-identical files: the golden files
    are the script's output (not edited by hand) and the games are deterministic."""
    script = tmp_path / "make_records.py"
    shutil.copy(RECORDS / "make_records.py", script)
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        env=env(),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for name in NAMES:
        for suffix in (".json", ".summary.json"):
            made = (tmp_path / f"{name}{suffix}").read_text(encoding="utf-8")
            golden = (RECORDS / f"{name}{suffix}").read_text(encoding="utf-8")
            assert made == golden, f"{name}{suffix} differs from what make_records.py writes"
