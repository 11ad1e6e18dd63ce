"""Zip files that are the same bytes every time they are written from the same input.

A zip entry stores a timestamp and permission bits; left to ``zipfile`` they would
come from the clock and the file system, so two builds of one commit would differ.
Here every entry gets the same given time and plain-file permissions, and entries are
written in the order the caller gives (callers sort them).
"""

from __future__ import annotations

import time
import zipfile
from collections.abc import Iterable
from pathlib import Path

#: 1980-01-01 00:00:00 UTC, the earliest time a zip entry can hold.
ZIP_EPOCH = 315532800

#: ``-rw-r--r--`` for a regular file, in the high 16 bits as zip stores Unix modes.
FILE_MODE = 0o100644 << 16


def entry_time(epoch: int) -> tuple[int, int, int, int, int, int]:
    """The zip timestamp for ``epoch`` (seconds, UTC), clamped to what zip can hold."""
    moment = time.gmtime(max(epoch, ZIP_EPOCH))
    return (moment.tm_year, moment.tm_mon, moment.tm_mday,
            moment.tm_hour, moment.tm_min, moment.tm_sec)  # fmt: skip


def write_zip(target: Path, entries: Iterable[tuple[str, bytes]], *, epoch: int) -> None:
    """Write ``entries`` (archive name, contents) to ``target`` in the given order,
    each stamped with ``epoch`` and compressed with deflate."""
    stamp = entry_time(epoch)
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = FILE_MODE
            archive.writestr(info, data, compresslevel=9)
