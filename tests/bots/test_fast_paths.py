"""The fast paths give the very numbers and games of the plain ones.

The simulator's speed comes from shortcuts: ``medium`` finds its best placement
straight from the grid (``best_swap_on``) instead of through a ``Layout`` and a
gains list, the simulator drives the engine itself instead of a ``Game``, and
reasons are built only when read. The expert's playouts (and so the game
review's) run on lists rather than through the engine. Each shortcut is checked
here against the plain computation it replaces, exactly (no tolerance): a
shortcut that changed a single decision would change the figures a seed
promises.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyjo import engine
from skyjo.actions import Draw
from skyjo.bots import ask, make_bot
from skyjo.bots.base import Decision, Reason
from skyjo.bots.evaluation import PARTNERS, CardOdds, Layout, best_swap_on, swap_gains
from skyjo.bots.expert import Sampler
from skyjo.bots.medium import DECK_ODDS, _best_flip
from skyjo.bots.placement import flip_gain
from skyjo.bots.playout import (
    TurnDraws,
    play_out,
    play_out_plain,
    play_out_seeded,
    quick_action,
)
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.game import Game
from skyjo.rules import ColumnRule, Rules
from skyjo.simulate import game_seeds, play_game
from skyjo.state import CHANCE, GridView, Phase, State
from skyjo.view import view_of

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


def positions_in_turns(seed: int, players: int, rules: Rules) -> list[State]:
    """Every third state of two rounds of medium bots where someone is on turn
    or holds a card; one in seven with a draw pile of three cards, so that the
    playouts reshuffle."""
    rng = random.Random(seed)
    state = engine.new_game(players, rules)
    bots = [make_bot("medium") for _ in range(players)]
    found: list[State] = []
    while not state.is_terminal and state.round_number <= 2:
        seat = engine.current_player(state)
        assert seat is not None
        if seat == CHANCE:
            state = engine.apply(state, engine.chance_outcome(state, rng))
            continue
        if state.to_move is not None and state.phase is not Phase.SETUP:
            if len(found) % 7 == 0 and len(state.draw_pile) > 3:
                found.append(state._replace(draw_pile=state.draw_pile[-3:]))
            else:
                found.append(state)
        state = engine.apply(state, ask(bots[seat], view_of(state, seat), rng).action, player=seat)
    return found[::3]


@pytest.mark.parametrize("seed", range(6))
def test_playouts_on_lists_end_where_the_engine_does(seed: int) -> None:
    """play_out and play_out_seeded (on lists) against play_out_plain (the
    engine), plain and keyed by turn, from true states and from samples of a
    view, cut short or to the round's end, under each column rule: the same end
    state and the same random numbers consumed."""
    players = 2 + seed % 4
    rules = Rules(
        column_rule=list(ColumnRule)[seed % 3],
        double_on_tie=seed % 2 == 0,
        double_nonpositive=seed % 3 == 1,
        target=(50, 100)[seed % 2],
    )
    rng = random.Random(seed)
    reshuffled = ended = 0
    for state in positions_in_turns(seed, players, rules):
        seat = rng.randrange(players)
        sample = Sampler(view_of(state, seat), 90).sample(rng)
        for start in (state, sample):
            for turns in (0, 1, 3 * players, 30 * players):
                key = rng.getrandbits(32)
                for pile in (None, start.draw_pile):
                    plain_rng, fast_rng = random.Random(key), random.Random(key)
                    plain_draws = None if pile is None else TurnDraws(pile, plain_rng, turns)
                    fast_draws = None if pile is None else TurnDraws(pile, fast_rng, turns)
                    plain = play_out_plain(start, plain_rng, turns, plain_draws, quick_action)
                    fast = play_out(start, fast_rng, max_turns=turns, aligned=fast_draws)
                    seeded = play_out_seeded(start, key, max_turns=turns, pile=pile)
                    assert fast == plain and seeded == plain, (seed, turns, pile is None)
                    assert fast_rng.getstate() == plain_rng.getstate()
                    reshuffled += plain.reshuffles > start.reshuffles
                    ended += plain.phase is not Phase.TURN
    assert reshuffled > 0 and ended > 0, "no playout reshuffled or ended its round"


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
