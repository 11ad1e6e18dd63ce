# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The game review's words in French (see :mod:`skyjo.review.texts`): the words of
the game page (pioche, défausse, manche, face cachée), tutoiement, and "le 8"."""

from __future__ import annotations

from typing import Final

FR: Final[dict[str, str]] = {
    "review.heading": "Analyse de la partie : {name}",
    "review.intro": "{name, person, you {Le robot expert a noté chacune de tes décisions d'après ce que tu pouvais voir à ce moment-là.} other {Le robot expert a noté chaque décision de {name} d'après ce que {name} pouvait voir à ce moment-là.}}",
    "review.choose": "Analyser les décisions de",
    "review.start": "Analyser",
    "review.progress": "Analyse de la décision {done} sur {total}…",
    "review.summary": "Tours analysés : {turns}. Points perdus par tour en moyenne : {per_turn} ({total} au total).",
    "review.no_turns": "Il n'y a encore aucun tour à analyser.",
    "review.clean": "Aucune décision coûteuse : chaque coup était à moins d'un point de celui de l'expert.",
    "review.costliest": "Les décisions les plus coûteuses",
    "review.kinds": "Erreurs par type",
    "review.kind_count": "{kind} : {count}",
    "review.item": "Manche {round}, tour {turn} : {loss} points perdus",
    "review.played": "Joué : {move}.",
    "review.better": "Mieux : {move}.",
    "review.position": "{name, person, you {Tes cartes à ce moment-là} other {Les cartes de {name} à ce moment-là}}",
    "review.discard": "Défausse : {card}",
    "review.discard_empty": "Défausse : vide",
    "review.held": "En main : {card}",
    "review.card_up": "ligne {row}, colonne {column} : {card}",
    "review.card_down": "ligne {row}, colonne {column} : face cachée",
    "review.card_removed": "ligne {row}, colonne {column} : retirée",
    "review.move.draw": "piocher une carte",
    "review.move.take": "prendre le {card} de la défausse",
    "review.move.swap": "poser le {card} en ligne {row}, colonne {column}",
    "review.move.flip": "défausser le {card} et retourner la carte en ligne {row}, colonne {column}",
    "review.kind.kept_high": "a gardé une carte élevée",
    "review.kind.let_low_go": "a laissé passer une petite carte",
    "review.kind.missed_column": "a raté une colonne",
    "review.kind.gave_column": "a donné une carte de colonne",
    "review.kind.ended_doubling": "a terminé la manche et s'est fait doubler",
    "review.kind.wrong_pile": "a pris dans la mauvaise pile",
    "review.kind.placement": "a posé une carte au mauvais endroit",
    "review.reason.take_high": "Le {card} est plus élevé que ce que vaut en moyenne une carte face cachée : une carte inconnue de la pioche était donc le meilleur choix.",
    "review.reason.take_not_worth": "Le {card} faisait gagner trop peu là où il pouvait aller : piocher une carte était donc le meilleur choix.",
    "review.reason.take_low": "Une carte aussi basse que le {card} vaut la peine d'être gardée presque partout : la prendre valait mieux qu'une carte inconnue de la pioche.",
    "review.reason.take_better": "Le {card} de la défausse valait {loss} points de plus qu'une carte inconnue de la pioche.",
    "review.reason.keep_high": "Le {card} est plus élevé que ce que vaut en moyenne une carte face cachée : le défausser et retourner une carte coûtait donc moins.",
    "review.reason.keep_over": "Le {card} valait la peine d'être gardé : à la place du {higher} en ligne {row}, colonne {column}, il fait gagner {diff} points.",
    "review.reason.keep_over_down": "Le {card} valait la peine d'être gardé : à la place d'une carte face cachée, qui vaut en moyenne environ {mean}, il fait gagner environ {diff} points.",
    "review.reason.missed_column": "À cet endroit, le {card} fait trois cartes égales dans la colonne {column}, et toute la colonne quitte la grille.",
    "review.reason.gave_column": "{name, person, you {Le {card} sur la défausse te permet de compléter une colonne.} other {Le {card} sur la défausse permet à {name} de compléter une colonne.}}",
    "review.reason.ended_doubling": "{name, person, you {Tes cartes n'étaient pas clairement les plus basses, et qui termine une manche sans le plus petit score paie double.} other {Les cartes de {name} n'étaient pas clairement les plus basses, et qui termine une manche sans le plus petit score paie double.}}",
    "review.reason.pair": "En ligne {row}, colonne {column}, le {card} fait la paire avec le {card} déjà dans cette colonne : encore un, et toute la colonne quitte la grille.",
    "review.reason.broke_pair": "Le {covered} en ligne {row}, colonne {column} formait une paire dans sa colonne, à mi-chemin d'une colonne qui quitte la grille.",
    "review.reason.over_down": "Une carte face cachée vaut en moyenne environ {mean} : à sa place, le {card} fait gagner environ {diff} points de plus qu'à la place du {covered}.",
    "review.reason.over_higher": "Le {card} fait gagner {diff} points de plus à la place du {higher} qu'à la place du {covered}.",
    "review.reason.over_known": "Le {higher} est plus élevé que ce que vaut en moyenne une carte face cachée (environ {mean}) : à sa place, le {card} fait gagner environ {diff} points de plus.",
    "review.reason.simulated": "En jouant jusqu'à la fin de la manche, le meilleur coup fait en moyenne {loss} points de mieux.",
}
