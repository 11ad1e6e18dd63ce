"""The numeric keypad that fills in one round, built for one thumb.

The flow at the table: the keypad starts on the first player; type the digits
of their sum, ``±`` if it is negative, ``next`` to go on to the next player; on
the player who ended the round tap ``finisher``; after the last player the
round is complete and the page enters :meth:`Keypad.draft`. Tapping a player
jumps there (to fix a sum) and the first digit typed replaces what was there.

The keypad is a frozen value and every key a pure method returning a new one,
so the page keeps one ``Keypad`` next to the pad, repaints from it, and a key
that cannot be accepted raises :class:`KeypadError` (or, for a sum no layout
can reach, the model's :class:`SumOutOfBoundsError`) leaving it unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from skyjo import scoring
from skyjo.web.scorepad.errors import KeypadError, SumOutOfBoundsError
from skyjo.web.scorepad.model import RoundDraft, ScorePad, tied_for_win

MAX_DIGITS: Final = 3
"""No layout sums beyond three digits (the bounds are -17 and 142 at most)."""


@dataclass(frozen=True, slots=True)
class Keypad:
    """Entry state for one round (or the tiebreak).

    - ``names``: every player, in seat order.
    - ``seats``: the seats that play this round, in the order ``next`` visits them.
    - ``cursor``: index into ``seats`` of the player being typed.
    - ``entries``: each seat's sum so far (``None``: not typed, or sitting out).
    - ``typing``: the text on the display for the player at the cursor
      (``""``, ``"-"``, ``"-3"``, ``"12"``); ``fresh`` means the next digit
      replaces it, as when a player is revisited.
    - ``refused``: the sum on the display was just refused (out of bounds). It
      stays on the display, marked, so the person sees what was refused, but the
      next digit replaces it and ``±`` starts a new negative sum instead of
      negating it: a refused entry is easy to replace, and ``±`` never acts on
      a value the person already saw refused.
    - ``finishers``: the marked seats (at most one, see :meth:`mark_finisher`).
    - ``bounds``: the sums a layout can have, for feedback as soon as a sum is done.
    - ``round_number``: the round being entered or corrected, ``None`` for the tiebreak.
    """

    names: tuple[str, ...]
    seats: tuple[int, ...]
    entries: tuple[int | None, ...]
    bounds: tuple[int, int]
    round_number: int | None
    cursor: int = 0
    typing: str = ""
    fresh: bool = True
    finishers: tuple[int, ...] = ()
    refused: bool = False

    @classmethod
    def for_next_round(cls, pad: ScorePad) -> Keypad:
        """An empty keypad for the next round, or for the tiebreak when one is on
        offer (then only the tied players are visited)."""
        tied = tied_for_win(pad)
        empty = (None,) * len(pad.players)
        if tied and pad.tiebreak is None:
            return cls._start(pad, tied, empty, (), None)
        return cls._start(pad, tuple(range(len(pad.players))), empty, (), pad.next_round_number)

    @classmethod
    def for_correction(cls, pad: ScorePad, round_number: int) -> Keypad:
        """A keypad filled with round ``round_number`` (from 1) as entered."""
        if not 1 <= round_number <= len(pad.rounds):
            raise KeypadError(f"no round {round_number} to correct (rounds 1 to {len(pad.rounds)})")
        line = pad.rounds[round_number - 1]
        seats = tuple(range(len(pad.players)))
        return cls._start(pad, seats, line.raw, (line.finisher,), round_number)

    @classmethod
    def for_tiebreak_correction(cls, pad: ScorePad) -> Keypad:
        """A keypad filled with the tiebreak as entered."""
        if pad.tiebreak is None:
            raise KeypadError("no tiebreak to correct")
        seats = tuple(s for s, v in enumerate(pad.tiebreak.raw) if v is not None)
        return cls._start(pad, seats, pad.tiebreak.raw, (pad.tiebreak.finisher,), None)

    @classmethod
    def _start(
        cls,
        pad: ScorePad,
        seats: tuple[int, ...],
        entries: tuple[int | None, ...],
        finishers: tuple[int, ...],
        round_number: int | None,
    ) -> Keypad:
        first = entries[seats[0]]
        return cls(
            names=pad.players,
            seats=seats,
            entries=entries,
            bounds=scoring.layout_bounds(pad.rules),
            round_number=round_number,
            typing="" if first is None else str(first),
            finishers=finishers,
        )

    # ---- what the page shows -------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat of the player being typed."""
        return self.seats[self.cursor]

    @property
    def display(self) -> str:
        """The text for the display: the sum being typed, ``"-"`` after a lone ``±``."""
        return self.typing

    @property
    def complete(self) -> bool:
        """Every playing seat has a sum and exactly one finisher is marked; the
        page may then enter :meth:`draft` (which the model checks again)."""
        current = self._committed()
        return len(current.finishers) == 1 and all(
            current.entries[s] is not None for s in current.seats
        )

    @property
    def on_last_seat(self) -> bool:
        """The player being typed is the round's last: ``next`` stays here."""
        return self.cursor == len(self.seats) - 1

    def draft(self) -> RoundDraft:
        """The round as typed so far, including the sum on the display."""
        current = self._committed()
        return RoundDraft(current.entries, current.finishers)

    # ---- keys ----------------------------------------------------------------

    def digit(self, d: int) -> Keypad:
        """Append a digit (replacing the old sum if the player was just revisited)."""
        if isinstance(d, bool) or d not in range(10):
            raise KeypadError(f"a keypad digit is 0 to 9, not {d!r}")
        sign = "-" if self.typing.startswith("-") and not self.fresh else ""
        body = "" if self.fresh else self.typing.lstrip("-")
        if body == "0":
            body = ""
        if len(body) >= MAX_DIGITS:
            raise KeypadError(
                f"{self.names[self.seat]}'s sum has at most {MAX_DIGITS} digits "
                f"(sums run from {self.bounds[0]} to {self.bounds[1]})"
            )
        return replace(self, typing=f"{sign}{body}{d}", fresh=False, refused=False)

    def toggle_sign(self) -> Keypad:
        """The ``±`` key: negative sums are common (the -2, -1 and 0 cards)."""
        if self.refused:
            return replace(self, typing="-", fresh=False, refused=False)
        typed = self.typing[1:] if self.typing.startswith("-") else f"-{self.typing}"
        return replace(self, typing=typed, fresh=False)

    def backspace(self) -> Keypad:
        """Remove the last digit (a lone ``-`` goes too)."""
        typed = self.typing[:-1]
        return replace(self, typing="" if typed == "-" else typed, fresh=False, refused=False)

    def clear(self) -> Keypad:
        """Empty the display for the player being typed."""
        return replace(self, typing="", fresh=False, refused=False)

    def next(self) -> Keypad:
        """Keep the sum on the display and go on to the next playing seat (stays
        on the last one). A sum outside the bounds is refused here, naming the
        player, so the mistake is fixed while their cards are still on the table."""
        committed = self._committed()
        committed._check_bounds()
        return committed._go(min(self.cursor + 1, len(self.seats) - 1))

    def previous(self) -> Keypad:
        """Keep the sum on the display and go back one playing seat."""
        committed = self._committed()
        committed._check_bounds()
        return committed._go(max(self.cursor - 1, 0))

    def select(self, seat: int) -> Keypad:
        """Jump to ``seat`` (a tap on a player's name or sum). A tap on the player
        being typed means "let me type this again": the next digit replaces the
        sum, even one just refused (which is not checked again)."""
        if seat not in self.seats:
            raise KeypadError(f"seat {seat} does not play this round")
        if seat == self.seat:
            return replace(self, fresh=True)
        committed = self._committed()
        committed._check_bounds()
        return committed._go(self.seats.index(seat))

    def refuse(self) -> Keypad:
        """The keypad after its sum on the display was refused: the sum stays in
        view, the next digit replaces it, ``±`` starts afresh (see ``refused``)."""
        return replace(self, fresh=True, refused=True)

    def mark_finisher(self, *, replace_mark: bool = False) -> Keypad:
        """Mark (or unmark, if already marked) the player being typed as the one
        who ended the round.

        A second finisher is refused, naming the one already marked, unless
        ``replace_mark`` is set (the page's "move the mark" button): a round has
        exactly one finisher, and a silent move could hide a slip of the thumb."""
        seat = self.seat
        if seat in self.finishers:
            return replace(self, finishers=tuple(f for f in self.finishers if f != seat))
        if self.finishers and not replace_mark:
            marked = self.names[self.finishers[0]]
            raise KeypadError(
                f"{marked} is already marked as having ended the round; "
                f"unmark {marked} or move the mark to {self.names[seat]}"
            )
        return replace(self, finishers=(seat,))

    # ---- helpers ---------------------------------------------------------------

    def _committed(self) -> Keypad:
        """The keypad with the display's text stored as the current seat's sum."""
        value = None if self.typing in ("", "-") else int(self.typing)
        entries = list(self.entries)
        entries[self.seat] = value
        return replace(self, entries=tuple(entries))

    def _check_bounds(self) -> None:
        value = self.entries[self.seat]
        low, high = self.bounds
        if value is not None and not low <= value <= high:
            name = self.names[self.seat]
            raise SumOutOfBoundsError(
                f"{name}'s sum {value} is not possible: "
                f"under these rule options a layout sums to {low} to {high}",
                round_number=self.round_number,
                seat=self.seat,
                player=name,
                value=value,
                low=low,
                high=high,
            )

    def _go(self, cursor: int) -> Keypad:
        value = self.entries[self.seats[cursor]]
        typed = "" if value is None else str(value)
        return replace(self, cursor=cursor, typing=typed, fresh=True, refused=False)
