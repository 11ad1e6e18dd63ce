"""The one-handed keypad: digits, ± and next for each player, the finisher mark
on the player who ended, and early refusals that name the player."""

from __future__ import annotations

import pytest

from skyjo.rules import ColumnRule, Rules
from skyjo.web.scorepad.errors import KeypadError, SumOutOfBoundsError
from skyjo.web.scorepad.keypad import Keypad
from skyjo.web.scorepad.model import RoundDraft, ScorePad, enter_round, new_pad
from skyjo.web.scorepad.sheet import score_sheet
from tests.web.scorepad.seed import JONAS, LENA, MIA, PLAYERS, SEED_ROUNDS, SEED_SHEET, SEED_TOTALS


def press(keypad: Keypad, keys: str) -> Keypad:
    """Press keys written as text: digits, ``±``, ``n`` (next), ``p`` (previous),
    ``f`` (finisher), ``<`` (backspace), ``c`` (clear), spaces ignored."""
    for key in keys:
        if key.isdigit():
            keypad = keypad.digit(int(key))
        elif key == "±":
            keypad = keypad.toggle_sign()
        elif key == "n":
            keypad = keypad.next()
        elif key == "p":
            keypad = keypad.previous()
        elif key == "f":
            keypad = keypad.mark_finisher()
        elif key == "<":
            keypad = keypad.backspace()
        elif key == "c":
            keypad = keypad.clear()
        elif key != " ":
            raise AssertionError(f"no key {key!r}")
    return keypad


def keys_for(raw: tuple[int, ...], finisher: int) -> str:
    """The key presses a person makes for one round: sum, ± after the digits if
    negative, the finisher mark on the finisher, next."""
    presses = []
    for seat, value in enumerate(raw):
        sign = "±" if value < 0 else ""
        mark = "f" if seat == finisher else ""
        presses.append(f"{abs(value)}{sign}{mark}")
    return " n ".join(presses)


def test_the_seed_example_entered_by_keypad() -> None:
    pad: ScorePad = new_pad(PLAYERS)
    for (raw, finisher), written in zip(SEED_ROUNDS, SEED_SHEET, strict=True):
        keypad = press(Keypad.for_next_round(pad), keys_for(raw, finisher))
        assert keypad.complete
        pad = enter_round(pad, keypad.draft())
        assert score_sheet(pad).lines[-1].points == written
    assert score_sheet(pad).totals == SEED_TOTALS


def test_round_four_key_by_key() -> None:
    keypad = Keypad.for_next_round(new_pad(PLAYERS))
    keypad = press(keypad, "3")
    assert keypad.display == "3"
    keypad = press(keypad, "±")
    assert keypad.display == "-3"
    keypad = press(keypad, "f")
    assert keypad.finishers == (LENA,) and not keypad.complete
    keypad = press(keypad, "n")
    assert keypad.seat == JONAS and keypad.display == ""
    keypad = press(keypad, "9 n ± 5")
    assert keypad.display == "-5" and keypad.complete
    assert keypad.draft() == RoundDraft((-3, 9, -5), (LENA,))


def test_next_stays_on_the_last_player() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "1n2n3n")
    assert keypad.seat == MIA and keypad.display == "3"


def test_revisiting_a_player_the_first_digit_replaces_the_sum() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "12 n 17 n 4")
    keypad = keypad.select(LENA)
    assert keypad.display == "12" and keypad.entries[MIA] == 4
    keypad = press(keypad, "9")
    assert keypad.draft().raw == (9, 17, 4)
    keypad = press(keypad, "p")
    assert keypad.seat == LENA
    assert press(keypad, "n<").draft().raw == (9, 1, 4)


def test_revisiting_a_negative_sum_a_digit_replaces_the_sign_too() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "3± n 5").select(LENA)
    assert keypad.display == "-3"
    assert press(keypad, "4").display == "4"
    assert press(keypad, "±").display == "3"


def test_sign_before_digits_and_a_lone_minus() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "±")
    assert keypad.display == "-" and keypad.draft().raw[LENA] is None
    assert press(keypad, "17").draft().raw[LENA] == -17
    assert press(keypad, "<").display == ""
    assert press(keypad, "12c").draft().raw[LENA] is None


def test_leading_zero_is_replaced() -> None:
    assert press(Keypad.for_next_round(new_pad(PLAYERS)), "07").display == "7"


def test_a_fourth_digit_is_refused() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "n140")
    with pytest.raises(KeypadError, match="Jonas's sum has at most 3 digits"):
        keypad.digit(1)


def test_an_impossible_sum_is_refused_on_next_naming_the_player() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "n141")
    with pytest.raises(SumOutOfBoundsError, match="round 1: Jonas's sum 141") as caught:
        keypad.next()
    assert (caught.value.low, caught.value.high) == (-17, 140)
    off = press(Keypad.for_next_round(new_pad(PLAYERS, Rules(column_rule=ColumnRule.OFF))), "n142n")
    assert off.draft().raw == (None, 142, None)


def test_a_second_finisher_is_refused_unless_moved() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "9 n 21 n 14 f")
    keypad = keypad.select(LENA)
    with pytest.raises(KeypadError, match=r"Mia is already marked .* move the mark to Lena"):
        keypad.mark_finisher()
    assert keypad.mark_finisher(replace_mark=True).finishers == (LENA,)
    assert keypad.select(MIA).mark_finisher().finishers == ()


def test_correcting_a_past_round_starts_from_what_was_entered() -> None:
    pad = enter_round(new_pad(PLAYERS), RoundDraft.of((9, 21, 14), MIA))
    keypad = Keypad.for_correction(pad, 1)
    assert keypad.draft() == RoundDraft((9, 21, 14), (MIA,)) and keypad.complete
    assert keypad.round_number == 1
    assert press(keypad, "n 20").draft().raw == (9, 20, 14)
    with pytest.raises(KeypadError, match="no round 2 to correct"):
        Keypad.for_correction(pad, 2)


def test_the_tiebreak_keypad_visits_only_the_tied_players() -> None:
    pad = enter_round(new_pad(PLAYERS), RoundDraft.of((5, 5, 50), MIA))
    keypad = Keypad.for_next_round(pad)
    assert keypad.seats == (LENA, JONAS) and keypad.round_number is None
    keypad = press(keypad, "3 n 7 f n")
    assert keypad.seat == JONAS and keypad.complete
    assert keypad.draft() == RoundDraft((3, 7, None), (JONAS,))
    with pytest.raises(KeypadError, match="seat 2 does not play this round"):
        keypad.select(MIA)


def test_a_refused_sum_stays_in_view_and_the_next_digit_replaces_it() -> None:
    # Issue 13 item 4: after 200 was refused, typing 3 said "at most 3 digits".
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "200")
    with pytest.raises(SumOutOfBoundsError):
        keypad.next()
    refused = keypad.refuse()
    assert refused.display == "200" and refused.refused
    assert press(refused, "3").display == "3"
    assert press(refused, "30n").draft().raw[LENA] == 30


def test_sign_after_a_refusal_starts_a_new_negative_sum() -> None:
    # "3, 0, ±" once turned a refused 200 into -200, a value nobody typed.
    refused = press(Keypad.for_next_round(new_pad(PLAYERS)), "200").refuse()
    assert press(refused, "±").display == "-"
    assert press(refused, "±5n").draft().raw[LENA] == -5
    assert press(refused, "30±").display == "-30"


def test_tapping_the_player_being_typed_retypes_even_a_refused_sum() -> None:
    keypad = press(Keypad.for_next_round(new_pad(PLAYERS)), "200")
    again = keypad.select(LENA)
    assert again.seat == LENA and again.display == "200"
    assert press(again, "9n").draft().raw[LENA] == 9
    with pytest.raises(SumOutOfBoundsError, match="Lena's sum 200"):
        keypad.select(JONAS)  # leaving the refused sum behind is still refused
