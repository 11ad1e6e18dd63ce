"""The review section of the pages, on CPython: its HTML and its slices."""

from __future__ import annotations

import asyncio
import dataclasses
import html as html_module
import itertools
import time
from unittest import mock

from skyjo.actions import Flip, Swap, TakeDiscard
from skyjo.i18n.language import LANGUAGES
from skyjo.record import GameRecord
from skyjo.review.report import better_line
from skyjo.review.texts import ReviewTexts
from skyjo.web.embed import reel
from skyjo.web.ui.review_panel import (
    OPEN,
    PROGRESS_SECONDS,
    SLICE_SECONDS,
    ReviewPanel,
    review_html,
)
from tests.review.helpers import (
    COULD_BE_LESS,
    bots_game,
    drawn_twelve_kept,
    measured_take,
    review_of,
    twelve_over_face_down,
)


def _renamed(game: GameRecord, names: list[str]) -> GameRecord:
    players = tuple({"name": n} for n in names)
    return GameRecord(game.rules, players, game.rounds, game.extra)


def test_the_analysis_runs_in_slices_painting_progress_then_the_review() -> None:
    panel = ReviewPanel("en")
    panel.start(bots_game(["medium", "hard"], seed=4, rounds=1), 0)
    painted: list[str] = []
    assert "<progress" in panel.body_html() and 'value="0"' in panel.body_html()
    asyncio.run(panel.run(lambda: painted.append(panel.body_html())))
    # Progress bars first (at least the first slice's), the review last, and
    # nothing after it.
    assert len(painted) >= 2
    assert all("<progress" in html for html in painted[:-1])
    assert "Points lost per turn on average" in painted[-1] and "<progress" not in painted[-1]
    assert not panel.running


def test_the_progress_is_painted_a_few_times_a_second_not_after_every_slice() -> None:
    # Each repaint is work for the page's main thread, which on a phone shares a
    # slow CPU with the worker: the bar moves at most every PROGRESS_SECONDS,
    # however many slices the analysis takes (the review itself comes at once).
    panel = ReviewPanel("en")
    panel.start(bots_game(["medium", "hard"], seed=4, rounds=2), 0)
    painted: list[float] = []
    pauses = 0
    pause = asyncio.sleep

    async def counted(seconds: float) -> None:
        nonlocal pauses
        pauses += 1
        await pause(seconds)

    with mock.patch("skyjo.web.ui.review_panel.asyncio.sleep", counted):
        asyncio.run(panel.run(lambda: painted.append(time.perf_counter())))
    assert panel.review is not None and len(painted) >= 2
    gaps = [later - earlier for earlier, later in itertools.pairwise(painted[:-1])]
    assert all(gap >= PROGRESS_SECONDS - SLICE_SECONDS for gap in gaps), gaps
    assert pauses > 2 * len(painted), (pauses, len(painted))


def test_the_review_names_the_better_move_and_shows_the_players_cards() -> None:
    panel = ReviewPanel("de")
    panel.start(_renamed(twelve_over_face_down(), ["<b>Lena</b>", "Jonas"]), 0)
    asyncio.run(panel.run(lambda: None))
    html = panel.html(["<b>Lena</b>", "Jonas"])
    assert "Besser: eine Karte ziehen." in html
    assert "Gespielt: die 12 vom Ablagestapel nehmen." in html
    assert "<b>Lena</b>" not in html and "&lt;b&gt;Lena&lt;/b&gt;" in html
    # The costliest decision (the take) shows Lena's 12 cards as she saw them:
    # the −2 and the 5 face up, ten face down, each also said in words.
    first = html.split("review-list")[1].split("</li>")[0]
    assert "Gespielt: die 12 vom Ablagestapel nehmen." in first
    assert first.count('class="mini') == 12
    assert "Reihe 1, Spalte 1: −2" in first and first.count("verdeckt</span>") == 10


def test_the_person_at_the_device_is_spoken_to_as_the_table_speaks_to_them() -> None:
    # Intent: the game page says "you" to the only person among bots ("Du hast die
    # Runde beendet"); its review of that person's seat does too, while a review of
    # another seat, or one where the page names no person, speaks of the player.
    game = _renamed(twelve_over_face_down(), ["Lena", "Jonas"])
    spoken_to = ReviewPanel("de", you="Lena")
    spoken_to.start(game, 0)
    asyncio.run(spoken_to.run(lambda: None))
    html = spoken_to.html(["Lena", "Jonas"])
    assert "jede deiner Entscheidungen" in html and "Deine Karten in diesem Moment" in html
    assert "von Lena" not in html
    spoken_of = ReviewPanel("de")
    spoken_of.start(game, 0)
    asyncio.run(spoken_of.run(lambda: None))
    assert "jede Entscheidung von Lena" in spoken_of.html(["Lena", "Jonas"])


def test_a_newer_review_stops_the_older_one() -> None:
    panel = ReviewPanel("en")
    game = bots_game(["medium", "hard"], seed=4, rounds=1)
    panel.start(game, 0)
    old = panel.reviewer

    async def both() -> None:
        first = asyncio.ensure_future(panel.run(lambda: None))
        await asyncio.sleep(0)
        panel.start(game, 1)
        await asyncio.gather(first, panel.run(lambda: None))

    asyncio.run(both())
    assert old is not None and not old.finished
    assert panel.review is not None and panel.review.seat == 1


def test_a_seat_the_game_lacks_is_an_error_on_the_page() -> None:
    panel = ReviewPanel("en")
    panel.start(twelve_over_face_down(), 5)
    assert not panel.running
    assert 'role="alert"' in panel.body_html() and "no seat 5" in panel.body_html()


def _finished(game: GameRecord, seat: int, language: str = "en") -> ReviewPanel:
    panel = ReviewPanel(language)
    panel.start(game, seat)
    asyncio.run(panel.run(lambda: None))
    return panel


def _item(html: str, index: int) -> str:
    """The list item of decision ``index`` (its button's data-decision)."""
    for item in html.split('<li class="review-decision')[1:]:
        if f'data-decision="{index}"' in item:
            return item.split("</li>")[0]
    raise AssertionError(f"decision {index} is not listed")


def test_a_finished_review_grades_decisions_and_gives_the_accuracy() -> None:
    panel = _finished(twelve_over_face_down(), 0)
    html = panel.body_html()
    assert "Accuracy: " in html and "Round 1: " in html
    assert "Decisions by grade" in html and "What happened" in html
    assert "Rounds ended: 0 (doubled: 0)" in html
    review = panel.review
    assert review is not None
    worst = review.flagged_indexes()[0]
    assert review.rated[worst].grade.is_flagged
    assert f"{review.rated[worst].grade.value}, " in _item(html, worst)


def test_show_this_position_opens_and_closes_the_grid_with_both_moves_marked() -> None:
    # Intent: Lena kept a drawn 12 on the face-down card under her −2 (row 2,
    # column 1); the better move discards it and turns a card up. Her cards at
    # that moment carry both moves, in words.
    panel = _finished(drawn_twelve_kept(), 0)
    review = panel.review
    assert review is not None
    index = next(i for i in review.flagged_indexes() if review.rated[i].point.played == Swap(4))
    item = _item(panel.body_html(), index)
    assert 'aria-expanded="true"' in item and "Hide this position" in item
    cells = item.split("<td")[1:]
    assert "played</span>" in cells[4] and 'class="mini down played"' in "<td" + cells[4]
    best = review.rated[index].best
    assert isinstance(best, Flip) and "better</span>" in cells[best.position]
    panel.toggle(index)
    closed = _item(panel.body_html(), index)
    assert "<table" not in closed and "Show this position" in closed
    assert 'aria-expanded="false"' in closed
    panel.toggle(index)
    assert "<table" in _item(panel.body_html(), index)


def test_a_pile_choice_is_marked_on_the_piles() -> None:
    panel = _finished(twelve_over_face_down(), 0)
    review = panel.review
    assert review is not None
    index = next(
        i for i in review.flagged_indexes() if review.rated[i].point.played == TakeDiscard()
    )
    piles = _item(panel.body_html(), index).split('class="review-piles"')[1]
    assert 'class="review-pile played">Discard pile: 12 <span class="review-mark">played' in piles
    assert 'class="review-pile better">Draw pile <span class="review-mark">better' in piles


def test_a_listed_decision_says_where_it_is_in_the_record() -> None:
    # Lena's take is the fifth move of round 1, after four setup flips: the
    # replay viewer's frame for 4 moves shows the table just before it.
    game = twelve_over_face_down()
    panel = _finished(game, 0)
    review = panel.review
    assert review is not None
    index = next(
        i for i in review.flagged_indexes() if review.rated[i].point.played == TakeDiscard()
    )
    item = _item(panel.body_html(), index)
    assert 'data-move-index="4"' in item and 'data-round="1"' in item
    frames = reel.frames(game)
    before = frames[reel.frame_at(frames, 4)].state
    assert before.to_move == 0 and before.discard_top == 12 and before.held is None


def test_opening_a_decision_the_review_does_not_list_changes_nothing() -> None:
    panel = _finished(twelve_over_face_down(), 0)
    html = panel.body_html()
    panel.toggle(99)
    assert panel.body_html() == html


def test_the_summary_counts_decisions_and_turns_and_accuracy_says_what_it_measures() -> None:
    # Issue 36, item 14: "Turns reviewed: 50" stood beside 100 graded decisions,
    # and "Accuracy 97%" beside a heavy defeat, without a word on what it measures.
    panel = _finished(bots_game(["easy", "medium"], seed=5, rounds=2), 0)
    review = panel.review
    assert review is not None
    graded = sum(review.grades().values())
    assert graded == len(review.rated) > review.turns
    body = panel.body_html()
    summary = body.split('class="review-summary">')[1].split("</p>")[0]
    assert summary.startswith(f"{graded} decisions reviewed, over {review.turns} turns.")
    assert "not how the game went" in body.split('class="review-accuracy-note">')[1]


def test_a_better_move_that_keeps_the_round_open_says_so() -> None:
    # Issue 36, item 14: where the move played ended the round and the better
    # move would not have, the better move says it keeps the round open.
    panel = _finished(bots_game(["easy", "medium"], seed=5, rounds=2), 0)
    review = panel.review
    assert review is not None
    rated = review.rated[review.flagged_indexes()[0]]
    texts = panel.texts
    for kind in ("ended_doubling", "ended_round"):
        ended = dataclasses.replace(rated, kind=kind)
        assert better_line(texts, ended).endswith(", which keeps the round open.")
    placed = dataclasses.replace(rated, kind="placement")
    assert better_line(texts, placed).startswith("Better: ")
    assert "round open" not in better_line(texts, placed)
    german = ReviewTexts("de")
    assert "Runde offen" in better_line(german, dataclasses.replace(rated, kind="ended_round"))


def test_uncertain_flags_are_listed_apart_after_the_costliest_and_said_to_be_so() -> None:
    # Intent (issue 40, part 2): a flag within two standard errors of the
    # inaccuracy line is not among "the costliest decisions"; it follows them in
    # a group of its own whose heading and note say why, and its title says
    # "about 1.6 points lost, could be less".
    review = review_of(measured_take(1.6, 0.3), measured_take(2.4, 0.2), measured_take(0.4, 0.3))
    html = review_html(ReviewTexts("en"), review)
    costliest, uncertain = html.split("The costliest decisions")[1].split("Uncertain verdicts")
    assert 'data-decision="1"' in costliest and 'data-decision="0"' not in costliest
    assert "2.4 points lost" in costliest and "could be" not in costliest
    assert 'class="review-list review-uncertain"' in uncertain
    assert html_module.escape(ReviewTexts("en").uncertain_note()) in uncertain
    item = _item(html, 0)
    assert "inaccuracy, about 1.6 points lost, could be less" in item
    assert item.startswith(' grade-inaccuracy uncertain"')
    assert 'data-decision="2"' not in html  # a good decision is not listed


def test_an_uncertain_flag_opens_after_every_clear_one() -> None:
    clear = [measured_take(2.4 + k, 0.2) for k in range(OPEN)]
    panel = ReviewPanel("en")
    panel.review = review_of(measured_take(1.6, 0.3), *clear)
    assert [panel.is_open(i) for i in range(OPEN + 1)] == [False] + [True] * OPEN
    # It can be opened, and closed again.
    panel.toggle(0)
    assert panel.is_open(0) and "<table" in _item(panel.body_html(), 0)
    panel.toggle(0)
    assert not panel.is_open(0)
    # With no clear flag, the uncertain ones are the first listed, and open.
    alone = ReviewPanel("en")
    alone.review = review_of(measured_take(1.6, 0.3))
    assert alone.is_open(0)
    body = alone.body_html()
    assert "The costliest decisions" not in body and alone.texts.clean() not in body


def test_the_uncertain_wording_is_in_every_language_in_its_number_style() -> None:
    review = review_of(measured_take(1.6, 0.3))
    for language in LANGUAGES:
        texts = ReviewTexts(language)
        item = _item(review_html(texts, review), 0)
        number = "1.6" if language == "en" else "1,6"
        assert COULD_BE_LESS[language] in item and number in item, language
        assert texts.t("review.uncertain") in review_html(texts, review), language
