"""The claims checker of ``benchmarks/review_quality.py``: every word of a
review's verdict tested against the record and the position.

Worked out here from the game record's own states, not from the review's
helpers: the cards of the seat (and of its neighbour) at the decision, what the
seat had not seen (the deck less the discard pile, the face-up cards and the
card in hand), who took a turn after the move, and the score sheet of the round
it ended. :func:`false_claims` names each claim that does not hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from skyjo import engine
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.cards import COLUMNS, deck_counter
from skyjo.record import GameRecord, TurnMove, replay_steps
from skyjo.review import Rated, Review
from skyjo.state import Grid, RoundResult, State

#: Fields are printed with one decimal.
CLOSE = 0.051
#: Every reason this checker tests (a reason without a check is reported).
CHECKED = frozenset(
    {
        "take_high",
        "take_not_worth",
        "take_low",
        "keep_high",
        "keep_over",
        "keep_over_down",
        "missed_column",
        "gave_column",
        "ended_doubled",
        "ended_risk",
        "pair",
        "broke_pair",
        "over_down",
        "over_higher",
        "over_known",
        "simulated_end",
        "simulated_turns",
    }
)

Turns = dict[tuple[int, int], tuple[State, list[int]]]
_GAMES: dict[int, tuple[Turns, tuple[RoundResult, ...]]] = {}


def _replayed(game: GameRecord) -> tuple[Turns, tuple[RoundResult, ...]]:
    """For every turn (round, move number): the state before it, and the
    players who took a turn after it in that round; and the score sheet."""
    key = id(game)
    if key not in _GAMES:
        found: Turns = {}
        before: State | None = None
        later: list[tuple[int, int, int]] = []
        for step in replay_steps(game):
            if isinstance(step.move, TurnMove) and before is not None:
                found[(step.round_number, step.move_number)] = (before, [])
                later.append((step.round_number, step.move_number, step.move.player))
            before = step.state
        for r, m, _ in later:
            found[(r, m)][1].extend(p for r2, m2, p in later if r2 == r and m2 > m)
        _GAMES[key] = (found, before.results if before is not None else ())
    return _GAMES[key]


def unseen_mean(state: State, seat: int) -> float:
    """The mean of the cards ``seat`` has not seen in ``state``."""
    unseen = deck_counter()
    seen = Counter(state.discard_pile)
    for grid in state.grids:
        seen.update(v for p, v in enumerate(grid.values) if grid.face_up[p] and not grid.removed[p])
    if state.held is not None and state.to_move == seat:
        seen[state.held] += 1
    unseen.subtract(seen)
    total = sum(n for n in unseen.values() if n > 0)
    return sum(v * n for v, n in unseen.items() if n > 0) / total


def shown(grid: Grid, position: int) -> int | None:
    return grid.values[position] if grid.face_up[position] and not grid.removed[position] else None


def partners(position: int) -> tuple[int, int]:
    column, row = position % COLUMNS, position // COLUMNS
    a, b = ((row + 1) % 3) * COLUMNS + column, ((row + 2) % 3) * COLUMNS + column
    return a, b


def completes(grid: Grid, position: int, card: int, state: State) -> bool:
    if grid.removed[position] or shown(grid, position) == card:
        return False
    a, b = partners(position)
    return shown(grid, a) == card and shown(grid, b) == card and state.rules.removes_column(card)


def worth(grid: Grid, position: int, mean: float) -> float:
    value = shown(grid, position)
    return mean if value is None else float(value)


def saved(grid: Grid, position: int, card: int, mean: float, state: State) -> float:
    """Points ``card`` at ``position`` saves now, a column that leaves included."""
    if completes(grid, position, card, state):
        a, b = partners(position)
        return worth(grid, position, mean) + worth(grid, a, mean) + worth(grid, b, mean)
    return worth(grid, position, mean) - card


def false_claims(game: GameRecord, review: Review, rated: Rated) -> list[str]:
    """Every claim of ``rated``'s kind and reason that the record and position
    do not bear out."""
    point = rated.point
    turns, results = _replayed(game)
    before, after = turns[(point.round_number, point.move_number)]
    seat = review.seat
    state = before
    if not isinstance(point.played, TakeDiscard | Draw):
        # The turn's take, as the record has it (the move's "take" field).
        move = game.rounds[point.round_number - 1].moves[point.move_number - 1]
        assert isinstance(move, TurnMove)
        take = TakeDiscard() if move.take == "discard" else Draw()
        state = engine.apply(before, take, player=seat)
    result = None
    if _ends(state, seat, point.played) and point.round_number <= len(results):
        result = results[point.round_number - 1]
    return list(_problems(review, rated, state, after, result))


def _problems(
    review: Review, rated: Rated, state: State, after: list[int], result: RoundResult | None
) -> Iterator[str]:
    """The claims of ``rated`` that do not hold; ``result`` is the score sheet of
    the round the move played ended (None if it ended none, or is unfinished)."""
    point = rated.point
    seat = review.seat
    grid = state.grids[seat]
    mean = unseen_mean(state, seat)
    pile = isinstance(point.played, TakeDiscard | Draw)
    card = state.discard_top if pile else state.held
    assert card is not None
    kind = rated.kind
    if kind == "kept_high" and not (card >= 6 and card > mean):
        yield f"'high card' for a {card} (mean {mean:.1f})"
    if kind == "let_low_go" and card > 2:
        yield f"'low card' for a {card}"
    if kind == "missed_column" and not any(completes(grid, p, card, state) for p in range(12)):
        yield f"'missed a column' with no column for the {card}"
    nxt = (seat + 1) % state.num_players
    if kind == "gave_column":
        given = _given(grid, point.played, card)
        if nxt not in after:
            yield f"'lets {review.names[nxt]} complete a column' with no turn left"
        if given is None or not any(
            completes(state.grids[nxt], p, given, state) for p in range(12)
        ):
            yield f"'gave away a column card' ({given}) that completes no column"
    if kind == "ended_doubling" and not (result is not None and result.doubled):
        yield "'ended the round and was doubled' without a doubling on the score sheet"
    if kind in ("ended_doubling", "ended_round") and not _ends(state, seat, point.played):
        yield "'ended the round' by a move that does not end it"
    why = rated.reason
    if why is None:
        return
    fields = dict(why.fields)
    key = why.key.removeprefix("review.reason.")
    if key not in CHECKED:
        yield f"no check for the reason {key}"
    if key == "gave_column" and fields.get("name") != review.names[nxt]:
        yield f"gave_column names {fields.get('name')}, not the next player {review.names[nxt]}"

    def near(name: str, value: float) -> bool:
        field = fields.get(name)
        return isinstance(field, int | float) and abs(field - value) < CLOSE

    # The card a reason names is the one decided about; a column card given
    # away is the card the move put on the discard pile.
    named = _given(grid, point.played, card) if key == "gave_column" else card
    if fields.get("card", named) != named:
        yield f"{key}: the card is {named}, not {fields.get('card')}"
    if key in ("take_high", "keep_high") and not (card > mean and near("mean", mean)):
        yield f"{key}: the {card} against a mean of {mean:.2f} (said {fields.get('mean')})"
    if key == "take_low" and card > 2:
        yield f"take_low for a {card}"
    if key == "take_not_worth":
        most = max(saved(grid, p, card, mean, state) for p in range(12) if not grid.removed[p])
        if not (near("saving", max(0.0, most)) and most < 2.0):
            yield f"take_not_worth: saves at most {most:.2f}, said {fields.get('saving')}"
    position = _position(fields)
    best_at = rated.best.position if isinstance(rated.best, Swap) else None
    played_at = point.played.position if isinstance(point.played, Swap) else None
    if key == "missed_column" and (position is None or not completes(grid, position, card, state)):
        yield f"missed_column: the {card} at {position} completes no column"
    if key == "keep_over" and (
        position is None
        or shown(grid, position) != fields.get("higher")
        or not near("diff", saved(grid, position, card, mean, state))
    ):
        yield f"keep_over: {fields}"
    if key == "keep_over_down" and (
        best_at is None
        or shown(grid, best_at) is not None
        or not near("diff", mean - card)
        or not near("mean", mean)
    ):
        yield f"keep_over_down: {fields}"
    if key == "pair" and (position is None or not _starts_pair(grid, position, card, state)):
        yield f"pair: {fields}"
    if key == "broke_pair" and (position is None or not _in_pair(grid, position, state)):
        yield f"broke_pair: {fields}"
    if key in ("over_down", "over_higher", "over_known"):
        if best_at is None or played_at is None:
            yield f"{key} without two places"
        else:
            diff = saved(grid, best_at, card, mean, state) - saved(
                grid, played_at, card, mean, state
            )
            column = completes(grid, best_at, card, state) or completes(
                grid, played_at, card, state
            )
            if column or not near("diff", diff) or diff < 1.0:
                said = fields.get("diff")
                yield f"{key}: saves {diff:.2f} more (a column: {column}), said {said}"
            if fields.get("covered", shown(grid, played_at)) != shown(grid, played_at):
                yield f"{key}: the card covered is {shown(grid, played_at)}"
            if fields.get("higher", shown(grid, best_at)) != shown(grid, best_at):
                yield f"{key}: the better place holds {shown(grid, best_at)}"
    if key == "ended_doubled" and not (
        result is not None
        and result.doubled
        and result.raw[seat] == fields.get("score")
        and result.points[seat] == fields.get("points")
        and min(v for p, v in enumerate(result.raw) if p != seat) == fields.get("low")
    ):
        yield f"ended_doubled: {fields} against {result}"
    if key == "ended_risk" and not _ends(state, seat, point.played):
        yield "ended_risk for a move that does not end the round"
    comparison = rated.measure  # what the reason reports: the loss as measured
    if key == "simulated_end" and (comparison is None or comparison.reached_end < 1.0):
        reached = comparison.reached_end if comparison else 0.0
        yield f"'played out to the end of the round' with {100 * reached:.0f}% reaching it"
    if key == "simulated_turns" and (
        comparison is None or comparison.horizon != fields.get("turns")
    ):
        yield f"simulated_turns: {fields}"


def _position(fields: dict[str, object]) -> int | None:
    row, column = fields.get("row"), fields.get("column")
    if isinstance(row, int) and isinstance(column, int):
        return (row - 1) * COLUMNS + (column - 1)
    return None


def _given(grid: Grid, played: PlayerAction, held: int) -> int | None:
    if isinstance(played, Flip):
        return held
    if isinstance(played, Swap):
        return shown(grid, played.position)
    return None


def _ends(state: State, seat: int, played: PlayerAction) -> bool:
    if state.finisher is not None or not isinstance(played, Swap | Flip):
        return False
    after = engine.apply(state, played, player=seat)
    return after.finisher == seat


def _starts_pair(grid: Grid, position: int, card: int, state: State) -> bool:
    a, b = partners(position)
    if grid.removed[position] or grid.removed[a] or not state.rules.removes_column(card):
        return False
    return (shown(grid, a) == card) != (shown(grid, b) == card) and shown(grid, position) != card


def _in_pair(grid: Grid, position: int, state: State) -> bool:
    value = shown(grid, position)
    a, b = partners(position)
    if value is None or grid.removed[a] or not state.rules.removes_column(value):
        return False
    return (shown(grid, a) == value) != (shown(grid, b) == value)
