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
    # forgiven: its table, pre-painted by the build for that setting, heads with
    # the rule it now plays at once; "Weiterspielen" pressed before Python is ready
    # starts the page's one runtime and acts; the table says Jonas keeps 6.
    page.get_by_role("button", name="Gleichstand zählt einfach").click()
    frame = page.frame_locator("iframe[name='dispute-tie_doubles-de']")
    s = scenarios.get("tie_doubles")
    forgiven = s.variant_for("false").rules
    expect(frame.locator(".embed-header h1")).to_have_text(Texts("de").t(s.title_key(forgiven)))
    frame.locator("[data-intent='play']").click()
    outcome = Texts("de").t(s.outcome_key(forgiven))
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


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_switches_show_their_state_and_the_heading_follows(
    browser: Browser, site_url: str, lang: str
) -> None:
    # Intent (issue 13 item 15): a disputed point's switch says which setting is on
    # (aria-pressed, and visibly), the live table's heading names the rule it now
    # plays, and the text names its sources as a reader knows them, not "seed 001".
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + f"rules.html#disputes-{lang}")
        article = page.locator(f"article#{lang}")
        assert not re.search(r"(?i)\bseeds? \d", article.inner_text())
        switch = article.locator(".dispute[data-option='double_on_tie'] .switch")
        manual, forgiven = switch.get_by_role("button").nth(0), switch.get_by_role("button").nth(1)
        expect(manual).to_have_attribute("aria-pressed", "true")
        expect(forgiven).to_have_attribute("aria-pressed", "false")
        before = manual.evaluate("b => getComputedStyle(b).backgroundColor")
        forgiven.click(no_wait_after=True)  # the form loads the iframe: wait below
        expect(forgiven).to_have_attribute("aria-pressed", "true")
        expect(manual).to_have_attribute("aria-pressed", "false")
        assert forgiven.evaluate("b => getComputedStyle(b).backgroundColor") == before
        assert manual.evaluate("b => getComputedStyle(b).backgroundColor") != before
        frame = page.frame_locator(f"iframe[name='dispute-tie_doubles-{lang}']")
        s = scenarios.get("tie_doubles")
        heading = Texts(lang).t(s.title_key(s.variant_for("false").rules))
        # Pre-painted by the build for the switched setting: no Python needed.
        expect(frame.locator(".embed-header h1")).to_have_text(heading, timeout=BOOT_TIMEOUT_MS)
        assert visit.page_errors == []
    finally:
        context.close()
