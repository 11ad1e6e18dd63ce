"""Skyjo: the card game's rules, rule options, game records and bots, in pure Python.

The package uses the standard library only, so the same code runs on CPython and
in the browser on Pyodide. Dependency arrows point inward: ``bots`` and ``ui``
import the engine, never the other way round.
"""

__version__ = "0.1.0"
