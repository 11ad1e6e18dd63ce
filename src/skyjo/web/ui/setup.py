"""The table's setup: who sits where (a person or a bot level), the rules, bot speed.

Kept as data with a JSON form so the page can remember the last setup and a saved
game can rebuild its bots.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from skyjo import names
from skyjo.cards import MAX_PLAYERS, MIN_PLAYERS
from skyjo.errors import RulesError, SkyjoError
from skyjo.rules import Rules
from skyjo.web.ui.i18n import DEFAULT_LANGUAGE, DEFAULT_NAMES

HUMAN: Final = "human"
BOT_LEVELS: Final = ("easy", "medium", "hard", "expert")
KINDS: Final = (HUMAN, *BOT_LEVELS)
#: A person playing on another device, joined over a data channel
#: (:mod:`skyjo.web.together`): only the game page offers it (an embed has no
#: invitations), so it is not one of :data:`KINDS`.
REMOTE: Final = "remote"
#: What a seat of the game page's setup may be.
SEAT_KINDS: Final = (HUMAN, REMOTE, *BOT_LEVELS)

#: Pause before each bot step, in milliseconds.
SPEEDS: Final[dict[str, int]] = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}
MAX_NAME_LENGTH: Final = names.MAX_NAME_LENGTH


class SetupError(SkyjoError):
    """A setup that cannot start a game. ``key`` is the catalogue message that says
    why and ``fields`` fill it in, so the page can say it in any language."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(f"{key} {fields}")


def parse_target(text: str) -> int:
    """The custom target typed into the setup form, as a whole number above 0; a
    :class:`SetupError` (shown in the page's language) for anything else."""
    try:
        target = int(text.strip())
    except ValueError:
        raise SetupError("setup.error.target") from None
    if target <= 0:
        raise SetupError("setup.error.target")
    return target


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind not in (HUMAN, REMOTE)

    @property
    def is_remote(self) -> bool:
        """A person on another device: not a bot, and not at this device."""
        return self.kind == REMOTE


@dataclass(frozen=True, slots=True)
class Setup:
    seats: tuple[Seat, ...]
    rules: Rules = field(default_factory=Rules)
    speed: str = "normal"

    @classmethod
    def quick(cls, language: str = DEFAULT_LANGUAGE) -> Setup:
        """You against three medium bots at the default rules."""
        names = DEFAULT_NAMES.get(language, DEFAULT_NAMES[DEFAULT_LANGUAGE])
        seats = (Seat(names[0]), *(Seat(names[i], "medium") for i in (1, 2, 3)))
        return cls(seats)

    def check(self) -> Setup:
        """This setup with names tidied; raises :class:`SetupError` if it cannot start."""
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            raise SetupError("setup.error.count")
        seats = []
        for n, seat in enumerate(self.seats, start=1):
            name = " ".join(seat.name.split())[:MAX_NAME_LENGTH]
            if not name:
                raise SetupError("setup.error.name", n=n)
            if seat.kind not in SEAT_KINDS:
                raise SetupError("setup.error.count")
            seats.append(Seat(name, seat.kind))
        return replace(
            self, seats=tuple(seats), speed=self.speed if self.speed in SPEEDS else "normal"
        )

    def check_names(self) -> None:
        """Raise :class:`SetupError` when a seat's name shows nothing (zero-width
        characters only) or two seats' names read the same (ignoring case, width and
        invisible characters: :func:`skyjo.names.name_key`): the log, the score sheet
        and "your turn" could not tell them apart. Only a new game is refused; saves
        made before this check still load."""
        seen: dict[str, int] = {}
        for n, seat in enumerate(self.seats, start=1):
            if not names.visible(seat.name):
                raise SetupError("setup.error.invisible", n=n)
            key = names.name_key(seat.name)
            if key in seen:
                raise SetupError("setup.error.same_name", name=seat.name, first=seen[key], n=n)
            seen[key] = n

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "rules": self.rules.to_dict(),
            "speed": self.speed,
        }

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """Parse a remembered setup; raises ``ValueError`` for anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise ValueError("a setup is an object with 'seats'")
        seats = []
        for raw in data["seats"]:
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise ValueError("each seat needs a 'name'")
            kind = raw.get("kind", HUMAN)
            if not isinstance(kind, str) or kind not in SEAT_KINDS:
                raise ValueError(f"unknown seat kind {kind!r}")
            seats.append(Seat(raw["name"], kind))
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except (RulesError, TypeError, AttributeError) as exc:
            raise ValueError(f"the rules cannot be read: {exc}") from None
        speed = data.get("speed", "normal")
        if not isinstance(speed, str):
            raise ValueError(f"the speed must be a word, not {speed!r}")
        return cls(tuple(seats), rules, speed if speed in SPEEDS else "normal").check()
