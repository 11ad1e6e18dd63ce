"""What crosses a data channel between the host's page and a guest's.

Host to guest, one JSON object a message:

``{"t": "view", "step": n, "screen": s, "names": [...], "view": {...}, "log": [...]}``
    The table as the guest's seat may see it: ``view`` is
    :func:`skyjo.view.view_of` for that seat (no face-down value, no draw pile
    order, no card drawn by someone else), ``screen`` the host's screen
    (``table``, ``round_end``, ``game_end``), ``log`` the move log's last lines
    as catalogue keys and fields (the guest says them in its own language).
    Built from the state's view only: the same view gives the same message,
    whatever the hidden cards are (a test holds this).
    ``game`` names the game (:func:`skyjo.web.together.catchup.game_id`), ``from``
    is the number of ``log``'s first line in the game's whole log: a view carries
    only the lines the guest has not had (:mod:`skyjo.web.together.catchup`).
    ``away`` lists the seats whose person is away: ``[seat, seconds or null,
    whether a bot plays it]`` (:mod:`skyjo.web.together.away`); ``joining``
    those of them whose person has not joined yet (the host started without them),
    so every page says "has not joined yet" rather than "is away".
``{"t": "record", "game": id, "record": {...}}``
    The game's record (:mod:`skyjo.record`), sent once the game has ended, never
    before: every face-down card and the draw pile's order are in it, and they no
    longer matter then. The guest can export it and review its own seat.
``{"t": "no"}``
    The guest's last intent was refused (said as "that is not possible now").

Guest to host: ``{"t": "act", "a": "<action>"}``, the canonical text of a player
action (:func:`skyjo.actions.parse_action`: ``draw``, ``take``, ``flip 3``,
``swap 7``), for the guest's own seat; and, once its channel opens,
``{"t": "hello", "game": id, "from": n}``: the game whose log it keeps and how many
of its lines it has (``""`` and 0 when it has none). The host checks both
(:mod:`skyjo.web.together.referee`). Nothing else is read from a guest.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from skyjo.actions import PlayerAction, parse_action
from skyjo.cards import GRID_SIZE
from skyjo.rules import Rules
from skyjo.state import Grid, GridView, Phase, RoundResult, State
from skyjo.view import PlayerView, completed_state

#: The longest message a guest may send, in characters: an action's text is a
#: dozen; anything longer is refused unread.
MAX_GUEST_MESSAGE: Final = 200
#: The longest message a host sends (a view with 200 log lines is about 15 kB, a
#: four-player game's record 10 kB, with one new line 1 kB); a
#: guest reads nothing longer.
MAX_HOST_MESSAGE: Final = 64_000
#: The most of the log's last lines a view message carries: a guest that has
#: seen none (or lines of another game) receives this many; one that has seen
#: the log up to a point receives only the lines after it.
LOG_LINES: Final = 200
#: The longest game id (:func:`skyjo.web.together.catchup.game_id`) and the
#: highest log line number a guest's hello may name (a game's log is a few
#: thousand lines at most).
MAX_GAME_ID: Final = 32
MAX_LOG_NUMBER: Final = 1_000_000
#: The screens a guest shows.
SCREENS: Final = ("table", "round_end", "game_end")
REFUSED: Final = '{"t":"no"}'


def view_message(
    view: PlayerView,
    *,
    step: int,
    screen: str,
    names: Sequence[str],
    log: Sequence[tuple[str, dict[str, Any]]],
    game: str = "",
    log_from: int = 0,
    away: Sequence[Away] = (),
    joining: Sequence[int] = (),
) -> str:
    """The message that shows ``view``'s seat the table (see the module docstring):
    ``log`` holds the lines from number ``log_from`` on (at most the last
    :data:`LOG_LINES`)."""
    skipped = max(0, len(log) - LOG_LINES)
    data = {
        "t": "view",
        "game": game,
        "from": log_from + skipped,
        "away": [[a.seat, a.wait, a.bot] for a in away],
        "joining": sorted(joining),
        "step": step,
        "screen": screen,
        "names": list(names),
        "view": {
            "seat": view.seat,
            "rules": view.rules.to_dict(),
            "phase": view.phase.value,
            "round": view.round_number,
            "to_move": view.to_move,
            "finisher": view.finisher,
            "grids": [[list(g.cards), [int(r) for r in g.removed]] for g in view.grids],
            "discard": list(view.discard_pile),
            "draw_count": view.draw_count,
            "held": view.held,
            "held_hidden": view.held_hidden,
            "totals": list(view.totals),
            "results": [[r.finisher, list(r.raw), list(r.points), r.doubled] for r in view.results],
            "legal": [str(a) for a in view.legal_actions],
        },
        "log": [[key, fields] for key, fields in log[skipped:]],
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Away:
    """A seat whose person is away, as every page shows it: how long it waits
    before a bot plays it (None: for ever), and whether a bot plays it now."""

    seat: int
    wait: int | None
    bot: bool


def read_away(data: object, players: int) -> tuple[Away, ...]:
    """The ``away`` of a view message; ``ValueError`` for anything malformed."""
    if not isinstance(data, list) or len(data) > players:
        raise ValueError("away: not a list of seats")
    found = []
    for item in data:
        seat, wait, bot = item
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"away: not a seat: {seat!r}")
        if wait is not None and (not isinstance(wait, int) or not 0 <= wait <= 86_400):
            raise ValueError(f"away: not a time: {wait!r}")
        found.append(Away(seat, wait, bot is True))
    return tuple(found)


def read_joining(data: object, players: int) -> frozenset[int]:
    """The ``joining`` of a view message: the away seats whose person has not
    joined this game yet (the host started without them). A host of an older build
    sends none: then no seat is said to be joining. ``ValueError`` for anything
    malformed."""
    if data is None:
        return frozenset()
    if not isinstance(data, list) or len(data) > players:
        raise ValueError("joining: not a list of seats")
    if not all(isinstance(seat, int) and 0 <= seat < players for seat in data):
        raise ValueError(f"joining: not seats: {data!r}")
    return frozenset(data)


@dataclass(frozen=True, slots=True)
class Hello:
    """A guest's first word on a channel: the game whose log it keeps and how many
    of its lines it has (:mod:`skyjo.web.together.catchup`)."""

    game: str
    next: int


def hello_message(hello: Hello) -> str:
    return json.dumps({"t": "hello", "game": hello.game, "from": hello.next}, separators=(",", ":"))


def record_message(game: str, record: dict[str, Any]) -> str:
    """The game's record for a guest, once the game has ended (never before)."""
    data = {"t": "record", "game": game, "record": record}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def read_view(data: dict[str, Any]) -> PlayerView:
    """The :class:`PlayerView` of a view message's ``view`` (a guest reads it);
    ``ValueError`` (or ``KeyError``, ``TypeError``) for anything malformed."""
    grids = tuple(
        GridView.showing(
            tuple(None if v is None else int(v) for v in cards), tuple(bool(r) for r in removed)
        )
        for cards, removed in data["grids"]
    )
    if any(len(g.cards) != GRID_SIZE or len(g.removed) != GRID_SIZE for g in grids):
        raise ValueError("a grid has twelve places")
    legal: list[PlayerAction] = []
    for text in data["legal"]:
        action = parse_action(str(text))
        if isinstance(action, PlayerAction):
            legal.append(action)
    held = data["held"]
    return PlayerView(
        seat=int(data["seat"]),
        rules=Rules.from_dict(data["rules"]),
        num_players=len(grids),
        phase=Phase(data["phase"]),
        round_number=int(data["round"]),
        to_move=None if data["to_move"] is None else int(data["to_move"]),
        finisher=None if data["finisher"] is None else int(data["finisher"]),
        grids=grids,
        discard_pile=tuple(int(v) for v in data["discard"]),
        draw_count=int(data["draw_count"]),
        held=None if held is None else int(held),
        held_hidden=bool(data["held_hidden"]),
        totals=tuple(int(v) for v in data["totals"]),
        results=tuple(
            RoundResult(int(f), tuple(raw), tuple(points), bool(d))
            for f, raw, points, d in data["results"]
        ),
        legal_actions=tuple(legal),
    )


#: What a face-down card, the draw pile's cards and a card someone else drew hold
#: in the state a guest paints from: never shown (the table shows a face-down
#: card's back and the draw pile's count), and not the real value, which the
#: guest never has.
UNKNOWN: Final = 0


def masked_state(view: PlayerView) -> State:
    """A state for painting ``view``: what it shows, and :data:`UNKNOWN` wherever the
    seat cannot see. The game page paints from a state; a guest has only a view."""
    grids = [
        Grid.of(
            tuple(UNKNOWN if v is None else v for v in g.cards),
            tuple(v is not None for v in g.cards),
            g.removed,
        )
        for g in view.grids
    ]
    held = UNKNOWN if view.held_hidden else view.held
    flips = tuple(
        min(2, sum(1 for p in range(GRID_SIZE) if g.cards[p] is not None and not g.removed[p]))
        for g in view.grids
    )
    state = completed_state(view, grids, (UNKNOWN,) * view.draw_count, held, flips)
    return state


def act_message(action: PlayerAction) -> str:
    """A guest's intent to play ``action`` for its seat."""
    return json.dumps({"t": "act", "a": str(action)}, separators=(",", ":"))


__all__ = [
    "MAX_GAME_ID",
    "MAX_GUEST_MESSAGE",
    "MAX_HOST_MESSAGE",
    "MAX_LOG_NUMBER",
    "REFUSED",
    "SCREENS",
    "UNKNOWN",
    "Away",
    "Hello",
    "act_message",
    "hello_message",
    "masked_state",
    "read_away",
    "read_joining",
    "read_view",
    "record_message",
    "view_message",
]
