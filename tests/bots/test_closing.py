"""A playout's round-ending decisions made as hard makes them (issue 40).

Where the quick playout policy would end the round (cover or turn up a
player's last face-down card while nobody has ended it), a
:class:`~skyjo.bots.playout.Closing` decides instead; the game review's
measurements use hard's decisions (:func:`~skyjo.bots.expert.hard_closing`).
Checked here: the decision made is hard's, the playout on lists and the one
through the engine still agree, and the two moves a comparison plays out still
meet the same cards and random numbers.
"""

from __future__ import annotations

import random

import pytest

from skyjo import engine
from skyjo.actions import Flip, PlayerAction, Swap
from skyjo.bots.expert import Sampler, hard_closing
from skyjo.bots.hard import HardBot
from skyjo.bots.playout import (
    Chooser,
    Closing,
    TurnDraws,
    closing_policy,
    play_out,
    play_out_plain,
    play_out_seeded,
    quick_action,
)
from skyjo.rules import ColumnRule, Rules
from skyjo.state import Phase, State
from skyjo.view import view_of
from tests.bots.test_fast_paths import positions_in_turns
from tests.builders import table

#: Lena (seat 0) has one face-down card left and has drawn a 3. Her 13 points
#: in sight are far below Ben's estimate (about 24, six cards face down), so the
#: quick policy puts the 3 on her last card and ends the round; hard counts an
#: 18% chance that Ben ends with as few points and keeps the round open.
LENA = "1 2 0 1 / 2 1 0 3 / 1 2 0 [5]"
BEN = "-2 -1 [5] [5] / -2 0 [5] [5] / -1 0 [5] [5]"


def ending_turn() -> State:
    return table(
        [LENA, BEN],
        phase=Phase.PLACE_DRAWN,
        held=3,
        draw=(5, 6, 7, 8, 9, 10, 11, 12, 4, 4),
        discard=(9,),
    )


def test_hard_closing_places_as_hard_where_the_quick_policy_would_end_the_round() -> None:
    state = ending_turn()
    view = view_of(state, 0)
    assert quick_action(state, random.Random(0)) == Swap(11), "the quick policy ends the round"
    careful = HardBot(breaks_stalls=False).decide(view, random.Random(0)).action
    assert careful == Swap(7), "hard keeps its last card face down"
    chosen = set()
    for key in range(12):
        # hard's stall chance (nothing else gains half a point here) comes from
        # the playout's key and the turn: each sample its own.
        hard = HardBot().decide(view, random.Random(key << 12 | state.turns)).action
        chosen.add(hard)
        cases: list[tuple[Closing | None, PlayerAction]] = [
            (None, Swap(11)),
            (hard_closing([0], key), hard),
            # Ben's round-ending choices only: Lena's stays the quick policy's.
            (hard_closing([1], key), Swap(11)),
        ]
        for closing, expected in cases:
            after = engine.apply(state, expected, player=0)
            fast = play_out_seeded(state, 1, max_turns=0, closing=closing)
            plain = play_out_plain(
                state, random.Random(1), 0, None, closing_policy(quick_action, closing)
            )
            assert fast == plain == after, (key, closing, expected)
    assert Swap(7) in chosen and len(chosen) > 1, "hard carries on, or ends a stall at random"


class Recorded:
    """hard's round-ending decisions, with every state it was asked about."""

    def __init__(self, seats: range) -> None:
        self.asked: list[State] = []
        self.hard = hard_closing(seats)
        self.closing = Closing(self.hard.seats, self.decide)

    def decide(self, state: State) -> PlayerAction:
        self.asked.append(state)
        return self.hard.decide(state)


@pytest.mark.parametrize("seed", range(3))
def test_playouts_with_hard_closing_on_lists_end_where_the_engine_does(seed: int) -> None:
    """As tests/bots/test_fast_paths.py holds the quick playouts, with every
    seat's round-ending choices hard's: the same end state and random numbers
    from the same seed, and hard asked about the same states."""
    players = 2 + seed % 3
    rules = Rules(column_rule=list(ColumnRule)[seed % 3], double_on_tie=seed % 2 == 0)
    rng = random.Random(seed)
    asked = changed = 0
    for state in positions_in_turns(seed, players, rules):
        seat = rng.randrange(players)
        sample = Sampler(view_of(state, seat), 90).sample(rng)
        turns = 30 * players
        key = rng.getrandbits(32)
        for pile in (None, sample.draw_pile):
            plain_rng, fast_rng = random.Random(key), random.Random(key)
            plain_draws = None if pile is None else TurnDraws(pile, plain_rng, turns)
            fast_draws = None if pile is None else TurnDraws(pile, fast_rng, turns)
            by_engine, on_lists, seeded = (Recorded(range(players)) for _ in range(3))
            policy = closing_policy(quick_action, by_engine.closing)
            plain = play_out_plain(sample, plain_rng, turns, plain_draws, policy)
            fast = play_out(
                sample, fast_rng, max_turns=turns, aligned=fast_draws, closing=on_lists.closing
            )
            again = play_out_seeded(sample, key, max_turns=turns, pile=pile, closing=seeded.closing)
            assert fast == plain and again == plain, (seed, pile is None)
            assert fast_rng.getstate() == plain_rng.getstate()
            assert on_lists.asked == by_engine.asked == seeded.asked
            asked += len(by_engine.asked)
            changed += plain != play_out_seeded(sample, key, max_turns=turns, pile=pile)
    assert asked > 0 and changed > 0, "hard never decided, or never differed from quick"


@pytest.mark.parametrize("seed", range(3))
def test_a_closing_that_decides_as_the_quick_policy_changes_nothing(seed: int) -> None:
    """Asking a Closing changes only the decisions it makes: one that answers
    what the quick policy chose leaves every playout's end state and random
    numbers as they were (no card drawn, shuffled or turned up differently)."""
    players = 2 + seed % 3
    rules = Rules(column_rule=list(ColumnRule)[seed % 3])
    rng = random.Random(seed)
    asked: list[State] = []

    def echo(state: State) -> PlayerAction:
        asked.append(state)
        return quick_action(state, random.Random(0))

    same = Closing(frozenset(range(players)), echo)
    for state in positions_in_turns(seed, players, rules):
        sample = Sampler(view_of(state, rng.randrange(players)), 90).sample(rng)
        for turns in (3 * players, 30 * players):
            key = rng.getrandbits(32)
            for pile in (None, sample.draw_pile):
                before, after = random.Random(key), random.Random(key)
                draws = None if pile is None else TurnDraws(pile, before, turns)
                again = None if pile is None else TurnDraws(pile, after, turns)
                quick = play_out(sample, before, max_turns=turns, aligned=draws)
                closed = play_out(sample, after, max_turns=turns, aligned=again, closing=same)
                assert closed == quick
                assert after.getstate() == before.getstate()
                seeded = play_out_seeded(sample, key, max_turns=turns, pile=pile, closing=same)
                assert seeded == play_out_seeded(sample, key, max_turns=turns, pile=pile)
    assert asked, "the closing was never asked"


def drawn_by_turn(
    sample: State, move: PlayerAction, seed: int, closing: Closing, turns: int
) -> tuple[dict[int, int], State]:
    """The card drawn from the pile in each turn of the playout after ``move``
    (keyed by turn, as the review compares), and its end state."""
    drawn: dict[int, int] = {}
    start = sample.turns

    def noting(state: State, chooser: Chooser) -> PlayerAction:
        if state.phase is Phase.PLACE_DRAWN and state.held is not None:
            drawn[state.turns - start] = state.held
        return quick_action(state, chooser)

    rng = random.Random(seed)
    after = engine.apply_unchecked(sample, move, player=sample.to_move)
    draws = TurnDraws(sample.draw_pile, rng, turns)
    end = play_out_plain(after, rng, turns, draws, closing_policy(noting, closing))
    return drawn, end


def test_two_moves_compared_with_hard_closing_meet_the_same_cards() -> None:
    """The review's two moves, each played out with hard's round-ending
    choices at every seat, draw the same card in every turn in which both draw
    (before any reshuffle): hard's decisions take no card or random number from
    the playout's."""
    state = table(
        ["1 2 0 1 / 2 1 0 3 / 1 [2] 0 [5]", BEN, "0 [4] [1] 2 / 1 [3] 3 2 / 0 [2] 1 [6]"],
        phase=Phase.PLACE_DRAWN,
        held=-1,
        draw=tuple(range(-2, 13)) * 3,
        discard=(9,),
    )
    view = view_of(state, 0)
    sampler = Sampler(view, 90)
    rng = random.Random(3)
    common = decided = 0
    for _ in range(30):
        sample = sampler.sample(rng)
        seed = rng.getrandbits(32)
        recorded = Recorded(range(3))
        ends = []
        draws = []
        for move in (Swap(3), Flip(9)):
            drawn, end = drawn_by_turn(sample, move, seed, recorded.closing, 90)
            draws.append(drawn)
            ends.append(end)
            assert end.reshuffles == 0
        both = draws[0].keys() & draws[1].keys()
        assert all(draws[0][t] == draws[1][t] for t in both)
        common += len(both)
        decided += len(recorded.asked)
    assert common > 100 and decided > 10
