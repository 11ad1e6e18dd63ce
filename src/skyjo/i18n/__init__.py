"""The words: which languages there are and which one a person reads
(:mod:`~skyjo.i18n.language`), the locale files and the one loader for them
(``locales/<code>/<domain>.arb``, :mod:`~skyjo.i18n.catalogue`), the one message
format (:mod:`~skyjo.i18n.messageformat`) and the plural and article rules it
needs (:mod:`~skyjo.i18n.grammar`).

A layer of its own below the engine: the engine's and the bots' explanations,
the review's words and every page take their texts from here, and this package
imports nothing of the game, so a translator reads it without the rules and a
bot author gets the English texts without any page."""
