"""The game review on a page: the section at game end and in the replay viewer.

Pure (no PyScript): :class:`ReviewPanel` holds which seat is reviewed and the
analysis in progress, renders its section as HTML, and runs the analysis in
slices of a few milliseconds with ``await asyncio.sleep(0)`` between them, so
the browser handles clicks and paints the progress bar while the expert thinks.
The pages (``ui.dom``, ``embed.replay_page``) put the HTML in and call
:meth:`ReviewPanel.run` with a function that repaints the section's body.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence

from skyjo.actions import Draw, TakeDiscard
from skyjo.cards import COLUMNS, ROWS
from skyjo.language import signed
from skyjo.record import GameRecord
from skyjo.review import Rated, Review, Reviewer
from skyjo.review.texts import ReviewTexts
from skyjo.state import GridView
from skyjo.ui.i18n import YOU_NAMES
from skyjo.ui.render import button, esc, h

#: Work per slice before the page gets the browser back: well under a frame's
#: budget on CPython, and a click waits at most about this long (times the
#: Pyodide slowdown, 1.5-3x) plus one unit of work.
SLICE_SECONDS = 0.02


class ReviewPanel:
    """One page's review: ``seat`` (None before any), the ``reviewer`` at work,
    and its ``review`` once finished."""

    def __init__(self, language: str, *, you: str | None = None) -> None:
        self.texts: ReviewTexts
        self.set_language(language, you=you)
        self.seat: int | None = None
        self.names: tuple[str, ...] = ()
        self.reviewer: Reviewer | None = None
        self.review: Review | None = None
        self.error = ""
        self._generation = 0

    @property
    def running(self) -> bool:
        return self.reviewer is not None and self.review is None and not self.error

    def set_language(self, language: str, *, you: str | None = None) -> None:
        """Speak ``language``; ``you`` is the person at the device, if the page
        knows one (the game page: the only person among bots), who is spoken to
        as the table speaks to them. Default "you" names always are."""
        self.texts = ReviewTexts(language, you=YOU_NAMES | ({you} if you else set()))

    def start(self, game: GameRecord, seat: int) -> None:
        """Begin the review of ``seat`` (any review in progress is abandoned)."""
        self._generation += 1
        self.seat, self.names, self.review, self.error = seat, game.names, None, ""
        try:
            self.reviewer = Reviewer(game, seat)
        except ValueError as exc:  # RecordError is a ValueError
            self.reviewer, self.error = None, str(exc)

    def clear(self) -> None:
        self._generation += 1
        self.seat, self.reviewer, self.review, self.error = None, None, None, ""

    async def run(self, paint: Callable[[], None]) -> None:
        """Analyse in slices, calling ``paint`` after each; stops early when a
        newer review is started or the panel is cleared."""
        generation = self._generation
        reviewer = self.reviewer
        while reviewer is not None and generation == self._generation:
            deadline = time.perf_counter() + SLICE_SECONDS
            more = True
            while more and time.perf_counter() < deadline:
                more = reviewer.step()
            if not more:
                self.review = reviewer.result()
                paint()
                return
            paint()
            await asyncio.sleep(0)

    # --- HTML -------------------------------------------------------------------------

    def html(self, names: Sequence[str], *, default_seat: int = 0) -> str:
        """The whole section: a heading, the seat chooser and :meth:`body_html`."""
        x = self.texts
        chosen = self.seat if self.seat is not None else default_seat
        seats = "".join(
            h("option", esc(n), value=i, selected=i == chosen) for i, n in enumerate(names)
        )
        chooser = h(
            "p",
            h("label", esc(x.t("review.choose")) + " " + h("select", seats, id="review-seat")),
            " ",
            button(x.t("review.start"), "review", class_="review-start"),
            class_="review-chooser",
        )
        return h(
            "section",
            h("h2", esc(x.t("review.heading", name=names[chosen])), id="review-heading"),
            chooser,
            h("div", self.body_html(), id="review-body", aria_live="polite"),
            id="review",
            class_="review",
            aria_labelledby="review-heading",
        )

    def body_html(self) -> str:
        """The progress bar while analysing, then the review; empty before any."""
        x = self.texts
        if self.error:
            return h("p", esc(self.error), class_="review-error", role="alert")
        if self.review is not None:
            return review_html(x, self.review)
        if self.reviewer is None:
            return ""
        done, total = self.reviewer.done, self.reviewer.total
        label = x.t("review.progress", done=done, total=total)
        return h(
            "div",
            h("p", esc(label), id="review-progress-label"),
            h(
                "progress",
                "",
                id="review-progress",
                max=max(total, 1),
                value=done,
                aria_labelledby="review-progress-label",
            ),
            class_="review-progress",
            aria_busy="true",
        )


def review_html(x: ReviewTexts, review: Review) -> str:
    """A finished review: the summary, mistakes by kind, the costliest decisions."""
    name = review.names[review.seat]
    if not review.rated:
        return h("p", esc(x.t("review.no_turns")))
    parts = [
        h("p", esc(x.t("review.intro", name=name)), class_="review-intro"),
        h(
            "p",
            esc(
                x.t(
                    "review.summary",
                    turns=review.turns,
                    per_turn=x.points(review.per_turn),
                    total=x.points(review.points_lost),
                )
            ),
            class_="review-summary",
        ),
    ]
    kinds = review.kinds()
    if kinds:
        items = (
            h("li", esc(x.t("review.kind_count", kind=x.kind(k), count=n)))
            for k, n in kinds.items()
        )
        parts.append(h("h3", esc(x.t("review.kinds"))) + h("ul", *items, class_="review-kinds"))
    costliest = review.costliest()
    if not costliest:
        parts.append(h("p", esc(x.t("review.clean"))))
        return "".join(parts)
    parts.append(h("h3", esc(x.t("review.costliest"))))
    parts.append(h("ol", *(_decision(x, r, name) for r in costliest), class_="review-list"))
    return "".join(parts)


def _decision(x: ReviewTexts, rated: Rated, name: str) -> str:
    point, view = rated.point, rated.point.view
    choosing_pile = isinstance(point.played, TakeDiscard | Draw)
    card = view.discard_top if choosing_pile else view.held
    title = x.t("review.item", round=point.round_number, turn=point.turn, loss=x.points(rated.loss))
    top = view.discard_top
    piles = [
        x.t("review.discard", card=signed(top)) if top is not None else x.t("review.discard_empty")
    ]
    if view.held is not None and not choosing_pile:
        piles.append(x.t("review.held", card=signed(view.held)))
    return h(
        "li",
        h("h4", esc(title)),
        h("p", esc(x.t("review.played", move=x.move(point.played, card))), class_="played"),
        h("p", esc(x.t("review.better", move=x.move(rated.best, card))), class_="better"),
        h("p", esc(x.reason(rated.reason)), class_="why") if rated.reason else "",
        h(
            "div",
            _grid(x, view.own_grid, x.t("review.position", name=name)),
            h("p", *(h("span", esc(p)) for p in piles), class_="review-piles"),
            class_="review-position",
        ),
        class_="review-decision",
    )


def _grid(x: ReviewTexts, grid: GridView, caption: str) -> str:
    """The seat's grid as a small table: the card, "?" face down, "×" removed;
    each cell also says so in words for screen readers."""
    rows = []
    for row in range(ROWS):
        cells = []
        for column in range(COLUMNS):
            p = row * COLUMNS + column
            where = {"row": row + 1, "column": column + 1}
            card = grid.cards[p]
            if grid.removed[p]:
                shown, words, kind = "×", x.t("review.card_removed", **where), "removed"
            elif card is None:
                shown, words, kind = "?", x.t("review.card_down", **where), "down"
            else:
                shown = signed(card)
                words = x.t("review.card_up", card=signed(card), **where)
                kind = _band(card)
            cells.append(
                h(
                    "td",
                    h("span", esc(shown), aria_hidden="true")
                    + h("span", esc(words), class_="visually-hidden"),
                    class_=f"mini {kind}",
                )
            )
        rows.append(h("tr", *cells))
    return h("table", h("caption", esc(caption)), h("tbody", *rows), class_="review-grid")


def _band(card: int) -> str:
    """The colour band of a card, as on the table (see table.css)."""
    if card < 0:
        return "neg"
    if card == 0:
        return "zero"
    if card <= 4:
        return "low"
    return "mid" if card <= 8 else "high"
