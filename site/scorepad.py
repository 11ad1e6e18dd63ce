"""The score pad page's Python entry point: everything is in :mod:`skyjo.scorepad.page`,
which paints the pad and sets ``<html data-ready="true">`` (the start-up guard in
``boot.js`` and the browser tests wait for it)."""

from skyjo.scorepad import page

page.start()
