"""Every language in a real browser (issue 14): a browser set to French (or any of
the six) gets the game in French, plays a turn, reaches a round end where the
person at the device is doubled, and reads the explanation in a sentence written
by hand for that language; the score pad and the rules page's cheat sheet follow
the browser's language too. Each screen is kept as a screenshot per language
(test-results/screenshots/, a CI artifact)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from skyjo import scoring
from skyjo.web.boot_texts import MENU, boot_text
from skyjo.web.device import MemoryStorage
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.i18n import DEFAULT_NAMES, Translator
from skyjo.web.ui.setup import Seat, Setup

from .a11y import settle
from .conftest import answered, open_page, wait_until_started
from .test_game import (
    PHONE,
    SCREENSHOTS,
    TURN_TIMEOUT_MS,
    import_record,
    no_overflow,
    serious_violations,
)
from .test_game_page import no_serious_findings

pytestmark = pytest.mark.e2e

#: The doubling sentence at the end of round 1 of :func:`doubled_round` in each
#: language, written by hand (you ended with 33, the third seat has 23: doubled to 66).
EXPLANATIONS = {
    "en": "You ended the round with 33, but Sam has 23, so your 33 counts double: 66.",
    "de": "Du hast die Runde mit 33 beendet, aber Ben hat 23, also zählen deine 33 doppelt: 66.",
    "nl": "Je maakte de ronde uit met 33, maar Sanne heeft 23, dus jouw 33 telt dubbel: 66.",
    "fr": "Tu as terminé la manche avec 33, mais Hugo a 23, donc tes 33 comptent double\u00a0: 66.",
    "es": "Has terminado la ronda con 33, pero Hugo tiene 23, así que tus 33 cuentan doble: 66.",
    "it": "Hai chiuso la manche con 33, ma Marco ha 23, quindi i tuoi 33 contano doppio: 66.",
}

#: How the held card's label starts when the person at the device holds it.
YOU_HOLD = {
    "en": "You hold a",
    "de": "Du hältst eine",
    "nl": "Je hebt een",
    "fr": "Tu as un",
    "es": "Tienes un",
    "it": "Hai in mano un",
}


def doubled_round(language: str) -> str:
    """A record paused at the end of round 1 in which the person at the device (the
    language's default first seat, against two easy bots) ended the round and was
    undercut. Made on CPython by the app itself: the person turns face-down cards
    first, so they finish early; the cards and bots' moves do not depend on names."""
    names = DEFAULT_NAMES[language]
    app = App(MemoryStorage(), seed=3)
    seats = (Seat(names[0]), Seat(names[1], "easy"), Seat(names[2], "easy"))
    app.start(Setup(seats, speed="instant"))
    rng = random.Random(3)
    while app.screen is not Screen.ROUND_END:
        if app.bot_step():
            continue
        seat = app.human_to_act()
        assert seat is not None and app.game is not None
        targets = app.targets(seat)
        grid = app.game.state.grids[seat]
        if targets:
            down = sorted(p for p in targets if not grid.face_up[p])
            app.click_card(seat, rng.choice(down or sorted(targets)))
        else:
            app.draw()
    assert app.game is not None
    result = app.game.state.results[-1]
    verdict = scoring.judge_finisher(result.raw, result.finisher, app.game.state.rules)
    assert (result.finisher, verdict.reason) == (0, scoring.DoublingReason.UNDERCUT)
    return app.export_record()


def shoot(page: Page, screen: str, language: str) -> None:
    settle(page)
    size = page.viewport_size or {"width": 0, "height": 0}
    name = f"{screen}-{language}-{size['width']}x{size['height']}.png"
    page.screenshot(path=SCREENSHOTS / name, full_page=True, timeout=90_000)


def blank_embeds(route: Route) -> None:
    """The rules page's live tables are not what this test looks at: empty frames
    keep ten Python start-ups off a shared machine."""
    route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>-</title>")


@pytest.mark.parametrize("language", list(EXPLANATIONS))
def test_a_browser_in_each_language(
    browser: Browser, site_url: str, tmp_path: Path, language: str
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=language)
    try:
        visit = open_page(context, site_url)
        page = visit.page
        t = Translator(language)
        # Intent: with nothing saved, the browser's language is the page's language.
        page.goto(site_url + "?seed=3")
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#setup-title")).to_have_text(t.t("setup.heading"))
        shoot(page, "setup", language)

        # Intent: one turn of the quick game; the held card speaks to "you".
        page.get_by_role("button", name=t.t("setup.quick")).click()
        answered(page)
        for _ in range(2):  # the two opening flips, each once the last was answered
            page.locator("#app .card.target").first.click()
            answered(page)
        expect(page.locator("#draw-pile.target")).to_be_visible(timeout=TURN_TIMEOUT_MS)
        page.locator("#draw-pile").click()
        answered(page)
        held = page.locator("#held-card")
        expect(held).to_have_attribute("aria-label", re.compile("^" + YOU_HOLD[language]))
        shoot(page, "table", language)
        page.locator("#app .card.target[data-action='swap']").first.click()
        expect(held).to_have_count(0)

        # Intent: a round where you ended and were undercut is explained by hand.
        import_record(page, doubled_round(language), tmp_path)
        # A game is in progress: the page asks, in this language, before replacing it.
        dialog = page.get_by_role("alertdialog", name=t.t("confirm.import.heading"))
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name=t.t("button.open_import")).click()
        expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
        expect(page.locator(".reason")).to_have_text(EXPLANATIONS[language])
        shoot(page, "round-end", language)
        assert serious_violations(page) == []
        page.set_viewport_size(PHONE)
        shoot(page, "round-end", language)
        page.set_viewport_size({"width": 1280, "height": 800})
        assert visit.page_errors == [] and visit.off_origin == []

        # Intent: the score pad follows the browser's language too.
        page.goto(site_url + "scorepad.html")
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", language)
        shoot(page, "scorepad", language)

        # Intent: the rules page opens the browser's language, and prints its cheat sheet.
        context.route("**/embed.html*", blank_embeds)
        page.goto(site_url + "rules.html")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator(f"article#{language} h1")).to_be_visible()
        assert serious_violations(page) == []
        page.set_viewport_size(PHONE)  # six language links still fit a phone
        no_overflow(page, f"rules.html#{language}")
        assert serious_violations(page) == [], f"rules.html#{language} at 360 px"
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(media="print")
        expect(page.locator(f"article#{language} .cheatsheet")).to_be_visible()
        shoot(page, "cheatsheet", language)
        pdf = page.pdf(format="A4")  # the printout: the cheat sheet on one A4 page
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, language
        assert visit.page_errors == [] and visit.off_origin == []
    finally:
        context.close()


def test_the_switcher_renames_the_untouched_default_seats(browser: Browser, site_url: str) -> None:
    # Intent: "You" becomes "Du" when the page switches to German, a name the
    # person typed stays, and the choice outlives a reload (switcher, then saved).
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url)
        wait_until_started(page)
        expect(page.locator("#name-0")).to_have_value("You")
        page.fill("#name-1", "Grete")
        page.get_by_role("button", name="Start game").click()
        page.get_by_role("button", name="New game").click()
        # A game is in progress: the page asks before leaving it.
        page.get_by_role("button", name="Leave it and start a new game").click()
        page.select_option("#language", "de")
        expect(page.locator("#name-0")).to_have_value("Du")
        expect(page.locator("#name-1")).to_have_value("Grete")
        page.reload()
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#name-0")).to_have_value("Du")
        assert visit.page_errors == [] and visit.off_origin == []
    finally:
        context.close()


# --- one language for the whole site (issue 20 item 13) -----------------------------------


#: The site menu's names, in its order, in one language.
def menu_names(language: str) -> list[str]:
    return [boot_text(language, key) for key, _ in MENU]


def site_menu_reads(page: Page, language: str, *, current: str) -> None:
    """The site menu's bar names every page in ``language``, the one open marked."""
    links = page.locator(".site-menu a")
    expect(links).to_have_text(menu_names(language))
    expect(page.locator(".site-menu a[aria-current='page']")).to_have_text(
        boot_text(language, current)
    )
    expect(page.locator(".site-menu")).to_have_attribute(
        "aria-label", boot_text(language, "menu.label")
    )


def test_one_language_for_the_whole_site(browser: Browser, site_url: str) -> None:
    # Intent: the language chosen on the game page is the score pad's, and the one
    # chosen on the score pad is the game page's; on every page the site menu and the
    # footers speak the page's language, and on the game page they follow a switch
    # at once; the rules page and the replay viewer take the same choice.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url)
        wait_until_started(page)
        site_menu_reads(page, "en", current="menu.game")
        page.select_option("#language", "de")
        site_menu_reads(page, "de", current="menu.game")
        expect(page.locator(".tagline")).to_have_text(boot_text("de", "tagline"))
        expect(page.locator(".footer")).to_contain_text(boot_text("de", "footer.engine") + " 0.")
        expect(page.locator(".footer-link")).to_have_text(boot_text("de", "footer.check"))
        no_serious_findings(page, "the game page switched to German")

        page.goto(site_url + "scorepad.html")
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#pad-language")).to_have_value("de")
        site_menu_reads(page, "de", current="menu.scorepad")
        page.locator("#pad-language").select_option("fr")
        site_menu_reads(page, "fr", current="menu.scorepad")
        no_serious_findings(page, "the score pad in French")

        page.goto(site_url)
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("#language")).to_have_value("fr")
        site_menu_reads(page, "fr", current="menu.game")
        expect(page.locator(".footer-link")).to_have_text(boot_text("fr", "footer.check"))

        page.goto(site_url + "rules.html")
        expect(page.locator("article#fr")).to_be_visible()
        site_menu_reads(page, "fr", current="menu.rules")
        expect(page.locator(".rules-footer")).to_contain_text(boot_text("fr", "menu.replay"))
        no_serious_findings(page, "the rules in French")
        page.goto(site_url + "rules.html#disputes-de")  # the article shown speaks
        expect(page.locator("article#de")).to_be_visible()
        site_menu_reads(page, "de", current="menu.rules")
        expect(page.locator(".rules-footer")).to_contain_text(boot_text("de", "menu.replay"))

        page.goto(site_url + "replay.html")
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        site_menu_reads(page, "fr", current="menu.replay")
        no_serious_findings(page, "the replay viewer in French")
        assert visit.page_errors == [] and visit.off_origin == []
    finally:
        context.close()


def test_a_language_chosen_on_the_score_pad_before_is_kept(browser: Browser, site_url: str) -> None:
    # Intent: a reader who chose Dutch on the score pad when it kept its own choice
    # still gets Dutch there, and now on the game page too (on a phone: the score
    # pad's folded menu, the game's own menu with the site's pages).
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script(
        "if (!localStorage.getItem('skyjo-scorepad-language'))"
        " localStorage.setItem('skyjo-scorepad-language', 'nl')"
    )
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + "scorepad.html")
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "nl")
        toggle = page.locator(".site-menu .menu-toggle")
        expect(toggle).to_have_text(boot_text("nl", "menu"))
        toggle.click()
        site_menu_reads(page, "nl", current="menu.scorepad")
        no_serious_findings(page, "the score pad in Dutch, its menu open")
        page.goto(site_url)
        wait_until_started(page)
        expect(page.locator("html")).to_have_attribute("lang", "nl")
        page.locator("#menu-toggle").click()
        expect(page.locator("#game-menu .site-links a")).to_have_text(menu_names("nl"))
        no_serious_findings(page, "the game page in Dutch, its menu open")
        assert visit.page_errors == [] and visit.off_origin == []
    finally:
        context.close()


#: A breakable space (or none, after a letter) before a French mark, or after «.
FRENCH_BREAK = re.compile(r"(?:[ \t\n]|(?<=[^\W\d_]))[:;?!»]|«[ \t\n\w]")


def test_french_never_breaks_before_a_colon(browser: Browser, site_url: str) -> None:
    # Intent (issue 36 item 10): what a French reader sees on the game page, the
    # score pad and the rules page (its menu and start-up texts too) has a no-break
    # space before ": ; ? !" and inside « », so no line of a phone starts with ":".
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="fr")
    try:
        visit = open_page(context, site_url)
        page = visit.page
        context.route("**/embed.html*", blank_embeds)
        spaced = 0
        for address in ("", "scorepad.html", "rules.html"):
            page.goto(site_url + address)
            if address != "rules.html":
                wait_until_started(page)
            expect(page.locator("html")).to_have_attribute("lang", "fr")
            text = page.locator("body").inner_text()
            spaced += len(re.findall(r"[\u00a0\u202f][:;?!]", text))
            found = [text[max(m.start() - 30, 0) : m.end()] for m in FRENCH_BREAK.finditer(text)]
            assert found == [], address
        assert spaced > 20
        shoot(page, "rules-phone", "fr")
        assert visit.page_errors == [] and visit.off_origin == []
    finally:
        context.close()
