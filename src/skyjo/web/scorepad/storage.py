"""Saving score pads: several games with their dates in one JSON document.

The page keeps one :class:`Archive` on the device and writes :func:`dumps` after
every entry. The clock is the page's: every function that stamps a date takes
``now`` (a timezone-aware ``datetime``), so the model never reads the time and
tests need no clock.

The document is versioned (``{"format": "skyjo-scorepad", "version": 1, ...}``)
so a later page can read old saves; :func:`loads` refuses anything it cannot
fully check with a :class:`SaveError` that names the JSON path of the problem,
and it rebuilds every pad through the model, so a hand-edited save with two
finishers or an impossible sum is refused like a typed one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final

from skyjo import jsontext
from skyjo.errors import SkyjoError
from skyjo.rules import Rules
from skyjo.web.scorepad.errors import SaveError, ScorePadError
from skyjo.web.scorepad.model import Round, ScorePad, Tiebreak

FORMAT: Final = "skyjo-scorepad"
VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One game on the device: ``game_id`` is unique within the archive,
    ``started`` and ``updated`` are the page's clock when it was created and
    last changed."""

    game_id: int
    started: datetime
    updated: datetime
    pad: ScorePad


@dataclass(frozen=True, slots=True)
class Archive:
    """All games kept on the device, oldest first."""

    games: tuple[SavedGame, ...] = ()

    def game(self, game_id: int) -> SavedGame:
        """The game with ``game_id``; an unknown id raises :class:`ScorePadError`."""
        for saved in self.games:
            if saved.game_id == game_id:
                return saved
        known = ", ".join(str(g.game_id) for g in self.games) or "none"
        raise ScorePadError(f"no saved game {game_id} (saved games: {known})")

    def recent(self) -> tuple[SavedGame, ...]:
        """The games most recently changed first, for the page's list of games."""
        return tuple(sorted(self.games, key=lambda g: (g.updated, g.game_id), reverse=True))


def start_game(archive: Archive, pad: ScorePad, *, now: datetime) -> tuple[Archive, SavedGame]:
    """The archive with ``pad`` added as a new game, and that game (its id is one
    more than the highest so far, so ids are never reused while games remain)."""
    _check_clock(now)
    game_id = max((g.game_id for g in archive.games), default=0) + 1
    saved = SavedGame(game_id, now, now, pad)
    return Archive((*archive.games, saved)), saved


def save_game(archive: Archive, game_id: int, pad: ScorePad, *, now: datetime) -> Archive:
    """The archive with game ``game_id`` holding ``pad``, stamped ``now``."""
    _check_clock(now)
    archive.game(game_id)
    return Archive(
        tuple(
            replace(g, pad=pad, updated=now) if g.game_id == game_id else g for g in archive.games
        )
    )


def delete_game(archive: Archive, game_id: int) -> Archive:
    """The archive without game ``game_id``."""
    archive.game(game_id)
    return Archive(tuple(g for g in archive.games if g.game_id != game_id))


# ---- JSON ----------------------------------------------------------------------


def pad_to_dict(pad: ScorePad) -> dict[str, Any]:
    """The JSON form of one pad: names, rule options, rounds (seats count from 0)."""
    return {
        "players": list(pad.players),
        "rules": pad.rules.to_dict(),
        "rounds": [{"raw": list(r.raw), "finisher": r.finisher} for r in pad.rounds],
        "tiebreak": None
        if pad.tiebreak is None
        else {"raw": list(pad.tiebreak.raw), "finisher": pad.tiebreak.finisher},
    }


def dumps(archive: Archive) -> str:
    """The archive as the versioned JSON document the page stores."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "games": [
            {
                "id": g.game_id,
                "started": g.started.isoformat(),
                "updated": g.updated.isoformat(),
                **pad_to_dict(g.pad),
            }
            for g in archive.games
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def loads(text: str) -> Archive:
    """Read a document written by :func:`dumps` (this version or an older one);
    any game that cannot be read refuses the whole document (see :func:`salvage`)."""
    archive, problems = salvage(text)
    if problems:
        raise problems[0]
    return archive


def salvage(text: str) -> tuple[Archive, tuple[SaveError, ...]]:
    """The games of a document that can be read, and why each other one cannot.

    One hand-edited or damaged game must not cost the others: the page keeps the
    readable games and sets the whole text aside for export. A document that is
    not a score pad save at all raises :class:`SaveError`."""
    try:
        document = jsontext.loads(text, what="the score pad save")
    except jsontext.JsonShapeError as error:
        raise SaveError(f"not a score pad save: {error}") from None
    except (ValueError, TypeError) as error:
        raise SaveError(f"not a score pad save: not JSON ({error})") from None
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise SaveError(f"not a score pad save: expected an object with format {FORMAT!r}")
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"unknown save version {version!r}", where="version")
    if version > VERSION:
        raise SaveError(
            f"saved by a newer score pad (version {version}); this one reads up to {VERSION}",
            where="version",
        )
    games = _field(document, "games", list, "")
    loaded: list[SavedGame] = []
    problems: list[SaveError] = []
    seen: set[int] = set()
    for index, item in enumerate(games):
        where = f"games[{index}]"
        try:
            saved = _game_from(item, where)
            if saved.game_id in seen:
                raise SaveError(f"game id {saved.game_id} is used twice", where=f"{where}.id")
        except SaveError as error:
            problems.append(error)
            continue
        seen.add(saved.game_id)
        loaded.append(saved)
    return Archive(tuple(loaded)), tuple(problems)


def pad_from_dict(data: Any, *, where: str = "") -> ScorePad:
    """Rebuild one pad from :func:`pad_to_dict`'s form; every model check applies."""
    if not isinstance(data, Mapping):
        raise SaveError("expected an object", where=where)
    prefix = f"{where}." if where else ""
    players = _field(data, "players", list, where)
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise SaveError(f"a name must be text, not {name!r}", where=f"{prefix}players[{seat}]")
    try:
        rules = Rules.from_dict(_field(data, "rules", dict, where))
    except SkyjoError as error:
        raise SaveError(str(error), where=f"{prefix}rules") from None
    rounds = tuple(
        Round(*_line_from(item, f"{prefix}rounds[{i}]", optional=False))
        for i, item in enumerate(_field(data, "rounds", list, where))
    )
    tiebreak = None
    if data.get("tiebreak") is not None:
        tiebreak = Tiebreak(*_line_from(data["tiebreak"], f"{prefix}tiebreak", optional=True))
    try:
        return ScorePad(tuple(players), rules, rounds, tiebreak)
    except ScorePadError as error:
        raise SaveError(str(error), where=where) from None


def _game_from(item: Any, where: str) -> SavedGame:
    if not isinstance(item, Mapping):
        raise SaveError("expected an object", where=where)
    game_id = _field(item, "id", int, where)
    stamps = [
        _date_from(_field(item, key, str, where), f"{where}.{key}")
        for key in ("started", "updated")
    ]
    return SavedGame(game_id, stamps[0], stamps[1], pad_from_dict(item, where=where))


def _line_from(item: Any, where: str, *, optional: bool) -> tuple[tuple[Any, ...], int]:
    if not isinstance(item, Mapping):
        raise SaveError("expected an object with raw and finisher", where=where)
    raw = _field(item, "raw", list, where)
    for seat, value in enumerate(raw):
        if value is None and optional:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise SaveError(
                f"a sum must be a whole number, not {value!r}", where=f"{where}.raw[{seat}]"
            )
    finisher = _field(item, "finisher", int, where)
    if not 0 <= finisher < len(raw):
        raise SaveError(
            f"finisher {finisher} is not a seat (0 to {len(raw) - 1})", where=f"{where}.finisher"
        )
    return tuple(raw), finisher


def _date_from(text: str, where: str) -> datetime:
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        raise SaveError(f"not an ISO 8601 date: {text!r}", where=where) from None
    if stamp.tzinfo is None:
        raise SaveError(f"date {text!r} has no time zone", where=where)
    return stamp


_KINDS: Final = {list: "a list", dict: "an object", int: "a whole number", str: "text"}


def _field(data: Mapping[str, Any], key: str, kind: type[Any], where: str) -> Any:
    path = f"{where}.{key}" if where else key
    if key not in data:
        raise SaveError("missing", where=path)
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SaveError(f"expected {_KINDS[kind]}, not {value!r}", where=path)
    return value


def _check_clock(now: datetime) -> None:
    if now.tzinfo is None:
        raise ScorePadError(f"the page's clock must carry a time zone, not {now!r}")
