"""The game page's Python entry point: takes over the pre-painted setup screen (or
paints the saved game's), then marks the page ready.

The game itself is :mod:`skyjo.ui` (``skyjo.ui.dom.start`` paints it into ``#app``).
``<html data-ready="true">`` is set last, once Python has taken over: the start-up
guard in ``boot.js`` then carries out any control pressed while Python loaded, and
the browser tests and the benchmark wait for it.
"""

from __future__ import annotations

import sys

from pyscript import document

import skyjo
from skyjo.ui import dom as table


def start() -> None:
    """Start the game, name the versions in the footer, mark the page ready."""
    # sys, not platform: Pyodide's standard library is source, and compiling
    # platform.py alone cost ~10 ms of every start-up.
    major, minor, micro = sys.version_info[:3]
    python = f"Python {major}.{minor}.{micro} ({sys.platform})"
    document.getElementById("versions").textContent = f"Skyjo engine {skyjo.__version__} · {python}"
    table.start()
    document.documentElement.dataset.ready = "true"


start()
