"""Every device keeps the move log it has seen; a device that comes back catches up
from its last line.

The host numbers the lines of a game's log from the game's first (its save keeps
the last lines and the number of the first it kept: ``App.log_from``). A guest's
page keeps the lines it received, with the game's id and the number of its first
line, in its own ``localStorage`` (:data:`LOG_KEY`: a key of its own, never the
device's saved game, which a guest's page does not touch), so the log survives a
reload. When its channel opens it says which game it has and how many lines
(:class:`~skyjo.web.together.wire.Hello`); the host then sends only the lines after
those, or, for another game or a number it cannot place, the last
:data:`~skyjo.web.together.wire.LOG_LINES` it has.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from skyjo.record import GameRecord
from skyjo.web.device import Storage
from skyjo.web.together.wire import LOG_LINES, MAX_GAME_ID, Hello

#: Where a guest's page keeps the log it has seen (``localStorage``).
LOG_KEY: Final = "skyjo.together-log"
#: One line: a catalogue key and its fields.
LogLine = tuple[str, dict[str, Any]]


def game_id(record: GameRecord) -> str:
    """A name for the game, the same after the host's page reloads: a digest of the
    first round's deal and the players. It names the game, nothing more: a digest
    cannot be turned back into the deal."""
    first = record.rounds[0].deal if record.rounds else None
    text = repr((first, record.names, record.rules))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def first_line(hello: Hello | None, *, game: str, log_from: int, log_end: int) -> int:
    """The number of the first log line to send a guest that said ``hello``: the
    line after those it has, if it has lines of this game the host can place;
    else (another game, no hello, a number before the host's kept lines or after
    its last) the first of the last :data:`LOG_LINES` the host has."""
    oldest = max(log_from, log_end - LOG_LINES)
    if hello is None or hello.game != game or not oldest <= hello.next <= log_end:
        return oldest
    return hello.next


@dataclass(slots=True)
class SeenLog:
    """The log a guest's page has seen: ``lines`` numbered from ``first``."""

    game: str = ""
    first: int = 0
    lines: list[LogLine] = field(default_factory=list)

    @property
    def next(self) -> int:
        """The number of the line after the last one seen."""
        return self.first + len(self.lines)

    def hello(self) -> Hello:
        return Hello(self.game, self.next if self.game else 0)

    def take(self, game: str, start: int, lines: Sequence[LogLine]) -> None:
        """Lines ``start`` on of ``game``'s log, from the host: they replace what
        this log held from ``start`` on (the host's own log may have lost lines to
        a take-back); a log of another game, or one they do not join, starts anew."""
        if game != self.game or not self.first <= start <= self.next:
            self.game, self.first, self.lines = game, start, []
        del self.lines[start - self.first :]
        self.lines.extend(lines)
        extra = len(self.lines) - LOG_LINES
        if extra > 0:
            del self.lines[:extra]
            self.first += extra

    def to_text(self) -> str:
        return json.dumps(
            {"game": self.game, "first": self.first, "lines": [list(x) for x in self.lines]},
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def load(cls, storage: Storage) -> SeenLog:
        """The log kept on the device; an empty one when there is none or it cannot
        be read (it is only a copy: the host has the game)."""
        text = storage.get(LOG_KEY)
        if not text:
            return cls()
        try:
            data = json.loads(text)
            game, first = data["game"], data["first"]
            if not isinstance(game, str) or len(game) > MAX_GAME_ID:
                raise ValueError("not a game id")
            if not isinstance(first, int) or first < 0:
                raise ValueError("not a line number")
            lines = [(str(key), dict(fields)) for key, fields in data["lines"]]
        except (ValueError, KeyError, TypeError, RecursionError):
            return cls()
        extra = max(0, len(lines) - LOG_LINES)
        return cls(game, first + extra, lines[extra:])

    def keep(self, storage: Storage) -> None:
        storage.set(LOG_KEY, self.to_text())


__all__ = ["LOG_KEY", "LogLine", "SeenLog", "first_line", "game_id"]
