"""rules.html in a real browser (issue 6): the language in the fragment picks the
article (and only its live tables start), a disputed point's switch reloads its
table under the other rule and the outcome follows, and printing gives the cheat
sheet on one A4 page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Frame, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from skyjo import scenarios
from skyjo.i18n.catalogue import messages
from skyjo.web.boot_texts import boot_text
from skyjo.web.embed.texts import Texts

from . import a11y
from .conftest import BOOT_TIMEOUT_MS, open_page
from .test_game import DESKTOP, PHONE, TURN_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def test_language_switch_dispute_switch_and_cheat_sheet(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 700})
    visit = open_page(context, site_url)
    page = visit.page
    # Intent: #disputes-de opens the German article at its disputed points; the
    # other languages stay hidden and make no frame at all; the German tables in
    # view (the disputed points') are made.
    page.goto(site_url + "rules.html#disputes-de")
    expect(page.locator("article#de h1")).to_have_text("Skyjo: die Regeln")
    expect(page.locator("article#en")).to_be_hidden()
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator("article#de iframe[name='dispute-tie_doubles-de']")).to_be_attached()
    assert page.locator("article:not(#de) iframe").count() == 0

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


#: Whether the frame's document fits its frame: nothing of the table cut off below.
FITS = "() => document.documentElement.scrollHeight <= window.innerHeight"
#: The frame's content and its room, for the failure message.
HEIGHTS = "() => [document.documentElement.scrollHeight, window.innerHeight]"


def shows_whole_table(frame: Frame, where: str) -> None:
    """Wait (briefly: a size message is a few frames away) until the frame shows all
    of its document; fail naming the table, the state and the heights."""
    try:
        frame.wait_for_function(FITS, timeout=5_000)
    except PlaywrightTimeoutError:
        content, room = frame.evaluate(HEIGHTS)
        pytest.fail(f"{where}: {content} px of table in a {room} px frame", pytrace=False)


def play_the_reel(frame: Frame, t: Texts, where: str) -> None:
    """Each control of a scenario's table: Next move, Start again, Play on."""
    counter = frame.locator(".counter")
    before = counter.inner_text()
    frame.get_by_role("button", name=t.t("embed.next")).click()
    expect(counter).not_to_have_text(before, timeout=BOOT_TIMEOUT_MS)
    shows_whole_table(frame, f"{where}, after {t.t('embed.next')!r}")
    frame.get_by_role("button", name=t.t("embed.restart")).click()
    expect(counter).to_have_text(before)
    shows_whole_table(frame, f"{where}, after {t.t('embed.restart')!r}")
    frame.get_by_role("button", name=t.t("embed.play")).click()
    expect(frame.locator("#embed[data-done='true'] .outcome")).to_be_visible()
    shows_whole_table(frame, f"{where}, after {t.t('embed.play')!r}")


def play_the_game(frame: Frame, t: Texts, where: str) -> None:
    """A game against a bot: Play, the two opening flips, a draw and its placement."""
    frame.get_by_role("button", name=boot_text(t.language, "play")).click()
    expect(frame.locator("#embed .board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    shows_whole_table(frame, f"{where}, after Play")
    for _ in range(2):
        targets = frame.locator(".own-seat .card.target")
        count = targets.count()
        targets.first.click()
        expect(frame.locator(".own-seat .card.target")).not_to_have_count(count)
        shows_whole_table(frame, f"{where}, after an opening flip")
    draw = frame.locator("button#draw-pile")
    expect(draw).to_be_visible(timeout=TURN_TIMEOUT_MS)  # once the bot has flipped and moved
    draw.click()
    expect(frame.locator("#held-card")).to_be_visible()
    shows_whole_table(frame, f"{where}, after drawing")
    frame.locator(".own-seat .card.target").first.click()
    expect(frame.locator("#held-card")).to_have_count(0)
    shows_whole_table(frame, f"{where}, after placing the card")


def watch_the_bots(frame: Frame, where: str) -> None:
    """A bots-only demo: Play, then the bots' opening flips."""
    frame.get_by_role("button", name=boot_text(frame_language(frame), "play")).click()
    expect(frame.locator("#embed .board")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    shows_whole_table(frame, f"{where}, after Play")
    # Two bots flip two cards each; they may already be playing on when looked at.
    expect(frame.locator("#embed .card.up").nth(3)).to_be_attached(timeout=TURN_TIMEOUT_MS)
    shows_whole_table(frame, f"{where}, after the bots' opening flips")


def frame_language(frame: Frame) -> str:
    return str(frame.evaluate("document.documentElement.lang"))


@pytest.mark.parametrize(
    ("size", "lang"), [(DESKTOP, "en"), (PHONE, "fr")], ids=["1280x800-en", "360x640-fr"]
)
def test_every_live_table_shows_its_whole_table_after_each_control(
    browser: Browser, site_url: str, size: ViewportSize, lang: str
) -> None:
    # Intent (issue 20 item 10): a live table's frame follows its table as it grows
    # and shrinks: after every control of every table (its first screen, Play, each
    # move, each disputed point's switch) the whole table is in view, nothing is cut
    # off at the frame's bottom. The page drives all tables with its one runtime,
    # whose size messages come from the page's own window, not the table's frame.
    context = browser.new_context(viewport=size)
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + f"rules.html#{lang}")
        t = Texts(lang)
        sides = page.locator(f"article#{lang} figure.side")
        expect(sides).to_have_count(10)
        for i in range(10):
            sides.nth(i).scroll_into_view_if_needed()  # a table's frame is made near the view
            element = sides.nth(i).locator("iframe.live")
            expect(element).to_be_attached()
            frame = element.element_handle().content_frame()
            assert frame is not None
            src = str(element.get_attribute("src"))
            where = f"table {i + 1} ({src})"
            frame.wait_for_selector("#embed:not(:empty), #embed-preview:not([hidden])")
            shows_whole_table(frame, f"{where}, first screen")
            if "scenario=" in src:
                play_the_reel(frame, t, where)
            elif "autoplay=" in src:
                watch_the_bots(frame, where)
            else:
                play_the_game(frame, t, where)
        # Each disputed point's other settings: the switch reloads the table.
        for switch in page.locator(f"article#{lang} .switch").all():
            name = str(switch.get_attribute("target"))
            frame = page.frame(name=name)
            assert frame is not None
            for button in switch.get_by_role("button").all():
                if button.get_attribute("aria-pressed") == "true":
                    continue
                with page.expect_event("framenavigated", lambda f, n=name: f.name == n):
                    button.click(no_wait_after=True)
                frame.wait_for_selector("#embed:not(:empty)")
                where = f"{name}, switched to {button.inner_text()!r}"
                shows_whole_table(frame, f"{where}, first screen")
                play_the_reel(frame, t, where)
        assert a11y.problems(page) == []
        assert visit.page_errors == []
    finally:
        context.close()


def test_tables_are_made_as_they_come_near_the_view(browser: Browser, site_url: str) -> None:
    # Intent (issue 21): a phone opening the rules page makes only the frames of the
    # tables within a screen of the view (every frame costs the main thread a
    # document, even before it loads), the rest as the reader scrolls; a disputed
    # point's switch pressed before its table's frame was made still plays its
    # table in place, not in a new tab.
    context = browser.new_context(viewport=PHONE)
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + "rules.html#it")
        sides = page.locator("article#it figure.side")
        expect(sides).to_have_count(10)
        frames = page.locator("article#it iframe.live")
        page.wait_for_timeout(500)  # what the page makes untouched, it makes at once
        made = frames.count()
        assert 0 < made < 10, f"{made} frames made at 360x640 before any scroll"
        assert page.locator("article:not(#it) iframe").count() == 0

        # The last disputed point's switch, pressed without scrolling to it (as a
        # keyboard or assistive technology can), before its frame exists.
        target = "dispute-target-it"
        assert page.locator(f"iframe[name='{target}']").count() == 0
        switch = page.locator(f"article#it form.switch[target='{target}']")
        other = switch.get_by_role("button").nth(1)
        other.evaluate("button => button.click()")
        table = page.frame_locator(f"iframe[name='{target}']")
        s = scenarios.get("target")
        heading = Texts("it").t(s.title_key(s.variant_for(str(other.get_attribute("value"))).rules))
        expect(table.locator(".embed-header h1")).to_have_text(heading, timeout=BOOT_TIMEOUT_MS)
        assert len(context.pages) == 1, "the switch opened its table in a new tab"

        # Scrolled to the end, every table has its frame.
        for i in range(10):
            sides.nth(i).scroll_into_view_if_needed()
        expect(frames).to_have_count(10)
        assert a11y.problems(page) == []
        assert visit.page_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_keeping_negative_columns_plays_a_column_of_minus_ones(
    browser: Browser, site_url: str, lang: str
) -> None:
    # Intent (issue 36 item 15): "Keep negative columns" shows what it changes: its
    # table plays a column of −1s, which stays (it replayed the three 7s, which
    # leave under that rule too: nothing changed); the other two play the 7s.
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + f"rules.html#disputes-{lang}")
        t = Texts(lang)
        article = page.locator(f"article#{lang}")
        switch = article.locator(".dispute[data-option='column_rule'] .switch")
        frame = page.frame_locator(f"iframe[name='dispute-column-{lang}']")
        heading = frame.locator(".embed-header h1")
        # A reader taps the switch beside a table they see (its pre-painted opening);
        # a tap while the table still loads is the test below.
        column = scenarios.get("column")
        expect(heading).to_have_text(t.t(column.title_key(column.rules)), timeout=BOOT_TIMEOUT_MS)
        switch.get_by_role("button", name=t_rules(lang, "column_rule.keep_negative")).click(
            no_wait_after=True
        )
        s = scenarios.get("keep_negative")
        expect(heading).to_have_text(t.t(s.title_key(s.rules)), timeout=BOOT_TIMEOUT_MS)
        frame.get_by_role("button", name=t.t("embed.play")).click()
        outcome = frame.locator("#embed[data-done='true'] .outcome")
        expect(outcome).to_have_text(t.t(s.outcome_key(s.rules)), timeout=BOOT_TIMEOUT_MS)
        switch.get_by_role("button", name=t_rules(lang, "column_rule.off")).click(
            no_wait_after=True
        )
        off = column.variant_for("off").rules
        expect(heading).to_have_text(t.t(column.title_key(off)), timeout=BOOT_TIMEOUT_MS)
        assert visit.page_errors == []
    finally:
        context.close()


def test_a_switch_tapped_before_its_table_is_made_opens_the_switched_table(
    browser: Browser, site_url: str
) -> None:
    # Intent (issue 36 item 15, seen flaky in CI): a table is made when it nears the
    # screen (an IntersectionObserver); a switch tapped before that, as on a slow
    # phone before the observer first reports, must open its table at the switch's
    # choice in the page: not the table's default (a form sent into a frame still
    # starting its own table lost to it once), and not in a new tab.
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.add_init_script(
        "window.IntersectionObserver = function () {"
        " this.observe = this.unobserve = this.disconnect = function () {}; };"
    )
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + "rules.html#disputes-en")
        t = Texts("en")
        article = page.locator("article#en")
        expect(article.locator("iframe[name='dispute-column-en']")).to_have_count(0)
        switch = article.locator(".dispute[data-option='column_rule'] .switch")
        switch.get_by_role("button", name=t_rules("en", "column_rule.keep_negative")).click(
            no_wait_after=True
        )
        frame = page.frame_locator("iframe[name='dispute-column-en']")
        s = scenarios.get("keep_negative")
        heading = frame.locator(".embed-header h1")
        expect(heading).to_have_text(t.t(s.title_key(s.rules)), timeout=BOOT_TIMEOUT_MS)
        assert len(context.pages) == 1
        assert visit.page_errors == []
    finally:
        context.close()


def t_rules(lang: str, key: str) -> str:
    """A word of the rules page as it shows it (its rules.arb, read by the catalogue)."""
    return messages("rules", lang)[key]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_printed_sheet_says_the_rules_the_switches_chose(
    browser: Browser, site_url: str, lang: str
) -> None:
    # Intent (issue 36 item 15): a reader who switched ties to forgiven, negative
    # columns kept and the end to above 100 prints a sheet with those rules, not
    # the manual's; switching back gives the manual's sheet again.
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.route("**/embed.html*", lambda route: route.fulfill(body="", content_type="text/html"))
    try:
        visit = open_page(context, site_url)
        page = visit.page
        page.goto(site_url + f"rules.html#disputes-{lang}")
        article = page.locator(f"article#{lang}")
        sheet = article.locator(".cheatsheet")
        for key in ("tie.forgiven", "column_rule.keep_negative", "target.above"):
            article.get_by_role("button", name=t_rules(lang, key)).click(no_wait_after=True)
        page.emulate_media(media="print")
        expect(sheet).to_be_visible()
        shown = sheet.inner_text()
        for key in ("sheet.end.double.forgiven", "sheet.end.column.keep_negative"):
            assert t_rules(lang, key) in shown, key
        assert t_rules(lang, "sheet.game_end.above").replace("*", "") in shown
        for key in ("sheet.end.double", "sheet.end.column", "sheet.game_end"):
            assert t_rules(lang, key) not in shown, key
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
        page.emulate_media(media="screen")
        for key in ("negative.double", "tie.doubles"):
            article.get_by_role("button", name=t_rules(lang, key)).click(no_wait_after=True)
        page.emulate_media(media="print")
        assert t_rules(lang, "sheet.end.double.negative") in sheet.inner_text()
        assert visit.page_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_the_lead_names_the_buttons_the_tables_show(
    browser: Browser, site_url: str, lang: str
) -> None:
    # Intent (issue 36 item 15): the intro's "press X" names the button the first
    # tables show ("Gioca"; it said "Continua", a scenario table's button), and the
    # scenario tables' own.
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        page = open_page(context, site_url).page
        page.goto(site_url + f"rules.html#{lang}")
        named = page.locator(f"article#{lang} .lead em").all_inner_texts()
        first = page.frame_locator(f"article#{lang} iframe.live").first
        expect(first.get_by_role("button", name=boot_text(lang, "play"))).to_be_visible()
        assert named[0] == boot_text(lang, "play")
        assert named[1] == Texts(lang).t("embed.play")
    finally:
        context.close()
