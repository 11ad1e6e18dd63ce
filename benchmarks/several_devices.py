"""Playing on several devices (issue 38): how fast the devices connect and a move
reaches every screen, and how much travels. A table of figures, not timed tests.

Each device is a Chromium context of its own (as in tests/e2e/test_together.py,
launched with ``--disable-features=WebRtcHideLocalIpsWithMdns``, so the pages offer
their loopback addresses), the site served from ``dist/`` on 127.0.0.1:

* **Connection**, median of ``--runs`` (5): a host with one guest. From the guest
  opening the invitation (a first visit: nothing cached, service workers blocked)
  to its page saying "Connected" and showing the table, in three parts: the page
  started (Python ready), the answer made after "Join" (the browser gathering its
  addresses), and the channel open and the first view painted after the host
  pastes the answer. The automated person pastes at once, so this is the machine's
  part only.
* **A move**, p50 and p95: a host and two guests play a round (at most
  ``--moves`` taps of the guests); each tap of a guest is timed from the tap (the
  event's time stamp) until every device has painted the move it made (the first
  animation frame after ``#app[data-move]`` changed on each page; the clocks of
  the pages on one machine agree). Unthrottled, then with every page's main thread
  slowed 4x (DevTools' ``Emulation.setCPUThrottlingRate``; the workers, where
  Python runs, are not slowed: see benchmarks/phone.py). The automated players tap
  as a quick person does: once every device shows the last move, they look for
  ``--pause`` ms (600) before the next tap; the targets apply to these taps, in
  the median of ``--games`` games (3) at each speed, each game printed too. The
  same game tapped back to back (the next tap the moment the tapping page settled,
  while the other pages may still be painting) is printed below them for
  comparison: it measures how the pages keep up with taps no person makes, the
  main threads then still busy with the last move's paint when the next arrives.
* **Bytes**: each message a guest received (a view of the table, as UTF-8), the
  average and the largest, in the games above.
* **Offer and answer**: the invitation link's and the answer's length in
  characters (ASCII: one byte each) and the QR code version they need at error
  correction M in byte mode (the capacity table below, so the figure does not
  depend on the page's encoder), with the machine's addresses (as measured
  above) and, from a second Chromium with the default mDNS names, as a phone's
  browser offers them. The invitation is counted on a GitHub Pages address
  (``https://owner.github.io/skyjo/``), not this run's 127.0.0.1. With the STUN
  option on, the same with one and two public addresses added (made up: this
  machine has no internet, so no STUN server answers here).

Run ``python build.py`` first; then ``nice python benchmarks/several_devices.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for build.py's test server, when run as a script
import build  # noqa: E402

sys.path.insert(0, str(ROOT / "src"))
from skyjo.web.together.lobby import Answer, Invite  # noqa: E402
from skyjo.web.together.signal import Signal  # noqa: E402

DIST = ROOT / "dist"
TIMEOUT_MS = 120_000
DESKTOP = {"width": 1280, "height": 800}
#: The address an invitation is counted on (a GitHub Pages site).
PAGES_ADDRESS = "https://owner.github.io/skyjo/"

#: The targets (issue 38): a move on every screen within this p95, in ms, by the
#: main thread's slowdown.
TARGET_P95 = {1.0: 100.0, 4.0: 200.0}
#: Public addresses a STUN server might answer with (documentation ranges).
PUBLIC = (("203.0.113.77", 54400), ("2001:db8:85a3::8a2e:370:7334", 54401))

#: Bytes a QR code holds in byte mode at error correction M, by version (1-40):
#: ISO/IEC 18004's capacity table.
QR_BYTES_M = (
    14, 26, 42, 62, 84, 106, 122, 152, 180, 213,
    251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
    711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370,
    1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
)  # fmt: skip

#: Before the page's scripts: when each value of ``#app[data-move]`` was first
#: painted (the animation frame after it changed), and when each tap happened.
PROBE = """
window.__painted = []; window.__taps = [];
const clock = (t) => performance.timeOrigin + t;
document.addEventListener("pointerdown", (e) => {
  const app = document.getElementById("app");
  if (!app || !e.target.closest || !e.target.closest("#draw-pile, #app .card")) return;
  window.__taps.push([clock(e.timeStamp), app.getAttribute("data-move")]);
}, true);
new MutationObserver(() => {
  const app = document.getElementById("app");
  const move = app && app.getAttribute("data-move");
  if (move === null || window.__seen === move) return;
  window.__seen = move;
  requestAnimationFrame(() => window.__painted.push([Number(move), clock(performance.now())]));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-move"] });
"""

#: A person may act on this page now (as tests/e2e/test_together.py's MAY_ACT).
MAY_ACT = "html:not([data-pending]) #app[data-screen='table'] :is(#draw-pile.target, .card.target)"


def qr_version(length: int) -> int | None:
    """The smallest QR version whose byte mode holds ``length`` bytes at error
    correction M; None beyond version 40."""
    for version, capacity in enumerate(QR_BYTES_M, start=1):
        if length <= capacity:
            return version
    return None


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100) of ``values``, by linear interpolation between
    the closest ranks (as numpy's default); ValueError for no values."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def move_latencies(
    taps: Sequence[tuple[float, int]], painted: Sequence[Sequence[tuple[int, float]]]
) -> list[float]:
    """For each tap (its time, and the move number its page showed then), the time
    until every page had painted a later move; a tap no page followed (refused,
    or the last) is left out."""
    out = []
    for at, shown in taps:
        ends = []
        for page in painted:
            later = [when for move, when in page if move > shown and when >= at]
            if not later:
                break
            ends.append(min(later))
        else:
            out.append(max(ends) - at)
    return out


@dataclass(frozen=True)
class Connection:
    """One guest's connection, in milliseconds from opening the invitation."""

    ready: float
    answer: float
    connected: float


@dataclass(frozen=True)
class Moves:
    latencies: list[float]
    message_bytes: list[int]


def webrtc_browser(playwright: Any, *, mdns: bool = False) -> Browser:
    launch = build.chromium_launch_args()
    args = list(launch.get("args", []))
    if not mdns:
        args.append("--disable-features=WebRtcHideLocalIpsWithMdns")
    browser: Browser = playwright.chromium.launch(**{**launch, "args": args})
    return browser


@contextmanager
def device(browser: Browser, url: str | None, *, language: str = "en") -> Iterator[Page]:
    """A fresh device (a new context: nothing cached, service workers blocked), the
    probe installed; opens ``url`` when given."""
    context: BrowserContext = browser.new_context(
        viewport=DESKTOP,  # type: ignore[arg-type]
        locale=language,
        service_workers="block",
    )
    try:
        context.add_init_script(f"localStorage.setItem('skyjo.language', '{language}')")
        context.add_init_script(PROBE)
        page = context.new_page()
        if url is not None:
            page.goto(url)
        yield page
    finally:
        context.close()


def ready(page: Page) -> None:
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=TIMEOUT_MS)


def settled(page: Page) -> None:
    page.wait_for_selector("html:not([data-pending])", state="attached", timeout=TIMEOUT_MS)


def host_game(page: Page, guests: Sequence[str]) -> None:
    """On the host's ready page: Ann here and ``guests`` on other devices; start."""
    names = [("Ann", "human")] + [(name, "remote") for name in guests]
    for i, (name, kind) in enumerate(names):
        if i >= page.locator(".seat-row").count():
            page.locator("[data-intent='seat-add']").click()
            settled(page)
        page.fill(f"#name-{i}", name)
        page.select_option(f"#kind-{i}", kind)
    while page.locator(".seat-row").count() > len(names):
        page.locator(f"[data-intent='seat-remove'][data-index='{len(names)}']").click()
        settled(page)
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("heading", name="Invite the other players").wait_for()


def invitation(page: Page, name: str) -> str:
    link = page.get_by_label(f"Link for {name}")
    link.wait_for(timeout=TIMEOUT_MS)
    return link.input_value()


def join(host: Page, guest: Page, seat: int, name: str) -> tuple[str, float]:
    """The guest joins and the host pastes its answer: the answer, and when it was
    shown (epoch ms)."""
    guest.get_by_role("button", name="Join").click()
    field = guest.get_by_label("Answer for Ann")
    field.wait_for(timeout=TIMEOUT_MS)
    shown = time.time() * 1000
    answer = field.input_value()
    host.get_by_label(f"Answer from {name}").fill(answer)
    host.locator(f"[data-intent='invite-answer'][data-seat='{seat}']").click()
    return answer, shown


def on_table(page: Page) -> None:
    page.wait_for_selector("#app[data-screen='table']", state="attached", timeout=TIMEOUT_MS)


def connection(browser: Browser, base: str) -> tuple[Connection, str, str]:
    """One connection of a guest to a host (see the module's docstring); with the
    invitation and the answer."""
    with device(browser, base + "?seed=5") as host:
        ready(host)
        host_game(host, ["Ben"])
        link = invitation(host, "Ben")
        with device(browser, None) as guest:
            start = time.time() * 1000
            guest.goto(link)
            ready(guest)
            started = time.time() * 1000
            answer, shown = join(host, guest, 1, "Ben")
            on_table(guest)
            connected = time.time() * 1000
    timing = Connection(started - start, shown - start, connected - start)
    return timing, link, answer


def play(browser: Browser, base: str, *, rate: float, moves: int, pause: float) -> Moves:
    """A host and two guests play until the round ends or the guests tapped
    ``moves`` times; every page's main thread slowed ``rate`` times. With a
    ``pause`` (ms), each tap waits until every page shows the last move, then that
    long; with none, the next tap comes as soon as the tapping page settled."""
    with (
        device(browser, base + "?seed=9") as host,
        device(browser, None) as ben,
        device(browser, None) as cleo,
    ):
        ready(host)
        host_game(host, ["Ben", "Cleo"])
        for seat, (name, guest) in enumerate((("Ben", ben), ("Cleo", cleo)), start=1):
            guest.goto(invitation(host, name))
            ready(guest)
            join(host, guest, seat, name)
        pages = [host, ben, cleo]
        for page in pages:
            on_table(page)
            if rate != 1:
                page.context.new_cdp_session(page).send(
                    "Emulation.setCPUThrottlingRate", {"rate": rate}
                )
        taps = 0
        while taps < moves:
            due = [p for p in pages if p.locator(MAY_ACT).count()]
            if not due:
                if any(p.get_attribute("#app", "data-screen") != "table" for p in pages):
                    break
                host.wait_for_timeout(20)
                continue
            page = due[0]
            shown = page.get_attribute("#app", "data-move") or ""
            if page.locator("#draw-pile.target").count():
                page.locator("#draw-pile").click()
            else:
                page.locator("#app .card.target").first.click()
            if page is not host:
                taps += 1
            for each in pages if pause else [page]:
                each.wait_for_function(
                    "(shown) => document.getElementById('app').getAttribute('data-move') !== shown",
                    arg=shown,
                    timeout=TIMEOUT_MS,
                    polling=20,  # not every frame: that would load the page it measures
                )
            settled(page)
            if pause:
                page.wait_for_timeout(pause)
        host.wait_for_timeout(500)  # the last move reaches every screen
        painted = [[(int(m), float(t)) for m, t in p.evaluate("window.__painted")] for p in pages]
        latencies = []
        for guest in (ben, cleo):
            taps_of = [
                (float(t), int(m)) for t, m in guest.evaluate("window.__taps") if m is not None
            ]
            latencies += move_latencies(taps_of, painted)
        sizes = [
            len(text.encode())
            for guest in (ben, cleo)
            for text in guest.evaluate("window.skyjoLinkReceived || []")
        ]
    return Moves(latencies, sizes)


def offer_sizes(browser: Browser, base: str) -> tuple[str, str]:
    """An invitation (its fragment) and an answer as this browser makes them."""
    with device(browser, base + "?seed=3") as host:
        ready(host)
        host_game(host, ["Ben"])
        link = invitation(host, "Ben")
        with device(browser, link) as guest:
            ready(guest)
            guest.get_by_role("button", name="Join").click()
            field = guest.get_by_label("Answer for Ann")
            field.wait_for(timeout=TIMEOUT_MS)
            return link, field.input_value()


def with_public(link: str, answer: str, count: int) -> tuple[str, str]:
    """The invitation and answer as they would be with the STUN option on and
    ``count`` public addresses answered."""

    def more(signal: Signal) -> Signal:
        return Signal(
            signal.ufrag,
            signal.password,
            signal.fingerprint,
            signal.candidates,
            True,
            PUBLIC[:count],
        )

    invite = Invite.from_fragment(link[link.index("#") :])
    assert invite is not None
    reply = Answer.parse(answer)
    new_invite = Invite(invite.seat, invite.host, invite.guest, more(invite.offer))
    return link[: link.index("#")] + "#join=" + str(new_invite), str(
        Answer(reply.seat, more(reply.signal))
    )


def on_pages(link: str) -> str:
    """The invitation on a GitHub Pages address instead of this run's."""
    return PAGES_ADDRESS + link[link.index("#") :]


def size_row(what: str, text: str) -> str:
    version = qr_version(len(text.encode()))
    return f"| {what} | {len(text)} | {version if version else '> 40'} |"


def median_percentiles(games: Sequence[Moves]) -> tuple[float, float]:
    """The median over ``games`` of each game's p50 and of its p95. A target is
    judged on the median game: one game's p95 (its three or four slowest taps) moved
    by a fifth between runs on this machine, as the three pages and their workers
    share two cores with whatever else runs."""
    p50s = [percentile(game.latencies, 50) for game in games]
    p95s = [percentile(game.latencies, 95) for game in games]
    return statistics.median(p50s), statistics.median(p95s)


def judged(p95: float, target: float) -> str:
    return f"<= {target:.0f}: {'ok' if p95 <= target else 'MISSED'}"


def report(
    connections: list[Connection],
    runs: dict[tuple[float, float], list[Moves]],
    sizes: dict[str, tuple[str, str]],
) -> str:
    def median(values: list[float]) -> str:
        return f"{statistics.median(values):.0f}"

    lines = [
        f"several_devices.py: {time.strftime('%Y-%m-%d %H:%M')}, "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        "",
        f"Connection over loopback, median of {len(connections)} (ms from opening the "
        "invitation; a first visit):",
        "",
        "| page ready | answer shown | connected, table painted |",
        "|---:|---:|---:|",
        f"| {median([c.ready for c in connections])} | "
        f"{median([c.answer for c in connections])} | "
        f"{median([c.connected for c in connections])} |",
        "",
        "A guest's tap until every device painted the move (ms), and what a guest receives:",
        "",
        "| main thread | taps | p50 | p95 | worst | target p95 | bytes a message: average "
        "| largest |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    for (rate, pause), games in runs.items():
        label = "unthrottled" if rate == 1 else f"slowed {rate:g}x"
        label += f", a tap {pause:.0f} ms after the last paint" if pause else ", back to back"
        target = TARGET_P95.get(rate) if pause else None
        for number, moves in enumerate(games, start=1):
            lat = moves.latencies
            size = moves.message_bytes
            game = f", game {number} of {len(games)}" if len(games) > 1 else ""
            alone = target is not None and len(games) == 1
            verdict = judged(percentile(lat, 95), target) if alone and target else ""
            lines.append(
                f"| {label}{game} | {len(lat)} | {percentile(lat, 50):.0f} "
                f"| {percentile(lat, 95):.0f} | {max(lat):.0f} | {verdict} "
                f"| {statistics.mean(size):.0f} | {max(size)} |"
            )
        if len(games) > 1:
            p50, p95 = median_percentiles(games)
            verdict = "" if target is None else judged(p95, target)
            lines.append(
                f"| {label}, median of the {len(games)} games | | {p50:.0f} | {p95:.0f} "
                f"| | {verdict} | | |"
            )
    lines += [
        "",
        "Offer and answer (characters; QR version at error correction M, byte mode):",
        "",
        "| what | characters | QR version (M) |",
        "|---|---:|---:|",
    ]
    for label, (link, answer) in sizes.items():
        lines.append(size_row(f"invitation link, {label}", on_pages(link)))
        lines.append(size_row(f"answer, {label}", answer))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="connections timed (default 5)")
    parser.add_argument(
        "--moves", type=int, default=60, help="guest taps timed per game (default 60)"
    )
    parser.add_argument(
        "--pause",
        type=float,
        default=600.0,
        help="ms a player looks at the table before tapping (default 600)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=3,
        help="games played at each speed with the pause; the targets are judged on "
        "the median game (default 3)",
    )
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    args = parser.parse_args(argv)
    if not (args.dist / "index.html").is_file():
        print(f"several_devices.py: error: {args.dist}/index.html is missing: run build.py first")
        return 1
    with build.serving(args.dist) as base, sync_playwright() as playwright:
        browser = webrtc_browser(playwright)
        try:
            connections = []
            for _ in range(args.runs):
                timing, link, answer = connection(browser, base)
                connections.append(timing)
            runs = {
                (rate, pause): [
                    play(browser, base, rate=rate, moves=args.moves, pause=pause)
                    for _ in range(args.games if pause else 1)
                ]
                for pause in (args.pause, 0.0)
                for rate in (1.0, 4.0)
            }
            sizes = {"loopback addresses": (link, answer)}
        finally:
            browser.close()
        phone_like = webrtc_browser(playwright, mdns=True)
        try:
            phone = sizes["mDNS names (a phone)"] = offer_sizes(phone_like, base)
        finally:
            phone_like.close()
    for count in (1, 2):
        sizes[f"mDNS names and {count} public (STUN on)"] = with_public(*phone, count)
    print(report(connections, runs, sizes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
