"""One language choice for the whole site (issue 20 item 13), on CPython: the game
page, the score pad and the replay viewer read the same saved choice (the score
pad's own key of before still counts, after it), every page's first script is told
the same keys by the build, and the words of the pages around what Python paints
(menu, tagline, footers) are start-up texts that follow the page's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from sitebuild import pages
from skyjo.i18n.language import (
    OLDER_LANGUAGE_KEYS,
    SAVED_LANGUAGE_KEY,
    SAVED_LANGUAGE_KEYS,
    saved_language,
)
from skyjo.web import boot_texts
from skyjo.web.device import MemoryStorage
from skyjo.web.scorepad.app import PadApp
from skyjo.web.ui.app import App

SITE = Path(__file__).resolve().parents[2] / "site"
OLD_PAD_KEY = "skyjo-scorepad-language"


def test_the_site_choice_comes_first_then_the_score_pads_own() -> None:
    assert SAVED_LANGUAGE_KEYS == (SAVED_LANGUAGE_KEY, OLD_PAD_KEY)
    assert OLD_PAD_KEY in OLDER_LANGUAGE_KEYS
    nothing: dict[str, str] = {}
    assert saved_language(nothing.get) is None
    assert saved_language({OLD_PAD_KEY: "nl"}.get) == "nl"
    assert saved_language({OLD_PAD_KEY: "nl", SAVED_LANGUAGE_KEY: "fr"}.get) == "fr"
    # Something else saved there (an old or broken value) is no choice.
    assert saved_language({SAVED_LANGUAGE_KEY: "tlh", OLD_PAD_KEY: "de"}.get) == "de"
    assert saved_language({SAVED_LANGUAGE_KEY: "tlh"}.get) is None


def pad(store: MemoryStorage, browser: str = "en") -> PadApp:
    return PadApp.load(store, lambda: datetime(2026, 1, 1, tzinfo=UTC), language=browser)


def test_the_score_pad_follows_the_game_pages_choice_and_writes_the_sites() -> None:
    store = MemoryStorage()
    game = App(store, language="en")
    game.set_language("it")
    assert pad(store).language == "it"
    chosen = pad(store)
    chosen.edit("language", "es")
    assert store.get(SAVED_LANGUAGE_KEY) == "es"
    assert App(store, language="en").language == "es"


def test_a_choice_made_on_the_score_pad_before_is_kept_everywhere() -> None:
    store = MemoryStorage()
    store.set(OLD_PAD_KEY, "de")
    assert pad(store, browser="fr").language == "de"
    assert App(store, language="fr").language == "de"  # the game page too


def test_the_build_tells_every_page_the_same_keys() -> None:
    assert pages.language_sources("saved navigator") == (
        f"storage:{SAVED_LANGUAGE_KEY} storage:{OLD_PAD_KEY} navigator"
    )
    assert pages.language_sources("query:lang saved navigator").startswith("query:lang storage:")
    assert pages.language_sources("hash") == "hash"
    expected = {
        "index.html": "saved navigator",
        "scorepad.html": "saved navigator",
        "replay.html": "query:lang saved navigator",
        "rules.html": "hash saved navigator",
        "embed.html": "query:lang",  # an embed speaks its host's parameter
        "check.html": "none",  # a developer's page, in English only
        "embed-demo.html": "none",
    }
    for name, sources in expected.items():
        text = (SITE / name).read_text(encoding="utf-8")
        stamped = pages.stamp_page(text, name=name, preloads="")
        found = re.search(r'data-lang-from="([^"]*)"', stamped)
        assert found is not None and found[1] == pages.language_sources(sources), name


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("index.html", {"tagline", "footer.engine", "footer.check"}),
        ("rules.html", {"menu.replay"}),
    ],
)
def test_the_words_around_python_are_start_up_texts(name: str, keys: set[str]) -> None:
    # The tagline and the footers are filled in the page's language by the page's
    # first script, and again whenever <html lang> changes: never English only.
    stamped = pages.stamp_page((SITE / name).read_text(encoding="utf-8"), name=name, preloads="")
    assert keys <= set(re.findall(r'data-boot-text="([^"]+)"', stamped))
    table = boot_texts.table()
    assert all(key in table[language] for key in keys for language in table)
