"""``python -m skyjo``: see :mod:`skyjo.cli`."""

import sys

from skyjo.cli import main

if __name__ == "__main__":
    sys.exit(main())
