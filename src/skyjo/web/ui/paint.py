"""The game page's top bar, notice and setup screen as HTML, from the app alone.

Pure (no PyScript): the page (:mod:`skyjo.web.ui.page`) paints these, and the build
(:mod:`skyjo.web.prerender`) writes the first screen into ``index.html`` with the very
same functions, so the two cannot drift apart.
"""

from __future__ import annotations

from skyjo import jsontext
from skyjo.web.boot_texts import MENU, boot_text
from skyjo.web.ui import cues, present, render
from skyjo.web.ui.app import HOWTO_KEY, App, Screen
from skyjo.web.ui.i18n import Translator

#: The notices of an unreadable save, which offer to export it.
CORRUPT_NOTICES = frozenset({"save.corrupt", "save.corrupt_not_kept"})
#: The one the page keeps on the setup screen across intents (see ``dom.guarded``).
CORRUPT_NOTICE = "save.corrupt"
#: The media query of a device that asks for reduced motion: sound and vibration
#: are off there until the person turns them on.
REDUCED_MOTION = "(prefers-reduced-motion: reduce)"


def topbar(app: App, *, menu_open: bool = False) -> str:
    """The language switcher and the buttons that fit the screen, in the game menu
    (a "Menu" button opens it on a phone; ``menu_open`` says whether it is open)."""
    t = Translator(app.language)
    parts = [render.language_switcher(t, present.languages(app.language))]
    if app.game is not None and app.screen is not Screen.RESUME and app.has_record:
        parts.append(render.button(t.t("button.export"), "export", id="export"))
    # A guest's page (its host moves the game on) neither imports nor starts games.
    if app.host_name is None:
        parts.append(render.button(t.t("button.import"), "import", id="import"))
    if app.screen is not Screen.SETUP and app.host_name is None:
        parts.append(render.button(t.t("button.new_game"), "new-game", id="new-game"))
    parts.append(render.button(t.t("button.howto"), "howto", id="howto-open"))
    parts.append(render.button(t.t("button.statistics"), "statistics", id="stats-open"))
    parts.append(sound_switch(t, on=app.sound))
    parts.append(site_links(app.language))
    return render.game_menu(t, parts, open_=menu_open)


def sound_switch(t: Translator, *, on: bool) -> str:
    """The one switch for sound and vibration (:mod:`skyjo.web.ui.cues`). The build
    paints it before Python runs; ``data-setting`` and ``data-off-when`` let
    ``site/boot-lang.js`` show it as this device has it from the first paint."""
    knob = render.h("span", class_="switch-knob")
    track = render.h("span", knob, class_="switch-track", aria_hidden="true")
    return render.h(
        "button",
        track + " " + render.esc(t.t("button.sound")),
        type="button",
        role="switch",
        aria_checked="true" if on else "false",
        id="sound-switch",
        class_="switch",
        data_intent="sound",
        data_setting=cues.SOUND_KEY,
        data_off_when=REDUCED_MOTION,
    )


def site_links(language: str) -> str:
    """The other pages, for the game menu on a phone: there the site menu's own bar
    is hidden (one "Menu" button, not two, and the table fits the screen), so the
    links live here; wider screens hide this copy and show the site menu (CSS)."""
    links = "".join(
        render.h(
            "li",
            render.h(
                "a",
                render.esc(boot_text(language, key)),
                href=href,
                aria_current="page" if key == "menu.game" else None,
            ),
        )
        for key, href in MENU
    )
    return render.h("ul", links, class_="site-links", aria_label=boot_text(language, "menu.label"))


def notice(app: App) -> str:
    """The app's messages above the screen: a save the device refused (it stays
    while saves fail, with Export), then the message of the last intent, if any."""
    t = Translator(app.language)
    refused = ""
    if app.unsaved and app.game is not None:
        said = t.t("save.failed")
        if app.unsaved_size is not None:
            size = jsontext.megabytes(app.unsaved_size)
            said = t.t("save.too_large", size=size, limit=jsontext.MAX_MEGABYTES)
        refused = render.notice(t, said, error=True, export_game=True)
    if app.notice is None:
        return refused
    text = t.t(app.notice.key, **app.notice.fields)
    return refused + render.notice(
        t, text, error=app.notice.error, corrupt_save=app.notice.key in CORRUPT_NOTICES
    )


def howto(app: App) -> str:
    """How to play, when it is open (a first visit, or asked for from the menu)."""
    if not app.howto_open:
        return ""
    return render.howto(Translator(app.language), unless_stored=HOWTO_KEY)


def setup_screen(app: App) -> str:
    """The setup form with any notice in it, after how to play on a first visit."""
    return howto(app) + render.setup(Translator(app.language), present.setup(app), notice(app))


__all__ = [
    "CORRUPT_NOTICE",
    "REDUCED_MOTION",
    "howto",
    "notice",
    "setup_screen",
    "sound_switch",
    "topbar",
]
