"""The pre-painted first screens equal what the pages' Python paints (issue 12).

The build writes each page's first screen into its HTML (``site_pages``), one
template per language; in the browser, Python takes that DOM over without
painting it again when its own paint carries the same mark. These tests run the
pages' real PyScript glue on CPython against a stand-in browser
(``tests/fake_browser.py``) given exactly what the built page holds, and check
that the runtime's paint is the build's, byte for byte, so the two cannot drift.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path

import pytest

from sitebuild import pages as site_pages
from skyjo import prerender, scenarios
from skyjo.language import LANGUAGES
from tests import fake_browser

SITE = Path(__file__).resolve().parents[1] / "site"
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


def browser_with(parts: dict[str, tuple[str, str]], language: str) -> fake_browser.Document:
    """A document whose elements hold what the page's inline script copies in."""
    document = fake_browser.Document()
    for ident, (mark, html) in parts.items():
        element = document.getElementById(ident)
        element.innerHTML = html
        element.paints = 0
        element.setAttribute("data-painted", mark)
        element.setAttribute("data-early", "")
    return document


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_page_takes_over_the_built_setup_screen(language: str) -> None:
    parts = built_parts("index.html", language)
    assert set(parts) == {"topbar-controls", "app"}
    document = browser_with(parts, language)
    window = fake_browser.Window([language])
    with fake_browser.installed(document, window):
        page = fake_browser.page_module("skyjo.ui.dom").start()
        runtime = page.app
        # What Python would paint for this state is the build's HTML ...
        from skyjo.ui import paint

        assert paint.setup_screen(runtime) == parts["app"][1]
        assert paint.topbar(runtime) == parts["topbar-controls"][1]
    # ... so it took the DOM over without painting it again.
    assert document.getElementById("app").paints == 0
    assert document.getElementById("topbar-controls").paints == 0
    assert document.documentElement.lang == language


def test_game_page_paints_when_the_mark_does_not_match() -> None:
    # A stale pre-paint (say, from another build) is painted over, never trusted.
    parts = built_parts("index.html", "en")
    stale = {ident: ("00000000", html) for ident, (_, html) in parts.items()}
    document = browser_with(stale, "en")
    with fake_browser.installed(document, fake_browser.Window(["en"])):
        fake_browser.page_module("skyjo.ui.dom").start()
    assert document.getElementById("app").paints == 1
    assert document.getElementById("app").innerHTML == parts["app"][1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_score_pad_takes_over_the_built_form(language: str) -> None:
    parts = built_parts("scorepad.html", language)
    assert set(parts) == {"pad"}
    document = browser_with(parts, language)
    with fake_browser.installed(document, fake_browser.Window([language])):
        page = fake_browser.page_module("skyjo.scorepad.page").start()
        from skyjo.scorepad import render

        assert render.page(page.app) == parts["pad"][1]
    assert document.getElementById("pad").paints == 0


@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_embed_takes_over_the_built_scenario(name: str, language: str) -> None:
    previews = site_pages.embed_previews()
    built = json.loads(previews[prerender.embed_key(name, language)])
    document = fake_browser.Document()
    root = document.getElementById("embed")
    root.innerHTML = built["html"]
    root.paints = 0
    root.setAttribute("data-painted", built["painted"])
    window = fake_browser.Window(["en"], search=f"?scenario={name}&lang={language}")
    with fake_browser.installed(document, window):
        page = fake_browser.page_module("skyjo.embed.embed_page").start()
        assert page._problems() + page._reel_html() == built["html"]
    assert root.paints == 0
    assert document.documentElement.lang == language


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
    document = fake_browser.Document()
    root = document.getElementById("embed")
    root.innerHTML = built["html"]
    root.paints = 0
    root.setAttribute("data-painted", built["painted"])
    search = f"?scenario={name}&lang={language}&{option}={value}"
    window = fake_browser.Window(["en"], search=search)
    with fake_browser.installed(document, window):
        page = fake_browser.page_module("skyjo.embed.embed_page").start()
        assert page._problems() + page._reel_html() == built["html"]
        heading = page.t.t(scenarios.get(name).title_key(page.config.rules))
    assert root.paints == 0
    assert f"<h1>{escape(heading)}</h1>" in built["html"]


def test_the_built_page_copies_the_readers_template() -> None:
    # The inline script picks the template by the language boot-lang.js chose, and
    # skips it when a saved game will open instead.
    text = site_pages.stamp_page(
        (SITE / "index.html").read_text(encoding="utf-8"), name="index.html", preloads=""
    )
    for language in LANGUAGES:
        assert f'<template id="prerender-{language}">' in text
    assert 'skyjoBoot.prerender("skyjo.game")' in text
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
