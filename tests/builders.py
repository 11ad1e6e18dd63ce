"""Compact builders for scenario tests.

A grid is written as three rows separated by ``/``; each slot is a face-up value
(``7``), a face-down value in brackets (``[7]``) or ``x`` for a removed slot::

    grid("7 5 [2] 4 / 7 -1 [3] 1 / [7] 0 -2 2")

Piles are written top card *first* (as a person lists them); the builder stores
them top card last, as :class:`~skyjo.state.State` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyjo.rules import Rules
from skyjo.state import Grid, Phase, State


def grid(text: str) -> Grid:
    tokens = text.replace("/", " ").split()
    if len(tokens) != 12:
        raise ValueError(f"a grid needs 12 slots, got {len(tokens)} in {text!r}")
    values: list[int] = []
    face_up: list[bool] = []
    removed: list[bool] = []
    for token in tokens:
        if token == "x":
            values.append(0)
            face_up.append(True)
            removed.append(True)
        elif token.startswith("["):
            values.append(int(token.strip("[]")))
            face_up.append(False)
            removed.append(False)
        else:
            values.append(int(token))
            face_up.append(True)
            removed.append(False)
    return Grid.of(tuple(values), tuple(face_up), tuple(removed))


def table(
    grids: Sequence[str],
    *,
    draw: Sequence[int] = (5, 6, 7, 8, 9),
    discard: Sequence[int] = (4,),
    to_move: int = 0,
    phase: Phase = Phase.TURN,
    rules: Rules | None = None,
    finisher: int | None = None,
    held: int | None = None,
    totals: Sequence[int] | None = None,
    round_number: int = 1,
) -> State:
    """A state in the middle of a round (setup done unless ``phase`` says otherwise).

    ``draw`` and ``discard`` list the top card first."""
    n = len(grids)
    return State(
        rules=rules or Rules(),
        num_players=n,
        phase=phase,
        round_number=round_number,
        grids=tuple(grid(g) for g in grids),
        draw_pile=tuple(reversed(draw)),
        discard_pile=tuple(reversed(discard)),
        to_move=to_move,
        finisher=finisher,
        held=held,
        setup_flips=(2,) * n,
        totals=tuple(totals) if totals is not None else (0,) * n,
        starter=0,
    )


#: A grid with nothing notable: every card face down, no pairs in a column.
ALL_DOWN = "[1] [2] [3] [4] / [5] [6] [7] [8] / [9] [10] [11] [12]"
