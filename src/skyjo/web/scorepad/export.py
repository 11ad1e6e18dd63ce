"""CSV export of one game, laid out like the paper pad (seed 001's example):
a header with the names (its words in the pad's language), one row per round
with the points written down and who ended it, then the totals.

The points are the written ones (after doubling), as on paper; the raw sums
are in the JSON save. Rows end in CRLF (RFC 4180), which spreadsheet programs
expect.
"""

from __future__ import annotations

import io
from typing import Final

from skyjo.web.scorepad.messages import Messages
from skyjo.web.scorepad.model import ScorePad
from skyjo.web.scorepad.sheet import score_sheet

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def to_csv(pad: ScorePad, *, messages: Messages | None = None) -> str:
    """The game as CSV: ``Round, Ended by, <names...>``; then ``Total``; then the
    tiebreak, if played, after the totals (it is not added to them; players who
    sat it out have an empty cell). The words are ``messages``' (English if none),
    the pad's history table's own."""
    import csv  # here: only an export needs it, and a page's first start would compile it

    m = messages or Messages("en")
    sheet = score_sheet(pad)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    names = [_text_cell(name) for name in pad.players]
    writer.writerow([m.t("history.round"), m.t("csv.ended_by"), *names])
    for line in sheet.lines:
        writer.writerow([line.number, names[line.finisher], *line.points])
    writer.writerow([m.t("history.total"), "", *sheet.totals])
    if sheet.tiebreak is not None:
        tiebreak = sheet.tiebreak
        cells = ["" if p is None else p for p in tiebreak.points]
        writer.writerow([m.t("history.tiebreak"), names[tiebreak.finisher], *cells])
    return out.getvalue()


def _text_cell(text: str) -> str:
    """A name a spreadsheet will show as text, not run as a formula ("=1+1")."""
    return f"'{text}" if text.startswith(_FORMULA_START) else text
