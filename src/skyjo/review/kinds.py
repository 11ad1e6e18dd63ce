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
from skyjo.bots.evaluation import PARTNERS, CardOdds
from skyjo.cards import column_of, row_of
from skyjo.rules import Rules
from skyjo.state import GridView
from skyjo.view import PlayerView

#: Cards from this value up are "high": above what a face-down card is worth on
#: average (about 5), so keeping one usually makes a layout worse.
HIGH: Final = 6
#: Cards up to this value are "low": worth keeping almost anywhere.
LOW: Final = 2
#: How many points more the better placement must save, counted on the cards as
#: the seat saw them, before the review says so in numbers. Below it, what made
#: the expert's move better lies further ahead (columns, the round's end), and
#: the reason says what the playouts found instead.
CLEAR: Final = 1.0

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
        return "let_low_go", _kept(view, best.position, held, loss)
    return "placement", _placement(view, played, best, held, loss)


def _kept(view: PlayerView, position: int, held: int, loss: float) -> Reason:
    """Why keeping ``held`` at ``position`` beat discarding it: the points it saves
    there now (a discarded card and a turned one save nothing yet)."""
    covered = view.own_grid.cards[position]
    mean = CardOdds.of(view).mean
    diff = _worth(covered, mean) - held
    if diff < CLEAR:
        return Reason("review.reason.simulated", {"loss": loss})
    if covered is None:
        return Reason("review.reason.keep_over_down", {"card": held, "mean": mean, "diff": diff})
    return _at("review.reason.keep_over", position, card=held, higher=covered, diff=diff)


def _placement(
    view: PlayerView, played: PlayerAction, best: PlayerAction, held: int, loss: float
) -> Reason:
    """Why ``best`` placed the card in hand better than ``played``, from what the
    seat could see: the pair it starts, the pair ``played`` broke, or the points
    it saves now (a face-down card at the mean of the unseen cards); else what
    the playouts found."""
    own, rules = view.own_grid, view.rules
    played_at = played.position if isinstance(played, Swap) else None
    best_at = best.position if isinstance(best, Swap) else None
    pairs_played = played_at is not None and _pairs(own, played_at, held, rules)
    if best_at is not None and _pairs(own, best_at, held, rules) and not pairs_played:
        return _at("review.reason.pair", best_at, card=held)
    if played_at is not None and own.cards[played_at] != held:
        broken = _pair_of(own, played_at, rules)
        if broken and best_at not in broken:
            return _at("review.reason.broke_pair", played_at, covered=own.cards[played_at])
    if best_at is not None and played_at is not None:
        mean = CardOdds.of(view).mean
        higher, covered = own.cards[best_at], own.cards[played_at]
        diff = _worth(higher, mean) - _worth(covered, mean)
        # Both face down: diff is 0, and what is seen now cannot tell them apart.
        if diff >= CLEAR and higher is None:  # a face-down card, not the known one played on
            return Reason(
                "review.reason.over_down",
                {"card": held, "covered": covered, "mean": mean, "diff": diff},
            )
        if diff >= CLEAR and covered is None:  # a known high card, not a face-down one
            return Reason(
                "review.reason.over_known",
                {"card": held, "higher": higher, "mean": mean, "diff": diff},
            )
        if diff >= CLEAR:
            return Reason(
                "review.reason.over_higher",
                {"card": held, "higher": higher, "covered": covered, "diff": diff},
            )
    return Reason("review.reason.simulated", {"loss": loss})


def _worth(card: int | None, mean: float) -> float:
    """A slot's points as the seat sees them: a face-down card at the unseen mean."""
    return mean if card is None else float(card)


def _pairs(grid: GridView, position: int, card: int, rules: Rules) -> bool:
    """Whether ``card`` at ``position`` makes two of a kind face up in a column
    that can still leave the grid (its third slot is there, and not a third one:
    that would complete it)."""
    if grid.removed[position] or grid.cards[position] == card or not rules.removes_column(card):
        return False
    a, b = (grid.cards[q] for q in PARTNERS[position])
    present = not any(grid.removed[q] for q in PARTNERS[position])
    return present and (a == card) != (b == card)


def _pair_of(grid: GridView, position: int, rules: Rules) -> tuple[int, ...]:
    """The two slots of the face-up pair ``position`` belongs to in its column
    (a column that can still leave the grid), or nothing."""
    card = grid.cards[position]
    if card is None or grid.removed[position] or not rules.removes_column(card):
        return ()
    if any(grid.removed[q] for q in PARTNERS[position]):
        return ()
    same = [q for q in PARTNERS[position] if grid.cards[q] == card]
    return (position, same[0]) if len(same) == 1 else ()


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
