"""Speed-up of ``simulate --jobs N`` over one process.

Usage: ``python benchmarks/jobs.py [--players medium,medium,medium,medium]
[--games N] [--jobs N] [--runs N]``. Runs the same simulation with one process
and with ``--jobs`` processes, alternately, ``--runs`` times each, and prints the
wall-clock times, the median speed-up, and the CPU time each way (this process
plus its finished workers): on a quiet machine the speed-up approaches
``jobs x (CPU with one) / (CPU with N)``, printed as the ceiling, which is what the
pool's own cost (starting workers, sending games and results) allows. On a shared
machine the wall-clock speed-up also depends on what else runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from skyjo.bots.registry import split_players
from skyjo.simulate import simulate


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(players: list[str], games: int, jobs: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and turns of one simulation."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    report = simulate(players, games=games, seed=1, rotate=True, jobs=jobs)
    return time.perf_counter() - wall, cpu_seconds() - cpu, report.turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", default="medium,medium,medium,medium")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    players = split_players(args.players)
    print(
        f"{args.players}, {args.games} games, 1 vs {args.jobs} processes, "
        f"{args.runs} runs each; {os.cpu_count()} CPUs, load average "
        + " ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    ones, manys, ratios = [], [], []
    for run in range(args.runs):
        one = timed(players, args.games, 1)
        many = timed(players, args.games, args.jobs)
        ones.append(one)
        manys.append(many)
        ratios.append(one[0] / many[0])
        print(
            f"run {run + 1}: 1 process {one[0]:.2f} s ({one[2] / one[0]:,.0f} turns/s, "
            f"CPU {one[1]:.2f} s); {args.jobs} processes {many[0]:.2f} s "
            f"({many[2] / many[0]:,.0f} turns/s, CPU {many[1]:.2f} s); "
            f"speed-up {ratios[-1]:.2f}x"
        )
    cpu_one = statistics.median(o[1] for o in ones)
    cpu_many = statistics.median(m[1] for m in manys)
    print(
        f"median speed-up {statistics.median(ratios):.2f}x (best {max(ratios):.2f}x); "
        f"ceiling from CPU time {args.jobs * cpu_one / cpu_many:.2f}x; load average now "
        + " ".join(f"{x:.1f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    main()
