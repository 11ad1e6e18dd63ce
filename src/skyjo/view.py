"""What one player may see, and hidden-card sampling for search bots.

A :class:`PlayerView` holds no face-down value and no draw-pile order, so a bot
given only a view cannot cheat however it is written (boardgame.io's
``playerView``). Search bots that need a full :class:`State` to simulate call
:func:`sample_state`, which deals the unseen cards at random in a way consistent
with everything the view shows (determinization).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from skyjo import engine
from skyjo.actions import PlayerAction
from skyjo.cards import GRID_SIZE, deck_counter
from skyjo.rules import Rules
from skyjo.state import Grid, GridView, Phase, RoundResult, State

__all__ = ["GridView", "PlayerView", "sample_state", "view_of"]


class PlayerView(NamedTuple):
    """Everything ``seat`` may know at one moment, and what it may do.

    ``held`` is the card in the hand of the player on turn when the viewer may see
    it: always when it came from the discard pile, only to the drawer when it was
    drawn. ``discard_pile`` is the whole pile, top card last (every card in it was
    seen face up).

    Immutable; a named tuple (like :class:`~skyjo.state.State`) because one is
    built for every decision of every bot."""

    seat: int
    rules: Rules
    num_players: int
    phase: Phase
    round_number: int
    to_move: int | None
    finisher: int | None
    grids: tuple[GridView, ...]
    discard_pile: tuple[int, ...]
    draw_count: int
    held: int | None
    held_hidden: bool
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    legal_actions: tuple[PlayerAction, ...]

    @property
    def own_grid(self) -> GridView:
        return self.grids[self.seat]

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def unseen_cards(self) -> Counter[int]:
        """The multiset of cards this player has not seen: the face-down cards of all
        grids, the draw pile and a card drawn by someone else, all mixed."""
        unseen = deck_counter()
        seen: list[int] = [*self.discard_pile]
        for grid in self.grids:
            seen.extend(
                v for p, v in enumerate(grid.cards) if v is not None and not grid.removed[p]
            )
        if self.held is not None:
            seen.append(self.held)
        unseen.subtract(seen)
        return +unseen


def view_of(state: State, seat: int) -> PlayerView:
    """The part of ``state`` that ``seat`` may see."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"there is no seat {seat} at a {state.num_players}-player table")
    held = state.held
    phase = state.phase
    hidden = held is not None and phase is Phase.PLACE_DRAWN and state.to_move != seat
    # Positional, in field order: a view is built for every decision of every bot.
    return PlayerView(
        seat,
        state.rules,
        state.num_players,
        phase,
        state.round_number,
        state.to_move,
        state.finisher,
        tuple([g.public for g in state.grids]),
        state.discard_pile,
        len(state.draw_pile),
        None if hidden else held,
        hidden,
        state.totals,
        state.results,
        engine.legal_actions(state, seat),
    )


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state consistent with ``view``: the unseen cards dealt at random to
    the face-down positions, the draw pile and (if hidden) the drawn card.

    Setup-flip counts and the starter are not part of a view; the sample assumes
    setup is over unless the view's phase says otherwise."""
    pool = list(view.unseen_cards().elements())
    rng.shuffle(pool)
    grids: list[Grid] = []
    for g in view.grids:
        values = tuple(
            pool.pop() if v is None and not g.removed[p] else (v if v is not None else 0)
            for p, v in enumerate(g.cards)
        )
        face_up = tuple(v is not None for v in g.cards)
        grids.append(Grid.of(values, face_up, g.removed))
    held = view.held
    if view.held_hidden:
        held = pool.pop()
    setup_flips = tuple(
        min(2, sum(1 for p in range(GRID_SIZE) if g.cards[p] is not None)) for g in view.grids
    )
    return completed_state(view, grids, pool, held, setup_flips)


def completed_state(
    view: PlayerView,
    grids: Sequence[Grid],
    draw_pile: Sequence[int],
    held: int | None,
    setup_flips: tuple[int, ...],
) -> State:
    """The full state ``view`` shows, with its hidden parts (the grids' face-down
    cards, the draw pile, a held card) as given: one place that knows which of a
    state's fields a view carries, for every sampler."""
    return State(
        rules=view.rules,
        num_players=view.num_players,
        phase=view.phase,
        round_number=view.round_number,
        grids=tuple(grids),
        draw_pile=tuple(draw_pile),
        discard_pile=view.discard_pile,
        to_move=view.to_move,
        finisher=view.finisher,
        held=held,
        setup_flips=setup_flips,
        totals=view.totals,
        results=view.results,
    )
