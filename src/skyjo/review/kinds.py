"""What kind of mistake a decision was, and why the better move was better.

The kinds are the ones a player recognises in their own game ("I kept a high
card", "I handed my neighbour the card for their column"), judged from the
seat's view only: a face-down card the seat covered is unknown here, as it was
to the player. The reason is one sentence, as a catalogue key with fields
(:mod:`skyjo.review.texts` holds the words in every language).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Reason
from skyjo.bots.evaluation import PARTNERS
from skyjo.cards import column_of, row_of
from skyjo.state import GridView
from skyjo.view import PlayerView

#: Cards from this value up are "high": above what a face-down card is worth on
#: average (about 5), so keeping one usually makes a layout worse.
HIGH: Final = 6
#: Cards up to this value are "low": worth keeping almost anywhere.
LOW: Final = 2

#: Every kind, in the order a summary lists them when counts are equal.
KINDS: Final = (
    "kept_high",
    "let_low_go",
    "missed_column",
    "gave_column",
    "ended_doubling",
    "wrong_pile",
    "placement",
)


def classify(
    view: PlayerView,
    played: PlayerAction,
    best: PlayerAction,
    names: Sequence[str],
    *,
    loss: float,
) -> tuple[str, Reason]:
    """The kind of the mistake ``played`` (when ``best`` was better) and the reason."""
    if isinstance(played, TakeDiscard | Draw):
        return _pile(view, played, best, loss)
    held = view.held
    assert held is not None, "a placement is decided with a card in hand"
    own = view.own_grid
    if _ends_round(view, played) and not _ends_round(view, best):
        return "ended_doubling", Reason("review.reason.ended_doubling", {"name": names[view.seat]})
    if isinstance(best, Swap) and _completes(own, best.position, held, view):
        column = column_of(best.position) + 1
        return "missed_column", Reason(
            "review.reason.missed_column", {"card": held, "column": column}
        )
    given = _discarded(own, played, held)
    nxt = (view.seat + 1) % view.num_players
    if (
        given is not None
        and _feeds(view.grids[nxt], given, view)
        and _discarded(own, best, held) != given
    ):
        return "gave_column", Reason(
            "review.reason.gave_column", {"card": given, "name": names[nxt]}
        )
    if isinstance(played, Swap) and isinstance(best, Flip) and held >= HIGH:
        return "kept_high", Reason("review.reason.keep_high", {"card": held})
    if isinstance(played, Flip) and isinstance(best, Swap):
        return "let_low_go", _at("review.reason.keep_low", best.position, card=held)
    if isinstance(best, Swap):
        return "placement", _at("review.reason.better_place", best.position, card=held)
    return "placement", Reason("review.reason.simulated", {"loss": loss})


def _pile(
    view: PlayerView, played: PlayerAction, best: PlayerAction, loss: float
) -> tuple[str, Reason]:
    top = view.discard_top
    assert top is not None, "a choice between the piles has a discard card"
    if isinstance(played, TakeDiscard):
        if top >= HIGH:
            return "kept_high", Reason("review.reason.take_high", {"card": top})
        return "wrong_pile", Reason("review.reason.take_not_worth", {"card": top})
    own = view.own_grid
    for position in own.present:
        if _completes(own, position, top, view):
            column = column_of(position) + 1
            return "missed_column", Reason(
                "review.reason.missed_column", {"card": top, "column": column}
            )
    if top <= LOW:
        return "let_low_go", Reason("review.reason.take_low", {"card": top})
    return "wrong_pile", Reason("review.reason.take_better", {"card": top, "loss": loss})


def _at(key: str, position: int, **fields: object) -> Reason:
    return Reason(key, {**fields, "row": row_of(position) + 1, "column": column_of(position) + 1})


def _completes(grid: GridView, position: int, card: int, view: PlayerView) -> bool:
    """Whether ``card`` at ``position`` makes a column of three that leaves the grid."""
    if grid.removed[position] or grid.cards[position] == card:
        return False
    a, b = PARTNERS[position]
    return grid.cards[a] == card and grid.cards[b] == card and view.rules.removes_column(card)


def _feeds(grid: GridView, card: int, view: PlayerView) -> bool:
    """Whether ``card`` would complete one of ``grid``'s columns."""
    return any(_completes(grid, p, card, view) for p in grid.present)


def _discarded(grid: GridView, action: PlayerAction, held: int) -> int | None:
    """The card ``action`` puts on the discard pile as the seat saw it (None when
    it covers a face-down card, whose value the seat did not know)."""
    if isinstance(action, Flip):
        return held
    if isinstance(action, Swap):
        return grid.cards[action.position]
    return None


def _ends_round(view: PlayerView, action: PlayerAction) -> bool:
    """Whether ``action`` turns or covers the seat's last face-down card first."""
    hidden = view.own_grid.face_down
    return (
        view.finisher is None
        and isinstance(action, Swap | Flip)
        and len(hidden) == 1
        and action.position == hidden[0]
    )
