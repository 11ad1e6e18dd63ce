"""The command line: ``python -m skyjo [demo|replay FILE|...]``.

Each subcommand is a thin layer over the library; errors in the user's input
(a bad record, an unknown bot or rule) print one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from skyjo import record
from skyjo.bots import ask, make_bot
from skyjo.bots.registry import split_players
from skyjo.errors import SkyjoError
from skyjo.events import Event, RoundDealt
from skyjo.game import Game
from skyjo.rules import Rules
from skyjo.state import State
from skyjo.text import describe, grid_lines

EXIT_BAD_INPUT = 2


def parse_rules(pairs: Sequence[str]) -> Rules:
    """Rules from ``key=value`` words, e.g. ``target=50 double_on_tie=false``."""
    rules = Rules()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SkyjoError(f"a rule option is key=value, not {pair!r}")
        rules = rules.with_option(key.strip(), value.strip())
    return rules


def replayed(command: str, path: str) -> tuple[record.GameRecord, State] | None:
    """The record file at ``path``, parsed and replayed; on bad input (unreadable,
    not a record, an illegal move) the problem and the file are printed to stderr
    as ``skyjo COMMAND: ...`` and the result is None."""
    try:
        with open(path, "rb") as handle:
            text = handle.read()
    except OSError as exc:
        print(f"skyjo {command}: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return None
    try:
        return record.load_and_replay(text)
    except SkyjoError as exc:
        print(f"skyjo {command}: {path}: {exc}", file=sys.stderr)
        return None


def cmd_replay(args: argparse.Namespace) -> int:
    loaded = replayed("replay", args.file)
    if loaded is None:
        return EXIT_BAD_INPUT
    print(json.dumps(record.summary(loaded[1])))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """The expert rates one seat's decisions in a record: text, or JSON."""
    from skyjo.review import report, review

    loaded = replayed("review", args.file)
    if loaded is None:
        return EXIT_BAD_INPUT
    game = loaded[0]
    if not 0 <= args.seat < len(game.players):
        seats = f"0..{len(game.players) - 1}"
        print(f"skyjo review: {args.file}: no seat {args.seat}; seats are {seats}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = review(game, args.seat, seed=args.seed)
    print(json.dumps(report.to_json(result)) if args.json else report.to_text(result))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Bots play one game; every event is printed as a sentence."""
    bots = [make_bot(spec) for spec in split_players(args.players)]
    names = [f"{b.name.capitalize()} {i + 1}" for i, b in enumerate(bots)]
    game = Game(names, parse_rules(args.rules), seed=args.seed)
    game.seat_bots(dict(enumerate(bots)))
    rng = random.Random(args.seed)
    _print_events(game.opening_events, names)
    while not game.state.is_terminal:
        seat = game.current_player()
        decision = ask(bots[seat], game.view(seat), rng)
        if args.verbose and decision.reason:
            print(f"  [{names[seat]}: {decision.reason}]")
        _print_events(game.play(decision.action, player=seat), names)
    print()
    for p, grid in enumerate(game.state.grids):
        print(f"{names[p]}, final layout (total {game.state.totals[p]}):")
        for line in grid_lines(grid):
            print("   " + line)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Bots play many games; print the strength table (or JSON)."""
    from skyjo import simulate

    players = split_players(args.players)
    progress = simulate.progress_bar(sys.stderr) if sys.stderr.isatty() else None
    report = simulate.simulate(
        players,
        games=args.games,
        seed=args.seed,
        rules=parse_rules(args.rules),
        rotate=args.rotate,
        jobs=args.jobs,
        progress=progress,
    )
    if args.json:
        print(json.dumps(simulate.report_dict(report)))
    else:
        print(simulate.format_report(report))
    return 0


def _print_events(events: Sequence[Event], names: Sequence[str]) -> None:
    for event in events:
        if isinstance(event, RoundDealt):
            print(f"\n=== Round {event.round_number} ===")
        line = describe(event, names)
        if line:
            print(line)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m skyjo", description="Skyjo rules engine and bots."
    )
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="watch bots play a game in the terminal (the default)")
    demo.add_argument("--players", default="random,random,random", help="comma-separated bot names")
    demo.add_argument("--seed", type=int, default=None)
    demo.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    demo.add_argument("--verbose", action="store_true", help="print each bot's reason")
    demo.set_defaults(func=cmd_demo)
    sim = sub.add_parser("simulate", help="bots play many games; print win shares and figures")
    sim.add_argument(
        "--players",
        required=True,
        help="comma-separated bot names or module:factory, either with :key=value,... arguments",
    )
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    sim.add_argument("--rotate", action="store_true", help="rotate the seats every game")
    sim.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    sim.add_argument("--jobs", type=int, default=1, help="spread the games over N processes")
    sim.set_defaults(func=cmd_simulate)
    replay = sub.add_parser("replay", help="validate a game record and print its summary as JSON")
    replay.add_argument("file")
    replay.set_defaults(func=cmd_replay)
    rev = sub.add_parser("review", help="the expert rates one player's decisions in a record")
    rev.add_argument("file")
    rev.add_argument("--seat", type=int, default=0, help="the seat to review, from 0 (default 0)")
    rev.add_argument("--json", action="store_true", help="print the review as one JSON object")
    rev.add_argument(
        "--seed",
        type=int,
        default=0,
        help="another seed gives the review other random numbers (default 0, always the same)",
    )
    rev.set_defaults(func=cmd_review)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["demo", *argv]
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except SkyjoError as exc:
        print(f"skyjo {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return result
