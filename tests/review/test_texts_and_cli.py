"""The review's words in every language, and ``python -m skyjo review FILE``."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from skyjo import cli, record
from skyjo.bots.base import Reason
from skyjo.review.kinds import KINDS
from skyjo.review.texts import CATALOGUE, EN, ReviewTexts
from tests.catalogues import disagreements
from tests.review.helpers import twelve_over_face_down


@pytest.mark.parametrize("language", sorted(set(CATALOGUE) - {"en"}))
def test_every_language_has_every_sentence_with_the_same_fields(language: str) -> None:
    assert disagreements(EN, CATALOGUE[language]) == []


def test_every_kind_has_a_name() -> None:
    assert all(f"review.kind.{kind}" in EN for kind in KINDS)


@pytest.mark.parametrize("language", sorted(CATALOGUE))
def test_ending_into_a_doubling_speaks_of_the_reviewed_seat(language: str) -> None:
    # A bot's review must not say "your layout": the sentence names whoever ended.
    why = Reason("review.reason.ended_doubling", {"name": "Robin"})
    about_bot = ReviewTexts(language, you=frozenset({"You"})).reason(why)
    about_you = ReviewTexts(language, you=frozenset({"Robin"})).reason(why)
    assert "Robin" in about_bot
    assert "Robin" not in about_you and about_you != about_bot


def test_cards_and_points_are_written_the_languages_way() -> None:
    why = Reason("review.reason.take_better", {"card": -2, "loss": 1.5})
    assert ReviewTexts("en").reason(why) == (
        "The −2 from the discard pile was worth 1.5 points more than an unknown card "
        "from the draw pile."
    )
    assert "1,5 Punkte" in ReviewTexts("de").reason(why)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["review", *args])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def twelve_file(tmp_path: Path) -> Path:
    path = tmp_path / "twelve.json"
    path.write_text(record.dumps(twelve_over_face_down()), encoding="utf-8")
    return path


def test_cli_prints_the_review_for_people(twelve_file: Path) -> None:
    code, out, err = run(str(twelve_file))
    assert (code, err) == (0, "")
    assert out.startswith("Game review: Lena")
    assert "Better: draw a card." in out
    assert "kept a high card: 1" in out


def test_cli_json_names_the_costliest_decision_and_the_position(twelve_file: Path) -> None:
    code, out, _ = run(str(twelve_file), "--json", "--seat", "0")
    data = json.loads(out)
    assert code == 0
    assert data["name"] == "Lena" and data["turns"] == 1
    worst = data["costliest"][0]
    assert (worst["played"], worst["better"], worst["kind"]) == (
        "take discard",
        "draw",
        "kept_high",
    )
    assert worst["view"]["discard"] == 12
    assert worst["view"]["grid"] == [-2, 5, *[None] * 10]


def test_cli_reviews_a_seat_without_turns(twelve_file: Path) -> None:
    code, out, _ = run(str(twelve_file), "--seat", "1")
    assert code == 0
    assert "There is no turn to review yet." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "2"], "no seat 2; seats are 0..1"),
        (["--seat", "-1"], "no seat -1; seats are 0..1"),
    ],
)
def test_cli_refuses_a_seat_the_game_does_not_have(
    twelve_file: Path, args: list[str], message: str
) -> None:
    code, out, err = run(str(twelve_file), *args)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_cli_explains_a_missing_or_invalid_file(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skyjo-record", "version": 1, "players": ["A"]}', encoding="utf-8")
    code, _, err = run(str(bad))
    assert code == 2 and "2 to 8 players" in err and "Traceback" not in err
