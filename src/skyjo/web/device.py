"""What a page keeps on the device, and how it keeps what it cannot read.

A browser's ``localStorage`` can refuse a write at any time (the quota is full,
storage is blocked) and can hold anything (a save from a newer version, a value
edited by hand, a value of the wrong type). Two rules follow, for every page:

- A write says whether it worked (:meth:`Storage.set` returns ``False`` when the
  device refused it), so a page never says "saved" when nothing was, and can
  offer an export of what lives only in memory.
- What cannot be read is never deleted or overwritten unless a copy is safely
  stored: :meth:`Keeper.found_unreadable` copies it to a free *set-aside* slot
  and removes the original only once the copy reads back; when no copy can be
  stored the original stays where it is, :meth:`Keeper.write` refuses to write
  over it, and the text stays in memory (:attr:`Keeper.unreadable`) for export.

Set-aside slots are the key's first slot (``skyjo.corrupt-save``, the name older
versions used for their one copy) and then ``.2`` … ``.9``: a second unreadable
save no longer replaces the first.

Where a key lives (issue 36): games, score pads and what is set aside of them are
*saves*, kept in the device's database (IndexedDB, whose quota is far larger than
``localStorage``'s 5 MB, which every project site of one GitHub user shares); small
settings (the language, the remembered setup) stay in ``localStorage``, which the
first paint reads before any other script. :func:`place` says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

#: How many set-aside copies of one kind a device keeps at most.
SET_ASIDE_SLOTS: Final = 9

#: Where a write goes (the third item of a ``store`` effect's write): the device's
#: database, ``localStorage``, or ``localStorage`` as a hint that may be refused
#: without a word (:data:`PRESENT`).
DATABASE: Final = "db"
LOCAL: Final = "local"
HINT: Final = "hint"

#: The saves: the game page's game in play, its recent games, its statistics and
#: their set-aside copies; the score pad's games, its open game, the round being
#: typed and its set-aside copies. Their set-aside slots (``.2`` … ``.9``) are saves too.
SAVES: Final = frozenset(
    {
        "skyjo.game",
        "skyjo.recent",
        "skyjo.corrupt-save",
        "skyjo.recent-unreadable",
        "skyjo.statistics",
        "skyjo.statistics-unreadable",
        "skyjo-scorepad",
        "skyjo-scorepad-current",
        "skyjo-scorepad-draft",
        "skyjo-scorepad-unreadable",
    }
)

#: A small ``localStorage`` mark that a save is on the device, for the first paint,
#: which reads storage before any script could ask the database: with it the game
#: page opens on "resume" rather than painting the setup form first. A mark that
#: does not fit costs only that (Python paints the right screen a moment later).
PRESENT: Final = {"skyjo.game": "skyjo.game-kept", "skyjo-scorepad": "skyjo-scorepad-kept"}


#: The numbers of the set-aside slots after the first (``.2`` … ``.9``).
_NUMBERED_SLOTS: Final = frozenset(str(n) for n in range(2, SET_ASIDE_SLOTS + 1))


def place(key: str, *, database: bool) -> str:
    """Where ``key`` is kept: :data:`DATABASE` for a save when the device has a
    database (``database``), else :data:`LOCAL`."""
    if not database:
        return LOCAL
    base, dot, slot = key.rpartition(".")
    numbered = dot and slot in _NUMBERED_SLOTS
    return DATABASE if key in SAVES or (numbered and base in SAVES) else LOCAL


class Storage(Protocol):
    """Text by key on the device (``localStorage`` in the browser, a dict in tests)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; ``False`` when the device refused (full, blocked)."""
        ...

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A :class:`Storage` in a dict, for tests and for browsers without storage.

    ``capacity`` (characters of keys and values together, like a browser's quota)
    makes it refuse writes that would not fit, as a full device does."""

    def __init__(self, capacity: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.capacity = capacity

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        if self.capacity is not None:
            others = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if others + len(key) + len(value) > self.capacity:
                return False
        self.data[key] = value
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def set_aside_slots(key: str) -> tuple[str, ...]:
    """The keys that may hold set-aside copies for ``key`` (its first slot is
    ``key`` itself: callers pass the set-aside name, e.g. ``skyjo.corrupt-save``)."""
    return (key, *(f"{key}.{n}" for n in range(2, SET_ASIDE_SLOTS + 1)))


@dataclass(frozen=True, slots=True)
class Unreadable:
    """Text found under ``key`` that could not be read (``reason`` says why).
    ``kept_as`` is the set-aside key holding a copy, or ``None`` when none could be
    stored (then the original is still under ``key`` and only memory has a copy)."""

    key: str
    text: str
    reason: str
    kept_as: str | None


class Keeper:
    """A page's :class:`Storage`, careful with what it cannot read.

    The page reads and writes through it; whenever a value turns out unreadable the
    page calls :meth:`found_unreadable`. Keys whose unreadable value could not be
    copied are *guarded*: :meth:`write` refuses them (returns ``False``, as a full
    device would) until the person has exported the text (:meth:`exported`)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        #: Every unreadable value met since the page opened, oldest first.
        self.unreadable: list[Unreadable] = []
        self._guarded: set[str] = set()

    def read(self, key: str) -> str | None:
        return self.storage.get(key)

    def write(self, key: str, value: str) -> bool:
        """Store ``value`` under ``key``; ``False`` when the device refused or ``key``
        holds an unreadable value with no safe copy."""
        if key in self._guarded:
            return False
        return self.storage.set(key, value) and self.storage.get(key) == value

    def remove(self, key: str) -> None:
        if key not in self._guarded:
            self.storage.remove(key)

    def found_unreadable(self, key: str, text: str, reason: str, *, aside: str) -> Unreadable:
        """``text`` under ``key`` could not be read: copy it to the first free slot of
        ``aside`` (:func:`set_aside_slots`; an identical copy already there is
        reused), then remove ``key``. When no copy can be stored, ``key`` keeps it
        and is guarded against writes."""
        kept_as = self._copy(text, aside)
        if kept_as is None:
            self._guarded.add(key)
        else:
            self.storage.remove(key)
        found = Unreadable(key, text, reason, kept_as)
        self.unreadable.append(found)
        return found

    def _copy(self, text: str, aside: str) -> str | None:
        slots = set_aside_slots(aside)
        for slot in slots:
            if self.storage.get(slot) == text:
                return slot
        for slot in slots:
            if self.storage.get(slot) is None:
                stored = self.storage.set(slot, text) and self.storage.get(slot) == text
                return slot if stored else None
        return None

    def refused(self, key: str) -> bool:
        """The device refused a write to ``key`` that :meth:`write` or
        :meth:`found_unreadable` had taken as done (Python in a Web Worker writes to a
        mirror first, see :mod:`skyjo.web.worker.mirror`). When ``key`` was a set-aside
        copy, the original stays where it was (the main thread stops a batch at its
        first refusal, so the removal after the copy never ran): guard it, as if no
        copy had fit. True when that changed anything."""
        changed = False
        for index, found in enumerate(self.unreadable):
            if found.kept_as == key:
                self.unreadable[index] = Unreadable(found.key, found.text, found.reason, None)
                self._guarded.add(found.key)
                changed = True
        return changed

    def exported(self, found: Unreadable) -> None:
        """The person has a copy of ``found`` now: its key may be written again."""
        self._guarded.discard(found.key)

    def guarded(self, key: str) -> bool:
        return key in self._guarded


__all__ = [
    "DATABASE",
    "HINT",
    "LOCAL",
    "PRESENT",
    "SAVES",
    "SET_ASIDE_SLOTS",
    "Keeper",
    "MemoryStorage",
    "Storage",
    "Unreadable",
    "place",
    "set_aside_slots",
]
