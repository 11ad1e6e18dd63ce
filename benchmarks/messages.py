"""What the one message format costs (CPython, one core): importing the pages'
catalogues and reading one language's messages (the first message each of the game
page, the score pad and the embed says in German: each reads its locale files), and
rendering a message (a whole-sentence person/plural/article message and a plain
one), against plain ``str.format_map``, which the catalogues used before.

Usage: ``python benchmarks/messages.py [--runs N]``. Prints milliseconds for the
first import and message (median of fresh interpreters) and microseconds per
rendering.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from skyjo.i18n.catalogue import messages
from skyjo.i18n.grammar import Person
from skyjo.web.ui.i18n import Translator

IMPORT = (
    "import time; t = time.perf_counter(); "
    "import skyjo.web.ui.present, skyjo.web.scorepad.messages, skyjo.web.embed.texts; "
    "skyjo.web.ui.i18n.Translator('de').t('table.round', n=1); "
    "skyjo.web.scorepad.messages.Messages('de').t('entry.round', n=1); "
    "skyjo.web.embed.texts.Texts('de').t('replay.title'); "
    "print(time.perf_counter() - t)"
)


def import_ms(runs: int) -> float:
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", IMPORT], capture_output=True, text=True)
        times.append(float(out.stdout))
    return statistics.median(times) * 1000


def per_call_us(call: object, repeat: int = 20000) -> float:
    assert callable(call)
    start = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(
        "import the page, score pad and embed catalogues and say a German message in each: "
        f"{import_ms(args.runs):.1f} ms"
    )
    you = Person("Du", you=True)
    for language in ("en", "de", "it"):
        t = Translator(language, you="Du")
        rich = per_call_us(
            lambda t=t: t.t(
                "reason.undercut", name=you, rival="Ben", raw="33", rival_raw="23", points="66"
            )
        )
        plain = per_call_us(lambda t=t: t.t("table.round", n=3))
        print(f"{language}: doubling sentence {rich:.1f} µs, 'Round 3' {plain:.1f} µs")
    template = messages("game", "en")["setup.remove"]
    old = per_call_us(lambda: template.format_map({"name": "Ben"}))
    print(f"str.format_map for comparison: {old:.2f} µs")


if __name__ == "__main__":
    main()
