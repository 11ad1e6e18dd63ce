"""Statistics across the games finished on this device: games, wins, average and best round.

They are the people's at the device, against the bots: a game counts in the group
of the *strongest* bot at its table (a game against an expert and an easy bot is a
game against an expert), or in :data:`PEOPLE` when only people played; a game of
bots alone counts nowhere (nobody here played it). Every round of every person at
the table counts, with the points it put on the score sheet (doubling included),
so "average round" is what a person's round costs and "best round" the lowest one.
A game is won when a person is among its winners (a shared win counts). In the
people-only group somebody at the device always wins, so wins are not kept there.

A game counts once, when the move that ends it is played on this page: a game
resumed after a reload, opened from a file, or taken over from another tab (which
played its last move there) is already where it ends, and no move ends it again.
Beyond that, :attr:`Statistics.counted` keeps a key of each game counted (its
players and its first deal, :func:`game_key`), and a game already counted is not
counted again, whatever brought its end back. A tie-break round is part of the
game it settles, which was counted when it ended.

The statistics are a small JSON object (:meth:`Statistics.to_json`) kept among the
saves, in the device's database (:mod:`skyjo.web.device`): losing them hurts like
losing a game, and only the tab that holds the game page writes them. Anything
:meth:`Statistics.from_json` cannot read raises ``ValueError``, and the page keeps
the text aside rather than overwriting it (:class:`skyjo.web.device.Keeper`).
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from skyjo import jsontext
from skyjo.game import Game
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import BOT_LEVELS, HUMAN

#: The group of the games only people played.
PEOPLE: Final = "people"
#: The groups, in the order the page shows them: the bots from easy to expert
#: (:data:`~skyjo.web.ui.setup.BOT_LEVELS`, weakest first), then people only.
GROUPS: Final = (*BOT_LEVELS, PEOPLE)
#: The format's version, the first key of its JSON.
VERSION: Final = 1
#: How many games' keys are kept to refuse counting a game twice (the newest).
MAX_COUNTED: Final = 50
#: Where they are kept, and where a copy that cannot be read is set aside.
STATISTICS_KEY: Final = "skyjo.statistics"
STATISTICS_UNREADABLE_KEY: Final = "skyjo.statistics-unreadable"


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game as the statistics count it: its :func:`game_key`, its group,
    whether a person won, and every person's points of every round."""

    key: str
    group: str
    won: bool
    rounds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tally:
    """One group's numbers. ``points`` is the sum of the rounds' points, ``best`` the
    lowest (None before any round)."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    best: int | None = None

    @property
    def average(self) -> float | None:
        """The points of an average round, or None before any round."""
        return self.points / self.rounds if self.rounds else None

    def add(self, result: Result) -> Tally:
        best = min((*result.rounds, *(() if self.best is None else (self.best,))), default=None)
        return Tally(
            self.games + 1,
            self.wins + int(result.won and result.group != PEOPLE),
            self.rounds + len(result.rounds),
            self.points + sum(result.rounds),
            best,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "rounds": self.rounds,
            "points": self.points,
            "best": self.best,
        }

    @classmethod
    def from_json(cls, data: Any, group: str) -> Tally:
        """The mirror of :meth:`to_json`; ``ValueError`` naming the group and the field
        for anything else (a count below 0, more wins than games, a best round
        without rounds)."""
        if not isinstance(data, dict):
            raise ValueError(f"the statistics of {group!r} are not an object")
        counts: dict[str, int] = {}
        for name in ("games", "wins", "rounds", "points"):
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"the statistics of {group!r} have {name} {value!r}")
            if name != "points" and value < 0:
                raise ValueError(f"the statistics of {group!r} have {name} {value!r}")
            counts[name] = value
        best = data.get("best")
        if not (best is None or _whole(best)) or (best is None) != (counts["rounds"] == 0):
            raise ValueError(f"the statistics of {group!r} have best {best!r}")
        if counts["wins"] > counts["games"]:
            raise ValueError(f"the statistics of {group!r} have more wins than games")
        return cls(counts["games"], counts["wins"], counts["rounds"], counts["points"], best)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Statistics:
    """Every group's :class:`Tally` (only groups with a game), and the keys of the
    games counted, newest last."""

    tallies: Mapping[str, Tally]
    counted: tuple[str, ...] = ()

    @classmethod
    def empty(cls) -> Statistics:
        return cls({})

    @property
    def games(self) -> int:
        return sum(tally.games for tally in self.tallies.values())

    def rows(self) -> list[tuple[str, Tally]]:
        """The groups with a game, in :data:`GROUPS` order."""
        return [(group, self.tallies[group]) for group in GROUPS if group in self.tallies]

    def add(self, result: Result) -> Statistics:
        """These statistics with ``result`` counted; the same object when that game
        was counted already."""
        if result.key in self.counted:
            return self
        tallies = dict(self.tallies)
        tallies[result.group] = tallies.get(result.group, Tally()).add(result)
        counted = (*self.counted, result.key)[-MAX_COUNTED:]
        return replace(self, tallies=tallies, counted=counted)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "groups": {group: tally.to_json() for group, tally in self.rows()},
            "counted": list(self.counted),
        }

    @classmethod
    def from_json(cls, data: Any) -> Statistics:
        """The mirror of :meth:`to_json`; ``ValueError`` for anything else (another
        version, a group this version does not know, a count of the wrong type)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not statistics of this version")
        groups, counted = data.get("groups"), data.get("counted", [])
        if not isinstance(groups, dict):
            raise ValueError("the statistics have no groups")
        unknown = sorted(str(group) for group in groups if group not in GROUPS)
        if unknown:
            raise ValueError(f"the statistics name unknown groups: {', '.join(unknown)}")
        if not isinstance(counted, list) or not all(isinstance(key, str) for key in counted):
            raise ValueError("the statistics' counted games are not a list of keys")
        tallies = {group: Tally.from_json(raw, group) for group, raw in groups.items()}
        return cls(tallies, tuple(counted[-MAX_COUNTED:]))

    @classmethod
    def loads(cls, text: str) -> Statistics:
        """From the text the device holds; ``ValueError`` for text that is not JSON too."""
        return cls.from_json(jsontext.loads(text, what="the statistics"))


def group_of(kinds: Sequence[str]) -> str | None:
    """The group of a table whose seats are played by ``kinds`` (``"human"`` or a bot
    level): the strongest bot's level, :data:`PEOPLE` without bots, None without a
    person."""
    if HUMAN not in kinds:
        return None
    levels = [BOT_LEVELS.index(kind) for kind in kinds if kind in BOT_LEVELS]
    return BOT_LEVELS[max(levels)] if levels else PEOPLE


def game_key(game: Game) -> str:
    """A short key of ``game`` that stays the same however it is played or saved:
    its players and its first deal."""
    rounds = game.record().rounds
    first = rounds[0].deal if rounds else None
    text = json.dumps([list(game.players), str(first)], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def result_of(game: Game, kinds: Sequence[str]) -> Result | None:
    """What ``game`` (over) counts for, its seats played by ``kinds``; None for a
    game without a person (or not over)."""
    group = group_of(kinds)
    state = game.state
    if group is None or not state.winners:
        return None
    people = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    rounds = tuple(result.points[seat] for result in state.results for seat in people)
    won = any(seat in state.winners for seat in people)
    return Result(game_key(game), group, won, rounds)


def group_label(t: Translator, group: str) -> str:
    """A group's name in the page's language ("Medium bots", "People only")."""
    return t.t(f"stats.group.{group}")


def to_csv(statistics: Statistics, t: Translator) -> str:
    """The statistics as CSV, one row a group, headed in the page's language (as the
    view shows them). Numbers are plain for spreadsheets: an ASCII minus, the
    average with two decimals and a point; the rounds and their points' sum are
    there too, so groups and devices can be added up."""
    import csv  # here: only an export needs it, and a page's first start would compile it

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    keys = ("opponents", "games", "wins", "rounds", "points", "average", "best")
    writer.writerow([t.t(f"stats.{key}") for key in keys])
    for group, tally in statistics.rows():
        average = tally.average
        writer.writerow(
            [
                group_label(t, group),
                tally.games,
                "" if group == PEOPLE else tally.wins,
                tally.rounds,
                tally.points,
                "" if average is None else f"{average:.2f}",
                "" if tally.best is None else tally.best,
            ]
        )
    return out.getvalue()


__all__ = [
    "GROUPS",
    "MAX_COUNTED",
    "PEOPLE",
    "STATISTICS_KEY",
    "STATISTICS_UNREADABLE_KEY",
    "VERSION",
    "Result",
    "Statistics",
    "Tally",
    "game_key",
    "group_label",
    "group_of",
    "result_of",
    "to_csv",
]
