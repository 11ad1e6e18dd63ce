# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The scenarios' page texts in Spanish (see :mod:`skyjo.scenarios.texts`)."""

from __future__ import annotations

from typing import Final

ES: Final[dict[str, str]] = {
    "scenario.column.title": "Completar una columna",
    "scenario.column.situation": "Lena tiene dos 7 boca arriba en su primera columna, y en la pila de descarte hay un 7. Le toca a ella.",
    "scenario.column.outcome.all": "Toma el 7 y lo cambia por la carta boca abajo que hay debajo: tres 7 en una columna, y la columna entera sale de la mesa. El hueco se queda.",
    "scenario.column.outcome.keep_negative": "Tres 7 salen incluso con la regla de la casa que deja las columnas de −1 o −2: solo las columnas negativas se quedan.",
    "scenario.column.outcome.off": "Sin la regla de las columnas, los tres 7 se quedan en la mesa y cuentan 21 puntos.",
    "scenario.tie_doubles.title": "Un empate duplica los puntos de quien termina la ronda",
    "scenario.tie_doubles.situation": "A Jonas le queda una carta boca abajo; al darle la vuelta termina la ronda con 6 puntos. Mia también tendrá 6.",
    "scenario.tie_doubles.outcome.true": "Jonas no tiene él solo la puntuación más baja, así que sus 6 cuentan doble: anota 12 (el reglamento).",
    "scenario.tie_doubles.outcome.false": "Si el empate se perdona, basta con que nadie tenga menos: Jonas anota 6.",
    "scenario.negative_not_doubled.title": "Una puntuación negativa no se duplica",
    "scenario.negative_not_doubled.situation": "A Lena le queda una carta boca abajo; al darle la vuelta termina la ronda con −3. Mia acabará con −5.",
    "scenario.negative_not_doubled.outcome.false": "Mia tiene menos puntos, pero solo se duplica por encima de 0: Lena se queda con −3 (el reglamento).",
    "scenario.negative_not_doubled.outcome.true": "Si se duplicara a todo el que termina sin la puntuación más baja, los −3 de Lena pasarían a −6: un premio en lugar de un castigo.",
    "scenario.reveal_removes_column.title": "La última vuelta de cartas retira una columna",
    "scenario.reveal_removes_column.situation": "Lena muestra dos 5 en su tercera columna; la carta de debajo está boca abajo. Jonas va a dar la vuelta a su última carta.",
    "scenario.reveal_removes_column.outcome.all": "Jonas termina la ronda, Lena juega su último turno y luego se da la vuelta a todas las cartas: la carta oculta es un 5, y la columna sale antes de sumar.",
    "scenario.reveal_removes_column.outcome.keep_negative": "Lo mismo con la regla de la casa para columnas negativas: tres 5 salen.",
    "scenario.reveal_removes_column.outcome.off": "Sin la regla de las columnas, los tres 5 se quedan y cuentan 15 puntos.",
    "scenario.last_turns.title": "Los últimos turnos",
    "scenario.last_turns.situation": "Jonas acaba de dar la vuelta a su última carta: ha terminado la ronda.",
    "scenario.last_turns.outcome": "Mia y después Lena juegan exactamente un turno más cada una; Jonas, ninguno. Luego se da la vuelta a todas las cartas y se cuenta la ronda.",
    "scenario.reshuffle.title": "Un mazo vacío",
    "scenario.reshuffle.situation": "El mazo se ha agotado y le toca a Jonas.",
    "scenario.reshuffle.outcome": "La pila de descarte, salvo su carta de arriba, se baraja para formar un mazo nuevo; la carta de arriba se queda. Luego Jonas juega su turno como siempre.",
    "scenario.keep_negative.title": "Una columna de −1",
    "scenario.keep_negative.situation": "Lena tiene dos −1 boca arriba en su segunda columna, y en la pila de descarte hay un −1. Le toca a ella.",
    "scenario.keep_negative.outcome.keep_negative": "Lo coloca: tres −1 en una columna. Con la regla de la casa, las columnas negativas se quedan y conservan sus −3 puntos.",
    "scenario.keep_negative.outcome.all": "Con el reglamento sale toda columna completa, incluso tres −1: Lena pierde esos −3 puntos.",
    "scenario.keep_negative.outcome.off": "Sin la regla de las columnas, los tres −1 también se quedan.",
    "scenario.target.title": "Exactamente 100 termina la partida",
    "scenario.target.situation": "A Jonas le queda una carta boca abajo y va a terminar la ronda con 50; Lena tiene menos puntos.",
    "scenario.target.outcome.100": "Lena tiene menos que él, así que los 50 de Jonas se duplican a exactamente 100: llegar a la meta basta, la partida termina y gana Lena.",
    "scenario.target.outcome.101": "Si la partida solo terminara por encima de 100, los 100 de Jonas no bastarían y vendría otra ronda.",
    # titles of the variants under other rule settings
    "scenario.column.title.keep_negative": "Completar una columna (las columnas negativas se quedan)",
    "scenario.column.title.off": "Completar una columna, sin la regla de las columnas",
    "scenario.tie_doubles.title.false": "Un empate se perdona: quien termina conserva su puntuación",
    "scenario.negative_not_doubled.title.true": "Se duplican los puntos de quien termina sin la puntuación más baja, incluso por debajo de 0",
    "scenario.reveal_removes_column.title.keep_negative": "La última vuelta de cartas retira una columna (las columnas negativas se quedan)",
    "scenario.reveal_removes_column.title.off": "La última vuelta de cartas, sin la regla de las columnas",
    "scenario.keep_negative.title.all": "Una columna de −1 con el reglamento",
    "scenario.keep_negative.title.off": "Una columna de −1, sin la regla de las columnas",
    "scenario.target.title.101": "Solo más de 100 termina la partida",
}
