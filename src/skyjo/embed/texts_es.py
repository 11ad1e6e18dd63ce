# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The embed's and the replay viewer's own words in Spanish (see :mod:`skyjo.embed.texts`)."""

from __future__ import annotations

from typing import Final

ES: Final[dict[str, str]] = {
    "embed.problems": "Algunos parámetros de esta inserción no se han podido usar:",
    "embed.next": "Siguiente jugada",
    "embed.play": "Seguir jugando",
    "embed.restart": "Volver a empezar",
    "embed.record_title": "Una partida grabada",
    "embed.open_replay": "Abrir en el visor de partidas",
    "embed.done": "Hecho.",
    "embed.move": "Jugada {n} de {total}",
    "embed.new_game": "Nueva partida",
    "replay.title": "Ver una partida",
    "replay.open_file": "Abrir un archivo de partida",
    "replay.empty": "Abre un registro de partida (un archivo .json guardado desde el juego) o un enlace compartido.",
    "replay.first": "Al principio",
    "replay.back": "Atrás",
    "replay.forward": "Adelante",
    "replay.last": "Al final",
    "replay.round": "Ronda",
    "replay.view": "Mostrar",
    "replay.view_all": "todas las cartas",
    "replay.view_seat": "{name, person, you {lo que ves tú} other {lo que ve {name}}}",
    "replay.position": "Ronda {round}, jugada {move} ({index} de {total})",
    "replay.deal": "Se reparte la ronda {n}.",
    "replay.share": "Compartir esta partida",
    "replay.share_help": "Este enlace contiene la partida entera; abre esta página.",
    "replay.copy": "Copiar el enlace",
    "replay.copied": "Enlace copiado.",
    "replay.invalid": "Esta partida no se puede mostrar: {reason}",
    "replay.held": "{name, person, you {Tienes {card, a} en la mano} other {{name} tiene {card, a} en la mano}}",
    "replay.held_hidden": "{name, person, you {Tienes en la mano una carta robada} other {{name} tiene en la mano una carta robada}}",
    "replay.bad_link": "Este enlace está dañado o incompleto: vuelve a copiar el enlace entero, o abre el archivo de la partida.",
    "replay.newer_link": "Este enlace viene de una versión más reciente de Skyjo: recarga la página para actualizarla.",
}
