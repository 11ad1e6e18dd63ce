"""The rules page from its text sources: one article per language.

``rules/article.html`` holds the structure (sections, live tables, the disputed
points' switches, the cheat sheet) with ``{{key}}`` placeholders; each
``rules/<code>.txt`` holds one language's words as ``key = text`` lines. The build
renders every language into ``site/rules.html``'s ``@RULES_ARTICLES@`` mark, so
adding a language is adding one text file, and a missing or misspelt key stops
the build with the file and line that need it.

The text may hold three bits of Markdown and nothing else (all other characters
are escaped): ``*emphasis*``, ``**strong**`` and ``[words](#part)``, a link to a
part of the same language's article (``#disputes`` becomes ``#disputes-de``).
Standard library only, like the rest of the build.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

ARTICLES_MARK = "@RULES_ARTICLES@"
TITLE_MARK = "@RULES_TITLE@"
DESCRIPTION_MARK = "@RULES_DESCRIPTION@"
LANGUAGES_MARK = "@RULES_LANGUAGES@"

#: The switcher's order; a language not listed follows, alphabetically.
ORDER = ("en", "de", "nl", "fr", "es", "it")
#: Keys a text file has besides the article's placeholders.
PAGE_KEYS = frozenset({"name", "page.word", "page.description"})
#: Placeholders the build fills in itself.
BUILT = frozenset({"lang", "nav"})

PLACEHOLDER = re.compile(r"\{\{([\w.]+)\}\}")
LINE = re.compile(r"^([\w.]+)\s*=\s*(.*)$")


class RulesTextError(ValueError):
    """A rules text that cannot be rendered; says which file and line."""


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    texts: dict[str, str]


def read_texts(path: Path) -> dict[str, str]:
    """The ``key = text`` lines of one language file (``#`` starts a comment line)."""
    texts: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = LINE.match(line)
        if match is None:
            raise RulesTextError(f"{path.name}:{number}: expected 'key = text', got {line[:40]!r}")
        key, text = match.groups()
        if key in texts:
            raise RulesTextError(f"{path.name}:{number}: {key!r} is given twice")
        if not text.strip():
            raise RulesTextError(f"{path.name}:{number}: {key!r} has no text")
        texts[key] = text.strip()
    return texts


def inline(text: str, code: str) -> str:
    """The text as HTML: escaped, with **strong**, *emphasis* and [links](#part)."""
    out = html.escape(text, quote=True)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"\*(.+?)\*", r"<em>\1</em>", out)
    return re.sub(r"\[(.+?)\]\(#([\w-]+)\)", rf'<a href="#\2-{code}" class="skip">\1</a>', out)


def languages(folder: Path) -> list[Language]:
    """Every language file in ``folder``, in the switcher's order."""
    found = {path.stem: path for path in folder.glob("*.txt")}
    if "en" not in found:
        raise RulesTextError(f"{folder}/en.txt is missing: English is the page's default")
    codes = [c for c in ORDER if c in found] + sorted(c for c in found if c not in ORDER)
    return [Language(code, read_texts(found[code])) for code in codes]


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
        raise RulesTextError(f"{lang.code}.txt: " + ", ".join(problems))

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key == "lang":
            return lang.code
        if key == "nav":
            return language_nav(langs, lang.code)
        return inline(lang.texts[key], lang.code)

    return PLACEHOLDER.sub(fill, template)


def render(page: str, folder: Path) -> str:
    """``page`` (``site/rules.html``) with its marks filled from ``folder`` (``rules/``):
    the articles (English last, as the page's CSS shows it when no other is
    targeted), the title, the description and the list of language codes."""
    langs = languages(folder)
    template = (folder / "article.html").read_text(encoding="utf-8")
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
