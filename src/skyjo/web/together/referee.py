"""What the host checks before a guest's message reaches the engine.

A guest's page is not trusted: anyone holding the invitation can send anything
down the channel. So every message is read here, on the host's worker, and
refused unless all of this holds, in order (the cheapest first):

1. it is not longer than :data:`~skyjo.web.together.wire.MAX_GUEST_MESSAGE`;
2. the seat has not sent more than :data:`BURST` messages in a burst, refilled at
   :data:`PER_SECOND` (a flood is refused without being read);
3. it is JSON of exactly a known shape: ``{"t": "act", "a": <text>}``, or a
   hello ``{"t": "hello", "game": <id>, "from": <number>}``, whose id is short
   text and whose number a whole number from 0 to
   :data:`~skyjo.web.together.wire.MAX_LOG_NUMBER` (a hello needs no more
   checks: it asks only for the log lines after that number);
4. its action's text parses as a player action;
5. the host's table is in play, and it is this seat's move (the seat is the
   channel's, never a field of the message: a guest cannot speak for another);
6. the action is legal for this seat now.

A refusal names the check (:class:`Refused`) for the host's tests and logs; the
guest hears only "that is not possible now".
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from skyjo import engine
from skyjo.actions import PlayerAction, parse_action
from skyjo.errors import SkyjoError
from skyjo.state import State
from skyjo.web.together.wire import MAX_GAME_ID, MAX_GUEST_MESSAGE, MAX_LOG_NUMBER, Hello

#: Messages a seat may send at once, and how many more each second. A move is two
#: messages (take, then place), and a quick person against a quick bot plays one
#: every half second for a while; the browser tests' guests play faster still (at
#: 4 a second and 8 at once, a guest on an idle machine was refused mid-game). A
#: page that sends more than this is not a person.
BURST: Final = 16
PER_SECOND: Final = 8.0


class Why(StrEnum):
    """Which check refused a message."""

    OVERSIZED = "oversized"
    FLOOD = "flood"
    MALFORMED = "malformed"
    NOT_IN_PLAY = "not_in_play"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"


class Refused(SkyjoError):
    """A guest's message the host did not play; ``why`` says which check."""

    def __init__(self, why: Why, seat: int, detail: str = "") -> None:
        self.why = why
        self.seat = seat
        super().__init__(f"refused from seat {seat}: {why.value}{': ' + detail if detail else ''}")


@dataclass(slots=True)
class Referee:
    """The host's checks for the guests' seats (one referee per game)."""

    clock: Callable[[], float] = time.monotonic
    #: Each seat's tokens and when they were last counted.
    _buckets: dict[int, tuple[float, float]] = field(default_factory=dict)

    def check(self, seat: int, text: object, state: State | None) -> PlayerAction | Hello:
        """The action ``text`` (a guest's message from ``seat``'s channel) asks
        for, if the host may play it on ``state`` (None: no table in play), or the
        guest's hello; :class:`Refused` otherwise."""
        if not isinstance(text, str) or len(text) > MAX_GUEST_MESSAGE:
            raise Refused(Why.OVERSIZED, seat)
        self._spend(seat)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise Refused(Why.MALFORMED, seat, "not JSON") from None
        if isinstance(data, dict) and data.get("t") == "hello":
            return _hello(seat, data)
        if not isinstance(data, dict) or set(data) != {"t", "a"} or data["t"] != "act":
            raise Refused(Why.MALFORMED, seat, "not an action")
        words = data["a"]
        try:
            action = parse_action(words) if isinstance(words, str) else None
        except ValueError:
            action = None
        if not isinstance(action, PlayerAction):
            raise Refused(Why.MALFORMED, seat, f"not a player action: {str(words)[:40]!r}")
        if state is None:
            raise Refused(Why.NOT_IN_PLAY, seat)
        if seat not in engine.players_to_act(state):
            raise Refused(Why.NOT_YOUR_TURN, seat)
        if action not in engine.legal_actions(state, seat):
            raise Refused(Why.ILLEGAL, seat, str(action))
        return action

    def _spend(self, seat: int) -> None:
        now = self.clock()
        tokens, then = self._buckets.get(seat, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - then) * PER_SECOND)
        if tokens < 1:
            self._buckets[seat] = (tokens, now)
            raise Refused(Why.FLOOD, seat)
        self._buckets[seat] = (tokens - 1, now)


def _hello(seat: int, data: dict[str, object]) -> Hello:
    game, number = data.get("game"), data.get("from")
    if set(data) != {"t", "game", "from"}:
        raise Refused(Why.MALFORMED, seat, "not a hello")
    if not isinstance(game, str) or len(game) > MAX_GAME_ID:
        raise Refused(Why.MALFORMED, seat, f"not a game id: {str(game)[:40]!r}")
    if not isinstance(number, int) or isinstance(number, bool):
        raise Refused(Why.MALFORMED, seat, f"not a line number: {str(number)[:40]!r}")
    if not 0 <= number <= MAX_LOG_NUMBER:
        raise Refused(Why.MALFORMED, seat, f"a line number out of range: {number}")
    return Hello(game, number)


__all__ = ["BURST", "PER_SECOND", "Referee", "Refused", "Why"]
