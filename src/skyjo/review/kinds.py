"""What kind of mistake a decision was, and why the better move was better.

The kinds are the ones a player recognises in their own game ("I kept a high
card", "I handed my neighbour the card for their column"), judged from the
seat's view only: a face-down card the seat covered is unknown here, as it was
to the player. The reason is one sentence, as a catalogue key with fields
(:mod:`skyjo.review.texts` holds the words in every language).

Every sentence must be true of the position, so each is chosen only when what
it claims holds: a card is "low" only up to :data:`LOW` and "high" only from
:data:`HIGH` and above the mean of the unseen cards; points saved are counted
on the cards the seat saw, a column that leaves the grid included; a doubling
is named only when the score sheet shows it; a neighbour "can complete a
column" only with a turn left; and the playouts are said to reach the end of
the round only when every one of them did. Where no such sentence fits, the
reason is what the playouts found.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Reason
from skyjo.bots.evaluation import PARTNERS, CardOdds
from skyjo.bots.expert import ROUND_END
from skyjo.cards import column_of, row_of
from skyjo.review.decisions import DecisionPoint
from skyjo.review.judge import Comparison
from skyjo.rules import Rules
from skyjo.state import GridView
from skyjo.view import PlayerView

#: Cards from this value up may be called "high" (when also above what a
#: face-down card is worth on average, about 5): keeping one usually makes a
#: layout worse.
HIGH: Final = 6
#: Cards up to this value are "low": worth keeping almost anywhere.
LOW: Final = 2
#: How many points more the better placement must save, counted on the cards as
#: the seat saw them, before the review says so in numbers. Below it, what made
#: the expert's move better lies further ahead (columns, the round's end), and
#: the reason says what the playouts found instead.
CLEAR: Final = 1.0
#: A card from the discard pile "saves too little" when no place saves more
#: than this many points with it.
LITTLE: Final = 2.0
#: The share of the playouts of a round ended early in which the seat was
#: doubled, from which the reason names that risk.
RISKY: Final = 0.1

#: Every kind, in the order a summary lists them when counts are equal.
KINDS: Final = (
    "kept_high",
    "let_low_go",
    "let_go",
    "missed_column",
    "gave_column",
    "ended_doubling",
    "ended_round",
    "wrong_pile",
    "placement",
)

#: The kinds of a round ended where carrying on was better: their better move
#: keeps the round open (see :func:`classify`), and the review says so.
ENDED_ROUND: Final = frozenset({"ended_doubling", "ended_round"})


def classify(
    point: DecisionPoint,
    best: PlayerAction,
    names: Sequence[str],
    comparison: Comparison,
    *,
    loss: float,
) -> tuple[str, Reason]:
    """The kind of the mistake ``point.played`` (when ``best`` was better, by
    ``loss`` points as ``comparison`` measured) and the reason."""
    view, played = point.view, point.played
    simulated = _simulated(view, comparison, loss)
    if isinstance(played, TakeDiscard | Draw):
        return _pile(view, played, best, simulated)
    held = view.held
    assert held is not None, "a placement is decided with a card in hand"
    own = view.own_grid
    if point.ended_round and not _ends_round(view, best):
        return _ended(point, names, comparison, loss, simulated)
    completes_played = isinstance(played, Swap) and _completes(
        own, played.position, held, view.rules
    )
    if (
        isinstance(best, Swap)
        and _leaves_with_gain(held, view.rules)
        and _completes(own, best.position, held, view.rules)
        and not completes_played
    ):
        return "missed_column", _at("review.reason.missed_column", best.position, card=held)
    given = _discarded(own, played, held)
    nxt = (view.seat + 1) % view.num_players
    if (
        given is not None
        and nxt != view.finisher
        and _feeds(view.grids[nxt], given, view.rules)
        and _discarded(own, best, held) != given
    ):
        return "gave_column", Reason(
            "review.reason.gave_column", {"card": given, "name": names[nxt]}
        )
    mean = CardOdds.of(view).mean
    if isinstance(played, Swap) and isinstance(best, Flip) and _is_high(held, mean):
        return "kept_high", Reason("review.reason.keep_high", {"card": held, "mean": mean})
    if isinstance(played, Flip) and isinstance(best, Swap):
        kind = "let_low_go" if held <= LOW else "let_go"
        return kind, _kept(view, best.position, held, simulated)
    return "placement", _placement(view, played, best, held, simulated)


def _simulated(view: PlayerView, comparison: Comparison, loss: float) -> Reason:
    """What the playouts found, said as they were played: to the end of the
    round only if every one of them got there."""
    if comparison.reached_end >= 1.0:
        return Reason("review.reason.simulated_end", {"loss": loss})
    turns = ROUND_END if comparison.horizon is None else comparison.horizon
    return Reason("review.reason.simulated_turns", {"loss": loss, "turns": turns})


def _ended(
    point: DecisionPoint,
    names: Sequence[str],
    comparison: Comparison,
    loss: float,
    simulated: Reason,
) -> tuple[str, Reason]:
    """A round ended where carrying on was better: the doubling the score sheet
    shows, else the share of the playouts in which ending it was doubled."""
    seat, result = point.view.seat, point.result
    if result is not None and result.doubled and result.finisher == seat:
        lowest = min(
            (p for p in range(len(result.raw)) if p != seat), key=lambda p: (result.raw[p], p)
        )
        return "ended_doubling", Reason(
            "review.reason.ended_doubled",
            {
                "name": names[seat],
                "score": result.raw[seat],
                "points": result.points[seat],
                "rival": names[lowest],
                "low": result.raw[lowest],
            },
        )
    chance = comparison.doubled[1]
    if chance >= RISKY:
        return "ended_round", Reason(
            "review.reason.ended_risk", {"chance": round(100 * chance), "loss": loss}
        )
    return "ended_round", simulated


def _is_high(card: int, mean: float) -> bool:
    return card >= HIGH and card > mean


def _kept(view: PlayerView, position: int, held: int, simulated: Reason) -> Reason:
    """Why keeping ``held`` at ``position`` beat discarding it: the points it saves
    there now (a discarded card and a turned one save nothing yet)."""
    covered = view.own_grid.cards[position]
    mean = CardOdds.of(view).mean
    diff = saving(view.own_grid, position, held, mean, view.rules)
    if diff < CLEAR or _completes(view.own_grid, position, held, view.rules):
        return simulated
    if covered is None:
        return Reason("review.reason.keep_over_down", {"card": held, "mean": mean, "diff": diff})
    return _at("review.reason.keep_over", position, card=held, higher=covered, diff=diff)


def _placement(
    view: PlayerView, played: PlayerAction, best: PlayerAction, held: int, simulated: Reason
) -> Reason:
    """Why ``best`` placed the card in hand better than ``played``, from what the
    seat could see: the pair it starts, the pair ``played`` broke, or the points
    it saves now (a face-down card at the mean of the unseen cards); else what
    the playouts found."""
    own, rules = view.own_grid, view.rules
    played_at = played.position if isinstance(played, Swap) else None
    best_at = best.position if isinstance(best, Swap) else None
    mean = CardOdds.of(view).mean
    # The points the better placement saves now, where both are placements that
    # complete no column (a column leaving the grid is more than one card's worth).
    diff: float | None = None
    if (
        best_at is not None
        and played_at is not None
        and not _completes(own, best_at, held, rules)
        and not _completes(own, played_at, held, rules)
    ):
        diff = saving(own, best_at, held, mean, rules) - saving(own, played_at, held, mean, rules)
    # A pair saves nothing yet, so a larger saving now is named before it.
    pairs_played = played_at is not None and _pairs(own, played_at, held, rules)
    if (
        best_at is not None
        and _pairs(own, best_at, held, rules)
        and not pairs_played
        and not _outweighs(diff, held)
    ):
        return _at("review.reason.pair", best_at, card=held)
    if played_at is not None and own.cards[played_at] != held:
        broken = _pair_of(own, played_at, rules)
        covered_card = own.cards[played_at]
        if (
            broken
            and best_at not in broken
            and covered_card is not None
            and not _outweighs(diff, covered_card)
        ):
            return _at("review.reason.broke_pair", played_at, covered=covered_card)
    if best_at is None or played_at is None or diff is None:
        return simulated
    higher, covered = own.cards[best_at], own.cards[played_at]
    # Both face down: diff is 0, and what is seen now cannot tell them apart.
    if diff < CLEAR:
        return simulated
    if higher is None:  # a face-down card, not the known one played on
        return Reason(
            "review.reason.over_down",
            {"card": held, "covered": covered, "mean": mean, "diff": diff},
        )
    if covered is None:  # a known high card, not a face-down one
        return Reason(
            "review.reason.over_known",
            {"card": held, "higher": higher, "mean": mean, "diff": diff},
        )
    return Reason(
        "review.reason.over_higher",
        {"card": held, "higher": higher, "covered": covered, "diff": diff},
    )


def _outweighs(diff: float | None, card: int) -> bool:
    """Whether a placement's saving now (``diff`` points, None when not counted)
    is larger than a pair of ``card`` is worth: a pair saves nothing until its
    third card comes, and then the pair's two cards leave with it; counted here as
    one card's points, so a −1 on an 11 (12 points now) is named before a pair of
    0s, and a pair of 4s before a saving of 1.5."""
    return diff is not None and diff >= CLEAR and diff > card


def _leaves_with_gain(card: int, rules: Rules) -> bool:
    """Whether a column of three ``card`` leaving the grid saves points: only a
    positive one. A column of 0s or of negative cards leaving costs (or saves
    nothing), so a reason never praises completing or pairing one."""
    return card > 0 and rules.removes_column(card)


def saving(grid: GridView, position: int, card: int, mean: float, rules: Rules) -> float:
    """The points ``card`` at ``position`` saves now, counted on the cards as the
    seat sees them (a face-down card at ``mean``): the card it replaces, or the
    whole column when it completes one that leaves the grid."""
    if _completes(grid, position, card, rules):
        a, b = PARTNERS[position]
        return (
            _worth(grid.cards[position], mean)
            + _worth(grid.cards[a], mean)
            + _worth(grid.cards[b], mean)
        )
    return _worth(grid.cards[position], mean) - card


def best_saving(grid: GridView, card: int, mean: float, rules: Rules) -> float:
    """The most points ``card`` saves in any place of ``grid`` (:func:`saving`)."""
    return max(saving(grid, p, card, mean, rules) for p in grid.present)


def _worth(card: int | None, mean: float) -> float:
    """A slot's points as the seat sees them: a face-down card at the unseen mean."""
    return mean if card is None else float(card)


def _pairs(grid: GridView, position: int, card: int, rules: Rules) -> bool:
    """Whether ``card`` at ``position`` makes two of a kind face up in a column
    that can still leave the grid (its third slot is there, and not a third one:
    that would complete it)."""
    if grid.removed[position] or grid.cards[position] == card or not _leaves_with_gain(card, rules):
        return False
    a, b = (grid.cards[q] for q in PARTNERS[position])
    present = not any(grid.removed[q] for q in PARTNERS[position])
    return present and (a == card) != (b == card)


def _pair_of(grid: GridView, position: int, rules: Rules) -> tuple[int, ...]:
    """The two slots of the face-up pair ``position`` belongs to in its column
    (a column that can still leave the grid), or nothing."""
    card = grid.cards[position]
    if card is None or grid.removed[position] or not _leaves_with_gain(card, rules):
        return ()
    if any(grid.removed[q] for q in PARTNERS[position]):
        return ()
    same = [q for q in PARTNERS[position] if grid.cards[q] == card]
    return (position, same[0]) if len(same) == 1 else ()


def _pile(
    view: PlayerView, played: PlayerAction, best: PlayerAction, simulated: Reason
) -> tuple[str, Reason]:
    top = view.discard_top
    assert top is not None, "a choice between the piles has a discard card"
    mean = CardOdds.of(view).mean
    own = view.own_grid
    if isinstance(played, TakeDiscard):
        if _is_high(top, mean):
            return "kept_high", Reason("review.reason.take_high", {"card": top, "mean": mean})
        most = best_saving(own, top, mean, view.rules)
        if most < LITTLE:
            return "wrong_pile", Reason(
                "review.reason.take_not_worth", {"card": top, "saving": max(0.0, most)}
            )
        return "wrong_pile", simulated
    for position in own.present:
        if _leaves_with_gain(top, view.rules) and _completes(own, position, top, view.rules):
            return "missed_column", _at("review.reason.missed_column", position, card=top)
    if top <= LOW:
        return "let_low_go", Reason("review.reason.take_low", {"card": top})
    return "wrong_pile", simulated


def _at(key: str, position: int, **fields: object) -> Reason:
    return Reason(key, {**fields, "row": row_of(position) + 1, "column": column_of(position) + 1})


def _completes(grid: GridView, position: int, card: int, rules: Rules) -> bool:
    """Whether ``card`` at ``position`` makes a column of three that leaves the grid."""
    if grid.removed[position] or grid.cards[position] == card:
        return False
    a, b = PARTNERS[position]
    return grid.cards[a] == card and grid.cards[b] == card and rules.removes_column(card)


def _feeds(grid: GridView, card: int, rules: Rules) -> bool:
    """Whether ``card`` would complete one of ``grid``'s columns, one whose leaving
    saves its owner points."""
    return _leaves_with_gain(card, rules) and any(
        _completes(grid, p, card, rules) for p in grid.present
    )


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
