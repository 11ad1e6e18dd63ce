"""The game review's words, in English, German and Dutch here, and in French,
Spanish and Italian in their own modules (``texts_fr`` ...).

A small catalogue of its own (like :mod:`skyjo.embed.texts`), so the review can
be shown on any page and a new language is one more dict. Sentences are whole
templates with named fields; cards arrive as ints and are printed with a real
minus sign, points as one decimal in the language's style. A test checks that
every language has the same keys and fields, and ``tests/test_catalogues.py``
renders every message in every language.

A reviewed player who is the person at the device is spoken to ("your
decisions", not "the decisions of You"): :class:`ReviewTexts` is told which
names mean "you" and passes them as a :class:`skyjo.grammar.Person`.
"""

from __future__ import annotations

from typing import Final

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Reason
from skyjo.cards import column_of, row_of
from skyjo.grammar import Person
from skyjo.language import Phrasebook, signed
from skyjo.review.texts_es import ES
from skyjo.review.texts_fr import FR
from skyjo.review.texts_it import IT

EN: Final[dict[str, str]] = {
    "review.heading": "Game review: {name}",
    "review.intro": "{name, person, you {The expert bot rated every one of your decisions from what you could see at the time.} other {The expert bot rated every decision of {name} from what {name} could see at the time.}}",
    "review.choose": "Review the decisions of",
    "review.start": "Review",
    "review.progress": "Analysing decision {done} of {total}…",
    "review.summary": "Turns reviewed: {turns}. Points lost per turn on average: {per_turn} ({total} in all).",
    "review.no_turns": "There is no turn to review yet.",
    "review.clean": "No costly decision: every move was within a point of the expert's.",
    "review.costliest": "The costliest decisions",
    "review.kinds": "Mistakes by kind",
    "review.kind_count": "{kind}: {count}",
    "review.item": "Round {round}, turn {turn}: {loss} points lost",
    "review.played": "Played: {move}.",
    "review.better": "Better: {move}.",
    "review.position": "{name, person, you {Your cards at that moment} other {{name}'s cards at that moment}}",
    "review.discard": "Discard pile: {card}",
    "review.discard_empty": "Discard pile: empty",
    "review.held": "In hand: {card}",
    "review.card_up": "row {row}, column {column}: {card}",
    "review.card_down": "row {row}, column {column}: face down",
    "review.card_removed": "row {row}, column {column}: removed",
    "review.move.draw": "draw a card",
    "review.move.take": "take the {card} from the discard pile",
    "review.move.swap": "put the {card} at row {row}, column {column}",
    "review.move.flip": "discard the {card} and turn up row {row}, column {column}",
    "review.kind.kept_high": "kept a high card",
    "review.kind.let_low_go": "let a low card go",
    "review.kind.missed_column": "missed a column",
    "review.kind.gave_column": "gave away a column card",
    "review.kind.ended_doubling": "ended the round into a doubling",
    "review.kind.wrong_pile": "took from the wrong pile",
    "review.kind.placement": "put a card in a worse place",
    "review.reason.take_high": "The {card} is higher than a face-down card is worth on average, so an unknown card from the draw pile was the better chance.",
    "review.reason.take_not_worth": "The {card} saved too little where it could go, so drawing a card was the better chance.",
    "review.reason.take_low": "A {card} is low enough to be worth keeping almost anywhere, so taking it beat an unknown card from the draw pile.",
    "review.reason.take_better": "The {card} from the discard pile was worth {loss} points more than an unknown card from the draw pile.",
    "review.reason.keep_high": "The {card} is higher than a face-down card is worth on average, so discarding it and turning up a card cost less.",
    "review.reason.keep_over": "The {card} was worth keeping: in place of the {higher} at row {row}, column {column} it saves {diff} points.",
    "review.reason.keep_over_down": "The {card} was worth keeping: in place of a face-down card, worth about {mean} on average, it saves about {diff} points.",
    "review.reason.missed_column": "A {card} there makes three equal cards in column {column}, and the whole column leaves the grid.",
    "review.reason.gave_column": "{name, person, you {The {card} on the discard pile lets you complete a column.} other {The {card} on the discard pile lets {name} complete a column.}}",
    "review.reason.ended_doubling": "{name, person, you {Your layout was not clearly the lowest, and whoever ends a round without the lowest score pays double.} other {The layout of {name} was not clearly the lowest, and whoever ends a round without the lowest score pays double.}}",
    "review.reason.pair": "At row {row}, column {column} the {card} pairs with the {card} already in that column: one more and the whole column leaves the grid.",
    "review.reason.broke_pair": "The {covered} at row {row}, column {column} was one of two in its column, halfway to a column that leaves the grid.",
    "review.reason.over_down": "A face-down card is worth about {mean} on average, so the {card} saves about {diff} points more in its place than in place of the {covered}.",
    "review.reason.over_higher": "The {card} saves {diff} points more in place of the {higher} than in place of the {covered}.",
    "review.reason.over_known": "The {higher} is higher than a face-down card is worth on average (about {mean}), so the {card} saves about {diff} points more in its place.",
    "review.reason.simulated": "Played out to the end of the round, the better move scores {loss} points more on average.",
}

DE: Final[dict[str, str]] = {
    "review.heading": "Spielanalyse: {name}",
    "review.intro": "{name, person, you {Der Experten-Bot hat jede deiner Entscheidungen bewertet, mit dem, was du damals sehen konntest.} other {Der Experten-Bot hat jede Entscheidung von {name} bewertet, mit dem, was {name} damals sehen konnte.}}",
    "review.choose": "Entscheidungen analysieren von",
    "review.start": "Analysieren",
    "review.progress": "Entscheidung {done} von {total} wird analysiert …",
    "review.summary": "Analysierte Züge: {turns}. Im Schnitt pro Zug verlorene Punkte: {per_turn} ({total} insgesamt).",
    "review.no_turns": "Es gibt noch keinen Zug zu analysieren.",
    "review.clean": "Keine teure Entscheidung: jeder Zug lag höchstens einen Punkt hinter dem des Experten.",
    "review.costliest": "Die teuersten Entscheidungen",
    "review.kinds": "Fehler nach Art",
    "review.kind_count": "{kind}: {count}",
    "review.item": "Runde {round}, Zug {turn}: {loss} Punkte verloren",
    "review.played": "Gespielt: {move}.",
    "review.better": "Besser: {move}.",
    "review.position": "{name, person, you {Deine Karten in diesem Moment} other {Karten von {name} in diesem Moment}}",
    "review.discard": "Ablagestapel: {card}",
    "review.discard_empty": "Ablagestapel: leer",
    "review.held": "In der Hand: {card}",
    "review.card_up": "Reihe {row}, Spalte {column}: {card}",
    "review.card_down": "Reihe {row}, Spalte {column}: verdeckt",
    "review.card_removed": "Reihe {row}, Spalte {column}: abgelegt",
    "review.move.draw": "eine Karte ziehen",
    "review.move.take": "die {card} vom Ablagestapel nehmen",
    "review.move.swap": "die {card} in Reihe {row}, Spalte {column} legen",
    "review.move.flip": "die {card} abwerfen und Reihe {row}, Spalte {column} aufdecken",
    "review.kind.kept_high": "eine hohe Karte behalten",
    "review.kind.let_low_go": "eine niedrige Karte liegen lassen",
    "review.kind.missed_column": "eine Spalte verpasst",
    "review.kind.gave_column": "eine Spaltenkarte hergegeben",
    "review.kind.ended_doubling": "die Runde in die Verdopplung beendet",
    "review.kind.wrong_pile": "vom falschen Stapel genommen",
    "review.kind.placement": "eine Karte an einen schlechteren Platz gelegt",
    "review.reason.take_high": "Die {card} ist höher als eine verdeckte Karte im Schnitt wert ist, also war eine unbekannte Karte vom Nachziehstapel die bessere Chance.",
    "review.reason.take_not_worth": "Die {card} sparte dort, wo sie hinpasste, zu wenig, also war Ziehen die bessere Chance.",
    "review.reason.take_low": "Eine {card} ist niedrig genug, um fast überall zu lohnen, also war sie besser als eine unbekannte Karte vom Nachziehstapel.",
    "review.reason.take_better": "Die {card} vom Ablagestapel war {loss} Punkte mehr wert als eine unbekannte Karte vom Nachziehstapel.",
    "review.reason.keep_high": "Die {card} ist höher als eine verdeckte Karte im Schnitt wert ist, also kostete Abwerfen und Aufdecken weniger.",
    "review.reason.keep_over": "Die {card} lohnte sich: an der Stelle der {higher} in Reihe {row}, Spalte {column} spart sie {diff} Punkte.",
    "review.reason.keep_over_down": "Die {card} lohnte sich: an der Stelle einer verdeckten Karte, im Schnitt etwa {mean} wert, spart sie etwa {diff} Punkte.",
    "review.reason.missed_column": "Eine {card} dort ergibt drei gleiche Karten in Spalte {column}, und die ganze Spalte wird abgelegt.",
    "review.reason.gave_column": "{name, person, you {Die {card} auf dem Ablagestapel lässt dich eine Spalte vervollständigen.} other {Die {card} auf dem Ablagestapel lässt {name} eine Spalte vervollständigen.}}",
    "review.reason.ended_doubling": "{name, person, you {Deine Auslage war nicht klar die niedrigste, und wer eine Runde ohne die niedrigste Summe beendet, zahlt doppelt.} other {Die Auslage von {name} war nicht klar die niedrigste, und wer eine Runde ohne die niedrigste Summe beendet, zahlt doppelt.}}",
    "review.reason.pair": "In Reihe {row}, Spalte {column} bildet die {card} ein Paar mit der {card}, die schon in dieser Spalte liegt: noch eine, und die ganze Spalte wird abgelegt.",
    "review.reason.broke_pair": "Die {covered} in Reihe {row}, Spalte {column} war eine von zweien in ihrer Spalte, auf halbem Weg zu einer Spalte, die abgelegt wird.",
    "review.reason.over_down": "Eine verdeckte Karte ist im Schnitt etwa {mean} wert, also spart die {card} an ihrer Stelle etwa {diff} Punkte mehr als an der Stelle der {covered}.",
    "review.reason.over_higher": "Die {card} spart {diff} Punkte mehr, wenn sie die {higher} ersetzt statt der {covered}.",
    "review.reason.over_known": "Die {higher} ist höher, als eine verdeckte Karte im Schnitt wert ist (etwa {mean}), also spart die {card} an ihrer Stelle etwa {diff} Punkte mehr.",
    "review.reason.simulated": "Bis zum Rundenende durchgespielt bringt der bessere Zug im Schnitt {loss} Punkte mehr.",
}

NL: Final[dict[str, str]] = {
    "review.heading": "Spelanalyse: {name}",
    "review.intro": "{name, person, you {De expert-bot beoordeelde elk van je beslissingen met wat je op dat moment kon zien.} other {De expert-bot beoordeelde elke beslissing van {name} met wat {name} op dat moment kon zien.}}",
    "review.choose": "Beslissingen analyseren van",
    "review.start": "Analyseren",
    "review.progress": "Beslissing {done} van {total} wordt geanalyseerd…",
    "review.summary": "Geanalyseerde beurten: {turns}. Gemiddeld verloren punten per beurt: {per_turn} ({total} in totaal).",
    "review.no_turns": "Er is nog geen beurt om te analyseren.",
    "review.clean": "Geen dure beslissing: elke zet lag binnen een punt van die van de expert.",
    "review.costliest": "De duurste beslissingen",
    "review.kinds": "Fouten per soort",
    "review.kind_count": "{kind}: {count}",
    "review.item": "Ronde {round}, beurt {turn}: {loss} punten verloren",
    "review.played": "Gespeeld: {move}.",
    "review.better": "Beter: {move}.",
    "review.position": "{name, person, you {Jouw kaarten op dat moment} other {Kaarten van {name} op dat moment}}",
    "review.discard": "Aflegstapel: {card}",
    "review.discard_empty": "Aflegstapel: leeg",
    "review.held": "In de hand: {card}",
    "review.card_up": "rij {row}, kolom {column}: {card}",
    "review.card_down": "rij {row}, kolom {column}: dicht",
    "review.card_removed": "rij {row}, kolom {column}: weggelegd",
    "review.move.draw": "een kaart trekken",
    "review.move.take": "de {card} van de aflegstapel pakken",
    "review.move.swap": "de {card} op rij {row}, kolom {column} leggen",
    "review.move.flip": "de {card} afleggen en rij {row}, kolom {column} opendraaien",
    "review.kind.kept_high": "een hoge kaart gehouden",
    "review.kind.let_low_go": "een lage kaart laten liggen",
    "review.kind.missed_column": "een kolom gemist",
    "review.kind.gave_column": "een kolomkaart weggegeven",
    "review.kind.ended_doubling": "de ronde uitgemaakt en verdubbeld",
    "review.kind.wrong_pile": "van de verkeerde stapel gepakt",
    "review.kind.placement": "een kaart op een slechtere plek gelegd",
    "review.reason.take_high": "De {card} is hoger dan een dichte kaart gemiddeld waard is, dus een onbekende kaart van de trekstapel was de betere kans.",
    "review.reason.take_not_worth": "De {card} bespaarde te weinig waar hij kon liggen, dus trekken was de betere kans.",
    "review.reason.take_low": "Een {card} is laag genoeg om bijna overal te houden, dus pakken was beter dan een onbekende kaart van de trekstapel.",
    "review.reason.take_better": "De {card} van de aflegstapel was {loss} punten meer waard dan een onbekende kaart van de trekstapel.",
    "review.reason.keep_high": "De {card} is hoger dan een dichte kaart gemiddeld waard is, dus afleggen en een kaart opendraaien kostte minder.",
    "review.reason.keep_over": "De {card} was het houden waard: op de plaats van de {higher} op rij {row}, kolom {column} bespaart hij {diff} punten.",
    "review.reason.keep_over_down": "De {card} was het houden waard: op de plaats van een dichte kaart, gemiddeld ongeveer {mean} waard, bespaart hij ongeveer {diff} punten.",
    "review.reason.missed_column": "Een {card} daar maakt drie gelijke kaarten in kolom {column}, en de hele kolom gaat weg.",
    "review.reason.gave_column": "{name, person, you {De {card} op de aflegstapel laat jou een kolom afmaken.} other {De {card} op de aflegstapel laat {name} een kolom afmaken.}}",
    "review.reason.ended_doubling": "{name, person, you {Je raster was niet duidelijk het laagste, en wie een ronde uitmaakt zonder de laagste score betaalt dubbel.} other {Het raster van {name} was niet duidelijk het laagste, en wie een ronde uitmaakt zonder de laagste score betaalt dubbel.}}",
    "review.reason.pair": "Op rij {row}, kolom {column} vormt de {card} een paar met de {card} die al in die kolom ligt: nog één en de hele kolom gaat weg.",
    "review.reason.broke_pair": "De {covered} op rij {row}, kolom {column} was een van twee in zijn kolom, halverwege een kolom die weggaat.",
    "review.reason.over_down": "Een dichte kaart is gemiddeld ongeveer {mean} waard, dus de {card} bespaart op zijn plaats ongeveer {diff} punten meer dan op de plaats van de {covered}.",
    "review.reason.over_higher": "De {card} bespaart {diff} punten meer als hij de {higher} vervangt in plaats van de {covered}.",
    "review.reason.over_known": "De {higher} is hoger dan een dichte kaart gemiddeld waard is (ongeveer {mean}), dus de {card} bespaart op zijn plaats ongeveer {diff} punten meer.",
    "review.reason.simulated": "Uitgespeeld tot het einde van de ronde levert de betere zet gemiddeld {loss} punten meer op.",
}

CATALOGUE: Final[dict[str, dict[str, str]]] = {
    "en": EN,
    "de": DE,
    "nl": NL,
    "fr": FR,
    "es": ES,
    "it": IT,
}


#: Reason fields that hold a card: printed signed ("−2"), with the article a language needs.
CARD_FIELDS: Final = frozenset({"card", "covered", "higher"})


class ReviewTexts(Phrasebook):
    """The review's sentences in one language (unknown languages: English).

    ``you`` holds the names that mean the person at the device (the page passes
    the default "you" names of every language): a ``name`` field holding one of
    them is said in the second person."""

    def __init__(self, language: str, *, you: frozenset[str] = frozenset()) -> None:
        super().__init__(CATALOGUE, language)
        self.you = you

    def t(self, key: str, **fields: object) -> str:
        name = fields.get("name")
        if isinstance(name, str):
            fields["name"] = Person(name, you=name in self.you)
        return super().t(key, **fields)

    def points(self, value: float) -> str:
        """Points with one decimal: '4.2' in English, '4,2' in the other languages."""
        text = f"{value:.1f}".replace("-", "−")
        return text if self.language == "en" else text.replace(".", ",")

    def reason(self, why: Reason) -> str:
        """A review reason in this language: cards signed, points with one decimal."""
        fields = {
            name: (
                self.points(v)
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
