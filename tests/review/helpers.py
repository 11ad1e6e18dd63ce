"""Records for the review's tests: one built by hand, and games bots play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from skyjo import engine
from skyjo.actions import Deal, Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots import Bot, ask, make_bot
from skyjo.bots.base import Reason
from skyjo.cards import full_deck
from skyjo.game import Game
from skyjo.record import GameRecord, RecordBuilder
from skyjo.review.decisions import decision_points
from skyjo.review.facts import seat_facts
from skyjo.review.grades import grade
from skyjo.review.judge import Comparison
from skyjo.review.rating import Rated, Review
from skyjo.rules import Rules
from skyjo.state import Phase, State


def deal_with(grids: Sequence[Sequence[int]], discard: int) -> Deal:
    """A legal deal: these grids and discard card, the rest of the deck drawn in
    a fixed order."""
    rest = Counter(full_deck())
    rest.subtract([v for g in grids for v in g] + [discard])
    draw = tuple(sorted(rest.elements(), key=lambda v: (v * 7) % 13))
    return Deal(tuple(tuple(g) for g in grids), discard, draw)


def hand_made(actions: Sequence[tuple[int, PlayerAction]], deal: Deal) -> GameRecord:
    """The record of ``deal`` followed by ``actions`` (seat, action), each checked."""
    builder = RecordBuilder(Rules(), ["Lena", "Jonas"])
    state = engine.apply(engine.new_game(2), deal)
    builder.add(-1, deal)
    for seat, action in actions:
        state = engine.apply(state, action, player=seat)
        builder.add(seat, action)
    return builder.record()


#: Lena (seat 0) turns up a −2 (top of column 1) and a 5; Jonas a −1 and a 0, so
#: Lena starts, facing a 12 on the discard pile.
LENA = [-2, 5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
JONAS = [-1, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
SETUP: list[tuple[int, PlayerAction]] = [(0, Flip(0)), (0, Flip(1)), (1, Flip(0)), (1, Flip(1))]


def twelve_over_face_down() -> GameRecord:
    """Lena takes the 12 from the discard pile and puts it on the face-down card
    under her −2 (row 2, column 1)."""
    return hand_made([*SETUP, (0, TakeDiscard()), (0, Swap(4))], deal_with([LENA, JONAS], 12))


#: A game whose review of seat 0 (seed 0) has one flag clear of the inaccuracy
#: line and one uncertain (about 1.7 points lost): the browser test's.
UNCERTAIN_FLAG = Path(__file__).resolve().parent / "records" / "uncertain_flag.json"

#: "could be less" in each language: what says a loss is uncertain.
COULD_BE_LESS = {
    "en": "could be less",
    "de": "vielleicht weniger",
    "fr": "peut-être moins",
    "es": "quizá menos",
    "it": "forse meno",
    "nl": "misschien minder",
}


def measured_take(loss: float, se: float) -> Rated:
    """A verdict made by hand: Lena's take of the 12 (:func:`twelve_over_face_down`)
    as if its loss were measured at ``loss`` points with standard error ``se``."""
    point = decision_points(twelve_over_face_down(), 0)[0]
    comparison = Comparison(512, loss, se, None, 1.0, (0.0, 0.0))
    graded = grade(loss, best=False)
    if not graded.is_flagged:
        return Rated(point, Draw(), loss, graded, comparison, comparison)
    why = Reason("review.reason.simulated_end", {"loss": loss})
    return Rated(point, Draw(), loss, graded, comparison, comparison, "kept_high", why)


def review_of(*rated: Rated) -> Review:
    """A review of Lena's seat in :func:`twelve_over_face_down` with these verdicts."""
    game = twelve_over_face_down()
    return Review(0, game.names, rated, seat_facts(game, 0))


def drawn_twelve_kept() -> GameRecord:
    """Lena draws (a 12, the draw pile's top card here) and keeps it on the
    face-down card under her −2."""
    deal = deal_with([LENA, JONAS], 3)
    twelve_first = (12, *_without_one(deal.draw, 12))
    deal = Deal(deal.grids, deal.discard, twelve_first)
    return hand_made([*SETUP, (0, Draw()), (0, Swap(4))], deal)


def _without_one(cards: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = cards.index(value)
    return cards[:i] + cards[i + 1 :]


def bots_game(
    players: Sequence[Bot | str], *, seed: int, rounds: int, moves_after: int = 0
) -> GameRecord:
    """A game the bots play for ``rounds`` whole rounds, then ``moves_after``
    more engine steps of the next round (an unfinished game)."""
    bots = [make_bot(p) if isinstance(p, str) else p for p in players]
    game = Game([f"Seat {i}" for i in range(len(bots))], Rules(), seed=seed)
    rng = random.Random(seed)
    extra = 0
    while not game.state.is_terminal:
        if len(game.state.results) >= rounds:
            if extra >= moves_after or game.state.phase is Phase.DEAL:
                break
            extra += 1
        seat = game.current_player()
        game.play(ask(bots[seat], game.view(seat), rng).action, player=seat)
    return game.record()


def flip_next(state: State, seat: int) -> PlayerAction:
    """Discard the drawn card and turn up the first face-down card."""
    return Flip(state.grids[seat].public.face_down[0])


def scripted(
    deals: Sequence[Deal],
    place: Callable[[State, int], PlayerAction] = flip_next,
    *,
    setup: tuple[int, int] = (0, 1),
    rules: Rules | None = None,
) -> GameRecord:
    """Lena and Jonas play a round of each of ``deals`` to its end: both turn up
    the ``setup`` positions, then every turn each draws and places the drawn
    card by ``place``. Both turn a card a turn, so whoever starts ends the round
    (the first round: the higher two cards turned up)."""
    rules = rules or Rules(target=1000)
    builder = RecordBuilder(rules, ["Lena", "Jonas"])
    state = engine.new_game(2, rules)

    def play(seat: int, action: PlayerAction) -> None:
        nonlocal state
        state = engine.apply(state, action, player=seat)
        builder.add(seat, action)

    for deal in deals:
        state = engine.apply(state, deal)
        builder.add(-1, deal)
        for seat in (0, 1):
            for position in setup:
                play(seat, Flip(position))
        while state.phase is Phase.TURN:
            mover = state.to_move
            assert mover is not None
            play(mover, Draw())
            play(mover, place(state, mover))
    return builder.record()


def with_draw(deal: Deal, *top: int) -> Deal:
    """``deal`` with the cards ``top`` at the top of its draw pile (first drawn first)."""
    rest = list(deal.draw)
    for card in top:
        rest.remove(card)
    return Deal(deal.grids, deal.discard, (*top, *rest))
