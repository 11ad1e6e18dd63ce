"""Build the static site into ``dist/`` and optionally serve it.

``python build.py`` produces a folder that any static host can serve (GitHub Pages,
often under a sub-path such as ``/skyjo/``):

* the engine wheel, built from ``src/skyjo`` with the standard library alone
  (``sitebuild.wheel``; this command needs nothing pip-installed), compiled to
  Pyodide bytecode (``sitebuild.bytecode``: an archive of ``.pyc`` files, which
  start faster than sources), which PyScript's ``files`` table writes into the
  page's worker and Python imports from as it is (no micropip, which the npm
  Pyodide package does not ship);
* the page itself from ``site/``, with the engine archive's name, the service
  worker's file list and version stamped in;
* PyScript and Pyodide copied from ``node_modules`` at the versions pinned in
  ``package-lock.json`` (installed with ``npm ci``), so the page never needs a CDN;
* the QR code encoder and decoder for playing together, from npm too, in the
  build's ``vendor/`` folder (:data:`VENDORED`);
* the web app icons, drawn here so that no binary files live in git.

Every URL in the output is relative, and two builds of the same commit give
byte-identical files: the wheel's timestamps come from the commit time
(``SOURCE_DATE_EPOCH``), files are written in sorted order, and the service worker's
version is a hash of the other files' contents, so a new deploy replaces the old
offline cache exactly when something changed.

A page never runs two builds (issue 36): only the pages (``index.html``,
``rules.html``, ...), the service worker and the web app manifest keep their names,
since people link to the pages and browsers find the other two by name. Every file
a page loads as it runs sits in a folder named by a hash of its contents:
``build-<hash>/`` for ours (the start-up scripts, ``page.mjs``, the worker, the
engine, the styles, the icons, the pre-painted embeds) and ``runtime-<hash>/`` for
PyScript and Pyodide, which change only with ``package-lock.json``, so a deploy
leaves their 14 MB, and Chromium's cached machine code for Pyodide, where they are.
A folder rather than ``?v=`` queries, since a static server ignores a query: an old
page asking ``boot.js?v=A`` after a deploy would get B's bytes. A folder rather than
a hash in each file's name, since the files inside it import each other by relative
URLs that then need no rewriting, and a new build is one new folder. An old page
whose folder is gone from the server reloads once into the new build (see
``site/boot-build.js``); the service worker keeps the previous build's folder for
tabs left open across a deploy (``site/sw.js``).

``python build.py serve [--port N] [--sub-path /x/]`` builds, then serves ``dist/`` on
127.0.0.1 (under a sub-path, as GitHub Pages serves a project site, if asked).
``python build.py --zip`` also writes ``skyjo-site-<version>.zip``: ``dist/`` in one
deterministic archive for people who host the game themselves.
Build errors print one line that says what to install or fix and exit with status 1.

This file sits at the repository root and therefore shadows the ``build`` package
for ``python -m build`` run from the root: run that from another folder.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from sitebuild import bytecode, wheel
from sitebuild.zipfiles import write_zip

ROOT = Path(__file__).resolve().parent
# The pages are pre-painted by the engine this build ships, not by whichever copy
# happens to be installed.
sys.path.insert(0, str(ROOT / "src"))
from sitebuild import locales, pages, rules  # noqa: E402

SITE = ROOT / "site"
#: Every language's messages, the rules page's words among them (``rules.arb``).
LOCALES = ROOT / "src" / "skyjo" / "i18n" / "locales"
#: The structure the rules page's words fill in.
RULES_ARTICLE = ROOT / "rules" / "article.html"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
LOG_DIR = ROOT / "build"

#: The Pyodide files the page loads; the rest of the npm package (console pages,
#: source maps, the CommonJS entry) is never requested.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: PyScript's own ``service-worker.js`` is an unrelated helper for its sync features;
#: shipping it next to ours would only confuse. Source maps are for debugging.
PYSCRIPT_SKIP = re.compile(r"(\.map$)|(^service-worker\.js$)")

#: Browser code from npm copied as it is into the build's folder, by its path there:
#: the QR encoder and decoder (docs/several-devices.md says why these two) with their
#: licences. Only site/qr.mjs imports them, when a page plays together; the service
#: worker precaches them with every other file, so a game by QR works offline.
VENDORED = {
    "vendor/lean-qr.mjs": "lean-qr/index.mjs",
    "vendor/lean-qr.LICENSE.txt": "lean-qr/LICENSE",
    "vendor/jsQR.js": "jsqr/dist/jsQR.js",
    "vendor/jsQR.LICENSE.txt": "jsqr/LICENSE",
}

#: Placeholders in ``site/`` files that the build replaces.
ENGINE_MARK = "@ENGINE_ARCHIVE@"
SW_VERSION_MARK = "@SW_VERSION@"
SW_FILES_MARK = "@SW_FILES@"
PRELOADS_MARK = "@RUNTIME_PRELOADS@"
#: The runtime's folder (``runtime-<hash>``), beside the build's folder.
RUNTIME_MARK = "@RUNTIME@"
#: The build's folder (``build-<hash>``), from the top of the site.
BUILD_MARK = "@BUILD@"

#: Site files with placeholders, and which: the PyScript config names the engine
#: archive, the modules that load PyScript or Pyodide name the runtime's folder, the
#: manifest (which stays at the top) names the build's icons. Every page (each
#: ``*.html`` at the top of ``site/``) is a partial stamped into the one skeleton by
#: :mod:`pages`.
STAMPED = {
    "pyscript.json": (ENGINE_MARK,),
    "page.mjs": (RUNTIME_MARK,),
    "pyodide-start.mjs": (RUNTIME_MARK,),
    "manifest.webmanifest": (BUILD_MARK,),
}
#: The skeleton's own files: stamped into every page, never copied alone.
SKELETON_PARTS = frozenset({"_skeleton.html", "boot-lang.js", "boot-build.js", "markup-guard.js"})
#: Where a build's files and the runtime's are staged until their hash names them.
BUILD_STAGE = ".build"
RUNTIME_STAGE = ".runtime"

#: PyScript's chunks that every page loads (its core and the one plugin the pages
#: keep: its error box; the others are turned off, see
#: ``sitebuild.pages.PYSCRIPT_UNUSED_PLUGINS``), by name before the content hash.
#: Each, and each plugin turned off, must match exactly one file, so a PyScript
#: upgrade that renames them fails the build instead of silently slowing it.
PYSCRIPT_EAGER = (
    "core",
    "error",
)


#: Used when the tree is not a git checkout (e.g. an unpacked source archive):
#: 1980-01-01, the earliest time a zip file can hold.
FALLBACK_EPOCH = 315532800

#: Icon colours: the table's felt and a card face.
FELT = (0x1F, 0x5F, 0x4A)
CARD = (0xF7, 0xF3, 0xE8)
CARD_ACCENT = (0x3A, 0x7C, 0xC9)


class BuildError(Exception):
    """A build step failed; the message is one line that says what to do."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args = parse_args(argv)
    try:
        kept_wheel = build(keep_wheel_in=ROOT if args.zip else None)
        print(f"built {display(DIST)}/ ({count_files(DIST)} files)", flush=True)
        if kept_wheel is not None:
            print(f"wrote {display(write_site_zip(DIST, ROOT))}", flush=True)
            print(f"wrote {display(kept_wheel)}", flush=True)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(DIST, port=args.port, sub_path=args.sub_path)
    return 0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse ``[build|serve] [--zip] [--port N] [--sub-path /x/]``."""
    parser = argparse.ArgumentParser(
        prog="build.py", description="Build the Skyjo static site into dist/."
    )
    parser.add_argument(
        "command", nargs="?", choices=["build", "serve"], default="build",
        help="'build' (default) writes dist/; 'serve' builds, then serves dist/ locally",
    )  # fmt: skip
    parser.add_argument(
        "--port", type=int, default=8000, help="port for 'serve' (default 8000, 0 = any free port)"
    )
    parser.add_argument(
        "--sub-path", type=sub_path, default="/", metavar="/PATH/",
        help="for 'serve': serve the site under this path, as GitHub Pages serves a "
        "project site (default /)",
    )  # fmt: skip
    parser.add_argument(
        "--zip", action="store_true",
        help="also write skyjo-site-<version>.zip of dist/ for self-hosting, and the "
        "engine wheel beside it (a release's two files)",
    )  # fmt: skip
    return parser.parse_args(argv)


def sub_path(text: str) -> str:
    """``--sub-path``'s value as ``/a/b/``: leading and trailing slash, no empty parts."""
    parts = [part for part in text.split("/") if part]
    if any(part in (".", "..") for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r}: a sub-path may not contain . or ..")
    return "/" + "".join(f"{part}/" for part in parts)


def build(*, keep_wheel_in: Path | None = None) -> Path | None:
    """Write a fresh ``dist/``: vendored runtime, the engine as bytecode, site files,
    icons, worker. The engine wheel itself is no part of the site (the pages load
    the bytecode); it is kept in ``keep_wheel_in`` when given, and its path there is
    returned. Without ``keep_wheel_in`` the wheel is built in a temporary folder that
    is gone on return, so there is no path to give (None)."""
    check_locales()
    install_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    kept_wheel: Path | None = None
    assets = DIST / BUILD_STAGE
    with tempfile.TemporaryDirectory(prefix="skyjo-build-") as tmp:
        engine_wheel = build_wheel(Path(tmp))
        engine = compile_engine(engine_wheel, assets)
        if keep_wheel_in is not None:
            kept_wheel = Path(shutil.copyfile(engine_wheel, keep_wheel_in / engine_wheel.name))
    runtime = copy_runtime()
    copy_assets(assets, engine_name=engine.name, runtime=runtime)
    write_icons(assets)
    folder = name_by_content(assets, "build-")
    try:
        copy_pages(folder=folder, runtime=runtime)
    except pages.PageError as error:
        raise BuildError(str(error)) from None
    write_manifest(folder)
    write_service_worker()
    return kept_wheel


def name_by_content(stage: Path, prefix: str) -> str:
    """Rename the staged folder ``stage`` to ``prefix`` and a hash of its files' names
    and bytes; return the new name. The same files always get the same name, and
    any change a new one (see this module's docstring)."""
    name = prefix + content_hash(stage)
    stage.rename(DIST / name)
    return name


def content_hash(folder: Path) -> str:
    """16 hex digits of SHA-256 over every file's path and bytes under ``folder``."""
    digest = hashlib.sha256()
    for path in walk_files(folder):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


# --- the languages ------------------------------------------------------------------


def check_locales() -> None:
    """Every language's messages against English (:mod:`sitebuild.locales`): a missing,
    extra or unused key, fields that do not match, a plural category the language
    lacks or English left stops the build, one line per problem naming file and key."""
    problems = locales.check(LOCALES, repository=ROOT)
    if problems:
        lines = "\n".join(f"  {problem}" for problem in problems)
        raise BuildError(
            f"the messages in {display(LOCALES)} need fixing ({len(problems)}; "
            f"docs/translating.md says how):\n{lines}"
        )


# --- npm: the pinned browser runtime -------------------------------------------------


def install_node_modules() -> None:
    """Run ``npm ci`` unless ``node_modules`` already matches ``package-lock.json``.

    Skipping the install when nothing changed keeps a rebuild fast; npm's own record
    of what it installed (``node_modules/.package-lock.json``) tells whether it did.
    """
    if node_modules_match_lock():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm not found: install Node.js 20 or newer (it includes npm), then run "
            "python build.py again"
        )
    result = run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    if result.returncode != 0:
        log = write_log("npm-ci.log", result.stdout)
        raise BuildError(
            f"npm ci failed ({npm_failure_reason(result.stdout)}): check that package.json and "
            f"package-lock.json agree and that the npm registry is reachable; "
            f"full output in {display(log)}"
        )
    if not node_modules_match_lock():
        raise BuildError("npm ci did not install what package-lock.json pins; delete node_modules")


def npm_failure_reason(output: str) -> str:
    """npm's first paragraph of error text, which states the problem; the rest is a
    usage screen and a pointer to npm's own log."""
    paragraph: list[str] = []
    for line in output.splitlines():
        if not line.startswith("npm error"):
            continue
        text = line.removeprefix("npm error").strip()
        if text.startswith("code "):
            continue
        if text:
            paragraph.append(text)
        elif paragraph:
            break
    return " ".join(paragraph)[:300] if paragraph else last_line(output)


def node_modules_match_lock() -> bool:
    """True when every package pinned in the lockfile is installed at its version."""
    try:
        wanted = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
        have = json.loads((NODE_MODULES / ".package-lock.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return False
    except json.JSONDecodeError:
        return False
    pinned = {k: v.get("version") for k, v in wanted.get("packages", {}).items() if k}
    installed = {k: v.get("version") for k, v in have.get("packages", {}).items() if k}
    return pinned == installed


def copy_runtime() -> str:
    """Copy Pyodide and PyScript into ``dist/runtime-<hash>/pyodide`` and ``.../pyscript``;
    return the folder's name. The npm packages are the same from build to build until
    ``package-lock.json`` pins others, and so is the folder's name."""
    stage = DIST / RUNTIME_STAGE
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        copy_file(pyodide / name, stage / "pyodide" / name)
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript.iterdir()):
        if path.is_file() and not PYSCRIPT_SKIP.search(path.name):
            copy_file(path, stage / "pyscript" / path.name)
    return name_by_content(stage, "runtime-")


def copy_file(source: Path, target: Path) -> None:
    """Copy one file's bytes (not its timestamps, which are no part of the build)."""
    if not source.is_file():
        raise BuildError(f"{display(source)} is missing: delete node_modules and build again")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


# --- the engine wheel ----------------------------------------------------------------


def build_wheel(out_dir: Path) -> Path:
    """Build the engine wheel into ``out_dir`` and return its path.

    The standard library writes it (``sitebuild.wheel``), so this command needs nothing
    pip-installed; the commit time stamps every entry, so the same commit gives the
    same bytes.
    """
    try:
        return wheel.build_wheel(ROOT, out_dir, epoch=source_date_epoch())
    except (wheel.WheelError, OSError) as error:
        raise BuildError(f"building the engine wheel failed: {error}") from None


def compile_engine(wheel_path: Path, out_dir: Path) -> Path:
    """The wheel compiled to Pyodide bytecode, written into ``out_dir`` (see
    :mod:`sitebuild.bytecode`); compiled once per engine and kept in ``build/``."""
    try:
        return bytecode.compile_engine(
            wheel_path,
            NODE_MODULES / "pyodide",
            out_dir,
            epoch=source_date_epoch(),
            cache=LOG_DIR / "bytecode",
        )
    except (bytecode.BytecodeError, OSError) as error:
        raise BuildError(str(error)) from None


def source_date_epoch() -> int:
    """The commit time of HEAD: the same commit always stamps the same wheel."""
    try:
        result = run(["git", "log", "-1", "--format=%ct"], cwd=ROOT)
    except BuildError:
        return FALLBACK_EPOCH
    text = result.stdout.strip()
    return (
        int(text)
        if result.returncode == 0 and text.isascii() and text.isdigit()
        else FALLBACK_EPOCH
    )


# --- the site ------------------------------------------------------------------------


def site_files() -> Iterator[tuple[str, Path]]:
    """``site/``'s files by their path in it, in a stable order."""
    for source in sorted(SITE.rglob("*")):
        if source.is_file() and "__pycache__" not in source.parts:
            yield source.relative_to(SITE).as_posix(), source


def is_page(name: str) -> bool:
    """Whether a file of ``site/`` is a page: an ``.html`` file at the top."""
    return "/" not in name and name.endswith(".html") and name not in SKELETON_PARTS


def copy_assets(folder: Path, *, engine_name: str, runtime: str) -> None:
    """Copy what the pages load from ``site/`` into ``folder``, the build's: the PyScript
    config naming the engine archive, the modules naming the runtime's folder,
    everything else as it is; the vendored QR code libraries; and the pre-painted
    embeds."""
    values = {ENGINE_MARK: engine_name, RUNTIME_MARK: runtime}
    for name, source in site_files():
        if is_page(name) or name in SKELETON_PARTS or name in pages.TOP_LEVEL:
            continue
        target = folder / name
        if name in STAMPED:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(
                stamp(source, {m: values[m] for m in STAMPED[name]}), encoding="utf-8"
            )
        else:
            copy_file(source, target)
    for name, source_name in VENDORED.items():
        copy_file(NODE_MODULES / source_name, folder / name)
    for path, fragment in pages.embed_previews().items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(fragment, encoding="utf-8")


def copy_pages(*, folder: str, runtime: str) -> None:
    """Write each page of ``site/`` into ``dist/``, stamped from the one skeleton, its
    files asked for in the build's ``folder`` and the ``runtime``'s
    (:func:`pages.in_folders`)."""
    preloads = runtime_preloads(runtime)
    assets = {path.relative_to(DIST / folder).as_posix() for path in walk_files(DIST / folder)}
    for name, source in site_files():
        if not is_page(name):
            continue
        text = pages.stamp_page(read_site_file(source), name=name, preloads=preloads)
        if name == "rules.html":
            text = rules_page(text)
        text = pages.in_folders(text, name=name, assets=assets, folder=folder, runtime=runtime)
        (DIST / name).write_text(pages.with_csp(text), encoding="utf-8")


def write_manifest(folder: str) -> None:
    """The web app manifest, at the top of the site, naming the build's icons."""
    source = SITE / "manifest.webmanifest"
    (DIST / source.name).write_text(stamp(source, {BUILD_MARK: folder}), encoding="utf-8")


def read_site_file(path: Path) -> str:
    """A site file's text; a missing one is a BuildError that says what to do."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BuildError(f"{display(path)} is missing: restore it from git") from None


def rules_page(text: str) -> str:
    """``rules.html`` with one article per language from the locale folders (see
    :mod:`sitebuild.rules`); a text that does not fit stops the build, saying where."""
    try:
        return rules.render(text, LOCALES, RULES_ARTICLE)
    except (rules.RulesTextError, OSError) as exc:
        raise BuildError(f"the rules page cannot be built: {exc}") from None


def runtime_preloads(runtime: str) -> str:
    """The ``<link>`` tags that fetch the page's own start-up modules and PyScript's at
    once, rather than one after the other as each module discovers the next: boot.js
    imports ``page.mjs`` only once the page is parsed, and ``page.mjs`` imports
    ``memory-idb.mjs`` and then PyScript, each fetched only when asked for until
    preloaded. Pyodide and the engine archive are not preloaded: the page's Web Worker
    fetches them, and a document's preload is not the worker's (Chromium warns the
    preloads go unused, and a ``modulepreload`` of Pyodide would parse it on the main
    thread, which never runs it)."""
    own = [f'  <link rel="modulepreload" href="{name}">' for name in ("page.mjs", "memory-idb.mjs")]
    return "\n".join(
        [*own, '  <link rel="modulepreload" href="pyscript/core.js">', *pyscript_preloads(runtime)]
    )


def pyscript_preloads(runtime: str) -> list[str]:
    """``<link rel="modulepreload">`` tags for PyScript's eagerly loaded chunks."""
    folder = DIST / runtime / "pyscript"
    links = []
    for stem in (*PYSCRIPT_EAGER, *pages.PYSCRIPT_UNUSED_PLUGINS):
        matches = sorted(folder.glob(f"{stem}-*.js"))
        matches = [path for path in matches if re.fullmatch(rf"{stem}-[\w-]{{8}}\.js", path.name)]
        if len(matches) != 1:
            raise BuildError(
                f"expected one PyScript chunk named {stem}-<hash>.js, found {len(matches)}: "
                "update PYSCRIPT_EAGER in build.py or PYSCRIPT_UNUSED_PLUGINS in "
                "sitebuild/pages.py for this PyScript version"
            )
        if stem in PYSCRIPT_EAGER:
            links.append(f'  <link rel="modulepreload" href="pyscript/{matches[0].name}">')
    return links


def stamp(template: Path, values: dict[str, str]) -> str:
    """Return ``template``'s text with each placeholder replaced; all must be present."""
    try:
        text = template.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BuildError(f"{display(template)} is missing: restore it from git") from None
    for mark, value in values.items():
        if mark not in text:
            raise BuildError(f"{display(template)} lacks the placeholder {mark}")
        text = text.replace(mark, value)
    return text


def write_service_worker() -> None:
    """Write ``dist/sw.js`` with the list of every other file and a content hash.

    The hash changes whenever any file changes, which makes the browser install the
    new worker, precache the new files and drop the old cache.
    """
    files = sorted(path.relative_to(DIST).as_posix() for path in walk_files(DIST))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((DIST / name).read_bytes()).digest())
    urls = ["./", *files]
    text = stamp(
        SITE / "sw.js",
        {SW_VERSION_MARK: digest.hexdigest()[:16], SW_FILES_MARK: json.dumps(urls, indent=2)},
    )
    (DIST / "sw.js").write_text(text, encoding="utf-8")


def walk_files(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``, in a stable order."""
    return (path for path in sorted(folder.rglob("*")) if path.is_file())


# --- the release archive -------------------------------------------------------------


def write_site_zip(site: Path, out_dir: Path) -> Path:
    """Write ``skyjo-site-<version>.zip`` of ``site`` into ``out_dir``; return its path.

    Everything sits in one top folder of the same name, so unpacking it on a server
    gives one folder to serve. Entries are sorted and stamped with the commit time:
    the same commit gives the same archive.
    """
    try:
        version = wheel.read_project(ROOT).version
    except wheel.WheelError as error:
        raise BuildError(str(error)) from None
    top = f"skyjo-site-{version}"
    entries = ((f"{top}/{path.relative_to(site).as_posix()}", path.read_bytes())
               for path in walk_files(site))  # fmt: skip
    target = out_dir / f"{top}.zip"
    write_zip(target, entries, epoch=source_date_epoch())
    return target


# --- icons ---------------------------------------------------------------------------


def write_icons(folder: Path) -> None:
    """Draw the PNG app icons the manifest names into the build's ``folder``."""
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(icon_png(size))


def icon_png(size: int) -> bytes:
    """A card on the table's felt, full-bleed so it also works as a maskable icon.

    The card stays inside the central 60%, the safe zone launchers never crop.
    """
    card_w, card_h = size * 36 // 100, size * 50 // 100
    left, top = (size - card_w) // 2, (size - card_h) // 2
    margin = max(2, size // 32)
    rows = []
    for y in range(size):
        row = bytearray(b"\0")  # PNG filter type 0 for this scanline
        for x in range(size):
            row += bytes(icon_pixel(x - left, y - top, card_w, card_h, margin))
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def icon_pixel(x: int, y: int, width: int, height: int, margin: int) -> tuple[int, int, int]:
    """The colour at (x, y) relative to the card's top-left corner."""
    inside = 0 <= x < width and 0 <= y < height
    if not inside:
        return FELT
    face = margin <= x < width - margin and margin <= y < height - margin
    return CARD_ACCENT if face else CARD


def png(width: int, height: int, scanlines: bytes) -> bytes:
    """Encode 8-bit RGB scanlines (each led by its filter byte) as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(scanlines, 9))
        + chunk(b"IEND", b"")
    )


# --- serving -------------------------------------------------------------------------


#: Content types a PWA needs, whatever the operating system's mime table says.
CONTENT_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the content types from ``CONTENT_TYPES``, optionally under a
    sub-path (``/skyjo/``) as GitHub Pages serves a project site: ``/skyjo`` redirects
    to ``/skyjo/`` and nothing outside the sub-path exists."""

    def __init__(self, *args: Any, sub_path: str = "/", **kwargs: Any) -> None:
        # Set before the base class handles the request inside its __init__.
        self.sub_path = sub_path
        super().__init__(*args, **kwargs)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Prefer our table: some systems map ``.js`` to ``text/plain`` or miss ``.mjs``."""
        return CONTENT_TYPES.get(Path(path).suffix) or super().guess_type(path)

    def send_head(self) -> Any:
        """Redirect the bare sub-path as GitHub Pages does; otherwise serve files."""
        if self.sub_path != "/" and self.path.split("?", 1)[0] == self.sub_path.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.sub_path)
            self.end_headers()
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """Map ``<sub-path>x`` to ``x`` in the folder; anything else to a missing file."""
        if not path.startswith(self.sub_path):
            return os.path.join(self.directory, "__outside_the_site__")
        return super().translate_path("/" + path[len(self.sub_path) :])

    def log_message(self, format: str, *args: Any) -> None:
        """Log only failures; a page load is 40 requests."""
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """``SiteHandler`` that logs nothing: for tests and benchmarks, whose own output
    is what matters."""

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet."""


class QuietServer(http.server.ThreadingHTTPServer):
    """A threaded server that ignores a browser dropping a connection mid-file
    (closing a browser context does that), which is no error of the site."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Report real errors only."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


#: Debian's Chromium: Playwright cannot download its own browser on our machines.
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
#: Flags that keep Chromium off the network and quiet in a container.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


#: A browser init script for the browser tests and the load-time benchmark: counts,
#: per frame, the Python runtimes it starts: Web Workers (where the pages' Python
#: runs, issue 21) and instantiations of a big WebAssembly module on the page itself
#: (Pyodide also instantiates a tiny module to probe the browser; that is no runtime).
COUNT_RUNTIMES = """(() => {
  window.__runtimes = 0;
  // A page's Python runs in a Web Worker (issue 21): each one started is a runtime.
  const Worker = window.Worker;
  if (Worker) window.Worker = class extends Worker {
    constructor(...args) { super(...args); window.__runtimes++; }
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (source, ...rest) {
    if (source && source.byteLength > 1000000) window.__runtimes++;
    return instantiate.call(this, source, ...rest);
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = async function (source, ...rest) {
    const response = await source;
    if (/\\.wasm$/.test(new URL(response.url).pathname)) window.__runtimes++;
    return streaming.call(this, response, ...rest);
  };
})();"""


def chromium_launch_args() -> dict[str, Any]:
    """Playwright launch arguments for Debian's Chromium where it is installed, else
    none (Playwright's own browser, as on GitHub's runners). The browser tests and
    the load-time benchmark share them."""
    if not DEBIAN_CHROMIUM.exists():
        return {}
    return {"executable_path": str(DEBIAN_CHROMIUM), "args": list(CHROMIUM_ARGS)}


@contextlib.contextmanager
def serving(directory: Path, *, sub_path: str = "/") -> Iterator[str]:
    """Serve ``directory`` under ``sub_path`` on a free local port in a background
    thread while the ``with`` block runs; yields the site's URL (ending in the
    sub-path). The browser tests and the load-time benchmark share it."""
    handler = functools.partial(QuietSiteHandler, directory=str(directory), sub_path=sub_path)
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{sub_path}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve(directory: Path, *, port: int, sub_path: str = "/") -> None:
    """Serve ``directory`` on 127.0.0.1 under ``sub_path`` until Ctrl+C.

    The handler is given the folder (rather than changing into it) so a rebuild that
    replaces ``dist/`` is served at once.
    """
    handler = functools.partial(SiteHandler, directory=str(directory), sub_path=sub_path)
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        print(f"build.py: error: cannot listen on port {port} ({error.strerror}); "
              "pick another with --port N", file=sys.stderr)  # fmt: skip
        raise SystemExit(1) from None
    url = f"http://127.0.0.1:{server.server_address[1]}{sub_path}"
    print(f"serving {display(directory)}/ at {url}  (Ctrl+C to stop)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


# --- helpers -------------------------------------------------------------------------


def run(
    command: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing its combined output; a missing program is a BuildError."""
    try:
        return subprocess.run(
            command, cwd=cwd, env=env, text=True, check=False,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
    except OSError as error:
        raise BuildError(f"cannot run {command[0]}: {error.strerror}") from None


def write_log(name: str, text: str) -> Path:
    """Keep a failed step's full output in ``build/`` for the curious."""
    LOG_DIR.mkdir(exist_ok=True)
    path = LOG_DIR / name
    path.write_text(text, encoding="utf-8")
    return path


def last_line(text: str) -> str:
    """The last non-empty line of some output, or a placeholder."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


def display(path: Path) -> str:
    """A path relative to the repository when possible, for short messages."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def count_files(folder: Path) -> int:
    """How many files a folder holds, recursively."""
    return sum(1 for _ in walk_files(folder))


if __name__ == "__main__":
    sys.exit(main())
