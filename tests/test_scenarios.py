"""The scenario library: real records, the situation at ``start_move``, the effect
after the continuation, the rule switches, and the texts in three languages."""

from __future__ import annotations

from collections import Counter

import pytest

from skyjo import engine, record, scenarios, share
from skyjo.events import (
    CardRevealed,
    CardTaken,
    ColumnRemoved,
    PilesReshuffled,
    RoundEnding,
    RoundScored,
)
from skyjo.game import Game
from skyjo.i18n.catalogue import messages
from skyjo.record import ReshuffleMove, SetupMove, TurnMove
from skyjo.rules import ColumnRule, Rules
from skyjo.scenarios import Playthrough, Scenario, ScenarioError, UnknownScenarioError
from skyjo.scenarios.core import Table, flip
from skyjo.scoring import DoublingReason
from skyjo.state import CHANCE, Phase

REQUIRED = (
    "column",
    "tie_doubles",
    "negative_not_doubled",
    "reveal_removes_column",
    "last_turns",
    "reshuffle",
)
ALL = tuple(scenarios.SCENARIOS.values())
VARIANTS = [
    pytest.param(s, v.rules, id=f"{s.name}-{v.value or 'default'}") for s in ALL for v in s.variants
]


# --- the library ----------------------------------------------------------------


def test_the_issue_s_scenarios_and_the_bonus_ones_are_there_under_stable_names() -> None:
    assert tuple(scenarios.SCENARIOS)[: len(REQUIRED)] == REQUIRED
    assert {"keep_negative", "target"} <= set(scenarios.SCENARIOS)
    assert all(scenarios.get(name).name == name for name in scenarios.SCENARIOS)


def test_an_unknown_name_raises_a_skyjo_error_listing_the_known_ones() -> None:
    with pytest.raises(
        UnknownScenarioError, match=r"unknown scenario 'colum'.*column, tie_doubles"
    ):
        scenarios.get("colum")
    assert issubclass(UnknownScenarioError, ValueError)


def test_rules_a_scenario_was_not_written_for_are_refused_with_the_supported_ones() -> None:
    column = scenarios.get("column")
    with pytest.raises(ScenarioError, match=r"target=50.*supports: .*column_rule=off"):
        column.record(Rules(target=50))
    with pytest.raises(ScenarioError, match="last_turns"):
        scenarios.get("last_turns").play_on(Rules(double_on_tie=False))
    assert column.supports(Rules(column_rule=ColumnRule.OFF))
    assert not column.supports(Rules(double_on_tie=False))


def test_a_page_switch_picks_the_variant_by_the_option_s_text_value() -> None:
    tie = scenarios.get("tie_doubles")
    assert tie.variant_for("false").rules == Rules(double_on_tie=False)
    assert tie.variant_for(" FALSE ").shows_effect is False
    with pytest.raises(ScenarioError, match=r"'double_on_tie' to one of true, false, not 'maybe'"):
        tie.variant_for("maybe")
    with pytest.raises(ScenarioError, match="no rule option"):
        scenarios.get("reshuffle").variant_for("true")


# --- records --------------------------------------------------------------------


@pytest.mark.parametrize(("scenario", "rules"), VARIANTS)
def test_the_record_replays_and_survives_json_and_a_share_link(
    scenario: Scenario, rules: Rules
) -> None:
    game = scenario.record(rules)
    assert game.rules == rules
    assert len(game.rounds) == 1 and game.extra == {"scenario": scenario.name}
    final = record.replay(game)
    text = record.dumps(game)
    assert record.replay(record.loads(text)) == final
    assert record.replay(share.decode(share.encode(game))) == final


@pytest.mark.parametrize("scenario", ALL, ids=lambda s: s.name)
def test_start_move_cuts_the_record_between_situation_and_continuation(
    scenario: Scenario,
) -> None:
    moves = scenario.record().rounds[0].moves
    opening = scenario.opening().rounds[0].moves
    assert 0 < scenario.start_move < len(moves)
    assert opening == moves[: scenario.start_move]
    assert scenario.continuation == moves[scenario.start_move :]
    # The situation is a real turn: setup is over.
    assert all(isinstance(m, SetupMove) for m in opening[: 2 * len(scenario.players)])
    assert scenario.start_state().phase is Phase.TURN


@pytest.mark.parametrize("scenario", ALL, ids=lambda s: s.name)
def test_a_game_continued_from_the_opening_starts_in_the_situation(scenario: Scenario) -> None:
    """What an embed with human seats does: Game.from_record(opening)."""
    game = Game.from_record(scenario.opening(), seed=1)
    start = scenario.start_state()
    if scenario.name == "reshuffle":
        # A live game resolves chance at once, from its own rng.
        assert any(isinstance(e, PilesReshuffled) for e in game.opening_events)
        assert game.state.grids == start.grids and game.state.to_move == start.to_move
    else:
        assert game.state == start
    assert game.current_player() == start.to_move


# --- the effect under each rule setting -----------------------------------------


@pytest.mark.parametrize(("scenario", "rules"), VARIANTS)
def test_the_effect_happens_exactly_where_the_variant_says(
    scenario: Scenario, rules: Rules
) -> None:
    played = scenario.play_on(rules)
    assert played.rules == rules
    assert scenario.effect(played) is scenario.shows_effect(rules)


@pytest.mark.parametrize(("scenario", "rules"), VARIANTS)
def test_the_effect_needs_the_whole_continuation(scenario: Scenario, rules: Rules) -> None:
    """The check looks at what happened, not at the situation: cut the last move
    and it fails."""
    played = scenario.play_on(rules)
    cut = Playthrough(played.rules, played.start, played.played[:-1])
    assert not scenario.effect(cut)


@pytest.mark.parametrize("scenario", ALL, ids=lambda s: s.name)
def test_own_rules_show_the_effect_and_a_switch_can_undo_it(scenario: Scenario) -> None:
    assert scenario.variants[0].rules == scenario.rules
    assert scenario.shows_effect()
    assert len({v.rules for v in scenario.variants}) == len(scenario.variants)
    if scenario.option is None:
        assert len(scenario.variants) == 1 and scenario.variants[0].value is None
    else:
        assert not all(v.shows_effect for v in scenario.variants)
        for v in scenario.variants:
            assert v.value is not None
            assert v.rules == scenario.rules.with_option(scenario.option, v.value)


# --- each situation and its effect in detail ------------------------------------


def test_column() -> None:
    column = scenarios.get("column")
    start = column.start_state()
    lena = start.grids[0]
    assert start.to_move == 0 and start.discard_top == 7
    assert [lena.shown(p) for p in (0, 4, 8)] == [7, 7, None]
    assert column.continuation == (TurnMove(0, "discard", 8),)
    played = column.play_on()
    assert ColumnRemoved(0, 0, 7) in played.events
    assert played.final.discard_pile[-3:] == (7, 7, 7)
    off = column.play_on(Rules(column_rule=ColumnRule.OFF))
    assert not any(isinstance(e, ColumnRemoved) for e in off.events)
    assert off.final.grids[0].completed_column_value(0) == 7


def _doubling(played: Playthrough) -> RoundScored:
    scored = [e for e in played.events if isinstance(e, RoundScored)]
    assert len(scored) == 1
    return scored[0]


def test_tie_doubles() -> None:
    tie = scenarios.get("tie_doubles")
    start = tie.start_state()
    assert start.to_move == 0 and start.finisher is None
    assert len(start.grids[0].face_down_positions()) == 1
    doubled = _doubling(tie.play_on())
    assert doubled.result.finisher == 0 and doubled.result.raw == (6, 6)
    assert doubled.doubling.reason is DoublingReason.TIED and doubled.result.points == (12, 6)
    forgiven = _doubling(tie.play_on(Rules(double_on_tie=False)))
    assert forgiven.doubling.reason is DoublingReason.TIE_FORGIVEN
    assert forgiven.result.points == (6, 6) and not forgiven.result.doubled


def test_negative_not_doubled() -> None:
    negative = scenarios.get("negative_not_doubled")
    start = negative.start_state()
    assert start.to_move == 0 and len(start.grids[0].face_down_positions()) == 1
    kept = _doubling(negative.play_on())
    assert kept.result.finisher == 0 and kept.result.raw == (-3, -5)
    assert kept.doubling.reason is DoublingReason.NOT_POSITIVE and kept.result.points == (-3, -5)
    doubled = _doubling(negative.play_on(Rules(double_nonpositive=True)))
    assert doubled.doubling.reason is DoublingReason.UNDERCUT
    assert doubled.result.doubled and doubled.result.points == (-6, -5)


def test_reveal_removes_column() -> None:
    reveal = scenarios.get("reveal_removes_column")
    start = reveal.start_state()
    lena = start.grids[1]
    assert [lena.shown(p) for p in (2, 6, 10)] == [5, 5, None] and lena.values[10] == 5
    assert start.to_move == 0 and len(start.grids[0].face_down_positions()) == 1
    played = reveal.play_on()
    finishing, last = played.played
    assert any(isinstance(e, RoundEnding) for e in finishing.events)
    assert not any(isinstance(e, ColumnRemoved) for e in finishing.events)
    assert CardRevealed(1, 10, 5) in last.events and ColumnRemoved(1, 2, 5) in last.events
    assert played.final.grids[1].removed[10]
    kept = reveal.play_on(Rules(column_rule=ColumnRule.OFF))
    assert not any(isinstance(e, ColumnRemoved) for e in kept.events)
    assert _doubling(kept).result.raw[1] == _doubling(played).result.raw[1] + 15


def test_last_turns() -> None:
    last = scenarios.get("last_turns")
    start = last.start_state()
    assert len(last.players) == 3
    assert start.finisher == 1 and start.last_turns and start.to_move == 2
    assert not start.grids[1].has_face_down()
    played = last.play_on()
    # Mia, then Lena, then the round is over: Jonas is not asked again.
    assert [m.before.to_move for m in played.played] == [2, 0]
    assert played.played[0].after.to_move == 0
    assert played.final.phase is Phase.DEAL and len(played.final.results) == 1
    assert Counter(e.player for e in played.events if isinstance(e, CardTaken)) == {2: 1, 0: 1}


def test_reshuffle() -> None:
    reshuffle = scenarios.get("reshuffle")
    start = reshuffle.start_state()
    assert start.phase is Phase.TURN and not start.draw_pile
    assert engine.needs_reshuffle(start) and engine.current_player(start) == CHANCE
    assert start.reshuffles == 0 and start.finisher is None
    first = reshuffle.continuation[0]
    assert isinstance(first, ReshuffleMove)
    assert sorted(first.order) == sorted(start.discard_pile[:-1])
    played = reshuffle.play_on()
    assert played.played[0].events == (PilesReshuffled(len(start.discard_pile) - 1),)
    after = played.played[0].after
    assert after.discard_pile == start.discard_pile[-1:] and after.reshuffles == 1
    assert after.draw_pile == tuple(reversed(first.order))
    assert start.to_move is not None
    assert CardTaken(start.to_move, "draw", first.order[0]) in played.played[1].events


def test_keep_negative() -> None:
    keep = scenarios.get("keep_negative")
    start = keep.start_state()
    assert start.rules.column_rule is ColumnRule.KEEP_NEGATIVE
    assert start.to_move == 0 and start.discard_top == -1
    assert [start.grids[0].shown(p) for p in (1, 5, 9)] == [-1, -1, None]
    removed = keep.play_on(Rules(column_rule=ColumnRule.ALL))
    assert ColumnRemoved(0, 1, -1) in removed.events


def test_target() -> None:
    target = scenarios.get("target")
    played = target.play_on()
    assert played.final.phase is Phase.GAME_OVER
    assert played.final.totals == (100, 30) and played.final.winners == (1,)
    over_100 = target.play_on(Rules(target=101))
    assert over_100.final.phase is Phase.DEAL and over_100.final.totals == (100, 30)


# --- texts ----------------------------------------------------------------------


def test_every_scenario_has_its_texts_in_english_german_and_dutch() -> None:
    keys = {k for s in ALL for k in s.text_keys()}
    for language in scenarios.LANGUAGES:
        texts = scenarios.catalogue(language)
        assert set(texts) == keys, language
        assert all(t.strip() and "{" not in t for t in texts.values()), language
    for s in ALL:
        for v in s.variants:
            assert s.outcome_key(v.rules) in keys
    # Translated, not copied.
    assert (
        scenarios.catalogue("de")["scenario.column.title"]
        != scenarios.catalogue("en")["scenario.column.title"]
    )


def test_scenario_keys_do_not_clash_with_the_page_catalogue() -> None:
    assert not set(scenarios.catalogue("en")) & set(messages("game", "en"))


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'pt'.*en, de, nl, fr, es, it"):
        scenarios.catalogue("pt")


# --- the builder ----------------------------------------------------------------


def test_the_builder_names_an_illegal_scripted_move() -> None:
    table = Table("broken", ("A", "B"), grids=[[None] * 12, [None] * 12], discard=None)
    with pytest.raises(ScenarioError, match=r"scenario 'broken', move 1: .*setup"):
        table.play(flip(0, 3))


def test_the_builder_refuses_a_deal_the_deck_cannot_supply() -> None:
    with pytest.raises(ScenarioError, match="lacks"):
        Table("greedy", ("A", "B"), grids=[[-2] * 12, [None] * 12], discard=None)


def test_a_switched_scenario_has_its_own_heading() -> None:
    # Issue 13 item 15: after a rules-page switch the table's heading still stated
    # the manual's rule ("A tie doubles ..." over a game where it did not).
    for language in scenarios.LANGUAGES:
        texts = scenarios.catalogue(language)
        for s in ALL:
            own = texts[s.title_key()]
            for v in s.variants[1:]:
                assert texts[s.title_key(v.rules)] != own, (language, s.name, v.value)
