"""The game review: the expert's verdict on one seat's decisions.

The hand-made records are worked out on paper: a 12 is far above what an
unseen card is worth (about 5), so taking one from the discard pile, or keeping
a drawn one, costs points whatever happens next: not the 7 it costs at once,
as the rest of the round usually replaces it (at the price of a turn), but a
point or more, an inaccuracy at least. The invariance test
changes only cards the seat never saw, so any difference in the review would
mean the review peeked."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator

import pytest

from skyjo import record
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots import Decision
from skyjo.bots.expert import ExpertBot
from skyjo.record import GameRecord, RoundRecord
from skyjo.review import Reviewer, rating, review
from skyjo.review.decisions import decision_points
from skyjo.review.rating import BUDGET, expert_moves, review_expert
from skyjo.review.report import to_json, to_text
from skyjo.state import Phase
from skyjo.steps import run_steps
from skyjo.view import PlayerView, view_of
from tests.builders import table
from tests.review.helpers import bots_game, drawn_twelve_kept, twelve_over_face_down


def test_taking_a_twelve_over_a_face_down_card_is_flagged_with_drawing_as_the_better_move() -> None:
    result = review(twelve_over_face_down(), 0)
    # Flagged, though not clear of the line (2.0 ± 0.5 points): not among the
    # costliest, but listed all the same (as uncertain).
    worst = result.flagged()[0]
    assert worst.point.played == TakeDiscard()
    assert worst.best == Draw()
    assert worst.kind == "kept_high"
    # A 12 instead of an unseen card (about 5): flagged, not a rounding error.
    assert worst.loss >= 1.0 and worst.grade.is_flagged
    # The position shown is what Lena saw: her −2 and 5 face up, the rest face down.
    assert worst.point.view.own_grid.cards[:2] == (-2, 5)
    assert worst.point.view.own_grid.cards[4] is None
    assert worst.point.view.discard_top == 12
    text = to_text(result)
    assert "Better: draw a card." in text
    assert "Played: take the 12 from the discard pile." in text


def test_keeping_a_drawn_twelve_is_flagged_with_discarding_it_as_the_better_move() -> None:
    result = review(drawn_twelve_kept(), 0)
    worst = result.costliest()[0]
    assert worst.point.played == Swap(4)
    assert isinstance(worst.best, Flip)
    assert worst.kind == "kept_high"
    assert worst.loss >= 1.0 and worst.grade.is_flagged


def _ranked_by_expert(
    monkeypatch: pytest.MonkeyPatch, moves: dict[Phase, tuple[PlayerAction, ...]]
) -> None:
    """The expert's ranking of its moves, fixed by the test for each phase."""

    def ranked(
        _expert: ExpertBot, view: PlayerView, _seed: int = 0
    ) -> Generator[None, None, tuple[PlayerAction, ...]]:
        yield
        return moves[view.phase]

    monkeypatch.setattr(rating, "expert_moves", ranked)


def test_the_move_played_is_flagged_against_the_experts_runner_up_when_that_is_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Intent (issue 23): the expert's search of 64 playouts may rank the move
    # played first where the screen finds its runner-up clearly better; that
    # loss is the expert's noise, not a good move. Here the expert "chooses"
    # taking the 12 and ranks drawing second.
    _ranked_by_expert(
        monkeypatch,
        {Phase.TURN: (TakeDiscard(), Draw()), Phase.PLACE_DISCARD: (Swap(4), Swap(2))},
    )
    taken = review(twelve_over_face_down(), 0).rated[0]
    assert taken.point.played == TakeDiscard()
    assert taken.best == Draw()
    assert taken.grade.is_flagged and taken.loss >= 1.0


def test_the_better_move_is_the_rival_the_screen_finds_best_not_the_experts_first_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Lena keeps a drawn 12 on a face-down card. The expert's first choice here
    # (the 12 on her -2) is worse than what she did; its runner-up (discard the
    # 12, turn up a card) is better: the decision is flagged against the
    # runner-up, by the loss against it.
    _ranked_by_expert(
        monkeypatch,
        {Phase.TURN: (Draw(), TakeDiscard()), Phase.PLACE_DRAWN: (Swap(0), Flip(2))},
    )
    kept = review(drawn_twelve_kept(), 0).rated[1]
    assert kept.point.played == Swap(4)
    assert kept.best == Flip(2)
    assert kept.grade.is_flagged and kept.loss >= 1.0
    assert kept.measure is not None and kept.measure.mean == pytest.approx(kept.loss, abs=0.05)


def test_a_move_no_rival_beats_on_the_screen_is_not_flagged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The expert's two best moves are no better than the one played: the 12 on
    # the -2 (7 points worse), or on the 5 (as costly as on a face-down card,
    # worth about 5). Nothing is flagged; the expert's first choice stays the
    # move shown beside the one played.
    _ranked_by_expert(
        monkeypatch,
        {Phase.TURN: (Draw(), TakeDiscard()), Phase.PLACE_DRAWN: (Swap(0), Swap(1))},
    )
    kept = review(drawn_twelve_kept(), 0).rated[1]
    assert kept.point.played == Swap(4)
    assert kept.loss == 0.0
    assert not kept.grade.is_flagged
    assert kept.best == Swap(0)


def test_a_seat_that_plays_the_experts_own_moves_loses_nothing() -> None:
    # The expert's first choice loses nothing unless the screen finds its
    # runner-up clearly better (the expert's own noise): in this game of the
    # review's expert it never does.
    class SeededExpert:
        """The expert as the review runs it (its budget, no chance of ending a
        stalling round), with the random numbers the review gives it for each view."""

        name = "expert"

        def __init__(self) -> None:
            self.expert = review_expert()

        def decide(self, view: PlayerView, rng: random.Random) -> Decision:
            if view.phase is Phase.SETUP:
                return self.expert.decide(view, rng)
            return Decision(run_steps(expert_moves(self.expert, view))[0])

    game = bots_game([SeededExpert(), "medium"], seed=5, rounds=1)
    result = review(game, 0, first=8)
    assert result.turns >= 5
    assert [r.loss for r in result.rated] == [0.0] * len(result.rated)
    assert result.costliest() == ()
    # The other seat played medium's moves: the expert disagrees somewhere.
    assert review(game, 1, first=8).points_lost > 0


def _hide_differently(game: GameRecord) -> GameRecord:
    """``game`` with the cards nobody saw in its last (unfinished) round dealt
    differently: the face-down cards that stay face down and the draw pile
    below the cards drawn, shuffled among themselves."""
    last = game.rounds[-1]
    end = record.replay(game)
    hidden = [(s, p) for s, g in enumerate(end.grids) for p in g.public.face_down]
    drawn = len(last.deal.draw) - len(end.draw_pile)
    grids = [list(g) for g in last.deal.grids]
    pool = [grids[s][p] for s, p in hidden] + list(last.deal.draw[drawn:])
    random.Random(1).shuffle(pool)
    for s, p in hidden:
        grids[s][p] = pool.pop()
    draw = last.deal.draw[:drawn] + tuple(pool)
    deal = type(last.deal)(tuple(tuple(g) for g in grids), last.deal.discard, draw)
    rounds = (*game.rounds[:-1], RoundRecord(deal, last.moves, last.pending))
    return GameRecord(game.rules, game.players, rounds, game.extra)


def test_cards_the_seat_never_saw_do_not_change_the_review() -> None:
    game = bots_game(["medium", "hard", "easy"], seed=11, rounds=1, moves_after=40)
    other = _hide_differently(game)
    assert record.replay(game).phase is not Phase.DEAL  # the last round is unfinished
    assert other.rounds[-1].deal != game.rounds[-1].deal
    assert Counter(other.rounds[-1].deal.cards()) == Counter(game.rounds[-1].deal.cards())
    for seat in (0, 1):
        assert to_json(review(game, seat, first=8)) == to_json(review(other, seat, first=8))


def test_the_review_is_the_same_every_time_and_in_slices() -> None:
    game = bots_game(["easy", "medium"], seed=3, rounds=1)
    whole = to_json(review(game, 0, first=8))
    reviewer = Reviewer(game, 0, first=8)
    progress = [reviewer.done]
    while reviewer.step():
        progress.append(reviewer.done)
    assert progress == sorted(progress)
    assert progress[-1] == reviewer.total == len(decision_points(game, 0))
    assert to_json(reviewer.result()) == whole


def test_a_summary_counts_turns_losses_and_kinds() -> None:
    result = review(bots_game(["easy", "hard"], seed=8, rounds=2), 0, first=16)
    data = to_json(result)
    assert data["turns"] == result.turns > 0
    assert abs(data["per_turn"] - result.points_lost / result.turns) < 0.01
    assert sum(data["kinds"].values()) == sum(1 for r in result.rated if r.is_flagged)
    assert 1 <= len(data["costliest"]) <= 5
    losses = [d["points_lost"] for d in data["costliest"]]
    assert losses == sorted(losses, reverse=True)
    assert all(len(d["view"]["grid"]) == 12 and d["reason"] for d in data["costliest"])


def test_setup_flips_and_forced_moves_are_not_rated() -> None:
    points = decision_points(twelve_over_face_down(), 0)
    # Only Lena's turn: the take and the placement (her setup flips are not rated).
    assert [p.played for p in points] == [TakeDiscard(), Swap(4)]
    assert decision_points(twelve_over_face_down(), 1) == ()


def test_the_expert_thinking_in_steps_decides_as_it_does_at_once() -> None:
    # The review runs the expert in steps; the decisions must be the expert's own.
    game = bots_game(["hard", "medium"], seed=9, rounds=1)
    paused = 0
    for point in decision_points(game, 0):
        whole = ExpertBot().decide(point.view, random.Random(7))
        steps = ExpertBot().decide_in_steps(point.view, random.Random(7))
        while True:
            try:
                next(steps)
                paused += 1
            except StopIteration as done:
                assert done.value == whole
                break
    assert paused > 0  # some decisions were searched, in several steps


def test_the_review_never_calls_ending_a_stalled_round_into_a_doubling_best() -> None:
    # Intent (issue 23): hard ends a stalling round at random (1 in 4), lest two
    # careful bots swap cards for ever; the review's expert must not inherit
    # that chance, or ending into a sure doubling is "the expert's move" and the
    # decision is called fine. Lena holds a drawn 12: every placement that keeps
    # the round going loses points (a stall), and ending it (her last face-down
    # card) doubles her 38 against Jonas's few points.
    mine = "3 4 3 4 / 4 3 4 3 / 3 4 3 [9]"
    theirs = "0 -1 0 1 / 1 0 -1 0 / 0 1 0 [2]"
    view = view_of(table([mine, theirs], phase=Phase.PLACE_DRAWN, held=12), 0)
    ending = {Flip(11), Swap(11)}
    judge = review_expert()
    for seed in range(12):
        assert run_steps(expert_moves(judge, view, seed))[0] not in ending, seed
    # The expert as a player does end it, now and then: the position is a stall.
    player = ExpertBot(BUDGET)
    assert any(player.decide(view, random.Random(s)).action in ending for s in range(40))
