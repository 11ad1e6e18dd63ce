"""Over-deep and over-long JSON is refused before ``json`` recurses into it
(issue 20: 100,000 ``[`` in a save killed Pyodide on every visit)."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from skyjo import jsontext, record, share
from skyjo.errors import RecordError
from skyjo.jsontext import MAX_DEPTH, JsonShapeError

DEEP = "[" * 100_000 + "]" * 100_000


def test_depth_counts_arrays_and_objects_but_not_brackets_in_strings() -> None:
    assert jsontext.depth("5") == 0
    assert jsontext.depth('[{"a": [1, {"b": []}]}]') == 5
    assert jsontext.depth('["[[[[[", "\\"[[[["]') == 1
    assert jsontext.depth('{"a": "}}}}"}') == 1


def test_a_document_at_the_limit_is_read_and_one_deeper_is_refused() -> None:
    at_limit = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert jsontext.loads(at_limit) == json.loads(at_limit)
    deeper = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(JsonShapeError, match=f"nests {MAX_DEPTH + 1} levels"):
        jsontext.loads(deeper, what="the saved game")


def test_a_hundred_thousand_brackets_are_refused_with_a_message_naming_the_input() -> None:
    with pytest.raises(JsonShapeError) as caught:
        jsontext.loads(DEEP, what="the saved game")
    assert "the saved game nests 100,000 levels deep" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_text_longer_than_any_document_is_refused_unread() -> None:
    with pytest.raises(JsonShapeError, match="characters long"):
        jsontext.loads(" " * (jsontext.MAX_LENGTH + 1))


def test_a_deep_record_is_a_record_error_saying_why() -> None:
    for load in (record.loads, record.load_and_replay):
        with pytest.raises(RecordError, match="nests 100,000 levels"):
            load(DEEP)


def test_the_replay_command_refuses_a_deep_file_without_a_traceback(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    run = subprocess.run(
        [sys.executable, "-m", "skyjo", "replay", str(deep)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    assert "nests 1,000 levels deep" in run.stderr


def test_a_link_that_unpacks_to_gigabytes_is_refused_before_it_is_unpacked() -> None:
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = bomb.compress(b" " * (jsontext.MAX_LENGTH + 10)) + bomb.flush()
    link = "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    with pytest.raises(share.LinkError, match="unpacks to more than"):
        share.decode(link)


def test_a_deep_link_is_a_link_error() -> None:
    packed = zlib.compress(DEEP.encode(), 9, wbits=-15)
    link = "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    with pytest.raises(share.LinkError, match="nests 100,000 levels"):
        share.decode(link)
