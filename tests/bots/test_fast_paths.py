"""The fast paths give the very numbers and games of the plain ones.

The simulator's speed comes from shortcuts: ``medium`` finds its best placement
straight from the grid (``best_swap_on``) instead of through a ``Layout`` and a
gains list, the simulator drives the engine itself instead of a ``Game``, and
reasons are built only when read. Each shortcut is checked here against the
plain computation it replaces, exactly (no tolerance): a shortcut that changed
a single decision would change the figures a seed promises.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skyjo.actions import Draw
from skyjo.bots import ask, make_bot
from skyjo.bots.base import Decision, Reason
from skyjo.bots.evaluation import PARTNERS, CardOdds, Layout, best_swap_on, swap_gains
from skyjo.bots.medium import DECK_ODDS, _best_flip
from skyjo.bots.placement import flip_gain
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.game import Game
from skyjo.rules import ColumnRule, Rules
from skyjo.simulate import game_seeds, play_game
from skyjo.state import GridView

cards = st.one_of(st.none(), st.integers(min_value=-2, max_value=12))


@st.composite
def grid_views(draw: st.DrawFn) -> GridView:
    """A grid as a table may show it; pairs and equal columns are made likely."""
    palette = draw(st.lists(cards, min_size=1, max_size=4))
    shown = draw(st.lists(st.sampled_from(palette), min_size=GRID_SIZE, max_size=GRID_SIZE))
    gone = draw(st.lists(st.booleans(), min_size=COLUMNS, max_size=COLUMNS))
    if all(gone):
        gone[0] = False
    removed = tuple(gone[p % COLUMNS] for p in range(GRID_SIZE))
    # A removed column showed its three equal cards when it left.
    values = tuple(0 if removed[p] else shown[p] for p in range(GRID_SIZE))
    return GridView.showing(values, removed)


odds_strategy = st.one_of(
    st.just(DECK_ODDS),
    st.dictionaries(
        st.integers(min_value=-2, max_value=12), st.integers(min_value=1, max_value=10), min_size=1
    ).map(CardOdds.from_counts),
)
rules_strategy = st.builds(Rules, column_rule=st.sampled_from(list(ColumnRule)))


@settings(max_examples=400, deadline=None)
@given(
    grid_views(),
    st.integers(min_value=-2, max_value=12),
    odds_strategy,
    rules_strategy,
    st.sampled_from([0.0, 1.0, 2.0, 3.5]),
)
def test_best_swap_on_matches_the_best_of_swap_gains(
    grid: GridView, held: int, odds: CardOdds, rules: Rules, chances: float
) -> None:
    gains = swap_gains(Layout.of(grid, odds.mean), held, odds, rules, chances)
    present = [p for p in range(GRID_SIZE) if not grid.removed[p]]
    best = max(present, key=lambda p: (gains[p], -p))  # earliest position wins ties
    completion = odds.completion(chances, rules)
    assert best_swap_on(grid, held, odds.mean, completion) == (gains[best], best)


@settings(max_examples=300, deadline=None)
@given(grid_views(), rules_strategy)
def test_mediums_flip_choice_matches_flip_gain(grid: GridView, rules: Rules) -> None:
    if not grid.face_down:
        return
    layout = Layout.of(grid, DECK_ODDS.mean)
    expected = max(grid.face_down, key=lambda p: (flip_gain(layout, p, DECK_ODDS, rules), -p))
    assert _best_flip(grid, rules) == expected
    # The shortcut reads partners from the grid the way Layout does.
    a, b = PARTNERS[expected]
    assert layout.partners(expected) == (grid.cards[a], grid.cards[b])


def game_through_game_class(players: list[str], rules: Rules, seed: int) -> Game:
    """The plain way: a Game with every move checked twice and recorded."""
    game = Game(players, rules, seed=seed)
    bots = [make_bot(name) for name in players]
    rngs = [random.Random(seed * 16 + seat + 1) for seat in range(len(players))]
    while not game.state.is_terminal:
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rngs[seat]).action, player=seat)
    return game


def test_the_simulator_plays_the_game_a_game_object_would() -> None:
    rules = Rules(target=60)
    reshuffled = 0
    tables = (["medium"] * 4, ["hard", "statistician", "easy"], ["random", "medium"], ["easy"] * 8)
    for players in tables:
        for seed in game_seeds(3, 4):
            bots = [make_bot(name) for name in players]
            final, result = play_game(bots, rules, seed)
            game = game_through_game_class(players, rules, seed)
            assert final == game.state, (players, seed)
            reshuffles = sum(
                1 for r in game.record().rounds for m in r.moves if hasattr(m, "order")
            )
            assert result.reshuffles == reshuffles
            assert result.rounds == len(game.state.results)
            reshuffled += reshuffles
    assert reshuffled > 0, "no game reshuffled: the chance order after one went untested"


def test_a_reason_is_built_only_when_read_and_only_once() -> None:
    built: list[int] = []

    def why() -> Reason:
        built.append(1)
        return Reason("bot.draw", {})

    decision = Decision(Draw(), "", why)
    assert built == []
    assert decision.action == Draw()
    assert built == []
    assert decision.reason == "draws a card"
    assert decision.explanation == Reason("bot.draw", {})
    assert built == [1]
    assert decision == Decision(Draw(), "draws a card", Reason("bot.draw", {}))
    assert hash(decision) == hash(Decision(Draw(), "draws a card", Reason("bot.draw", {})))


def test_a_decision_cannot_be_changed() -> None:
    decision = Decision(Draw(), "draws")
    try:
        decision.action = Draw()
    except AttributeError as error:
        assert "immutable" in str(error)
    else:
        raise AssertionError("a decision accepted a new action")
    assert decision.explanation is None and decision.reason == "draws"
