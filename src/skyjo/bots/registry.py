"""Bots by name, or by import path ``package.module:factory`` for anyone's own bot.

A bot spec may end in factory arguments, ``key=value`` pairs separated by commas:
``expert:budget=32`` or ``mypackage.mybot:make:depth=3,greedy=true``. Values
are read as a bool (``true``/``false``), an int, a float or else a string, and
passed to the factory as keyword arguments.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field

from skyjo.bots.base import Bot
from skyjo.errors import SkyjoError


class UnknownBotError(SkyjoError):
    """A bot name that is neither registered nor an importable ``module:factory``,
    or factory arguments that are malformed or that the factory does not take."""


#: Registered bots as import paths: a module is imported only when its bot is first
#: made, which keeps the page's start-up from compiling every bot (Pyodide has no
#: precompiled bytecode for our modules).
BOTS: dict[str, str] = {
    "random": "skyjo.bots.random_bot:RandomBot",
    "easy": "skyjo.bots.easy:EasyBot",
    "medium": "skyjo.bots.medium:MediumBot",
    "hard": "skyjo.bots.hard:HardBot",
    "expert": "skyjo.bots.expert:ExpertBot",
    "statistician": "skyjo.bots.statistician:StatisticianBot",
}

#: A factory argument's value: what ``key=value`` text can mean.
ArgValue = bool | int | float | str


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec: a registered name or ``module:factory`` path, and the
    keyword arguments for its factory. ``str(spec)`` is the canonical text."""

    target: str
    kwargs: dict[str, ArgValue] = field(default_factory=dict)
    #: Each argument's text as written, for a factory parameter annotated ``str``.
    texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __str__(self) -> str:
        if not self.kwargs:
            return self.target
        args = ",".join(f"{k}={_format_value(v)}" for k, v in self.kwargs.items())
        return f"{self.target}:{args}"


def bot_names() -> tuple[str, ...]:
    return tuple(BOTS)


def parse_spec(spec: str) -> BotSpec:
    """``"hard"``, ``"pkg.mod:make"``, ``"expert:budget=32"`` or
    ``"pkg.mod:make:depth=3,greedy=true"`` as a :class:`BotSpec`.

    The arguments follow the last ``:`` before the first ``=`` (names and
    import paths hold no ``=``; a string value may hold a ``:``)."""
    spec = spec.strip()
    first_eq = spec.find("=")
    if first_eq >= 0:
        # A string value may hold ':' ("path=a:b"): the arguments start after the
        # ':' that precedes the first '='.
        cut = spec.rfind(":", 0, first_eq)
        if cut <= 0:
            raise UnknownBotError(
                f"bot {spec!r} has arguments but no bot name before them (write name:key=value)"
            )
    else:
        # No '=': arguments only if something follows a registered name or a
        # module:factory path, and then they are malformed (reported below).
        name, sep, rest = spec.partition(":")
        if sep and name in BOTS:
            cut = len(name)
        elif ":" in rest:
            cut = len(name) + 1 + rest.index(":")
        else:
            return BotSpec(spec)
    head, tail = spec[:cut], spec[cut + 1 :]
    kwargs: dict[str, ArgValue] = {}
    texts: dict[str, str] = {}
    for pair in tail.split(","):
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise UnknownBotError(
                f"bad factory argument {pair.strip()!r} in bot {spec!r}: expected key=value "
                "with a Python name as key"
            )
        if key in kwargs:
            raise UnknownBotError(f"factory argument {key!r} is given twice in bot {spec!r}")
        texts[key] = value.strip()
        kwargs[key] = parse_value(texts[key])
    return BotSpec(head, kwargs, texts)


def parse_value(text: str) -> ArgValue:
    """``true``/``false`` (any case) as a bool, then an int, a float, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _format_value(value: ArgValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def split_players(text: str) -> list[str]:
    """A comma-separated player list as bot specs. Factory arguments are also
    separated by commas, so a piece whose first ``=`` comes before any ``:``
    (``greedy=true`` in ``mod:make:depth=3,greedy=true,hard``) continues the
    bot before it."""
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        eq, colon = piece.find("="), piece.find(":")
        if eq >= 0 and (colon < 0 or eq < colon):
            if not specs or ":" not in specs[-1] or "=" not in specs[-1]:
                raise UnknownBotError(
                    f"factory argument {piece!r} follows no bot with arguments "
                    "(write module:factory:key=value,...)"
                )
            specs[-1] = f"{specs[-1]},{piece}"
        else:
            specs.append(piece)
    return specs


def make_bot(spec: str | BotSpec) -> Bot:
    """A new bot from a registered name (``"hard"``), an import path
    (``"mypackage.mybot:make"``, a callable returning a bot), either followed by
    factory arguments (``"expert:budget=32"``), or a parsed :class:`BotSpec`."""
    parsed = spec if isinstance(spec, BotSpec) else parse_spec(spec)
    target, kwargs = parsed.target, parsed.kwargs
    factory: Callable[..., object]
    if target in BOTS:
        module_name, _, attr = BOTS[target].partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
    elif ":" not in target:
        raise UnknownBotError(
            f"unknown bot {target!r} (known: {', '.join(BOTS)}; or give 'package.module:factory')"
        )
    else:
        module_name, _, attr = target.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError, ValueError) as exc:
            raise UnknownBotError(f"cannot load bot {target!r}: {exc}") from None
    if kwargs:
        kwargs = _check_arguments(factory, parsed)
        try:
            bot = factory(**kwargs)
        except (TypeError, ValueError) as exc:
            raise UnknownBotError(
                f"bot {str(parsed)!r}: its factory refused the arguments: {exc}"
            ) from exc
    else:
        bot = factory()
    if not isinstance(bot, Bot):
        raise UnknownBotError(
            f"{target!r} did not return a bot (needs .name and .decide(view, rng))"
        )
    return bot


#: Annotations a factory argument is checked against, by their text, and what
#: to call a value of that kind in an error.
_KINDS: dict[str, tuple[tuple[type, ...], str]] = {
    "bool": ((bool,), "true or false"),
    "int": ((int,), "an integer"),
    "float": ((int, float), "a number"),
}


def _check_arguments(factory: Callable[..., object], spec: BotSpec) -> dict[str, ArgValue]:
    """The arguments to call the factory with: refuse those it does not take, or
    whose value does not fit a plain ``bool``/``int``/``float`` annotation,
    naming them, before calling it (a ``TypeError`` from inside the factory
    would be another matter); a ``str`` parameter gets the text as written."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return spec.kwargs  # no signature to check against: let the call decide
    try:
        signature.bind(**spec.kwargs)
    except TypeError as exc:
        raise UnknownBotError(f"bot {str(spec)!r}: the factory {spec.target!r} {exc}") from None
    kwargs = dict(spec.kwargs)
    for key, value in spec.kwargs.items():
        parameter = signature.parameters.get(key)
        if parameter is None:
            continue  # taken by **kwargs
        annotation = parameter.annotation
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text == "str":
            kwargs[key] = spec.texts.get(key, _format_value(value))
            continue
        if text not in _KINDS:
            continue
        kinds, described = _KINDS[text]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise UnknownBotError(
                f"bot {str(spec)!r}: argument {key}={_format_value(value)} should be {described}"
            )
    return kwargs
