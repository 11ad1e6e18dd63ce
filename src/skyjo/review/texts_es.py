# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The game review's words in Spanish (see :mod:`skyjo.review.texts`): the words of
the game page (mazo, pila de descarte, ronda, boca abajo), tuteo, and "el 8"."""

from __future__ import annotations

from typing import Final

ES: Final[dict[str, str]] = {
    "review.heading": "Análisis de la partida: {name}",
    "review.intro": "{name, person, you {El bot experto ha valorado cada una de tus decisiones según lo que podías ver en ese momento.} other {El bot experto ha valorado cada decisión de {name} según lo que {name} podía ver en ese momento.}}",
    "review.choose": "Analizar las decisiones de",
    "review.start": "Analizar",
    "review.progress": "Analizando la decisión {done} de {total}…",
    "review.summary": "Turnos analizados: {turns}. Puntos perdidos por turno de media: {per_turn} ({total} en total).",
    "review.no_turns": "Todavía no hay ningún turno que analizar.",
    "review.clean": "Ninguna decisión cara: cada jugada quedó a menos de un punto de la del experto.",
    "review.costliest": "Las decisiones más caras",
    "review.kinds": "Errores por tipo",
    "review.kind_count": "{kind}: {count}",
    "review.item": "Ronda {round}, turno {turn}: {loss} puntos perdidos",
    "review.played": "Jugado: {move}.",
    "review.better": "Mejor: {move}.",
    "review.position": "{name, person, you {Tus cartas en ese momento} other {Las cartas de {name} en ese momento}}",
    "review.discard": "Pila de descarte: {card}",
    "review.discard_empty": "Pila de descarte: vacía",
    "review.held": "En la mano: {card}",
    "review.card_up": "fila {row}, columna {column}: {card}",
    "review.card_down": "fila {row}, columna {column}: boca abajo",
    "review.card_removed": "fila {row}, columna {column}: retirada",
    "review.move.draw": "robar una carta",
    "review.move.take": "tomar el {card} de la pila de descarte",
    "review.move.swap": "poner el {card} en la fila {row}, columna {column}",
    "review.move.flip": "descartar el {card} y dar la vuelta a la carta de la fila {row}, columna {column}",
    "review.kind.kept_high": "se quedó una carta alta",
    "review.kind.let_low_go": "dejó pasar una carta baja",
    "review.kind.missed_column": "no completó una columna",
    "review.kind.gave_column": "regaló una carta de columna",
    "review.kind.ended_doubling": "terminó la ronda y acabó duplicado",
    "review.kind.wrong_pile": "tomó del montón equivocado",
    "review.kind.placement": "puso una carta en un sitio peor",
    "review.reason.take_high": "El {card} es más alto de lo que vale de media una carta boca abajo, así que una carta desconocida del mazo era la mejor opción.",
    "review.reason.take_not_worth": "El {card} ahorraba demasiado poco donde podía ir, así que robar una carta era la mejor opción.",
    "review.reason.take_low": "Una carta tan baja como el {card} merece la pena casi en cualquier sitio, así que tomarla era mejor que una carta desconocida del mazo.",
    "review.reason.take_better": "El {card} de la pila de descarte valía {loss} puntos más que una carta desconocida del mazo.",
    "review.reason.keep_high": "El {card} es más alto de lo que vale de media una carta boca abajo, así que descartarlo y dar la vuelta a una carta costaba menos.",
    "review.reason.keep_over": "Merecía la pena quedarse el {card}: en lugar del {higher} de la fila {row}, columna {column}, ahorra {diff} puntos.",
    "review.reason.keep_over_down": "Merecía la pena quedarse el {card}: en lugar de una carta boca abajo, que vale de media unos {mean}, ahorra unos {diff} puntos.",
    "review.reason.missed_column": "Ahí, el {card} forma tres cartas iguales en la columna {column}, y toda la columna sale del tablero.",
    "review.reason.gave_column": "{name, person, you {El {card} de la pila de descarte te permite completar una columna.} other {El {card} de la pila de descarte permite a {name} completar una columna.}}",
    "review.reason.ended_doubling": "{name, person, you {Tus cartas no eran claramente las más bajas, y quien termina una ronda sin la puntuación más baja paga el doble.} other {Las cartas de {name} no eran claramente las más bajas, y quien termina una ronda sin la puntuación más baja paga el doble.}}",
    "review.reason.pair": "En la fila {row}, columna {column}, el {card} hace pareja con el {card} que ya está en esa columna: uno más y toda la columna sale del tablero.",
    "review.reason.broke_pair": "El {covered} de la fila {row}, columna {column} formaba pareja en su columna, a medio camino de una columna que sale del tablero.",
    "review.reason.over_down": "Una carta boca abajo vale de media unos {mean}, así que en su lugar el {card} ahorra unos {diff} puntos más que en lugar del {covered}.",
    "review.reason.over_higher": "El {card} ahorra {diff} puntos más en lugar del {higher} que en lugar del {covered}.",
    "review.reason.over_known": "El {higher} es más alto de lo que vale de media una carta boca abajo (unos {mean}), así que en su lugar el {card} ahorra unos {diff} puntos más.",
    "review.reason.simulated": "Jugando hasta el final de la ronda, la mejor jugada sale de media {loss} puntos mejor.",
}
