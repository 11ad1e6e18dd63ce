"""Embeds, the replay viewer and the rules page: the parts that run outside the
game page.

Pure modules (tested on CPython): :mod:`params` reads an embed's URL into a
checked :class:`~skyjo.web.embed.params.EmbedConfig` with one problem per bad
parameter; :mod:`messages` builds the ``postMessage`` payloads a host page
receives; :mod:`reel` turns a game record into frames (state and events per
move) for stepping; :mod:`board` paints a state without a game controller.
The DOM glue is one module per page (:mod:`embed_page`, :mod:`replay_page`),
the only ones that import PyScript. See ``docs/embedding.md``.
"""
