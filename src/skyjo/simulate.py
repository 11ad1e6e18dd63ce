"""The simulator: bots play many full games, and the table says who is stronger.

Games are played on the same engine as a real game, with the chance a
:class:`~skyjo.game.Game` of the same seed would draw (see :func:`play_game`).
Every game's seed is drawn from one master seed, so the same ``seed`` gives the
same figures (except the speed ones) on every machine.

Seats are kept as given by default, because the seat order is part of what a
table is (who plays after whom decides who can hand whom a card). With
``rotate=True`` game *g* seats the *i*-th bot at seat ``(i + g) % n``, which
averages away any seat advantage; figures are always reported per entry of the
player list, not per seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyjo import engine
from skyjo.actions import Reshuffle
from skyjo.bots import ask, make_bot
from skyjo.bots.base import Bot
from skyjo.cards import MAX_PLAYERS, MIN_PLAYERS
from skyjo.errors import SkyjoError
from skyjo.rules import Rules
from skyjo.state import CHANCE, Phase, State
from skyjo.view import view_of

#: A round longer than this many turns is taken to be stalled by its bots.
MAX_TURNS_PER_ROUND = 5000

#: z for a two-sided 95% confidence interval.
Z95 = 1.959964


class SimulationError(SkyjoError):
    """Bad simulator input: too few or too many players, no games."""


@dataclass(slots=True)
class EntryTally:
    """Running sums for one entry of the player list."""

    bot: str
    wins: float = 0.0
    wins_squared: float = 0.0
    raw_points: int = 0
    points: int = 0
    rounds_ended: int = 0
    doubled: int = 0


@dataclass(slots=True)
class Tally:
    """Running sums for a whole simulation (a few numbers, whatever the game count)."""

    entries: list[EntryTally]
    games: int = 0
    rounds: int = 0
    turns: int = 0
    reshuffles: int = 0


@dataclass(frozen=True, slots=True)
class EntryReport:
    bot: str
    win_share: float
    ci95: tuple[float, float]
    points_raw: float
    points: float
    ends_round: float
    finisher_doubled: float | None


@dataclass(frozen=True, slots=True)
class Report:
    players: tuple[str, ...]
    games: int
    seed: int
    rules: Rules
    rotate: bool
    entries: tuple[EntryReport, ...]
    turns_per_round: float
    rounds_per_game: float
    reshuffles_per_round: float
    seconds: float
    turns: int = field(default=0)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds > 0 else math.inf


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of every game, drawn from the master ``seed``."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(games)]


def play_game(
    bots: Sequence[Bot], rules: Rules, seed: int, tally: Tally, seating: list[int]
) -> State:
    """Play one game and add it to ``tally``. ``seating[seat]`` is the entry there.

    The game runs on the engine itself, as :class:`~skyjo.game.Game` would play it
    with ``seed`` (the same deals and reshuffles from the same ``random.Random``;
    a test holds the two equal), minus what only a page needs: no events, no
    record, and each move checked once, by :func:`~skyjo.bots.base.ask` against
    the legal actions the engine listed, rather than again when applied. Returns
    the final state."""
    chance = random.Random(seed)
    rngs = [random.Random(seed * 16 + seat + 1) for seat in range(len(bots))]
    turns = round_turns = reshuffles = 0
    state = engine.new_game(len(bots), rules)
    while (seat := engine.current_player(state)) is not None:
        if seat == CHANCE:
            outcome = engine.chance_outcome(state, chance)
            if isinstance(outcome, Reshuffle):
                reshuffles += 1
            else:
                round_turns = 0
            state = engine.apply_unchecked(state, outcome)
            continue
        view = view_of(state, seat)
        if view.phase is Phase.TURN:
            turns += 1
            round_turns += 1
            if round_turns > MAX_TURNS_PER_ROUND:
                names = ", ".join(b.name for b in bots)
                raise SimulationError(
                    f"round {state.round_number} of the game with seed {seed} lasted over "
                    f"{MAX_TURNS_PER_ROUND} turns: the bots ({names}) never end it"
                )
        action = ask(bots[seat], view, rngs[seat]).action
        state = engine.apply_unchecked(state, action, player=seat)
    share = 1.0 / len(state.winners)
    for seat, entry in enumerate(seating):
        won = share if seat in state.winners else 0.0
        tally.entries[entry].wins += won
        tally.entries[entry].wins_squared += won * won
    for result in state.results:
        for seat, entry in enumerate(seating):
            tally.entries[entry].raw_points += result.raw[seat]
            tally.entries[entry].points += result.points[seat]
        finisher = tally.entries[seating[result.finisher]]
        finisher.rounds_ended += 1
        finisher.doubled += result.doubled
    tally.games += 1
    tally.rounds += len(state.results)
    tally.turns += turns
    tally.reshuffles += reshuffles
    return state


def simulate(
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    rules: Rules | None = None,
    rotate: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Play ``games`` games between the bots named in ``players`` (names or
    ``package.module:factory`` paths) and summarise them."""
    rules = rules or Rules()
    specs = tuple(players)
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise SimulationError(
            f"Skyjo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(specs)}"
        )
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    bots = [make_bot(spec) for spec in specs]
    n = len(bots)
    tally = Tally([EntryTally(spec) for spec in specs])
    start = time.perf_counter()
    for g, game_seed in enumerate(game_seeds(seed, games)):
        shift = g % n if rotate else 0
        seating = [(seat - shift) % n for seat in range(n)]
        play_game([bots[e] for e in seating], rules, game_seed, tally, seating)
        if progress is not None:
            progress(g + 1, games)
    seconds = time.perf_counter() - start
    return _report(tally, specs, seed=seed, rules=rules, rotate=rotate, seconds=seconds)


def _report(
    tally: Tally, specs: tuple[str, ...], *, seed: int, rules: Rules, rotate: bool, seconds: float
) -> Report:
    games, rounds = tally.games, tally.rounds
    entries = []
    for e in tally.entries:
        mean = e.wins / games
        variance = (
            max(0.0, (e.wins_squared - games * mean * mean) / (games - 1)) if games > 1 else 0
        )
        half = Z95 * math.sqrt(variance / games)
        entries.append(
            EntryReport(
                bot=e.bot,
                win_share=mean,
                ci95=(max(0.0, mean - half), min(1.0, mean + half)),
                points_raw=e.raw_points / rounds,
                points=e.points / rounds,
                ends_round=e.rounds_ended / rounds,
                finisher_doubled=e.doubled / e.rounds_ended if e.rounds_ended else None,
            )
        )
    return Report(
        players=specs,
        games=games,
        seed=seed,
        rules=rules,
        rotate=rotate,
        entries=tuple(entries),
        turns_per_round=tally.turns / rounds,
        rounds_per_game=rounds / games,
        reshuffles_per_round=tally.reshuffles / rounds,
        seconds=seconds,
        turns=tally.turns,
    )


def report_dict(report: Report) -> dict[str, Any]:
    """The JSON form. Everything but the speed figures is the same for the same seed."""
    return {
        "players": list(report.players),
        "games": report.games,
        "seed": report.seed,
        "rules": report.rules.to_dict(),
        "seating": "rotated" if report.rotate else "fixed",
        "entries": [
            {
                "seat": i + 1,
                "bot": e.bot,
                "win_share": round(e.win_share, 4),
                "ci95": [round(e.ci95[0], 4), round(e.ci95[1], 4)],
                "points_per_round_raw": round(e.points_raw, 3),
                "points_per_round": round(e.points, 3),
                "ends_round": round(e.ends_round, 4),
                "finisher_doubled": None
                if e.finisher_doubled is None
                else round(e.finisher_doubled, 4),
            }
            for i, e in enumerate(report.entries)
        ],
        "turns_per_round": round(report.turns_per_round, 3),
        "rounds_per_game": round(report.rounds_per_game, 3),
        "reshuffles_per_round": round(report.reshuffles_per_round, 4),
        "games_per_second": round(report.games_per_second, 2),
        "turns_per_second": round(report.turns_per_second, 1),
    }


def format_report(report: Report) -> str:
    """The table the command line prints."""
    rules = " ".join(f"{k}={v}" for k, v in report.rules.to_dict().items())
    seating = (
        "seats rotate every game"
        if report.rotate
        else "seats fixed as listed (use --rotate to rotate them)"
    )
    n = len(report.players)
    lines = [
        f"{report.games} games, {n} players, seed {report.seed}; rules: {rules}; {seating}",
        "",
        f"{'seat':<5}{'bot':<14}{'win share':>10}  {'95% CI':<16}"
        f"{'pts/round':>10}{'doubled':>9}{'ends round':>12}{'fin. doubled':>14}",
    ]
    for i, e in enumerate(report.entries):
        doubled = "-" if e.finisher_doubled is None else f"{e.finisher_doubled:.1%}"
        ci = f"[{e.ci95[0]:.3f}, {e.ci95[1]:.3f}]"
        lines.append(
            f"{i + 1:<5}{e.bot[:13]:<14}{e.win_share:>10.3f}  {ci:<16}"
            f"{e.points_raw:>10.2f}{e.points:>9.2f}{e.ends_round:>12.1%}{doubled:>14}"
        )
    lines += [
        "",
        "pts/round: mean raw round score; doubled: the same after the finisher's doubling",
        f"turns per round {report.turns_per_round:.2f} · rounds per game "
        f"{report.rounds_per_game:.2f} · reshuffles per round {report.reshuffles_per_round:.3f}",
        f"{report.games_per_second:.1f} games/s, {report.turns_per_second:.0f} turns/s "
        f"({report.seconds:.1f} s)",
    ]
    return "\n".join(lines)


def progress_bar(stream: Any) -> Callable[[int, int], None]:
    """A progress callback drawing ``[#####.....] 512/2000`` on ``stream``."""
    last = [-1]

    def show(done: int, total: int) -> None:
        step = done * 40 // total
        if step == last[0] and done != total:
            return
        last[0] = step
        stream.write(f"\r[{'#' * step}{'.' * (40 - step)}] {done}/{total} games")
        if done == total:
            stream.write("\r" + " " * 60 + "\r")
        stream.flush()

    return show
