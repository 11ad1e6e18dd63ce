"""The parts of ``build.py`` that are a job of their own: the engine wheel, the
release archive, and the pages stamped from the one skeleton (``pages``, which
pre-paints first screens with the engine's own ``src/skyjo``, itself standard
library only), all written with the standard library alone.

``build.py`` is the README's first command and must run on a machine with nothing
pip-installed (only Python 3.11+ and Node.js with npm), so nothing in this package
may import anything outside the standard library.
"""
