"""The score pad: scoring games played with real cards.

Pure Python and no DOM, so it is tested on CPython and the page (PyScript)
only renders it. The modules, inner ones first:

- :mod:`~skyjo.web.scorepad.model`: the pad (players, rule options, rounds) and its
  pure transitions (enter, correct, delete a round; tiebreak; players; rules).
- :mod:`~skyjo.web.scorepad.sheet`: what the page paints: points, running totals,
  leaders, end of game, winners, and why each finisher was doubled or not.
- :mod:`~skyjo.web.scorepad.starter`: who starts the next round.
- :mod:`~skyjo.web.scorepad.keypad`: the one-handed entry of a round.
- :mod:`~skyjo.web.scorepad.storage`: several games with dates as versioned JSON.
- :mod:`~skyjo.web.scorepad.export`: CSV.

The doubling rule, the end of the game, the winners, the first starter and the
bounds of a sum all come from :mod:`skyjo.scoring`, the engine's own.
"""
