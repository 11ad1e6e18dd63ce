"""``replay.html``'s Python entry point: everything is in :mod:`skyjo.embed.replay_page`,
which opens the game in the link (``#g=...``) or a file and sets
``<html data-ready="true">``."""

from skyjo.embed import replay_page

replay_page.start()
