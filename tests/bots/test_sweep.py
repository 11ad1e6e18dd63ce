"""Every bot plays only legal actions, with a reason, at every table size and
under every rule option, and sees nothing but its own view."""

from __future__ import annotations

import itertools

import pytest

from skyjo.bots import make_bot
from skyjo.bots.expert import ExpertBot
from skyjo.rules import ColumnRule, Rules
from tests.bots.helpers import Spy, play

RULE_OPTIONS = (
    Rules(target=40),
    Rules(target=40, column_rule=ColumnRule.KEEP_NEGATIVE),
    Rules(target=40, column_rule=ColumnRule.OFF),
    Rules(target=40, double_on_tie=False),
    Rules(target=40, double_nonpositive=True),
)
HEURISTIC = ("easy", "medium", "statistician", "hard")


@pytest.mark.parametrize("players", range(2, 9))
def test_heuristic_bots_play_legally_with_reasons(players: int) -> None:
    for game_number, rules in enumerate(RULE_OPTIONS):
        names = list(
            itertools.islice(itertools.cycle(HEURISTIC), game_number, game_number + players)
        )
        spies = [Spy(make_bot(name)) for name in names]
        game = play(list(spies), rules, seed=100 * players + game_number)
        assert game.state.is_terminal
        for spy in spies:
            assert spy.reasons and all(spy.reasons), f"{spy.name} gave an empty reason"


@pytest.mark.parametrize(("players", "rules"), [(2, RULE_OPTIONS[0]), (3, RULE_OPTIONS[1])])
def test_expert_plays_legally_with_reasons(players: int, rules: Rules) -> None:
    spies = [Spy(ExpertBot(budget=6))] + [Spy(make_bot("hard")) for _ in range(players - 1)]
    game = play(list(spies), Rules(target=25, column_rule=rules.column_rule), seed=players)
    assert game.state.is_terminal
    assert all(spies[0].reasons)


def test_random_bot_games_cover_all_sizes_quickly() -> None:
    for players in range(2, 9):
        game = play([make_bot("random") for _ in range(players)], Rules(target=30), seed=players)
        assert game.state.is_terminal
