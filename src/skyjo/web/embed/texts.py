"""The embed's and the replay viewer's words: :class:`Texts` renders their own
messages (the ``embed`` domain, ``skyjo/i18n/locales/<code>/embed.arb``) together with
the scenarios' and the game page's, so these pages say everything in one language.
"""

from __future__ import annotations

from skyjo.web.ui.i18n import Translator


class Texts(Translator):
    """A :class:`Translator` that also knows the embed's and the scenarios' keys."""

    DOMAINS = ("embed", "scenarios", "game", "bots")
