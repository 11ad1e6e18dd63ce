"""The table's intents as calls on its :class:`~skyjo.web.ui.app.App`.

The table (piles, grids, the card in hand, the hand-over and round-end screens) is
painted the same on the game page and in an embed, so a click on one of its
controls (``data-intent``, with ``data-seat``/``data-pos`` and the like) means the
same on both: this map is that meaning, written once. Each page adds the intents
of its own chrome (the game page's setup form and menu, an embed's reel) and
decides what "rematch" and "new game" start."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skyjo.errors import SkyjoError
from skyjo.web.inputs import whole_number
from skyjo.web.ui.app import App

#: An intent's action: what it does to the app (its result is not used).
Action = Callable[[], object]


def number(data: Mapping[str, Any], name: str) -> int:
    """The whole number the page sent as ``name`` with an intent; a missing or odd
    one is a :class:`SkyjoError` (the page explains it in words)."""
    value = whole_number(str(data.get(name, "")))
    if value is None:
        raise SkyjoError(f"the page sent no {name}")
    return value


def table_actions(app: App, data: Mapping[str, Any]) -> dict[str, Action]:
    """The table's intents for ``app``, with the intent's ``data`` (a card's seat
    and position)."""
    return {
        "take-discard": app.take_discard,
        "draw": app.draw,
        "discard-mode": app.choose_discard_mode,
        "discard-mode-off": lambda: app.choose_discard_mode(False),
        "put-back": app.put_back,
        "hint": app.ask_hint,
        "hand-over": app.hand_over,
        "next-round": app.next_round,
        "tiebreak": app.start_tiebreak,
        "card": lambda: app.click_card(number(data, "seat"), number(data, "pos")),
    }
