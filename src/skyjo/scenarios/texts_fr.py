# ruff: noqa: E501
# (One sentence per line reads better than wrapped strings, as in skyjo.ui.i18n.)
"""The scenarios' page texts in French (see :mod:`skyjo.scenarios.texts`)."""

from __future__ import annotations

from typing import Final

FR: Final[dict[str, str]] = {
    "scenario.column.title": "Compléter une colonne",
    "scenario.column.situation": "Lena a deux 7 face visible dans sa première colonne, et la défausse montre un 7. C'est à elle de jouer.",
    "scenario.column.outcome.all": "Elle prend le 7 et l'échange contre la carte cachée en dessous : trois 7 dans une colonne, et toute la colonne quitte la table. Le trou reste.",
    "scenario.column.outcome.keep_negative": "Trois 7 partent même avec la règle maison qui garde les colonnes de −1 ou de −2 : seules les colonnes négatives restent.",
    "scenario.column.outcome.off": "Sans la règle des colonnes, les trois 7 restent sur la table et comptent 21 points.",
    "scenario.tie_doubles.title": "Une égalité double les points de qui termine la manche",
    "scenario.tie_doubles.situation": "Il reste à Jonas une carte face cachée ; en la retournant, il termine la manche avec 6 points. Mia aura 6 elle aussi.",
    "scenario.tie_doubles.outcome.true": "Jonas n'a pas seul le plus petit score, donc ses 6 comptent double : il note 12 (la règle du jeu).",
    "scenario.tie_doubles.outcome.false": "Si l'égalité est pardonnée, il suffit que personne n'ait moins : Jonas note 6.",
    "scenario.negative_not_doubled.title": "Un score négatif n'est pas doublé",
    "scenario.negative_not_doubled.situation": "Il reste à Lena une carte face cachée ; en la retournant, elle termine la manche avec −3. Mia finira avec −5.",
    "scenario.negative_not_doubled.outcome.false": "Mia a moins de points, mais on ne double qu'au-dessus de 0 : Lena garde −3 (la règle du jeu).",
    "scenario.negative_not_doubled.outcome.true": "Si l'on doublait tous ceux qui terminent sans avoir le plus petit score, les −3 de Lena deviendraient −6 : une récompense au lieu d'une pénalité.",
    "scenario.reveal_removes_column.title": "Le dernier retournement retire une colonne",
    "scenario.reveal_removes_column.situation": "Lena montre deux 5 dans sa troisième colonne ; la carte en dessous est cachée. Jonas va retourner sa dernière carte.",
    "scenario.reveal_removes_column.outcome.all": "Jonas termine la manche, Lena joue son dernier tour, puis toutes les cartes sont retournées : la carte cachée est un 5, et la colonne part avant le décompte.",
    "scenario.reveal_removes_column.outcome.keep_negative": "Pareil avec la règle maison qui garde les colonnes négatives : trois 5 partent.",
    "scenario.reveal_removes_column.outcome.off": "Sans la règle des colonnes, les trois 5 restent et comptent 15 points.",
    "scenario.last_turns.title": "Les derniers tours",
    "scenario.last_turns.situation": "Jonas vient de retourner sa dernière carte : il a terminé la manche.",
    "scenario.last_turns.outcome": "Mia puis Lena jouent chacune exactement un tour de plus ; Jonas, aucun. Ensuite toutes les cartes sont retournées et la manche est comptée.",
    "scenario.reshuffle.title": "Une pioche vide",
    "scenario.reshuffle.situation": "La pioche est vide, et c'est à Jonas de jouer.",
    "scenario.reshuffle.outcome": "La défausse, sauf sa carte du dessus, est mélangée pour former une nouvelle pioche ; la carte du dessus reste. Puis Jonas joue son tour normalement.",
    "scenario.keep_negative.title": "Une colonne de −1",
    "scenario.keep_negative.situation": "Lena a deux −1 face visible dans sa deuxième colonne, et la défausse montre un −1. C'est à elle de jouer.",
    "scenario.keep_negative.outcome.keep_negative": "Elle le prend : trois −1 dans une colonne. Avec la règle maison, les colonnes négatives restent et gardent leurs −3 points.",
    "scenario.keep_negative.outcome.all": "Avec la règle du jeu, toute colonne complète part, même trois −1 : Lena perd ces −3 points.",
    "scenario.keep_negative.outcome.off": "Sans la règle des colonnes, les trois −1 restent aussi.",
    "scenario.target.title": "Exactement 100 termine la partie",
    "scenario.target.situation": "Il reste à Jonas une carte face cachée et il va terminer la manche avec 50 ; Lena a moins de points.",
    "scenario.target.outcome.100": "Lena a moins que lui, donc les 50 de Jonas sont doublés à exactement 100 : atteindre le score de fin suffit, la partie s'arrête et Lena gagne.",
    "scenario.target.outcome.101": "Si la partie ne s'arrêtait qu'au-dessus de 100, les 100 de Jonas ne suffiraient pas, et une autre manche suivrait.",
    # titles of the variants under other rule settings
    "scenario.column.title.keep_negative": "Compléter une colonne (les colonnes négatives restent)",
    "scenario.column.title.off": "Compléter une colonne, sans la règle des colonnes",
    "scenario.tie_doubles.title.false": "Une égalité est pardonnée : qui termine garde son score",
    "scenario.negative_not_doubled.title.true": "Les points de qui termine sans le plus petit score sont doublés, même sous 0",
    "scenario.reveal_removes_column.title.keep_negative": "Le dernier retournement retire une colonne (les colonnes négatives restent)",
    "scenario.reveal_removes_column.title.off": "Le dernier retournement, sans la règle des colonnes",
    "scenario.keep_negative.title.all": "Une colonne de −1 avec la règle du jeu",
    "scenario.keep_negative.title.off": "Une colonne de −1, sans la règle des colonnes",
    "scenario.target.title.101": "Seul un total au-dessus de 100 termine la partie",
}
