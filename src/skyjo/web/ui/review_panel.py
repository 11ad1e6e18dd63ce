"""The game review on a page: the section at game end and in the replay viewer.

Pure (no PyScript, no DOM): :class:`ReviewPanel` holds which seat is reviewed,
the analysis in progress and which decisions' positions are open, renders its
section as HTML, and runs the analysis in slices of a few milliseconds with
a short pause (:data:`PAUSE_SECONDS`) between them, so the browser handles clicks and
paints the progress bar while the expert thinks. The pages (``ui.page``,
``embed.replay_page``) put the HTML in and call :meth:`ReviewPanel.run` with a
function that repaints the section's body.

A finished review lists the seat's accuracy (for the game and each round), its
decisions by grade, what happened (from the record), and its inaccuracies,
mistakes and blunders, costliest first: those clear of the inaccuracy line as
the costliest decisions, then, in a short group of their own under a heading
and a sentence that says why, the uncertain ones ("about 1.6 points lost,
could be less"; :attr:`skyjo.review.Rated.clear`). Apart, not after the clear
ones in one list: in a single list headed "the costliest", a reader on a phone
would take a 1.6 after a 2.4 for a cheaper mistake, not a doubtful one, and
could not tell where the sure ones end. Each listed decision has a button
(``data-intent="review-show"``) that opens or closes its position: the seat's
cards at that moment with the move played and the better move marked on them.
The button carries where the decision is in the record for a page that jumps
there: ``data-decision`` (the index in ``Review.rated``, for
:meth:`ReviewPanel.toggle`), ``data-round`` and ``data-move-index`` (the record
moves before the turn: ``skyjo.web.embed.reel.frame_at(frames, move_index)`` is the
table just before it).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.cards import COLUMNS, ROWS
from skyjo.i18n.language import signed
from skyjo.record import GameRecord
from skyjo.review import Rated, Review, Reviewer
from skyjo.review.report import better_line, card_of, fact_lines, item_title, summary_line
from skyjo.review.texts import ReviewTexts
from skyjo.state import GridView
from skyjo.web.ui.i18n import YOU_NAMES
from skyjo.web.ui.render import button, esc, h
from skyjo.web.worker.pace import PAUSE_SECONDS

#: Work per slice before the page gets the browser back: well under a frame's
#: budget on CPython, and a click waits at most about this long (times the
#: Pyodide slowdown, 1.5-3x) plus one unit of work.
SLICE_SECONDS = 0.02
#: How often the progress bar moves while the expert thinks (and once at the
#: start and at the end). Each repaint is work for the page's main thread as well
#: (the body's HTML made, sent, morphed, laid out), and on a phone the main thread
#: and the worker share a slow CPU: with a repaint after every slice the review
#: took a quarter to a half longer at half a core (benchmarks/review_browser.py).
PROGRESS_SECONDS = 0.2
#: How many flagged decisions clear of the line a review lists (the
#: costliest), and how many of them show their position before any is opened
#: or closed.
LISTED = 10
OPEN = 5
#: How many uncertain flags it lists after them: a footnote to the list, short
#: on a phone, where a weak player's review has many flags near the line. The
#: first :data:`OPEN` listed are open, so an uncertain one only after every clear
#: one (a doubt about a loss's size is none about the position).
LISTED_UNCERTAIN = 5


class ReviewPanel:
    """One page's review: ``seat`` (None before any), the ``reviewer`` at work,
    and its ``review`` once finished."""

    def __init__(self, language: str, *, you: str | None = None, open_first: int = OPEN) -> None:
        self.texts: ReviewTexts
        #: How many of the listed decisions (the costliest first) show their
        #: position before the reader opens or closes one: the game page shows :data:`OPEN`; the
        #: replay viewer none, because its table beside them shows the position.
        self.open_first = open_first
        self.set_language(language, you=you)
        self.seat: int | None = None
        self.names: tuple[str, ...] = ()
        self.reviewer: Reviewer | None = None
        self.review: Review | None = None
        self.error = ""
        #: Indexes (in ``review.rated``) of the decisions whose position is
        #: open; None until the reader opens or closes one: the first
        #: ``open_first`` listed then.
        self.opened: frozenset[int] | None = None
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
        self.opened = None
        try:
            self.reviewer = Reviewer(game, seat)
        except ValueError as exc:  # RecordError is a ValueError
            self.reviewer, self.error = None, str(exc)

    def clear(self) -> None:
        self._generation += 1
        self.seat, self.reviewer, self.review, self.error = None, None, None, ""
        self.opened = None

    def is_open(self, index: int) -> bool:
        """Whether the position of decision ``index`` (in ``review.rated``) is shown."""
        if self.opened is not None:
            return index in self.opened
        return self.review is not None and index in listed_indexes(self.review)[: self.open_first]

    def toggle(self, index: int) -> None:
        """Open or close the position of decision ``index`` (the ``data-decision``
        of its button); an index the review does not list is ignored."""
        if self.review is None or index not in listed_indexes(self.review):
            return
        listed = listed_indexes(self.review)
        now = {i for i in listed if self.is_open(i)}
        self.opened = frozenset(now ^ {index})

    async def run(self, paint: Callable[[], None]) -> None:
        """Analyse in slices, calling ``paint`` after each; stops early when a
        newer review is started or the panel is cleared."""
        generation = self._generation
        reviewer = self.reviewer
        painted = float("-inf")  # the first slice shows the bar
        while reviewer is not None and generation == self._generation:
            began = time.perf_counter()
            deadline = began + SLICE_SECONDS
            more = True
            while more and time.perf_counter() < deadline:
                more = reviewer.step()
            if not more:
                self.review = reviewer.result()
                paint()
                return
            if began - painted >= PROGRESS_SECONDS:
                paint()
                painted = began
            await asyncio.sleep(PAUSE_SECONDS)

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
            button(x.t("review.start"), "review", class_="review-start", data_with="review-seat"),
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
            return review_html(x, self.review, is_open=self.is_open)
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


def listed_indexes(review: Review) -> tuple[int, ...]:
    """The decisions a finished review lists (indexes in ``review.rated``): the
    :data:`LISTED` costliest clear of the line, then :data:`LISTED_UNCERTAIN`
    uncertain ones."""
    return review.costliest_indexes()[:LISTED] + review.uncertain_indexes()[:LISTED_UNCERTAIN]


def review_html(
    x: ReviewTexts, review: Review, *, is_open: Callable[[int], bool] | None = None
) -> str:
    """A finished review: the summary and accuracy, the decisions by grade,
    what happened, what went wrong by kind, and the listed decisions (the
    costliest, then the uncertain ones apart); ``is_open`` tells which
    positions to show (default: the first :data:`OPEN` listed)."""
    name = review.names[review.seat]
    if not review.rated:
        return h("p", esc(x.t("review.no_turns")))
    if is_open is None:
        shown = set(listed_indexes(review)[:OPEN])
        is_open = shown.__contains__
    parts = [
        h("p", esc(x.t("review.intro", name=name)), class_="review-intro"),
        h("p", esc(summary_line(x, review)), class_="review-summary"),
        _accuracy_html(x, review),
        _counts_html(
            x.t("review.grades"),
            [
                x.t("review.grade_count", grade=x.grade(g), count=n)
                for g, n in review.grades().items()
            ],
            "review-grades",
        ),
        _counts_html(x.t("review.facts"), fact_lines(x, review), "review-facts"),
    ]
    kinds = review.kinds()
    if kinds:
        parts.append(
            _counts_html(
                x.t("review.kinds"),
                [x.t("review.kind_count", kind=x.kind(k), count=n) for k, n in kinds.items()],
                "review-kinds",
            )
        )
    costliest = review.costliest_indexes()[:LISTED]
    uncertain = review.uncertain_indexes()[:LISTED_UNCERTAIN]
    if not costliest and not uncertain:
        parts.append(h("p", esc(x.clean())))
        return "".join(parts)
    if costliest:
        parts.append(h("h3", esc(x.t("review.costliest"))))
        items = (decision_html(x, review, i, open_=is_open(i)) for i in costliest)
        parts.append(h("ol", *items, class_="review-list"))
    if uncertain:
        parts.append(h("h3", esc(x.t("review.uncertain"))))
        parts.append(h("p", esc(x.uncertain_note()), class_="review-uncertain-note"))
        items = (decision_html(x, review, i, open_=is_open(i)) for i in uncertain)
        parts.append(h("ol", *items, class_="review-list review-uncertain"))
    return "".join(parts)


def _accuracy_html(x: ReviewTexts, review: Review) -> str:
    accuracy = review.accuracy
    if accuracy is None:
        return ""
    rounds = review.round_accuracy()
    by_round = h(
        "ul",
        *(h("li", esc(x.round_accuracy(n, a))) for n, a in rounds.items()),
        class_="review-rounds",
        aria_label=x.t("review.accuracy_rounds"),
    )
    note = h("p", esc(x.accuracy_note(review.names[review.seat])), class_="review-accuracy-note")
    return h("p", esc(x.accuracy(accuracy)), class_="review-accuracy") + note + by_round


def _counts_html(heading: str, lines: Sequence[str], class_: str) -> str:
    return h("h3", esc(heading)) + h("ul", *(h("li", esc(t)) for t in lines), class_=class_)


def decision_html(x: ReviewTexts, review: Review, index: int, *, open_: bool) -> str:
    """Decision ``index`` of ``review``: its grade and loss (said to be
    uncertain where it is not clear of the line), the moves, the reason, the
    button that opens or closes its position, and (``open_``) the position
    with both moves marked."""
    rated = review.rated[index]
    point = rated.point
    card = card_of(rated)
    position_id = f"review-position-{index}"
    show = button(
        x.t("review.hide" if open_ else "review.show"),
        "review-show",
        class_="review-show",
        aria_expanded="true" if open_ else "false",
        aria_controls=position_id if open_ else None,
        data_decision=index,
        data_round=point.round_number,
        data_move_index=point.move_index,
    )
    return h(
        "li",
        h("h4", esc(item_title(x, rated))),
        h("p", esc(x.t("review.played", move=x.move(point.played, card))), class_="played"),
        h("p", esc(better_line(x, rated)), class_="better"),
        h("p", esc(x.reason(rated.reason)), class_="why") if rated.reason else "",
        h("p", show, class_="review-jump"),
        position_html(x, rated, review.names[review.seat], id_=position_id) if open_ else "",
        class_=f"review-decision grade-{rated.grade.value}" + ("" if rated.clear else " uncertain"),
    )


def position_html(x: ReviewTexts, rated: Rated, name: str, *, id_: str | None = None) -> str:
    """The seat's cards at the moment of ``rated``, with the move played and the
    better move marked (on the cards for a placement, on the piles for a pile
    choice), and the piles."""
    point, view = rated.point, rated.point.view
    marks = _marks(point.played, "played") | _marks(rated.best, "better")
    top = view.discard_top
    discard = (
        x.t("review.discard", card=signed(top)) if top is not None else x.t("review.discard_empty")
    )
    piles = [_pile(x, discard, marks.get(TAKE)), _pile(x, x.t("review.draw_pile"), marks.get(DRAW))]
    choosing_pile = isinstance(point.played, TakeDiscard | Draw)
    if view.held is not None and not choosing_pile:
        piles = [
            _pile(x, discard, None),
            h("span", esc(x.t("review.held", card=signed(view.held)))),
        ]
    return h(
        "div",
        _grid(x, view.own_grid, x.t("review.position", name=name), marks),
        h("p", *piles, class_="review-piles"),
        class_="review-position",
        id=id_,
    )


#: Mark keys of the two piles (grid positions are 0 to 11).
TAKE, DRAW = -1, -2


def _marks(action: PlayerAction, mark: str) -> dict[int, str]:
    """Where ``action`` shows on the table: its grid position, or a pile."""
    if isinstance(action, Swap | Flip):
        return {action.position: mark}
    return {TAKE if isinstance(action, TakeDiscard) else DRAW: mark}


def _pile(x: ReviewTexts, text: str, mark: str | None) -> str:
    if mark is None:
        return h("span", esc(text))
    return h(
        "span",
        esc(text) + " " + h("span", esc(x.t(f"review.mark.{mark}")), class_="review-mark"),
        class_=f"review-pile {mark}",
    )


def _grid(x: ReviewTexts, grid: GridView, caption: str, marks: Mapping[int, str]) -> str:
    """The seat's grid as a small table: the card, "?" face down, "×" removed;
    each cell also says so in words for screen readers, and a marked cell says
    "played" or "better" (in words, seen and heard)."""
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
            mark = marks.get(p)
            label = h("span", esc(x.t(f"review.mark.{mark}")), class_="review-mark") if mark else ""
            cells.append(
                h(
                    "td",
                    h("span", esc(shown), aria_hidden="true")
                    + h("span", esc(words), class_="visually-hidden")
                    + label,
                    class_=f"mini {kind} {mark}" if mark else f"mini {kind}",
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
