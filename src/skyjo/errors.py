"""The exceptions the engine raises.

Every error is a ``ValueError`` subclass so that callers parsing untrusted input
(records, URL parameters, text actions) can catch one type, while code that wants
to tell the cases apart can catch the specific subclass. Messages name the input
and the context ("player 2 cannot swap at position 13 in phase turn: ...").
"""

from __future__ import annotations

#: How much of a value from outside an error message quotes: a record's key of a
#: million characters must not become a message of a million characters.
QUOTED_MOST = 60


def quoted(text: str, *, most: int = QUOTED_MOST) -> str:
    """``text`` (a value's repr or JSON, for a message) cut to ``most`` characters,
    saying how long it was when cut."""
    if len(text) <= most:
        return text
    return f"{text[:most]}… ({len(text):,} characters)"


class SkyjoError(ValueError):
    """Base class of every error the skyjo package raises on bad input."""


class IllegalActionError(SkyjoError):
    """An action that the rules do not allow in the current state.

    The state it was applied to is unchanged (states are immutable)."""


class ActionParseError(SkyjoError):
    """Text that is not the canonical form of any action."""


class RulesError(SkyjoError):
    """An unknown rule option, or a value the option does not accept."""


class RecordError(SkyjoError):
    """An invalid game record.

    ``round_number`` and ``move_number`` count from 1 (``move_number`` 0 is the
    round's deal); both are ``None`` for errors in the record's header."""

    def __init__(
        self, message: str, *, round_number: int | None = None, move_number: int | None = None
    ) -> None:
        self.round_number = round_number
        self.move_number = move_number
        self.reason = message
        where = ""
        if round_number is not None:
            where = f"round {round_number}, move {move_number if move_number is not None else 0}: "
        super().__init__(where + message)
