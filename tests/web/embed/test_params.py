"""Embed URL parameters: each bad one is reported on its own with what is allowed,
its default is used, and nothing a host writes makes parsing raise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyjo import scenarios, share
from skyjo.rules import ColumnRule, Rules
from skyjo.web.embed import params


def problems(config: params.EmbedConfig) -> dict[str, str]:
    return {p.param: p.allowed for p in config.problems}


def test_no_parameters_is_a_game_against_a_medium_bot() -> None:
    config = params.parse("")
    assert config.mode == "game"
    assert config.seats == ("human", "medium")
    assert config.rules == Rules()
    assert config.language == "en"
    assert config.problems == ()


def test_every_option_is_read() -> None:
    config = params.parse(
        "?lang=nl&target=50&column_rule=off&double_on_tie=false&double_nonpositive=true"
        "&seats=human,medium,hard&speed=fast&seed=7&id=left"
    )
    assert config.problems == ()
    assert config.language == "nl"
    assert config.rules == Rules(50, ColumnRule.OFF, False, True)
    assert config.seats == ("human", "medium", "hard")
    assert (config.speed, config.seed, config.host_id) == ("fast", 7, "left")


@pytest.mark.parametrize(
    ("query", "param", "allowed"),
    [
        ("lang=pt", "lang", "one of en, de, nl, fr, es, it"),
        ("target=-5", "target", "a whole number above 0"),
        ("target=lots", "target", "a whole number above 0"),
        ("column_rule=some", "column_rule", "one of all, keep_negative, off"),
        ("double_on_tie=maybe", "double_on_tie", "true or false"),
        ("seats=human", "seats", "2 to 8 comma-separated seats"),
        ("seats=human,genius", "seats", "each one of human, easy, medium, hard, expert"),
        ("speed=warp", "speed", "one of slow, normal, fast, instant"),
        ("seed=abc", "seed", "a whole number"),
        ("scenario=nope", "scenario", "one of column, tie_doubles"),
        ("autoplay=perhaps", "autoplay", "1 or 0"),
        ("start=3", "start", "only with a game link"),
        ("id=" + "x" * 65, "id", "at most 64 characters"),
        ("colour=red", "colour", "not a parameter (known: lang,"),
    ],
)
def test_a_bad_parameter_names_itself_and_what_is_allowed(
    query: str, param: str, allowed: str
) -> None:
    config = params.parse("?" + query)
    assert list(problems(config)) == [param]
    assert allowed in problems(config)[param]
    assert param in config.problems[0].message


def test_a_bad_parameter_leaves_the_good_ones_alone() -> None:
    config = params.parse("?lang=de&target=oops&column_rule=off")
    assert list(problems(config)) == ["target"]
    assert config.language == "de"
    assert config.rules == Rules(column_rule=ColumnRule.OFF)


def test_autoplay_is_bots_only() -> None:
    assert params.parse("?autoplay=1").seats == params.AUTOPLAY_SEATS
    config = params.parse("?autoplay&seats=human,hard")
    assert config.mode == "autoplay"
    assert config.seats == ("medium", "hard")
    assert "bots only" in problems(config)["seats"]


def test_a_scenario_takes_its_own_switch() -> None:
    config = params.parse("?scenario=tie_doubles&double_on_tie=false")
    assert config.mode == "scenario"
    assert config.problems == ()
    assert config.rules == scenarios.get("tie_doubles").variant_for("false").rules


def test_a_scenario_refuses_another_option_and_keeps_its_rules() -> None:
    config = params.parse("?scenario=column&double_on_tie=false")
    assert "switches only column_rule" in problems(config)["double_on_tie"]
    assert config.rules == scenarios.get("column").rules


def test_a_scenario_without_a_switch_says_so() -> None:
    config = params.parse("?scenario=reshuffle&column_rule=off")
    assert "switches no rule option" in problems(config)["column_rule"]


def test_a_game_link_in_the_fragment() -> None:
    game = scenarios.get("column").record()
    config = params.parse("?start=4", "#g=" + share.encode(game))
    assert config.mode == "record"
    assert config.record == game
    assert config.start == 4
    assert config.rules == game.rules


def test_a_damaged_game_link_is_a_problem_not_a_crash() -> None:
    text = share.encode(scenarios.get("column").record())
    config = params.parse("", "#g=" + text[: len(text) // 2])
    assert config.mode == "game"
    assert "damaged or cut off" in problems(config)["g"]


def test_start_beyond_the_record() -> None:
    text = share.encode(scenarios.get("column").record())
    config = params.parse("?start=99", "#g=" + text)
    assert "a move number 0 to 5" in problems(config)["start"]
    assert config.start is None


def test_a_repeated_parameter_keeps_the_first() -> None:
    config = params.parse("?lang=de&lang=nl")
    assert config.language == "de"
    assert "given twice" in problems(config)["lang"]


@given(st.text(max_size=80), st.text(max_size=40))
def test_parsing_never_raises(query: str, fragment: str) -> None:
    params.parse(query, fragment)


def test_an_id_of_64_characters_is_kept_whole() -> None:
    assert params.parse("?id=" + "x" * 64).host_id == "x" * 64
    assert params.parse("?id=" + "x" * 65).host_id == ""


@pytest.mark.parametrize(
    "query",
    ["?seed=²", "?seed=١٢", "?scenario=column&start=²", "?target=²", "?scenario=column&start=³"],
)
def test_unicode_digits_are_a_problem_not_a_crash(query: str) -> None:
    """``str.isdigit`` accepts "²", which ``int()`` refuses: issue 20 item 5."""
    config = params.parse(query)
    name = query.split("&")[-1].split("=")[0].lstrip("?")
    assert name in problems(config)
