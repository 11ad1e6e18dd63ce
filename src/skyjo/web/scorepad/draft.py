"""A round half-typed on the keypad, kept on the device so a reload (a phone that
locks, a tab the browser discards) does not lose it.

Only the keypad's entry state is kept: the game it belongs to, the round (or the
tiebreak), each seat's sum so far, the player being typed, the display and the
finisher mark; and, before the first round is saved, the two cards each player
turned up to see who starts ("Who starts?", issue 36 item 8: a reload lost them).
:func:`restore` rebuilds the keypad the page would open for that round and lays
the draft over it after checking every field against it. A draft that no longer
fits (the game was changed or deleted since, or the text was edited by hand) is
dropped rather than reported: it is a convenience, the saved rounds are intact,
and an error about it would only puzzle the person at the table.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, Final, TypeGuard

from skyjo import jsontext
from skyjo.cards import CARD_VALUES
from skyjo.web.scorepad import model
from skyjo.web.scorepad.errors import ScorePadError
from skyjo.web.scorepad.keypad import MAX_DIGITS, Keypad
from skyjo.web.scorepad.model import ScorePad, tied_for_win

DISPLAY: Final = re.compile(rf"-?[0-9]{{0,{MAX_DIGITS}}}")
"""What the keypad's display can hold: an optional minus and up to three digits."""


#: Each player's two opening cards, as the "Who starts?" form holds them (None: not chosen).
Opening = list[list[int | None]]


def dumps(game_id: int, keypad: Keypad, *, correcting: bool, opening: Opening | None = None) -> str:
    """The draft of ``keypad``, entering (or ``correcting``) a round of game
    ``game_id``, with the ``opening`` cards chosen so far (kept only if any is)."""
    data: dict[str, object] = {
        "game": game_id,
        "round": keypad.round_number,
        "correcting": correcting,
        "entries": list(keypad.entries),
        "cursor": keypad.cursor,
        "typing": keypad.typing,
        "fresh": keypad.fresh,
        "finishers": list(keypad.finishers),
    }
    if opening is not None and has_opening(opening):
        data["opening"] = opening
    return json.dumps(data)


def has_opening(opening: Opening) -> bool:
    """Whether any opening card is chosen: only then is it worth keeping."""
    return any(card is not None for pair in opening for card in pair)


def opening_of(text: str | None, game_id: int, players: int) -> Opening | None:
    """The opening cards kept in ``text`` for game ``game_id`` of ``players``
    players, or ``None`` when there are none or they do not fit (each a card
    value or empty, two for each player)."""
    data = _of_game(text, game_id)
    if data is None:
        return None
    opening = data.get("opening")
    if not isinstance(opening, list) or len(opening) != players:
        return None
    for pair in opening:
        if not isinstance(pair, list) or len(pair) != 2:
            return None
        if any(card is not None and not (_whole(card) and card in CARD_VALUES) for card in pair):
            return None
    return [list(pair) for pair in opening]


def has_typing(keypad: Keypad, pad: ScorePad, *, correcting: bool) -> bool:
    """Whether ``keypad`` holds anything typed since the page opened it for its
    round of ``pad``: only then is a draft worth keeping."""
    untouched = opened(pad, keypad.round_number, correcting=correcting)
    return untouched is None or _state(keypad) != _state(untouched)


def restore(text: str | None, game_id: int, pad: ScorePad) -> Keypad | None:
    """The keypad saved in ``text`` for game ``game_id``, or ``None`` when there is
    none or it no longer fits ``pad``."""
    data = _of_game(text, game_id)
    if data is None:
        return None
    correcting = data.get("correcting")
    if not isinstance(correcting, bool):
        return None
    base = opened(pad, data.get("round"), correcting=correcting)
    if base is None:
        return None
    return _laid_over(base, data)


def opened(pad: ScorePad, round_number: Any, *, correcting: bool) -> Keypad | None:
    """The keypad the page opens for entering (or ``correcting``) round
    ``round_number`` of ``pad`` (``None``: the tiebreak), untouched; ``None`` when
    there is no such round to type (it was saved or deleted since)."""
    try:
        if correcting and round_number is None:
            return Keypad.for_tiebreak_correction(pad)
        if correcting:
            return Keypad.for_correction(pad, round_number) if _whole(round_number) else None
        if (model.is_over(pad) and not tied_for_win(pad)) or pad.tiebreak is not None:
            return None
        fresh = Keypad.for_next_round(pad)
    except ScorePadError:
        return None
    return fresh if fresh.round_number == round_number else None


def _laid_over(base: Keypad, data: dict[str, Any]) -> Keypad | None:
    entries, cursor = data.get("entries"), data.get("cursor")
    typing, fresh, finishers = data.get("typing"), data.get("fresh"), data.get("finishers")
    if not isinstance(entries, list) or len(entries) != len(base.entries):
        return None
    low, high = base.bounds
    for seat, value in enumerate(entries):
        if value is None:
            continue
        if seat not in base.seats or not _whole(value) or not low <= value <= high:
            return None
    if not _whole(cursor) or not 0 <= cursor < len(base.seats):
        return None
    if not isinstance(typing, str) or not DISPLAY.fullmatch(typing) or not isinstance(fresh, bool):
        return None
    if not isinstance(finishers, list) or len(finishers) > 1:
        return None
    if any(not _whole(f) or f not in base.seats for f in finishers):
        return None
    return replace(
        base,
        entries=tuple(entries),
        cursor=cursor,
        typing=typing,
        fresh=fresh,
        finishers=tuple(finishers),
    )


def _of_game(text: str | None, game_id: int) -> dict[str, Any] | None:
    """The draft in ``text`` as an object, if it is one and of game ``game_id``."""
    if not text:
        return None
    try:
        data = jsontext.loads(text, what="the round being typed")
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("game") != game_id:
        return None
    return data


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _state(keypad: Keypad) -> tuple[object, ...]:
    return (keypad.entries, keypad.typing, keypad.finishers)
