"""An embed's URL parameters, read into a checked configuration.

A host page writes these by hand (``embed.html?scenario=column&lang=de``), so a
typo must never break the host's page: every parameter is read on its own, a bad
one becomes a :class:`Problem` (which parameter, what it said, what is allowed)
and its default is used instead. The embed shows the problems above the table
and reports them in its ``skyjo:ready`` message.

The game record of ``#g=...`` lives in the fragment, not the query, because
fragments never reach a server (no log holds the game, no URL length limit of a
server applies).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from skyjo import scenarios, share
from skyjo.cards import MAX_PLAYERS, MIN_PLAYERS
from skyjo.errors import RulesError
from skyjo.record import GameRecord
from skyjo.rules import ColumnRule, Rules
from skyjo.scenarios import ScenarioError
from skyjo.web.inputs import query_pairs, whole_number
from skyjo.web.ui.i18n import DEFAULT_NAMES, LANGUAGES
from skyjo.web.ui.setup import BOT_LEVELS, HUMAN, KINDS, SPEEDS

#: The rule options a URL may set, in the order the docs list them.
RULE_PARAMS: Final = ("target", "column_rule", "double_on_tie", "double_nonpositive")
#: Every parameter the query may hold.
KNOWN: Final = (
    "lang",
    *RULE_PARAMS,
    "seats",
    "autoplay",
    "speed",
    "seed",
    "scenario",
    "start",
    "id",
)
DEFAULT_SEATS: Final = (HUMAN, "medium")
AUTOPLAY_SEATS: Final = ("medium", "hard")
MAX_ID_LENGTH: Final = 64
TRUE_WORDS: Final = ("1", "true", "yes", "on", "")
FALSE_WORDS: Final = ("0", "false", "no", "off")

Mode = Literal["game", "autoplay", "scenario", "record"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One parameter the embed could not use. ``allowed`` says what would work,
    in the terms of the URL (the host's author reads it, not the player)."""

    param: str
    value: str
    allowed: str

    @property
    def message(self) -> str:
        return f"{self.param}={self.value!r} is not valid: {self.allowed}. The default is used."

    def to_json(self) -> dict[str, str]:
        return {"param": self.param, "value": self.value, "allowed": self.allowed}


@dataclass(frozen=True, slots=True)
class EmbedConfig:
    """What an embed shows, after every parameter was checked.

    ``mode`` says which: a game with ``seats`` (people and bot levels), a
    bots-only ``autoplay`` demo, a named ``scenario``, or a ``record`` from the
    link's fragment shown from move ``start`` on. In the last two, ``autoplay``
    plays the remaining moves by itself."""

    language: str = "en"
    rules: Rules = field(default_factory=Rules)
    seats: tuple[str, ...] = DEFAULT_SEATS
    autoplay: bool = False
    speed: str = "normal"
    seed: int | None = None
    scenario: str | None = None
    record: GameRecord | None = None
    start: int | None = None
    host_id: str = ""
    problems: tuple[Problem, ...] = ()

    @property
    def mode(self) -> Mode:
        if self.record is not None:
            return "record"
        if self.scenario is not None:
            return "scenario"
        return "autoplay" if self.autoplay else "game"


def parse(query: str, fragment: str = "") -> EmbedConfig:
    """Read ``location.search`` and ``location.hash`` (with or without their
    ``?`` and ``#``). Never raises: anything wrong is a :class:`Problem`."""
    values, problems = _pairs(query.removeprefix("?"))
    config = EmbedConfig()
    lang = values.get("lang")
    if lang is not None:
        code = lang.strip().lower().split("-")[0]
        if code in LANGUAGES:
            config = replace(config, language=code)
        else:
            problems.append(Problem("lang", lang, f"one of {', '.join(LANGUAGES)}"))
    rules, set_rules = _rules(values, problems)
    config = replace(config, rules=rules)
    if "speed" in values:
        speed = values["speed"].strip().lower()
        if speed in SPEEDS:
            config = replace(config, speed=speed)
        else:
            problems.append(Problem("speed", values["speed"], f"one of {', '.join(SPEEDS)}"))
    if "seed" in values:
        seed = whole_number(values["seed"].strip())
        if seed is not None:
            config = replace(config, seed=seed)
        else:
            problems.append(Problem("seed", values["seed"], "a whole number 0 or above"))
    if "id" in values:
        host_id = values["id"]
        if len(host_id) <= MAX_ID_LENGTH:
            config = replace(config, host_id=host_id)
        else:  # cut, it could match another embed's id: say so, like any bad value
            problems.append(
                Problem("id", _short(host_id), f"any text of at most {MAX_ID_LENGTH} characters")
            )
    if "autoplay" in values:
        word = values["autoplay"].strip().lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            config = replace(config, autoplay=word in TRUE_WORDS)
        else:
            problems.append(Problem("autoplay", values["autoplay"], "1 or 0 (true or false)"))
    config = _seats(config, values, problems)
    config = _scenario(config, values, set_rules, problems)
    config = _record(config, fragment, problems)
    start = values.get("start")
    if start is not None:
        config = _start(config, start, problems)
    return replace(config, problems=tuple(problems))


def _pairs(query: str) -> tuple[dict[str, str], list[Problem]]:
    values: dict[str, str] = {}
    problems: list[Problem] = []
    for key, value in query_pairs(query, keep_blank=True):
        if key not in KNOWN:
            problems.append(Problem(key, value, f"not a parameter (known: {', '.join(KNOWN)})"))
        elif key in values:
            problems.append(Problem(key, value, f"{key} given twice; the first value counts"))
        else:
            values[key] = value
    return values, problems


def _rules(values: Mapping[str, str], problems: list[Problem]) -> tuple[Rules, tuple[str, ...]]:
    """The rules with each option given; returns them and the options set."""
    rules = Rules()
    allowed = {
        "target": "a whole number above 0 (100 is the manual's)",
        "column_rule": f"one of {', '.join(c.value for c in ColumnRule)}",
        "double_on_tie": "true or false",
        "double_nonpositive": "true or false",
    }
    chosen: list[str] = []
    for name in RULE_PARAMS:
        if name not in values:
            continue
        text = values[name].strip().lower()
        try:
            if name == "target" and whole_number(text) is None:
                raise RulesError(name)
            rules = rules.with_option(name, text)
        except RulesError:
            problems.append(Problem(name, values[name], allowed[name]))
            continue
        chosen.append(name)
    return rules, tuple(chosen)


def _seats(config: EmbedConfig, values: Mapping[str, str], problems: list[Problem]) -> EmbedConfig:
    kinds: tuple[str, ...] | None = None
    if "seats" in values:
        words = tuple(w.strip().lower() for w in values["seats"].split(","))
        if MIN_PLAYERS <= len(words) <= MAX_PLAYERS and all(w in KINDS for w in words):
            kinds = words
        else:
            problems.append(
                Problem(
                    "seats",
                    values["seats"],
                    f"{MIN_PLAYERS} to {MAX_PLAYERS} comma-separated seats, each one of "
                    f"{', '.join(KINDS)}",
                )
            )
    if config.autoplay:
        if kinds is not None and HUMAN in kinds:
            problems.append(
                Problem(
                    "seats", values["seats"], f"bots only with autoplay ({', '.join(BOT_LEVELS)})"
                )
            )
            kinds = tuple("medium" if k == HUMAN else k for k in kinds)
        return replace(config, seats=kinds or AUTOPLAY_SEATS)
    return replace(config, seats=kinds or DEFAULT_SEATS)


def _scenario(
    config: EmbedConfig,
    values: Mapping[str, str],
    set_rules: tuple[str, ...],
    problems: list[Problem],
) -> EmbedConfig:
    """A scenario plays only under the rule settings it was written for: another
    setting of its switch, or any other option, is a problem of that parameter."""
    name = values.get("scenario")
    if name is None:
        return config
    try:
        chosen = scenarios.get(name.strip())
    except ScenarioError:
        problems.append(Problem("scenario", name, f"one of {', '.join(scenarios.SCENARIOS)}"))
        return config
    rules = chosen.rules
    for option in set_rules:
        if option == chosen.option:
            text = str(config.rules.to_dict()[option]).lower()
            try:
                rules = chosen.variant_for(text).rules
            except ScenarioError:
                offered = ", ".join(str(v.value) for v in chosen.variants)
                problems.append(
                    Problem(option, values[option], f"one of {offered} in scenario {chosen.name}")
                )
        elif getattr(config.rules, option) != getattr(chosen.rules, option):
            switch = f"only {chosen.option}" if chosen.option else "no rule option"
            problems.append(
                Problem(option, values[option], f"scenario {chosen.name} switches {switch}")
            )
    return replace(config, scenario=chosen.name, rules=rules)


def _record(config: EmbedConfig, fragment: str, problems: list[Problem]) -> EmbedConfig:
    """``#g=<text of Share this game>``; other fragments are the host's business."""
    fragment = fragment.removeprefix("#")
    pairs = dict(query_pairs(fragment, keep_blank=True))
    text = pairs.get("g")
    if text is None:
        return config
    try:
        game = share.decode(text)
    except share.LinkError as exc:
        problems.append(
            Problem("g", _short(text), f"a game link made by 'Share this game' ({exc})")
        )
        return config
    if config.scenario is not None:
        problems.append(Problem("scenario", config.scenario, "not together with a game link #g="))
    return replace(config, record=game, scenario=None, rules=game.rules)


def _start(config: EmbedConfig, text: str, problems: list[Problem]) -> EmbedConfig:
    """``start`` counts record moves (all rounds together, deals not counted)."""
    if config.mode not in ("record", "scenario"):
        problems.append(Problem("start", text, "only with a game link #g= or a scenario"))
        return config
    limit = _move_count(config)
    start = whole_number(text.strip())
    if start is not None and start <= limit:
        return replace(config, start=start)
    problems.append(Problem("start", text, f"a move number 0 to {limit}"))
    return config


def _move_count(config: EmbedConfig) -> int:
    if config.record is not None:
        return sum(len(r.moves) for r in config.record.rounds)
    assert config.scenario is not None
    return len(scenarios.get(config.scenario).record(config.rules).rounds[0].moves)


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "…"


def seat_names(kinds: tuple[str, ...], language: str) -> tuple[str, ...]:
    """Names for the seats: the first person is "You"; everyone else gets the next
    name of the language's list, so a bot is never called "You"."""
    names = DEFAULT_NAMES[language]
    others = iter(names[1:])
    result = []
    you_given = False
    for kind in kinds:
        if kind == HUMAN and not you_given:
            result.append(names[0])
            you_given = True
        else:
            result.append(next(others))
    return tuple(result)
