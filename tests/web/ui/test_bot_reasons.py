"""Bots' reasons on the page: in the page's language, kept in saves, and old
saves (whose log lines have only English reasons) still load."""

from __future__ import annotations

import json
import random

from skyjo.actions import Draw
from skyjo.bots import Decision
from skyjo.bots.base import Reason
from skyjo.bots.reasons import because, reason
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present
from skyjo.web.ui.app import SAVE_KEY, App, Line, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup
from tests.web.ui.test_app import human_move


def german_table_after_bot_moves(seed: int = 5) -> App:
    app = App(MemoryStorage(), language="de", seed=seed)
    app.start(Setup((Seat("Du"), Seat("Anna", "medium"), Seat("Ben", "hard")), speed="instant"))
    rng = random.Random(seed)
    for _ in range(60):
        if not app.bot_step():
            human_move(app, rng)
    return app


def test_a_german_page_logs_german_reasons() -> None:
    app = german_table_after_bot_moves()
    explained = [line for line in app.log if line.explanation is not None]
    assert explained
    log = present.table(app).log
    assert any("tauscht die" in text or "zieht" in text or "deckt" in text for text in log)
    for line in explained:
        text = present.translate_line(Translator("de"), line)
        assert line.reason not in text  # the English words are not shown
        assert text.endswith(")")


def test_a_german_hint_is_german() -> None:
    app = App(MemoryStorage(), language="de", seed=9)
    app.start(Setup((Seat("Anna"), Seat("Ben"))))
    rng = random.Random(4)
    while app.game is not None and (
        app.game.state.phase is not Phase.TURN or app.hand_over_to() is not None
    ):
        human_move(app, rng)
    hint = app.ask_hint()
    assert hint.explanation is not None
    text = present.table(app).hint
    assert text.startswith("Tipp: ") and hint.reason not in text


def test_explanations_survive_save_and_resume() -> None:
    app = german_table_after_bot_moves()
    storage = app.storage
    again = App(storage, seed=1)
    assert again.screen is Screen.RESUME
    assert again.log == app.log[-200:]
    assert any(line.explanation is not None for line in again.log)


def test_an_old_save_with_three_item_log_lines_still_loads() -> None:
    app = german_table_after_bot_moves()
    data = json.loads(app.storage.get(SAVE_KEY) or "")
    data["log"] = [line[:3] for line in data["log"]]
    app.storage.set(SAVE_KEY, json.dumps(data))
    again = App(app.storage, seed=1)
    assert again.screen is Screen.RESUME
    assert all(line.explanation is None for line in again.log)
    again.language = "de"
    bot_lines = [line for line in again.log if line.reason]
    assert bot_lines
    # Without an explanation the bot's English words are shown, as before.
    assert bot_lines[0].reason in present.translate_line(Translator("de"), bot_lines[0])


def test_a_bot_without_an_explanation_keeps_its_english_words() -> None:
    line = Line("event.setup_flip", {"name": "Zed", "card": "3"}, "because I can")
    assert present.translate_line(Translator("nl"), line) == (
        "Zed draait een 3 open. (because I can)"
    )
    decision = because(Draw(), reason("bot.draw"))
    assert decision == Decision(Draw(), "draws a card", Reason("bot.draw", {}))
    assert Line.from_json(Line("k", {}, "r", decision.explanation).to_json()).explanation == (
        decision.explanation
    )
