"""Seed 001's 3-player example entered round by round: every round's points,
the reasons the pad gives, the running totals and the leader."""

from __future__ import annotations

from skyjo.scoring import DoublingReason
from skyjo.web.scorepad.model import new_pad
from skyjo.web.scorepad.sheet import describe, score_sheet
from tests.web.scorepad.seed import (
    JONAS,
    LENA,
    MIA,
    PLAYERS,
    SEED_ROUNDS,
    SEED_SHEET,
    SEED_TOTALS,
    played,
    seed_pad,
)


def test_each_round_as_the_seed_writes_it() -> None:
    pad = new_pad(PLAYERS)
    for number, (entry, written) in enumerate(zip(SEED_ROUNDS, SEED_SHEET, strict=True), 1):
        pad = played(pad, [entry])
        line = score_sheet(pad).lines[-1]
        assert (line.number, line.raw, line.points) == (number, entry[0], written)


def test_totals_and_leader() -> None:
    sheet = score_sheet(seed_pad())
    assert sheet.totals == SEED_TOTALS
    assert sheet.lines[-1].totals == SEED_TOTALS
    assert [line.totals for line in sheet.lines] == [
        (9, 21, 28),
        (13, 38, 40),
        (26, 50, 46),
        (23, 59, 41),
    ]
    assert sheet.leaders == (LENA,)
    # "Noch ist niemand bei 100, also geht das Spiel weiter."
    assert not sheet.game_over
    assert sheet.winners == ()


def test_reasons_name_the_players_and_numbers() -> None:
    lines = score_sheet(seed_pad()).lines
    reasons = [line.explanation.reason for line in lines]
    assert reasons == [
        DoublingReason.UNDERCUT,
        DoublingReason.ALONE_LOWEST,
        DoublingReason.TIED,
        DoublingReason.NOT_POSITIVE,
    ]
    third = lines[2].explanation
    assert (third.finisher.player, third.finisher.raw, third.points) == ("Jonas", 6, 12)
    assert [(r.player, r.raw) for r in third.rivals] == [("Mia", 6)]
    first = lines[0].explanation
    assert [(r.seat, r.player, r.raw) for r in first.rivals] == [(LENA, "Lena", 9)]
    assert first.finisher.seat == MIA


def test_finisher_mark_that_changes_nothing_is_flagged() -> None:
    lines = score_sheet(seed_pad()).lines
    assert [line.explanation.mark_changes_points for line in lines] == [True, False, True, False]
    assert lines[1].finisher == LENA and lines[2].finisher == JONAS


def test_english_phrasing() -> None:
    assert [describe(line.explanation) for line in score_sheet(seed_pad()).lines] == [
        "Mia ended with 14, Lena has 9: doubled to 28",
        "Lena ended with 4, the lowest alone: stays 4",
        "Jonas ended with 6, Mia also has 6: doubled to 12",
        "Lena ended with -3, Mia has -5: 0 or less is not doubled, stays -3",
    ]
