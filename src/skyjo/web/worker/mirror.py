"""``localStorage`` for Python in a Web Worker, where there is none.

A worker cannot reach ``localStorage``, and cannot wait for the main thread either
(that needs ``SharedArrayBuffer``, which needs headers GitHub Pages cannot send). So
a page's Python reads a *mirror*: the main thread sends the values of the page's
keys when it opens the page, and every write Python makes goes into the mirror at
once and into the batch of effects the intent returns (``["store", ...]``, see
:mod:`skyjo.web.worker.effects`). The main thread writes them in order and stops at the
first the device refuses (a full quota, storage blocked), so a later removal that
depended on an earlier copy never happens without it. It then reports what the
keys of that batch really hold; :meth:`MirrorStorage.reconcile` takes that truth
back, and the page's controller says what it means (a save refused, a set-aside copy
that did not fit) before anything is painted.

Writes are optimistic in between: a :class:`~skyjo.web.device.Keeper` reading back its
write sees it, as it would in a browser that took it. What a refusal changes is
settled by the controller's ``refused`` hook, which every page has.
"""

from __future__ import annotations

from collections.abc import Mapping


class MirrorStorage:
    """A :class:`~skyjo.web.device.Storage` over the values the main thread sent."""

    def __init__(self, snapshot: Mapping[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(snapshot or {})
        self._writes: list[tuple[str, str | None]] = []

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        self.data[key] = value
        self._writes.append((key, value))
        return True

    def remove(self, key: str) -> None:
        if key in self.data:
            del self.data[key]
            self._writes.append((key, None))

    def take_writes(self) -> list[tuple[str, str | None]]:
        """The writes since the last call, in order (for a ``store`` effect)."""
        writes, self._writes = self._writes, []
        return writes

    def reconcile(self, truth: Mapping[str, str | None]) -> frozenset[str]:
        """Take back what the device really holds for the keys of a refused batch;
        returns the keys whose value differs from what Python had written."""
        differs = [key for key, value in truth.items() if self.data.get(key) != value]
        for key, value in truth.items():
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value
        return frozenset(differs)


__all__ = ["MirrorStorage"]
