"""Speed of the bots and the simulator (CPython, one core).

Usage: ``python benchmarks/bots.py [--views N] [--games N] [--runs N]``. Prints
decisions per second and the 50th/95th/max decision time of every bot over the
same positions (collected from seeded 4-player games), and the simulator's games
and turns per second with four ``medium`` bots (median, best and worst of runs).
"""

from __future__ import annotations

import argparse
import random
import time

from skyjo.bots import ask, make_bot
from skyjo.game import Game
from skyjo.simulate import simulate
from skyjo.state import Phase
from skyjo.view import PlayerView

BOTS = ("random", "easy", "medium", "statistician", "hard", "expert")


def positions(count: int, *, seed: int) -> list[PlayerView]:
    """Views met in real games (setup excluded), in game order."""
    views: list[PlayerView] = []
    rng = random.Random(seed)
    game_seed = seed
    while len(views) < count:
        game = Game(["medium"] * 4, seed=game_seed)
        bots = [make_bot("hard") for _ in range(4)]
        while not game.state.is_terminal and len(views) < count:
            seat = game.current_player()
            view = game.view(seat)
            if view.phase is not Phase.SETUP:
                views.append(view)
            game.play(ask(bots[seat], view, rng).action, player=seat)
        game_seed += 1
    return views


def percentile(sorted_times: list[float], q: float) -> float:
    return sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--views", type=int, default=2000)
    parser.add_argument("--expert-views", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5, help="simulator runs (median shown)")
    args = parser.parse_args()
    views = positions(args.views, seed=1)
    print(f"{'bot':<13}{'decisions/s':>12}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for name in BOTS:
        bot = make_bot(name)
        sample = views[: args.expert_views] if name == "expert" else views
        rng = random.Random(1)
        times = []
        for view in sample:
            start = time.perf_counter()
            bot.decide(view, rng)
            times.append(time.perf_counter() - start)
        times.sort()
        print(
            f"{name:<13}{len(times) / sum(times):>12.0f}{percentile(times, 0.5) * 1e3:>9.2f}"
            f"{percentile(times, 0.95) * 1e3:>9.2f}{times[-1] * 1e3:>9.2f}"
        )
    # Several runs, median and best: one run on a shared machine can be off by 10%.
    # Turns per CPU second too: on a busy machine the wall clock also counts the
    # time other processes had the core.
    runs = []
    for _ in range(args.runs):
        cpu = time.process_time()
        report = simulate(["medium"] * 4, games=args.games, seed=1)
        runs.append((report, report.turns / (time.process_time() - cpu)))
    runs.sort(key=lambda r: r[0].turns_per_second)
    median = runs[len(runs) // 2][0]
    per_cpu = sorted(r[1] for r in runs)
    print(
        f"\nsimulator, 4 x medium, {args.games} games, {args.runs} runs: median "
        f"{median.games_per_second:.1f} games/s, {median.turns_per_second:.0f} turns/s "
        f"(best {runs[-1][0].turns_per_second:.0f}, worst {runs[0][0].turns_per_second:.0f}); "
        f"per CPU second: median {per_cpu[len(per_cpu) // 2]:.0f} turns/s "
        f"(best {per_cpu[-1]:.0f})"
    )


if __name__ == "__main__":
    main()
