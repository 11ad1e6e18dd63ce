"""The rules page from its text sources: one article per language.

``rules/article.html`` holds the structure (sections, live tables, the disputed
points' switches, the cheat sheet) with ``{{key}}`` placeholders; each language's
words are the ``rules`` domain of its locale folder
(``src/skyjo/i18n/locales/<code>/rules.arb``, beside its other messages). The build
renders every language that has one into ``site/rules.html``'s
``@RULES_ARTICLES@`` mark, so a language's folder is all the page needs, and a
missing or misspelt key stops the build with the file and key that need fixing.

The text may hold three bits of Markdown and nothing else (all other characters
are escaped): ``*emphasis*``, ``**strong**`` and ``[words](#part)``, a link to a
part of the same language's article (``#disputes`` becomes ``#disputes-de``).
Standard library only, like the rest of the build (``build.py`` puts ``src/``
first on ``sys.path``, so the language list is the one it ships).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from skyjo.i18n.catalogue import SUFFIX, CatalogueError, messages
from skyjo.i18n.language import LANGUAGES

ARTICLES_MARK = "@RULES_ARTICLES@"
TITLE_MARK = "@RULES_TITLE@"
DESCRIPTION_MARK = "@RULES_DESCRIPTION@"
LANGUAGES_MARK = "@RULES_LANGUAGES@"

#: The switcher's order: the site's language list; a language not listed (a
#: folder alone) follows, alphabetically.
ORDER = LANGUAGES
#: The domain of the page's words in a locale folder, and its file.
DOMAIN = "rules"
FILE = DOMAIN + SUFFIX
#: Keys a text file has besides the article's placeholders.
PAGE_KEYS = frozenset({"name", "page.word", "page.description"})
#: Placeholders the build fills in itself.
BUILT = frozenset({"lang", "nav"})

PLACEHOLDER = re.compile(r"\{\{([\w.]+)\}\}")


class RulesTextError(ValueError):
    """A rules text that cannot be rendered; says which file and line."""


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    texts: dict[str, str]


def read_texts(folder: Path, code: str) -> dict[str, str]:
    """One language's words: its ``rules`` messages, read as every page's are
    (:func:`skyjo.i18n.catalogue.messages`)."""
    try:
        return dict(messages(DOMAIN, code, root=str(folder)))
    except CatalogueError as error:
        raise RulesTextError(str(error).replace(f"{folder}/", "")) from None


def inline(text: str, code: str) -> str:
    """The text as HTML: escaped, with **strong**, *emphasis* and [links](#part)."""
    out = html.escape(text, quote=True)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"\*(.+?)\*", r"<em>\1</em>", out)
    return re.sub(r"\[(.+?)\]\(#([\w-]+)\)", rf'<a href="#\2-{code}" class="skip">\1</a>', out)


def languages(folder: Path) -> list[Language]:
    """Every language of the locale folders under ``folder`` that has the page's
    words, in the switcher's order."""
    found = {path.parent.name: path for path in folder.glob(f"*/{FILE}")}
    if "en" not in found:
        raise RulesTextError(f"{folder}/en/{FILE} is missing: English is the page's default")
    codes = [c for c in ORDER if c in found] + sorted(c for c in found if c not in ORDER)
    return [Language(code, read_texts(folder, code)) for code in codes]


def language_nav(langs: list[Language], current: str) -> str:
    links = []
    for lang in langs:
        here = ' aria-current="true"' if lang.code == current else ""
        name = html.escape(lang.texts["name"])
        links.append(
            f'<a href="#{lang.code}" lang="{lang.code}" hreflang="{lang.code}"{here}>{name}</a>'
        )
    return " · ".join(links)


def article(template: str, lang: Language, langs: list[Language]) -> str:
    """One language's article; every placeholder must have its text, and every text
    its placeholder."""
    wanted = set(PLACEHOLDER.findall(template)) - BUILT
    missing = sorted(wanted - lang.texts.keys())
    extra = sorted(lang.texts.keys() - wanted - PAGE_KEYS)
    if missing or extra or not lang.texts.keys() >= PAGE_KEYS:
        problems = [f"missing {k}" for k in missing + sorted(PAGE_KEYS - lang.texts.keys())]
        problems += [f"unknown {k}" for k in extra]
        raise RulesTextError(f"{lang.code}/{FILE}: " + ", ".join(problems))

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key == "lang":
            return lang.code
        if key == "nav":
            return language_nav(langs, lang.code)
        return inline(lang.texts[key], lang.code)

    return PLACEHOLDER.sub(fill, template)


def render(page: str, folder: Path, article_file: Path) -> str:
    """``page`` (``site/rules.html``) with its marks filled from the locale folders
    under ``folder`` and the structure ``article_file`` (``rules/article.html``):
    the articles (English last, as the page's CSS shows it when no other is
    targeted), the title, the description and the list of language codes."""
    langs = languages(folder)
    template = article_file.read_text(encoding="utf-8")
    english = next(lang for lang in langs if lang.code == "en")
    ordered = [lang for lang in langs if lang.code != "en"] + [english]
    values = {
        ARTICLES_MARK: "\n".join(article(template, lang, langs).rstrip() for lang in ordered),
        TITLE_MARK: html.escape("Skyjo: " + " · ".join(lang.texts["page.word"] for lang in langs)),
        DESCRIPTION_MARK: html.escape(english.texts["page.description"]),
        LANGUAGES_MARK: ",".join(lang.code for lang in langs),
    }
    for mark, value in values.items():
        if mark not in page:
            raise RulesTextError(f"rules.html lacks the placeholder {mark}")
        page = page.replace(mark, value)
    return page
