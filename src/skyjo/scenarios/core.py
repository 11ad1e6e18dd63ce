"""What a scenario is, how its game is built, and how it is played on.

A scenario is a real game, not a painted table: a full 150-card deal and legal
record moves, so the replay viewer, share links and ``python -m skyjo replay``
treat it like any other game, and the engine (not the scenario's author) decides
what happens when it is played on. The scenario adds where to stop
(``start_move``), the scripted moves after that point (the continuation), the
rule settings it can be played under, and a check that the described rule
effect happened.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from skyjo import engine
from skyjo.actions import Deal
from skyjo.cards import GRID_SIZE, deck_counter
from skyjo.errors import SkyjoError
from skyjo.events import Event
from skyjo.record import (
    GameRecord,
    Move,
    ReshuffleMove,
    RoundRecord,
    SetupMove,
    TurnMove,
    move_actions,
    replay,
)
from skyjo.rules import Rules
from skyjo.state import CHANCE, State


class ScenarioError(SkyjoError):
    """A scenario asked for under rules it was not written for, or one that is
    inconsistent (a bug in the library, caught by the tests)."""


class UnknownScenarioError(ScenarioError):
    """A scenario name that is not in the library (from a URL parameter, say)."""


# --- data -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """One rule setting a scenario can be played under, and whether the scenario's
    effect happens under it.

    ``value`` is the switched option's value as text, the form
    :meth:`Rules.with_option` and the embed's URL parameters take (``"false"``,
    ``"keep_negative"``); None for a scenario without a switch."""

    rules: Rules
    shows_effect: bool
    value: str | None = None


@dataclass(frozen=True, slots=True)
class Script:
    """A scenario's game: one round's deal and every move, the continuation
    included, and how many of the moves come before the situation."""

    players: tuple[str, ...]
    deal: Deal
    moves: tuple[Move, ...]
    start_move: int


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One continuation move with the states around it and the events it caused
    (what an embed animates)."""

    move: Move
    before: State
    after: State
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Playthrough:
    """The situation and what happened when the continuation was played on it."""

    rules: Rules
    start: State
    played: tuple[PlayedMove, ...]

    @property
    def final(self) -> State:
        return self.played[-1].after if self.played else self.start

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the continuation, in order."""
        return tuple(e for p in self.played for e in p.events)


Effect = Callable[[Playthrough], bool]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A named situation for an embed or the rules page.

    ``variants[0]`` holds the scenario's own rules, under which the described
    effect happens; the other variants change ``option`` (the rule option a page
    may switch) and say whether the effect still happens. ``effect`` checks a
    :class:`Playthrough` for the described effect, so a test (or a page in a
    debug mode) can tell that the engine really did what the text says."""

    name: str
    summary: str
    """One English sentence for people reading code and docs; the page's texts
    are in :mod:`skyjo.scenarios.texts` under :attr:`key`."""
    option: str | None
    variants: tuple[Variant, ...]
    effect: Effect
    build: Callable[[], Script] = field(repr=False)

    # --- identity and texts ---

    @property
    def key(self) -> str:
        """The catalogue key prefix: ``scenario.<name>`` (``.title``, ``.situation``,
        ``.outcome`` or ``.outcome.<value>``)."""
        return f"scenario.{self.name}"

    def text_keys(self) -> tuple[str, ...]:
        """Every catalogue key this scenario's page text uses."""
        outcomes = (
            tuple(f"{self.key}.outcome.{v.value}" for v in self.variants)
            if self.option is not None
            else (f"{self.key}.outcome",)
        )
        titles = tuple(self.title_key(v.rules) for v in self.variants)
        return (*dict.fromkeys(titles), f"{self.key}.situation", *outcomes)

    def title_key(self, rules: Rules | None = None) -> str:
        """The key of the heading for ``rules``: ``.title`` under the scenario's own
        rules, ``.title.<value>`` under another setting, so a switched table's
        heading never states the rule it no longer plays."""
        variant = self.variant(rules)
        if variant is self.variants[0] or variant.value is None:
            return f"{self.key}.title"
        return f"{self.key}.title.{variant.value}"

    def outcome_key(self, rules: Rules | None = None) -> str:
        """The key of the sentence that says what happens under ``rules``."""
        variant = self.variant(rules)
        if variant.value is None:
            return f"{self.key}.outcome"
        return f"{self.key}.outcome.{variant.value}"

    # --- rules ---

    @property
    def rules(self) -> Rules:
        """The scenario's own rules (the first variant's)."""
        return self.variants[0].rules

    def supports(self, rules: Rules) -> bool:
        return any(v.rules == rules for v in self.variants)

    def variant(self, rules: Rules | None = None) -> Variant:
        """The variant for ``rules`` (default: the scenario's own); other rules
        raise :class:`ScenarioError` listing the supported settings.

        Only the listed settings are offered because only they are tested: under
        other options the scripted moves might be illegal (a column removed
        earlier) or the text would not describe what happens."""
        if rules is None:
            return self.variants[0]
        for v in self.variants:
            if v.rules == rules:
                return v
        supported = "; ".join(_describe(v.rules) for v in self.variants)
        raise ScenarioError(
            f"scenario {self.name!r} is not written for the rules {_describe(rules)} "
            f"(it supports: {supported})"
        )

    def variant_for(self, value: str) -> Variant:
        """The variant whose switched option has ``value`` (as text, the way a URL
        parameter or a page's switch gives it: ``"false"``, ``"off"``).

        Raises :class:`ScenarioError` naming the option and the values offered."""
        for v in self.variants:
            if v.value is not None and v.value == value.strip().lower():
                return v
        if self.option is None:
            raise ScenarioError(f"scenario {self.name!r} has no rule option to switch")
        offered = ", ".join(str(v.value) for v in self.variants)
        raise ScenarioError(
            f"scenario {self.name!r} switches {self.option!r} to one of {offered}, not {value!r}"
        )

    def shows_effect(self, rules: Rules | None = None) -> bool:
        """Whether the described effect happens under ``rules``."""
        return self.variant(rules).shows_effect

    # --- the game ---

    @property
    def script(self) -> Script:
        return self.build()

    @property
    def players(self) -> tuple[str, ...]:
        return self.script.players

    @property
    def start_move(self) -> int:
        """How many moves of the (single) round to replay before showing the table."""
        return self.script.start_move

    @property
    def continuation(self) -> tuple[Move, ...]:
        """The scripted moves after ``start_move`` that make the effect happen."""
        script = self.script
        return script.moves[script.start_move :]

    def record(self, rules: Rules | None = None) -> GameRecord:
        """The whole game (situation and continuation) under ``rules``."""
        return self._record(self.script.moves, rules)

    def opening(self, rules: Rules | None = None) -> GameRecord:
        """The game cut at ``start_move``: what :meth:`Game.from_record` or a
        replay viewer loads to put the situation on the table."""
        script = self.script
        return self._record(script.moves[: script.start_move], rules)

    def start_state(self, rules: Rules | None = None) -> State:
        """The state at ``start_move`` (every move checked)."""
        return replay(self.opening(rules))

    def play_on(self, rules: Rules | None = None) -> Playthrough:
        """Replay to ``start_move``, then play the continuation move by move.

        This is the embed's bot-free autoplay: the continuation's chance moves
        (a reshuffle) are scripted too, so the result is the same every time."""
        chosen = self.variant(rules).rules
        start = self.start_state(chosen)
        state = start
        played: list[PlayedMove] = []
        for move in self.continuation:
            after, events = play_move(state, move)
            played.append(PlayedMove(move, state, after, events))
            state = after
        return Playthrough(chosen, start, tuple(played))

    def _record(self, moves: Sequence[Move], rules: Rules | None) -> GameRecord:
        chosen = self.variant(rules).rules
        script = self.script
        return GameRecord(
            chosen,
            tuple({"name": n} for n in script.players),
            (RoundRecord(script.deal, tuple(moves)),),
            {"scenario": self.name},
        )


def _describe(rules: Rules) -> str:
    return ", ".join(f"{k}={str(v).lower()}" for k, v in rules.to_dict().items())


def play_move(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Apply one record move (checked) and return the state and its events."""
    events: list[Event] = []
    for player, action in move_actions(move):
        state, caused = engine.step(state, action, player=None if player == CHANCE else player)
        events.extend(caused)
    return state, tuple(events)


def variants(base: Rules, option: str, shows: Mapping[str, bool]) -> tuple[Variant, ...]:
    """Variants that set ``option`` on ``base`` to each value (text) in ``shows``,
    in order; the first value should be ``base``'s own."""
    result = tuple(Variant(base.with_option(option, v), s, v) for v, s in shows.items())
    if result[0].rules != base:
        raise ScenarioError(f"the first variant must be the scenario's own rules ({option})")
    return result


# --- building a scenario's game -------------------------------------------------

Slot = int | None
"""A card in a deal being written: a value, or None for "any card" (filled from
the rest of the deck in a fixed shuffled order, so the deal is the full deck)."""


def setup(player: int, *positions: int) -> tuple[SetupMove, ...]:
    return tuple(SetupMove(player, p) for p in positions)


def flip(player: int, position: int) -> TurnMove:
    """Draw, discard the drawn card, turn up ``position``."""
    return TurnMove(player, "draw", position, flip=True)


def swap(player: int, position: int, *, take: Literal["discard", "draw"] = "draw") -> TurnMove:
    """Take a card (drawn by default) and swap it in at ``position``."""
    return TurnMove(player, take, position)


class Table:
    """Writes a scenario's game: deals the given cards, then applies moves one by
    one through the checked engine, so a scenario that breaks the rules fails
    while it is built, naming the move."""

    def __init__(
        self,
        name: str,
        players: Sequence[str],
        *,
        grids: Sequence[Sequence[Slot]],
        discard: Slot,
        draw: Sequence[Slot] | Mapping[int, int] = (),
        rules: Rules | None = None,
    ) -> None:
        self.name = name
        self.players = tuple(players)
        if isinstance(draw, Mapping):
            # {draw index: card}: the cards the script needs at those draws.
            draw = [draw.get(i) for i in range(max(draw, default=-1) + 1)]
        self.deal = _fill(name, grids, discard, draw)
        self.state = engine.apply(engine.new_game(len(players), rules), self.deal)
        self.moves: list[Move] = []
        self.start: int | None = None

    def play(self, *moves: Move) -> None:
        for move in moves:
            self.play_one(move)

    def play_one(self, move: Move) -> tuple[Event, ...]:
        """Apply ``move`` (checked) and return its events."""
        try:
            self.state, events = play_move(self.state, move)
        except SkyjoError as exc:
            raise ScenarioError(
                f"scenario {self.name!r}, move {len(self.moves) + 1}: {exc}"
            ) from None
        self.moves.append(move)
        return events

    def reshuffle(self) -> None:
        """The chance move of an empty draw pile, in a fixed shuffled order."""
        cards = list(self.state.discard_pile[:-1])
        random.Random(f"skyjo-scenario-{self.name}-reshuffle").shuffle(cards)
        self.play_one(ReshuffleMove(tuple(cards)))

    def mark_start(self) -> None:
        """The situation is on the table after the moves played so far."""
        self.start = len(self.moves)

    def script(self) -> Script:
        if self.start is None:
            raise ScenarioError(f"scenario {self.name!r} has no start marked")
        return Script(self.players, self.deal, tuple(self.moves), self.start)


def _fill(name: str, grids: Sequence[Sequence[Slot]], discard: Slot, draw: Sequence[Slot]) -> Deal:
    """The deal with every None replaced by a card the given ones leave over."""
    for p, g in enumerate(grids):
        if len(g) != GRID_SIZE:
            raise ScenarioError(f"scenario {name!r}: grid {p} has {len(g)} cards")
    given = Counter(v for v in (*(v for g in grids for v in g), discard, *draw) if v is not None)
    rest = deck_counter()
    rest.subtract(given)
    short = {v: -n for v, n in rest.items() if n < 0}
    if short or set(given) - set(rest):
        raise ScenarioError(f"scenario {name!r}: the deal uses cards the deck lacks ({short})")
    spare = sorted(rest.elements())
    random.Random(f"skyjo-scenario-{name}").shuffle(spare)
    it = iter(spare)

    def card(slot: Slot) -> int:
        return next(it) if slot is None else slot

    dealt = tuple(tuple(card(v) for v in g) for g in grids)
    top = card(discard)
    pile = tuple(card(v) for v in draw)
    return Deal(dealt, top, (*pile, *it))


def cached(build: Callable[[], Script]) -> Callable[[], Script]:
    """Build a scenario's game once, on first use (not at import: a page that
    shows one scenario should not pay for all of them)."""
    return cache(build)
