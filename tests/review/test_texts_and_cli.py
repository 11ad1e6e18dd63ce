"""The review's words in every language, and ``python -m skyjo review FILE``."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from skyjo import cli, record
from skyjo.bots.base import Reason
from skyjo.i18n.catalogue import messages
from skyjo.i18n.language import LANGUAGES
from skyjo.i18n.messageformat import fields
from skyjo.review.kinds import KINDS
from skyjo.review.texts import ReviewTexts
from tests.review.helpers import twelve_over_face_down


def test_every_kind_has_a_name() -> None:
    assert all(f"review.kind.{kind}" in ReviewTexts("en") for kind in KINDS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ending_into_a_doubling_speaks_of_the_reviewed_seat(language: str) -> None:
    # A bot's review must not say "your layout": the sentence names whoever ended.
    why = Reason(
        "review.reason.ended_doubled",
        {"name": "Robin", "score": 23, "points": 46, "rival": "Mia", "low": 12},
    )
    about_bot = ReviewTexts(language, you=frozenset({"You"})).reason(why)
    about_you = ReviewTexts(language, you=frozenset({"Robin"})).reason(why)
    assert "Robin" in about_bot
    assert "Robin" not in about_you and about_you != about_bot
    assert all(str(n) in about_bot for n in (23, 46, 12)) and "Mia" in about_bot


def test_cards_and_points_are_written_the_languages_way() -> None:
    why = Reason("review.reason.keep_over_down", {"card": -2, "mean": 5.04, "diff": 7.04})
    assert ReviewTexts("en").reason(why) == (
        "The −2 was worth keeping: in place of a face-down card, worth about 5.0 on average, "
        "it saves about 7.0 points."
    )
    assert "7,0 Punkte" in ReviewTexts("de").reason(why)
    # French says "1,5 point": below 2 a quantity is singular.
    simulated = Reason("review.reason.simulated_end", {"loss": 1.5})
    assert "1,5 point de mieux" in ReviewTexts("fr").reason(simulated)


def test_a_better_placement_is_said_as_where_the_card_goes() -> None:
    # Issue 40 item 4: "The 1 saves 6.0 points more in place of the 9 than in place
    # of the 3" read as if the 1 were the 9; it says where the card is put, and
    # whole points as a player counts them.
    why = Reason("review.reason.over_higher", {"card": 1, "diff": 6.0, "higher": 9, "covered": 3})
    english = ReviewTexts("en").reason(why)
    assert english.startswith("Putting the 1 on the 9 saves 6 points")
    assert "6.0" not in english and english.endswith("than on the 3.")
    for language in LANGUAGES:
        text = ReviewTexts(language).reason(why)
        assert "6" in text and "6,0" not in text and "6.0" not in text, language
    # Points that are not whole keep their decimal.
    assert "5.5 points" in ReviewTexts("en").reason(
        Reason("review.reason.simulated_end", {"loss": 5.5})
    )


def test_a_review_without_inaccuracy_names_the_inaccuracy_threshold() -> None:
    # The sentence says what "clearly worse" means; it follows the grade's threshold.
    assert "clearly 1.5 points or more worse" in ReviewTexts("en").clean()
    assert "1,5 Punkte oder mehr" in ReviewTexts("de").clean()
    assert "1,5 point ou plus" in ReviewTexts("fr").clean()


@pytest.mark.parametrize("card", [8, 11])
def test_english_puts_an_before_an_eight_or_an_eleven(card: int) -> None:
    # Intent: the old review said "A 8 there makes three equal cards"; every
    # sentence with a card is rendered with an 8 and an 11 and read for "a 8".
    texts = ReviewTexts("en")
    for key, message in messages("review", "en").items():
        if not fields(message) & {"card", "covered", "higher"}:
            continue
        values: dict[str, object] = dict.fromkeys(fields(message), 3)
        values.update(dict.fromkeys(fields(message) & {"card", "covered", "higher"}, card))
        values["name"] = "Robin"
        text = texts.reason(Reason(key, values))
        assert not re.search(rf"\b[Aa] {card}\b", text), text


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


def test_cli_text_gives_accuracy_grades_and_what_happened(twelve_file: Path) -> None:
    _, out, _ = run(str(twelve_file))
    lines = out.splitlines()
    accuracy = next(line for line in lines if line.startswith("Accuracy: "))
    assert 0 < int(accuracy.removeprefix("Accuracy: ").rstrip("%")) < 100
    assert "Decisions by grade" in lines and "What happened" in lines
    assert "  Rounds ended: 0 (doubled: 0)" in lines
    # Lena's take of the 12 is graded in its heading.
    assert any(line.startswith("Round 1, turn 1: ") and "points lost" in line for line in lines)


def test_cli_json_names_the_costliest_decision_and_the_position(twelve_file: Path) -> None:
    code, out, _ = run(str(twelve_file), "--json", "--seat", "0")
    data = json.loads(out)
    assert code == 0
    assert data["name"] == "Lena" and data["turns"] == 1
    # Lena's one flag: among the costliest if clear of the line, else uncertain.
    (worst,) = data["costliest"] + data["uncertain"]
    assert worst["clear"] is bool(data["costliest"]) and worst["se"] > 0
    assert (worst["played"], worst["better"], worst["kind"]) == (
        "take discard",
        "draw",
        "kept_high",
    )
    assert worst["view"]["discard"] == 12
    assert worst["view"]["grid"] == [-2, 5, *[None] * 10]
    # Where it is: the fifth move of round 1, after the four setup flips.
    assert (worst["move_number"], worst["move_index"]) == (5, 4)
    assert worst["grade"] in ("inaccuracy", "mistake", "blunder")
    assert [d["played"] for d in data["rated"]] == ["take discard", "swap 4"]
    assert sum(data["grades"].values()) == data["decisions"] == 2


def test_cli_seed_gives_the_review_other_random_numbers_and_zero_is_the_default(
    twelve_file: Path,
) -> None:
    default = run(str(twelve_file), "--json")
    assert run(str(twelve_file), "--json", "--seed", "0") == default
    other = run(str(twelve_file), "--json", "--seed", "7")
    assert other[0] == 0 and run(str(twelve_file), "--json", "--seed", "7") == other
    # Taking the 12 over a face-down card is a clear loss whatever the numbers.
    flagged = json.loads(other[1])["costliest"] + json.loads(other[1])["uncertain"]
    assert flagged[0]["better"] == "draw"


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
