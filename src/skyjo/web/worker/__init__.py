"""The pages' Python in a Web Worker: what it asks the main thread to do
(:mod:`~skyjo.web.worker.effects`), the storage it reads (:mod:`~skyjo.web.worker.mirror`)
and the calls it answers (:mod:`~skyjo.web.worker.host`). See issue 21 and
``site/page.mjs``, the main thread's half."""
