"""A game in progress: the current state, its record, and chance from a seeded rng.

:class:`Game` is the small mutable shell around the immutable engine that the web
page, the simulator and the command line share. It resolves chance nodes itself
(deals and reshuffles come from its ``random.Random``), records every action, and
hands back the events of each step so callers can animate or log them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skyjo import engine
from skyjo.actions import Action, Deal, Draw, PlayerAction, TakeDiscard
from skyjo.errors import IllegalActionError
from skyjo.events import Event
from skyjo.record import GameRecord, PendingTake, RecordBuilder, move_actions, replay_steps
from skyjo.rules import Rules
from skyjo.state import CHANCE, Phase, State
from skyjo.view import PlayerView, view_of


def round_hook(bot: object) -> Callable[[int, int, Rules], None] | None:
    """``bot.new_round`` if the bot has one, else None (looked up once per bot,
    not once per round). Here rather than in :mod:`skyjo.bots.base` because a
    game tells its bots of each round, and the engine's modules import no bot."""
    hook = getattr(bot, "new_round", None)
    return hook if callable(hook) else None


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
            elif isinstance(move, PendingTake):
                take: Action = TakeDiscard() if move.take == "discard" else Draw()
                game._builder.add(move.player, take)
                game._before_take = game.state if move.take == "discard" else None
            else:
                for player, action in move_actions(move):
                    game._builder.add(player, action)
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
        self._builder.add(CHANCE if acting is None else acting, action)
        self._before_take = before if isinstance(action, TakeDiscard) else None
        if isinstance(action, Deal) and self._round_hooks:
            self._new_round()
        return events
