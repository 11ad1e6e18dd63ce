"""Work done in small steps: a generator that yields between units of work (so a
page's worker can answer taps, or a progress bar can move) and returns its
result. Code that wants the result at once runs it through :func:`run_steps`."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def run_steps(steps: Generator[None, None, T]) -> T:
    """Run ``steps`` to its end without pausing and return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
