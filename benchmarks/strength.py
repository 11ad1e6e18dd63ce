"""The strength table of docs/bots.md: win shares of each bot against others.

Usage: ``python benchmarks/strength.py [--games N] [--expert-games N] [--only NAME]
[--jobs N]``.
Seats rotate every game, so no bot profits from sitting first. Prints one
Markdown row per table; takes minutes (expert tables dominate).
"""

from __future__ import annotations

import argparse
import sys

from skyjo.simulate import Report, simulate

#: (players, uses expert): the tables we report.
TABLES: tuple[tuple[str, ...], ...] = (
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "statistician"),
    ("expert", "hard"),
    ("medium", "easy", "easy", "easy"),
    ("hard", "medium", "medium", "medium"),
    ("hard", "statistician", "statistician", "statistician"),
    ("expert", "statistician", "statistician", "statistician"),
    ("expert", "hard", "medium", "medium"),
    ("expert", "hard", "hard", "hard"),
)


def row(report: Report) -> str:
    cells = []
    for e in report.entries:
        doubled = "-" if e.finisher_doubled is None else f"{e.finisher_doubled:.0%}"
        cells.append(
            f"{e.bot} {e.win_share:.3f} [{e.ci95[0]:.3f}, {e.ci95[1]:.3f}] "
            f"ends {e.ends_round:.0%} doubled {doubled}"
        )
    first = report.entries[0]
    return (
        f"| {', '.join(report.players)} | {report.games} | {first.win_share:.3f} "
        f"[{first.ci95[0]:.3f}, {first.ci95[1]:.3f}] | "
        f"{first.ends_round:.0%} / {first.finisher_doubled or 0:.0%} | "
        + "; ".join(cells[1:])
        + " |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--expert-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only tables whose first bot is this")
    parser.add_argument("--jobs", type=int, default=1, help="processes per table")
    args = parser.parse_args()
    print("| table | games | first bot's win share [95% CI] | it ends / is doubled | others |")
    print("|---|---|---|---|---|")
    for players in TABLES:
        if args.only and players[0] != args.only:
            continue
        games = args.expert_games if "expert" in players else args.games
        report = simulate(players, games=games, seed=args.seed, rotate=True, jobs=args.jobs)
        print(row(report))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
