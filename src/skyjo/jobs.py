"""Spreading work over several processes (``simulate --jobs N``).

:func:`spread` hands chunks of a list to a pool of worker processes and yields
the answers back in order (``Pool.imap``), so the caller adds them up in the
list's order and a figure computed from them equals a one-process run bit for
bit. It knows nothing of Skyjo: :mod:`skyjo.simulate` gives it the games and the
function that plays a chunk of them, and imports it only when more than one
process is asked for, because only the command line needs it and Pyodide has no
processes. (It used to import the simulator back, an import loop; now the arrow
points one way.)
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")
Key = TypeVar("Key", bound=Hashable)

#: Chunks per worker: enough that uneven chunks even out and the progress bar
#: moves, few enough that sending them costs nothing next to doing them.
CHUNKS_PER_JOB = 16

#: At most this many items per chunk, so the progress bar moves on long runs.
MAX_CHUNK = 25


def spread(
    do_chunk: Callable[[tuple[Key, list[Item]]], list[Answer]],
    key: Key,
    items: Sequence[Item],
    jobs: int,
) -> Iterator[Answer]:
    """The answers of ``do_chunk`` for every item of ``items``, in order, from
    ``jobs`` worker processes. Each chunk goes out as ``(key, chunk)``: ``key``
    tells a worker what the items are for (for a simulation, the bots' specs and
    the rules), so it can build what it needs once and keep it for later chunks.
    ``do_chunk`` must be a module-level function (it is pickled by name)."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(items) / (jobs * CHUNKS_PER_JOB))))
    tasks = [(key, list(items[i : i + size])) for i in range(0, len(items), size)]
    if not tasks:
        return
    with multiprocessing.get_context().Pool(min(jobs, len(tasks))) as pool:
        for answers in pool.imap(do_chunk, tasks):
            yield from answers
