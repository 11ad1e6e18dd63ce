"""The pages' first screens, painted by the same Python that paints them in the
browser, so the build can write them into the HTML (a reader sees the real page
at once and can fill in the setup form while Python loads).

Each function returns exactly what the page's Python paints for the same state
on a first visit (no saved game, the language the page's inline script picks);
``tests/web/test_prerender.py`` holds the build's output against the runtime's
paint. :func:`fingerprint` marks a pre-painted element so the runtime knows it
may take the DOM over as it is instead of painting it again (which would move
nothing but would lose a caret or a half-typed name).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final
from urllib.parse import urlencode

from skyjo import scenarios
from skyjo.i18n.language import LANGUAGES
from skyjo.web.device import MemoryStorage
from skyjo.web.embed import params, view
from skyjo.web.painted import fingerprint
from skyjo.web.scorepad import render as pad_render
from skyjo.web.scorepad.app import PadApp
from skyjo.web.ui import paint
from skyjo.web.ui.app import App

#: A fixed clock for the score pad's first screen (its form shows no date).
BUILD_CLOCK: Final = datetime(2026, 1, 1, tzinfo=UTC)

#: URL parameters that do not change an embed's first screen: an embed whose other
#: parameters are only these (and a known ``scenario``) has a pre-painted preview.
NEUTRAL_PARAMS: Final = frozenset({"lang", "scenario", "speed", "autoplay", "id"})


@dataclass(frozen=True, slots=True)
class Part:
    """What to paint into the element with id ``into``."""

    into: str
    html: str

    @property
    def mark(self) -> str:
        return fingerprint(self.html)


def game(language: str) -> tuple[Part, ...]:
    """The game page on a first visit: the top bar and the setup screen."""
    app = App(MemoryStorage(), language=language)
    return (Part("topbar-controls", paint.topbar(app)), Part("app", paint.setup_screen(app)))


def scorepad(language: str) -> tuple[Part, ...]:
    """The score pad on a device with no games: its new-game form."""
    app = PadApp.load(MemoryStorage(), lambda: BUILD_CLOCK, language=language)
    return (Part("pad", pad_render.page(app)),)


def embed_key(scenario: str, language: str, switched: tuple[str, str] | None = None) -> str:
    """Where an embed's pre-painted scenario lives, relative to the site; with
    ``switched`` (a rule option and its value, as the rules page's switches send
    them) the opening under that setting. ``embed.html``'s inline script builds
    the same path from its URL, for a name in :func:`embed_names` only."""
    return f"prerender/embed/{embed_name(scenario, switched)}.{language}.json"


def embed_name(scenario: str, switched: tuple[str, str] | None = None) -> str:
    """A pre-painted opening's name, the same in every language."""
    return scenario if switched is None else f"{scenario}.{switched[0]}={switched[1]}"


def embed_names() -> tuple[str, ...]:
    """Every pre-painted opening's name. The build writes this list into
    ``embed.html``, whose script fetches an opening only when its URL names one of
    these exactly, in one of the site's languages: a URL's text never becomes part
    of a path (``lang=/../../other/evil`` once fetched another page's file)."""
    return tuple(
        embed_name(name, switched)
        for name in sorted(scenarios.SCENARIOS)
        for switched in (None, *switches(name))
    )


def embed_scenario(scenario: str, language: str, switched: tuple[str, str] | None = None) -> Part:
    """A scenario embed's opening (``embed.html?scenario=NAME&lang=LANG``, and
    ``&OPTION=VALUE`` when ``switched``)."""
    fields = {"scenario": scenario, "lang": language}
    if switched is not None:
        fields[switched[0]] = switched[1]
    config = params.parse("?" + urlencode(fields), "")
    return Part("embed", view.opening(config))


def switches(name: str) -> tuple[tuple[str, str], ...]:
    """Every setting a page may switch the scenario ``name`` to (its rule option
    and each variant's value), so a switched table opens at once too."""
    chosen = scenarios.get(name)
    if chosen.option is None:
        return ()
    return tuple((chosen.option, v.value) for v in chosen.variants if v.value is not None)


def embed_scenarios() -> dict[str, Part]:
    """Every named scenario in every language, by :func:`embed_key`."""
    found = {}
    for name in sorted(scenarios.SCENARIOS):
        for language in LANGUAGES:
            found[embed_key(name, language)] = embed_scenario(name, language)
            for switched in switches(name):
                found[embed_key(name, language, switched)] = embed_scenario(
                    name, language, switched
                )
    return found


__all__ = [
    "NEUTRAL_PARAMS",
    "Part",
    "embed_key",
    "embed_name",
    "embed_names",
    "embed_scenario",
    "embed_scenarios",
    "fingerprint",
    "game",
    "scorepad",
    "switches",
]
