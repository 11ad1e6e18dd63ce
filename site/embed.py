"""``embed.html``'s Python entry point: everything is in :mod:`skyjo.embed.embed_page`,
which paints the embed, talks to the host page and sets ``<html data-ready="true">``."""

from skyjo.embed import embed_page

embed_page.start()
