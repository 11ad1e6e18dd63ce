# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The embed's and the replay viewer's own words, in English, German and Dutch
here, in French, Spanish and Italian in ``texts_fr`` and its siblings.

The table's words (round, turn, card labels, scores) come from the game's
catalogue (:mod:`skyjo.ui.i18n`) and the scenarios' from
:mod:`skyjo.scenarios.texts`; :class:`Texts` looks a key up in all three, so the
pages say everything in one language. A test checks the three languages have
the same keys and fields here.
"""

from __future__ import annotations

from typing import Final

from skyjo import scenarios
from skyjo.embed.texts_es import ES
from skyjo.embed.texts_fr import FR
from skyjo.embed.texts_it import IT
from skyjo.ui.i18n import CATALOGUE, DEFAULT_LANGUAGE, Translator

EN: Final[dict[str, str]] = {
    "embed.problems": "Some parameters of this embed could not be used:",
    "embed.next": "Next move",
    "embed.play": "Play on",
    "embed.restart": "Start again",
    "embed.record_title": "A recorded game",
    "embed.open_replay": "Open in the replay viewer",
    "embed.done": "Done.",
    "embed.move": "Move {n} of {total}",
    "embed.new_game": "New game",
    "replay.title": "Replay",
    "replay.open_file": "Open a game file",
    "replay.empty": "Open a game record (a .json file saved from the game), or a shared link.",
    "replay.first": "To the start",
    "replay.back": "Back",
    "replay.forward": "Forward",
    "replay.last": "To the end",
    "replay.round": "Round",
    "replay.view": "Show",
    "replay.view_all": "all cards",
    "replay.view_seat": "{name, person, you {your view} other {{name}'s view}}",
    "replay.position": "Round {round}, move {move} ({index} of {total})",
    "replay.deal": "Round {n} is dealt.",
    "replay.share": "Share this game",
    "replay.share_help": "This link holds the whole game; it opens this replay.",
    "replay.copy": "Copy link",
    "replay.copied": "Link copied.",
    "replay.invalid": "This game cannot be shown: {reason}",
    "replay.bad_link": "This link is damaged or incomplete: copy the whole link again, "
    "or open the game file.",
    "replay.newer_link": "This link was made by a newer version of Skyjo: reload the page "
    "to update it.",
    "replay.held": "{name, person, you {You hold {card, a}} other {{name} holds {card, a}}}",
    "replay.held_hidden": "{name, person, you {You hold a drawn card} other {{name} holds a drawn card}}",
}

DE: Final[dict[str, str]] = {
    "embed.problems": "Einige Parameter dieser Einbettung waren ungültig:",
    "embed.next": "Nächster Zug",
    "embed.play": "Weiterspielen",
    "embed.restart": "Von vorn",
    "embed.record_title": "Eine aufgezeichnete Partie",
    "embed.open_replay": "Im Wiederholungsbetrachter öffnen",
    "embed.done": "Fertig.",
    "embed.move": "Zug {n} von {total}",
    "embed.new_game": "Neues Spiel",
    "replay.title": "Wiederholung",
    "replay.open_file": "Spieldatei öffnen",
    "replay.empty": "Öffne eine Spielaufzeichnung (eine im Spiel gespeicherte .json-Datei) oder einen geteilten Link.",
    "replay.first": "Zum Anfang",
    "replay.back": "Zurück",
    "replay.forward": "Weiter",
    "replay.last": "Zum Ende",
    "replay.round": "Runde",
    "replay.view": "Zeigen",
    "replay.view_all": "alle Karten",
    "replay.view_seat": "{name, person, you {deine Sicht} other {Sicht von {name}}}",
    "replay.position": "Runde {round}, Zug {move} ({index} von {total})",
    "replay.deal": "Runde {n} wird ausgeteilt.",
    "replay.share": "Diese Partie teilen",
    "replay.share_help": "Dieser Link enthält die ganze Partie; er öffnet diese Wiederholung.",
    "replay.copy": "Link kopieren",
    "replay.copied": "Link kopiert.",
    "replay.invalid": "Diese Partie kann nicht gezeigt werden: {reason}",
    "replay.bad_link": "Dieser Link ist beschädigt oder unvollständig: den ganzen Link "
    "noch einmal kopieren oder die Spieldatei öffnen.",
    "replay.newer_link": "Dieser Link stammt aus einer neueren Skyjo-Version: die Seite neu "
    "laden, um sie zu aktualisieren.",
    "replay.held": "{name, person, you {Du hältst {card, a}} other {{name} hält {card, a}}}",
    "replay.held_hidden": "{name, person, you {Du hältst eine gezogene Karte} other {{name} hält eine gezogene Karte}}",
}

NL: Final[dict[str, str]] = {
    "embed.problems": "Sommige parameters van dit ingesloten spel waren ongeldig:",
    "embed.next": "Volgende zet",
    "embed.play": "Verder spelen",
    "embed.restart": "Opnieuw",
    "embed.record_title": "Een opgenomen spel",
    "embed.open_replay": "Openen in de herhaling",
    "embed.done": "Klaar.",
    "embed.move": "Zet {n} van {total}",
    "embed.new_game": "Nieuw spel",
    "replay.title": "Herhaling",
    "replay.open_file": "Spelbestand openen",
    "replay.empty": "Open een spelverslag (een .json-bestand uit het spel) of een gedeelde link.",
    "replay.first": "Naar het begin",
    "replay.back": "Terug",
    "replay.forward": "Vooruit",
    "replay.last": "Naar het einde",
    "replay.round": "Ronde",
    "replay.view": "Toon",
    "replay.view_all": "alle kaarten",
    "replay.view_seat": "{name, person, you {wat jij ziet} other {wat {name} ziet}}",
    "replay.position": "Ronde {round}, zet {move} ({index} van {total})",
    "replay.deal": "Ronde {n} wordt gedeeld.",
    "replay.share": "Dit spel delen",
    "replay.share_help": "Deze link bevat het hele spel; hij opent deze herhaling.",
    "replay.copy": "Link kopiëren",
    "replay.copied": "Link gekopieerd.",
    "replay.invalid": "Dit spel kan niet getoond worden: {reason}",
    "replay.bad_link": "Deze link is beschadigd of onvolledig: kopieer de hele link opnieuw "
    "of open het spelbestand.",
    "replay.newer_link": "Deze link komt uit een nieuwere versie van Skyjo: laad de pagina "
    "opnieuw om bij te werken.",
    "replay.held": "{name, person, you {Jij hebt {card, a} in de hand} other {{name} heeft {card, a} in de hand}}",
    "replay.held_hidden": "{name, person, you {Jij hebt een getrokken kaart in de hand} other {{name} heeft een getrokken kaart in de hand}}",
}

OWN: Final[dict[str, dict[str, str]]] = {
    "en": EN,
    "de": DE,
    "nl": NL,
    "fr": FR,
    "es": ES,
    "it": IT,
}


class Texts(Translator):
    """A :class:`Translator` that also knows the embed's and the scenarios' keys."""

    def __init__(self, language: str, *, you: str | None = None) -> None:
        super().__init__(language, you=you)
        self._messages = {
            **CATALOGUE[self.language],
            **scenarios.catalogue(self.language),
            **OWN.get(self.language, OWN[DEFAULT_LANGUAGE]),
        }
        self._english = {
            **CATALOGUE[DEFAULT_LANGUAGE],
            **scenarios.catalogue(DEFAULT_LANGUAGE),
            **OWN[DEFAULT_LANGUAGE],
        }
