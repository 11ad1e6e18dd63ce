"""How long work that goes on between intents (the bots' thinking, the game review)
pauses so that a tap is answered meanwhile.

The pause must be a timer, not an immediate callback: Pyodide runs
``asyncio.sleep(0)`` (and anything up to 2 ms) through a MessageChannel of its own,
and a worker busy with those callbacks let a tap's message from the page wait for
seconds (measured in the game-end review: 0.3 to 2 s per tap). A timer of a few
milliseconds lets the waiting message in first, for about a fifth of a 20 ms slice.
"""

from __future__ import annotations

from typing import Final

PAUSE_SECONDS: Final = 0.004

__all__ = ["PAUSE_SECONDS"]
