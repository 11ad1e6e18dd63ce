"""The pages' Python, in a Web Worker: PyScript's named worker ``skyjo``
(``<script type="py" worker name="skyjo">``, stamped into each page by the build).

Everything is in :mod:`skyjo.web.worker.host`; this file only connects it to the main
thread: the four calls ``site/page.mjs`` makes, and ``paint``, the main thread's
function a view pushes its effects through between calls (a bot's move, the
review's progress). No page Python touches ``document`` or ``window`` here: the
worker has none (a test holds this).

The engine is imported straight from its archive, which PyScript writes beside
this file as ``skyjo.zip`` (``pyscript.json``): unpacking its hundred files took
Pyodide 40-50 ms of every start, and the page needs fewer than half of them. The
methods of its dataclasses come compiled from that archive too
(:mod:`skyjo.web.worker.dataclass_code`). A returning visit restores all that from a
memory snapshot instead (``site/pyodide-start.mjs``)."""

import os
import sys

from pyscript import sync

# A Python restored from a memory snapshot (site/pyodide-start.mjs) has done the
# next three steps already: the archive is on its path and the engine imported.
if "skyjo.web.worker.host" not in sys.modules:
    sys.path.insert(0, os.path.abspath("skyjo.zip"))

    from skyjo.web.worker import dataclass_code

    # Before the engine makes its dataclasses (importing host does): their methods
    # come compiled from the archive, which the line above put first on the path.
    dataclass_code.install_from(sys.path[0])

# After install_from, on purpose.
from skyjo.web.worker import host

host.PUSH = lambda view, effects: sync.paint(view, effects)

open_view = host.open_view
intent = host.intent
refused = host.refused
close_view = host.close_view

__export__ = ["open_view", "intent", "refused", "close_view"]
