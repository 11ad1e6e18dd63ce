"""Every text in a record is limited, and every refusal says what and where (issue 36,
item 4): a link of a few KB unpacked into megabytes of names, which a replay showed
on every step; errors quoted whole values of any size."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from skyjo import record, share
from skyjo.errors import RecordError

SAMPLE = Path(__file__).resolve().parents[1] / "site" / "sample-record.json"


def sample(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text())
    data.update(changes)
    return data


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        record.from_json(data)
    message = str(caught.value)
    assert len(message) < 300, message
    return message


def test_a_name_longer_than_the_setups_is_refused_naming_the_player() -> None:
    message = refusal(sample(players=["Lena", "J" * 3_600_000, "Mia"]))
    assert "player 2's name is 3,600,000 characters long" in message
    assert "at most 24" in message


def test_a_name_of_the_setups_length_is_read() -> None:
    players = ["L" * 24, {"name": "J" * 24, "kind": "hard"}, "Mia"]
    assert record.from_json(sample(players=players)).names[0] == "L" * 24


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u2060\ufeff", "\u3164", " \u00ad "])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    message = refusal(sample(players=["Lena", name, "Mia"]))
    assert "player 2's name" in message and "no visible character" in message


def test_a_long_text_beside_a_name_is_refused_naming_player_and_key() -> None:
    message = refusal(sample(players=["Lena", {"name": "Jo", "kind": "k" * 5000}, "Mia"]))
    assert message.startswith('player 2: "kind" holds a text of 5,000 characters')
    assert "at most 200" in message


def test_a_long_key_beside_a_name_is_refused() -> None:
    message = refusal(sample(players=["Lena", {"name": "Jo", "k" * 500: 1}, "Mia"]))
    assert message.startswith("player 2 has a key of 500 characters")


@pytest.mark.parametrize(
    ("extra", "start"),
    [
        ({"note": "n" * 1000}, 'the record: "note" holds a text of 1,000 characters'),
        ({"notes": [{"text": "ok"}, {"text": "n" * 201}]}, 'the record: "notes"[1]: "text" holds'),
        ({"k" * 300: 1}, "the record has a key of 300 characters"),
    ],
)
def test_every_string_among_the_kept_unknown_keys_is_limited(
    extra: dict[str, Any], start: str
) -> None:
    assert refusal(sample(**extra)).startswith(start)


def test_unknown_keys_of_ordinary_size_are_kept() -> None:
    kept = record.from_json(sample(app="skyjo 0.1", notes=["a" * 200]))
    assert kept.extra == {"app": "skyjo 0.1", "notes": ["a" * 200]}


@pytest.mark.parametrize(
    ("changes", "part"),
    [
        ({"format": "f" * 1_000_000}, "'format' must be"),
        ({"version": "v" * 1_000_000}, "unsupported record version"),
        ({"rules": {"t" * 1_000_000: 1}}, "unknown rule option"),
        ({"rules": {"target": "t" * 1_000_000}}, "rule 'target'"),
        ({"rules": {"column_rule": "c" * 1_000_000}}, "rule 'column_rule'"),
    ],
)
def test_errors_quote_at_most_a_little_of_a_huge_value(changes: dict[str, Any], part: str) -> None:
    message = refusal(sample(**changes))
    assert part in message and "1,000,00" in message


def test_a_bad_move_is_quoted_short_with_round_and_move() -> None:
    data = sample()
    data["rounds"][0]["moves"][2] = {"player": 0, "take": "draw", "x" * 100_000: 1}
    message = refusal(data)
    assert message.startswith("round 1, move 3: ")


def test_a_small_link_with_huge_names_is_refused_fast() -> None:
    data = sample(players=[letter * 1_200_000 for letter in "ABC"])
    body = zlib.compress(json.dumps(data).encode(), 9, wbits=-15)
    link = share.LINK_VERSION + base64.urlsafe_b64encode(body).decode().rstrip("=")
    assert len(link) < 20_000
    # Refused by the first name, before any move is read. (How fast is a figure for a
    # benchmark, not a timed test: the browser test compares it with an ordinary link.)
    with pytest.raises(RecordError, match="player 1's name is 1,200,000 characters long"):
        share.decode(link)
