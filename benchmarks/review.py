"""Speed of the game review (CPython): how long the expert takes to rate one
seat's decisions in a 4-round, 3-player game, and a seat of each bot level over
whole games (target: 3 s a seat).

Usage: ``python benchmarks/review.py [--runs N] [--seed N] [--save FILE]
[--whole-games N]``. Bots play a seeded game of exactly four rounds (hard,
medium, easy); the review of each seat is timed ``--runs`` times. Prints
wall-clock and CPU seconds (the CPU figure is what a quiet machine would show as
wall time; on a shared machine the wall time is longer). ``--save`` writes the
record, e.g. for the browser figure (``benchmarks/review_browser.py``), which
opens it in the replay viewer. ``--whole-games N`` times instead every seat of
N whole 4-player games (:func:`whole_game`: one seat of each level, played to
the game's end) and prints, by level, the rounds, decisions, flags, samples
spent on measuring losses (the review's budget: issue 40, part 3) and CPU
seconds a seat.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skyjo import record
from skyjo.bots import ask, make_bot
from skyjo.game import Game
from skyjo.record import GameRecord
from skyjo.review import Reviewer
from skyjo.rules import Rules

PLAYERS = ("hard", "medium", "easy")
ROUNDS = 4
#: The bot levels, weakest first: a whole game seats one of each.
LEVELS = ("random", "easy", "medium", "hard")


def four_rounds(seed: int, rounds: int = ROUNDS) -> GameRecord:
    """A whole game that ends after exactly four rounds, or ``rounds``. Longer games
    are played to 25 points a round (200 for 8: a game to 100 with an easy bot in
    it seldom lasts 8 rounds); four rounds keep the usual 100, as they always have."""
    rules = None if rounds <= ROUNDS else Rules(target=25 * rounds)
    while True:
        bots = [make_bot(p) for p in PLAYERS]
        game = Game([p.capitalize() for p in PLAYERS], rules, seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal and len(game.state.results) < rounds:
            seat = game.current_player()
            game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
        done = game.record()
        if len(done.rounds) == rounds and len(game.state.results) == rounds:
            return done
        seed += 1000  # the game ended before round 4: another seed


# --- cost: whole games (issue 40, part 3) ----------------------------------------------


def whole_game(number: int, seed: int) -> tuple[tuple[str, ...], GameRecord]:
    """Whole game ``number`` of a set from ``seed``: 4 players, one of each of
    :data:`LEVELS` (their order turned by ``number``), played to the game's end.
    Returns the seats' levels and the record."""
    levels = tuple(LEVELS[(number + i) % len(LEVELS)] for i in range(len(LEVELS)))
    bots = [make_bot(level) for level in levels]
    game = Game(
        [f"{level.capitalize()} {i + 1}" for i, level in enumerate(levels)],
        Rules(),
        seed=seed + 20_000 + number,
    )
    rng = random.Random(seed + 20_000 + number)
    while not game.state.is_terminal:
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
    return levels, game.record()


@dataclass(frozen=True, slots=True)
class SeatTime:
    """One seat of a whole game reviewed: its bot ``level``, rounds, decisions,
    flags, the samples spent on measuring losses and the review's CPU seconds."""

    level: str
    rounds: int
    decisions: int
    flags: int
    samples: int
    seconds: float


def whole_game_times(games: int, seed: int, progress: Callable[[str], None]) -> list[SeatTime]:
    """Every seat of ``games`` whole games (:func:`whole_game`) reviewed once
    with seed 0, timed."""
    found = []
    for g in range(games):
        levels, game = whole_game(g, seed)
        for seat, level in enumerate(levels):
            start = time.process_time()
            review = Reviewer(game, seat).run()
            seconds = time.process_time() - start
            flags = sum(r.is_flagged for r in review.rated)
            samples = sum(r.measure.samples for r in review.rated if r.measure is not None)
            found.append(
                SeatTime(level, len(game.rounds), len(review.rated), flags, samples, seconds)
            )
        progress(f"whole games: {g + 1} of {games} reviewed")
    return found


def report_times(times: Sequence[SeatTime]) -> None:
    print(
        "| bot | seats | rounds | decisions | flags | samples measured |"
        " CPU s a seat: median | max | target |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for level in LEVELS:
        mine = [t for t in times if t.level == level]
        if mine:
            print(
                f"| {level} | {len(mine)} | {statistics.mean(t.rounds for t in mine):.1f}"
                f" | {statistics.mean(t.decisions for t in mine):.0f}"
                f" | {statistics.mean(t.flags for t in mine):.1f}"
                f" | {max(t.samples for t in mine)}"
                f" | {statistics.median(t.seconds for t in mine):.2f}"
                f" | {max(t.seconds for t in mine):.2f} | ≤ 3 s |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="write the record to this file")
    parser.add_argument(
        "--whole-games", type=int, default=0, help="time N whole 4-player games instead"
    )
    args = parser.parse_args()
    if args.whole_games:
        times = whole_game_times(args.whole_games, args.seed, print)
        print(f"whole games: {args.whole_games} of 4 players, seed {args.seed}, CPython")
        report_times(times)
        return
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
