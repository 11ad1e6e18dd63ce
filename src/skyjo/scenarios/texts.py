"""The scenarios' page texts: the ``scenarios`` domain of the locale folders
(``skyjo/i18n/locales/<code>/scenarios.arb``).

Keys follow the message catalogue's style (``scenario.<name>.title``,
``.situation``, and ``.outcome`` or ``.outcome.<value>`` per rule setting), so a
page reads them with its own catalogue (:class:`skyjo.web.embed.texts.Texts` lists the
domain) and looks them up like any other message. The texts hold no fields: the
scenarios' names and cards are fixed. They are a domain of their own because the
scenarios are engine-side data (the rules page and the embeds both use them).
"""

from __future__ import annotations

from skyjo.errors import SkyjoError
from skyjo.i18n.catalogue import messages
from skyjo.i18n.language import LANGUAGES


def catalogue(language: str) -> dict[str, str]:
    """Every scenario text in ``language`` (one of :data:`LANGUAGES`), a copy."""
    if language not in LANGUAGES:
        raise SkyjoError(f"no scenario texts in {language!r} (languages: {', '.join(LANGUAGES)})")
    return dict(messages("scenarios", language))
