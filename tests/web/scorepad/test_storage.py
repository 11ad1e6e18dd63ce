"""Several games with dates as one versioned JSON document: round trips, and
errors for a corrupt save that say where it is corrupt."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from skyjo.rules import ColumnRule, Rules
from skyjo.web.scorepad.errors import SaveError, ScorePadError
from skyjo.web.scorepad.model import RoundDraft, enter_tiebreak, new_pad
from skyjo.web.scorepad.sheet import score_sheet
from skyjo.web.scorepad.storage import (
    Archive,
    delete_game,
    dumps,
    loads,
    save_game,
    start_game,
)
from tests.web.scorepad.seed import JONAS, MIA, PLAYERS, played, seed_pad

MONDAY = datetime(2026, 10, 12, 19, 30, tzinfo=UTC)
TUESDAY = datetime(2026, 10, 13, 20, 5, tzinfo=timezone(timedelta(hours=2)))


def two_games() -> Archive:
    archive, _ = start_game(Archive(), seed_pad(), now=MONDAY)
    tied = played(
        new_pad(PLAYERS, Rules(target=50, column_rule=ColumnRule.OFF)), [((5, 5, 50), MIA)]
    )
    archive, second = start_game(archive, tied, now=MONDAY)
    return save_game(
        archive,
        second.game_id,
        enter_tiebreak(tied, RoundDraft.of((3, 7, None), JONAS)),
        now=TUESDAY,
    )


def test_round_trip_keeps_every_game_and_its_dates() -> None:
    archive = two_games()
    again = loads(dumps(archive))
    assert again == archive
    assert [g.game_id for g in again.games] == [1, 2]
    assert again.game(2).started == MONDAY and again.game(2).updated == TUESDAY
    assert again.game(2).updated.utcoffset() == timedelta(hours=2)
    assert score_sheet(again.game(1).pad).totals == (23, 59, 41)
    assert score_sheet(again.game(2).pad).winners == (0,)


def test_the_document_names_its_format_and_version() -> None:
    document = json.loads(dumps(two_games()))
    assert (document["format"], document["version"]) == ("skyjo-scorepad", 1)
    first = document["games"][0]
    assert first["players"] == ["Lena", "Jonas", "Mia"]
    assert first["rounds"][0] == {"raw": [9, 21, 14], "finisher": 2}
    assert first["started"] == "2026-10-12T19:30:00+00:00"


def test_recent_first_and_ids_not_reused() -> None:
    archive = two_games()
    assert [g.game_id for g in archive.recent()] == [2, 1]
    archive = delete_game(archive, 1)
    archive, third = start_game(archive, seed_pad(), now=TUESDAY)
    assert third.game_id == 3
    with pytest.raises(ScorePadError, match=r"no saved game 1 \(saved games: 2, 3\)"):
        archive.game(1)


def test_the_clock_must_carry_a_time_zone() -> None:
    with pytest.raises(ScorePadError, match="time zone"):
        start_game(Archive(), seed_pad(), now=datetime(2026, 10, 12, 19, 30))


def corrupted(change: str, value: Any) -> str:
    """The two-game document with one value replaced (``change`` is a dotted path)."""
    document = json.loads(dumps(two_games()))
    *path, last = [int(p) if p.isdigit() else p for p in change.split(".")]
    target = document
    for key in path:
        target = target[key]
    target[last] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("change", "value", "message"),
    [
        ("version", 2, "version: saved by a newer score pad (version 2); this one reads up to 1"),
        ("version", "1", "version: unknown save version '1'"),
        ("games", {}, "games: expected a list, not {}"),
        ("games.0.players", None, "games[0].players: expected a list, not None"),
        ("games.0.players.1", 7, "games[0].players[1]: a name must be text, not 7"),
        (
            "games.0.rounds.1.raw.0",
            "4",
            "games[0].rounds[1].raw[0]: a sum must be a whole number, not '4'",
        ),
        (
            "games.0.rounds.1.finisher",
            3,
            "games[0].rounds[1].finisher: finisher 3 is not a seat (0 to 2)",
        ),
        (
            "games.0.rounds.1.raw.1",
            141,
            "games[0]: round 2: Jonas's sum 141 is not possible: "
            "under these rule options a layout sums to -17 to 140",
        ),
        (
            "games.0.rules",
            {"target": 0},
            "games[0].rules: rule 'target' must be a positive integer, not 0",
        ),
        ("games.1.updated", "yesterday", "games[1].updated: not an ISO 8601 date: 'yesterday'"),
        (
            "games.1.started",
            "2026-10-12T19:30:00",
            "games[1].started: date '2026-10-12T19:30:00' has no time zone",
        ),
        ("games.1.id", 1, "games[1].id: game id 1 is used twice"),
        ("games.1.tiebreak.raw.2", 4, "games[1]: tiebreak: Mia does not play the tiebreak"),
    ],
)
def test_a_corrupt_save_says_what_is_wrong_and_where(change: str, value: Any, message: str) -> None:
    with pytest.raises(SaveError) as caught:
        loads(corrupted(change, value))
    assert str(caught.value).startswith(message)


def test_a_missing_field() -> None:
    document = json.loads(dumps(two_games()))
    del document["games"][0]["rounds"]
    with pytest.raises(SaveError, match=r"^games\[0\]\.rounds: missing$"):
        loads(json.dumps(document))


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "other"}', "null"])
def test_not_a_save_at_all(text: str) -> None:
    with pytest.raises(SaveError, match="not a score pad save"):
        loads(text)


def test_save_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        loads("{")
