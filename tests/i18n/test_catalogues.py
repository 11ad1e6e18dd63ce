"""The locale folders: every message of every domain rendered in every language with
sample values for every person, plural category and card (no unfilled field, no
raw key, no empty text), the build's check of every language against English, and
what that check finds in folders made wrong on purpose. A language is one folder:
a fake one, added from a folder alone, is read, checked and given a rules article.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import build
from sitebuild import locales, pages, rules
from skyjo.i18n.catalogue import LOCALES, Catalogue, has_language, path
from skyjo.i18n.grammar import PLURAL_SAMPLES, Person, plural_categories
from skyjo.i18n.language import LANGUAGES
from skyjo.i18n.messageformat import Arg, arguments, render

ROOT = Path(__file__).resolve().parents[2]
FILES = locales.read(Path(LOCALES)).files
CARDS = tuple(range(-2, 13))
PEOPLE = (Person("Ben"), Person("You", you=True), Person("Ann and Ben", several=True))

#: Every key rendered through the message format: none may appear in a rendered message.
KEYS = {
    key
    for domain, messages in FILES["en"].items()
    if domain not in locales.PLAIN
    for key in messages
    if "." in key
}


def samples(args: list[Arg], field: str, language: str) -> tuple[object, ...]:
    """The values to try for ``field``, by how the message uses it."""
    kinds = {arg.kind for arg in args if arg.field == field}
    values: list[object] = []
    if "plural" in kinds:
        exact = {
            int(k[1:])
            for arg in args
            if arg.field == field
            for k, _ in arg.branches
            if k.startswith("=")
        }
        values += [PLURAL_SAMPLES[c] for c in plural_categories(language)] + [0, 2, *sorted(exact)]
    if "person" in kinds:
        values += PEOPLE
    if kinds & {"a", "the"}:
        values += CARDS
    if "select" in kinds:
        values += [key for arg in args if arg.field == field for key, _ in arg.branches]
    return tuple(values) or ("Sam",)


def renderings(message: str, language: str) -> Iterator[tuple[dict[str, object], str]]:
    """The message with each field's samples in turn (the others at their first),
    and every combination of the persons."""
    args = arguments(message)
    names = sorted({arg.field for arg in args})
    options = {name: samples(args, name, language) for name in names}
    base = {name: values[0] for name, values in options.items()}
    for name, values in options.items():
        for value in values:
            values_now = {**base, name: value}
            yield values_now, render(message, values_now, language)
    persons = [n for n in names if any(a.field == n and a.kind == "person" for a in args)]
    for combo in itertools.product(PEOPLE, repeat=len(persons)):
        values_now = {**base, **dict(zip(persons, combo, strict=True))}
        yield values_now, render(message, values_now, language)


def every_message() -> Iterator[tuple[str, str, str, str]]:
    """(domain, language, key, message) of every domain the message format renders."""
    for language, domains in FILES.items():
        for domain, messages in domains.items():
            if domain in locales.PLAIN:
                continue
            for key, message in messages.items():
                yield domain, language, key, message


def test_every_language_of_the_site_has_a_folder_of_every_domain() -> None:
    assert sorted(FILES) == sorted(LANGUAGES)
    domains = {"game", "bots", "scorepad", "embed", "scenarios", "review", "boot", "rules"}
    assert all(set(FILES[language]) == domains for language in LANGUAGES)


def test_every_message_renders_with_every_person_plural_and_card() -> None:
    problems = []
    count = 0
    for domain, language, key, message in every_message():
        for values, text in renderings(message, language):
            count += 1
            leftovers = re.findall(r"[{}#]", text)
            raw = [k for k in KEYS if k in text]
            if leftovers or raw or not text.strip():
                problems.append(f"{language}/{domain}/{key} with {values}: {text!r}")
    assert problems == []
    assert count >= sum(1 for _ in every_message()) > 2000  # every message at least once


def test_the_locale_folders_pass_the_builds_check() -> None:
    assert [str(p) for p in locales.check(Path(LOCALES), repository=ROOT)] == []


# --- what the check finds -------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the locale folders to break (``<tmp>/src/skyjo/i18n/locales``, so files
    are named as in the repository)."""
    root = tmp_path / "src" / "skyjo" / "i18n" / "locales"
    shutil.copytree(LOCALES, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def change(
    root: Path, language: str, domain: str, edit: Callable[[dict[str, object]], object]
) -> None:
    """Edit one file of the copy as JSON."""
    file = root / language / f"{domain}.arb"
    data = json.loads(file.read_text(encoding="utf-8"))
    edit(data)
    file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def found(root: Path, *, repository: Path | None = None) -> list[str]:
    return [str(problem) for problem in locales.check(root, repository=repository)]


def test_the_build_stops_on_a_problem_naming_file_and_key(
    copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build.check_locales()  # the real folders pass
    change(copy, "nl", "scorepad", lambda data: data.pop("entry.round"))
    monkeypatch.setattr(build, "LOCALES", copy)
    with pytest.raises(build.BuildError, match=r"\n  src/skyjo/i18n/locales/nl/scorepad.arb: "):
        build.check_locales()


def test_a_missing_and_an_extra_key_name_file_and_key(copy: Path) -> None:
    def edit(data: dict[str, object]) -> None:
        data.pop("table.round")
        data["table.rounds"] = "Manche"

    change(copy, "fr", "game", edit)
    assert found(copy) == [
        "src/skyjo/i18n/locales/fr/game.arb: 'table.round': missing",
        "src/skyjo/i18n/locales/fr/game.arb: 'table.rounds': extra: English has no such key",
    ]


def test_a_key_no_code_asks_for_is_unused(copy: Path) -> None:
    change(copy, "en", "scorepad", lambda data: data.update({"nav.never": "Never shown"}))
    problems = found(copy, repository=ROOT)
    assert "src/skyjo/i18n/locales/en/scorepad.arb: 'nav.never': unused" in problems
    assert not any("'nav.back'" in p for p in problems)  # a key the code does ask for
    assert not any("'kind.expert'" in p for p in problems)  # one it builds: f"kind.{k}"


def test_fields_that_differ_from_englishs(copy: Path) -> None:
    change(copy, "de", "game", lambda data: data.update({"table.round": "Runde {runde}"}))
    assert found(copy) == [
        "src/skyjo/i18n/locales/de/game.arb: 'table.round':"
        " fields ['runde'] where English has ['n']"
    ]


def test_a_plural_category_the_language_lacks(copy: Path) -> None:
    message = "Ziehstapel, {count, plural, one {# Karte} many {# Karten} other {# Karten}}"
    change(copy, "de", "game", lambda data: data.update({"table.draw_pile": message}))
    [problem] = found(copy)
    assert problem.startswith("src/skyjo/i18n/locales/de/game.arb: 'table.draw_pile': plural")
    assert "['many'] that 'de' does not have" in problem


def test_a_message_that_does_not_parse_or_is_empty(copy: Path) -> None:
    def edit(data: dict[str, object]) -> None:
        data["table.round"] = "Manche {n"
        data["table.log"] = " "

    change(copy, "fr", "game", edit)
    problems = found(copy)
    assert "src/skyjo/i18n/locales/fr/game.arb: 'table.log': empty" in problems
    assert any(
        p.startswith("src/skyjo/i18n/locales/fr/game.arb: 'table.round': does not parse")
        for p in problems
    )


def test_english_left_in_a_translation(copy: Path) -> None:
    def edit(data: dict[str, object]) -> None:
        data["setup.quick"] = "Quick game: you against three bots"  # copied
        data["setup.players"] = "Spieler and players"  # English words left

    change(copy, "de", "game", edit)
    assert sorted(found(copy)) == [
        "src/skyjo/i18n/locales/de/game.arb: 'setup.players': English left: and, players (a word "
        "the language spells so too goes in its same-as-english.txt)",
        "src/skyjo/i18n/locales/de/game.arb: 'setup.quick': is the English message, untranslated",
    ]


def test_a_word_the_language_spells_so_too_is_listed_in_its_folder(copy: Path) -> None:
    # "fine" is Italian ("Fine della partita"): its folder lists it, so it passes.
    assert found(copy) == []
    words = copy / "it" / locales.SAME_AS_ENGLISH
    words.write_text(words.read_text(encoding="utf-8").replace("fine\n", ""), encoding="utf-8")
    assert any("English left: fine" in p for p in found(copy))


def test_a_missing_file_and_a_language_of_the_site_without_a_folder(copy: Path) -> None:
    (copy / "nl" / "review.arb").unlink()
    shutil.rmtree(copy / "it")
    problems = found(copy)
    assert (
        problems[0] == f"src/skyjo/i18n/language.py: lists 'it', which has no folder {copy / 'it'}"
    )
    assert problems[1].startswith("src/skyjo/i18n/locales/nl/review.arb: missing (English has ")


def test_braces_in_a_text_shown_as_it_is(copy: Path) -> None:
    change(copy, "en", "boot", lambda data: data.update({"play": "Play {n}"}))
    assert "src/skyjo/i18n/locales/en/boot.arb: 'play': holds braces" in " ".join(found(copy))


def test_a_key_in_two_domains_a_page_reads_together(copy: Path) -> None:
    # The embed reads the embed, scenarios, game and bots domains as one table.
    for language in LANGUAGES:
        change(copy, language, "embed", lambda data: data.update({"table.log": "Moves"}))
    problems = found(copy)
    assert any(
        p.startswith("src/skyjo/i18n/locales/en/game.arb: 'table.log': also in embed.arb")
        for p in problems
    )


def test_a_file_that_is_not_messages(copy: Path) -> None:
    (copy / "es" / "boot.arb").write_text('{"play": "Jugar",}', encoding="utf-8")
    change(copy, "fr", "embed", lambda data: data.update({"@@locale": "it", "embed.next": 3}))
    problems = found(copy)
    assert any(p.startswith("src/skyjo/i18n/locales/es/boot.arb: not JSON") for p in problems)
    assert "src/skyjo/i18n/locales/fr/embed.arb: '@@locale': is 'it', not its folder" in problems
    assert (
        "src/skyjo/i18n/locales/fr/embed.arb: 'embed.next': is not a message (a string)" in problems
    )


# --- a language is one folder ---------------------------------------------------------


def test_a_new_language_is_one_folder(copy: Path) -> None:
    # A fake language "xx", a folder copied from German with one message of its
    # own and nothing else: no Python, no language list, no grammar of its own.
    shutil.copytree(copy / "de", copy / "xx")
    for file in (copy / "xx").glob("*.arb"):
        change(copy, "xx", file.stem, lambda data: data.update({"@@locale": "xx"}))
    change(copy, "xx", "game", lambda data: data.update({"table.round": "Rundo {n}"}))
    # The build's check reads it against English and finds nothing wrong...
    assert found(copy) == []
    # ...the pages' catalogues speak it...
    game = Catalogue("xx", domains=("game", "bots"), root=str(copy))
    assert game.language == "xx" and game.t("table.round", n=3) == "Rundo 3"
    assert game.t("bot.draw") == "zieht eine Karte"
    # ...and the rules page has its article.
    page = pages.stamp_page(
        (ROOT / "site" / "rules.html").read_text(encoding="utf-8"), name="rules.html", preloads=""
    )
    html = rules.render(page, copy, ROOT / "rules" / "article.html")
    assert '<article id="xx" class="lang" lang="xx">' in html
    # A mistake in it is named like any other language's.
    change(copy, "xx", "scorepad", lambda data: data.pop("entry.round"))
    assert found(copy) == ["src/skyjo/i18n/locales/xx/scorepad.arb: 'entry.round': missing"]


def test_the_folders_packed_in_one_zip_read_the_same(tmp_path: Path) -> None:
    # Intent: the pages' engine archive carries the folders as locales.zip
    # (sitebuild/pyodide_compiler.py); without a folder, the catalogues read the zip.
    root = tmp_path / "locales"
    with zipfile.ZipFile(root.with_suffix(".zip"), "w") as bundle:
        for file in sorted(Path(LOCALES).glob("*/*.arb")):
            bundle.write(file, file.relative_to(LOCALES).as_posix())
    packed = Catalogue("de", domains=("game", "bots"), root=str(root))
    assert packed.language == "de" and packed.t("table.round", n=3) == "Runde 3"
    assert packed.t("bot.draw") == Catalogue("de", domains=("bots",)).t("bot.draw")
    assert not has_language("xx", root=str(root)) and has_language("it", root=str(root))
    assert Catalogue("xx", domains=("game",), root=str(root)).t("table.round", n=3) == "Round 3"
    assert path("game", "de", root=str(root)) == f"{root}.zip/de/game.arb"
