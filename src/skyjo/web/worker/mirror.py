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

Saves live in the device's database (IndexedDB), settings in ``localStorage``
(:func:`skyjo.web.device.place`): the main thread sends both, and Python sees one set
of keys. Each write says where it goes; the main thread writes a run of database
writes in one transaction (all or nothing) and waits for it before the next write
and before painting, so "every write says whether the device took it" holds there
too. A save found in ``localStorage`` (from a version before the database) is
moved by the main thread before Python opens the page (``site/page.mjs``): copied
to the database first, removed from ``localStorage`` only once the copy was
committed. When the database refuses the copy, the main thread says there is no
database (``None``) and the page works from ``localStorage`` as before.
"""

from __future__ import annotations

from collections.abc import Mapping

from skyjo.web.device import DATABASE, HINT, LOCAL, PRESENT, place

#: One write: (key, value or None to remove, where: database, local or hint).
Write = tuple[str, str | None, str]


class MirrorStorage:
    """A :class:`~skyjo.web.device.Storage` over the values the main thread sent:
    ``snapshot`` from ``localStorage``, ``database`` from the device's database
    (``None`` when the browser has none: then everything stays in ``localStorage``,
    as before)."""

    def __init__(
        self,
        snapshot: Mapping[str, str] | None = None,
        *,
        database: Mapping[str, str] | None = None,
    ) -> None:
        local = dict(snapshot or {})
        self.database = database is not None
        self._writes: list[Write] = []
        self.data: dict[str, str] = {
            key: value for key, value in local.items() if self._place(key) == LOCAL
        }
        self.data.update(database or {})

    def _place(self, key: str) -> str:
        return place(key, database=self.database)

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        self.data[key] = value
        where = self._place(key)
        self._writes.append((key, value, where))
        if where == DATABASE and key in PRESENT:
            self._writes.append((PRESENT[key], "1", HINT))
        return True

    def remove(self, key: str) -> None:
        if key in self.data:
            del self.data[key]
            where = self._place(key)
            self._writes.append((key, None, where))
            if where == DATABASE and key in PRESENT:
                self._writes.append((PRESENT[key], None, HINT))

    def take_writes(self) -> list[Write]:
        """The writes since the last call, in order (for a ``store`` effect)."""
        writes, self._writes = self._writes, []
        return writes

    def reconcile(self, truth: Mapping[str, str | None]) -> frozenset[str]:
        """Take back what the device really holds for the keys of a refused batch
        (for a save, the database's value, else ``localStorage``'s: what the next
        visit would read); returns the keys whose value differs from what Python
        had written."""
        differs = [key for key, value in truth.items() if self.data.get(key) != value]
        for key, value in truth.items():
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value
        return frozenset(differs)


__all__ = ["MirrorStorage"]
