"""The rules page from its text sources (sitebuild.rules): every language's
``rules.arb`` fills every placeholder of the article, the Markdown bits become
HTML, and a missing or unknown key is refused with the file that needs fixing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitebuild import pages, rules

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "src" / "skyjo" / "i18n" / "locales"
ARTICLE = ROOT / "rules" / "article.html"
PAGE = (ROOT / "site" / "rules.html").read_text(encoding="utf-8")


def rendered() -> str:
    """The page as the build writes it: stamped from the skeleton, then the articles."""
    return rules.render(pages.stamp_page(PAGE, name="rules.html", preloads=""), LOCALES, ARTICLE)


def test_every_language_has_an_article_and_english_comes_last() -> None:
    html = rendered()
    ids = re.findall(r'<article id="(\w+)" class="lang" lang="\1">', html)
    assert ids == ["de", "nl", "fr", "es", "it", "en"]
    assert "{{" not in html and "@RULES_" not in html
    assert "<title>Skyjo: rules · Regeln · spelregels · règles · reglas · regole</title>" in html


def test_each_article_speaks_its_language_and_starts_its_tables_in_it() -> None:
    html = rendered()
    for code, heading in [
        ("fr", "Skyjo\u00a0: les règles"),
        ("es", "Skyjo: las reglas"),
        ("it", "Skyjo: le regole"),
    ]:
        article = html.split(f'<article id="{code}"')[1].split("</article>")[0]
        assert f"<h1>{heading}</h1>" in article
        assert article.count(f"lang={code}") == 10  # ten live tables
        assert article.count(f'name="lang" value="{code}"') == 4  # four switch forms
        assert f'href="#disputes-{code}" class="skip"' in article
        assert f'<a href="#{code}" lang="{code}" hreflang="{code}" aria-current="true">' in article


def test_no_reader_sees_internal_seed_references() -> None:
    assert not re.search(r"[Ss]eeds? 00\d", rendered())


def test_markdown_bits_and_escaping() -> None:
    assert rules.inline("**a** *b* <c> [d](#disputes)", "fr") == (
        '<strong>a</strong> <em>b</em> &lt;c&gt; <a href="#disputes-fr" class="skip">d</a>'
    )


def test_a_missing_or_unknown_key_names_the_file(tmp_path: Path) -> None:
    english = json.loads((LOCALES / "en" / "rules.arb").read_text(encoding="utf-8"))
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "rules.arb").write_text(json.dumps(english), encoding="utf-8")
    other = {key: text for key, text in english.items() if key != "title"}
    (tmp_path / "pt").mkdir()
    (tmp_path / "pt" / "rules.arb").write_text(json.dumps(other | {"titel": "Skyjo"}))
    with pytest.raises(rules.RulesTextError, match=r"pt/rules.arb: missing title, unknown titel"):
        rules.render(PAGE, tmp_path, ARTICLE)


def test_a_file_that_is_not_json_says_which(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "rules.arb").write_text('{"name": "English",}', encoding="utf-8")
    with pytest.raises(rules.RulesTextError, match=r"en/rules.arb: not JSON"):
        rules.read_texts(tmp_path, "en")
