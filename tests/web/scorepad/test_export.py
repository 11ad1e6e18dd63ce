"""CSV export: a header with the names, one row per round with the points
written down and who ended it, then the totals (seed 001's sheet)."""

from __future__ import annotations

import csv
import io

from skyjo.web.scorepad.export import to_csv
from skyjo.web.scorepad.messages import Messages
from skyjo.web.scorepad.model import RoundDraft, enter_tiebreak, new_pad
from tests.web.scorepad.seed import JONAS, MIA, played, seed_pad


def test_seed_sheet_as_csv() -> None:
    assert to_csv(seed_pad()) == (
        "Round,Ended by,Lena,Jonas,Mia\r\n"
        "1,Mia,9,21,28\r\n"
        "2,Lena,4,17,12\r\n"
        "3,Jonas,13,12,6\r\n"
        "4,Lena,-3,9,-5\r\n"
        "Total,,23,59,41\r\n"
    )


def test_the_headers_in_the_pads_language() -> None:
    pad = enter_tiebreak(
        played(new_pad(["Lena", "Jonas", "Mia"]), [((5, 5, 50), MIA)]),
        RoundDraft.of((3, 7, None), JONAS),
    )
    rows = list(csv.reader(io.StringIO(to_csv(pad, messages=Messages("es")))))
    assert rows[0] == ["Ronda", "Terminada por", "Lena", "Jonas", "Mia"]
    assert [rows[2][0], rows[3][0]] == ["Total", "Desempate"]
    rows = list(csv.reader(io.StringIO(to_csv(pad, messages=Messages("de")))))
    assert [rows[0][:2], rows[2][0], rows[3][0]] == [["Runde", "Beendet von"], "Gesamt", "Stechen"]


def test_names_are_quoted_and_never_formulas() -> None:
    pad = played(new_pad(["Smith, Jo", "=1+1", 'Ann "A"']), [((4, 5, 6), 0)])
    rows = list(csv.reader(io.StringIO(to_csv(pad))))
    assert rows[0] == ["Round", "Ended by", "Smith, Jo", "'=1+1", 'Ann "A"']
    assert rows[1] == ["1", "Smith, Jo", "4", "5", "6"]


def test_the_tiebreak_follows_the_totals() -> None:
    pad = played(new_pad(["Lena", "Jonas", "Mia"]), [((5, 5, 50), MIA)])
    pad = enter_tiebreak(pad, RoundDraft.of((3, 7, None), JONAS))
    assert to_csv(pad).splitlines()[-2:] == ["Total,,5,5,100", "Tiebreak,Jonas,3,14,"]
