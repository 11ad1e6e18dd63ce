"""The parts of ``build.py`` that are a job of their own: the engine wheel and the
release archive, both written with the standard library alone.

``build.py`` is the README's first command and must run on a machine with nothing
pip-installed (only Python 3.11+ and Node.js with npm), so nothing in this package
may import anything outside the standard library.
"""
