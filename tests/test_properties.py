"""Randomized property tests of the engine (hypothesis).

Every property runs over seeded random games: 2 to 8 players, every rule option,
setup flips in random interleavings, actions chosen uniformly from what the engine
offers. The properties are the engine's contract rather than any one rule:

- all 150 cards are somewhere after every step (grids, the removed columns' cards
  on the discard pile, draw pile, discard pile, the card in hand);
- the legal actions offered are exactly the actions ``apply`` accepts, and a
  rejected action raises :class:`IllegalActionError` and changes nothing;
- ``apply`` never mutates its input;
- a game recorded and replayed (also through JSON text) gives the same state;
- a random game always ends within a bounded number of actions;
- a player's view leaks no face-down value and no draw-pile order, and
  ``sample_state`` is consistent with the view it was sampled from;
- action text and rule dicts round-trip, and garbage is rejected with the
  documented exception types only.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyjo import engine, record
from skyjo.actions import (
    Action,
    Deal,
    Draw,
    Flip,
    PlayerAction,
    Reshuffle,
    Swap,
    TakeDiscard,
    parse_action,
)
from skyjo.cards import DECK_SIZE, GRID_SIZE, MAX_PLAYERS, MIN_PLAYERS, deck_counter
from skyjo.errors import ActionParseError, IllegalActionError, RulesError, SkyjoError
from skyjo.game import Game
from skyjo.rules import ColumnRule, Rules
from skyjo.state import CHANCE, Grid, Phase, State
from skyjo.view import view_of

#: No random game may take more engine actions than this. A random game of
#: 8 players to 100 takes a few hundred; the bound only has to be finite and
#: generous, so a game that stops making progress (a round that never ends, a
#: total that never grows) is caught instead of hanging the suite.
MAX_GAME_ACTIONS = 20_000

#: Every player action there is: the candidate universe for "legal iff accepted".
UNIVERSE: tuple[PlayerAction, ...] = (
    *(Flip(p) for p in range(GRID_SIZE)),
    *(Swap(p) for p in range(GRID_SIZE)),
    TakeDiscard(),
    Draw(),
)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- strategies -----------------------------------------------------------------

rules_strategy = st.builds(
    Rules,
    target=st.one_of(st.sampled_from([1, 50, 100]), st.integers(min_value=1, max_value=120)),
    column_rule=st.sampled_from(list(ColumnRule)),
    double_on_tie=st.booleans(),
    double_nonpositive=st.booleans(),
)
players_strategy = st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@dataclass(frozen=True)
class Transition:
    """One applied action: the state before, who acted (CHANCE for chance) and the result."""

    before: State
    seat: int
    action: Action
    after: State


def random_game(
    num_players: int, rules: Rules, seed: int, *, max_actions: int = MAX_GAME_ACTIONS
) -> Iterator[Transition]:
    """Play a random game through the checked engine API, yielding every step.

    In setup a random player among those with flips left acts, so every
    interleaving of setup flips can occur."""
    rng = random.Random(seed)
    state = engine.new_game(num_players, rules)
    for _ in range(max_actions):
        if state.is_terminal:
            return
        action: Action
        if engine.is_chance_node(state):
            seat = CHANCE
            action = engine.chance_outcome(state, rng)
            after = engine.apply(state, action)
        else:
            seat = rng.choice(engine.players_to_act(state))
            action = rng.choice(engine.legal_actions(state, seat))
            after = engine.apply(state, action, player=seat)
        yield Transition(state, seat, action, after)
        state = after
    raise AssertionError(f"the game did not end within {max_actions} actions")


def states_of(num_players: int, rules: Rules, seed: int) -> list[State]:
    """Every state of a random game, the initial one and the final one included."""
    steps = list(random_game(num_players, rules, seed))
    return [steps[0].before, *(t.after for t in steps)]


def assert_all_cards_accounted(state: State) -> None:
    """Every one of the 150 cards is exactly once somewhere.

    A removed column's cards lie on the discard pile, so the grids count only
    the positions that still hold a card."""
    if not state.grids:
        assert state.phase is Phase.DEAL and state.round_number == 0
        assert not state.draw_pile and not state.discard_pile and state.held is None
        return
    cards: Counter[int] = Counter()
    for grid in state.grids:
        cards.update(grid.values[p] for p in range(GRID_SIZE) if not grid.removed[p])
    cards.update(state.draw_pile)
    cards.update(state.discard_pile)
    if state.held is not None:
        cards[state.held] += 1
    assert sum(cards.values()) == DECK_SIZE, state
    assert cards == deck_counter(), state


# --- card accounting, termination, immutability ----------------------------------


@FAST
@given(players_strategy, rules_strategy, seeds)
def test_all_cards_are_accounted_for_after_every_step(
    num_players: int, rules: Rules, seed: int
) -> None:
    for t in random_game(num_players, rules, seed):
        assert_all_cards_accounted(t.after)


@settings(max_examples=60, deadline=None)
@given(players_strategy, rules_strategy, seeds)
def test_a_random_game_always_ends(num_players: int, rules: Rules, seed: int) -> None:
    steps = list(random_game(num_players, rules, seed))
    final = steps[-1].after
    assert final.is_terminal
    assert engine.current_player(final) is None
    assert engine.legal_actions(final) == ()
    assert any(t >= rules.target for t in final.totals)
    assert final.winners == tuple(p for p, t in enumerate(final.totals) if t == min(final.totals))
    assert len(final.results) == final.round_number
    assert final.totals == tuple(
        sum(r.points[p] for r in final.results) for p in range(num_players)
    )


@FAST
@given(players_strategy, rules_strategy, seeds)
def test_apply_step_and_apply_unchecked_never_mutate_their_input(
    num_players: int, rules: Rules, seed: int
) -> None:
    for t in random_game(num_players, rules, seed):
        snapshot = copy.deepcopy(t.before)
        player = None if t.seat == CHANCE else t.seat
        stepped, _ = engine.step(t.before, t.action, player=player)
        unchecked = engine.apply_unchecked(t.before, t.action, player=player)
        assert t.before == snapshot
        assert stepped == t.after
        assert unchecked == t.after


# --- legal actions are exactly the accepted ones ---------------------------------


def assert_offered_iff_accepted(state: State) -> None:
    """For every seat (and a few that do not exist) and every player action:
    ``apply`` succeeds iff the action is offered; a refusal changes nothing."""
    snapshot = copy.deepcopy(state)
    seats: list[int | None] = [None, CHANCE, *range(state.num_players), state.num_players]
    for seat in seats:
        offered = set(engine.legal_actions(state, seat))
        assert len(offered) == len(engine.legal_actions(state, seat)), "duplicates offered"
        for action in UNIVERSE:
            try:
                after = engine.apply(state, action, player=seat)
            except IllegalActionError:
                assert action not in offered, f"{action} offered to {seat} but refused"
                assert state == snapshot
                continue
            assert action in offered, f"{action} accepted from {seat} but not offered"
            assert after != state
            assert_all_cards_accounted(after)
    assert state == snapshot


def assert_chance_accepted_iff_due(state: State, rng: random.Random) -> None:
    """A deal is accepted only in phase DEAL, a reshuffle only when it is due,
    and at a chance node no player action is accepted."""
    if state.is_terminal:
        with pytest.raises(IllegalActionError):
            engine.apply(state, engine.random_deal(state.num_players, rng))
        return
    deal = engine.random_deal(state.num_players, rng)
    if state.phase is Phase.DEAL:
        assert engine.apply(state, deal).phase is Phase.SETUP
    else:
        with pytest.raises(IllegalActionError):
            engine.apply(state, deal)
    reshuffle = Reshuffle(state.discard_pile[:-1])
    if engine.needs_reshuffle(state):
        assert engine.is_chance_node(state)
        assert engine.current_player(state) == CHANCE
        assert engine.apply(state, reshuffle).draw_pile == tuple(reversed(reshuffle.order))
        for seat in range(state.num_players):
            assert engine.legal_actions(state, seat) == ()
    else:
        with pytest.raises(IllegalActionError):
            engine.apply(state, reshuffle)
    for seat in range(state.num_players):
        # Chance outcomes are never a player's move.
        with pytest.raises(IllegalActionError):
            engine.apply(state, deal, player=seat)


@settings(max_examples=20, deadline=None)
@given(players_strategy, rules_strategy, seeds, st.integers(min_value=2, max_value=8))
def test_legal_actions_are_exactly_the_accepted_actions(
    num_players: int, rules: Rules, seed: int, stride: int
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for i, state in enumerate(states_of(num_players, rules, seed)):
        if i % stride == 0 or state.phase in (Phase.DEAL, Phase.GAME_OVER):
            assert_offered_iff_accepted(state)
            assert_chance_accepted_iff_due(state, rng)


def test_legal_actions_are_exact_in_a_game_with_reshuffles() -> None:
    """Reshuffles are rare in random play; force some by always swapping into
    face-up cards, so the round never ends and the draw pile runs out."""
    rng = random.Random(7)
    state = engine.new_game(2, Rules())
    reshuffles = 0
    while reshuffles < 2:
        assert_offered_iff_accepted(state)
        if engine.is_chance_node(state):
            reshuffles += engine.needs_reshuffle(state)
            assert_chance_accepted_iff_due(state, rng)
            state = engine.apply(state, engine.chance_outcome(state, rng))
            continue
        legal = engine.legal_actions(state)
        face_up_swaps = [
            a
            for a in legal
            if isinstance(a, Swap) and state.grids[state.to_move or 0].face_up[a.position]
        ]
        if state.phase is Phase.PLACE_DRAWN and face_up_swaps:
            action: PlayerAction = rng.choice(face_up_swaps)
        elif state.phase is Phase.TURN:
            action = Draw()
        else:
            action = legal[0]
        state = engine.apply(state, action)
        assert_all_cards_accounted(state)
    assert state.reshuffles == 2


# --- records and replay ---------------------------------------------------------


def play_recorded(game: Game, rng: random.Random, moves: int, *, whole: bool) -> list[State]:
    """Play up to ``moves`` random player actions through ``game`` (setup in random
    interleaving, now and then putting a card taken from the discard pile back,
    dealing paused rounds), stopping mid-turn unless ``whole``; return the state
    after every completed move."""
    seen: list[State] = [game.state]
    played = 0
    while not game.state.is_terminal and (
        played < moves or (whole and game.state.phase in (Phase.PLACE_DISCARD, Phase.PLACE_DRAWN))
    ):
        played += 1
        if game.state.phase is Phase.DEAL:
            game.next_round()
        elif game.can_put_back() and rng.random() < 0.3:
            game.put_back()
            assert game.state.phase is Phase.TURN
            continue
        else:
            seat = rng.choice(engine.players_to_act(game.state))
            game.play(rng.choice(game.legal_actions(seat)), player=seat)
        if game.state.phase not in (Phase.PLACE_DISCARD, Phase.PLACE_DRAWN):
            seen.append(game.state)
    return seen


def is_subsequence(needles: list[State], haystack: list[State]) -> bool:
    it = iter(haystack)
    return all(any(n == h for h in it) for n in needles)


@settings(max_examples=40, deadline=None)
@given(
    players_strategy,
    rules_strategy,
    seeds,
    st.integers(min_value=0, max_value=600),
    st.booleans(),
    st.booleans(),
)
def test_a_recorded_game_replays_to_the_same_state(
    num_players: int, rules: Rules, seed: int, moves: int, whole: bool, pause: bool
) -> None:
    """Also when saved mid-turn (a record keeps a pending take), after a card was
    put back, and between paused rounds."""
    names = [f"P{i}" for i in range(num_players)]
    game = Game(names, rules, seed=seed, pause_between_rounds=pause)
    seen = play_recorded(game, random.Random(seed + 1), moves, whole=whole)
    rec = game.record()

    assert record.replay(rec) == game.state
    text = record.dumps(rec)
    assert record.loads(text) == rec
    assert record.replay(record.loads(text)) == game.state
    assert json.loads(text) == record.to_json(rec)
    assert record.from_json(json.loads(json.dumps(record.to_json(rec), indent=1))) == rec
    assert Game.from_record(rec, pause_between_rounds=pause).state == game.state
    assert rec.rules == rules
    assert rec.names == tuple(names)

    steps = list(record.replay_steps(rec))
    assert is_subsequence(seen[1:], [s.state for s in steps])
    assert [s.move_number for s in steps if s.move_number == 0] == [0] * len(rec.rounds)
    assert record.summary(game.state) == record.replay_summary(text)


@FAST
@given(players_strategy, rules_strategy, seeds, st.integers(min_value=0, max_value=400))
def test_a_record_builder_fed_engine_actions_replays_to_the_engine_state(
    num_players: int, rules: Rules, seed: int, cut: int
) -> None:
    """RecordBuilder fed the raw engine actions of a random game replays to the
    state the engine reached, wherever the game is cut (mid-turn, before a
    reshuffle or a deal, at the end)."""
    builder = record.RecordBuilder(rules, [f"P{i}" for i in range(num_players)])
    steps = list(random_game(num_players, rules, seed))
    for i, t in enumerate(steps):
        builder.add(t.seat, t.action)
        if i in (cut, len(steps) - 1):
            rec = builder.record()
            assert record.replay(rec) == t.after
            assert record.replay(record.loads(record.dumps(rec))) == t.after


# --- views hide what they must ---------------------------------------------------


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same table as ``seat`` sees it, with every card ``seat`` cannot see
    (face-down cards, the draw pile, a card someone else drew) dealt anew."""
    hidden_held = state.held is not None and state.phase is Phase.PLACE_DRAWN
    hidden_held = hidden_held and state.to_move != seat
    pool = [g.values[p] for g in state.grids for p in range(GRID_SIZE) if g.is_face_down(p)] + list(
        state.draw_pile
    )
    if hidden_held:
        assert state.held is not None
        pool.append(state.held)
    rng.shuffle(pool)
    grids = []
    for g in state.grids:
        values = tuple(pool.pop() if g.is_face_down(p) else g.values[p] for p in range(GRID_SIZE))
        grids.append(Grid.of(values, g.face_up, g.removed))
    held = pool.pop() if hidden_held else state.held
    draw = tuple(pool)
    return state._replace(grids=tuple(grids), held=held, draw_pile=draw)


@FAST
@given(players_strategy, rules_strategy, seeds, st.integers(min_value=1, max_value=5))
def test_a_view_does_not_depend_on_hidden_cards(
    num_players: int, rules: Rules, seed: int, stride: int
) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(states_of(num_players, rules, seed)):
        if i % stride:
            continue
        seat = rng.randrange(num_players)
        other = shuffle_hidden(state, seat, rng)
        assert_all_cards_accounted(other)
        assert view_of(other, seat) == view_of(state, seat)


@FAST
@given(players_strategy, rules_strategy, seeds)
def test_a_view_shows_exactly_the_face_up_cards(num_players: int, rules: Rules, seed: int) -> None:
    for state in states_of(num_players, rules, seed):
        for seat in range(num_players):
            view = view_of(state, seat)
            assert view.draw_count == len(state.draw_pile)
            assert view.discard_pile == state.discard_pile
            assert view.legal_actions == engine.legal_actions(state, seat)
            for g, gv in zip(state.grids, view.grids, strict=True):
                assert gv.removed == g.removed
                for p in range(GRID_SIZE):
                    expected = g.values[p] if g.face_up[p] else None
                    assert gv.cards[p] == expected
                # Grids patch their public face after a swap or flip: it must
                # still list exactly what a face built from scratch lists.
                present = tuple(p for p in range(GRID_SIZE) if not g.removed[p])
                assert gv.present == present
                assert gv.face_down == tuple(p for p in present if not g.face_up[p])
            drawn_by_other = state.phase is Phase.PLACE_DRAWN and state.to_move != seat
            assert view.held_hidden == drawn_by_other
            assert view.held == (None if drawn_by_other else state.held)


def test_a_view_changes_when_a_visible_card_changes() -> None:
    """Guard for the hidden-card test: views are not equal regardless of input."""
    state = next(t.after for t in random_game(3, Rules(), 11) if t.after.phase is Phase.TURN)
    grid = state.grids[0]
    up = next(p for p in range(GRID_SIZE) if grid.face_up[p])
    values = list(grid.values)
    values[up] = 12 if values[up] != 12 else -2
    changed = state._replace(grids=(Grid.of(tuple(values), grid.face_up), *state.grids[1:]))
    assert view_of(changed, 1) != view_of(state, 1)


@FAST
@given(players_strategy, rules_strategy, seeds, st.integers(min_value=1, max_value=5))
def test_a_sampled_state_is_consistent_with_its_view(
    num_players: int, rules: Rules, seed: int, stride: int
) -> None:
    from skyjo.view import sample_state

    rng = random.Random(seed)
    for i, state in enumerate(states_of(num_players, rules, seed)):
        if i % stride or state.round_number == 0:
            continue
        seat = rng.randrange(num_players)
        view = view_of(state, seat)
        sample = sample_state(view, rng)
        assert_all_cards_accounted(sample)
        assert view_of(sample, seat) == view
        assert engine.legal_actions(sample, seat) == engine.legal_actions(state, seat)


@settings(max_examples=15, deadline=None)
@given(players_strategy, rules_strategy, seeds)
def test_a_sampled_state_can_be_played_on(num_players: int, rules: Rules, seed: int) -> None:
    """Search bots simulate from samples with apply_unchecked and chance_outcome:
    the sample must behave like a real state (cards accounted for, the round ends)."""
    from skyjo.view import sample_state

    rng = random.Random(seed)
    states = [s for s in states_of(num_players, rules, seed) if not s.is_terminal]
    state = states[rng.randrange(len(states))]
    if state.round_number == 0:
        state = states[1]
    seat = rng.randrange(num_players)
    sim = sample_state(view_of(state, seat), rng)
    round_number = sim.round_number
    for _ in range(MAX_GAME_ACTIONS):
        if sim.is_terminal or (sim.round_number > round_number):
            break
        if engine.is_chance_node(sim):
            sim = engine.apply_unchecked(sim, engine.chance_outcome(sim, rng))
        else:
            actor = rng.choice(engine.players_to_act(sim))
            sim = engine.apply_unchecked(
                sim, rng.choice(engine.legal_actions(sim, actor)), player=actor
            )
        assert_all_cards_accounted(sim)
    else:
        raise AssertionError("a game played on from a sampled state did not end its round")


# --- action text ----------------------------------------------------------------

card_values = st.integers(min_value=-2, max_value=12)
any_ints = st.integers(min_value=-(10**6), max_value=10**6)
player_actions = st.one_of(
    st.builds(Flip, st.integers(0, GRID_SIZE - 1)),
    st.builds(Swap, st.integers(0, GRID_SIZE - 1)),
    st.just(TakeDiscard()),
    st.just(Draw()),
)
deals = st.builds(
    Deal,
    st.lists(st.lists(any_ints, max_size=14).map(tuple), min_size=1, max_size=8).map(tuple),
    any_ints,
    st.lists(any_ints, max_size=140).map(tuple),
)
reshuffles = st.builds(Reshuffle, st.lists(any_ints, max_size=140).map(tuple))
all_actions = st.one_of(player_actions, deals, reshuffles)


@settings(max_examples=300, deadline=None)
@given(all_actions)
def test_action_text_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(f"  {str(action).upper()}  ") == action


@settings(max_examples=30, deadline=None)
@given(players_strategy, seeds)
def test_real_deals_round_trip_as_text(num_players: int, seed: int) -> None:
    deal = engine.random_deal(num_players, random.Random(seed))
    assert parse_action(str(deal)) == deal


WORDS = [
    "flip", "swap", "take", "discard", "draw", "reshuffle", "deal", "|", "/", "-",
    "0", "11", "12", "-1", "-2", "1.5", "x", "", "TAKE", "Discard", "+3", "١",
]  # fmt: skip
near_misses = st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)


def check_parses_or_rejects(text: str) -> None:
    """``text`` parses to an action whose canonical text parses back to it, or it
    raises ActionParseError (a ValueError); nothing else ever escapes."""
    try:
        action = parse_action(text)
    except ActionParseError as exc:
        assert isinstance(exc, ValueError)
        assert isinstance(exc, SkyjoError)
        assert str(exc)
        return
    assert parse_action(str(action)) == action


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=40), near_misses))
def test_garbage_action_text_raises_only_action_parse_error(text: str) -> None:
    check_parses_or_rejects(text)


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "flip", "flip 12", "flip -1", "flip 1 2", "swap x", "take", "take draw",
        "draw 3", "deal 1 2", "deal | 1 2 | 3", "deal 1 | x | 2", "jump 3", "reshuffle a",
        "flip 1.0", "swap 99999999999999999999999",
    ],
)  # fmt: skip
def test_known_garbage_is_rejected(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_non_text_is_rejected_with_action_parse_error() -> None:
    for value in (None, 3, b"draw", ["draw"]):
        with pytest.raises(ActionParseError):
            parse_action(value)  # type: ignore[arg-type]


# --- rules round trip -----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(rules_strategy)
def test_rules_round_trip_through_dict_and_json(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert set(rules.to_dict()) == {"target", "column_rule", "double_on_tie", "double_nonpositive"}
    for key, value in rules.to_dict().items():
        assert Rules.from_dict({key: value}) == replace(Rules(), **{key: getattr(rules, key)})


@settings(max_examples=200, deadline=None)
@given(
    rules_strategy,
    st.text(min_size=1, max_size=20).filter(
        lambda k: k not in {"target", "column_rule", "double_on_tie", "double_nonpositive"}
    ),
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
)
def test_unknown_rule_keys_are_rejected(rules: Rules, key: str, value: object) -> None:
    with pytest.raises(RulesError, match="unknown rule option"):
        Rules.from_dict({**rules.to_dict(), key: value})


def is_valid_rule_value(key: str, value: object) -> bool:
    if key == "target":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1
    if key == "column_rule":
        return value in ("all", "keep_negative", "off")
    return isinstance(value, bool)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["target", "column_rule", "double_on_tie", "double_nonpositive"]),
    st.one_of(
        st.none(),
        st.booleans(),
        st.floats(allow_nan=False),
        st.text(max_size=8),
        st.integers(max_value=0),
        st.lists(st.integers(), max_size=2),
    ),
)
def test_bad_rule_values_are_rejected(key: str, value: object) -> None:
    if is_valid_rule_value(key, value):
        assert getattr(Rules.from_dict({key: value}), key) == value
        return
    with pytest.raises(RulesError):
        Rules.from_dict({key: value})
