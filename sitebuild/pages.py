"""Stamp each page of the site from the one skeleton (``site/_skeleton.html``).

A page's source in ``site/`` is a partial: a header comment of settings, an
optional ``<head>`` block (the page's own styles) and its body. The skeleton holds
what every page shares (the head, the language script, the start-up guard, the
site menu, the loading note and error box, the PyScript tag), so a change to
start-up happens in one place. ``@PRERENDER:<page>@`` in a body is replaced by the
page's first screen painted by the page's own Python (:mod:`skyjo.web.prerender`),
one ``<template>`` per language, and a line of script that shows the reader's.

The header, one ``key: value`` per line::

    <!--page
    title: Skyjo score pad
    description: ...
    start: eager            (eager | touch | host | none; see site/boot.js)
    lang-from: saved navigator  (where the language comes from; see site/boot-lang.js)
    python: worker          (the page runs Python, in a Web Worker: site/worker.py
                             and site/page.mjs; leave it out for a page without)
    preloads: yes           (fetch the runtime at once: only for eager pages)
    manifest: yes
    menu: scorepad          (the page's menu entry, or none inside embeds)
    loading: scorepad       (which loading sentence of skyjo.web.boot_texts)
    error-title: The score pad could not start
    -->

``build.py`` calls :func:`stamp_page` and :func:`embed_previews`; it puts
``src/`` first on ``sys.path``, so the pages are painted by the engine it ships.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from pathlib import Path
from typing import Final

from skyjo.i18n.language import LANGUAGES, SAVED_LANGUAGE_KEYS
from skyjo.web import boot_texts, prerender
from skyjo.web.boot_texts import MENU, boot_text
from skyjo.web.device import PRESENT

SITE: Final = Path(__file__).resolve().parents[1] / "site"
HEADER: Final = re.compile(r"\A<!--page\n(?P<settings>.*?)\n-->\n", re.DOTALL)
HEAD: Final = re.compile(r"\A<head>\n(?P<head>.*?)</head>\n", re.DOTALL)
PRERENDER: Final = re.compile(r"@PRERENDER:(?P<page>\w+)@")
REQUIRED: Final = ("title", "description", "start", "menu")
STARTS: Final = ("eager", "touch", "host", "none")
#: Which saved choice keeps the language a page's Python reads first.
PRERENDERED: Final = {"game": prerender.game, "scorepad": prerender.scorepad}
#: A saved game means the page opens on it, not the form: the save itself in
#: localStorage (before its one-time move to the database) or its mark there.
PRERENDER_SKIP: Final = {
    "game": ("skyjo.game", PRESENT["skyjo.game"]),
    "scorepad": ("skyjo-scorepad", PRESENT["skyjo-scorepad"]),
}


#: Where a page's scripts, styles, frames and fetches may come from: this site
#: only. An inline script runs only if the build wrote it (its hash, see
#: :func:`with_csp`), so markup slipped into a page runs nothing. Pyodide compiles
#: WebAssembly ('wasm-unsafe-eval'). 'unsafe-eval' is PyScript's: its core builds
#: the plugins' worker hooks with ``Function(...)`` as it starts (core.js of
#: 0.7.31), and no page starts without it; our own code evaluates no text. Styles
#: may be inline: Python paints ``style`` attributes and PyScript adds a
#: stylesheet. Script elements in markup given to a page (PyScript would run
#: Python for one) are taken out by ``site/markup-guard.js``. ``frame-ancestors``
#: cannot be set here (browsers ignore it in a ``<meta>``): see docs/security.md
#: for the header a host should send.
CSP_TEMPLATE: Final = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'{hashes}; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; "
    "worker-src 'self' blob:; frame-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'"
)
#: An inline script: a ``<script>`` without ``src`` whose type runs as JavaScript.
INLINE_SCRIPT: Final = re.compile(
    r"<script(?P<attributes>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.DOTALL
)
RUNS_AS_SCRIPT: Final = re.compile(r'\btype="(?:module|text/javascript)"|\A(?!.*\btype=)')
#: A URL in a page's markup that may name a file the page loads.
FILE_URL: Final = re.compile(r'\b(?P<attribute>src|href|config)="(?P<url>[^"]*)"')
#: URLs that name no file of the build: another page, a place on this one, another site.
NOT_A_FILE: Final = re.compile(r"\A(?:[#?]|[a-z]+:|\.?/?\Z)|\.html(?:[?#]|\Z)")
#: Files that keep their name at the top of the site, beside the pages: browsers
#: find the service worker and the web app manifest by name.
TOP_LEVEL: Final = frozenset({"sw.js", "manifest.webmanifest"})
#: What a page loads from the runtime's folder rather than the build's.
RUNTIME_FOLDERS: Final = ("pyscript/", "pyodide/")


class PageError(ValueError):
    """A page partial is malformed; the message names the page and the problem."""


def stamp_page(text: str, *, name: str, preloads: str) -> str:
    """The finished page ``name`` from its partial ``text`` (``preloads``: the
    runtime's ``<link>`` tags, for pages that ask for them)."""
    settings, head, body = split_partial(text, name)
    python = settings.get("python", "none")
    skeleton = (SITE / "_skeleton.html").read_text(encoding="utf-8")
    values = {
        "@PAGE@": name.removesuffix(".html"),
        "@START@": settings["start"],
        "@PYTHON@": python,
        "@LANG_FROM@": escape(language_sources(settings.get("lang-from", "navigator"))),
        "@TITLE@": escape(settings["title"], quote=False),
        "@DESCRIPTION@": escape(settings["description"]),
        "@MANIFEST@": (
            '  <link rel="manifest" href="manifest.webmanifest">'
            if settings.get("manifest") == "yes"
            else ""
        ),
        "@MARKUP_GUARD@": (SITE / "markup-guard.js").read_text(encoding="utf-8").rstrip("\n"),
        "@BOOT_LANG@": boot_language_script(),
        "@BOOT_BUILD@": inline_script("boot-build.js"),
        "@RUNTIME_PRELOADS@": preloads if settings.get("preloads") == "yes" else "",
        "@HEAD@": head.rstrip("\n"),
        "@MENU@": menu(settings["menu"]),
        "@BODY@": fill_body(body, settings, name).rstrip("\n"),
        "@PY_SCRIPT@": py_script(python == "worker"),
    }
    for mark, value in values.items():
        if mark not in skeleton:
            raise PageError(f"site/_skeleton.html lacks the placeholder {mark}")
        skeleton = skeleton.replace(mark, value)
    return skeleton


def in_folders(page: str, *, name: str, assets: set[str], folder: str, runtime: str) -> str:
    """The finished ``page`` asking for each file it loads in the folder that holds
    it: ``folder`` (the build's, whose files are ``assets``) or ``runtime`` (PyScript's
    and Pyodide's), and ``<html data-build>`` naming ``folder`` for the scripts. A
    page keeps its own URL, so a link to it lasts; what it loads is named by the
    build's contents, so a page never runs another build's files (issue 36). A file
    named that is in neither folder stops the build."""

    def moved(match: re.Match[str]) -> str:
        url = match["url"]
        path = re.split(r"[?#]", url, maxsplit=1)[0]
        if path in assets:
            where = folder
        elif path.startswith(RUNTIME_FOLDERS):
            where = runtime
        elif path in TOP_LEVEL or NOT_A_FILE.search(url):
            return match[0]
        else:
            raise PageError(f"site/{name} asks for {url!r}, which is no file of the build")
        return f'{match["attribute"]}="{where}/{url}"'

    if "@BUILD@" not in page:
        raise PageError("the page lacks the @BUILD@ placeholder of site/_skeleton.html")
    return FILE_URL.sub(moved, page.replace("@BUILD@", folder))


def with_csp(page: str) -> str:
    """The finished ``page`` with its Content-Security-Policy ``<meta>`` in place of
    ``@CSP@``: :data:`CSP_TEMPLATE` with the hash of each of its inline scripts."""
    hashes = sorted({f" 'sha256-{digest}'" for digest in inline_script_hashes(page)})
    policy = CSP_TEMPLATE.format(hashes="".join(hashes))
    meta = f'  <meta http-equiv="Content-Security-Policy" content="{escape(policy, quote=False)}">'
    if "@CSP@" not in page:
        raise PageError("the page lacks the @CSP@ placeholder of site/_skeleton.html")
    return page.replace("@CSP@", meta)


def inline_script_hashes(page: str) -> list[str]:
    """The base64 SHA-256 of every inline script's text in ``page``, as CSP wants it."""
    found = []
    for match in INLINE_SCRIPT.finditer(page):
        attributes = match["attributes"]
        if " src=" in attributes or not RUNS_AS_SCRIPT.search(attributes):
            continue
        digest = hashlib.sha256(match["body"].encode("utf-8")).digest()
        found.append(base64.b64encode(digest).decode("ascii"))
    return found


def split_partial(text: str, name: str) -> tuple[dict[str, str], str, str]:
    """A partial's settings, its ``<head>`` block (maybe empty) and its body."""
    match = HEADER.match(text)
    if match is None:
        raise PageError(f"site/{name} must start with a <!--page ... --> header")
    settings: dict[str, str] = {}
    for line in match["settings"].splitlines():
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise PageError(f"site/{name}: header line {line!r} is not 'key: value'")
        settings[key.strip()] = value.strip()
    missing = [key for key in REQUIRED if key not in settings]
    if missing:
        raise PageError(f"site/{name}: the header lacks {', '.join(missing)}")
    if settings["start"] not in STARTS:
        raise PageError(f"site/{name}: start must be one of {', '.join(STARTS)}")
    if settings.get("python", "worker") != "worker":
        raise PageError(f"site/{name}: python must be 'worker' (or left out for no Python)")
    rest = text[match.end() :]
    head_match = HEAD.match(rest)
    if head_match is None:
        return settings, "", rest
    return settings, head_match["head"], rest[head_match.end() :]


def language_sources(lang_from: str) -> str:
    """A page's ``lang-from`` for ``site/boot-lang.js``, with ``saved`` spelled out
    as the storage keys of the reader's choice (:data:`skyjo.i18n.language.SAVED_LANGUAGE_KEYS`,
    the same Python reads), so every page reads the one choice the same way."""
    saved = " ".join(f"storage:{key}" for key in SAVED_LANGUAGE_KEYS)
    return " ".join(saved if source == "saved" else source for source in lang_from.split())


def boot_language_script() -> str:
    """``site/boot-lang.js`` with the start-up texts stamped in."""
    table = json.dumps(boot_texts.table(), ensure_ascii=False)
    return inline_script("boot-lang.js").replace("@BOOT_TEXTS@", table.replace("</", "<\\/"))


def inline_script(name: str) -> str:
    """A script of ``site/`` that every page carries inline."""
    return (SITE / name).read_text(encoding="utf-8").rstrip("\n")


def menu(current: str) -> str:
    """The site menu (English; the language script puts it in the reader's), with
    ``current`` marked; none inside embeds."""
    if current == "none":
        return ""
    items = []
    for key, href in MENU:
        here = ' aria-current="page"' if key == f"menu.{current}" else ""
        text = escape(boot_text("en", key))
        items.append(f'<li><a href="{href}"{here} data-boot-text="{key}">{text}</a></li>')
    return (
        '<nav class="site-menu" aria-label="Skyjo pages" data-boot-label="menu.label">\n'
        '  <button type="button" class="menu-toggle" aria-expanded="false"'
        ' aria-controls="site-menu-list" data-boot-text="menu">Menu</button>\n'
        f'  <ul id="site-menu-list">{"".join(items)}</ul>\n'
        "</nav>\n"
        '<script>skyjoBoot.fill(document.querySelector(".site-menu"));</script>'
    )


def fill_body(body: str, settings: dict[str, str], name: str) -> str:
    """The body with the loading note and error box (``@BOOT@``) and any pre-painted
    first screen (``@PRERENDER:page@``) in place."""
    if settings.get("python", "none") != "none" and "@BOOT@" not in body:
        raise PageError(f"site/{name}: a page with Python must place @BOOT@ in its body")
    body = body.replace("@BOOT@", boot_sections(settings))
    body = body.replace("@EMBED_PREVIEWS@", json.dumps(prerender.embed_names()))
    body = body.replace("@LANGUAGES@", json.dumps(list(LANGUAGES)))

    def painted(match: re.Match[str]) -> str:
        page = match["page"]
        if page not in PRERENDERED:
            raise PageError(f"site/{name}: no pre-render for {page!r}")
        return prerendered(page)

    return PRERENDER.sub(painted, body)


def boot_sections(settings: dict[str, str]) -> str:
    """The loading note (hidden until a touch on lazy pages) and the error box."""
    loading = f"loading.{settings.get('loading', 'embed')}"
    hidden = "" if settings["start"] == "eager" else " hidden"
    title = settings.get("error-title", "error.title")  # a key of boot.arb

    def english(key: str) -> str:
        return escape(boot_text("en", key))

    return (
        f'<p id="boot" class="boot" role="status" aria-live="polite"{hidden}>'
        f'<span id="boot-message" data-boot-text="{loading}">'
        f"{escape(boot_text('en', loading))}</span></p>\n"
        '<section id="boot-error" class="boot-error" role="alert" hidden>\n'
        f'  <h2 id="boot-error-title" data-boot-text="{title}">{english(title)}</h2>\n'
        '  <p id="boot-error-message"></p>\n'
        '  <p id="boot-error-detail" class="detail"></p>\n'
        '  <button id="boot-retry" type="button" data-boot-text="retry">'
        f"{english('retry')}</button>\n"
        "</section>\n"
        '<script>skyjoBoot.fill(document.getElementById("boot"));</script>'
    )


def prerendered(page: str) -> str:
    """One ``<template>`` per language with the page's first screen, each followed
    by the line of script that copies it into place if it is the reader's (unless
    a saved game means Python will open something else): the reader's screen is
    painted once its own template is parsed, not after all of them."""
    skip = json.dumps(list(PRERENDER_SKIP[page]))
    lines = []
    for index, language in enumerate(LANGUAGES):
        parts = "".join(
            f'<div data-into="{part.into}" data-painted="{part.mark}">{part.html}</div>'
            for part in PRERENDERED[page](language)
        )
        lines.append(f'<template id="prerender-{language}">{parts}</template>')
        last = ", true" if index == len(LANGUAGES) - 1 else ""
        lines.append(f"<script>skyjoBoot.prerender({skip}{last});</script>")
    return "\n".join(lines)


#: PyScript's plugins that no page uses (its error box is the one kept), by the names
#: PyScript's configuration turns them off with ("!name").
PYSCRIPT_UNUSED_PLUGINS: Final = (
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)

#: PyScript's configuration on the page's main thread (its worker's is
#: ``site/pyscript.json``): none of the plugins a page does not use. Each would be
#: fetched and run on every visit, and the editor's watches every change of the
#: document (a MutationObserver and a timer after each move's repaint). PyScript
#: loads the plugins once for each kind of script it knows, Pyodide's and
#: MicroPython's, each with its own configuration, so the page carries both
#: (``<py-config>`` and ``<mpy-config>``, hidden by PyScript's stylesheet); a
#: kind without one would load every plugin.
MAIN_THREAD_CONFIG = json.dumps(
    {"plugins": [f"!{name}" for name in PYSCRIPT_UNUSED_PLUGINS]}, separators=(",", ":")
)


def py_script(python: bool) -> str:
    """PyScript's stylesheet and the page's Python, or nothing for a page without.
    The Python is PyScript's named worker ``skyjo`` (``site/worker.py``), which
    ``site/page.mjs`` reaches once PyScript has started it."""
    if not python:
        return ""
    return (
        "  <!-- PyScript's styles (its error box) matter only once Python runs. -->\n"
        '  <link rel="stylesheet" href="pyscript/core.css">\n'
        '  <script type="py" worker name="skyjo" src="worker.py" config="pyscript.json"></script>\n'
        f"  <py-config hidden>{MAIN_THREAD_CONFIG}</py-config>\n"
        f"  <mpy-config hidden>{MAIN_THREAD_CONFIG}</mpy-config>"
    )


def embed_previews() -> dict[str, str]:
    """The pre-painted scenario embeds, as JSON files by path: what to paint and its
    mark (``embed.html``'s inline script fetches the one its URL names)."""
    return {
        path: json.dumps({"into": part.into, "painted": part.mark, "html": part.html})
        for path, part in prerender.embed_scenarios().items()
    }


__all__ = [
    "PageError",
    "embed_previews",
    "in_folders",
    "inline_script_hashes",
    "split_partial",
    "stamp_page",
    "with_csp",
]
