"""The game page's controller as its Web Worker runs it (issue 21): intents in,
effects out, on CPython, the way ``site/page.mjs`` drives it in the browser."""

from __future__ import annotations

import asyncio
import html
import json
import re
from dataclasses import replace
from typing import Any

import pytest

from skyjo.web.device import MemoryStorage
from skyjo.web.ui.app import RECENT_KEY, SAVE_KEY, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.page import SETUP_FORM, GamePage
from skyjo.web.worker.effects import Effects

EN = Translator("en")


def opened(storage: MemoryStorage | None = None, **kwargs: Any) -> tuple[GamePage, Effects]:
    """The page opened on a device; unless a test runs an event loop itself, work
    between intents (the bots) is not started."""
    pushed: list[Effects] = []
    kwargs.setdefault("spawn", lambda work: work.close())
    page, effects = GamePage.open(
        storage or MemoryStorage(), pushed.append, languages=["en"], search="?seed=4", **kwargs
    )
    page.pushed = pushed  # type: ignore[attr-defined]
    return page, effects


def shown(effects: Effects, ident: str) -> str:
    """The last HTML an effect batch writes into element ``ident`` (unescaped)."""
    writes = [op[2] for op in effects.of("html") if op[1] == ident]
    assert writes, f"nothing written into #{ident}: {effects.kinds()}"
    return html.unescape(writes[-1])


def click(page: GamePage, intent: str, **data: Any) -> Effects:
    return page.handle({"type": "click", "intent": intent, "data": data, "forms": {}})


def test_the_first_paint_is_the_setup_form_and_ends_with_ready() -> None:
    page, effects = opened()
    assert effects.kinds()[-1] == "ready"
    assert ["lang", "en"] in effects.ops
    assert 'id="setup-form"' in shown(effects, "app")
    (versions,) = [op for op in effects.of("text") if op[1] == "version-numbers"]
    assert versions[2].startswith("0.") and "Python 3." in versions[2]
    assert page.app.screen is Screen.SETUP


def test_a_quick_game_is_saved_painted_and_the_bots_are_paced_by_pushes() -> None:
    async def play() -> None:
        storage = MemoryStorage()
        page, _ = opened(storage, spawn=None)
        page.app.setup = replace(page.app.setup, speed="fast")
        effects = click(page, "quick")
        assert 'class="board' in shown(effects, "app")
        assert page.app.game is not None
        # The bots flip their opening cards in the worker, one step per push.
        for _ in range(200):
            if page.app.human_to_act() is not None and not page.bots_running:
                break
            await asyncio.sleep(0.02)
        assert page.pushed  # type: ignore[attr-defined]
        assert all(isinstance(e, Effects) for e in page.pushed)  # type: ignore[attr-defined]
        assert storage.get(SAVE_KEY) is not None

    asyncio.run(play())


def test_the_setup_form_comes_with_the_intent_and_starts_that_game() -> None:
    page, _ = opened()
    fields = {
        "name-0": "Ann",
        "kind-0": "human",
        "name-1": "Ben",
        "kind-1": "human",
        "target": "custom",
        "custom_target": "50",
        "column_rule": "off",
        "double_on_tie": False,
        "double_nonpositive": True,
        "speed": "fast",
    }
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    effects = page.handle({"type": "submit", "id": SETUP_FORM, "forms": {SETUP_FORM: fields}})
    assert page.app.game is not None
    assert [s.name for s in page.app.seats] == ["Ann", "Ben"]
    rules = page.app.setup.rules
    assert (rules.target, rules.column_rule.value, rules.double_on_tie) == (50, "off", False)
    assert rules.double_nonpositive and page.app.setup.speed == "fast"
    assert 'class="board' in shown(effects, "app")


def test_a_bad_target_is_said_by_the_form_and_starts_nothing() -> None:
    page, _ = opened()
    fields = {"name-0": "A", "kind-0": "human", "name-1": "B", "kind-1": "medium",
              "target": "custom", "custom_target": "zero"}  # fmt: skip
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    effects = page.handle({"type": "submit", "id": SETUP_FORM, "forms": {SETUP_FORM: fields}})
    assert page.app.game is None
    assert EN.t("setup.error.target") in shown(effects, "app")


def test_a_stale_click_is_explained_in_words_never_a_traceback() -> None:
    page, _ = opened()
    effects = click(page, "draw")
    assert EN.t("error.refused", reason="").split(":")[0] in shown(effects, "app")
    effects = click(page, "card", seat="x", pos="1")
    assert "error" in shown(effects, "app")


def test_export_offers_the_record_as_a_file() -> None:
    page, _ = opened()
    click(page, "quick")
    (download,) = click(page, "export").of("download")
    assert download[1] == "skyjo-game.json"
    assert json.loads(download[3])["format"] == "skyjo-record"


def test_a_refused_save_is_said_at_once_with_export() -> None:
    page, _ = opened()
    click(page, "quick")
    effects = page.refused(SAVE_KEY)
    assert EN.t("save.failed") in shown(effects, "app")
    assert 'data-intent="export"' in shown(effects, "app")


def test_a_recent_list_the_device_refused_keeps_the_game_in_play() -> None:
    storage = MemoryStorage()
    page, _ = opened(storage)
    click(page, "quick")
    played = page.app.game
    assert played is not None
    click(page, "new-game")
    click(page, "confirm")
    left = page.app.screen
    # The main thread could not write the recent list, so the save stayed (the
    # removal after it in the batch never ran): the device still holds the game.
    storage.data.pop(RECENT_KEY, None)
    storage.set(SAVE_KEY, page.app.keeper.read(SAVE_KEY) or _saved_of(page, played))
    effects = page.refused(RECENT_KEY)
    assert (left, page.app.screen) == (Screen.SETUP, Screen.TABLE)
    assert page.app.game is not None
    assert page.app.game.state == played.state
    assert EN.t("recent.not_kept") in shown(effects, "app")


def _saved_of(page: GamePage, game: Any) -> str:
    from skyjo import record

    return json.dumps(
        {
            "app": 1,
            "setup": page.app.setup.to_json(),
            "record": record.to_json(game.record()),
            "log": [],
            "tiebreak_of": [],
        }
    )


def test_escape_closes_the_menu_and_gives_the_keyboard_back_to_its_button() -> None:
    page, _ = opened()
    click(page, "menu")
    assert page.menu_open
    effects = page.handle({"type": "key", "key": "Escape"})
    assert not page.menu_open
    (focus,) = effects.of("focus")
    assert focus[1]["wanted"] == "menu-toggle"


def test_a_language_switch_keeps_what_was_typed_in_the_form() -> None:
    page, _ = opened()
    fields = {"name-0": "Zoé", "kind-0": "human", "name-1": "Bot", "kind-1": "hard",
              "target": "100", "column_rule": "all", "double_on_tie": True}  # fmt: skip
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    effects = page.handle(
        {"type": "change", "id": "language", "value": "de", "forms": {SETUP_FORM: fields}}
    )
    assert ["lang", "de"] in effects.ops
    assert [s.name for s in page.app.setup.seats] == ["Zoé", "Bot"]
    assert "Zoé" in shown(effects, "app")


def test_what_the_reader_typed_before_python_started_becomes_the_setup() -> None:
    fields = {"name-0": "Mia", "kind-0": "human", "name-1": "Leo", "kind-1": "easy",
              "name-2": "Kim", "kind-2": "hard", "name-3": "Tom", "kind-3": "expert",
              "target": "50", "column_rule": "all", "double_on_tie": True}  # fmt: skip
    page, _ = opened(forms={SETUP_FORM: fields}, touched=True)
    assert [s.name for s in page.app.setup.seats] == ["Mia", "Leo", "Kim", "Tom"]
    assert page.app.setup.rules.target == 50


@pytest.mark.parametrize("key", ["ArrowLeft", "Enter", "x"])
def test_keys_python_does_not_handle_change_nothing(key: str) -> None:
    page, _ = opened()
    assert not page.handle({"type": "key", "key": key})


def test_opening_the_menu_on_the_setup_form_leaves_the_form_alone() -> None:
    # The form holds what the reader typed until an intent reads it: painting it
    # again for the menu would put the old names back over theirs.
    page, _ = opened()
    for _ in range(2):
        effects = click(page, "menu")
        assert [op[1] for op in effects.of("html")] == ["topbar-controls"]
    assert not page.menu_open


def test_a_changed_setup_form_is_still_painted() -> None:
    page, _ = opened()
    fields = {"name-0": "Zoé", "kind-0": "human", "name-1": "Bot", "kind-1": "hard",
              "target": "100", "column_rule": "all", "double_on_tie": True}  # fmt: skip
    effects = page.handle(
        {"type": "click", "intent": "seat-add", "data": {}, "forms": {SETUP_FORM: fields}}
    )
    painted = shown(effects, "app")
    assert 'id="name-2"' in painted and "Zoé" in painted


def submit(page: GamePage, **fields: Any) -> Effects:
    form = {"kind-0": "human", "kind-1": "hard", "target": "100", "column_rule": "all"}
    return page.handle({"type": "submit", "forms": {SETUP_FORM: form | fields}})


def test_names_that_cannot_start_a_game_stay_as_typed_beside_the_error() -> None:
    page, _ = opened()
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    painted = shown(submit(page, **{"name-0": "Zoé", "name-1": "Zoé"}), "app")
    assert page.app.screen is Screen.SETUP
    assert 'role="alert"' in painted
    assert painted.count('value="Zoé"') == 2


def test_a_target_that_is_not_one_stays_as_typed_with_the_names() -> None:
    page, _ = opened()
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    fields = {"name-0": "Zoé", "name-1": "Bob", "target": "custom", "custom_target": "1OO"}
    painted = shown(submit(page, **fields), "app")
    assert page.app.screen is Screen.SETUP and page.app.setup_error is not None
    assert 'value="Zoé"' in painted and 'value="Bob"' in painted
    assert 'value="1OO"' in painted
    assert re.search(
        r'<input[^>]*value="custom"[^>]*checked|<input[^>]*checked[^>]*value="custom"', painted
    )
    # Mended, the same form starts the game.
    submit(page, **(fields | {"custom_target": "100"}))
    assert page.app.screen is not Screen.SETUP
    assert page.app.typed_target is None


def test_a_seat_added_beside_a_bad_target_keeps_the_names_typed() -> None:
    page, _ = opened()
    page.app.setup = page.app.setup.__class__(page.app.setup.seats[:2], page.app.setup.rules)
    form = {"name-0": "Zoé", "kind-0": "human", "name-1": "Bob", "kind-1": "hard",
            "target": "custom", "custom_target": "-5", "column_rule": "all"}  # fmt: skip
    effects = page.handle(
        {"type": "click", "intent": "seat-add", "data": {}, "forms": {SETUP_FORM: form}}
    )
    painted = shown(effects, "app")
    assert 'value="Zoé"' in painted and 'value="Bob"' in painted and 'value="-5"' in painted
    assert 'id="name-2"' in painted


def test_a_form_with_hostile_fields_switches_language_and_keeps_the_last_setup() -> None:
    page, _ = opened()
    before = page.app.setup
    form = {"name-0": "Zoé", "kind-0": "human", "name-1": "Bob", "kind-1": "hard",
            "target": "custom", "custom_target": "x", "column_rule": "<script>"}  # fmt: skip
    effects = page.handle(
        {"type": "change", "id": "language", "value": "de", "forms": {SETUP_FORM: form}}
    )
    assert ["lang", "de"] in effects.ops
    assert effects.of("warn") == []
    assert page.app.setup.rules == before.rules


def test_a_game_started_another_way_forgets_a_bad_target_typed_before() -> None:
    page, _ = opened()
    submit(page, **{"name-0": "Zoé", "name-1": "Bob", "target": "custom", "custom_target": "x"})
    assert page.app.typed_target == "x"
    click(page, "quick")
    assert page.app.screen is not Screen.SETUP
    assert page.app.typed_target is None
