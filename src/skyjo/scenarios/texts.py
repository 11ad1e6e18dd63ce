# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The scenarios' page texts in English, German and Dutch (French, Spanish and
Italian in ``texts_fr`` and its siblings).

Keys follow the message catalogue's style (``scenario.<name>.title``,
``.situation``, and ``.outcome`` or ``.outcome.<value>`` per rule setting), so a
page merges :func:`catalogue` into its own catalogue and looks them up like any
other message. The texts hold no fields: the scenarios' names and cards are fixed.
They live beside the scenarios rather than in ``skyjo.ui.i18n`` because the
scenarios are engine-side data (the rules page and the embeds both use them)
and nothing below ``ui`` may import it.
"""

from __future__ import annotations

from typing import Final

from skyjo.errors import SkyjoError
from skyjo.scenarios.texts_es import ES
from skyjo.scenarios.texts_fr import FR
from skyjo.scenarios.texts_it import IT

LANGUAGES: Final = ("en", "de", "nl", "fr", "es", "it")

EN: Final[dict[str, str]] = {
    "scenario.column.title": "Completing a column",
    "scenario.column.situation": "Lena has two 7s face up in her first column, and the discard pile shows a 7. It is her turn.",
    "scenario.column.outcome.all": "She takes the 7 and swaps it for the face-down card below them: three 7s in a column, and the whole column leaves the table. The gap stays.",
    "scenario.column.outcome.keep_negative": "Three 7s leave even under the house rule that keeps columns of −1 or −2: only negative columns stay.",
    "scenario.column.outcome.off": "Without the column rule the three 7s stay on the table and count 21 points.",
    "scenario.tie_doubles.title": "A tie doubles the player who ends the round",
    "scenario.tie_doubles.situation": "Jonas has one face-down card left; turning it up ends the round with 6 points for him. Mia will have 6 too.",
    "scenario.tie_doubles.outcome.true": "Jonas does not have the lowest score alone, so his 6 counts double: he writes 12 (the manual's rule).",
    "scenario.tie_doubles.outcome.false": "With ties forgiven, it is enough that nobody has fewer points: Jonas writes 6.",
    "scenario.negative_not_doubled.title": "A negative score is not doubled",
    "scenario.negative_not_doubled.situation": "Lena has one face-down card left; turning it up ends the round with −3 for her. Mia will end with −5.",
    "scenario.negative_not_doubled.outcome.false": "Mia has fewer points, but doubling only applies above 0: Lena keeps −3 (the manual's rule).",
    "scenario.negative_not_doubled.outcome.true": "If every finisher who is undercut were doubled, Lena's −3 would become −6: a reward instead of a penalty.",
    "scenario.reveal_removes_column.title": "The final reveal removes a column",
    "scenario.reveal_removes_column.situation": "Lena shows two 5s in her third column; the card below them is face down. Jonas is about to turn up his last card.",
    "scenario.reveal_removes_column.outcome.all": "Jonas ends the round, Lena takes her last turn, then every card is turned up: the hidden card is a 5, and the column leaves before the scores are added.",
    "scenario.reveal_removes_column.outcome.keep_negative": "The same under the house rule that keeps negative columns: three 5s leave.",
    "scenario.reveal_removes_column.outcome.off": "Without the column rule the three 5s stay and count 15 points.",
    "scenario.last_turns.title": "The last turns",
    "scenario.last_turns.situation": "Jonas has just turned up his last card: he has ended the round.",
    "scenario.last_turns.outcome": "Mia and then Lena each get exactly one more turn; Jonas gets none. Then every card is turned up and the round is scored.",
    "scenario.reshuffle.title": "An empty draw pile",
    "scenario.reshuffle.situation": "The draw pile is empty, and it is Jonas's turn.",
    "scenario.reshuffle.outcome": "The discard pile, except its top card, is shuffled into a new draw pile; the top card stays. Then Jonas plays his turn as usual.",
    "scenario.keep_negative.title": "A column of −1s",
    "scenario.keep_negative.situation": "Lena has two −1s face up in her second column, and the discard pile shows a −1. It is her turn.",
    "scenario.keep_negative.outcome.keep_negative": "She swaps it in: three −1 in a column. Under the house rule negative columns stay and keep their −3 points.",
    "scenario.keep_negative.outcome.all": "Under the manual's rule every complete column leaves, even three −1: Lena loses those −3 points.",
    "scenario.keep_negative.outcome.off": "Without the column rule the three −1 stay as well.",
    "scenario.target.title": "Exactly 100 ends the game",
    "scenario.target.situation": "Jonas has one face-down card left and will end the round with 50; Lena has fewer points.",
    "scenario.target.outcome.100": "Lena undercuts him, so Jonas's 50 are doubled to exactly 100: reaching the target is enough, the game ends and Lena wins.",
    "scenario.target.outcome.101": "If the game only ended above 100, Jonas's 100 would not end it, and another round would follow.",
    "scenario.column.title.keep_negative": "Completing a column (negative columns stay)",
    "scenario.column.title.off": "Completing a column, without the column rule",
    "scenario.tie_doubles.title.false": "A tie is forgiven: the finisher keeps their score",
    "scenario.negative_not_doubled.title.true": "Every undercut finisher is doubled, even below 0",
    "scenario.reveal_removes_column.title.keep_negative": "The final reveal removes a column (negative columns stay)",
    "scenario.reveal_removes_column.title.off": "The final reveal, without the column rule",
    "scenario.keep_negative.title.all": "A column of −1s under the manual's rule",
    "scenario.keep_negative.title.off": "A column of −1s, without the column rule",
    "scenario.target.title.101": "Only more than 100 ends the game",
}

DE: Final[dict[str, str]] = {
    "scenario.column.title": "Eine Spalte vervollständigen",
    "scenario.column.situation": "Lena hat in ihrer ersten Spalte zwei 7er offen liegen, und auf dem Ablagestapel liegt eine 7. Sie ist am Zug.",
    "scenario.column.outcome.all": "Sie nimmt die 7 und tauscht sie gegen die verdeckte Karte darunter: drei 7er in einer Spalte, die ganze Spalte kommt vom Tisch. Die Lücke bleibt.",
    "scenario.column.outcome.keep_negative": "Auch mit der Hausregel, die Spalten aus −1 oder −2 liegen lässt, gehen drei 7er weg: nur negative Spalten bleiben.",
    "scenario.column.outcome.off": "Ohne Spaltenregel bleiben die drei 7er liegen und zählen 21 Punkte.",
    "scenario.tie_doubles.title": "Gleichstand verdoppelt, wer die Runde beendet",
    "scenario.tie_doubles.situation": "Jonas hat noch eine verdeckte Karte; deckt er sie auf, beendet er die Runde mit 6 Punkten. Mia wird auch 6 haben.",
    "scenario.tie_doubles.outcome.true": "Jonas hat nicht allein die niedrigste Summe, also zählen seine 6 doppelt: er schreibt 12 (so steht es in der Anleitung).",
    "scenario.tie_doubles.outcome.false": "Zählt Gleichstand nicht, reicht es, dass niemand weniger hat: Jonas schreibt 6.",
    "scenario.negative_not_doubled.title": "Negative Punkte werden nicht verdoppelt",
    "scenario.negative_not_doubled.situation": "Lena hat noch eine verdeckte Karte; deckt sie sie auf, beendet sie die Runde mit −3. Mia wird −5 haben.",
    "scenario.negative_not_doubled.outcome.false": "Mia hat weniger Punkte, aber verdoppelt wird nur über 0: Lena behält −3 (so steht es in der Anleitung).",
    "scenario.negative_not_doubled.outcome.true": "Würde jeder unterbotene Spieler verdoppelt, würden aus Lenas −3 sogar −6: eine Belohnung statt einer Strafe.",
    "scenario.reveal_removes_column.title": "Das Aufdecken am Rundenende entfernt eine Spalte",
    "scenario.reveal_removes_column.situation": "Lena hat in ihrer dritten Spalte zwei offene 5er, die Karte darunter liegt verdeckt. Jonas deckt gleich seine letzte Karte auf.",
    "scenario.reveal_removes_column.outcome.all": "Jonas beendet die Runde, Lena ist ein letztes Mal dran, dann werden alle Karten aufgedeckt: die verdeckte Karte ist eine 5, und die Spalte geht weg, bevor gezählt wird.",
    "scenario.reveal_removes_column.outcome.keep_negative": "Genauso mit der Hausregel für negative Spalten: drei 5er gehen weg.",
    "scenario.reveal_removes_column.outcome.off": "Ohne Spaltenregel bleiben die drei 5er liegen und zählen 15 Punkte.",
    "scenario.last_turns.title": "Die letzten Züge",
    "scenario.last_turns.situation": "Jonas hat gerade seine letzte Karte aufgedeckt: er hat die Runde beendet.",
    "scenario.last_turns.outcome": "Mia und dann Lena sind noch genau einmal dran, Jonas nicht mehr. Dann werden alle Karten aufgedeckt und die Runde wird gezählt.",
    "scenario.reshuffle.title": "Der Nachziehstapel ist leer",
    "scenario.reshuffle.situation": "Der Nachziehstapel ist aufgebraucht, und Jonas ist am Zug.",
    "scenario.reshuffle.outcome": "Der Ablagestapel wird bis auf die oberste Karte gemischt und zum neuen Nachziehstapel; die oberste Karte bleibt liegen. Dann spielt Jonas seinen Zug wie gewohnt.",
    "scenario.keep_negative.title": "Eine Spalte aus −1",
    "scenario.keep_negative.situation": "Lena hat in ihrer zweiten Spalte zwei offene −1, und auf dem Ablagestapel liegt eine −1. Sie ist am Zug.",
    "scenario.keep_negative.outcome.keep_negative": "Sie tauscht sie ein: drei −1 in einer Spalte. Nach der Hausregel bleiben negative Spalten liegen und behalten ihre −3 Punkte.",
    "scenario.keep_negative.outcome.all": "Nach der Anleitung geht jede volle Spalte weg, auch drei −1: Lena verliert die −3 Punkte.",
    "scenario.keep_negative.outcome.off": "Ohne Spaltenregel bleiben die drei −1 ebenfalls liegen.",
    "scenario.target.title": "Genau 100 beendet das Spiel",
    "scenario.target.situation": "Jonas hat noch eine verdeckte Karte und beendet die Runde gleich mit 50; Lena hat weniger.",
    "scenario.target.outcome.100": "Lena unterbietet ihn, also werden Jonas' 50 auf genau 100 verdoppelt: das Ziel zu erreichen genügt, das Spiel ist aus und Lena gewinnt.",
    "scenario.target.outcome.101": "Endete das Spiel erst über 100, wären Jonas' 100 nicht genug, und es gäbe eine weitere Runde.",
    "scenario.column.title.keep_negative": "Eine Spalte vervollständigen (Minus-Spalten bleiben)",
    "scenario.column.title.off": "Eine Spalte vervollständigen, ohne Spaltenregel",
    "scenario.tie_doubles.title.false": "Gleichstand zählt einfach: wer beendet, behält seine Punkte",
    "scenario.negative_not_doubled.title.true": "Wer unterboten wird, zählt doppelt, auch unter 0",
    "scenario.reveal_removes_column.title.keep_negative": "Das Aufdecken am Rundenende entfernt eine Spalte (Minus-Spalten bleiben)",
    "scenario.reveal_removes_column.title.off": "Das Aufdecken am Rundenende, ohne Spaltenregel",
    "scenario.keep_negative.title.all": "Eine Spalte aus −1 nach der Anleitung",
    "scenario.keep_negative.title.off": "Eine Spalte aus −1, ohne Spaltenregel",
    "scenario.target.title.101": "Erst über 100 endet das Spiel",
}

NL: Final[dict[str, str]] = {
    "scenario.column.title": "Een kolom vol maken",
    "scenario.column.situation": "Lena heeft in haar eerste kolom twee open 7's, en op de aflegstapel ligt een 7. Zij is aan de beurt.",
    "scenario.column.outcome.all": "Ze pakt de 7 en ruilt hem tegen de dichte kaart eronder: drie 7's in een kolom, en de hele kolom gaat van tafel. Het gat blijft.",
    "scenario.column.outcome.keep_negative": "Ook met de huisregel die kolommen van −1 of −2 laat liggen, gaan drie 7's weg: alleen negatieve kolommen blijven.",
    "scenario.column.outcome.off": "Zonder kolomregel blijven de drie 7's liggen en tellen ze 21 punten.",
    "scenario.tie_doubles.title": "Gelijkspel verdubbelt wie de ronde afsluit",
    "scenario.tie_doubles.situation": "Jonas heeft nog één dichte kaart; als hij die omdraait, sluit hij de ronde af met 6 punten. Mia heeft straks ook 6.",
    "scenario.tie_doubles.outcome.true": "Jonas heeft niet als enige de laagste score, dus tellen zijn 6 punten dubbel: hij schrijft 12 op (zo staat het in de handleiding).",
    "scenario.tie_doubles.outcome.false": "Telt gelijkspel niet, dan is het genoeg dat niemand minder heeft: Jonas schrijft 6 op.",
    "scenario.negative_not_doubled.title": "Een negatieve score wordt niet verdubbeld",
    "scenario.negative_not_doubled.situation": "Lena heeft nog één dichte kaart; als ze die omdraait, sluit ze de ronde af met −3. Mia eindigt met −5.",
    "scenario.negative_not_doubled.outcome.false": "Mia heeft minder punten, maar alleen een score boven 0 wordt verdubbeld: Lena houdt −3 (zo staat het in de handleiding).",
    "scenario.negative_not_doubled.outcome.true": "Als elke afsluiter met een lagere tegenstander verdubbeld werd, zou Lena's −3 zelfs −6 worden: een beloning in plaats van een straf.",
    "scenario.reveal_removes_column.title": "Het omdraaien aan het eind verwijdert een kolom",
    "scenario.reveal_removes_column.situation": "Lena heeft in haar derde kolom twee open 5's; de kaart eronder ligt dicht. Jonas draait zo zijn laatste kaart om.",
    "scenario.reveal_removes_column.outcome.all": "Jonas sluit de ronde af, Lena speelt haar laatste beurt, dan gaan alle kaarten open: de dichte kaart is een 5, en de kolom gaat weg voordat er geteld wordt.",
    "scenario.reveal_removes_column.outcome.keep_negative": "Hetzelfde met de huisregel voor negatieve kolommen: drie 5's gaan weg.",
    "scenario.reveal_removes_column.outcome.off": "Zonder kolomregel blijven de drie 5's liggen en tellen ze 15 punten.",
    "scenario.last_turns.title": "De laatste beurten",
    "scenario.last_turns.situation": "Jonas heeft net zijn laatste kaart omgedraaid: hij heeft de ronde afgesloten.",
    "scenario.last_turns.outcome": "Mia en daarna Lena krijgen elk nog precies één beurt, Jonas geen. Dan gaan alle kaarten open en wordt de ronde geteld.",
    "scenario.reshuffle.title": "Een lege trekstapel",
    "scenario.reshuffle.situation": "De trekstapel is op, en Jonas is aan de beurt.",
    "scenario.reshuffle.outcome": "De aflegstapel wordt, behalve de bovenste kaart, geschud en wordt de nieuwe trekstapel; de bovenste kaart blijft liggen. Daarna speelt Jonas zijn beurt zoals altijd.",
    "scenario.keep_negative.title": "Een kolom van −1",
    "scenario.keep_negative.situation": "Lena heeft in haar tweede kolom twee open −1, en op de aflegstapel ligt een −1. Zij is aan de beurt.",
    "scenario.keep_negative.outcome.keep_negative": "Ze ruilt hem in: drie −1 in een kolom. Volgens de huisregel blijven negatieve kolommen liggen, met hun −3 punten.",
    "scenario.keep_negative.outcome.all": "Volgens de handleiding gaat elke volle kolom weg, ook drie −1: Lena raakt die −3 punten kwijt.",
    "scenario.keep_negative.outcome.off": "Zonder kolomregel blijven de drie −1 ook liggen.",
    "scenario.target.title": "Precies 100 beëindigt het spel",
    "scenario.target.situation": "Jonas heeft nog één dichte kaart en sluit de ronde straks af met 50; Lena heeft minder.",
    "scenario.target.outcome.100": "Lena zit onder hem, dus worden Jonas' 50 punten verdubbeld tot precies 100: het doel halen is genoeg, het spel is uit en Lena wint.",
    "scenario.target.outcome.101": "Als het spel pas boven de 100 eindigde, zou Jonas' 100 niet genoeg zijn en volgde er nog een ronde.",
    "scenario.column.title.keep_negative": "Een kolom vol maken (minkolommen blijven)",
    "scenario.column.title.off": "Een kolom vol maken, zonder kolomregel",
    "scenario.tie_doubles.title.false": "Gelijkspel telt enkel: wie uitmaakt, houdt zijn punten",
    "scenario.negative_not_doubled.title.true": "Wie onderboden wordt, telt dubbel, ook onder 0",
    "scenario.reveal_removes_column.title.keep_negative": "Het omdraaien aan het eind verwijdert een kolom (minkolommen blijven)",
    "scenario.reveal_removes_column.title.off": "Het omdraaien aan het eind, zonder kolomregel",
    "scenario.keep_negative.title.all": "Een kolom van −1 volgens de handleiding",
    "scenario.keep_negative.title.off": "Een kolom van −1, zonder kolomregel",
    "scenario.target.title.101": "Pas boven 100 eindigt het spel",
}

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": EN,
    "de": DE,
    "nl": NL,
    "fr": FR,
    "es": ES,
    "it": IT,
}


def catalogue(language: str) -> dict[str, str]:
    """Every scenario text in ``language`` (one of :data:`LANGUAGES`), a copy to
    merge into a page's catalogue."""
    try:
        return dict(TEXTS[language])
    except KeyError:
        raise SkyjoError(
            f"no scenario texts in {language!r} (languages: {', '.join(LANGUAGES)})"
        ) from None
