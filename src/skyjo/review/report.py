"""A finished review as text for the terminal and as JSON (``python -m skyjo
review FILE [--json]``), in any language of :mod:`skyjo.review.texts`.

A shown decision carries the position as the seat saw it: its own grid (``null``
face down, ``"x"`` removed), the other grids the same way, the discard pile's
top card and the card in hand.
"""

from __future__ import annotations

from typing import Any

from skyjo.actions import Draw, TakeDiscard
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.language import signed
from skyjo.review.rating import Rated, Review
from skyjo.review.texts import ReviewTexts
from skyjo.state import GridView


def to_json(review: Review, language: str = "en") -> dict[str, Any]:
    """The review as a JSON-ready dict; sentences in ``language``."""
    texts = ReviewTexts(language)
    return {
        "seat": review.seat,
        "name": review.names[review.seat],
        "decisions": len(review.rated),
        "turns": review.turns,
        "points_lost": round(review.points_lost, 1),
        "per_turn": round(review.per_turn, 2),
        "mistakes": review.kinds(),
        "costliest": [_decision_json(texts, r) for r in review.costliest()],
    }


def _decision_json(texts: ReviewTexts, rated: Rated) -> dict[str, Any]:
    point, view = rated.point, rated.point.view
    card = card_of(rated)
    return {
        "round": point.round_number,
        "turn": point.turn,
        "played": str(point.played),
        "better": str(rated.best),
        "points_lost": rated.loss,
        "kind": rated.kind,
        "played_text": texts.move(point.played, card),
        "better_text": texts.move(rated.best, card),
        "reason": texts.reason(rated.reason) if rated.reason else "",
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
    """The review for people: the summary, the mistakes by kind, then the
    costliest decisions with the seat's cards at that moment."""
    texts = ReviewTexts(language)
    name = review.names[review.seat]
    lines = [texts.t("review.heading", name=name), ""]
    if not review.rated:
        return "\n".join([*lines, texts.t("review.no_turns")])
    lines.append(
        texts.t(
            "review.summary",
            turns=review.turns,
            per_turn=texts.points(review.per_turn),
            total=texts.points(review.points_lost),
        )
    )
    kinds = review.kinds()
    if kinds:
        lines += ["", texts.t("review.kinds")]
        lines += [
            "  " + texts.t("review.kind_count", kind=texts.kind(k), count=n)
            for k, n in kinds.items()
        ]
    costliest = review.costliest()
    if not costliest:
        return "\n".join([*lines, "", texts.t("review.clean")])
    lines += ["", texts.t("review.costliest")]
    for rated in costliest:
        lines += ["", *_decision_lines(texts, rated, name)]
    return "\n".join(lines)


def _decision_lines(texts: ReviewTexts, rated: Rated, name: str) -> list[str]:
    point, view = rated.point, rated.point.view
    card = card_of(rated)
    lines = [
        texts.t(
            "review.item", round=point.round_number, turn=point.turn, loss=texts.points(rated.loss)
        ),
        "  " + texts.t("review.played", move=texts.move(point.played, card)),
        "  " + texts.t("review.better", move=texts.move(rated.best, card)),
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
