"""Skyjo: the card game's rules, rule options, game records and bots, in pure Python.

The package uses the standard library only, so the same code runs on CPython and
in the browser on Pyodide. The layers, from the bottom: the words (``i18n``), the
engine (the modules here: cards, rules, actions, state, engine, scoring, events,
view, record, game, ...), the bots (``bots``), what uses them (``review``,
``scenarios``, ``simulate``, the command line) and, on top, what only the web
pages need (``web``). Dependency arrows point down, never up, and never round in
a loop (``tests/test_layers.py``; ``docs/architecture.md`` draws them).
"""

__version__ = "0.1.0"
