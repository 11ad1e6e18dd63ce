"""Who starts: the highest sum of two revealed cards in the first round (ties
as the engine resolves them), then whoever ended the previous round."""

from __future__ import annotations

import pytest

from skyjo import scoring
from skyjo.web.scorepad.errors import RoundError
from skyjo.web.scorepad.model import RoundDraft, enter_tiebreak, new_pad
from skyjo.web.scorepad.starter import StartReason, who_starts
from tests.web.scorepad.seed import JONAS, LENA, MIA, PLAYERS, SEED_ROUNDS, played, seed_pad


def test_seed_003_a_12_and_a_minus_2_beat_a_4_and_a_2() -> None:
    # "Een 12 en een -2 is samen 10, en dat wint van een 4 en een 2."
    starter = who_starts(new_pad(PLAYERS), revealed=[(4, 2), (12, -2), (3, 1)])
    assert starter is not None
    assert (starter.seat, starter.player, starter.reason) == (
        JONAS,
        "Jonas",
        StartReason.HIGHEST_OPENING,
    )
    assert starter.opening_sums == (6, 10, 4)
    assert starter.tied == (JONAS,)


def test_a_tie_goes_as_in_the_engine() -> None:
    revealed = [(5, 5), (4, 2), (12, -2)]
    starter = who_starts(new_pad(PLAYERS), revealed=revealed)
    assert starter is not None
    assert starter.seat == scoring.first_round_starter([10, 6, 10]) == LENA
    assert starter.reason is StartReason.TIED_OPENING and starter.tied == (LENA, MIA)


def test_without_revealed_cards_nobody_is_named_yet() -> None:
    assert who_starts(new_pad(PLAYERS)) is None


def test_later_rounds_start_with_the_previous_finisher() -> None:
    expected = [MIA, LENA, JONAS, LENA]
    for number, finisher in enumerate(expected, start=1):
        starter = who_starts(played(new_pad(PLAYERS), SEED_ROUNDS[:number]), revealed=[(0, 0)] * 3)
        assert starter is not None
        assert (starter.seat, starter.reason, starter.after_round) == (
            finisher,
            StartReason.PREVIOUS_FINISHER,
            number,
        )


def test_a_card_that_does_not_exist_names_the_player() -> None:
    with pytest.raises(
        RoundError, match=r"Mia's revealed card 13 is not a Skyjo card \(cards are -2 to 12\)"
    ):
        who_starts(new_pad(PLAYERS), revealed=[(4, 2), (1, 1), (13, 0)])
    with pytest.raises(RoundError, match="revealed cards for 2 players, but 3 play"):
        who_starts(new_pad(PLAYERS), revealed=[(4, 2), (1, 1)])


def test_tiebreak_starts_with_the_finisher_if_tied_else_the_next_tied_player_clockwise() -> None:
    # Mia (seat 2) ended the last round but is not tied; clockwise after her
    # comes Lena (seat 0).
    pad = played(new_pad(PLAYERS), [((5, 5, 50), MIA)])
    starter = who_starts(pad)
    assert starter is not None
    assert (starter.seat, starter.reason) == (LENA, StartReason.NEXT_AFTER_FINISHER)
    # Jonas ended with 0 like Mia (not doubled: not above 0) and Lena reached
    # 100: Jonas and Mia tie for the win, and Jonas, the finisher, starts.
    pad = played(new_pad(PLAYERS), [((100, 0, 0), JONAS)])
    starter = who_starts(pad)
    assert starter is not None
    assert (starter.seat, starter.reason) == (JONAS, StartReason.PREVIOUS_FINISHER)
    assert who_starts(enter_tiebreak(pad, RoundDraft.of((None, 1, 2), JONAS))) is None


def test_nobody_starts_after_a_game_with_one_winner() -> None:
    assert who_starts(played(seed_pad(), [((80, 1, 1), MIA)])) is None
