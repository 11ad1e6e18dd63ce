"""The pre-painted first screens equal what the pages' Python paints (issue 12).

The build writes each page's first screen into its HTML (``site_pages``), one
template per language; in the browser, the main thread (``site/page.mjs``) leaves
that DOM as it is when Python's first paint carries the same mark. These tests
open the pages' controllers on CPython, as their Web Worker does, and check that
their first paint is the build's, mark and HTML byte for byte, so the two cannot
drift.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path

import pytest

from sitebuild import pages as site_pages
from skyjo import scenarios
from skyjo.i18n.language import LANGUAGES
from skyjo.web import prerender

SITE = Path(__file__).resolve().parents[2] / "site"
PART = re.compile(r'<div data-into="(?P<into>[\w-]+)" data-painted="(?P<mark>\w+)">')


def built_parts(page: str, language: str) -> dict[str, tuple[str, str]]:
    """From the stamped page: the template of ``language``, as {element id: (mark, html)}."""
    text = site_pages.stamp_page((SITE / page).read_text(encoding="utf-8"), name=page, preloads="")
    start = text.index(f'<template id="prerender-{language}">') + len(
        f'<template id="prerender-{language}">'
    )
    template = text[start : text.index("</template>", start)]
    parts: dict[str, tuple[str, str]] = {}
    matches = list(PART.finditer(template))
    assert matches, f"no pre-painted parts in {page} for {language}"
    for match, following in zip(matches, [*matches[1:], None], strict=True):
        end = following.start() if following else len(template)
        html = template[match.end() : end].removesuffix("</div>")
        parts[match["into"]] = (match["mark"], html)
    return parts


def game_page_first_paint(language: str) -> dict[str, tuple[str | None, str]]:
    """The game page's first paint as its worker sends it: {id: (mark, html)}."""
    from skyjo.web.device import MemoryStorage
    from skyjo.web.ui.page import GamePage

    _, effects = GamePage.open(MemoryStorage(), lambda _: None, languages=[language])
    return {op[1]: (op[3], op[2]) for op in effects.of("html")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_page_takes_over_the_built_setup_screen(language: str) -> None:
    # The main thread (site/page.mjs) leaves an element alone when Python's paint
    # carries the mark the build wrote on it; so Python's first paint must be the
    # build's, mark and HTML, for every pre-painted element.
    parts = built_parts("index.html", language)
    assert set(parts) == {"topbar-controls", "app"}
    painted = game_page_first_paint(language)
    for ident, (mark, html) in parts.items():
        assert painted[ident] == (mark, html), ident


def test_a_stale_mark_never_matches_the_game_pages_paint() -> None:
    # A pre-paint from another build is painted over: its mark is not Python's.
    parts = built_parts("index.html", "en")
    painted = game_page_first_paint("en")
    assert painted["app"][0] != "00000000" and painted["app"][0] == parts["app"][0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_score_pad_takes_over_the_built_form(language: str) -> None:
    from skyjo.web.device import MemoryStorage
    from skyjo.web.scorepad.page import PadPage

    parts = built_parts("scorepad.html", language)
    assert set(parts) == {"pad"}
    _, effects = PadPage.open(MemoryStorage(), languages=[language])
    painted = {op[1]: (op[3], op[2]) for op in effects.of("html")}
    assert painted["pad"] == parts["pad"]


def embed_first_paint(search: str) -> tuple[str | None, str]:
    """An embed's first paint of ``#embed`` as its worker sends it: (mark, html)."""
    from skyjo.web.embed.embed_page import EmbedPage

    _, effects = EmbedPage.open(search, "", lambda _: None, lambda work: work.close())
    (write,) = [op for op in effects.of("html") if op[1] == "embed"]
    return write[3], write[2]


@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_embed_takes_over_the_built_scenario(name: str, language: str) -> None:
    previews = site_pages.embed_previews()
    built = json.loads(previews[prerender.embed_key(name, language)])
    assert embed_first_paint(f"?scenario={name}&lang={language}") == (
        built["painted"],
        built["html"],
    )


SWITCHED = [
    (name, switched)
    for name in sorted(scenarios.SCENARIOS)
    for switched in prerender.switches(name)
]


@pytest.mark.parametrize(("name", "switched"), SWITCHED)
@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_a_switched_scenario_is_built_too_and_taken_over(
    name: str, switched: tuple[str, str], language: str
) -> None:
    # The rules page's switches load embed.html?scenario=...&OPTION=VALUE: that
    # table opens at once too, with the heading of the rule it now plays.
    option, value = switched
    built = json.loads(site_pages.embed_previews()[prerender.embed_key(name, language, switched)])
    search = f"?scenario={name}&lang={language}&{option}={value}"
    assert embed_first_paint(search) == (built["painted"], built["html"])
    from skyjo.web.embed.params import parse
    from skyjo.web.embed.texts import Texts

    heading = Texts(language).t(scenarios.get(name).title_key(parse(search).rules))
    assert f"<h1>{escape(heading)}</h1>" in built["html"]


def test_the_built_page_copies_the_readers_template() -> None:
    # The inline script picks the template by the language boot-lang.js chose, and
    # skips it when a saved game will open instead: a save of before in
    # localStorage, or the mark that the device's database holds one.
    text = site_pages.stamp_page(
        (SITE / "index.html").read_text(encoding="utf-8"), name="index.html", preloads=""
    )
    for language in LANGUAGES:
        assert f'<template id="prerender-{language}">' in text
    # After each template, the line that paints it if it is the reader's; the last
    # one falls back to English.
    calls = re.findall(r"</template>\n<script>(skyjoBoot\.prerender\([^)]*\));</script>", text)
    keys = '["skyjo.game", "skyjo.game-kept"]'
    assert calls == [f"skyjoBoot.prerender({keys})"] * (len(LANGUAGES) - 1) + [
        f"skyjoBoot.prerender({keys}, true)"
    ]
    assert unescape("Start game") in text


def test_every_page_comes_from_the_one_skeleton() -> None:
    # One skeleton: each page carries its start-up guard, language script and (but
    # for embeds) the site menu; none keeps a <head> of its own in the source.
    for path in sorted(SITE.glob("*.html")):
        if path.name.startswith("_"):
            continue
        source = path.read_text(encoding="utf-8")
        assert "<!doctype" not in source.lower(), path.name
        page = site_pages.stamp_page(source, name=path.name, preloads="")
        assert page.count("\n<head>\n") == 1 and 'src="boot.js"' in page, path.name
        assert "window.skyjoBoot" in page, path.name
        has_menu = 'class="site-menu"' in page
        assert has_menu == (path.name not in ("embed.html", "embed-demo.html")), path.name
