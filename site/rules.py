"""``rules.html``'s Python entry point: one runtime for the whole page, started
by the first live table the reader touches, driving every table touched after
(:func:`skyjo.embed.embed_page.serve_frames`)."""

from skyjo.embed import embed_page

embed_page.serve_frames()
