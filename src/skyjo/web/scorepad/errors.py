"""The score pad's errors.

Each is a :class:`~skyjo.errors.SkyjoError` (so a ``ValueError``) and carries the
facts the page needs to phrase it in German, English or Dutch: a ``code`` naming
the kind of mistake and the round, player and allowed values as attributes. The
English message is for logs and tests. A transition that raises leaves the pad
as it was (pads are immutable), so the page can show the error and carry on.
"""

from __future__ import annotations

from skyjo.errors import SkyjoError


class ScorePadError(SkyjoError):
    """Base class of the score pad's errors; ``code`` is stable for translations."""

    code = "score_pad"


class PlayersError(ScorePadError):
    """Too few or too many players, an empty or repeated name, an unknown seat."""

    code = "players"


class RoundError(ScorePadError):
    """A round that cannot be: ``round_number`` counts from 1 (``None`` for the
    tiebreak), ``seat``/``player`` name the player concerned when there is one."""

    code = "round"

    def __init__(
        self,
        message: str,
        *,
        round_number: int | None,
        seat: int | None = None,
        player: str | None = None,
    ) -> None:
        self.round_number = round_number
        self.seat = seat
        self.player = player
        where = "tiebreak" if round_number is None else f"round {round_number}"
        super().__init__(f"{where}: {message}")


class MissingSumError(RoundError):
    """A player who played the round has no sum yet."""

    code = "missing_sum"


class SumOutOfBoundsError(RoundError):
    """A sum that no finished layout can reach under the rule options
    (:func:`skyjo.scoring.layout_bounds`); ``low`` and ``high`` are the allowed range."""

    code = "sum_out_of_bounds"

    def __init__(
        self,
        message: str,
        *,
        round_number: int | None,
        seat: int,
        player: str,
        value: int,
        low: int,
        high: int,
    ) -> None:
        self.value = value
        self.low = low
        self.high = high
        super().__init__(message, round_number=round_number, seat=seat, player=player)


class FinisherError(RoundError):
    """No finisher, or more than one (``finishers`` holds the marked seats)."""

    code = "finisher"

    def __init__(
        self, message: str, *, round_number: int | None, finishers: tuple[int, ...]
    ) -> None:
        self.finishers = finishers
        super().__init__(message, round_number=round_number)


class GameOverError(ScorePadError):
    """A regular round entered after the game has ended, or a correction that
    would end the game before rounds that were already played after it."""

    code = "game_over"


class TiebreakError(ScorePadError):
    """A tiebreak that is not on offer, or a change that would invalidate the
    tiebreak already entered."""

    code = "tiebreak"


class KeypadError(ScorePadError):
    """A key press the keypad cannot accept (a fourth digit, marking a second finisher)."""

    code = "keypad"


class SaveError(ScorePadError):
    """A saved archive that cannot be read; ``where`` is the JSON path of the
    problem (``games[1].rounds[2].raw[0]``), empty for the document itself."""

    code = "save"

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        self.reason = message
        super().__init__(f"{where}: {message}" if where else message)
