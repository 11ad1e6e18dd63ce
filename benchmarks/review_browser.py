"""Speed of the game review in the browser (Pyodide, headless Chromium): the
same 4-round, 3-player record as ``benchmarks/review.py`` (``--rounds 8``: a
whole game of 8 rounds), opened in the replay viewer; for each seat, the time from
pressing Review until the review is shown (target: under 10 s, on a phone-class
CPU too: ``--phone-class``, see ``benchmarks/phone_class.py``). The page analyses
in slices between frames, so this is the time a person waits, yields to the
browser included.

Run ``python build.py`` first; then ``python benchmarks/review_browser.py
[--runs N] [--seed N] [--rounds N] [--whole-games N] [--phone-class]``.
``--whole-games N`` opens instead the whole 4-player games of
``benchmarks/review.py --whole-games`` (one seat of each bot level, to the game's
end; issue 40, part 3) and times every seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import sync_playwright

from skyjo import record

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for build.py's test server, when run as a script
import build  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import phone_class  # noqa: E402
from review import ROUNDS, four_rounds, whole_game  # noqa: E402  (the sibling benchmark's records)

DIST = ROOT / "dist"

#: Press Review and resolve with the milliseconds until the review is shown.
TIME_REVIEW = """seat => new Promise(resolve => {
  document.getElementById('review-seat').value = String(seat);
  const start = performance.now();
  const watch = new MutationObserver(() => {
    if (document.querySelector('#review .review-summary, #review .review-error')) {
      watch.disconnect();
      resolve(performance.now() - start);
    }
  });
  watch.observe(document.getElementById('replay'), {subtree: true, childList: true});
  document.querySelector("[data-intent='review']").click();
})"""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"a game of this many rounds (default {ROUNDS})"
    )
    parser.add_argument(
        "--whole-games", type=int, default=0, help="time N whole 4-player games instead"
    )
    phone_class.add_arguments(parser)
    args = parser.parse_args(argv)
    if not (DIST / "replay.html").is_file():
        sys.exit("dist/ is missing: run python build.py first")
    if args.whole_games:
        games = [whole_game(g, args.seed) for g in range(args.whole_games)]
    else:
        game = four_rounds(args.seed, args.rounds)
        games = [(game.names, game)]
    figures: dict[str, float] = {}
    with (
        tempfile.TemporaryDirectory() as folder,
        build.serving(DIST) as url,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(**build.chromium_launch_args())
        page = browser.new_page()
        page.goto(url + "replay.html?lang=en")
        page.wait_for_selector("html[data-ready='true']", timeout=120_000)
        for g, (seats, game) in enumerate(games):
            path = Path(folder) / f"game-{g}.json"
            path.write_text(record.dumps(game), encoding="utf-8")
            page.set_input_files("#replay-file", str(path))
            page.wait_for_selector("#review-seat")
            print(
                f"record: {len(game.rounds)} rounds, {len(game.players)} players,"
                f" seed {args.seed}" + (f", whole game {g}" if args.whole_games else "")
            )
            print(f"{'seat':<10} {'seconds (median)':>17} {'worst':>7}")
            for seat, name in enumerate(seats):
                times = [page.evaluate(TIME_REVIEW, seat) / 1000 for _ in range(args.runs)]
                print(f"{name:<10} {statistics.median(times):>17.2f} {max(times):>7.2f}")
                label = f"game {g}, {name}" if args.whole_games else name
                figures[f"{label}: review, s (median)"] = statistics.median(times)
        browser.close()
    phone_class.finish(args, __file__, argv, figures)


if __name__ == "__main__":
    main()
