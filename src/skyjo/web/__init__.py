"""What only the web pages need, above the engine and never imported by it.

The pages' Python: the game page (:mod:`~skyjo.web.ui`), the embeds and the
replay viewer (:mod:`~skyjo.web.embed`), the score pad
(:mod:`~skyjo.web.scorepad`), the record checker (:mod:`~skyjo.web.check`), and
what runs them in the page's Web Worker (:mod:`~skyjo.web.worker`); the first
screens painted at build time (:mod:`~skyjo.web.prerender`,
:mod:`~skyjo.web.painted`), what pages say before Python runs
(:mod:`~skyjo.web.boot_texts`), what they keep on the device
(:mod:`~skyjo.web.device`), and what they read from URLs and storage
(:mod:`~skyjo.web.inputs`), with the icons they draw (:mod:`~skyjo.web.icons`).

The arrows point one way: this package imports the engine, the bots, the review
and the words; nothing outside it imports from it (``tests/test_layers.py``), so
the wheel a bot author installs works without a browser in sight."""
