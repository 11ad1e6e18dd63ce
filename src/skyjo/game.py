"""A game in progress: the current state, its record, and chance from a seeded rng.

:class:`Game` is the small mutable shell around the immutable engine that the web
page, the simulator and the command line share. It resolves chance nodes itself
(deals and reshuffles come from its ``random.Random``), records every action, and
hands back the events of each step so callers can animate or log them. A
player's last turn can be taken back (:meth:`Game.take_back`, the game page's Undo)
while nothing it showed would be hidden again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from skyjo import engine
from skyjo.actions import Action, Deal, Draw, PlayerAction, TakeDiscard
from skyjo.cards import position_name
from skyjo.errors import IllegalActionError
from skyjo.events import Event
from skyjo.record import (
    GameRecord,
    Move,
    PendingTake,
    RecordBuilder,
    TakenBack,
    TurnMove,
    move_actions,
    replay_steps,
)
from skyjo.rules import Rules
from skyjo.state import CHANCE, Phase, State
from skyjo.view import PlayerView, view_of


def round_hook(bot: object) -> Callable[[int, int, Rules], None] | None:
    """``bot.new_round`` if the bot has one, else None (looked up once per bot,
    not once per round). Here rather than in :mod:`skyjo.bots.base` because a
    game tells its bots of each round, and the engine's modules import no bot."""
    hook = getattr(bot, "new_round", None)
    return hook if callable(hook) else None


class NoTakeBack(StrEnum):
    """Why a player's last turn cannot be taken back now (see :meth:`Game.take_back`)."""

    #: The round is over (or the game): its moves stand.
    ROUND_OVER = "round over"
    #: The player holds a card: it is placed first (the discard pile's can be put back).
    HOLDING = "holding"
    #: The player has no turn in the round in play (the opening flips are no turns).
    NO_TURN = "no turn"
    #: The turn turned up a card (a face-down card swapped away, or one turned over).
    SEEN = "seen"
    #: The turn came before a take-back of this round: what came before one stands.
    EARLIER = "earlier"


class Game:
    """One game: ``state`` is the truth; ``play`` is the only way to change it."""

    def __init__(
        self,
        players: Sequence[str | Mapping[str, Any]],
        rules: Rules | None = None,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        pause_between_rounds: bool = False,
    ) -> None:
        self._start(players, rules, rng=rng, seed=seed, pause=pause_between_rounds)
        self.opening_events = self._resolve(deal=True)

    @classmethod
    def from_record(
        cls, record: GameRecord, *, seed: int | None = None, pause_between_rounds: bool = False
    ) -> Game:
        """Continue a recorded game; later chance outcomes come from ``seed``.

        Every move is checked once, by :func:`skyjo.record.replay_steps`, so an invalid
        record raises :class:`RecordError` naming its round and move, exactly as
        ``python -m skyjo replay`` would; the game's own record is rebuilt from the
        same moves."""
        game = cls.__new__(cls)
        game._start(
            list(record.players), record.rules, rng=None, seed=seed, pause=pause_between_rounds
        )
        for step in replay_steps(record):
            move = step.move
            if isinstance(move, Deal):
                game._builder.add(CHANCE, move)
                game._builder.keep_taken_back(record.rounds[step.round_number - 1].taken_back)
                game._stood, game._move_start = [], step.state
            elif isinstance(move, PendingTake):
                take: Action = TakeDiscard() if move.take == "discard" else Draw()
                game._builder.add(move.player, take)
                game._before_take = game.state if move.take == "discard" else None
            else:
                for player, action in move_actions(move):
                    game._builder.add(player, action)
                game._stood.append(game.state)
                game._move_start = step.state
            game.state = step.state
        game.opening_events = game._resolve(deal=not pause_between_rounds or not record.rounds)
        return game

    def _start(
        self,
        players: Sequence[str | Mapping[str, Any]],
        rules: Rules | None,
        *,
        rng: random.Random | None,
        seed: int | None,
        pause: bool,
    ) -> None:
        if rng is not None and seed is not None:
            raise ValueError("give either rng or seed, not both")
        self.rng = rng if rng is not None else random.Random(seed)
        self.state: State = engine.new_game(len(players), rules)
        self._builder = RecordBuilder(self.state.rules, players)
        self._before_take: State | None = None
        #: The state before each move of the round in play that stands (where a
        #: take-back goes back to), and the state the move under way started from.
        self._stood: list[State] = []
        self._move_start = self.state
        self.pause_between_rounds = pause
        self._round_hooks: dict[int, Callable[[int, int, Rules], None]] = {}

    @property
    def players(self) -> tuple[str, ...]:
        return self._builder.record().names

    def record(self) -> GameRecord:
        """The record of every whole move so far (a save file)."""
        return self._builder.record()

    def current_player(self) -> int:
        """The seat to act (chance is always resolved, so this is a real seat);
        raises :class:`IllegalActionError` once the game is over."""
        seat = engine.current_player(self.state)
        if seat is None or seat == CHANCE:
            raise IllegalActionError("the game is over: nobody is to move")
        return seat

    def seat_bots(self, bots: Mapping[int, object]) -> None:
        """Tell the bots at these seats of every new round from now on.

        A bot's ``new_round(seat, num_players, rules)`` hook, if it has one, is
        called on every deal, before the bot's first decision in that round, and
        at once if a round is under way (the first round is dealt when the game
        is made, and a loaded game may be in the middle of one). The game does
        not ask bots for moves; its caller does, with :func:`skyjo.bots.ask`."""
        self._round_hooks = {seat: hook for seat, bot in bots.items() if (hook := round_hook(bot))}
        if self.state.phase not in (Phase.DEAL, Phase.GAME_OVER):
            self._new_round()

    def _new_round(self) -> None:
        for seat, hook in self._round_hooks.items():
            hook(seat, self.state.num_players, self.state.rules)

    def view(self, seat: int) -> PlayerView:
        return view_of(self.state, seat)

    def legal_actions(self, seat: int | None = None) -> tuple[PlayerAction, ...]:
        return engine.legal_actions(self.state, seat)

    def play(self, action: PlayerAction, *, player: int | None = None) -> tuple[Event, ...]:
        """Apply a player's action (checked), then any chance outcome that falls due.

        Returns the events, chance ones included, in order."""
        events = list(self._apply(player, action))
        events.extend(self.resolve_chance())
        return tuple(events)

    def can_put_back(self) -> bool:
        """Whether the player on turn holds the discard pile's card and may still
        put it back and choose again (nothing hidden has been revealed)."""
        return self.state.phase is Phase.PLACE_DISCARD and self._before_take is not None

    def put_back(self) -> None:
        """Return the card taken from the discard pile; the turn starts over."""
        if not self.can_put_back() or self._before_take is None:
            raise IllegalActionError("there is no card taken from the discard pile to put back")
        self.state = self._before_take
        self._before_take = None
        self._builder.cancel_take()

    @property
    def round_moves(self) -> tuple[Move, ...]:
        """The moves of the round in play that stand so far (whole moves only)."""
        return self._builder.round_moves

    def take_back_refusal(self, player: int) -> NoTakeBack | None:
        """Why :meth:`take_back` would refuse ``player`` now, or None when it would not."""
        state = self.state
        if state.phase in (Phase.DEAL, Phase.GAME_OVER):
            return NoTakeBack.ROUND_OVER
        if state.held is not None and state.to_move == player:
            return NoTakeBack.HOLDING
        found = self._last_turn(player)
        if found is None:
            return NoTakeBack.NO_TURN
        at, before, turn = found
        if at < self._builder.taken_back_at:
            return NoTakeBack.EARLIER
        if turn.flip or not before.grids[player].face_up[turn.position]:
            return NoTakeBack.SEEN
        return None

    def take_back(self, player: int) -> TakenBack:
        """Take back ``player``'s last turn of the round in play, and every move after
        it (other players' turns, a reshuffle, a take under way), which the record
        keeps as taken back (:class:`skyjo.record.TakenBack`, returned).

        The card the player took stays taken: they hold it again and choose anew
        where it goes. A take-back never reaches back past an earlier one of the
        round (the moves before it stand), so a record's take-backs follow each
        other as they happened. The draw pile keeps its order, and a turn that turned up a
        card (a face-down card swapped away, one turned over) cannot be taken back,
        so no card once seen is hidden again: a take-back never lets anyone look at
        a card and then choose as if they had not. A reshuffle taken back is
        shuffled anew when the draw pile runs out again. Raises
        :class:`IllegalActionError` saying why when it cannot (:meth:`take_back_refusal`)."""
        refusal = self.take_back_refusal(player)
        if refusal is not None:
            raise IllegalActionError(self._refusal_text(player, refusal))
        found = self._last_turn(player)
        assert found is not None
        at, before, turn = found
        take: Action = TakeDiscard() if turn.take == "discard" else Draw()
        holding = engine.apply(before, take, player=player)
        entry = self._builder.take_back(at)
        self._builder.add(player, take)
        del self._stood[at:]
        self.state, self._move_start = holding, before
        self._before_take = None
        return entry

    def _last_turn(self, player: int) -> tuple[int, State, TurnMove] | None:
        """``player``'s last turn among the round's moves that stand: its index, the
        state before it and the move; None if they have none this round."""
        moves = self._builder.round_moves
        turns = [i for i, m in enumerate(moves) if isinstance(m, TurnMove) and m.player == player]
        if not turns:
            return None
        at = turns[-1]
        turn = moves[at]
        assert isinstance(turn, TurnMove)
        return at, self._stood[at], turn

    def _refusal_text(self, player: int, refusal: NoTakeBack) -> str:
        why = {
            NoTakeBack.ROUND_OVER: "the round is over and its moves stand",
            NoTakeBack.HOLDING: "they hold a card: it is placed first",
            NoTakeBack.NO_TURN: "they have no turn in this round (opening flips are not turns)",
            NoTakeBack.SEEN: "it turned up a card, and a card once seen is not taken back",
            NoTakeBack.EARLIER: "it came before a take-back, and what came before one stands",
        }[refusal]
        if refusal is NoTakeBack.SEEN:
            found = self._last_turn(player)
            assert found is not None
            turn = found[2]
            verb = "turned over" if turn.flip else "swapped away the face-down card at"
            why += f" (player {player} {verb} {turn.position}, {position_name(turn.position)})"
        return f"player {player}'s last turn cannot be taken back: {why}"

    def resolve_chance(self) -> tuple[Event, ...]:
        """Deal or reshuffle from the game's rng while the state waits for chance.

        With ``pause_between_rounds`` a finished round stays on the table (phase
        ``DEAL``) until :meth:`next_round`, so a page can show the final layouts."""
        return self._resolve(deal=not self.pause_between_rounds)

    def next_round(self) -> tuple[Event, ...]:
        """Deal the next round (only when a round has finished and the game has not)."""
        if self.state.phase is not Phase.DEAL:
            raise IllegalActionError("a new round may only follow a finished one")
        return self._resolve(deal=True)

    def _resolve(self, *, deal: bool) -> tuple[Event, ...]:
        events: list[Event] = []
        while engine.is_chance_node(self.state) and (deal or self.state.phase is not Phase.DEAL):
            events.extend(self._apply(CHANCE, engine.chance_outcome(self.state, self.rng)))
        return tuple(events)

    def _apply(self, player: int | None, action: Action) -> tuple[Event, ...]:
        """Apply one action (checked) and record it under the seat that took it."""
        acting = engine.current_player(self.state) if player is None else player
        before = self.state
        self.state, events = engine.step(
            self.state, action, player=None if player == CHANCE else player
        )
        count = self._builder.move_count
        self._builder.add(CHANCE if acting is None else acting, action)
        self._before_take = before if isinstance(action, TakeDiscard) else None
        if isinstance(action, Deal):
            self._stood, self._move_start = [], self.state
            if self._round_hooks:
                self._new_round()
        elif self._builder.move_count > count:  # a whole move is done
            self._stood.append(self._move_start)
            self._move_start = self.state
        return events
