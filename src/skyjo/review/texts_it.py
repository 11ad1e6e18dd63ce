# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The game review's words in Italian (see :mod:`skyjo.review.texts`): the words of
the game page (mazzo, pila degli scarti, manche, coperta), the tu form, and cards
with their article ("l'8", "il 4", "lo 0"), never at the start of a sentence,
where the article would need a capital."""

from __future__ import annotations

from typing import Final

IT: Final[dict[str, str]] = {
    "review.heading": "Analisi della partita: {name}",
    "review.intro": "{name, person, you {Il bot esperto ha valutato ogni tua decisione in base a quello che potevi vedere in quel momento.} other {Il bot esperto ha valutato ogni decisione di {name} in base a quello che {name} poteva vedere in quel momento.}}",
    "review.choose": "Analizza le decisioni di",
    "review.start": "Analizza",
    "review.progress": "Analisi della decisione {done} di {total}…",
    "review.summary": "Turni analizzati: {turns}. Punti persi in media per turno: {per_turn} ({total} in tutto).",
    "review.no_turns": "Non c'è ancora nessun turno da analizzare.",
    "review.clean": "Nessuna decisione costosa: ogni mossa è rimasta entro un punto da quella dell'esperto.",
    "review.costliest": "Le decisioni più costose",
    "review.kinds": "Errori per tipo",
    "review.kind_count": "{kind}: {count}",
    "review.item": "Manche {round}, turno {turn}: {loss} punti persi",
    "review.played": "Giocato: {move}.",
    "review.better": "Meglio: {move}.",
    "review.position": "{name, person, you {Le tue carte in quel momento} other {Le carte di {name} in quel momento}}",
    "review.discard": "Pila degli scarti: {card}",
    "review.discard_empty": "Pila degli scarti: vuota",
    "review.held": "In mano: {card}",
    "review.card_up": "riga {row}, colonna {column}: {card}",
    "review.card_down": "riga {row}, colonna {column}: coperta",
    "review.card_removed": "riga {row}, colonna {column}: tolta",
    "review.move.draw": "pescare una carta",
    "review.move.take": "prendere {card, the} dalla pila degli scarti",
    "review.move.swap": "mettere {card, the} nella riga {row}, colonna {column}",
    "review.move.flip": "scartare {card, the} e scoprire la carta nella riga {row}, colonna {column}",
    "review.kind.kept_high": "ha tenuto una carta alta",
    "review.kind.let_low_go": "ha lasciato andare una carta bassa",
    "review.kind.missed_column": "non ha completato una colonna",
    "review.kind.gave_column": "ha regalato una carta per una colonna",
    "review.kind.ended_doubling": "ha chiuso la manche e si è fatto raddoppiare",
    "review.kind.wrong_pile": "ha preso dalla pila sbagliata",
    "review.kind.placement": "ha messo una carta in un posto peggiore",
    "review.reason.take_high": "In media una carta coperta vale meno di {card, the}, quindi una carta sconosciuta dal mazzo era la scelta migliore.",
    "review.reason.take_not_worth": "Dove poteva andare, {card, the} faceva risparmiare troppo poco, quindi pescare una carta era la scelta migliore.",
    "review.reason.take_low": "Una carta bassa come {card, the} conviene tenerla quasi ovunque, quindi prenderla era meglio di una carta sconosciuta dal mazzo.",
    "review.reason.take_better": "Dalla pila degli scarti, {card, the} valeva {loss} punti più di una carta sconosciuta dal mazzo.",
    "review.reason.keep_high": "In media una carta coperta vale meno di {card, the}, quindi scartarlo e scoprire una carta costava meno.",
    "review.reason.keep_over": "Conveniva tenere {card, the}: sostituendo {higher, the} nella riga {row}, colonna {column}, fa risparmiare {diff} punti.",
    "review.reason.keep_over_down": "Conveniva tenere {card, the}: sostituendo una carta coperta, che in media vale circa {mean}, fa risparmiare circa {diff} punti.",
    "review.reason.missed_column": "Lì, {card, the} forma tre carte uguali nella colonna {column}, e l'intera colonna lascia la griglia.",
    "review.reason.gave_column": "{name, person, you {Sulla pila degli scarti, {card, the} ti permette di completare una colonna.} other {Sulla pila degli scarti, {card, the} permette a {name} di completare una colonna.}}",
    "review.reason.ended_doubling": "{name, person, you {Le tue carte non erano chiaramente le più basse, e chi chiude una manche senza il punteggio più basso paga doppio.} other {Le carte di {name} non erano chiaramente le più basse, e chi chiude una manche senza il punteggio più basso paga doppio.}}",
    "review.reason.pair": "Nella riga {row}, colonna {column}, {card, the} fa coppia con l'altro {card} già in quella colonna: con un terzo l'intera colonna lascia la griglia.",
    "review.reason.broke_pair": "Nella riga {row}, colonna {column}, {covered, the} formava una coppia nella sua colonna, a metà strada da una colonna che lascia la griglia.",
    "review.reason.over_down": "In media una carta coperta vale circa {mean}, quindi sostituendola {card, the} fa risparmiare circa {diff} punti in più che sostituendo {covered, the}.",
    "review.reason.over_higher": "Sostituendo {higher, the}, {card, the} fa risparmiare {diff} punti in più che sostituendo {covered, the}.",
    "review.reason.over_known": "Sostituendo {higher, the}, che vale più di una carta coperta (in media circa {mean}), {card, the} fa risparmiare circa {diff} punti in più.",
    "review.reason.simulated": "Giocando fino alla fine della manche, la mossa migliore vale in media {loss} punti in più.",
}
