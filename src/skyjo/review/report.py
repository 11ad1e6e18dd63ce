"""A finished review as text for the terminal and as JSON (``python -m skyjo
review FILE [--json]``), in any language of :mod:`skyjo.review.texts`.

A shown decision carries the position as the seat saw it: its own grid (``null``
face down, ``"x"`` removed), the other grids the same way, the discard pile's
top card and the card in hand; and where it is in the record (``move_index``,
the table just before the turn), for a page that jumps there.
"""

from __future__ import annotations

from typing import Any

from skyjo.actions import Draw, TakeDiscard
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.i18n.language import signed
from skyjo.review.facts import SeatFacts
from skyjo.review.rating import Rated, Review
from skyjo.review.texts import ReviewTexts
from skyjo.state import GridView


def to_json(review: Review, language: str = "en") -> dict[str, Any]:
    """The review as a JSON-ready dict; sentences in ``language``."""
    texts = ReviewTexts(language)
    accuracy = review.accuracy
    return {
        "seat": review.seat,
        "name": review.names[review.seat],
        "decisions": len(review.rated),
        "turns": review.turns,
        "points_lost": round(review.points_lost, 1),
        "per_turn": round(review.per_turn, 2),
        "accuracy": None if accuracy is None else round(accuracy, 1),
        "round_accuracy": [
            {"round": n, "accuracy": round(a, 1)} for n, a in review.round_accuracy().items()
        ],
        "grades": {g.value: n for g, n in review.grades().items()},
        "facts": facts_json(review.facts),
        "kinds": review.kinds(),
        "rated": [_rated_json(r) for r in review.rated],
        "costliest": [_decision_json(texts, r) for r in review.costliest()],
        "uncertain": [_decision_json(texts, r) for r in review.uncertain()],
    }


def facts_json(facts: SeatFacts) -> dict[str, Any]:
    return {
        "rounds_ended": facts.rounds_ended,
        "doublings": facts.doublings,
        "columns_made": facts.columns_made,
        "columns_missed": facts.columns_missed,
        "rounds": [
            {
                "round": r.round_number,
                "ended": r.ended,
                "doubled": r.doubled,
                "columns_made": r.columns_made,
                "columns_missed": r.columns_missed,
                "points": r.points,
            }
            for r in facts.rounds
        ],
    }


def _rated_json(rated: Rated) -> dict[str, Any]:
    """One rated decision, briefly: where it is, the moves and the verdict, with
    the standard error of its measured loss (None: not measured) and whether it
    is clear of the inaccuracy line (:attr:`Rated.clear`)."""
    point = rated.point
    se = rated.se
    return {
        "round": point.round_number,
        "turn": point.turn,
        "move_number": point.move_number,
        "move_index": point.move_index,
        "played": str(point.played),
        "better": str(rated.best),
        "grade": rated.grade.value,
        "points_lost": rated.loss,
        "se": None if se is None else round(se, 2),
        "clear": rated.clear,
    }


def _decision_json(texts: ReviewTexts, rated: Rated) -> dict[str, Any]:
    point, view = rated.point, rated.point.view
    card = card_of(rated)
    measure = rated.measure
    return {
        **_rated_json(rated),
        "kind": rated.kind,
        "played_text": texts.move(point.played, card),
        "better_text": texts.move(rated.best, card),
        "reason": texts.reason(rated.reason) if rated.reason else "",
        "samples": measure.samples if measure else 0,
        "view": {
            "grid": grid_cells(view.own_grid),
            "grids": [grid_cells(g) for g in view.grids],
            "discard": view.discard_top,
            "held": view.held,
        },
    }


def card_of(rated: Rated) -> int | None:
    """The card a decision is about: the discard pile's top card when choosing a
    pile, the card in hand when placing it."""
    view = rated.point.view
    if isinstance(rated.point.played, TakeDiscard | Draw):
        return view.discard_top
    return view.held


def grid_cells(grid: GridView) -> list[int | str | None]:
    return ["x" if grid.removed[p] else grid.cards[p] for p in range(GRID_SIZE)]


def to_text(review: Review, language: str = "en") -> str:
    """The review for people: the summary, accuracy, grades and facts, the
    mistakes by kind, then the costliest decisions with the seat's cards at
    that moment (the flags clear of the inaccuracy line), and apart from them,
    under a note that says why, the uncertain flags."""
    texts = ReviewTexts(language)
    name = review.names[review.seat]
    lines = [texts.t("review.heading", name=name), ""]
    if not review.rated:
        return "\n".join([*lines, texts.t("review.no_turns")])
    lines.append(summary_line(texts, review))
    if review.accuracy is not None:
        lines += [texts.accuracy(review.accuracy), texts.accuracy_note(name)]
    lines += ["", texts.t("review.accuracy_rounds")]
    lines += ["  " + texts.round_accuracy(n, a) for n, a in review.round_accuracy().items()]
    lines += ["", texts.t("review.grades")]
    lines += [
        "  " + texts.t("review.grade_count", grade=texts.grade(g), count=n)
        for g, n in review.grades().items()
    ]
    lines += ["", texts.t("review.facts"), *("  " + line for line in fact_lines(texts, review))]
    kinds = review.kinds()
    if kinds:
        lines += ["", texts.t("review.kinds")]
        lines += [
            "  " + texts.t("review.kind_count", kind=texts.kind(k), count=n)
            for k, n in kinds.items()
        ]
    costliest, uncertain = review.costliest(), review.uncertain()
    if not costliest and not uncertain:
        return "\n".join([*lines, "", texts.clean()])
    if costliest:
        lines += ["", texts.t("review.costliest")]
        for rated in costliest:
            lines += ["", *_decision_lines(texts, rated, name)]
    if uncertain:
        lines += ["", texts.t("review.uncertain"), texts.uncertain_note()]
        for rated in uncertain:
            lines += ["", *_decision_lines(texts, rated, name)]
    return "\n".join(lines)


def fact_lines(texts: ReviewTexts, review: Review) -> list[str]:
    """The facts of the game from the record, one sentence a line."""
    facts = review.facts
    return [
        texts.t("review.fact.rounds_ended", count=facts.rounds_ended, doubled=facts.doublings),
        texts.t("review.fact.columns", made=facts.columns_made, missed=facts.columns_missed),
    ]


def summary_line(texts: ReviewTexts, review: Review) -> str:
    """ "120 decisions reviewed, over 61 turns. Points lost per turn ..."."""
    return texts.summary(
        decisions=len(review.rated),
        turns=review.turns,
        per_turn=review.per_turn,
        total=review.points_lost,
    )


def better_line(texts: ReviewTexts, rated: Rated) -> str:
    """ "Better: draw a card." (", which keeps the round open" where it does)."""
    move = texts.move(rated.best, card_of(rated))
    return texts.better(move, keeps_round_open=rated.keeps_round_open)


def item_title(texts: ReviewTexts, rated: Rated) -> str:
    """ "Round 2, turn 5: mistake, 3.4 points lost"; for a verdict within the
    noise of the inaccuracy line (not :attr:`Rated.clear`) "about 1.6 points
    lost, could be less"."""
    point = rated.point
    return texts.t(
        "review.item" if rated.clear else "review.item_uncertain",
        round=point.round_number,
        turn=point.turn,
        grade=texts.grade(rated.grade),
        loss=texts.points(rated.loss),
    )


def _decision_lines(texts: ReviewTexts, rated: Rated, name: str) -> list[str]:
    point, view = rated.point, rated.point.view
    card = card_of(rated)
    lines = [
        item_title(texts, rated),
        "  " + texts.t("review.played", move=texts.move(point.played, card)),
        "  " + better_line(texts, rated),
    ]
    if rated.reason is not None:
        lines.append("  " + texts.reason(rated.reason))
    lines.append("  " + texts.t("review.position", name=name) + ":")
    cells = grid_cells(view.own_grid)
    for row in range(GRID_SIZE // COLUMNS):
        shown = cells[row * COLUMNS : (row + 1) * COLUMNS]
        lines.append("    " + " ".join(f"{_cell(c):>3}" for c in shown))
    top = view.discard_top
    pile = (
        texts.t("review.discard", card=signed(top))
        if top is not None
        else texts.t("review.discard_empty")
    )
    if view.held is not None and not isinstance(point.played, TakeDiscard | Draw):
        pile += "   " + texts.t("review.held", card=signed(view.held))
    lines.append("  " + pile)
    return lines


def _cell(value: int | str | None) -> str:
    if value is None:
        return "?"
    return value if isinstance(value, str) else signed(value)
