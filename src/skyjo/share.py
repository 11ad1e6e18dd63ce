"""Game records in a link: compressed, URL-safe text for the fragment (``#g=...``).

A whole game fits: a record is mostly small integers, which deflate well (a
four-round game of about 9 KB of JSON becomes about 2 KB of link). The text starts
with a version letter so the format can change without breaking old links.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Final

from skyjo import jsontext, record
from skyjo.errors import RecordError

#: Version letter of the link format: "1" = deflate(raw) of the compact JSON, base64url.
LINK_VERSION: Final = "1"


class LinkError(RecordError):
    """A shared link that cannot be read (cut off, mistyped, from a newer version).
    Pages tell people only "damaged or incomplete" (or :class:`NewerLinkError`'s
    "made by a newer version"); the message says what exactly is wrong, for logs."""


class NewerLinkError(LinkError):
    """A link in a format a later version of this site writes (a higher version digit)."""


class InvalidGameLinkError(LinkError):
    """A link that unpacks whole, to a game record the engine refuses (a name too
    long, an illegal move): not damaged, so pages say :attr:`reason`, the record's
    own error, which names what and where."""

    def __init__(self, error: RecordError) -> None:
        super().__init__(f"the link's game is invalid: {error}")
        self.reason = str(error)


def encode(game_record: record.GameRecord) -> str:
    """The record as link text (URL-safe, no padding)."""
    raw = record.dumps(game_record).encode("utf-8")
    packed = zlib.compress(raw, level=9, wbits=-15)
    return LINK_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> record.GameRecord:
    """Link text back to a checked record; raises :class:`LinkError` saying what is wrong."""
    text = text.strip()
    if not text:
        raise LinkError("the link holds no game")
    if text[0] != LINK_VERSION:
        newer = text[0].isascii() and text[0].isdigit() and text[0] > LINK_VERSION
        raise (NewerLinkError if newer else LinkError)(
            f"the link's game is in format {text[0]!r}, this version reads {LINK_VERSION!r}"
        )
    body = text[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        # At most what a record may be: a small link must not unpack into gigabytes.
        unpacker = zlib.decompressobj(wbits=-15)
        raw = unpacker.decompress(packed, jsontext.MAX_LENGTH + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError(
            "the link is damaged or cut off (its game data cannot be unpacked)"
        ) from None
    if len(raw) > jsontext.MAX_LENGTH:
        raise LinkError(f"the link's game unpacks to more than {jsontext.MAX_LENGTH:,} bytes")
    if not unpacker.eof:
        raise LinkError("the link is damaged or cut off (its game data ends too soon)")
    try:
        data = jsontext.loads(raw, what="the link's game")
    except (ValueError, UnicodeDecodeError) as exc:
        raise LinkError(f"the link is damaged (its game is not valid JSON: {exc})") from None
    try:
        game_record = record.from_json(data)
        record.replay(game_record)
    except RecordError as exc:
        raise InvalidGameLinkError(exc) from None
    return game_record
