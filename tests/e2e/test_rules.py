"""rules.html in a real browser (issue 6): the language in the fragment picks the
article (and only its live tables start), a disputed point's switch reloads its
table under the other rule and the outcome follows, and printing gives the cheat
sheet on one A4 page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from skyjo import scenarios
from skyjo.embed.texts import Texts

from .conftest import BOOT_TIMEOUT_MS, open_page

pytestmark = pytest.mark.e2e


def test_language_switch_dispute_switch_and_cheat_sheet(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 700})
    visit = open_page(context, site_url)
    page = visit.page
    # Intent: #disputes-de opens the German article at its disputed points; the
    # other languages stay hidden and their live tables never start.
    page.goto(site_url + "rules.html#disputes-de")
    expect(page.locator("article#de h1")).to_have_text("Skyjo: die Regeln")
    expect(page.locator("article#en")).to_be_hidden()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("article#en iframe[src]").count() == 0
    assert page.locator("article#de iframe[src]").count() == 10

    # Intent: "Gleichstand zählt einfach" reloads the tie scenario with ties
    # forgiven; played on, the table says Jonas keeps 6.
    # The switched rule cannot be pre-painted, so the table shows a preview with
    # "Spielen" (Play); pressing it starts the page's one runtime.
    page.get_by_role("button", name="Gleichstand zählt einfach").click()
    frame = page.frame_locator("iframe[name='dispute-tie_doubles-de']")
    frame.get_by_role("button", name="Spielen").click()
    expect(frame.locator("html[data-ready='true'] [data-intent='play']")).to_be_visible(
        timeout=BOOT_TIMEOUT_MS
    )
    play = frame.locator("[data-intent='play']")
    play.click()
    s = scenarios.get("tie_doubles")
    outcome = Texts("de").t(s.outcome_key(s.variant_for("false").rules))
    expect(frame.locator(".outcome")).to_have_text(outcome, timeout=BOOT_TIMEOUT_MS)

    # Intent: the printout is the cheat sheet only, with the card distribution, on one A4 page.
    page.emulate_media(media="print")
    expect(page.locator("article#de .cheatsheet")).to_be_visible()
    expect(page.locator("article#de .disputes")).to_be_hidden()
    expect(page.locator("article#de .dist")).to_contain_text("15")
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1
    assert visit.off_origin == [] and visit.page_errors == []
    context.close()
