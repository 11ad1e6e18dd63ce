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
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyjo import engine
from skyjo.actions import Reshuffle
from skyjo.bots import ask, make_bot
from skyjo.bots.base import Bot
from skyjo.bots.registry import parse_spec
from skyjo.cards import MAX_PLAYERS, MIN_PLAYERS
from skyjo.errors import SkyjoError
from skyjo.game import round_hook
from skyjo.rules import Rules
from skyjo.state import CHANCE, Phase, State
from skyjo.view import view_of

#: A round longer than this many turns is taken to be stalled by its bots.
MAX_TURNS_PER_ROUND = 5000

#: Decision times are counted per tenth of a microsecond for their percentiles.
TICKS_PER_SECOND = 1e7

#: z for a two-sided 95% confidence interval.
Z95 = 1.959964


class SimulationError(SkyjoError):
    """Bad simulator input: too few or too many players, no games, no jobs."""


@dataclass(slots=True)
class EntryTally:
    """Running sums for one entry of the player list, and its decision times."""

    bot: str
    wins: float = 0.0
    wins_squared: float = 0.0
    raw_points: int = 0
    points: int = 0
    rounds_ended: int = 0
    doubled: int = 0
    decision_seconds: array[float] = field(default_factory=lambda: array("f"))


@dataclass(slots=True)
class Tally:
    """Running sums for a whole simulation (a few numbers per entry, whatever the
    game count, plus one 4-byte decision time per decision)."""

    entries: list[EntryTally]
    games: int = 0
    rounds: int = 0
    turns: int = 0
    reshuffles: int = 0

    def add(self, result: GameResult, seating: Sequence[int]) -> None:
        """Add one game; ``seating[seat]`` is the entry that sat at ``seat``.

        Games are added in game order whatever process played them, so the
        float sums (shared wins are fractions) come out bit for bit the same."""
        for seat, entry in enumerate(seating):
            tally = self.entries[entry]
            won = result.wins[seat]
            tally.wins += won
            tally.wins_squared += won * won
            tally.raw_points += result.raw_points[seat]
            tally.points += result.points[seat]
            tally.rounds_ended += result.rounds_ended[seat]
            tally.doubled += result.doubled[seat]
            tally.decision_seconds.extend(result.decision_seconds[seat])
        self.games += 1
        self.rounds += result.rounds
        self.turns += result.turns
        self.reshuffles += result.reshuffles


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one game adds to the figures, per seat: small enough to send back
    from a worker process."""

    wins: tuple[float, ...]
    raw_points: tuple[int, ...]
    points: tuple[int, ...]
    rounds_ended: tuple[int, ...]
    doubled: tuple[int, ...]
    rounds: int
    turns: int
    reshuffles: int
    decision_seconds: tuple[array[float], ...]


@dataclass(frozen=True, slots=True)
class DecisionTimes:
    """How long one entry's bot took per decision, in milliseconds."""

    decisions: int
    p50: float
    p95: float
    max: float

    @classmethod
    def of(cls, seconds: array[float]) -> DecisionTimes:
        """The percentiles of ``seconds`` to a tenth of a microsecond.

        Counted per tenth of a microsecond rather than sorted: a long run has
        millions of times, and sorting them would build a Python float for each
        (about 30 MB per million); the counts are a few thousand at most."""
        if not seconds:
            return cls(0, 0.0, 0.0, 0.0)
        counts: Counter[int] = Counter()
        chunk = 1 << 16
        for first in range(0, len(seconds), chunk):
            # map with C callables: no Python-level code per time
            counts.update(map(int, map(TICKS_PER_SECOND.__mul__, seconds[first : first + chunk])))
        n = len(seconds)
        ranks = (min(n - 1, n // 2), min(n - 1, int(0.95 * n)))
        found: list[float] = []
        seen = 0
        for tick in sorted(counts):
            seen += counts[tick]
            while len(found) < len(ranks) and ranks[len(found)] < seen:
                found.append(tick / TICKS_PER_SECOND * 1e3)
            if len(found) == len(ranks):
                break
        return cls(n, found[0], found[1], max(seconds) * 1e3)


@dataclass(frozen=True, slots=True)
class EntryReport:
    bot: str
    win_share: float
    ci95: tuple[float, float]
    points_raw: float
    points: float
    ends_round: float
    finisher_doubled: float | None
    decision_ms: DecisionTimes = field(default=DecisionTimes(0, 0.0, 0.0, 0.0))


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
    jobs: int = field(default=1)

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


def seating_of(game: int, players: int, *, rotate: bool) -> list[int]:
    """``seating[seat]``: the entry at each seat in game number ``game``."""
    shift = game % players if rotate else 0
    return [(seat - shift) % players for seat in range(players)]


class Table:
    """The bot objects of a simulation: one per entry and seat, made when that
    entry first takes that seat, so a bot object only ever plays one seat (its
    memory, if it keeps any, is about that seat) and is told of each round by
    its ``new_round`` hook."""

    def __init__(self, specs: Sequence[str]) -> None:
        self.specs = tuple(parse_spec(spec) for spec in specs)
        self._bots: dict[tuple[int, int], Bot] = {}

    def seated(self, seating: Sequence[int]) -> list[Bot]:
        """The bots of a game, by seat."""
        bots = []
        for seat, entry in enumerate(seating):
            bot = self._bots.get((entry, seat))
            if bot is None:
                bot = self._bots[entry, seat] = make_bot(self.specs[entry])
            bots.append(bot)
        return bots


def play_game(bots: Sequence[Bot], rules: Rules, seed: int) -> tuple[State, GameResult]:
    """Play one game; return its final state and what it adds to the figures.

    The game runs on the engine itself, as :class:`~skyjo.game.Game` would play it
    with ``seed`` (the same deals and reshuffles from the same ``random.Random``;
    a test holds the two equal), minus what only a page needs: no events, no
    record, and each move checked once, by :func:`~skyjo.bots.base.ask` against
    the legal actions the engine listed, rather than again when applied. Each
    bot's ``new_round`` hook, if it has one, is called on every deal; each
    decision is timed (``ask`` included, a fraction of a microsecond)."""
    n = len(bots)
    chance = random.Random(seed)
    rngs = [random.Random(seed * 16 + seat + 1) for seat in range(n)]
    hooks = [(seat, hook) for seat, bot in enumerate(bots) if (hook := round_hook(bot))]
    times: list[array[float]] = [array("f") for _ in range(n)]
    record_time = [t.append for t in times]
    # Locals, not module attributes, in the loop that runs millions of times.
    clock, current_player, apply = time.perf_counter, engine.current_player, engine.apply_unchecked
    see, turn = view_of, Phase.TURN
    turns = round_turns = reshuffles = 0
    state = engine.new_game(n, rules)
    while (seat := current_player(state)) is not None:
        if seat == CHANCE:
            outcome = engine.chance_outcome(state, chance)
            if isinstance(outcome, Reshuffle):
                reshuffles += 1
            else:
                round_turns = 0
                for hooked, hook in hooks:
                    hook(hooked, n, rules)
            state = apply(state, outcome)
            continue
        view = see(state, seat)
        if view.phase is turn:
            turns += 1
            round_turns += 1
            if round_turns > MAX_TURNS_PER_ROUND:
                names = ", ".join(b.name for b in bots)
                raise SimulationError(
                    f"round {state.round_number} of the game with seed {seed} lasted over "
                    f"{MAX_TURNS_PER_ROUND} turns: the bots ({names}) never end it"
                )
        start = clock()
        action = ask(bots[seat], view, rngs[seat]).action
        record_time[seat](clock() - start)
        state = apply(state, action, player=seat)
    share = 1.0 / len(state.winners)
    results = state.results
    seats = range(n)
    return state, GameResult(
        wins=tuple(share if s in state.winners else 0.0 for s in seats),
        raw_points=tuple(sum(r.raw[s] for r in results) for s in seats),
        points=tuple(sum(r.points[s] for r in results) for s in seats),
        rounds_ended=tuple(sum(1 for r in results if r.finisher == s) for s in seats),
        doubled=tuple(sum(1 for r in results if r.finisher == s and r.doubled) for s in seats),
        rounds=len(results),
        turns=turns,
        reshuffles=reshuffles,
        decision_seconds=tuple(times),
    )


def simulate(
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    rules: Rules | None = None,
    rotate: bool = False,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Play ``games`` games between the bots named in ``players`` (names or
    ``package.module:factory`` paths, either with ``:key=value,...`` factory
    arguments) and summarise them.

    With ``jobs`` above 1 the games are spread over that many processes; every
    figure but the speed ones is the same as with one (each game depends only on
    its seed and seating, and the games are added up in order), provided the bots
    decide from what they are shown, as ours do."""
    rules = rules or Rules()
    specs = tuple(players)
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise SimulationError(
            f"Skyjo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(specs)}"
        )
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise SimulationError(f"the number of jobs must be at least 1, not {jobs}")
    table = Table(specs)
    n = len(specs)
    schedule = [
        (game_seed, seating_of(g, n, rotate=rotate))
        for g, game_seed in enumerate(game_seeds(seed, games))
    ]
    table.seated(schedule[0][1])  # every spec is made once here: a bad one fails now
    tally = Tally([EntryTally(spec) for spec in specs])
    start = time.perf_counter()
    if jobs == 1:
        results: Iterable[GameResult] = (
            play_game(table.seated(seating), rules, game_seed)[1] for game_seed, seating in schedule
        )
    else:
        # Imported here: only the command line spreads games, and Pyodide has no processes.
        from skyjo.jobs import spread

        results = spread(_play_chunk, (specs, rules), schedule, jobs)
    for done, (result, (_, seating)) in enumerate(zip(results, schedule, strict=True), 1):
        tally.add(result, seating)
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - start
    return _report(tally, specs, seed=seed, rules=rules, rotate=rotate, seconds=seconds, jobs=jobs)


#: The bots of this worker process, by specs and rules (a process serves one
#: simulation, and makes its bots on its first chunk).
_tables: dict[tuple[tuple[str, ...], Rules], Table] = {}


def _play_chunk(
    task: tuple[tuple[tuple[str, ...], Rules], list[tuple[int, list[int]]]],
) -> list[GameResult]:
    """Play one chunk of games (seed and seating) in a worker process of
    :func:`skyjo.jobs.spread`; the bots are made on first use and kept."""
    key, games = task
    table = _tables.get(key)
    if table is None:
        table = _tables[key] = Table(key[0])
    return [play_game(table.seated(seating), key[1], seed)[1] for seed, seating in games]


def _report(
    tally: Tally,
    specs: tuple[str, ...],
    *,
    seed: int,
    rules: Rules,
    rotate: bool,
    seconds: float,
    jobs: int,
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
                decision_ms=DecisionTimes.of(e.decision_seconds),
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
        jobs=jobs,
    )


def report_dict(report: Report) -> dict[str, Any]:
    """The JSON form. Everything but the speed figures (``decision_ms`` of each
    entry but its count of decisions, ``jobs``, ``games_per_second`` and
    ``turns_per_second``) is the same for the same seed."""
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
                "decision_ms": {
                    "decisions": e.decision_ms.decisions,
                    "p50": round(e.decision_ms.p50, 4),
                    "p95": round(e.decision_ms.p95, 4),
                    "max": round(e.decision_ms.max, 4),
                },
            }
            for i, e in enumerate(report.entries)
        ],
        "turns_per_round": round(report.turns_per_round, 3),
        "rounds_per_game": round(report.rounds_per_game, 3),
        "reshuffles_per_round": round(report.reshuffles_per_round, 4),
        "jobs": report.jobs,
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
    width = max(len("bot"), *(len(e.bot) for e in report.entries)) + 2
    lines = [
        f"{report.games} games, {n} players, seed {report.seed}; rules: {rules}; {seating}",
        "",
        f"{'seat':<5}{'bot':<{width}}{'win share':>10}  {'95% CI':<16}"
        f"{'pts/round':>10}{'doubled':>9}{'ends round':>12}{'fin. doubled':>14}",
    ]
    for i, e in enumerate(report.entries):
        doubled = "-" if e.finisher_doubled is None else f"{e.finisher_doubled:.1%}"
        ci = f"[{e.ci95[0]:.3f}, {e.ci95[1]:.3f}]"
        lines.append(
            f"{i + 1:<5}{e.bot:<{width}}{e.win_share:>10.3f}  {ci:<16}"
            f"{e.points_raw:>10.2f}{e.points:>9.2f}{e.ends_round:>12.1%}{doubled:>14}"
        )
    lines += [
        "",
        f"{'seat':<5}{'bot':<{width}}{'decisions':>10}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}",
    ]
    for i, e in enumerate(report.entries):
        t = e.decision_ms
        lines.append(
            f"{i + 1:<5}{e.bot:<{width}}{t.decisions:>10}{t.p50:>9.3f}{t.p95:>9.3f}{t.max:>9.2f}"
        )
    processes = "1 process" if report.jobs == 1 else f"{report.jobs} processes"
    lines += [
        "",
        "pts/round: mean raw round score; doubled: the same after the finisher's doubling",
        f"turns per round {report.turns_per_round:.2f} · rounds per game "
        f"{report.rounds_per_game:.2f} · reshuffles per round {report.reshuffles_per_round:.3f}",
        f"{report.games_per_second:.1f} games/s, {report.turns_per_second:.0f} turns/s "
        f"({report.seconds:.1f} s, {processes})",
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
