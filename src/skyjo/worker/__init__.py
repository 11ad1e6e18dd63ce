"""The pages' Python in a Web Worker: what it asks the main thread to do
(:mod:`~skyjo.worker.effects`), the storage it reads (:mod:`~skyjo.worker.mirror`)
and the calls it answers (:mod:`~skyjo.worker.host`). See issue 21 and
``site/page.mjs``, the main thread's half."""
