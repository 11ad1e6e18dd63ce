"""Accessibility checks the browser tests run in every page state they reach.

axe-core reports a serious or critical rule violation as a violation, but it files
the contrast of very short text (a lone digit, "±", a total like "7") under
"incomplete" ("too short to tell whether it is text") with the measured ratio,
and by default the Python binding drops incomplete results. The score pad's
Total row, dark digits on dark green at 2.2:1, slipped through that way. So
:func:`problems` also fails a short text whose measured contrast is below what
WCAG asks (4.5:1, 3:1 for large text), the same threshold axe applies elsewhere.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page

#: Report violations and the undecided checks, where short texts' contrast lands.
#: Frames are checked where they are pages of their own (embed.html), not from
#: their host: the axe binding injects axe into the top page only.
OPTIONS = {"resultTypes": ["violations", "incomplete"], "iframes": False}


def _ratio(text: str) -> float:
    """``"4.5:1"`` -> 4.5."""
    return float(text.split(":", 1)[0])


def _low_contrast(node: dict[str, Any]) -> bool:
    for check in node.get("any", []):
        data = check.get("data") or {}
        if not isinstance(data, dict):
            continue
        measured, expected = data.get("contrastRatio"), data.get("expectedContrastRatio")
        if isinstance(measured, int | float) and measured > 0 and isinstance(expected, str):
            return bool(measured < _ratio(expected))
    return False


def settle(page: Page) -> None:
    """Wait until every animation on the page has finished (a picture, a contrast check)."""
    page.evaluate("Promise.allSettled(document.getAnimations().map(a => a.finished))")


def running_animations(page: Page) -> int:
    """How many animations are playing on the page now."""
    return int(
        page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length")
    )


def problems(page: Page, where: str = "") -> list[str]:
    """axe's serious and critical findings on ``page`` as it is now, plus short
    texts below the contrast WCAG asks for; each names the rule and the elements.
    Animations are let finish first: a text fading in is not yet its own colour."""
    settle(page)
    response = Axe().run(page, options=OPTIONS).response
    found = [
        f"{where}{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    for result in response["incomplete"]:
        if result["id"] != "color-contrast":
            continue
        low = [n for n in result["nodes"] if _low_contrast(n)]
        if low:
            found.append(
                f"{where}color-contrast (short text): "
                + ", ".join(
                    f"{n['target']} {n['any'][0]['data']['contrastRatio']}:1" for n in low[:5]
                )
            )
    return found
