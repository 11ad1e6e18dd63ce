# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The scenarios' page texts in Italian (see :mod:`skyjo.scenarios.texts`)."""

from __future__ import annotations

from typing import Final

IT: Final[dict[str, str]] = {
    "scenario.column.title": "Completare una colonna",
    "scenario.column.situation": "Lena ha due 7 scoperti nella sua prima colonna, e sulla pila degli scarti c'è un 7. Tocca a lei.",
    "scenario.column.outcome.all": "Prende il 7 e lo scambia con la carta coperta sotto di loro: tre 7 in una colonna, e tutta la colonna lascia il tavolo. Il buco resta.",
    "scenario.column.outcome.keep_negative": "Tre 7 se ne vanno anche con la regola della casa che lascia le colonne di −1 o −2: restano solo le colonne negative.",
    "scenario.column.outcome.off": "Senza la regola delle colonne i tre 7 restano sul tavolo e contano 21 punti.",
    "scenario.tie_doubles.title": "Un pareggio raddoppia i punti di chi chiude la manche",
    "scenario.tie_doubles.situation": "A Jonas resta una carta coperta; scoprendola chiude la manche con 6 punti. Anche Mia avrà 6.",
    "scenario.tie_doubles.outcome.true": "Jonas non ha da solo il punteggio più basso, quindi i suoi 6 contano doppio: scrive 12 (il regolamento).",
    "scenario.tie_doubles.outcome.false": "Se il pareggio è perdonato, basta che nessuno abbia meno punti: Jonas scrive 6.",
    "scenario.negative_not_doubled.title": "Un punteggio negativo non si raddoppia",
    "scenario.negative_not_doubled.situation": "A Lena resta una carta coperta; scoprendola chiude la manche con −3. Mia finirà con −5.",
    "scenario.negative_not_doubled.outcome.false": "Mia ha meno punti, ma si raddoppia solo sopra lo 0: Lena tiene −3 (il regolamento).",
    "scenario.negative_not_doubled.outcome.true": "Se si raddoppiasse chiunque chiude senza il punteggio più basso, i −3 di Lena diventerebbero −6: un premio invece di una penalità.",
    "scenario.reveal_removes_column.title": "L'ultima scoperta toglie una colonna",
    "scenario.reveal_removes_column.situation": "Lena mostra due 5 nella sua terza colonna; la carta sotto è coperta. Jonas sta per scoprire la sua ultima carta.",
    "scenario.reveal_removes_column.outcome.all": "Jonas chiude la manche, Lena gioca il suo ultimo turno, poi tutte le carte vengono scoperte: la carta coperta è un 5, e la colonna se ne va prima del conteggio.",
    "scenario.reveal_removes_column.outcome.keep_negative": "Lo stesso con la regola della casa per le colonne negative: tre 5 se ne vanno.",
    "scenario.reveal_removes_column.outcome.off": "Senza la regola delle colonne i tre 5 restano e contano 15 punti.",
    "scenario.last_turns.title": "Gli ultimi turni",
    "scenario.last_turns.situation": "Jonas ha appena scoperto la sua ultima carta: ha chiuso la manche.",
    "scenario.last_turns.outcome": "Mia e poi Lena giocano esattamente un turno in più ciascuna; Jonas nessuno. Poi tutte le carte vengono scoperte e la manche si conta.",
    "scenario.reshuffle.title": "Un mazzo vuoto",
    "scenario.reshuffle.situation": "Il mazzo è finito, e tocca a Jonas.",
    "scenario.reshuffle.outcome": "La pila degli scarti, tranne la carta in cima, viene mescolata e diventa un nuovo mazzo; la carta in cima resta. Poi Jonas gioca il suo turno come sempre.",
    "scenario.keep_negative.title": "Una colonna di −1",
    "scenario.keep_negative.situation": "Lena ha due −1 scoperti nella sua seconda colonna, e sulla pila degli scarti c'è un −1. Tocca a lei.",
    "scenario.keep_negative.outcome.keep_negative": "Lo mette in colonna: tre −1 in una colonna. Con la regola della casa le colonne negative restano e tengono i loro −3 punti.",
    "scenario.keep_negative.outcome.all": "Con il regolamento ogni colonna completa se ne va, anche tre −1: Lena perde quei −3 punti.",
    "scenario.keep_negative.outcome.off": "Senza la regola delle colonne restano anche i tre −1.",
    "scenario.target.title": "Esattamente 100 finisce la partita",
    "scenario.target.situation": "A Jonas resta una carta coperta e chiuderà la manche con 50; Lena ha meno punti.",
    "scenario.target.outcome.100": "Lena ha meno di lui, quindi i 50 di Jonas sono raddoppiati a esattamente 100: raggiungere il traguardo basta, la partita finisce e vince Lena.",
    "scenario.target.outcome.101": "Se la partita finisse solo sopra 100, i 100 di Jonas non basterebbero, e seguirebbe un'altra manche.",
    # titles of the variants under other rule settings
    "scenario.column.title.keep_negative": "Completare una colonna (le colonne negative restano)",
    "scenario.column.title.off": "Completare una colonna, senza la regola delle colonne",
    "scenario.tie_doubles.title.false": "Il pareggio è perdonato: chi chiude tiene il suo punteggio",
    "scenario.negative_not_doubled.title.true": "I punti di chi chiude senza il punteggio più basso raddoppiano, anche sotto lo 0",
    "scenario.reveal_removes_column.title.keep_negative": "L'ultima scoperta toglie una colonna (le colonne negative restano)",
    "scenario.reveal_removes_column.title.off": "L'ultima scoperta, senza la regola delle colonne",
    "scenario.keep_negative.title.all": "Una colonna di −1 con il regolamento",
    "scenario.keep_negative.title.off": "Una colonna di −1, senza la regola delle colonne",
    "scenario.target.title.101": "Solo più di 100 finisce la partita",
}
