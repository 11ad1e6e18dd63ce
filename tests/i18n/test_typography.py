"""French spacing (issue 36 item 10): every French text a page shows has a no-break
space before ``: ; ? !`` and inside « », so no line starts with a colon; the
translators' files keep their ordinary spaces and the catalogue sets them when it
reads the files, for every domain (the start-up texts and the rules page too)."""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild import locales
from skyjo.i18n.catalogue import LOCALES, Catalogue, messages
from skyjo.i18n.messageformat import fields, parse
from skyjo.i18n.typography import NARROW_NO_BREAK, NO_BREAK, french, typeset

from .test_catalogues import renderings

RAW = locales.read(Path(LOCALES)).files
#: A breakable space (or none at all, after a letter) before a French mark.
BREAKABLE = re.compile(r"(?:[ \t\n]|(?<=[^\W\d_]))[:;?!»]|«[ \t\n\w]")


def french_texts() -> list[tuple[str, str, str]]:
    """(domain, key, text) of every French text as a page shows it: each message of
    the message format rendered with every sample, the plain domains as read."""
    found = []
    for domain in RAW["fr"]:
        for key, message in messages(domain, "fr").items():
            if domain in locales.PLAIN:
                found.append((domain, key, message))
            else:
                found += [(domain, key, text) for _, text in renderings(message, "fr")]
    return found


def test_no_french_text_breaks_before_a_colon_or_a_question_mark() -> None:
    texts = french_texts()
    problems = [f"fr/{d}/{k}: {t!r}" for d, k, t in texts if BREAKABLE.search(t)]
    assert problems == []
    assert sum(1 for _, _, t in texts if re.search("[:;?!»]", t)) > 150


def test_each_mark_gets_its_own_space() -> None:
    assert french("Analyse de la partie : Zoé") == "Analyse de la partie\u00a0: Zoé"
    assert french("Vraiment ? Oui ! Bon ; « ceci »") == (
        f"Vraiment{NARROW_NO_BREAK}? Oui{NARROW_NO_BREAK}! Bon{NARROW_NO_BREAK}; "
        f"«{NO_BREAK}ceci{NO_BREAK}»"
    )
    # A colon without a space is not French punctuation: a time, a link.
    assert french("à 12:30 sur https://x.fr") == "à 12:30 sur https://x.fr"
    assert typeset("Ready ?", "en") == "Ready ?"


def test_the_files_keep_ordinary_spaces_and_the_syntax_parses_the_same() -> None:
    # Intent: translators and their platforms see the file as typed; what the
    # catalogue made of it has the same fields and parses.
    changed = 0
    for domain, raw in RAW["fr"].items():
        read = messages(domain, "fr")
        for key, text in raw.items():
            assert NARROW_NO_BREAK not in text and "\u00a0:" not in text
            if read[key] != text:
                changed += 1
            if domain not in locales.PLAIN:
                parse(read[key])
                assert fields(read[key]) == fields(text)
    assert changed > 150


def test_a_rendered_sentence() -> None:
    review = Catalogue("fr", domains=("review",))
    text = review.t("review.fact.rounds_ended", count=3, doubled=2)
    assert text == "Manches terminées\u00a0: 3 (dont doublées\u00a0: 2)"
