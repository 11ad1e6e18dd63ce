"""The game review's words: the ``review`` domain of the locale folders
(``skyjo/i18n/locales/<code>/review.arb``).

A domain of its own, so the review can be shown on any page (the game's end,
the replay viewer, ``skyjo review``). Sentences are whole templates with named
fields; cards arrive as ints and are printed with a real minus sign, points as
one decimal in the language's style. The build checks every language against
English, and ``tests/i18n/test_catalogues.py`` renders every message in every language.

A reviewed player who is the person at the device is spoken to ("your
decisions", not "the decisions of You"): :class:`ReviewTexts` is told which
names mean "you" and passes them as a :class:`skyjo.i18n.grammar.Person`.
"""

from __future__ import annotations

from typing import Final

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Reason
from skyjo.cards import column_of, row_of
from skyjo.i18n.catalogue import Catalogue
from skyjo.i18n.language import signed
from skyjo.review.grades import INACCURACY, Grade

#: Reason fields that hold a card: printed signed ("−2"), with the article a language needs.
CARD_FIELDS: Final = frozenset({"card", "covered", "higher"})


class ReviewTexts(Catalogue):
    """The review's sentences in one language (unknown languages: English).

    ``you`` holds the names that mean the person at the device (the page passes
    the default "you" names of every language): a ``name`` field holding one of
    them is said in the second person."""

    DOMAINS = ("review",)

    def points(self, value: float) -> str:
        """Points with one decimal: '4.2' in English, '4,2' in the other languages."""
        text = f"{value:.1f}".replace("-", "−")
        return text if self.language == "en" else text.replace(".", ",")

    def clean(self) -> str:
        """What a review with no inaccuracy says: it names the threshold, so the
        sentence stays true when the grades move."""
        return self.t("review.clean", points=self.points(INACCURACY))

    def uncertain_note(self) -> str:
        """What the uncertain verdicts listed apart have in common: the expert's
        move was better, perhaps by too little to call an inaccuracy. It names
        the line, so the sentence stays true when the grades move."""
        return self.t("review.uncertain_note", points=self.points(INACCURACY))

    def amount(self, value: float) -> str:
        """Points in a reason: whole ones as a whole number ("saves 4 points", as a
        player counts cards), others with one decimal (:meth:`points`)."""
        return signed(int(value)) if value == int(value) else self.points(value)

    def reason(self, why: Reason) -> str:
        """A review reason in this language: cards signed, points as :meth:`amount`."""
        fields = {
            name: (
                self.amount(v)
                if isinstance(v, float)
                else signed(v)
                if name in CARD_FIELDS and isinstance(v, int)
                else v
            )
            for name, v in why.fields.items()
        }
        return self.t(why.key, **fields)

    def move(self, action: PlayerAction, card: int | None) -> str:
        """``action`` as an instruction ("draw a card"); ``card`` is the discard
        pile's top card for a take, the card in hand for a placement."""
        shown = signed(card) if card is not None else ""
        match action:
            case Draw():
                return self.t("review.move.draw")
            case TakeDiscard():
                return self.t("review.move.take", card=shown)
            case Swap(position):
                return self.t(
                    "review.move.swap",
                    card=shown,
                    row=row_of(position) + 1,
                    column=column_of(position) + 1,
                )
            case Flip(position):
                return self.t(
                    "review.move.flip",
                    card=shown,
                    row=row_of(position) + 1,
                    column=column_of(position) + 1,
                )
        raise ValueError(f"no words for the action '{action}'")

    def kind(self, kind: str) -> str:
        return self.t(f"review.kind.{kind}")

    def grade(self, grade: Grade) -> str:
        return self.t(f"review.grade.{grade.value}")

    def accuracy(self, value: float) -> str:
        """An accuracy as the sentence "Accuracy: 87%" in this language's style."""
        return self.t("review.accuracy", accuracy=round(value))

    def accuracy_note(self, name: str) -> str:
        """What the accuracy measures (the decisions, not the result): a 97%
        beside a heavy defeat reads as a contradiction without it."""
        return self.t("review.accuracy_note", name=name)

    def summary(self, *, decisions: int, turns: int, per_turn: float, total: float) -> str:
        """How many decisions were graded, over how many turns (a turn is one or
        two decisions, so both counts are said), and the points lost."""
        return self.t(
            "review.summary",
            decisions=decisions,
            turns=turns,
            per_turn=self.points(per_turn),
            total=self.points(total),
        )

    def better(self, move: str, *, keeps_round_open: bool) -> str:
        """The better move; when the move played ended the round and this one
        would not have, it says that it keeps the round open."""
        return self.t("review.better_open" if keeps_round_open else "review.better", move=move)

    def round_accuracy(self, round_number: int, value: float) -> str:
        return self.t("review.round_accuracy", round=round_number, accuracy=round(value))
