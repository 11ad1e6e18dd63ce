"""The rules: which actions are legal, and what an action does.

The vocabulary follows OpenSpiel: :func:`current_player`, :func:`legal_actions`,
:func:`apply` (checked: raises :class:`IllegalActionError` and changes nothing),
:func:`apply_unchecked` (the fast path for search; it trusts its caller) and
:func:`step` (checked, and also returns the events the action caused).

Chance is an ordinary node: a state in phase ``DEAL``, or a turn that starts with
an empty draw pile, waits for a :class:`Deal` or :class:`Reshuffle` outcome, chosen
by :func:`chance_outcome` from an injected ``random.Random`` or given explicitly
(a record's deal). Nothing here uses global randomness.
"""

from __future__ import annotations

import functools
import random

from skyjo import scoring
from skyjo.actions import (
    DRAW,
    FLIPS,
    SWAPS,
    TAKE_DISCARD,
    Action,
    ChanceAction,
    Deal,
    Draw,
    Flip,
    PlayerAction,
    Reshuffle,
    Swap,
    TakeDiscard,
)
from skyjo.cards import (
    COLUMNS,
    DECK_SIZE,
    GRID_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    column_positions,
    deck_counter,
    full_deck,
)
from skyjo.errors import IllegalActionError
from skyjo.events import (
    CardDiscarded,
    CardFlipped,
    CardRevealed,
    CardSwapped,
    CardTaken,
    ColumnRemoved,
    Event,
    GameEnded,
    PilesReshuffled,
    RoundDealt,
    RoundEnding,
    RoundScored,
    SetupDone,
)
from skyjo.rules import Rules
from skyjo.state import CHANCE, Grid, Phase, RoundResult, State

Events = list[Event] | None


def new_game(num_players: int, rules: Rules | None = None) -> State:
    """A game before its first deal (a chance node)."""
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"the number of players must be an integer, not {num_players!r}")
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Skyjo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players}")
    return State(rules=rules or Rules(), num_players=num_players, totals=(0,) * num_players)


# --- who acts -------------------------------------------------------------------


def needs_reshuffle(state: State) -> bool:
    """A turn starts with an empty draw pile: the discard pile (minus its top card)
    must be shuffled into a new draw pile before the player chooses."""
    return state.phase is Phase.TURN and not state.draw_pile and len(state.discard_pile) > 1


def is_chance_node(state: State) -> bool:
    return state.phase is Phase.DEAL or needs_reshuffle(state)


def current_player(state: State) -> int | None:
    """The seat that acts next, :data:`CHANCE` at a chance node, None when the game is over.

    In setup every player with a card left to turn up may act, in any order; this
    returns the lowest such seat, the order a driver without preference uses."""
    phase = state.phase
    if phase is Phase.TURN:
        # needs_reshuffle, inline: every step of every game asks who acts.
        if not state.draw_pile and len(state.discard_pile) > 1:
            return CHANCE
        return state.to_move
    if phase is Phase.DEAL:
        return CHANCE
    if phase is Phase.SETUP:
        for seat, flips in enumerate(state.setup_flips):
            if flips < 2:
                return seat
        return None
    return state.to_move


def players_to_act(state: State) -> tuple[int, ...]:
    """Every seat that may act now (several in setup, one in a turn, none otherwise)."""
    if state.phase is Phase.SETUP:
        return state.setup_pending()
    if state.phase is Phase.GAME_OVER or is_chance_node(state) or state.to_move is None:
        return ()
    return (state.to_move,)


def legal_actions(state: State, player: int | None = None) -> tuple[PlayerAction, ...]:
    """The actions ``player`` (default: :func:`current_player`) may take now.

    Empty for a player who may not act, at chance nodes and when the game is over."""
    # By phase, the most frequent first: every decision of every bot asks this.
    phase = state.phase
    if phase is Phase.TURN:
        if player is not None and player != state.to_move:
            return ()
        if state.draw_pile:
            return _TAKE_OR_DRAW if state.discard_pile else _DRAW_ONLY
        if len(state.discard_pile) > 1:
            return ()  # a reshuffle (chance) comes first
        return _TAKE_ONLY if state.discard_pile else ()
    if phase is Phase.PLACE_DRAWN or phase is Phase.PLACE_DISCARD:
        if player is None:
            player = state.to_move
        if player is None or player != state.to_move:
            return ()
        grid = state.grids[player].public
        return _placements(grid.present, grid.face_down if phase is Phase.PLACE_DRAWN else ())
    if phase is Phase.SETUP:
        if player is None:
            player = current_player(state)
        if player is None or not 0 <= player < state.num_players:
            return ()
        if state.setup_flips[player] >= 2:
            return ()
        return _placements((), state.grids[player].public.face_down)
    return ()


@functools.cache
def _placements(present: tuple[int, ...], face_down: tuple[int, ...]) -> tuple[PlayerAction, ...]:
    """Swaps into ``present`` then flips of ``face_down``: where a card in hand may
    go (or, with no swaps, which card a setup flip may turn). Cached, since
    layouts repeat (at most 16 x 4096 of them, far fewer are ever met)."""
    return tuple([SWAPS[p] for p in present] + [FLIPS[p] for p in face_down])


_TAKE_OR_DRAW: tuple[PlayerAction, ...] = (TAKE_DISCARD, DRAW)
_TAKE_ONLY: tuple[PlayerAction, ...] = (TAKE_DISCARD,)
_DRAW_ONLY: tuple[PlayerAction, ...] = (DRAW,)


# --- chance ---------------------------------------------------------------------


def random_deal(num_players: int, rng: random.Random) -> Deal:
    """Shuffle the whole deck with ``rng`` and deal it."""
    deck = list(full_deck())
    rng.shuffle(deck)
    grids = tuple(tuple(deck[i * GRID_SIZE : (i + 1) * GRID_SIZE]) for i in range(num_players))
    rest = deck[num_players * GRID_SIZE :]
    return Deal(grids, rest[0], tuple(rest[1:]))


def chance_outcome(state: State, rng: random.Random) -> ChanceAction:
    """A random outcome for the chance node ``state``, drawn from ``rng``."""
    if state.phase is Phase.DEAL:
        return random_deal(state.num_players, rng)
    if needs_reshuffle(state):
        cards = list(state.discard_pile[:-1])
        rng.shuffle(cards)
        return Reshuffle(tuple(cards))
    raise IllegalActionError(f"no chance outcome is due in phase {state.phase.value}")


# --- checking -------------------------------------------------------------------


def _illegal(state: State, player: int | None, action: Action, reason: str) -> IllegalActionError:
    who = "chance" if player in (None, CHANCE) else f"player {player}"
    return IllegalActionError(
        f"illegal action '{action}' for {who} in round {state.round_number}, "
        f"phase {state.phase.value}: {reason}"
    )


def check(state: State, action: Action, *, player: int | None = None) -> None:
    """Raise :class:`IllegalActionError` saying why, unless ``action`` is legal."""
    if state.phase is Phase.GAME_OVER:
        raise _illegal(state, player, action, "the game is over")
    if isinstance(action, Deal | Reshuffle):
        _check_chance(state, action, player)
        return
    if state.phase is Phase.DEAL:
        raise _illegal(state, player, action, "the round has not been dealt yet")
    if needs_reshuffle(state):
        raise _illegal(
            state,
            player,
            action,
            "the draw pile is empty: the discard pile must be reshuffled first",
        )
    acting = current_player(state) if player is None else player
    if acting is None or not 0 <= acting < state.num_players:
        raise _illegal(state, acting, action, f"there is no seat {acting} at this table")
    if state.phase is Phase.SETUP:
        _check_setup(state, action, acting)
        return
    if acting != state.to_move:
        raise _illegal(state, acting, action, f"it is player {state.to_move}'s turn")
    grid = state.grids[acting]
    phase = state.phase
    if phase is Phase.TURN:
        if isinstance(action, Draw) and not state.draw_pile:
            raise _illegal(state, acting, action, "the draw pile is empty")
        if not isinstance(action, TakeDiscard | Draw):
            raise _illegal(
                state, acting, action, "a turn starts by taking the discard pile's card or drawing"
            )
        return
    if isinstance(action, Swap):
        if grid.removed[action.position]:
            raise _illegal(state, acting, action, "that column has been removed")
        return
    if isinstance(action, Flip):
        if phase is Phase.PLACE_DISCARD:
            raise _illegal(
                state,
                acting,
                action,
                "a card taken from the discard pile must be swapped into the grid; "
                "it cannot be discarded again",
            )
        if not grid.is_face_down(action.position):
            raise _illegal(state, acting, action, "that card is not face down")
        return
    raise _illegal(
        state, acting, action, "the player holds a card: swap it (or discard a drawn card and flip)"
    )


def _check_setup(state: State, action: Action, player: int) -> None:
    if not isinstance(action, Flip):
        raise _illegal(state, player, action, "in setup every player turns up two cards ('flip N')")
    if state.setup_flips[player] >= 2:
        raise _illegal(state, player, action, "this player has already turned up two cards")
    if not state.grids[player].is_face_down(action.position):
        raise _illegal(state, player, action, "that card is already face up")


def _check_chance(state: State, action: Deal | Reshuffle, player: int | None) -> None:
    if player not in (None, CHANCE):
        raise _illegal(state, player, action, "deals and reshuffles are chance outcomes, not moves")
    if isinstance(action, Deal):
        if state.phase is not Phase.DEAL:
            raise _illegal(state, player, action, "a new round may only follow a finished one")
        _check_deal(state, action)
        return
    if not needs_reshuffle(state):
        raise _illegal(
            state, player, action, "a reshuffle is only allowed when the draw pile is empty"
        )
    expected = sorted(state.discard_pile[:-1])
    if sorted(action.order) != expected:
        raise _illegal(
            state,
            player,
            action,
            f"a reshuffle must hold exactly the discard pile minus its top card "
            f"({len(expected)} cards: {expected})",
        )


def deal_problem(deal: Deal, num_players: int) -> str | None:
    """Why ``deal`` is not a valid deal for ``num_players``, or None."""
    if len(deal.grids) != num_players:
        return f"the deal has {len(deal.grids)} grids for {num_players} players"
    for p, grid in enumerate(deal.grids):
        if len(grid) != GRID_SIZE:
            return f"player {p}'s grid has {len(grid)} cards, not {GRID_SIZE}"
    cards = deal.cards()
    if any(isinstance(v, bool) or not isinstance(v, int) for v in cards):
        return "every card must be an integer"
    if len(cards) != DECK_SIZE:
        return f"the deal holds {len(cards)} cards, not the full deck of {DECK_SIZE}"
    counts = deck_counter()
    counts.subtract(cards)
    wrong = {v: -n for v, n in counts.items() if n}
    if wrong:
        detail = ", ".join(
            f"{n:+d} × {v}" if v in deck_counter() else f"{n} × {v} (no such card)"
            for v, n in sorted(wrong.items())
        )
        return f"the deal is not the 150-card deck ({detail} compared with the deck)"
    return None


def _check_deal(state: State, deal: Deal) -> None:
    problem = deal_problem(deal, state.num_players)
    if problem:
        raise _illegal(state, CHANCE, deal, problem)


# --- applying -------------------------------------------------------------------


def apply(state: State, action: Action, *, player: int | None = None) -> State:
    """The state after ``player`` (default: the current player) takes ``action``.

    Raises :class:`IllegalActionError` if the rules forbid it; ``state`` itself is
    never changed."""
    check(state, action, player=player)
    return _apply(state, action, _acting(state, action, player), None)


def step(
    state: State, action: Action, *, player: int | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also return the events the action caused."""
    check(state, action, player=player)
    events: list[Event] = []
    new = _apply(state, action, _acting(state, action, player), events)
    return new, tuple(events)


def apply_unchecked(state: State, action: Action, *, player: int | None = None) -> State:
    """The fast path for search: like :func:`apply` but without checking legality.

    Only pass actions taken from :func:`legal_actions` or :func:`chance_outcome`;
    anything else can build a state that breaks the rules."""
    return _apply(state, action, _acting(state, action, player), None)


def _acting(state: State, action: Action, player: int | None) -> int:
    kind = type(action)
    if kind is Deal or kind is Reshuffle:
        return CHANCE
    if player is not None:
        return player
    acting = current_player(state)
    assert acting is not None
    return acting


def _apply(state: State, action: Action, player: int, events: Events) -> State:
    # Dispatch on the exact class (actions are final): cheaper than a chain of
    # isinstance checks, and this runs for every action of every game.
    kind = type(action)
    if kind is Swap or kind is Flip:
        assert isinstance(action, Swap | Flip)
        if state.phase is Phase.SETUP:
            return _setup_flip(state, player, action.position, events)
        return _place(state, action, player, events)
    if kind is Draw:
        card = state.draw_pile[-1]
        if events is not None:
            events.append(CardTaken(player, "draw", card))
        return _in_turn(
            state,
            Phase.PLACE_DRAWN,
            state.grids,
            state.draw_pile[:-1],
            state.discard_pile,
            state.to_move,
            state.finisher,
            card,
            state.turns,
        )
    if kind is TakeDiscard:
        card = state.discard_pile[-1]
        if events is not None:
            events.append(CardTaken(player, "discard", card))
        return _in_turn(
            state,
            Phase.PLACE_DISCARD,
            state.grids,
            state.draw_pile,
            state.discard_pile[:-1],
            state.to_move,
            state.finisher,
            card,
            state.turns,
        )
    if isinstance(action, Deal):
        return _deal(state, action, events)
    if isinstance(action, Reshuffle):
        return _reshuffle(state, action, events)
    raise TypeError(f"not a Skyjo action: {action!r}")


def _place(state: State, action: Swap | Flip, player: int, events: Events) -> State:
    """The second half of a turn: the card in hand is swapped in, or (drawn) thrown
    away while a face-down card is turned up."""
    held = state.held
    assert held is not None
    grid = state.grids[player]
    pos = action.position
    if type(action) is Swap:
        card_out = grid.values[pos]
        if events is not None:
            events.append(CardSwapped(player, pos, held, card_out, grid.face_up[pos]))
        grid = grid.with_face_up(pos, held)
        discard = (*state.discard_pile, card_out)
    else:
        if events is not None:
            events.append(CardDiscarded(player, held))
            events.append(CardFlipped(player, pos, grid.values[pos]))
        grid = grid.with_face_up(pos, grid.values[pos])
        discard = (*state.discard_pile, held)
    column = pos % COLUMNS
    up = grid.face_up
    # Checked here first: a column with a face-down card (the common case) stays.
    if up[column] and up[column + COLUMNS] and up[column + 2 * COLUMNS]:
        grid, discard = _remove_column(state.rules, player, grid, column, discard, events)
    grids = list(state.grids)
    grids[player] = grid
    return _end_turn(state, player, tuple(grids), discard, events)


def _in_turn(
    state: State,
    phase: Phase,
    grids: tuple[Grid, ...],
    draw_pile: tuple[int, ...],
    discard_pile: tuple[int, ...],
    to_move: int | None,
    finisher: int | None,
    held: int | None,
    turns: int,
) -> State:
    """``state`` with what a step within a round changes. Written out rather than
    ``state._replace``, which costs several times as much: turns are the engine's
    hot path (the simulator and the expert's playouts take millions)."""
    return State(
        state.rules,
        state.num_players,
        phase,
        state.round_number,
        grids,
        draw_pile,
        discard_pile,
        to_move,
        finisher,
        held,
        state.setup_flips,
        state.totals,
        state.results,
        state.starter,
        turns,
        state.reshuffles,
        state.winners,
    )


def _with(grids: tuple[Grid, ...], player: int, grid: Grid) -> tuple[Grid, ...]:
    return (*grids[:player], grid, *grids[player + 1 :])


def _remove_column(
    rules: Rules,
    player: int,
    grid: Grid,
    column: int,
    discard: tuple[int, ...],
    events: Events,
) -> tuple[Grid, tuple[int, ...]]:
    """Remove ``column`` if it shows three equal face-up cards and the rules remove
    that value; its cards go onto the discard pile (after the card given away)."""
    value = grid.completed_column_value(column)
    if value is None or not rules.removes_column(value):
        return grid, discard
    removed = list(grid.removed)
    for p in column_positions(column):
        removed[p] = True
    if events is not None:
        events.append(ColumnRemoved(player, column, value))
    return Grid.of(grid.values, grid.face_up, tuple(removed)), (*discard, value, value, value)


def _deal(state: State, deal: Deal, events: Events) -> State:
    n = state.num_players
    if events is not None:
        events.append(RoundDealt(state.round_number + 1, deal.discard))
    return state._replace(
        phase=Phase.SETUP,
        round_number=state.round_number + 1,
        grids=tuple(Grid.of(tuple(g)) for g in deal.grids),
        draw_pile=tuple(reversed(deal.draw)),
        discard_pile=(deal.discard,),
        to_move=None,
        finisher=None,
        held=None,
        setup_flips=(0,) * n,
        starter=None,
        turns=0,
        reshuffles=0,
    )


def _reshuffle(state: State, action: Reshuffle, events: Events) -> State:
    if events is not None:
        events.append(PilesReshuffled(len(action.order)))
    return state._replace(
        draw_pile=tuple(reversed(action.order)),
        discard_pile=state.discard_pile[-1:],
        reshuffles=state.reshuffles + 1,
    )


def _setup_flip(state: State, player: int, position: int, events: Events) -> State:
    grid = state.grids[player]
    if events is not None:
        events.append(CardFlipped(player, position, grid.values[position]))
    grids = _with(state.grids, player, grid.with_face_up(position, grid.values[position]))
    flips = (
        *state.setup_flips[:player],
        state.setup_flips[player] + 1,
        *state.setup_flips[player + 1 :],
    )
    if min(flips) < 2:
        return state._replace(grids=grids, setup_flips=flips)
    if state.results:
        starter = state.results[-1].finisher
    else:
        starter = scoring.first_round_starter([g.visible_sum() for g in grids])
    if events is not None:
        events.append(SetupDone(starter))
    return state._replace(
        grids=grids, setup_flips=flips, phase=Phase.TURN, to_move=starter, starter=starter
    )


def _end_turn(
    state: State, player: int, grids: tuple[Grid, ...], discard: tuple[int, ...], events: Events
) -> State:
    """The state after ``player`` placed a card: the next player's turn, or the
    round's end once everyone has had their turn after the finisher."""
    finisher = state.finisher
    if finisher is None and not grids[player].has_face_down():
        finisher = player
        if events is not None:
            events.append(RoundEnding(player))
    following = (player + 1) % state.num_players
    if finisher is not None and following == finisher:
        ended = state._replace(
            grids=grids,
            discard_pile=discard,
            held=None,
            finisher=finisher,
            turns=state.turns + 1,
        )
        return _end_round(ended, finisher, events)
    return _in_turn(
        state,
        Phase.TURN,
        grids,
        state.draw_pile,
        discard,
        following,
        finisher,
        None,
        state.turns + 1,
    )


def _end_round(state: State, finisher: int, events: Events) -> State:
    """Turn up every remaining card, remove completed columns again, score."""
    grids = list(state.grids)
    discard = state.discard_pile
    for p, grid in enumerate(grids):
        hidden = grid.face_down_positions()
        if not hidden:
            continue
        if events is not None:
            events.extend(CardRevealed(p, pos, grid.values[pos]) for pos in hidden)
        face_up = tuple(up or pos in hidden for pos, up in enumerate(grid.face_up))
        grid = Grid.of(grid.values, face_up, grid.removed)
        for column in range(COLUMNS):
            grid, discard = _remove_column(state.rules, p, grid, column, discard, events)
        grids[p] = grid
    raw = tuple(g.total() for g in grids)
    verdict = scoring.judge_finisher(raw, finisher, state.rules)
    points = tuple(2 * v if p == finisher and verdict.doubled else v for p, v in enumerate(raw))
    result = RoundResult(finisher, raw, points, verdict.doubled)
    totals = tuple(t + v for t, v in zip(state.totals, points, strict=True))
    if events is not None:
        events.append(RoundScored(result, verdict, totals))
    over = scoring.is_game_over(totals, state.rules)
    won = scoring.winners(totals) if over else ()
    if over and events is not None:
        events.append(GameEnded(won, totals))
    return state._replace(
        grids=tuple(grids),
        discard_pile=discard,
        phase=Phase.GAME_OVER if over else Phase.DEAL,
        to_move=None,
        totals=totals,
        results=(*state.results, result),
        winners=won,
    )
