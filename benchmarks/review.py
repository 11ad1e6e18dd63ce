"""Speed of the game review (CPython): how long the expert takes to rate one
seat's decisions in a 4-round, 3-player game (target: 3 s).

Usage: ``python benchmarks/review.py [--runs N] [--seed N] [--save FILE]``.
Bots play a seeded game of exactly four rounds (hard, medium, easy); the review
of each seat is timed ``--runs`` times. Prints wall-clock and CPU seconds (the
CPU figure is what a quiet machine would show as wall time; on a shared machine
the wall time is longer). ``--save`` writes the record, e.g. for the browser
figure (``benchmarks/review_browser.py``), which opens it in the replay viewer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from skyjo import record
from skyjo.bots import ask, make_bot
from skyjo.game import Game
from skyjo.record import GameRecord
from skyjo.review import Reviewer

PLAYERS = ("hard", "medium", "easy")
ROUNDS = 4


def four_rounds(seed: int) -> GameRecord:
    """A game of exactly four rounds (the game is cut after the fourth)."""
    while True:
        bots = [make_bot(p) for p in PLAYERS]
        game = Game([p.capitalize() for p in PLAYERS], seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal and len(game.state.results) < ROUNDS:
            seat = game.current_player()
            game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
        done = game.record()
        if len(done.rounds) == ROUNDS and len(game.state.results) == ROUNDS:
            return done
        seed += 1000  # the game ended before round 4: another seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="write the record to this file")
    args = parser.parse_args()
    game = four_rounds(args.seed)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            handle.write(record.dumps(game))
    print(f"record: {len(game.rounds)} rounds, {len(game.players)} players, seed {args.seed}")
    head = ("seat", "decisions", "wall s (median)", "cpu s (median)", "worst wall")
    print(f"{head[0]:<10} {head[1]:>9} {head[2]:>16} {head[3]:>15} {head[4]:>11}")
    for seat, name in enumerate(game.names):
        walls: list[float] = []
        cpus: list[float] = []
        decisions = 0
        for _ in range(args.runs):
            wall, cpu = time.perf_counter(), time.process_time()
            reviewer = Reviewer(game, seat)
            reviewer.run()
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            decisions = reviewer.total
        print(
            f"{name:<10} {decisions:>9} {statistics.median(walls):>16.2f}"
            f" {statistics.median(cpus):>15.2f} {max(walls):>11.2f}"
        )


if __name__ == "__main__":
    main()
