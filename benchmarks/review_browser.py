"""Speed of the game review in the browser (Pyodide, headless Chromium): the
same 4-round, 3-player record as ``benchmarks/review.py``, opened in the replay
viewer; for each seat, the time from pressing Review until the review is shown
(target: under 10 s). The page analyses in slices between frames, so this is
the time a person waits, yields to the browser included.

Run ``python build.py`` first; then ``python benchmarks/review_browser.py
[--runs N] [--seed N] [--whole-games N]``. ``--whole-games N`` opens instead the
whole 4-player games of ``benchmarks/review.py --whole-games`` (one seat of each
bot level, to the game's end; issue 40, part 3) and times every seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from skyjo import record

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for build.py's test server, when run as a script
import build  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review import four_rounds, whole_game  # noqa: E402  (the sibling benchmark's records)

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--whole-games", type=int, default=0, help="time N whole 4-player games instead"
    )
    args = parser.parse_args()
    if not (DIST / "replay.html").is_file():
        sys.exit("dist/ is missing: run python build.py first")
    if args.whole_games:
        games = [whole_game(g, args.seed) for g in range(args.whole_games)]
    else:
        game = four_rounds(args.seed)
        games = [(game.names, game)]
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
        browser.close()


if __name__ == "__main__":
    main()
