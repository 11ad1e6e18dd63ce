"""The sentences bots explain themselves with, as keys with English templates.

A bot builds a :class:`~skyjo.bots.base.Reason` (a key and its fields) and turns
it into a :class:`~skyjo.bots.base.Decision` with :func:`because`, which renders
the English ``reason`` text from :data:`ENGLISH`. The templates are the ``bots``
domain of the locale folders, which the page reads in its own language
(:class:`skyjo.web.ui.i18n.Translator`), so a German page shows a German reason.

Fields: cards, counts, rows, columns and percentages are ints; expected points
are floats rounded to one decimal; ``then``, ``note`` and ``action`` are nested
reasons. Templates are whole sentences, never glued pieces.
"""

from __future__ import annotations

from collections.abc import Callable

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision
from skyjo.bots.explanation import ENGLISH as ENGLISH
from skyjo.bots.explanation import Reason
from skyjo.bots.explanation import english as english
from skyjo.cards import column_of, row_of


def reason(key: str, **fields: object) -> Reason:
    """A reason with a key from :data:`ENGLISH`; floats are rounded to one decimal."""
    if key not in ENGLISH:
        raise KeyError(f"unknown bot reason {key!r}")
    return Reason(key, {k: round(v, 1) if isinstance(v, float) else v for k, v in fields.items()})


def at(key: str, position: int, **fields: object) -> Reason:
    """A reason naming a grid position as ``row`` and ``column``, both counted from 1."""
    return reason(key, row=row_of(position) + 1, column=column_of(position) + 1, **fields)


def action_reason(action: PlayerAction) -> Reason:
    """An action as a phrase ("drawing", "turning up row 1, column 2")."""
    match action:
        case Draw():
            return reason("bot.act.draw")
        case TakeDiscard():
            return reason("bot.act.take")
        case Swap(position):
            return at("bot.act.swap", position)
        case Flip(position):
            return at("bot.act.flip", position)
    raise ValueError(f"no phrase for the action '{action}'")


def because(action: PlayerAction, why: Reason | Callable[[], Reason]) -> Decision:
    """A decision whose English ``reason`` is rendered from ``why`` (when first read).

    ``why`` may be a function that builds the reason: it is called only if someone
    reads the decision's explanation (the page does, the simulator never)."""
    return Decision(action, "", why)
