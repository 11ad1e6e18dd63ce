"""The bot protocol.

A bot sees only its own :class:`~skyjo.view.PlayerView` (never a face-down value or
the draw-pile order) and an injected ``random.Random``, and answers every decision
the engine asks of it (setup flips, take or draw, where to put a card, which card to
turn) with one of ``view.legal_actions`` plus a short reason a person can read.
The reason comes twice: as English text (``Decision.reason``, for the CLI, the
simulator and logs) and as a catalogue key with fields (``Decision.explanation``,
a :class:`Reason`) that the page shows in its own language; :mod:`skyjo.bots.explanation`
renders the English text from the key, so the two never drift.
Budgets are counted in iterations, never in wall-clock time, so a seed reproduces
every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import Protocol, runtime_checkable

from skyjo.actions import PlayerAction
from skyjo.bots.explanation import Reason as Reason
from skyjo.bots.explanation import english
from skyjo.errors import IllegalActionError
from skyjo.game import round_hook as round_hook
from skyjo.rules import Rules
from skyjo.view import PlayerView


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
