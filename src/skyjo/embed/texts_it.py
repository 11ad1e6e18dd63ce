# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The embed's and the replay viewer's own words in Italian (see :mod:`skyjo.embed.texts`)."""

from __future__ import annotations

from typing import Final

IT: Final[dict[str, str]] = {
    "embed.problems": "Alcuni parametri di questo inserimento non si sono potuti usare:",
    "embed.next": "Mossa successiva",
    "embed.play": "Continua",
    "embed.restart": "Ricomincia",
    "embed.record_title": "Una partita registrata",
    "embed.open_replay": "Apri nel visualizzatore",
    "embed.done": "Fatto.",
    "embed.move": "Mossa {n} di {total}",
    "embed.new_game": "Nuova partita",
    "replay.title": "Rivedi una partita",
    "replay.open_file": "Apri un file di partita",
    "replay.empty": "Apri una registrazione di partita (un file .json salvato dal gioco) o un link condiviso.",
    "replay.first": "All'inizio",
    "replay.back": "Indietro",
    "replay.forward": "Avanti",
    "replay.last": "Alla fine",
    "replay.round": "Manche",
    "replay.view": "Mostra",
    "replay.view_all": "tutte le carte",
    "replay.view_seat": "{name, person, you {quello che vedi tu} other {quello che vede {name}}}",
    "replay.position": "Manche {round}, mossa {move} ({index} di {total})",
    "replay.deal": "Si distribuisce la manche {n}.",
    "replay.share": "Condividi questa partita",
    "replay.share_help": "Questo link contiene tutta la partita; apre questa pagina.",
    "replay.copy": "Copia il link",
    "replay.copied": "Link copiato.",
    "replay.invalid": "Questa partita non si può mostrare: {reason}",
    "replay.held": "{name, person, you {Hai in mano {card, a}} other {{name} ha in mano {card, a}}}",
    "replay.held_hidden": "{name, person, you {Hai in mano una carta pescata} other {{name} ha in mano una carta pescata}}",
    "replay.bad_link": "Questo link è danneggiato o incompleto: copia di nuovo il link intero, oppure apri il file della partita.",
    "replay.newer_link": "Questo link viene da una versione più recente di Skyjo: ricarica la pagina per aggiornarla.",
}
