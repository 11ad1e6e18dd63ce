"""Every reason a bot gives has a catalogue key the page can translate, and its
English text is rendered from that key (so the two never drift)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.bots import Bot, Decision, ask, make_bot
from skyjo.bots.base import Reason
from skyjo.bots.expert import ExpertBot
from skyjo.bots.reasons import ENGLISH, action_reason, english, reason
from skyjo.game import Game
from skyjo.i18n.catalogue import messages
from skyjo.i18n.language import LANGUAGES
from skyjo.i18n.messageformat import fields
from skyjo.rules import ColumnRule, Rules
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.present import bot_reason

LEVELS = ("random", "easy", "medium", "statistician", "hard")


def decisions(bots: list[Bot], rules: Rules, seed: int) -> Iterator[Decision]:
    """Every decision of one whole seeded game."""
    game = Game([b.name for b in bots], rules, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_terminal:
        seat = game.current_player()
        decision = ask(bots[seat], game.view(seat), rng)
        yield decision
        game.play(decision.action, player=seat)


def parts(why: Reason) -> Iterator[Reason]:
    """``why`` and every reason nested in it."""
    yield why
    for value in why.fields.values():
        if isinstance(value, Reason):
            yield from parts(value)


def check(decision: Decision, seen: set[str]) -> None:
    why = decision.explanation
    assert why is not None, decision
    assert english(why) == decision.reason
    for part in parts(why):
        seen.add(part.key)
        for language in LANGUAGES:
            template = messages("bots", language)[part.key]
            assert fields(template) == set(part.fields), (language, part.key)
        for value in part.fields.values():
            assert isinstance(value, Reason | int | float) and not isinstance(value, bool)
            if isinstance(value, float):
                assert round(value, 1) == value
    for language in LANGUAGES:
        assert bot_reason(Translator(language), why, "fallback") != "fallback"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_reason_in_a_seeded_sweep_is_translatable(players: int) -> None:
    seen: set[str] = set()
    rule_options = (
        Rules(target=40),
        Rules(target=40, column_rule=ColumnRule.KEEP_NEGATIVE, double_on_tie=False),
    )
    for game_number in range(len(LEVELS)):
        for r, rules in enumerate(rule_options):
            names = [LEVELS[(game_number + i) % len(LEVELS)] for i in range(players)]
            bots = [make_bot(name) for name in names]
            for decision in decisions(bots, rules, seed=1000 * players + 10 * game_number + r):
                check(decision, seen)
    expert: list[Bot] = [ExpertBot(budget=6), *(make_bot("hard") for _ in range(players - 1))]
    for decision in decisions(expert, Rules(target=30), seed=players):
        check(decision, seen)
    assert {"bot.random", "bot.swap_saves", "bot.take_then", "bot.draw_counted"} <= seen
    assert "bot.doubling_risk" in seen or "bot.game_win_chance" in seen


def test_the_bots_english_is_the_pages_english() -> None:
    # The bots render their reasons from the very file the page reads in English.
    assert ENGLISH is messages("bots", "en")
    assert Translator("en").t("bot.swap", old=7, held=2) == english(
        reason("bot.swap", old=7, held=2)
    )


def test_action_phrases_name_rows_and_columns_from_one() -> None:
    assert english(action_reason(Swap(5))) == "putting the card at row 2, column 2"
    assert english(action_reason(Flip(0))) == "turning up row 1, column 1"
    assert english(action_reason(Draw())) == "drawing"
    assert english(action_reason(TakeDiscard())) == "taking the discard card"


def test_numbers_follow_the_language() -> None:
    why = reason("bot.draw_counted", unseen=80, draw=4.2345, card=-2, worth=-0.54)
    assert why.fields["draw"] == 4.2
    assert english(why) == (
        "draws: a card from the 80 unseen is worth 4.2 on average, the -2 only -0.5"
    )
    assert bot_reason(Translator("de"), why, "") == (
        "zieht: eine Karte aus den 80 ungesehenen ist im Schnitt 4,2 wert, die −2 nur −0,5"
    )


def test_a_reason_round_trips_through_json() -> None:
    why = reason("bot.take_then", card=3, then=reason("bot.swap_saves", old=11, held=2, saved=9))
    assert Reason.from_json(why.to_json()) == why
    garbage: object
    for garbage in (None, [], {"key": 3}, {"key": "bot.swap", "fields": {"old": [1]}}):
        with pytest.raises(ValueError):
            Reason.from_json(garbage)


def test_an_unknown_key_falls_back_to_the_english_words() -> None:
    assert bot_reason(Translator("de"), Reason("bot.from_the_future", {}), "why") == "why"
    assert bot_reason(Translator("de"), None, "picks at random") == "picks at random"
