"""Statistics across games on this device (issue 36, item 19): the groups, the
arithmetic, a game counted once, what cannot be read kept aside, the CSV file, and
the statistics view with its reset question."""

from __future__ import annotations

import csv
import html
import io
import json
import random
from typing import Any

import pytest

from skyjo.rules import Rules
from skyjo.web.device import MemoryStorage
from skyjo.web.ui.app import SAVE_KEY, App, Confirm, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup
from skyjo.web.ui.statistics import (
    MAX_COUNTED,
    PEOPLE,
    STATISTICS_KEY,
    STATISTICS_UNREADABLE_KEY,
    Result,
    Statistics,
    Tally,
    group_of,
    to_csv,
)

from .test_app import play_until
from .test_page import click, opened, shown

EN = Translator("en")


@pytest.mark.parametrize(
    ("kinds", "group"),
    [
        (["human", "medium", "medium", "medium"], "medium"),
        (["human", "easy", "expert", "medium"], "expert"),  # the strongest bot at the table
        (["hard", "human", "human"], "hard"),
        (["human", "human"], PEOPLE),
        (["easy", "hard"], None),  # nobody here played
    ],
)
def test_a_game_counts_against_the_strongest_bot_at_its_table(
    kinds: list[str], group: str | None
) -> None:
    assert group_of(kinds) == group


def test_games_wins_rounds_the_average_and_the_best_round_add_up() -> None:
    first = Result("a", "medium", won=True, rounds=(12, -3, 20))
    second = Result("b", "medium", won=False, rounds=(7,))
    tally = Tally().add(first).add(second)
    assert tally == Tally(games=2, wins=1, rounds=4, points=36, best=-3)
    assert tally.average == 9.0
    assert Tally().average is None and Tally().best is None


def test_with_people_only_the_games_and_rounds_count_but_no_wins() -> None:
    tally = Tally().add(Result("a", PEOPLE, won=True, rounds=(5, 8)))
    assert (tally.games, tally.wins, tally.rounds, tally.best) == (1, 0, 2, 5)


def test_a_game_is_counted_once_whatever_brings_its_end_back() -> None:
    once = Statistics.empty().add(Result("a", "hard", won=True, rounds=(4,)))
    assert once.add(Result("a", "hard", won=True, rounds=(4,))) is once
    assert once.games == 1
    again = once.add(Result("b", "easy", won=False, rounds=(9,)))
    assert again.games == 2 and [group for group, _ in again.rows()] == ["easy", "hard"]


def test_only_the_newest_games_keys_are_kept() -> None:
    stats = Statistics.empty()
    for n in range(MAX_COUNTED + 5):
        stats = stats.add(Result(f"g{n}", "medium", won=False, rounds=(n,)))
    assert len(stats.counted) == MAX_COUNTED and stats.counted[-1] == f"g{MAX_COUNTED + 4}"
    assert stats.games == MAX_COUNTED + 5


def test_the_json_form_reads_back_the_same() -> None:
    stats = Statistics.empty().add(Result("a", "hard", won=True, rounds=(4, -2)))
    stats = stats.add(Result("b", PEOPLE, won=True, rounds=(11,)))
    text = json.dumps(stats.to_json())
    assert Statistics.loads(text) == stats
    assert Statistics.loads(text).to_json() == stats.to_json()


GOOD: dict[str, Any] = {"games": 2, "wins": 1, "rounds": 5, "points": 40, "best": -1}


@pytest.mark.parametrize(
    "data",
    [
        [],
        "statistics",
        {"version": 2, "groups": {}},
        {"version": 1},
        {"version": 1, "groups": []},
        {"version": 1, "groups": {"grandmaster": GOOD}},
        {"version": 1, "groups": {"medium": "lots"}},
        {"version": 1, "groups": {"medium": {**GOOD, "games": "three"}}},
        {"version": 1, "groups": {"medium": {**GOOD, "games": True}}},
        {"version": 1, "groups": {"medium": {**GOOD, "games": 2.0}}},
        {"version": 1, "groups": {"medium": {**GOOD, "rounds": -1}}},
        {"version": 1, "groups": {"medium": {**GOOD, "wins": 3}}},
        {"version": 1, "groups": {"medium": {**GOOD, "best": None}}},
        {"version": 1, "groups": {"medium": {**GOOD, "rounds": 0, "points": 0}}},
        {"version": 1, "groups": {"medium": {**GOOD, "best": "−1"}}},
        {"version": 1, "groups": {"medium": GOOD}, "counted": "a"},
        {"version": 1, "groups": {"medium": GOOD}, "counted": [1]},
    ],
)
def test_statistics_of_another_shape_or_type_raise_value_error(data: Any) -> None:
    with pytest.raises(ValueError):
        Statistics.from_json(data)


@pytest.mark.parametrize("text", ["", "{", "[" * 100_000, "null", '"1"'])
def test_text_that_is_not_statistics_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        Statistics.loads(text)


# --- on the game page's app -------------------------------------------------------------------


def finished(storage: MemoryStorage, kinds: tuple[str, ...] = ("human", "medium")) -> App:
    """A game played on ``storage`` to its end, to a target of 1 (one round, mostly)."""
    app = App(storage, seed=5)
    seats = tuple(Seat(f"P{i}", kind) for i, kind in enumerate(kinds))
    app.start(Setup(seats, Rules(target=1), speed="instant"))
    play_until(app, {Screen.GAME_END}, random.Random(5))
    return app


def kept(storage: MemoryStorage) -> Statistics:
    text = storage.get(STATISTICS_KEY)
    assert text is not None
    return Statistics.loads(text)


def test_the_game_that_ends_here_is_counted_with_every_persons_rounds() -> None:
    storage = MemoryStorage()
    app = finished(storage, ("human", "easy", "human", "hard"))
    assert app.game is not None
    state = app.game.state
    tally = kept(storage).tallies["hard"]
    rounds = [result.points[seat] for result in state.results for seat in (0, 2)]
    assert tally.games == 1 and tally.rounds == len(rounds) == 2 * len(state.results)
    assert (tally.points, tally.best) == (sum(rounds), min(rounds))
    assert tally.wins == int(bool({0, 2} & set(state.winners)))


def test_a_reload_or_another_tab_resuming_the_ended_game_counts_nothing_more() -> None:
    storage = MemoryStorage()
    finished(storage)
    before = storage.get(STATISTICS_KEY)
    for _ in range(2):  # a reload; another tab opening the same device's game
        assert App(storage).screen is Screen.RESUME
        again = App(storage)
        again.resume()
        assert again.screen is Screen.GAME_END
    assert storage.get(STATISTICS_KEY) == before and kept(storage).games == 1


def test_a_game_of_bots_alone_counts_nowhere() -> None:
    storage = MemoryStorage()
    finished(storage, ("easy", "medium"))
    assert storage.get(STATISTICS_KEY) is None


def test_unreadable_statistics_are_kept_aside_and_counting_starts_afresh() -> None:
    storage = MemoryStorage()
    garbage = json.dumps({"version": 1, "groups": {"medium": {"games": "three"}}})
    storage.set(STATISTICS_KEY, garbage)
    app = finished(storage)
    assert app.statistics_unreadable is not None and "games" in app.statistics_unreadable
    assert storage.get(STATISTICS_UNREADABLE_KEY) == garbage
    assert kept(storage).games == 1
    # The unreadable save the page offers to export is never the statistics'.
    assert app.unreadable is None


def test_reset_asks_first_and_keeps_them_on_cancel() -> None:
    storage = MemoryStorage()
    app = finished(storage)
    app.ask_reset_statistics()
    assert app.confirming is Confirm.RESET_STATISTICS
    assert app.bot_to_act() is None  # the bots wait for the answer
    app.cancel()
    assert kept(storage).games == 1
    app.ask_reset_statistics()
    app.confirm()
    assert storage.get(STATISTICS_KEY) is None and app.read_statistics().games == 0
    assert storage.get(SAVE_KEY) is not None  # only the statistics went


def test_statistics_the_device_refused_are_said() -> None:
    app = finished(MemoryStorage())
    app.refused(STATISTICS_KEY)
    assert app.notice is not None and app.notice.key == "stats.not_kept" and app.notice.error


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_csv_file_has_the_views_words_and_plain_numbers(language: str) -> None:
    t = Translator(language)
    stats = Statistics.empty().add(Result("a", "medium", won=True, rounds=(12, -3, 20)))
    stats = stats.add(Result("b", PEOPLE, won=True, rounds=(-4,)))
    rows = list(csv.reader(io.StringIO(to_csv(stats, t))))
    assert rows[0] == [
        t.t(f"stats.{k}")
        for k in ("opponents", "games", "wins", "rounds", "points", "average", "best")
    ]
    assert rows[1] == [t.t("stats.group.medium"), "1", "1", "3", "29", "9.67", "-3"]
    assert rows[2] == [t.t("stats.group.people"), "1", "", "1", "-4", "-4.00", "-4"]


# --- the view -----------------------------------------------------------------------------------


def test_the_view_opens_from_the_menu_shows_the_numbers_exports_and_resets() -> None:
    storage = MemoryStorage()
    finished(storage)
    page, _ = opened(storage)
    effects = click(page, "statistics")
    shown_html = shown(effects, "app")
    assert EN.t("stats.heading") in shown_html and EN.t("stats.group.medium") in shown_html
    assert effects.of("focus")[0][1]["wanted"] == "stats-title"
    download = click(page, "statistics-export").of("download")
    assert download[0][1:3] == ["skyjo-statistics.csv", "text/csv"]
    assert EN.t("stats.group.medium") in download[0][3]
    question = shown(click(page, "statistics-reset"), "app")
    assert EN.t("confirm.stats.text", n=1) in question
    answered = click(page, "confirm")
    assert EN.t("stats.none") in shown(answered, "app")
    assert answered.of("focus")[0][1]["wanted"] == "stats-title"
    closed = shown(click(page, "statistics-close"), "app")
    assert 'id="statistics"' not in closed


def test_the_view_says_in_words_that_statistics_could_not_be_read() -> None:
    storage = MemoryStorage()
    storage.set(STATISTICS_KEY, "[1, 2, 3]")
    page, _ = opened(storage)
    said = shown(click(page, "statistics"), "app")
    assert html.unescape(EN.t("stats.unreadable", reason="not statistics of this version")) in said
    assert 'role="alert"' in said and EN.t("stats.none") in said
    assert storage.get(STATISTICS_UNREADABLE_KEY) == "[1, 2, 3]"
