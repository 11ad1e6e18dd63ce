"""Spreading a simulation's games over several processes (``simulate --jobs N``).

Each worker process plays whole games, each from its own seed and seating, with
its own bot objects (made in the worker from the same specs, one per entry and
seat as in one process), and sends back one small
:class:`~skyjo.simulate.GameResult` per game. Games go out in chunks and come
back in order (``Pool.imap``), so the caller adds them up in game order and every
figure but the speed ones equals a one-process run bit for bit.

Kept apart from :mod:`skyjo.simulate` because only the command line needs it and
Pyodide has no processes.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Iterator, Sequence

from skyjo.rules import Rules
from skyjo.simulate import GameResult, Table, play_game

#: Chunks per worker: enough that uneven games even out and the progress bar
#: moves, few enough that sending them costs nothing next to playing them.
CHUNKS_PER_JOB = 16

#: At most this many games per chunk, so the progress bar moves on long runs.
MAX_CHUNK = 25

#: A chunk of work: the specs, the rules and (seed, seating) of each game.
Task = tuple[tuple[str, ...], Rules, list[tuple[int, list[int]]]]

#: The bots of this worker process, by specs (a worker serves one simulation).
_tables: dict[tuple[str, ...], Table] = {}


def play_games(
    specs: Sequence[str], rules: Rules, schedule: Sequence[tuple[int, list[int]]], jobs: int
) -> Iterator[GameResult]:
    """The result of every game of ``schedule`` (seed and seating), in order,
    played by ``jobs`` worker processes."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(schedule) / (jobs * CHUNKS_PER_JOB))))
    key = tuple(specs)
    tasks: list[Task] = [
        (key, rules, list(schedule[i : i + size])) for i in range(0, len(schedule), size)
    ]
    with multiprocessing.get_context().Pool(min(jobs, len(tasks))) as pool:
        for results in pool.imap(_play_chunk, tasks):
            yield from results


def _play_chunk(task: Task) -> list[GameResult]:
    """Play one chunk in a worker (bots made on first use, kept for later chunks)."""
    specs, rules, games = task
    table = _tables.get(specs)
    if table is None:
        table = _tables[specs] = Table(specs)
    return [play_game(table.seated(seating), rules, seed)[1] for seed, seating in games]
