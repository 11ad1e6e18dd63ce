"""Regenerate the golden game records in this directory and their summaries.

Run ``python tests/records/make_records.py`` from the repository root. It plays
seeded games, writes each record as ``NAME.json`` and the output of
``python -m skyjo replay NAME.json`` as ``NAME.summary.json``. ``tests/test_golden.py``
replays every record and compares with its summary, so an engine change that
alters any outcome shows up as a failing test and, once regenerated, as a diff in
these files for review.

The games are played by small seeded policies over the engine's legal actions
(uniform random, a low-card policy with random choices, or a staller that keeps
swapping into face-up cards so the draw pile runs out), so every record is a real,
legal game. Seeds of the rule-option records were searched so that the option
changes the outcome; the script checks that it still does and fails otherwise.

Filenames are stable: the web page's end-to-end tests use them too.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))

from skyjo import engine, record  # noqa: E402
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard  # noqa: E402
from skyjo.errors import SkyjoError  # noqa: E402
from skyjo.game import Game  # noqa: E402
from skyjo.rules import ColumnRule, Rules  # noqa: E402
from skyjo.state import Phase, State  # noqa: E402

Policy = Callable[[State, int, random.Random], PlayerAction]
Stop = Callable[[State], bool]


def random_policy(state: State, seat: int, rng: random.Random) -> PlayerAction:
    return rng.choice(engine.legal_actions(state, seat))


def low_card_policy(state: State, seat: int, rng: random.Random) -> PlayerAction:
    """Keep low cards, swap out high ones, otherwise turn up a random card: scores
    low enough that ties and non-positive finishers happen now and then."""
    legal = engine.legal_actions(state, seat)
    grid = state.grids[seat]
    if state.phase is Phase.SETUP:
        return rng.choice(legal)
    if state.phase is Phase.TURN:
        top = state.discard_top
        if TakeDiscard() in legal and top is not None and top <= 3:
            return TakeDiscard()
        return Draw() if Draw() in legal else legal[0]
    held = state.held
    assert held is not None
    face_up = [p for p in grid.present_positions() if grid.face_up[p]]
    worst = max(face_up, key=lambda p: grid.values[p], default=None)
    gain = grid.values[worst] - held if worst is not None else 0
    if worst is not None and gain > 0 and (held <= 5 or gain >= 4):
        return Swap(worst)
    face_down = grid.face_down_positions()
    if held <= 4 and face_down:
        return Swap(rng.choice(face_down))
    flips = [a for a in legal if isinstance(a, Flip)]
    return rng.choice(flips) if flips else rng.choice(legal)


def staller_policy(state: State, seat: int, rng: random.Random) -> PlayerAction:
    """Until the first reshuffle, draw and swap into a face-up card 19 times in 20,
    so the round lasts until the draw pile runs out; then play at random."""
    if state.reshuffles or state.round_number > 1:
        return random_policy(state, seat, rng)
    legal = engine.legal_actions(state, seat)
    if state.phase is Phase.TURN:
        return Draw() if Draw() in legal else legal[0]
    if state.phase is Phase.PLACE_DRAWN and rng.random() < 0.95:
        grid = state.grids[seat]
        face_up = [a for a in legal if isinstance(a, Swap) and grid.face_up[a.position]]
        if face_up:
            return rng.choice(face_up)
    return rng.choice(legal)


def play(
    players: int, rules: Rules, seed: int, policy: Policy, stop: Stop | None = None
) -> record.GameRecord:
    """A game of ``policy`` (its choices seeded by ``seed``), to the end or until
    ``stop`` says so at a whole-move boundary. Setup flips go in random seat order."""
    game = Game([NAMES[i] for i in range(players)], rules, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    while not game.state.is_terminal:
        whole_move = game.state.phase in (Phase.SETUP, Phase.TURN)
        if stop is not None and whole_move and stop(game.state):
            break
        seat = rng.choice(engine.players_to_act(game.state))
        game.play(policy(game.state, seat, rng), player=seat)
    return game.record()


NAMES = ("Lena", "Jonas", "Mia", "Noah", "Emma", "Ben", "Lina", "Paul")


def option_matters(rec: record.GameRecord) -> bool:
    """Whether replaying ``rec`` under the default rules gives a different summary
    or is not even legal."""
    defaults = replace(rec, rules=Rules())
    try:
        other = record.summary(record.replay(defaults))
    except SkyjoError:
        return True
    return other != record.summary(record.replay(rec))


@dataclass(frozen=True)
class Spec:
    name: str
    make: Callable[[], record.GameRecord]
    check: Callable[[record.GameRecord], bool]
    why: str


def has_reshuffle(rec: record.GameRecord) -> bool:
    return any(isinstance(m, record.ReshuffleMove) for r in rec.rounds for m in r.moves)


def finished(rec: record.GameRecord) -> bool:
    return record.replay(rec).is_terminal


def in_phase(phase: Phase) -> Callable[[record.GameRecord], bool]:
    return lambda rec: record.replay(rec).phase is phase


SPECS = [
    Spec(
        "default_full_game",
        lambda: play(3, Rules(), 1, low_card_policy),
        lambda rec: finished(rec) and rec.rules == Rules() and len(rec.rounds) >= 3,
        "3 players, default rules, several rounds, played to 100",
    ),
    Spec(
        "eight_players",
        lambda: play(8, Rules(), 2, random_policy),
        finished,
        "8 players, default rules, played to 100",
    ),
    Spec(
        "rules_target_50",
        lambda: play(4, Rules(target=50), 0, random_policy),
        lambda rec: finished(rec) and option_matters(rec),
        "target 50",
    ),
    Spec(
        "rules_column_keep_negative",
        lambda: play(3, Rules(column_rule=ColumnRule.KEEP_NEGATIVE), 5, low_card_policy),
        lambda rec: finished(rec) and option_matters(rec),
        "a column of three -1 or -2 stays",
    ),
    Spec(
        "rules_column_off",
        lambda: play(3, Rules(column_rule=ColumnRule.OFF), 6, random_policy),
        lambda rec: finished(rec) and option_matters(rec),
        "no column is removed",
    ),
    Spec(
        "rules_no_double_on_tie",
        lambda: play(3, Rules(double_on_tie=False), 5, low_card_policy),
        lambda rec: finished(rec) and option_matters(rec),
        "a tie with the finisher does not double",
    ),
    Spec(
        "rules_double_nonpositive",
        lambda: play(2, Rules(double_nonpositive=True), 1225, low_card_policy),
        lambda rec: finished(rec) and option_matters(rec),
        "a finisher's 0 or negative score is doubled too",
    ),
    Spec(
        "reshuffle",
        lambda: play(2, Rules(), 0, staller_policy),
        lambda rec: finished(rec) and has_reshuffle(rec),
        "the draw pile runs out and the discard pile is reshuffled",
    ),
    Spec(
        "unfinished_round",
        lambda: play(
            3,
            Rules(),
            5,
            low_card_policy,
            stop=lambda s: s.round_number == 2 and s.phase is Phase.TURN and s.turns >= 7,
        ),
        lambda rec: len(rec.rounds) == 2 and in_phase(Phase.TURN)(rec),
        "round 1 finished, round 2 stopped after 7 turns",
    ),
    Spec(
        "setup_in_progress",
        lambda: play(4, Rules(), 6, random_policy, stop=lambda s: sum(s.setup_flips) == 3),
        in_phase(Phase.SETUP),
        "round 1 stopped after 3 of the 8 setup flips",
    ),
]


def format_record(rec: record.GameRecord) -> str:
    """Record JSON with one line per move, so regenerated records diff readably."""
    data = record.to_json(rec)
    lines = ["{"]
    for key in ("format", "version", "rules", "players"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    lines.append('  "rounds": [')
    for r, rnd in enumerate(data["rounds"]):
        lines.append(f'    {{"deal": {json.dumps(rnd["deal"])},')
        lines.append('     "moves": [')
        moves = rnd["moves"]
        for m, move in enumerate(moves):
            lines.append(f"      {json.dumps(move)}{',' if m < len(moves) - 1 else ''}")
        lines.append(f"     ]}}{',' if r < len(data['rounds']) - 1 else ''}")
    lines.append("  ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == data
    return text


def format_summary(summary: dict[str, Any]) -> str:
    """The replay summary with one line per round and per grid, for readable diffs."""
    lines = ["{"]
    rounds = summary["rounds"]
    lines.append('  "rounds": [' + ("" if rounds else "],"))
    for i, rnd in enumerate(rounds):
        lines.append(f"    {json.dumps(rnd)}{',' if i < len(rounds) - 1 else ''}")
    if rounds:
        lines.append("  ],")
    for key in ("totals", "game_over", "winners"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(summary[key])},")
    current = summary["current"]
    if current is None:
        lines.append('  "current": null')
    else:
        lines.append('  "current": {')
        for key, value in current.items():
            if key != "grids":
                lines.append(f"    {json.dumps(key)}: {json.dumps(value)},")
        grids = current["grids"]
        lines.append('    "grids": [')
        for i, grid in enumerate(grids):
            lines.append(f"      {json.dumps(grid)}{',' if i < len(grids) - 1 else ''}")
        lines.append("    ]")
        lines.append("  }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == summary, text
    return text


def cli_summary(path: Path) -> dict[str, Any]:
    """What ``python -m skyjo replay PATH`` prints, parsed."""
    src = str(HERE.parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run(
        [sys.executable, "-m", "skyjo", "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def main() -> int:
    for spec in SPECS:
        rec = spec.make()
        if not spec.check(rec):
            print(f"{spec.name}: the record no longer shows {spec.why!r}", file=sys.stderr)
            return 1
        path = HERE / f"{spec.name}.json"
        path.write_text(format_record(rec), encoding="utf-8")
        summary = cli_summary(path)
        (HERE / f"{spec.name}.summary.json").write_text(format_summary(summary), encoding="utf-8")
        moves = sum(len(r.moves) for r in rec.rounds)
        print(f"{path.name}: {len(rec.rounds)} rounds, {moves} moves ({spec.why})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
