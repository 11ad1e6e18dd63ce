"""The score pad's words: :class:`Messages` renders its messages (the ``scorepad``
domain of the locale folders, ``skyjo/i18n/locales/<code>/scorepad.arb``) and phrases
the model's data (explanations, errors, who starts) in one language.

A domain apart from the game page's, so the pad and the game can change their
wording independently. Errors are phrased from their stable ``code`` and
attributes, not from the English message, so they read naturally in each language.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyjo.i18n.catalogue import Catalogue

# Re-exported: the score pad's modules take their language helpers from here.
from skyjo.i18n.language import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, pick_language
from skyjo.i18n.language import signed as number
from skyjo.scoring import DoublingReason
from skyjo.web.scorepad.errors import (
    FinisherError,
    GameOverError,
    MissingSumError,
    ScorePadError,
    SumOutOfBoundsError,
    TiebreakError,
)
from skyjo.web.scorepad.model import ScorePad
from skyjo.web.scorepad.sheet import Explanation
from skyjo.web.scorepad.starter import Starter, StartReason


class Messages(Catalogue):
    """The score pad's catalogue in one language: ``Messages("de").t("entry.round", n=3)``."""

    DOMAINS = ("scorepad",)

    def names(self, names: Sequence[str]) -> str:
        """``["A", "B", "C"]`` -> ``"A, B and C"`` in this language."""
        if len(names) == 1:
            return names[0]
        return self.t("why.and", first=", ".join(names[:-1]), last=names[-1])

    def explanation(self, why: Explanation) -> str:
        """Why the finisher writes down what they do, e.g. "Jonas ended with 6, Mia
        also has 6: doubled to 12" (the model's :func:`~skyjo.web.scorepad.sheet.describe`
        in this language)."""
        me = why.finisher
        raw = number(me.raw)
        rivals = (
            self.names(
                [
                    self.t(
                        "why.also" if r.raw == me.raw else "why.has",
                        name=r.player,
                        raw=number(r.raw),
                    )
                    for r in why.rivals
                ]
            )
            if why.rivals
            else ""
        )
        key = {
            DoublingReason.ALONE_LOWEST: "why.alone",
            DoublingReason.TIE_FORGIVEN: "why.forgiven",
            DoublingReason.NOT_POSITIVE: "why.not_positive",
        }.get(why.reason, "why.doubled")
        return self.t(key, finisher=me.player, raw=raw, rivals=rivals, points=number(why.points))

    def starter(self, starter: Starter, pad: ScorePad) -> str:
        """Who starts the next round of ``pad``, and why."""
        if starter.reason is StartReason.HIGHEST_OPENING:
            return self.t(
                "start.first", name=starter.player, sum=starter.opening_sums[starter.seat]
            )
        if starter.reason is StartReason.TIED_OPENING:
            return self.t("start.tied", name=starter.player, sum=starter.opening_sums[starter.seat])
        if starter.reason is StartReason.PREVIOUS_FINISHER:
            return self.t("start.finisher", name=starter.player, n=starter.after_round)
        finisher = pad.players[pad.rounds[-1].finisher]
        return self.t("start.next", name=starter.player, finisher=finisher)

    def error(self, error: ScorePadError) -> str:
        """A model error in this language, from its ``code`` and attributes."""
        if isinstance(error, SumOutOfBoundsError):
            return self.t(
                "error.sum_out_of_bounds",
                player=error.player,
                value=number(error.value),
                low=number(error.low),
                high=number(error.high),
            )
        if isinstance(error, MissingSumError):
            return self.t("error.missing_sum", player=error.player)
        if isinstance(error, FinisherError):
            return self.t("error.no_finisher" if not error.finishers else "error.two_finishers")
        if isinstance(error, GameOverError):
            return self.t("error.game_over")
        if isinstance(error, TiebreakError):
            return self.t("error.tiebreak")
        return self.t("error.other", detail=str(error))


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "Messages",
    "number",
    "pick_language",
]
