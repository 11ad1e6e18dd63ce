"""The table's controller: intents from the page in, a changed app out.

The page (``dom``) calls one method per user intent (take the discard pile's card,
click a card, next round ...) and then repaints from :func:`skyjo.web.ui.present`.
Everything here is plain Python: storage is injected (``localStorage`` in the
browser, a dict in tests), bots move one engine step per :meth:`App.bot_step` so
the page can pace and animate them, and the game is saved after every action.
A save the device refuses is said at once (:attr:`App.unsaved`) and the game goes
on in memory with Export offered; what cannot be read is kept aside, never lost
(:class:`skyjo.web.device.Keeper`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from skyjo import engine, jsontext, record
from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots import Bot, Decision, ask, make_bot
from skyjo.bots.base import Reason, ask_in_steps
from skyjo.cards import column_positions
from skyjo.errors import IllegalActionError, SkyjoError
from skyjo.events import (
    CardDiscarded,
    CardFlipped,
    CardRevealed,
    CardSwapped,
    ColumnRemoved,
    Event,
    GameEnded,
    PilesReshuffled,
    RoundDealt,
    RoundEnding,
    RoundScored,
    SetupDone,
)
from skyjo.game import Game, NoTakeBack
from skyjo.i18n.language import SAVED_LANGUAGE_KEY, saved_language
from skyjo.state import Phase
from skyjo.steps import run_steps
from skyjo.web.device import Keeper, Storage, Unreadable
from skyjo.web.ui import cues, statistics
from skyjo.web.ui.i18n import DEFAULT_NAMES, Translator, card_text
from skyjo.web.ui.setup import BOT_LEVELS, HUMAN, Seat, Setup, SetupError

SAVE_KEY: Final = "skyjo.game"
SETUP_KEY: Final = "skyjo.setup"
LANGUAGE_KEY: Final = SAVED_LANGUAGE_KEY
#: Where an unreadable save is set aside (the first of several slots, see
#: :func:`skyjo.web.device.set_aside_slots`).
CORRUPT_KEY: Final = "skyjo.corrupt-save"
#: Games replaced before they ended (newest first), each a whole save, so "New game"
#: or an import never loses one: the setup screen offers them back.
RECENT_KEY: Final = "skyjo.recent"
#: A recent-games list that could not be read, kept aside rather than overwritten.
RECENT_UNREADABLE_KEY: Final = "skyjo.recent-unreadable"
#: A remembered setup that could not be read.
SETUP_UNREADABLE_KEY: Final = "skyjo.setup-unreadable"
#: Set once the person has dismissed "how to play" (shown on a first visit).
HOWTO_KEY: Final = "skyjo.howto"
MAX_RECENT: Final = 5
#: The move log's last lines a save keeps.
SAVED_LINES: Final = 200
SAVE_VERSION: Final = 1
#: The longest save written: the longest text a page reads back
#: (:data:`skyjo.jsontext.MAX_LENGTH`).
SAVE_MOST = jsontext.MAX_LENGTH
HINT_BOT: Final = "hard"
#: The most sentences the live region holds at once (the move log keeps them all).
MAX_HEARD: Final = 12
#: The log lines of a player's turn (a take or draw and where the card went).
TURN_KEYS: Final = frozenset(
    {
        "event.discard_swap_up",
        "event.discard_swap_down",
        "event.draw_swap_up",
        "event.draw_swap_down",
        "event.draw_flip",
    }
)
#: The lines of a player's own move: a turn, or an opening flip.
MOVE_KEYS: Final = TURN_KEYS | {"event.setup_flip"}


class Screen(StrEnum):
    SETUP = "setup"
    RESUME = "resume"
    TABLE = "table"
    ROUND_END = "round_end"
    GAME_END = "game_end"


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence of the move log, kept as a catalogue key and its fields so it
    can be shown again in another language. ``reason`` is a bot's own words in
    English, ``explanation`` the same as a catalogue key (None for a person's move,
    a bot written elsewhere, or a line from a save made before bots had one)."""

    key: str
    fields: dict[str, Any]
    reason: str = ""
    explanation: Reason | None = None

    def to_json(self) -> list[Any]:
        why = self.explanation.to_json() if self.explanation is not None else None
        return [self.key, self.fields, self.reason, why]

    @classmethod
    def from_json(cls, data: list[Any]) -> Line:
        """The mirror of :meth:`to_json`; also reads the 3-item lines of older saves."""
        key, fields, reason, *rest = data
        why = Reason.from_json(rest[0]) if rest and rest[0] is not None else None
        return cls(str(key), dict(fields), str(reason), why)


class Undo(StrEnum):
    """What the Undo button says (see :meth:`App.undo_offer`): it takes back the
    last turn of the person at the device (``READY``); there is no such turn in
    this round, or another person has moved since (``NOTHING``); that turn turned up
    a card, which is not taken back (``SEEN``)."""

    READY = "ready"
    NOTHING = "nothing"
    SEEN = "seen"


class Confirm(StrEnum):
    """What the page is asking the person to confirm before it replaces a game."""

    NEW_GAME = "new_game"
    IMPORT = "import"
    RESET_STATISTICS = "reset_statistics"


@dataclass(frozen=True, slots=True)
class RecentGame:
    """A game kept after it was replaced: who played and which round it was in."""

    names: tuple[str, ...]
    round_number: int
    text: str


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the page must tell the user (a key in the catalogue)."""

    key: str
    fields: dict[str, Any]
    error: bool = False


class App:
    """One device's Skyjo: setup, the game in progress, its log and its save."""

    def __init__(
        self,
        storage: Storage,
        *,
        language: str = "en",
        seed: int | None = None,
        takebacks: bool = False,
        reduced_motion: bool = False,
    ) -> None:
        self.storage = storage
        #: Whether the person may take back their last turn (:meth:`undo`): on the
        #: game page, not in an embed.
        self.takebacks = takebacks
        #: Reads and writes go through it: see :class:`skyjo.web.device.Keeper`.
        self.keeper = Keeper(storage)
        self.language = saved_language(storage.get) or language
        self.rng = random.Random(seed)
        self.setup = self._remembered_setup()
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        #: The seats of people on other devices that a bot plays while they are away.
        self.standing_in: set[int] = set()
        self.screen = Screen.SETUP
        self.discard_mode = False
        self.log: list[Line] = []
        #: The number of the log's first line in the whole game's log: a save keeps
        #: only the last lines, and the guests of a game played together count its
        #: lines from the game's first (:mod:`skyjo.web.together.catchup`).
        self.log_from = 0
        #: What happened since a person last acted: the live region reads it out, so a
        #: person's own move is not drowned by the instant bots that follow it.
        self.since_person: list[Line] = []
        #: (seat, position) of the cards the last step changed, for animation.
        self.changed: frozenset[tuple[int, int]] = frozenset()
        #: Where the last step's cards travelled: (seat, position) of a card swapped in
        #: from the hand, and where the card now on the discard pile came from (a grid
        #: position, or None when it was the drawn card in hand).
        self.swapped_in: tuple[int, int] | None = None
        self.discarded_from: tuple[int, int] | None = None
        #: Counts the steps taken, so the page animates each step only once.
        self.steps = 0
        #: (seat, position) of the cards turned up at the round's end, in the order
        #: the reveal shows them.
        self.revealed: tuple[tuple[int, int], ...] = ()
        self.hint: Decision | None = None
        self.notice: Notice | None = None
        self.setup_error: SetupError | None = None
        #: A custom target typed into the setup form that is not one (kept, to be
        #: shown again beside the error that says so), else None.
        self.typed_target: str | None = None
        self.tiebreak_of: tuple[int, ...] = ()
        #: A question the page shows before a game in progress is replaced.
        self.confirming: Confirm | None = None
        #: An imported game waiting for that confirmation.
        self._pending_import: Game | None = None
        #: The person holding the device: the one who moved last, or the one it was
        #: handed to since (see :meth:`hand_over`). Their grid is the large one, and
        #: against bots it stays so while the bots move.
        self.at_device: int | None = None
        #: Whether the device refused the game's last save: the page says so (with
        #: Export) until a save works again. The game itself goes on in memory.
        self.unsaved = False
        #: The length of a save refused for being longer than a page reads back
        #: (the page then says "too large", not "storage full"), else None.
        self.unsaved_size: int | None = None
        #: Whether "how to play" is shown: on a first visit, and from the menu.
        self.howto_open = self.keeper.read(HOWTO_KEY) is None
        #: Whether the device asks for reduced motion: then sound and vibration are
        #: off until the person turns them on (:mod:`skyjo.web.ui.cues`).
        self.reduced_motion = reduced_motion
        #: The last step's sound, if it makes one.
        self.cue: cues.Cue | None = None
        #: Whether the statistics are shown (opened from the menu).
        self.statistics_open = False
        #: Why the statistics the device held could not be read, once found so.
        self.statistics_unreadable: str | None = None
        self._check_save()

    # --- start and stop ---------------------------------------------------------

    def _remembered_setup(self) -> Setup:
        """The setup last started, or a quick game's; one that cannot be read (of
        another version, edited, of the wrong types) is set aside."""
        text = self.keeper.read(SETUP_KEY)
        if text:
            try:
                return Setup.from_json(jsontext.loads(text, what="the remembered setup"))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                self.keeper.found_unreadable(SETUP_KEY, text, str(exc), aside=SETUP_UNREADABLE_KEY)
        return Setup.quick(self.language)

    def _check_save(self) -> None:
        """Offer to resume a saved game, or report an unreadable one and keep it aside
        (when no copy fits on the device, it stays where it is and in memory)."""
        text = self.keeper.read(SAVE_KEY)
        if text is None:
            return
        try:
            self._load(text)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            found = self.keeper.found_unreadable(SAVE_KEY, text, str(exc), aside=CORRUPT_KEY)
            self.game = None
            key = "save.corrupt" if found.kept_as is not None else "save.corrupt_not_kept"
            self.notice = Notice(key, {"reason": str(exc)}, error=True)
            self.screen = Screen.SETUP
            return
        self.screen = Screen.RESUME

    def refused(self, key: str) -> None:
        """The device refused a write to ``key`` after the app had gone on as if it
        were done (Python in a Web Worker writes to a mirror of ``localStorage``; see
        :mod:`skyjo.web.worker.mirror`), and the writes after it in the same batch never
        happened. Put right what that means, as a page writing directly would have:
        a refused save is said (:attr:`unsaved`); a recent-games list that could not
        be written means the game in play stays (it is read back from the device,
        which still holds it); a set-aside copy that did not fit leaves the
        unreadable save where it was, guarded."""
        if key == SAVE_KEY:
            self.unsaved, self.unsaved_size = True, None
        elif key == RECENT_KEY:
            self._pending_import = None
            self.confirming = None
            self._check_save()
            if self.game is not None:
                self.screen = self._screen_for_state()
            self.notice = Notice("recent.not_kept", {}, error=True)
        elif key == statistics.STATISTICS_KEY:
            self.notice = Notice("stats.not_kept", {}, error=True)
        elif self.keeper.refused(key) and self.notice and self.notice.key == "save.corrupt":
            self.notice = Notice("save.corrupt_not_kept", self.notice.fields, error=True)

    @property
    def unreadable(self) -> Unreadable | None:
        """The unreadable save the page offers to export (the latest one met; the
        statistics' are kept aside and said by their own view)."""
        found = [u for u in self.keeper.unreadable if u.key != statistics.STATISTICS_KEY]
        return found[-1] if found else None

    def exported_unreadable(self) -> str:
        """The text of the unreadable save, for its export; once exported it may be
        overwritten (the person holds a copy)."""
        found = self.unreadable
        if found is None:
            raise IllegalActionError("there is no unreadable save to export")
        self.keeper.exported(found)
        return found.text

    def _load(self, text: str) -> None:
        data = jsontext.loads(text, what="the saved game")
        if not isinstance(data, dict) or data.get("app") != SAVE_VERSION:
            raise ValueError("not a save of this version")
        setup = Setup.from_json(data["setup"])
        game_record = record.from_json(data["record"])
        tiebreak_of = tuple(int(p) for p in data.get("tiebreak_of", ()))
        if any(not 0 <= p < len(setup.seats) for p in tiebreak_of):
            raise ValueError("the save's tie-break names seats that do not exist")
        expected = len(tiebreak_of) if tiebreak_of else len(setup.seats)
        if len(game_record.players) != expected:
            raise ValueError("the save's players do not match its setup")
        game = Game.from_record(
            game_record, seed=self.rng.randrange(2**32), pause_between_rounds=True
        )
        self.setup = setup
        self.tiebreak_of = tiebreak_of
        self._seat(game)
        self.log = [Line.from_json(line) for line in data.get("log", [])]
        log_from = data.get("log_from", 0)
        self.log_from = log_from if isinstance(log_from, int) and log_from >= 0 else 0

    def resume(self) -> None:
        self.screen = self._screen_for_state()

    def start(self, setup: Setup) -> None:
        """Start a game with ``setup`` (checked: a bad one sets ``setup_error``)."""
        try:
            setup = setup.check()
            setup.check_names()
        except SetupError as exc:
            self.setup_error = exc
            return
        self.setup_error = None
        self.typed_target = None
        if self.howto_open:  # read, or not needed: the game is on
            self.close_howto()
        self.setup = setup
        self.keeper.write(SETUP_KEY, json.dumps(setup.to_json()))
        self.tiebreak_of = ()
        self._new_game()

    def show_howto(self) -> None:
        self.howto_open = True

    def close_howto(self) -> None:
        """Put "how to play" away, and remember it was seen: it opens by itself no more."""
        self.howto_open = False
        self.keeper.write(HOWTO_KEY, "seen")

    def quick_game(self) -> None:
        self.start(Setup.quick(self.language))

    def rematch(self) -> None:
        self.start(self.setup)

    @property
    def in_progress(self) -> bool:
        """Whether a game that has not ended is on the table (or waiting to resume)."""
        return self.game is not None and self.screen in (
            Screen.TABLE,
            Screen.ROUND_END,
            Screen.RESUME,
        )

    def ask_new_game(self) -> None:
        """The "New game" button: ask first while a game is in progress, else go to
        the setup screen."""
        if self.in_progress:
            self.confirming = Confirm.NEW_GAME
        else:
            self.to_setup()

    def confirm(self) -> None:
        """The person confirmed the question on screen: replace the game in progress
        (which is kept among the recent games)."""
        asked, self.confirming = self.confirming, None
        if asked is Confirm.NEW_GAME:
            self.to_setup()
        elif asked is Confirm.IMPORT and self._pending_import is not None:
            game, self._pending_import = self._pending_import, None
            self._put_imported(game)
        elif asked is Confirm.RESET_STATISTICS:
            self.keeper.remove(statistics.STATISTICS_KEY)
            self.statistics_unreadable = None

    def cancel(self) -> None:
        """The person kept the game in progress: nothing changes."""
        self.confirming = None
        self._pending_import = None

    def to_setup(self) -> None:
        """Leave the table for the setup screen; an unfinished game is kept among the
        recent games, not deleted."""
        kept = self.in_progress
        if not self._archive():
            return
        if kept:
            self.notice = Notice("recent.kept", {})
        self.confirming = None
        self.screen = Screen.SETUP
        self.game = None
        self.keeper.remove(SAVE_KEY)

    # --- recent games -------------------------------------------------------------

    def recent_games(self) -> list[RecentGame]:
        """The kept games, newest first; one that cannot be read is left out."""
        games = []
        for text in self._recent_texts():
            try:
                data = jsontext.loads(text, what="a recent game")
                names = tuple(str(s["name"]) for s in data["setup"]["seats"])
                rounds = len(data["record"]["rounds"])
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            games.append(RecentGame(names, max(rounds, 1), text))
        return games

    def _recent_texts(self) -> list[str]:
        text = self.keeper.read(RECENT_KEY)
        if text is None or self.keeper.guarded(RECENT_KEY):
            return []
        try:
            data = jsontext.loads(text, what="the recent games")
            if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
                raise ValueError("not a list of saves")
        except ValueError as exc:
            # Never overwrite what cannot be read: keep it aside, start afresh.
            self.keeper.found_unreadable(RECENT_KEY, text, str(exc), aside=RECENT_UNREADABLE_KEY)
            return []
        return list(data)

    def _archive(self) -> bool:
        """Put the saved game in progress first among the recent games. False when
        the list could not be written (storage full): then the save is left alone."""
        current = self.keeper.read(SAVE_KEY)
        if self.game is None or current is None or not self.in_progress:
            return True
        texts = [current, *(t for t in self._recent_texts() if t != current)][:MAX_RECENT]
        if not self.keeper.write(RECENT_KEY, json.dumps(texts)):
            self.notice = Notice("recent.not_kept", {}, error=True)
            return False
        return True

    def restore_recent(self, index: int) -> None:
        """Put a kept game back on the table (the one there, if any, is kept in turn)."""
        games = self.recent_games()
        if not 0 <= index < len(games):
            raise IllegalActionError(f"there is no recent game number {index + 1}")
        chosen = games[index].text
        if not self._archive():
            return
        try:
            self._load(chosen)
        except (ValueError, KeyError, TypeError) as exc:
            self.notice = Notice("save.corrupt_recent", {"reason": str(exc)}, error=True)
            return
        texts = [t for t in self._recent_texts() if t != chosen]
        # The chosen game is saved in play before it leaves the list: never in neither.
        if self._write_save(chosen):
            self.keeper.write(RECENT_KEY, json.dumps(texts))
        self.since_person = []
        self.screen = self._screen_for_state()

    def start_tiebreak(self) -> None:
        """One more round among the players who share the win (seed 002's "Stechen")."""
        if self.game is None or len(self.game.state.winners) < 2:
            raise IllegalActionError("a tie-break needs a shared win")
        self.tiebreak_of = tuple(
            self.tiebreak_of[p] if self.tiebreak_of else p for p in self.game.state.winners
        )
        self._new_game()

    def _new_game(self) -> None:
        players = [{"name": s.name, "kind": s.kind} for s in self.seats]
        rules = self.setup.rules
        game = Game(players, rules, seed=self.rng.randrange(2**32), pause_between_rounds=True)
        self._seat(game)
        self.log = []
        self.log_from = 0
        self.since_person = []
        self.confirming = None
        self._note(game.opening_events, None)
        self.screen = Screen.TABLE
        self._save()

    def _seat(self, game: Game) -> None:
        """Put ``game`` on the table with a bot for every bot seat."""
        self.game = game
        self.bots = {p: make_bot(s.kind) for p, s in enumerate(self.seats) if s.is_bot}
        self.standing_in = set()  # the page stands bots in again for a new game
        game.seat_bots(self.bots)
        self.discard_mode = False
        self.hint = None
        self.at_device = None
        # What the last step did belongs to the game it was played in: a new or
        # imported game's first screen has nothing that just moved.
        self.cue = None
        self.changed = frozenset()
        self.revealed = ()
        self.swapped_in = self.discarded_from = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats of the game on the table (the tied players during a tie-break)."""
        if self.tiebreak_of:
            return tuple(self.setup.seats[p] for p in self.tiebreak_of)
        return self.setup.seats

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on; a seat still called by its default name
        in the old language ("You") takes the new language's ("Du")."""
        old = DEFAULT_NAMES.get(self.language, ())
        new = DEFAULT_NAMES.get(language, ())
        if old and new and old != new:
            seats = tuple(
                Seat(new[i], seat.kind) if i < len(old) and seat.name == old[i] else seat
                for i, seat in enumerate(self.setup.seats)
            )
            if seats != self.setup.seats:
                self.setup = replace(self.setup, seats=seats)
                self.keeper.write(SETUP_KEY, json.dumps(self.setup.to_json()))
                self._save()
        self.language = language
        self.keeper.write(LANGUAGE_KEY, language)

    def you(self) -> str | None:
        """The name of the person at the device: the only person among bots. With
        several people at one device (pass and play) nobody is "you"."""
        people = [seat.name for seat in self.seats if not seat.is_bot and not seat.is_remote]
        return people[0] if len(people) == 1 else None

    @property
    def remote(self) -> frozenset[int]:
        """The seats of people on other devices (:mod:`skyjo.web.together`): never
        due at this device, never handed it."""
        return frozenset(p for p, seat in enumerate(self.seats) if seat.is_remote)

    #: Whether :attr:`game` keeps the game's record (a guest's page has only views).
    has_record: bool = True
    #: The host's name on a guest's page (the host moves the game on), else None.
    host_name: str | None = None

    # --- sound and statistics -----------------------------------------------------

    @property
    def sound(self) -> bool:
        """Whether the page plays its cues (:mod:`skyjo.web.ui.cues`)."""
        stored = self.keeper.read(cues.SOUND_KEY)
        return cues.sound_on(stored, reduced_motion=self.reduced_motion)

    def switch_sound(self) -> None:
        """The "Sound and vibration" switch: the other way, remembered as a choice."""
        self.keeper.write(cues.SOUND_KEY, cues.OFF if self.sound else cues.ON)

    def read_statistics(self) -> statistics.Statistics:
        """The statistics the device holds; ones that cannot be read are kept aside
        (:attr:`statistics_unreadable` says why) and counting starts afresh."""
        key = statistics.STATISTICS_KEY
        text = self.keeper.read(key)
        if text is None or self.keeper.guarded(key):
            return statistics.Statistics.empty()
        try:
            return statistics.Statistics.loads(text)
        except ValueError as exc:
            aside = statistics.STATISTICS_UNREADABLE_KEY
            self.keeper.found_unreadable(key, text, str(exc), aside=aside)
            self.statistics_unreadable = str(exc)
            return statistics.Statistics.empty()

    def _count_game(self) -> None:
        """The game just ended here: count it (a tie-break round is part of the game
        it settles, counted when that ended)."""
        if self.game is None or self.tiebreak_of:
            return
        result = statistics.result_of(self.game, [seat.kind for seat in self.seats])
        if result is None:
            return
        before = self.read_statistics()
        after = before.add(result)
        if after is not before:
            self.keeper.write(statistics.STATISTICS_KEY, json.dumps(after.to_json()))

    def show_statistics(self, *, show: bool = True) -> None:
        self.statistics_open = show

    def ask_reset_statistics(self) -> None:
        """Ask before the statistics are reset (the answer comes to :meth:`confirm`)."""
        self.confirming = Confirm.RESET_STATISTICS

    def export_statistics(self) -> str:
        """The statistics as CSV, headed in the page's language."""
        return statistics.to_csv(self.read_statistics(), Translator(self.language))

    # --- whose move -------------------------------------------------------------

    def human_to_act(self) -> int | None:
        """The human seat the page is waiting for, if any (in setup: the first
        human with cards left to turn)."""
        if self.game is None or self.screen is not Screen.TABLE:
            return None
        remote = self.remote
        for seat in engine.players_to_act(self.game.state):
            if seat not in self.bots and seat not in remote:
                return seat
        return None

    def remote_to_act(self) -> tuple[int, ...]:
        """The seats on other devices due to act now (several in the opening flips)."""
        if self.game is None or self.screen is not Screen.TABLE:
            return ()
        return tuple(p for p in engine.players_to_act(self.game.state) if p in self.remote)

    def stand_in(self, seat: int, level: str = "medium") -> None:
        """A bot of ``level`` plays ``seat``, a person's on another device, while that
        person is away (:mod:`skyjo.web.together.away`); the seat stays theirs (its
        kind, its name in the log and the save), so :meth:`take_back` gives it back."""
        if self.game is None or seat not in self.remote:
            raise IllegalActionError(f"there is no seat {seat} on another device")
        self.standing_in.add(seat)
        self.bots[seat] = make_bot(level)
        self.game.seat_bots(self.bots)

    def take_back(self, seat: int) -> None:
        """The person of ``seat`` is back: the bot standing in for them stops."""
        if seat in self.standing_in:
            self.standing_in.discard(seat)
            self.bots.pop(seat, None)
            if self.game is not None:
                self.game.seat_bots(self.bots)

    def play_remote(self, seat: int, action: PlayerAction) -> None:
        """Play ``action`` for the person at ``seat`` on another device, already
        checked by the host's referee (:mod:`skyjo.web.together.referee`): checked
        again here against the app's own screen, as any move is."""
        if seat not in self.remote_to_act() or self.confirming is not None:
            raise IllegalActionError("it is not that seat's move here")
        self._play(seat, action, "")

    def bot_to_act(self) -> int | None:
        """The bot seat due to move, if any. In setup, bots flip first. Bots wait
        while the page asks the person a question."""
        if self.game is None or self.screen is not Screen.TABLE or self.confirming:
            return None
        for seat in engine.players_to_act(self.game.state):
            if seat in self.bots:
                return seat
        return None

    def own_seat(self) -> int | None:
        """The grid shown large: the person due to act once the device is theirs, else
        the person holding it, else the first person at the table. Against bots it
        never moves (a physical table does not move either); None when only bots play."""
        due = self.human_to_act()
        if due is not None and self.hand_over_to() is None:
            return due
        if self.at_device is not None:
            return self.at_device
        remote = self.remote
        return next(
            (p for p in range(len(self.seats)) if p not in self.bots and p not in remote), None
        )

    def hand_over_to(self) -> int | None:
        """The person the device must be passed to before they may act: the person due,
        when another person holds it (pass and play, bots or not in between). Until
        they take it (:meth:`hand_over`) nobody's cards respond, so a double click
        that ended one person's turn cannot act for the next. None at the first move
        of a game and whenever the person due already holds the device."""
        due = self.human_to_act()
        if due is None or self.at_device is None or due == self.at_device:
            return None
        return due

    def hand_over(self) -> None:
        """The person due has the device ("Continue as Ben"): their grid and their
        move are shown."""
        due = self.hand_over_to()
        if due is None:
            raise IllegalActionError("nobody is waiting to be handed the device")
        self.at_device = due

    # --- taking a turn back ---------------------------------------------------------

    def _holder(self) -> int | None:
        """The person holding the device: the one who moved last or was handed it,
        else (a game just resumed or imported) the only person at the table."""
        if self.at_device is not None:
            return self.at_device
        people = [p for p, seat in enumerate(self.seats) if not seat.is_bot and not seat.is_remote]
        return people[0] if len(people) == 1 else None

    def undo_offer(self) -> Undo | None:
        """Whether the table shows an Undo button, and what it says: None on another
        screen, in an embed, while the device waits to be handed to a person, when
        nobody is known to hold it (people alone, just resumed), in the opening flips
        and while the person holds a card (the discard pile's is put back instead)."""
        game = self.game
        if not self.takebacks or game is None or self.screen is not Screen.TABLE:
            return None
        holder = self._holder()
        if self.confirming or holder is None or self.hand_over_to() is not None:
            return None
        refusal = game.take_back_refusal(holder)
        if game.state.phase is Phase.SETUP or refusal in (
            NoTakeBack.HOLDING,
            NoTakeBack.ROUND_OVER,
        ):
            return None
        if refusal in (NoTakeBack.NO_TURN, NoTakeBack.EARLIER) or self._person_moved_since(holder):
            return Undo.NOTHING
        return Undo.SEEN if refusal is NoTakeBack.SEEN else Undo.READY

    def _person_moved_since(self, holder: int) -> bool:
        """Whether another person has moved since ``holder``'s last turn this round."""
        assert self.game is not None
        moves = self.game.round_moves
        last = max(
            (
                i
                for i, m in enumerate(moves)
                if isinstance(m, record.TurnMove) and m.player == holder
            ),
            default=-1,
        )
        return any(
            isinstance(m, record.TurnMove | record.SetupMove)
            and m.player != holder
            and m.player not in self.bots
            for m in moves[last + 1 :]
        )

    def undo(self) -> None:
        """Take back the last turn of the person at the device and every move after it
        (:meth:`skyjo.game.Game.take_back`): they hold the card they took again and
        place it anew, and the bots play on from there. The Moves log loses the
        lines taken back and says what happened instead."""
        offer = self.undo_offer()
        holder = self._holder()
        if offer is not Undo.READY or holder is None or self.game is None:
            why: dict[Undo | None, str] = {
                Undo.NOTHING: "there is no move of the person at the device to take back",
                Undo.SEEN: "the last move turned up a card, and a card once seen stays seen",
            }
            raise IllegalActionError(why.get(offer, "there is no move to take back here"))
        entry = self.game.take_back(holder)
        later = sum(1 for m in entry.moves[1:] if isinstance(m, record.TurnMove))
        later += entry.pending is not None
        dealt = max((i for i, line in enumerate(self.log) if line.key == "event.dealt"), default=-1)
        own = [
            i
            for i, line in enumerate(self.log)
            if i > dealt and line.key in TURN_KEYS and line.fields.get("seat") == holder
        ]
        if own:
            del self.log[own[-1] :]
        line = Line("event.undo", {"name": self._name(holder), "seat": holder, "count": later})
        self.log.append(line)
        self.since_person = [line]
        self.at_device = holder
        self.discard_mode = False
        self.hint = None
        self.changed = frozenset()
        self.revealed = ()
        self.swapped_in = self.discarded_from = None
        self.screen = self._screen_for_state()
        self._save()

    # --- a bot's move -------------------------------------------------------------

    def bot_step(self) -> bool:
        """Let the bot on turn take one engine step; False if no bot is due."""
        return run_steps(self.bot_step_in_steps())

    def bot_step_in_steps(self) -> Generator[None, None, bool]:
        """:meth:`bot_step`, pausing while the bot thinks (the expert searches in
        steps), so a page answers taps meanwhile. The move is played only if the
        game is still where the bot looked at it (a tap may have started another
        game, or imported one); False when no bot is due or the game moved on."""
        seat = self.bot_to_act()
        game = self.game
        if seat is None or game is None:
            return False
        state = game.state
        decision = yield from ask_in_steps(self.bots[seat], game.view(seat), self.rng)
        if self.game is not game or game.state is not state or self.bot_to_act() != seat:
            return False
        self._play(seat, decision.action, decision.reason, decision.explanation)
        return True

    # --- a human's intents --------------------------------------------------------

    def take_discard(self) -> None:
        self._human(TakeDiscard())

    def draw(self) -> None:
        self._human(Draw())

    def choose_discard_mode(self, on: bool = True) -> None:
        """After drawing: "discard and turn over" (then click a face-down card)."""
        if on and not self._human_may(Flip):
            raise IllegalActionError("there is no drawn card to discard")
        self.discard_mode = on

    def put_back(self) -> None:
        """Return the discard pile's card; the turn starts over."""
        if self.game is None or not self.game.can_put_back():
            raise IllegalActionError("there is no card taken from the discard pile to put back")
        self.game.put_back()
        self.since_person = []
        self.hint = None
        self._save()

    def click_card(self, seat: int, position: int) -> None:
        """A card was clicked: a setup flip, a swap, or (in discard mode) a flip."""
        if self.game is None:
            raise IllegalActionError("no game is being played")
        state = self.game.state
        if state.phase is Phase.SETUP or (state.phase is Phase.PLACE_DRAWN and self.discard_mode):
            self._human(Flip(position), seat=seat)
        else:
            self._human(Swap(position), seat=seat)

    def ask_hint(self) -> Decision:
        """What the hint bot would do now for the human on turn, and why."""
        seat = self.human_to_act()
        if seat is None or self.game is None or self.hand_over_to() is not None:
            raise IllegalActionError("there is no human move to give a hint for")
        self.hint = ask(make_bot(HINT_BOT), self.game.view(seat), random.Random(0))
        return self.hint

    def targets(self, seat: int) -> dict[int, str]:
        """The positions of ``seat``'s grid that respond to a click now: "swap" or "flip"."""
        if self.game is None or self.human_to_act() is None or seat in self.bots:
            return {}  # a bot's cards never respond to clicks, not even in setup
        state = self.game.state
        if seat != self.human_to_act() or self.hand_over_to() is not None:
            return {}  # one person at a time, in the opening flips as in a turn
        legal = engine.legal_actions(state, seat)
        if state.phase is Phase.SETUP or (state.phase is Phase.PLACE_DRAWN and self.discard_mode):
            return {a.position: "flip" for a in legal if isinstance(a, Flip)}
        return {a.position: "swap" for a in legal if isinstance(a, Swap)}

    def _human_may(self, kind: type) -> bool:
        seat = self.human_to_act()
        if seat is None or self.game is None or self.hand_over_to() is not None:
            return False
        return any(isinstance(a, kind) for a in self.game.legal_actions(seat))

    def _human(self, action: PlayerAction, *, seat: int | None = None) -> None:
        due = self.human_to_act()
        acting = due if seat is None else seat
        if acting is None or acting in self.bots or due is None:
            raise IllegalActionError("it is not a person's move")
        if acting != due:
            # In the opening flips too: the page names one person at a time.
            raise IllegalActionError(f"it is {self._name(due)}'s turn to turn over cards")
        if self.hand_over_to() is not None:
            raise IllegalActionError(f"the device goes to {self._name(due)} first")
        self._play(acting, action, "")

    # --- rounds -------------------------------------------------------------------

    def next_round(self) -> None:
        if self.game is None or self.screen is not Screen.ROUND_END:
            raise IllegalActionError("the round is not over")
        self.since_person = []
        self._note(self.game.next_round(), None)
        self.screen = Screen.TABLE
        self._save()

    # --- records ------------------------------------------------------------------

    def export_record(self) -> str:
        if self.game is None:
            raise IllegalActionError("there is no game to export")
        return json.dumps(record.to_json(self.game.record()), indent=1)

    def import_record(self, text: str) -> None:
        """Continue the game in a record file; an invalid one sets an error notice."""
        try:
            game_record = record.loads(text)
            # from_record checks every move, naming the round and move of a bad one.
            game = Game.from_record(
                game_record, seed=self.rng.randrange(2**32), pause_between_rounds=True
            )
        except SkyjoError as exc:
            self.notice = Notice("import.invalid", {"reason": str(exc)}, error=True)
            return
        if self.in_progress:
            self._pending_import = game
            self.confirming = Confirm.IMPORT
            return
        self._put_imported(game)

    def file_too_large(self, size: int) -> None:
        """The page did not read a chosen file of ``size`` bytes, over the limit."""
        self.notice = Notice(
            "import.too_large",
            {"size": jsontext.megabytes(size), "limit": jsontext.MAX_MEGABYTES},
            error=True,
        )

    def _put_imported(self, game: Game) -> None:
        """Put a checked imported game on the table; an unfinished one there is kept."""
        if not self._archive():
            return
        game_record = game.record()
        seats = tuple(
            Seat(str(p["name"]), p["kind"] if p.get("kind") in BOT_LEVELS else HUMAN)
            for p in game_record.players
        )
        self.tiebreak_of = ()
        self.setup = Setup(seats, game_record.rules, self.setup.speed)
        self._seat(game)
        self.log = []
        self.log_from = 0
        self.since_person = []
        self.notice = Notice("import.done", {})
        self.screen = self._screen_for_state()
        self._save()

    # --- the engine step, the log and the save ---------------------------------

    def _play(
        self,
        seat: int,
        action: PlayerAction,
        reason: str,
        explanation: Reason | None = None,
    ) -> None:
        assert self.game is not None
        if seat not in self.bots and seat not in self.remote:
            self.since_person = []
            self.at_device = seat
        phase = self.game.state.phase
        source = {Phase.PLACE_DISCARD: "discard", Phase.PLACE_DRAWN: "draw"}.get(phase)
        events = self.game.play(action, player=seat)
        self.discard_mode = False
        self.hint = None
        self._note(events, source, reason, explanation)
        kind = cues.cue_of(events)
        buzz = kind is not None and cues.buzzes(kind, by_person=seat not in self.bots)
        self.cue = cues.Cue(kind, buzz, self.steps) if kind else None
        self.screen = self._screen_for_state()
        self._save()
        if any(isinstance(event, GameEnded) for event in events):
            self._count_game()

    def _screen_for_state(self) -> Screen:
        assert self.game is not None
        phase = self.game.state.phase
        if phase is Phase.GAME_OVER:
            return Screen.GAME_END
        if phase is Phase.DEAL and self.game.state.results:
            if self.tiebreak_of:
                return Screen.GAME_END
            return Screen.ROUND_END
        return Screen.TABLE

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _note(
        self,
        events: tuple[Event, ...],
        source: str | None,
        reason: str = "",
        explanation: Reason | None = None,
    ) -> None:
        """Turn engine events into log lines; a whole turn becomes one sentence.

        ``source`` is the pile the acting player took from when this step placed a
        card ("discard" or "draw"), since the take was a step of its own."""
        lines: list[Line] = []
        discarded: int | None = None
        for event in events:
            match event:
                case RoundDealt(n, _):
                    lines.append(Line("event.dealt", {"n": n}))
                case CardSwapped(p, _, card_in, card_out, was_up):
                    key = f"event.{source or 'discard'}_swap_{'up' if was_up else 'down'}"
                    fields = {
                        "name": self._name(p),
                        "seat": p,
                        "card": card_text(card_in),
                        "old": card_text(card_out),
                    }
                    lines.append(Line(key, fields, reason, explanation))
                case CardDiscarded(_, value):
                    discarded = value
                case CardFlipped(p, _, value) if discarded is not None:
                    fields = {
                        "name": self._name(p),
                        "seat": p,
                        "card": card_text(discarded),
                        "flipped": card_text(value),
                    }
                    lines.append(Line("event.draw_flip", fields, reason, explanation))
                case CardFlipped(p, _, value):
                    lines.append(
                        Line(
                            "event.setup_flip",
                            {"name": self._name(p), "seat": p, "card": card_text(value)},
                            reason,
                            explanation,
                        )
                    )
                case ColumnRemoved(p, _, value):
                    lines.append(
                        Line(
                            "event.column",
                            {"name": self._name(p), "seat": p, "card": card_text(value)},
                        )
                    )
                case PilesReshuffled():
                    lines.append(Line("event.reshuffle", {}))
                case SetupDone(starter):
                    lines.append(self._starts_line(starter))
                case RoundEnding(p):
                    lines.append(Line("event.round_ending", {"name": self._name(p), "seat": p}))
                case RoundScored():
                    lines.append(Line("event.reveal", {}))
                case _:
                    pass  # a take is told with the placement; reveals with the round's end
        self.log.extend(lines)
        self.since_person = [*self.since_person, *lines][-MAX_HEARD:]
        self.revealed = tuple((e.player, e.position) for e in events if isinstance(e, CardRevealed))
        self.steps += 1
        swaps = [e for e in events if isinstance(e, CardSwapped)]
        self.swapped_in = (swaps[0].player, swaps[0].position) if swaps else None
        self.discarded_from = self.swapped_in
        self.changed = frozenset(
            (e.player, e.position) for e in events if isinstance(e, CardSwapped | CardFlipped)
        ) | frozenset(
            (e.player, p)
            for e in events
            if isinstance(e, ColumnRemoved)
            for p in column_positions(e.column)
        )

    def _starts_line(self, starter: int) -> Line:
        """Who starts and why: the one who ended the last round, else the highest sum
        of the two opening cards (a tie goes to the earlier seat)."""
        assert self.game is not None
        state = self.game.state
        name = self._name(starter)
        if state.results:
            return Line("event.starts_finisher", {"name": name, "seat": starter})
        sums = [grid.visible_sum() for grid in state.grids]
        best = sums[starter]
        key = "event.starts_tie" if sums.count(best) > 1 else "event.starts_highest"
        return Line(key, {"name": name, "seat": starter, "sum": card_text(best)})

    def _save(self) -> None:
        if self.game is None:
            return
        data = {
            "app": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "record": record.to_json(self.game.record()),
            "log": [line.to_json() for line in self.log[-SAVED_LINES:]],
            "log_from": self.log_from + max(0, len(self.log) - SAVED_LINES),
            "tiebreak_of": list(self.tiebreak_of),
        }
        self._write_save(json.dumps(data))

    def _write_save(self, text: str) -> bool:
        """Store the game in play; a refusal sets :attr:`unsaved` (the page says so at
        once and offers Export), a later save that works clears it. A save longer
        than a page reads back (:data:`SAVE_MOST`) is not written: it would be
        unreadable on the next visit; :attr:`unsaved_size` says why."""
        if len(text) > SAVE_MOST:
            self.unsaved, self.unsaved_size = True, len(text)
            return False
        self.unsaved_size = None
        self.unsaved = not self.keeper.write(SAVE_KEY, text)
        return not self.unsaved
