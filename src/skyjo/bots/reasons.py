"""The sentences bots explain themselves with, as keys with English templates.

A bot builds a :class:`~skyjo.bots.base.Reason` (a key and its fields) and turns
it into a :class:`~skyjo.bots.base.Decision` with :func:`because`, which renders
the English ``reason`` text from :data:`ENGLISH`. The page has the same keys in
its own catalogue (:mod:`skyjo.ui.i18n`) in every language it speaks, so a German
page shows a German reason; a test checks that both catalogues agree.

Fields: cards, counts, rows, columns and percentages are ints; expected points
are floats rounded to one decimal; ``then``, ``note`` and ``action`` are nested
reasons. Templates are whole sentences, never glued pieces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision, Reason
from skyjo.cards import column_of, row_of
from skyjo.messageformat import render

ENGLISH: Final[dict[str, str]] = {
    # any level
    "bot.random": "picks at random",
    "bot.setup_random": "turns up a card at random",
    "bot.setup_first": "turns up a first card",
    "bot.setup_second": "turns up a second card in column {column}",
    "bot.whim": "plays on a whim",
    "bot.draw": "draws a card",
    "bot.draw_no_discard": "draws: there is no discard card to take",
    "bot.take_pile_empty": "takes the discard card: the draw pile is empty",
    "bot.take_low": "takes the low {card} from the discard pile",
    "bot.take_then": "takes the {card}: then {then}",
    "bot.draw_not_worth": "draws: the {card} on the discard pile is not worth it",
    # placements
    "bot.swap_lower": "swaps the {old} for the {held}: keeps the lower card",
    "bot.keep_at": "keeps the {held} at row {row}, column {column}",
    "bot.throw_away": "throws the {held} away and turns up row {row}, column {column}",
    "bot.completes_column": "completes column {column} with the {held}: the column leaves the grid",
    "bot.on_face_down": "puts the {held} on the face-down card at row {row}, column {column} (worth ~{worth})",
    "bot.swap_saves": "swaps the {old} for the {held}: saves {saved, plural, one {# point} other {# points}}",
    "bot.next_to_twin": "puts the {held} next to its twin in column {column}, hoping for a third",
    "bot.swap": "swaps the {old} for the {held}",
    # statistician
    "bot.draw_unseen": "draws: an unseen card (saving {saving} on average) beats the {card}",
    "bot.going_out": "{then} (its expected score is the lowest: going out)",
    # hard
    "bot.take_worth": "takes the {card} (worth {worth}): {then}",
    "bot.draw_counted": "draws: a card from the {unseen} unseen is worth {draw} on average, the {card} only {worth}",
    "bot.with_note": "{then}; {note}",
    "bot.keeps_hidden": "{then}; keeps its last card face down: {note}",
    "bot.denies": "{then}; does not hand the next player the {held}",
    "bot.ends_stall": "{then}; ends the round rather than stall ({note})",
    "bot.doubling_risk": "finishing would be doubled with chance {chance}%",
    "bot.game_win_chance": "ending the game here wins with chance {chance}% (else {keep}%)",
    # expert
    "bot.confirmed": "{then} (confirmed by {playouts} playouts)",
    "bot.searched": "{action} does {margin} points better than the alternatives over {playouts} simulated continuations",
    "bot.act.draw": "drawing",
    "bot.act.take": "taking the discard card",
    "bot.act.swap": "putting the card at row {row}, column {column}",
    "bot.act.flip": "turning up row {row}, column {column}",
}


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


def english(why: Reason) -> str:
    """The English sentence of ``why``: '-2' with a plain minus, '4.2' with a point."""
    fields = {name: _english_value(value) for name, value in why.fields.items()}
    return render(ENGLISH[why.key], fields, "en")


def _english_value(value: object) -> str:
    if isinstance(value, Reason):
        return english(value)
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def because(action: PlayerAction, why: Reason | Callable[[], Reason]) -> Decision:
    """A decision whose English ``reason`` is rendered from ``why`` (when first read).

    ``why`` may be a function that builds the reason: it is called only if someone
    reads the decision's explanation (the page does, the simulator never)."""
    return Decision(action, "", why)
