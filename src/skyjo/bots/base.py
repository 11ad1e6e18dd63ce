"""The bot protocol.

A bot sees only its own :class:`~skyjo.view.PlayerView` (never a face-down value or
the draw-pile order) and an injected ``random.Random``, and answers every decision
the engine asks of it (setup flips, take or draw, where to put a card, which card to
turn) with one of ``view.legal_actions`` plus a short reason a person can read.
The reason comes twice: as English text (``Decision.reason``, for the CLI, the
simulator and logs) and as a catalogue key with fields (``Decision.explanation``,
a :class:`Reason`) that the page shows in its own language; :mod:`skyjo.bots.reasons`
renders the English text from the key, so the two never drift.
Budgets are counted in iterations, never in wall-clock time, so a seed reproduces
every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from skyjo.actions import PlayerAction
from skyjo.errors import IllegalActionError
from skyjo.rules import Rules
from skyjo.view import PlayerView


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose, as a catalogue key and its fields, e.g.
    ``Reason("bot.swap_saves", {"old": 11, "held": 2, "saved": 9})``.

    Field values are ints (cards, counts, percentages), floats already rounded to
    one decimal (expected points), or nested reasons for composed sentences
    ("takes the 3: then <placement>"); each language formats them its own way."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "fields": {...}}``; a nested reason is such an object too."""
        return {
            "key": self.key,
            "fields": {
                name: value.to_json() if isinstance(value, Reason) else value
                for name, value in self.fields.items()
            },
        }

    @classmethod
    def from_json(cls, data: object) -> Reason:
        """The mirror of :meth:`to_json`; anything else raises ``ValueError``."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            raise ValueError(f"not a bot reason: {data!r}")
        fields = data.get("fields", {})
        if not isinstance(fields, dict):
            raise ValueError(f"the fields of bot reason {data['key']!r} are not an object")
        parsed: dict[str, object] = {}
        for name, value in fields.items():
            if isinstance(value, dict):
                parsed[str(name)] = cls.from_json(value)
            elif isinstance(value, int | float | str) and not isinstance(value, bool):
                parsed[str(name)] = value
            else:
                raise ValueError(f"bot reason {data['key']!r} has a bad field {name!r}: {value!r}")
        return cls(data["key"], parsed)


class Decision:
    """A bot's choice and why, e.g. ``swap 3`` because "swaps the 11 for the 2: saves 9".

    ``explanation`` is the same reason as a catalogue key with fields, for pages in
    other languages; bots written elsewhere may leave it out (the page then shows
    ``reason``). Build both at once with :func:`skyjo.bots.reasons.because`.

    Reasons cost more to build than many decisions, and the simulator asks for
    millions of decisions and reads none of their reasons. So ``explanation`` may
    also be given as a function that builds it, called when it is first read, and
    the English ``reason`` (when not given) is rendered from the explanation when
    first read. A decision is immutable, compares by its action and both reasons,
    and can be hashed."""

    __slots__ = ("_explanation", "_reason", "action")

    action: PlayerAction
    _explanation: Reason | Callable[[], Reason] | None
    _reason: str

    def __init__(
        self,
        action: PlayerAction,
        reason: str = "",
        explanation: Reason | Callable[[], Reason] | None = None,
    ) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "_explanation", explanation)
        object.__setattr__(self, "_reason", reason)

    @property
    def explanation(self) -> Reason | None:
        """The reason as a catalogue key with fields (None if the bot gave none)."""
        why = self._explanation
        if why is None or isinstance(why, Reason):
            return why
        built = why()
        object.__setattr__(self, "_explanation", built)
        return built

    @property
    def reason(self) -> str:
        """The English sentence (rendered from ``explanation`` if none was given)."""
        text: str = self._reason
        if not text and self._explanation is not None:
            explanation = self.explanation
            assert explanation is not None
            # Imported here: skyjo.bots.reasons builds decisions, so it imports this module.
            from skyjo.bots.reasons import english

            text = english(explanation)
            object.__setattr__(self, "_reason", text)
        return text

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Decision is immutable (cannot set {name!r})")

    def _key(self) -> tuple[PlayerAction, str, Reason | None]:
        return (self.action, self.reason, self.explanation)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # A Reason's fields are a dict (unhashable); equal decisions share these two.
        return hash((self.action, self.reason))

    def __repr__(self) -> str:
        return (
            f"Decision(action={self.action!r}, reason={self.reason!r}, "
            f"explanation={self.explanation!r})"
        )


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``decide`` method is a bot.

    A bot may also have a ``new_round(seat, num_players, rules)`` method (see
    :class:`RoundAware`): the simulator and :class:`~skyjo.game.Game` call it
    before each round, before the bot's first decision in that round, so a bot
    that keeps memory (an adapter for a program with its own game model) can
    reset it. Each seat gets its own bot object, so what one object remembers
    is about one seat."""

    name: str

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        """Choose one of ``view.legal_actions``."""
        ...


@runtime_checkable
class RoundAware(Protocol):
    """The optional hook of a bot: told its seat, the table size and the rules
    before each round (also when it joins a game in the middle of a round)."""

    def new_round(self, seat: int, num_players: int, rules: Rules) -> None: ...


def round_hook(bot: object) -> Callable[[int, int, Rules], None] | None:
    """``bot.new_round`` if the bot has one, else None (looked up once per bot,
    not once per round)."""
    hook = getattr(bot, "new_round", None)
    return hook if callable(hook) else None


def ask(bot: Bot, view: PlayerView, rng: random.Random) -> Decision:
    """Ask ``bot`` for a decision and check it is legal.

    A bot that answers with anything else raises :class:`IllegalActionError`
    naming the bot; its answer is never replaced by some other action."""
    return checked(bot, view, bot.decide(view, rng))


def ask_in_steps(bot: Bot, view: PlayerView, rng: random.Random) -> Generator[None, None, Decision]:
    """:func:`ask`, pausing while the bot thinks if it can think in steps (the
    expert's ``decide_in_steps``), so a page's worker answers taps between them; the
    decision is the one :func:`ask` would get."""
    stepwise = getattr(bot, "decide_in_steps", None)
    if stepwise is None:
        return ask(bot, view, rng)
    decision = yield from stepwise(view, rng)
    return checked(bot, view, decision)


def checked(bot: Bot, view: PlayerView, decision: object) -> Decision:
    """``decision`` when it is a :class:`Decision` of a legal action, else
    :class:`IllegalActionError` naming the bot."""
    if not isinstance(decision, Decision):
        raise IllegalActionError(f"bot {bot.name!r} returned {decision!r} instead of a Decision")
    if not _listed(decision.action, view.legal_actions):
        legal = ", ".join(str(a) for a in view.legal_actions)
        raise IllegalActionError(
            f"bot {bot.name!r} chose the illegal action '{decision.action}' for seat {view.seat} "
            f"in phase {view.phase.value} (legal: {legal})"
        )
    return decision


def _listed(action: PlayerAction, legal: tuple[PlayerAction, ...]) -> bool:
    """Whether ``action`` is one of ``legal``. Bots usually answer with one of the
    very objects listed, so identity is tried first: ``in`` alone would call the
    dataclass ``__eq__`` on every action before it (the simulator asks millions)."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal
