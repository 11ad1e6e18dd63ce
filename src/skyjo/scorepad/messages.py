# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The score pad's message catalogue: every word its page shows, in English,
German and Dutch, and the phrasing of the model's data (explanations, errors,
who starts) in each.

Same shape as :mod:`skyjo.ui.i18n` (one dict per language, whole sentences with
named fields) but kept apart, so the pad and the game can change their wording
independently. A test checks that the three languages have the same keys and the
same fields in each message. Errors are phrased from their stable ``code`` and
attributes, not from the English message, so they read naturally in each language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# Re-exported: the score pad's modules take their language helpers from here.
from skyjo.language import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    Phrasebook,
    pick_language,
)
from skyjo.language import signed as number
from skyjo.scorepad.errors import (
    FinisherError,
    GameOverError,
    MissingSumError,
    ScorePadError,
    SumOutOfBoundsError,
    TiebreakError,
)
from skyjo.scorepad.messages_es import ES
from skyjo.scorepad.messages_fr import FR
from skyjo.scorepad.messages_it import IT
from skyjo.scorepad.model import ScorePad
from skyjo.scorepad.sheet import Explanation
from skyjo.scorepad.starter import Starter, StartReason
from skyjo.scoring import DoublingReason

EN: Final[dict[str, str]] = {
    "title": "Skyjo score pad",
    "language": "Language",
    "nav.games": "Saved games",
    "nav.new": "New game",
    "nav.setup": "Players & rules",
    "nav.csv": "Export CSV",
    "nav.print": "Print",
    "nav.back": "Back to the game",
    "nav.play": "Play Skyjo on screen",
    # setup
    "setup.new": "New game",
    "setup.edit": "Players and rules",
    "setup.players": "Players (2 to 8, in seating order)",
    "setup.player": "Player {n}",
    "setup.up": "Move {name} up",
    "setup.down": "Move {name} down",
    "setup.remove": "Remove {name}",
    "setup.add": "Add a player",
    "setup.locked": "Players can be added or removed only before the first round.",
    "setup.rules": "Rules",
    "setup.target": "The game ends at",
    "setup.custom": "other",
    "setup.custom_target": "Points to end the game",
    "setup.double_on_tie": "A tie doubles the player who ended the round",
    "setup.double_nonpositive": "Double a score of 0 or less too",
    "setup.column_rule": "Three equal cards in a column",
    "setup.column.all": "are removed (the manual)",
    "setup.column.keep_negative": "are removed, but three −1 or −2 stay",
    "setup.column.off": "stay (no column rule)",
    "setup.bounds": "A round's sum can be {low} to {high}.",
    "setup.start": "Start the game",
    "setup.save": "Save changes",
    "setup.cancel": "Cancel",
    "setup.error.name": "Player {n} needs a name.",
    "setup.error.same": "Two players are called {name}: names must differ.",
    "setup.error.target": "The target must be a whole number above 0.",
    # who starts
    "start.title": "Who starts?",
    "start.help": "Each player turns up two cards: enter them here.",
    "start.cards": "{name}'s two cards",
    "start.first": "{name} starts: the highest two cards ({sum}).",
    "start.tied": "{name} starts: the highest two cards ({sum}), tied, first in seating order.",
    "start.finisher": "{name} starts: {name} ended round {n}.",
    "start.next": "{name} starts: the first of the tied players after {finisher}.",
    # entry
    "entry.round": "Round {n}",
    "entry.correct": "Correcting round {n}",
    "entry.tiebreak": "Tiebreak (optional): only {names} play",
    "entry.tiebreak_correct": "Correcting the tiebreak",
    "entry.help": "Type the sum, ± for negative, then Next. Tap ‘Ended the round’ on the finisher.",
    "entry.ended": "ended",
    "entry.bounds": "Sums from {low} to {high}",
    "key.sign": "±",
    "key.back": "Delete digit",
    "key.clear": "Clear",
    "key.next": "Next",
    "key.previous": "Previous",
    "key.finisher": "Ended the round",
    "key.move_mark": "Move the mark to {name}",
    "key.enter": "Save round",
    "key.enter_correction": "Save correction",
    "key.enter_tiebreak": "Save tiebreak",
    "key.cancel": "Cancel correction",
    "key.delete_round": "Delete round {n}",
    "key.delete_tiebreak": "Delete the tiebreak",
    "entry.saved": "Round {n} saved.",
    "entry.corrected": "Round {n} corrected.",
    "entry.deleted": "Round {n} deleted.",
    "entry.tiebreak_saved": "Tiebreak saved.",
    # explanations
    "why.alone": "{finisher} ended with {raw}, the lowest alone: stays {raw}.",
    "why.doubled": "{finisher} ended with {raw}, {rivals}: doubled to {points}.",
    "why.forgiven": "{finisher} ended with {raw}, {rivals}: a tie is not doubled, stays {raw}.",
    "why.not_positive": "{finisher} ended with {raw}, {rivals}: 0 or less is not doubled, "
    "stays {raw}.",
    "why.also": "{name} also has {raw}",
    "why.has": "{name} has {raw}",
    "why.and": "{first} and {last}",
    # totals and history
    "totals.title": "Totals",
    "totals.leads": "leads",
    "totals.wins": "wins",
    "history.title": "Rounds",
    "history.round": "Round",
    "history.ended": "Ended by",
    "history.total": "Total",
    "history.tiebreak": "Tiebreak",
    "history.empty": "No round yet.",
    "history.edit": "Correct round {n}",
    "history.edit_tiebreak": "Correct the tiebreak",
    "history.doubled": "doubled from {raw}",
    # end of game
    "end.over": "Game over: {names} {count, plural, one {has} other {have}} reached {target}.",
    "end.wins": "{name} wins with {total, plural, one {# point} other {# points}}.",
    "end.shared": "Shared win: {names} with {total, plural, one {# point} other {# points}} each.",
    "end.tiebreak_offer": "Play one more round among {names} to decide, or keep the shared win.",
    "end.tiebreak_won": "{name} wins the tiebreak.",
    "end.tiebreak_shared": "The tiebreak is tied too: the win stays shared.",
    # saved games
    "games.title": "Saved games",
    "games.empty": "No saved games yet.",
    "games.open": "Open",
    "games.delete": "Delete",
    "games.confirm": "Delete this game for good?",
    "games.yes": "Yes, delete",
    "games.no": "Keep it",
    "games.line": "{players}: {rounds, plural, =0 {no round yet} one {# round} other {# rounds}}, started {started}, last entry {updated}",
    "games.current": "(open)",
    "games.deleted": "Game deleted.",
    # the printed sheet
    "print.played": "Skyjo, {players}: started {started}, last entry {updated}.",
    "print.rules": "Rules: the game ends at {target}. {tie} {nonpositive} "
    "Three equal cards in a column {column}.",
    "print.tie.on": "A tie doubles the player who ended the round.",
    "print.tie.off": "A tie does not double.",
    "print.nonpositive.on": "A score of 0 or less is doubled too.",
    "print.nonpositive.off": "A score of 0 or less is never doubled.",
    "print.legend": "Underlined: the player who ended the round. Bold: doubled. "
    "Below each round: why.",
    # errors
    "error.sum_out_of_bounds": "{player}'s sum {value} is not possible: under these rules a "
    "layout sums to {low} to {high}.",
    "error.missing_sum": "No sum for {player} yet.",
    "error.no_finisher": "Mark who ended the round: tap their name, then ‘Ended the round’.",
    "error.two_finishers": "Only one player can end a round.",
    "error.already_marked": "{marked} is already marked as having ended the round.",
    "error.digits": "A sum has at most 3 digits.",
    "error.game_over": "The game is over: correct a round, or play the tiebreak if it is shared.",
    "error.ends_early": "This would end the game after round {n}, before the rounds that "
    "follow it: delete the later rounds first, or enter another sum.",
    "error.rules_end_early": "Under these rules the game would have ended before the last round: "
    "delete the later rounds first.",
    "error.tiebreak": "The tiebreak no longer fits: delete it first.",
    "error.other": "That is not possible: {detail}",
    "error.corrupt": "The saved games could not be read ({detail}); they were kept aside "
    "and a new list started.",
    "error.not_saved": "Not saved on this device: its storage is full, or it holds an unreadable save not yet exported. Export the game as CSV to keep it.",
    "error.corrupt_not_kept": "The saved games could not be read ({detail}). There is no room on this device to keep them aside, so they stay as they are: export them to keep a copy. Until then nothing is saved over them.",
    "error.some_unreadable": "{n, plural, one {One saved game} other {# saved games}} could not be read ({detail}); the save was kept aside for export. The other games are here.",
    "button.export_unreadable": "Export the unreadable save",
    "offline.saved": "Saved on this device.",
    "offline.ready": "Ready to play offline.",
}

DE: Final[dict[str, str]] = {
    "title": "Skyjo-Block",
    "language": "Sprache",
    "nav.games": "Gespeicherte Spiele",
    "nav.new": "Neues Spiel",
    "nav.setup": "Spieler & Regeln",
    "nav.csv": "CSV exportieren",
    "nav.print": "Drucken",
    "nav.back": "Zurück zum Spiel",
    "nav.play": "Skyjo am Bildschirm spielen",
    "setup.new": "Neues Spiel",
    "setup.edit": "Spieler und Regeln",
    "setup.players": "Spieler (2 bis 8, in Sitzreihenfolge)",
    "setup.player": "Spieler {n}",
    "setup.up": "{name} nach oben",
    "setup.down": "{name} nach unten",
    "setup.remove": "{name} entfernen",
    "setup.add": "Spieler hinzufügen",
    "setup.locked": "Spieler können nur vor der ersten Runde hinzugefügt oder entfernt werden.",
    "setup.rules": "Regeln",
    "setup.target": "Das Spiel endet bei",
    "setup.custom": "anders",
    "setup.custom_target": "Punkte bis zum Spielende",
    "setup.double_on_tie": "Gleichstand verdoppelt, wer die Runde beendet hat",
    "setup.double_nonpositive": "Auch 0 oder weniger verdoppeln",
    "setup.column_rule": "Drei gleiche Karten in einer Spalte",
    "setup.column.all": "werden abgelegt (Anleitung)",
    "setup.column.keep_negative": "werden abgelegt, aber drei −1 oder −2 bleiben",
    "setup.column.off": "bleiben liegen (ohne Spaltenregel)",
    "setup.bounds": "Eine Runde kann {low} bis {high} Punkte ergeben.",
    "setup.start": "Spiel beginnen",
    "setup.save": "Änderungen speichern",
    "setup.cancel": "Abbrechen",
    "setup.error.name": "Spieler {n} braucht einen Namen.",
    "setup.error.same": "Zwei Spieler heißen {name}: die Namen müssen sich unterscheiden.",
    "setup.error.target": "Das Ziel muss eine ganze Zahl über 0 sein.",
    "start.title": "Wer beginnt?",
    "start.help": "Jeder deckt zwei Karten auf: hier eintragen.",
    "start.cards": "Zwei Karten von {name}",
    "start.first": "{name} beginnt: die höchsten zwei Karten ({sum}).",
    "start.tied": "{name} beginnt: die höchsten zwei Karten ({sum}), gleichauf, "
    "zuerst in der Sitzreihenfolge.",
    "start.finisher": "{name} beginnt: {name} hat Runde {n} beendet.",
    "start.next": "{name} beginnt: der erste der Gleichstehenden nach {finisher}.",
    "entry.round": "Runde {n}",
    "entry.correct": "Runde {n} korrigieren",
    "entry.tiebreak": "Stechen (freiwillig): nur {names} spielen",
    "entry.tiebreak_correct": "Stechen korrigieren",
    "entry.help": "Summe tippen, ± für negativ, dann Weiter. Bei wer beendet hat: ‘Hat beendet’.",
    "entry.ended": "beendet",
    "entry.bounds": "Summen von {low} bis {high}",
    "key.sign": "±",
    "key.back": "Ziffer löschen",
    "key.clear": "Leeren",
    "key.next": "Weiter",
    "key.previous": "Zurück",
    "key.finisher": "Hat beendet",
    "key.move_mark": "Markierung zu {name}",
    "key.enter": "Runde speichern",
    "key.enter_correction": "Korrektur speichern",
    "key.enter_tiebreak": "Stechen speichern",
    "key.cancel": "Korrektur abbrechen",
    "key.delete_round": "Runde {n} löschen",
    "key.delete_tiebreak": "Stechen löschen",
    "entry.saved": "Runde {n} gespeichert.",
    "entry.corrected": "Runde {n} korrigiert.",
    "entry.deleted": "Runde {n} gelöscht.",
    "entry.tiebreak_saved": "Stechen gespeichert.",
    "why.alone": "{finisher} beendet mit {raw}, allein am niedrigsten: bleibt {raw}.",
    "why.doubled": "{finisher} beendet mit {raw}, {rivals}: verdoppelt auf {points}.",
    "why.forgiven": "{finisher} beendet mit {raw}, {rivals}: Gleichstand wird nicht verdoppelt, "
    "bleibt {raw}.",
    "why.not_positive": "{finisher} beendet mit {raw}, {rivals}: 0 oder weniger wird nicht "
    "verdoppelt, bleibt {raw}.",
    "why.also": "{name} hat auch {raw}",
    "why.has": "{name} hat {raw}",
    "why.and": "{first} und {last}",
    "totals.title": "Gesamt",
    "totals.leads": "führt",
    "totals.wins": "gewinnt",
    "history.title": "Runden",
    "history.round": "Runde",
    "history.ended": "Beendet von",
    "history.total": "Gesamt",
    "history.tiebreak": "Stechen",
    "history.empty": "Noch keine Runde.",
    "history.edit": "Runde {n} korrigieren",
    "history.edit_tiebreak": "Stechen korrigieren",
    "history.doubled": "verdoppelt von {raw}",
    "end.over": "Spielende: {names} {count, plural, one {hat} other {haben}} {target} erreicht.",
    "end.wins": "{name} gewinnt mit {total, plural, one {# Punkt} other {# Punkten}}.",
    "end.shared": "Geteilter Sieg: {names} mit je {total, plural, one {# Punkt} other {# Punkten}}.",
    "end.tiebreak_offer": "Eine Runde noch unter {names}, sonst bleibt der Sieg geteilt.",
    "end.tiebreak_won": "{name} gewinnt das Stechen.",
    "end.tiebreak_shared": "Auch das Stechen ist gleich: der Sieg bleibt geteilt.",
    "games.title": "Gespeicherte Spiele",
    "games.empty": "Noch keine gespeicherten Spiele.",
    "games.open": "Öffnen",
    "games.delete": "Löschen",
    "games.confirm": "Dieses Spiel endgültig löschen?",
    "games.yes": "Ja, löschen",
    "games.no": "Behalten",
    "games.line": "{players}: {rounds, plural, =0 {noch keine Runde} one {# Runde} other {# Runden}}, begonnen {started}, zuletzt {updated}",
    "games.current": "(offen)",
    "games.deleted": "Spiel gelöscht.",
    "print.played": "Skyjo, {players}: begonnen {started}, letzter Eintrag {updated}.",
    "print.rules": "Regeln: Das Spiel endet bei {target}. {tie} {nonpositive} "
    "Drei gleiche Karten in einer Spalte {column}.",
    "print.tie.on": "Gleichstand verdoppelt, wer die Runde beendet hat.",
    "print.tie.off": "Gleichstand verdoppelt nicht.",
    "print.nonpositive.on": "Auch 0 oder weniger wird verdoppelt.",
    "print.nonpositive.off": "0 oder weniger wird nie verdoppelt.",
    "print.legend": "Unterstrichen: wer die Runde beendet hat. Fett: verdoppelt. "
    "Unter jeder Runde: warum.",
    "error.sum_out_of_bounds": "{value} ist für {player} nicht möglich: nach diesen Regeln "
    "ergibt eine Auslage {low} bis {high}.",
    "error.missing_sum": "Für {player} fehlt noch die Summe.",
    "error.no_finisher": "Markiere, wer die Runde beendet hat: Namen antippen, dann ‘Hat beendet’.",
    "error.two_finishers": "Nur ein Spieler kann eine Runde beenden.",
    "error.already_marked": "{marked} ist schon als Beender markiert.",
    "error.digits": "Eine Summe hat höchstens 3 Ziffern.",
    "error.game_over": "Das Spiel ist zu Ende: korrigiere eine Runde oder spiele das Stechen.",
    "error.ends_early": "Damit wäre das Spiel nach Runde {n} zu Ende, vor den folgenden "
    "Runden: lösche erst die späteren Runden oder gib eine andere Summe ein.",
    "error.rules_end_early": "Nach diesen Regeln wäre das Spiel vor der letzten Runde "
    "zu Ende gewesen: "
    "lösche erst die späteren Runden.",
    "error.tiebreak": "Das Stechen passt nicht mehr: lösche es zuerst.",
    "error.other": "Das geht nicht: {detail}",
    "error.corrupt": "Die gespeicherten Spiele waren nicht lesbar ({detail}); sie wurden "
    "beiseitegelegt und eine neue Liste begonnen.",
    "error.not_saved": "Nicht auf diesem Gerät gespeichert: Der Speicher ist voll oder enthält einen unlesbaren Spielstand, der noch nicht exportiert wurde. Exportiere das Spiel als CSV, um es zu behalten.",
    "error.corrupt_not_kept": "Die gespeicherten Spiele waren nicht lesbar ({detail}). Auf diesem Gerät ist kein Platz, um sie beiseitezulegen, darum bleiben sie, wie sie sind: exportiere sie, um eine Kopie zu behalten. Bis dahin wird nichts darüber gespeichert.",
    "error.some_unreadable": "{n, plural, one {Ein gespeichertes Spiel war} other {# gespeicherte Spiele waren}} nicht lesbar ({detail}); der Spielstand wurde zum Exportieren beiseitegelegt. Die anderen Spiele sind hier.",
    "button.export_unreadable": "Unlesbaren Spielstand exportieren",
    "offline.saved": "Auf diesem Gerät gespeichert.",
    "offline.ready": "Bereit zum Offline-Spielen.",
}

NL: Final[dict[str, str]] = {
    "title": "Skyjo-scoreblok",
    "language": "Taal",
    "nav.games": "Opgeslagen spellen",
    "nav.new": "Nieuw spel",
    "nav.setup": "Spelers & regels",
    "nav.csv": "CSV exporteren",
    "nav.print": "Afdrukken",
    "nav.back": "Terug naar het spel",
    "nav.play": "Skyjo op het scherm spelen",
    "setup.new": "Nieuw spel",
    "setup.edit": "Spelers en regels",
    "setup.players": "Spelers (2 tot 8, in zitvolgorde)",
    "setup.player": "Speler {n}",
    "setup.up": "{name} omhoog",
    "setup.down": "{name} omlaag",
    "setup.remove": "{name} verwijderen",
    "setup.add": "Speler toevoegen",
    "setup.locked": "Spelers kunnen alleen vóór de eerste ronde worden toegevoegd of verwijderd.",
    "setup.rules": "Regels",
    "setup.target": "Het spel eindigt bij",
    "setup.custom": "anders",
    "setup.custom_target": "Punten tot het einde",
    "setup.double_on_tie": "Gelijkspel verdubbelt wie de ronde beëindigde",
    "setup.double_nonpositive": "Ook 0 of minder verdubbelen",
    "setup.column_rule": "Drie gelijke kaarten in een kolom",
    "setup.column.all": "gaan weg (de handleiding)",
    "setup.column.keep_negative": "gaan weg, maar drie −1 of −2 blijven",
    "setup.column.off": "blijven liggen (zonder kolomregel)",
    "setup.bounds": "Een ronde telt {low} tot {high} op.",
    "setup.start": "Spel beginnen",
    "setup.save": "Wijzigingen opslaan",
    "setup.cancel": "Annuleren",
    "setup.error.name": "Speler {n} heeft een naam nodig.",
    "setup.error.same": "Twee spelers heten {name}: de namen moeten verschillen.",
    "setup.error.target": "Het doel moet een heel getal boven 0 zijn.",
    "start.title": "Wie begint?",
    "start.help": "Iedereen draait twee kaarten om: vul ze hier in.",
    "start.cards": "Twee kaarten van {name}",
    "start.first": "{name} begint: de hoogste twee kaarten ({sum}).",
    "start.tied": "{name} begint: de hoogste twee kaarten ({sum}), gelijk, eerst in zitvolgorde.",
    "start.finisher": "{name} begint: {name} beëindigde ronde {n}.",
    "start.next": "{name} begint: de eerste van de gelijken na {finisher}.",
    "entry.round": "Ronde {n}",
    "entry.correct": "Ronde {n} corrigeren",
    "entry.tiebreak": "Beslissingsronde (vrijwillig): alleen {names} spelen",
    "entry.tiebreak_correct": "Beslissingsronde corrigeren",
    "entry.help": "Typ de som, ± voor negatief, dan Volgende. Bij wie eindigde: ‘Beëindigde’.",
    "entry.ended": "beëindigd",
    "entry.bounds": "Sommen van {low} tot {high}",
    "key.sign": "±",
    "key.back": "Cijfer wissen",
    "key.clear": "Leegmaken",
    "key.next": "Volgende",
    "key.previous": "Vorige",
    "key.finisher": "Beëindigde de ronde",
    "key.move_mark": "Markering naar {name}",
    "key.enter": "Ronde opslaan",
    "key.enter_correction": "Correctie opslaan",
    "key.enter_tiebreak": "Beslissingsronde opslaan",
    "key.cancel": "Correctie annuleren",
    "key.delete_round": "Ronde {n} verwijderen",
    "key.delete_tiebreak": "Beslissingsronde verwijderen",
    "entry.saved": "Ronde {n} opgeslagen.",
    "entry.corrected": "Ronde {n} gecorrigeerd.",
    "entry.deleted": "Ronde {n} verwijderd.",
    "entry.tiebreak_saved": "Beslissingsronde opgeslagen.",
    "why.alone": "{finisher} eindigde met {raw}, als enige het laagst: blijft {raw}.",
    "why.doubled": "{finisher} eindigde met {raw}, {rivals}: verdubbeld tot {points}.",
    "why.forgiven": "{finisher} eindigde met {raw}, {rivals}: gelijkspel wordt niet verdubbeld, "
    "blijft {raw}.",
    "why.not_positive": "{finisher} eindigde met {raw}, {rivals}: 0 of minder wordt niet "
    "verdubbeld, blijft {raw}.",
    "why.also": "{name} heeft ook {raw}",
    "why.has": "{name} heeft {raw}",
    "why.and": "{first} en {last}",
    "totals.title": "Totaal",
    "totals.leads": "staat voor",
    "totals.wins": "wint",
    "history.title": "Rondes",
    "history.round": "Ronde",
    "history.ended": "Beëindigd door",
    "history.total": "Totaal",
    "history.tiebreak": "Beslissing",
    "history.empty": "Nog geen ronde.",
    "history.edit": "Ronde {n} corrigeren",
    "history.edit_tiebreak": "Beslissingsronde corrigeren",
    "history.doubled": "verdubbeld van {raw}",
    "end.over": "Einde van het spel: {names} {count, plural, one {heeft} other {hebben}} {target} gehaald.",
    "end.wins": "{name} wint met {total, plural, one {# punt} other {# punten}}.",
    "end.shared": "Gedeelde winst: {names} met elk {total, plural, one {# punt} other {# punten}}.",
    "end.tiebreak_offer": "Speel nog een ronde tussen {names}, of houd de winst gedeeld.",
    "end.tiebreak_won": "{name} wint de beslissingsronde.",
    "end.tiebreak_shared": "Ook de beslissingsronde is gelijk: de winst blijft gedeeld.",
    "games.title": "Opgeslagen spellen",
    "games.empty": "Nog geen opgeslagen spellen.",
    "games.open": "Openen",
    "games.delete": "Verwijderen",
    "games.confirm": "Dit spel definitief verwijderen?",
    "games.yes": "Ja, verwijderen",
    "games.no": "Bewaren",
    "games.line": "{players}: {rounds, plural, =0 {nog geen ronde} one {# ronde} other {# rondes}}, begonnen {started}, laatst {updated}",
    "games.current": "(open)",
    "games.deleted": "Spel verwijderd.",
    "print.played": "Skyjo, {players}: begonnen {started}, laatst {updated}.",
    "print.rules": "Regels: het spel eindigt bij {target}. {tie} {nonpositive} "
    "Drie gelijke kaarten in een kolom {column}.",
    "print.tie.on": "Gelijkspel verdubbelt wie de ronde beëindigde.",
    "print.tie.off": "Gelijkspel verdubbelt niet.",
    "print.nonpositive.on": "Ook 0 of minder wordt verdubbeld.",
    "print.nonpositive.off": "0 of minder wordt nooit verdubbeld.",
    "print.legend": "Onderstreept: wie de ronde beëindigde. Vet: verdubbeld. "
    "Onder elke ronde: waarom.",
    "error.sum_out_of_bounds": "{value} kan niet voor {player}: met deze regels telt een "
    "uitleg op tot {low} tot {high}.",
    "error.missing_sum": "Voor {player} ontbreekt nog de som.",
    "error.no_finisher": "Markeer wie de ronde beëindigde: tik op de naam, dan "
    "‘Beëindigde de ronde’.",
    "error.two_finishers": "Maar één speler kan een ronde beëindigen.",
    "error.already_marked": "{marked} is al gemarkeerd als degene die de ronde beëindigde.",
    "error.digits": "Een som heeft hoogstens 3 cijfers.",
    "error.game_over": "Het spel is voorbij: corrigeer een ronde of speel de beslissingsronde.",
    "error.ends_early": "Dan zou het spel na ronde {n} eindigen, vóór de rondes erna: "
    "verwijder eerst de latere rondes of voer een andere som in.",
    "error.rules_end_early": "Met deze regels was het spel vóór de laatste ronde geëindigd: "
    "verwijder eerst de latere rondes.",
    "error.tiebreak": "De beslissingsronde past niet meer: verwijder haar eerst.",
    "error.other": "Dat kan niet: {detail}",
    "error.corrupt": "De opgeslagen spellen waren onleesbaar ({detail}); ze zijn apart gezet "
    "en een nieuwe lijst is begonnen.",
    "error.not_saved": "Niet opgeslagen op dit apparaat: de opslag is vol, of bevat een onleesbare opslag die nog niet is geëxporteerd. Exporteer het spel als CSV om het te houden.",
    "error.corrupt_not_kept": "De opgeslagen spellen waren onleesbaar ({detail}). Op dit apparaat is geen ruimte om ze apart te zetten, dus ze blijven zoals ze zijn: exporteer ze om een kopie te houden. Tot dan wordt er niets overheen opgeslagen.",
    "error.some_unreadable": "{n, plural, one {Eén opgeslagen spel was} other {# opgeslagen spellen waren}} onleesbaar ({detail}); de opslag is apart gezet om te exporteren. De andere spellen staan hier.",
    "button.export_unreadable": "Onleesbare opslag exporteren",
    "offline.saved": "Opgeslagen op dit apparaat.",
    "offline.ready": "Klaar om offline te spelen.",
}

CATALOGUE: Final[dict[str, dict[str, str]]] = {
    "en": EN,
    "de": DE,
    "nl": NL,
    "fr": FR,
    "es": ES,
    "it": IT,
}


class Messages(Phrasebook):
    """The score pad's catalogue in one language: ``Messages("de").t("entry.round", n=3)``."""

    def __init__(self, language: str) -> None:
        super().__init__(CATALOGUE, language)

    def names(self, names: Sequence[str]) -> str:
        """``["A", "B", "C"]`` -> ``"A, B and C"`` in this language."""
        if len(names) == 1:
            return names[0]
        return self.t("why.and", first=", ".join(names[:-1]), last=names[-1])

    def explanation(self, why: Explanation) -> str:
        """Why the finisher writes down what they do, e.g. "Jonas ended with 6, Mia
        also has 6: doubled to 12" (the model's :func:`~skyjo.scorepad.sheet.describe`
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
    "CATALOGUE",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "Messages",
    "number",
    "pick_language",
]
