# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The embed's and the replay viewer's own words in French (see :mod:`skyjo.embed.texts`)."""

from __future__ import annotations

from typing import Final

FR: Final[dict[str, str]] = {
    "embed.problems": "Certains paramètres de cette intégration n'ont pas pu être utilisés :",
    "embed.next": "Coup suivant",
    "embed.play": "Continuer",
    "embed.restart": "Recommencer",
    "embed.record_title": "Une partie enregistrée",
    "embed.open_replay": "Ouvrir dans la visionneuse",
    "embed.done": "Terminé.",
    "embed.move": "Coup {n} sur {total}",
    "embed.new_game": "Nouvelle partie",
    "replay.title": "Revoir une partie",
    "replay.open_file": "Ouvrir un fichier de partie",
    "replay.empty": "Ouvre un enregistrement de partie (un fichier .json sauvegardé depuis le jeu) ou un lien partagé.",
    "replay.first": "Au début",
    "replay.back": "Reculer",
    "replay.forward": "Avancer",
    "replay.last": "À la fin",
    "replay.round": "Manche",
    "replay.view": "Montrer",
    "replay.view_all": "toutes les cartes",
    "replay.view_seat": "{name, person, you {ce que tu vois} other {ce que voit {name}}}",
    "replay.position": "Manche {round}, coup {move} ({index} sur {total})",
    "replay.deal": "La manche {n} est distribuée.",
    "replay.share": "Partager cette partie",
    "replay.share_help": "Ce lien contient toute la partie ; il ouvre cette page.",
    "replay.copy": "Copier le lien",
    "replay.copied": "Lien copié.",
    "replay.invalid": "Cette partie ne peut pas être montrée : {reason}",
    "replay.held": "{name, person, you {Tu as {card, a} en main} other {{name} a {card, a} en main}}",
    "replay.held_hidden": "{name, person, you {Tu as une carte piochée en main} other {{name} a une carte piochée en main}}",
    "replay.bad_link": "Ce lien est abîmé ou incomplet : copie à nouveau le lien en entier, ou ouvre le fichier de la partie.",
    "replay.newer_link": "Ce lien vient d'une version plus récente de Skyjo : recharge la page pour la mettre à jour.",
}
