"""The score pad page's controller: what is on screen and what each tap does.

Pure Python (no PyScript), so every flow of the page is tested on CPython: the
page (:mod:`skyjo.web.scorepad.page`) turns a click on ``data-action="digit"
data-value="7"`` into ``app.act("digit", "7")``, an edited form field into
:meth:`PadApp.edit`, and repaints from :mod:`skyjo.web.scorepad.render`. Scores are
never read back from the DOM; only the text a person typed into the setup form is.

The model's values are immutable, so a refused tap (a :class:`ScorePadError`)
leaves ``pad`` and ``keypad`` as they were and only sets :attr:`PadApp.notice`.
Every change to a game is written to the device at once through a
:class:`~skyjo.web.device.Keeper`: a write the device refuses is said at once (the
game stays in memory and its export is offered), and saves that cannot be read
are set aside, never overwritten.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Final

from skyjo.i18n.language import SAVED_LANGUAGE_KEY, saved_language
from skyjo.names import name_key, visible
from skyjo.rules import TARGET_PRESETS, ColumnRule, Rules
from skyjo.web.device import Keeper, Storage, Unreadable
from skyjo.web.inputs import whole_number
from skyjo.web.scorepad import draft, model, storage
from skyjo.web.scorepad.errors import GameOverError, ScorePadError, SumOutOfBoundsError
from skyjo.web.scorepad.keypad import MAX_DIGITS, Keypad
from skyjo.web.scorepad.messages import DEFAULT_LANGUAGE, LANGUAGES
from skyjo.web.scorepad.model import RoundDraft, ScorePad

SAVE_KEY: Final = "skyjo-scorepad"
"""localStorage key of the archive (the versioned JSON of :mod:`storage`)."""
CORRUPT_KEY: Final = "skyjo-scorepad-unreadable"
"""Where an unreadable archive is kept aside instead of being overwritten."""
CURRENT_KEY: Final = "skyjo-scorepad-current"
DRAFT_KEY: Final = "skyjo-scorepad-draft"
"""The round being typed (:mod:`draft`), so a reload does not lose it."""
LANGUAGE_KEY: Final = SAVED_LANGUAGE_KEY
"""The site's one language choice (the game page's too); the score pad's own key of
before is still read after it (:func:`skyjo.i18n.language.saved_language`)."""


SAVED_NOTICES: Final = frozenset(
    {"entry.saved", "entry.corrected", "entry.deleted", "entry.tiebreak_saved"}
)
"""News after which the page shows the totals and the news (on a phone the keypad's
Save button sits below them, so the page scrolls up to them)."""
NOT_SAVED: Final = "error.not_saved"
"""The device refused the last save: said instead of any news while it lasts."""
CORRUPT_NOTICES: Final = frozenset(
    {"error.corrupt", "error.corrupt_not_kept", "error.some_unreadable"}
)
"""Notices about a save that could not be read; they offer its export."""


class Screen(StrEnum):
    """The page's views: the game (entry, totals, history), the form, the list."""

    PLAY = "play"
    SETUP = "setup"
    GAMES = "games"


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the person: a catalogue key with its fields; ``error`` ones
    are announced as alerts."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()
    error: bool = False
    detail_error: ScorePadError | None = None

    @classmethod
    def of(cls, key: str, *, error: bool = False, **fields: object) -> Notice:
        return cls(key, tuple(fields.items()), error)


@dataclass(slots=True)
class SetupForm:
    """The players-and-rules form as typed. ``seats`` maps each row to the seat it
    had in the game being edited (``None``: a new row), so reordering an existing
    game moves its sums with the names."""

    names: list[str]
    seats: list[int | None]
    target: str = "100"
    custom_target: str = ""
    double_on_tie: bool = True
    double_nonpositive: bool = False
    column_rule: str = ColumnRule.ALL.value
    editing: bool = False

    @classmethod
    def blank(cls, players: int = 3) -> SetupForm:
        return cls(names=[""] * players, seats=[None] * players)

    @classmethod
    def of(cls, pad: ScorePad) -> SetupForm:
        rules = pad.rules
        preset = rules.target in TARGET_PRESETS
        return cls(
            names=list(pad.players),
            seats=list(range(len(pad.players))),
            target=str(rules.target) if preset else "custom",
            custom_target="" if preset else str(rules.target),
            double_on_tie=rules.double_on_tie,
            double_nonpositive=rules.double_nonpositive,
            column_rule=rules.column_rule.value,
            editing=True,
        )


class FormError(Exception):
    """A setup form the page refuses before the model sees it (a message key)."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.key)
        self.notice = notice


@dataclass(slots=True)
class PadApp:
    """The page's state: the saved games, the open game and its keypad."""

    store: Storage
    clock: Callable[[], datetime]
    archive: storage.Archive = field(default_factory=storage.Archive)
    language: str = DEFAULT_LANGUAGE
    screen: Screen = Screen.SETUP
    game_id: int | None = None
    pad: ScorePad | None = None
    keypad: Keypad | None = None
    form: SetupForm = field(default_factory=SetupForm.blank)
    notice: Notice | None = None
    revealed: list[list[int | None]] = field(default_factory=list)
    confirm_delete: int | None = None
    offer_move_mark: bool = False
    kept_draft: str | None = None
    #: Whether the device refused the last write of the games (see :data:`NOT_SAVED`).
    unsaved: bool = False
    keeper: Keeper = field(init=False)

    def __post_init__(self) -> None:
        self.keeper = Keeper(self.store)

    # ---- start-up ----------------------------------------------------------------

    @classmethod
    def load(cls, store: Storage, clock: Callable[[], datetime], *, language: str) -> PadApp:
        """The page as the device left it: the open game, else a new-game form.

        A save that cannot be read is set aside (never overwritten silently) and
        the page says so and offers its export; a save with some unreadable games
        keeps the others."""
        app = cls(store, clock, language=saved_language(store.get) or language)
        text = store.get(SAVE_KEY)
        if text:
            app._read_archive(text)
        recent = app.archive.recent()
        if recent:
            current = store.get(CURRENT_KEY)
            ids = {g.game_id for g in recent}
            wanted = whole_number(current)
            app._open(wanted if wanted is not None and wanted in ids else recent[0].game_id)
        return app

    def _read_archive(self, text: str) -> None:
        try:
            self.archive, problems = storage.salvage(text)
        except ScorePadError as error:
            found = self.keeper.found_unreadable(SAVE_KEY, text, str(error), aside=CORRUPT_KEY)
            key = "error.corrupt" if found.kept_as is not None else "error.corrupt_not_kept"
            self.notice = Notice.of(key, error=True, detail=str(error))
            return
        if not problems:
            return
        detail = "; ".join(str(problem) for problem in problems)
        found = self.keeper.found_unreadable(SAVE_KEY, text, detail, aside=CORRUPT_KEY)
        if found.kept_as is not None:
            self._write()  # the readable games, now that the whole text is safe
        key = "error.some_unreadable" if found.kept_as is not None else "error.corrupt_not_kept"
        self.notice = Notice.of(key, error=True, detail=detail, n=len(problems))

    def refused(self, key: str) -> None:
        """The device refused a write to ``key`` after the pad had gone on as if it
        were done (Python in a Web Worker writes to a mirror, see
        :mod:`skyjo.web.worker.mirror`); say what that means, as :meth:`act` would have."""
        if key == SAVE_KEY:
            self.unsaved = True
            if self.notice is None or not self.notice.error:
                self.notice = Notice.of(NOT_SAVED, error=True)
        elif key == DRAFT_KEY:
            self.kept_draft = None  # not kept after all: the next key press tries again
        elif self.keeper.refused(key) and self.notice and self.notice.key in CORRUPT_NOTICES:
            fields = dict(self.notice.fields)
            self.notice = Notice.of("error.corrupt_not_kept", error=True, **fields)

    @property
    def unreadable(self) -> Unreadable | None:
        """The unreadable save the page offers to export (the latest one met)."""
        return self.keeper.unreadable[-1] if self.keeper.unreadable else None

    def exported_unreadable(self) -> str:
        """The unreadable save's text, for its export; once the person holds a copy
        the page may write over it again."""
        found = self.unreadable
        if found is None:
            raise ScorePadError("there is no unreadable save to export")
        self.keeper.exported(found)
        return found.text

    # ---- what the page paints ------------------------------------------------------

    @property
    def just_saved(self) -> bool:
        """Whether the last tap saved (or deleted) a round: the new totals and the
        news should be in view."""
        return self.notice is not None and self.notice.key in SAVED_NOTICES

    @property
    def ready_to_save(self) -> bool:
        """Every sum is in and the keypad is on the round's last player: the next tap
        is Save, which on a phone sits below the fold once the news above the keypad
        grows, so the page brings it into view after Next."""
        kp = self.keypad
        return kp is not None and kp.complete and kp.on_last_seat

    @property
    def correcting(self) -> bool:
        """Whether the keypad edits a round already entered (or the tiebreak)."""
        kp, pad = self.keypad, self.pad
        if kp is None or pad is None:
            return False
        if kp.round_number is None:
            return pad.tiebreak is not None
        return kp.round_number <= len(pad.rounds)

    # ---- taps ------------------------------------------------------------------------

    def act(self, action: str, value: str = "") -> None:
        """Do what the button ``data-action=action data-value=value`` says.

        Any refusal becomes :attr:`notice`; the game stays as it was."""
        handler = _ACTIONS.get(action)
        if handler is None:
            return
        kept = self.notice if self.notice and self.notice.key in CORRUPT_NOTICES else None
        self.notice = None
        try:
            handler(self, value)
        except FormError as error:
            self.notice = error.notice
        except ScorePadError as error:
            self.notice = Notice("error", error=True, detail_error=error)
            if isinstance(error, SumOutOfBoundsError):
                self._refused(error)
        self._keep_draft()
        if self.unsaved and (self.notice is None or not self.notice.error):
            # Never "Round 2 saved." when the device refused it.
            self.notice = Notice.of(NOT_SAVED, error=True)
        elif self.notice is None and kept is not None and self.unreadable is not None:
            self.notice = kept  # its export stays offered until something else is said

    def _keep_draft(self) -> None:
        """Write the round being typed to the device (or forget it once saved or
        untouched), only when it changed: one small write per key at most."""
        kp, pad = self.keypad, self.pad
        text = ""
        game_id, correcting = self.game_id, self.correcting
        opening = self.revealed if pad is not None and not pad.rounds else None
        if (
            kp is not None
            and pad is not None
            and game_id is not None
            and (
                draft.has_typing(kp, pad, correcting=correcting)
                or (opening is not None and draft.has_opening(opening))
            )
        ):
            text = draft.dumps(game_id, kp, correcting=correcting, opening=opening)
        if text != self.kept_draft and self.keeper.write(DRAFT_KEY, text):
            self.kept_draft = text

    def edit(self, name: str, value: str, *, seat: int = 0, index: int = 0) -> None:
        """A form field changed (typed text, a ticked box, a chosen option); the
        page does not repaint for typing, so focus and the caret stay put."""
        form = self.form
        if name == "name" and 0 <= seat < len(form.names):
            form.names[seat] = value
        elif name == "target":
            form.target = value
        elif name == "custom_target":
            form.custom_target = value
        elif name in ("double_on_tie", "double_nonpositive"):
            setattr(form, name, value == "true")
        elif name == "column_rule":
            form.column_rule = value
        elif name == "revealed" and 0 <= seat < len(self.revealed) and index in (0, 1):
            self.revealed[seat][index] = int(value) if _is_int(value) else None
            self._keep_draft()  # a reload keeps the cards chosen so far
        elif name == "language" and value in LANGUAGES:
            self.language = value
            self.keeper.write(LANGUAGE_KEY, value)
        self._recheck_form()

    def _recheck_form(self) -> None:
        """Take back a form error once the form no longer has that problem, so no
        stale red message sits next to a value already fixed (the page repaints
        only the notice, keeping the caret). A different problem is not shown
        while the person types; the next "Start" names it."""
        shown = self.notice
        if shown is None or not shown.key.startswith("setup.error."):
            return
        try:
            self._checked_form()
        except FormError as error:
            if error.notice == shown:
                return
        self.notice = None

    # ---- navigation ----------------------------------------------------------------

    def _new(self, _value: str) -> None:
        self.form = SetupForm.blank()
        self.screen = Screen.SETUP

    def _games(self, _value: str) -> None:
        self.confirm_delete = None
        self.screen = Screen.GAMES

    def _back(self, _value: str) -> None:
        self.screen = Screen.PLAY if self.pad is not None else Screen.SETUP

    def _open_action(self, value: str) -> None:
        self._open(int(value))

    def _open(self, game_id: int) -> None:
        saved = self.archive.game(game_id)
        self.game_id, self.pad = saved.game_id, saved.pad
        kept = self.store.get(DRAFT_KEY)
        self.keypad = draft.restore(kept, game_id, saved.pad) or self._fresh_keypad()
        self.kept_draft = kept if self.keypad is not None and kept else None
        players = len(saved.pad.players)
        opening = draft.opening_of(kept, game_id, players)
        self.revealed = opening or [[None, None] for _ in range(players)]
        self.screen = Screen.PLAY
        self.keeper.write(CURRENT_KEY, str(game_id))

    def _ask_delete(self, value: str) -> None:
        self.confirm_delete = int(value)

    def _keep(self, _value: str) -> None:
        self.confirm_delete = None

    def _delete_game(self, value: str) -> None:
        game_id = int(value)
        self.archive = storage.delete_game(self.archive, game_id)
        self.confirm_delete = None
        if game_id == self.game_id:
            self.game_id, self.pad, self.keypad = None, None, None
        self._write()
        self.notice = Notice.of("games.deleted")

    # ---- the setup form ------------------------------------------------------------

    def _setup(self, _value: str) -> None:
        if self.pad is not None:
            self.form = SetupForm.of(self.pad)
            self.screen = Screen.SETUP

    def _add_player(self, _value: str) -> None:
        if self._locked() or len(self.form.names) >= model.MAX_PLAYERS:
            return
        self.form.names.append("")
        self.form.seats.append(None)

    def _remove_player(self, value: str) -> None:
        seat = int(value)
        if self._locked() or len(self.form.names) <= model.MIN_PLAYERS:
            return
        del self.form.names[seat]
        del self.form.seats[seat]

    def _move(self, seat: int, to: int) -> None:
        form = self.form
        if 0 <= seat < len(form.names) and 0 <= to < len(form.names):
            form.names.insert(to, form.names.pop(seat))
            form.seats.insert(to, form.seats.pop(seat))

    def _up(self, value: str) -> None:
        self._move(int(value), int(value) - 1)

    def _down(self, value: str) -> None:
        self._move(int(value), int(value) + 1)

    def _locked(self) -> bool:
        """Players are fixed once a round is entered (their columns hold sums)."""
        return self.form.editing and self.pad is not None and bool(self.pad.rounds)

    def _save_setup(self, _value: str) -> None:
        names, rules = self._checked_form()
        if self.form.editing and self.pad is not None:
            if self.pad.rounds:
                try:
                    pad = replace(self._reseated(self.pad), players=names, rules=rules)
                except GameOverError:
                    raise FormError(Notice.of("error.rules_end_early", error=True)) from None
            else:
                pad = model.new_pad(names, rules)
            self._commit(pad)
            self.revealed = [[None, None] for _ in names]
        else:
            pad = model.new_pad(names, rules)
            self.archive, saved = storage.start_game(self.archive, pad, now=self.clock())
            self._write()
            self._open(saved.game_id)
        self.screen = Screen.PLAY

    def _reseated(self, pad: ScorePad) -> ScorePad:
        """``pad`` with its players in the form's order (their sums move along)."""
        order = [seat for seat in self.form.seats if seat is not None]
        current = list(range(len(pad.players)))
        for to, seat in enumerate(order):
            at = current.index(seat)
            if at != to:
                pad = model.move_player(pad, at, to)
                current.insert(to, current.pop(at))
        return pad

    def _checked_form(self) -> tuple[tuple[str, ...], Rules]:
        form = self.form
        names = tuple(name.strip() for name in form.names)
        seen: set[str] = set()
        for n, name in enumerate(names, start=1):
            if not name:
                raise FormError(Notice.of("setup.error.name", error=True, n=n))
            if not visible(name):
                raise FormError(Notice.of("setup.error.invisible", error=True, n=n))
            if name_key(name) in seen:
                raise FormError(Notice.of("setup.error.same", error=True, name=name))
            seen.add(name_key(name))
        text = form.custom_target if form.target == "custom" else form.target
        target = whole_number(text.strip())
        if target is None or target < 1:
            raise FormError(Notice.of("setup.error.target", error=True))
        rules = Rules(
            target=target,
            column_rule=ColumnRule(form.column_rule),
            double_on_tie=form.double_on_tie,
            double_nonpositive=form.double_nonpositive,
        )
        return names, rules

    # ---- the keypad -----------------------------------------------------------------

    def _key(self, press: Callable[[Keypad], Keypad]) -> None:
        if self.keypad is not None:
            self.keypad = press(self.keypad)
        self.offer_move_mark = False

    def _refused(self, error: SumOutOfBoundsError) -> None:
        """Mark the sum on the display as refused when ``error`` is about it, so
        the next digit replaces it (see :attr:`Keypad.refused`)."""
        kp = self.keypad
        if kp is not None and error.seat == kp.seat:
            self.keypad = kp.refuse()

    def _digit(self, value: str) -> None:
        kp = self.keypad
        if kp is not None and not kp.fresh and len(kp.typing.lstrip("-")) >= MAX_DIGITS:
            raise FormError(Notice.of("error.digits", error=True))
        self._key(lambda k: k.digit(int(value)))

    def _finisher(self, _value: str) -> None:
        kp = self.keypad
        if kp is not None and kp.finishers and kp.seat not in kp.finishers:
            self.offer_move_mark = True
            marked = kp.names[kp.finishers[0]]
            raise FormError(Notice.of("error.already_marked", error=True, marked=marked))
        self._key(lambda k: k.mark_finisher())

    def _enter(self, _value: str) -> None:
        kp, pad = self.keypad, self.pad
        if kp is None or pad is None:
            return
        draft = kp.draft()
        if kp.round_number is None:
            correcting = pad.tiebreak is not None
            enter = model.correct_tiebreak if correcting else model.enter_tiebreak
            self._commit(enter(pad, draft))
            self.notice = Notice.of("entry.tiebreak_saved")
        elif kp.round_number <= len(pad.rounds):
            self._commit(self._guarded(pad, kp.round_number, draft))
            self.notice = Notice.of("entry.corrected", n=kp.round_number)
        else:
            self._commit(model.enter_round(pad, draft))
            self.notice = Notice.of("entry.saved", n=kp.round_number)

    def _guarded(self, pad: ScorePad, number: int, draft: RoundDraft) -> ScorePad:
        """A correction, with "would end the game early" phrased for people."""
        try:
            return model.correct_round(pad, number, draft)
        except GameOverError:
            corrected = list(pad.rounds)
            corrected[number - 1] = model.check_draft(pad, draft, round_number=number)
            end = next(
                n
                for n in range(1, len(corrected) + 1)
                if model.is_over(ScorePad(pad.players, pad.rules, tuple(corrected[:n])))
            )
            raise FormError(Notice.of("error.ends_early", error=True, n=end)) from None

    def _correct(self, value: str) -> None:
        if self.pad is not None:
            self.keypad = Keypad.for_correction(self.pad, int(value))

    def _correct_tiebreak(self, _value: str) -> None:
        if self.pad is not None:
            self.keypad = Keypad.for_tiebreak_correction(self.pad)

    def _cancel(self, _value: str) -> None:
        self.keypad = self._fresh_keypad()

    def _delete_round(self, value: str) -> None:
        if self.pad is not None:
            number = int(value)
            self._commit(model.delete_round(self.pad, number))
            self.notice = Notice.of("entry.deleted", n=number)

    def _delete_tiebreak(self, _value: str) -> None:
        if self.pad is not None:
            self._commit(model.delete_tiebreak(self.pad))

    # ---- saving --------------------------------------------------------------------

    def _commit(self, pad: ScorePad) -> None:
        """Make ``pad`` the open game, save it on the device, reset the keypad."""
        if self.game_id is None:
            self.archive, saved = storage.start_game(self.archive, pad, now=self.clock())
            self.game_id = saved.game_id
        else:
            self.archive = storage.save_game(self.archive, self.game_id, pad, now=self.clock())
        self.pad = pad
        self.keypad = self._fresh_keypad()
        self._write()

    def _write(self) -> None:
        """Store every game; a refusal sets :attr:`unsaved` until a write works."""
        self.unsaved = not self.keeper.write(SAVE_KEY, storage.dumps(self.archive))
        if self.game_id is not None:
            self.keeper.write(CURRENT_KEY, str(self.game_id))

    def _fresh_keypad(self) -> Keypad | None:
        """The keypad for what comes next: the next round, the tiebreak on offer,
        or nothing once the game is decided."""
        pad = self.pad
        if pad is None:
            return None
        if model.is_over(pad) and not (model.tied_for_win(pad) and pad.tiebreak is None):
            return None
        return Keypad.for_next_round(pad)


def _is_int(text: str) -> bool:
    with contextlib.suppress(ValueError):
        int(text)
        return True
    return False


_ACTIONS: Final[dict[str, Callable[[PadApp, str], None]]] = {
    "new": PadApp._new,
    "games": PadApp._games,
    "back": PadApp._back,
    "open": PadApp._open_action,
    "ask-delete": PadApp._ask_delete,
    "keep": PadApp._keep,
    "delete-game": PadApp._delete_game,
    "setup": PadApp._setup,
    "add-player": PadApp._add_player,
    "remove-player": PadApp._remove_player,
    "up": PadApp._up,
    "down": PadApp._down,
    "save-setup": PadApp._save_setup,
    "digit": PadApp._digit,
    "sign": lambda app, _v: app._key(Keypad.toggle_sign),
    "back-digit": lambda app, _v: app._key(Keypad.backspace),
    "clear": lambda app, _v: app._key(Keypad.clear),
    "next": lambda app, _v: app._key(Keypad.next),
    "previous": lambda app, _v: app._key(Keypad.previous),
    "select": lambda app, v: app._key(lambda k: k.select(int(v))),
    "finisher": PadApp._finisher,
    "move-mark": lambda app, _v: app._key(lambda k: k.mark_finisher(replace_mark=True)),
    "enter": PadApp._enter,
    "correct": PadApp._correct,
    "correct-tiebreak": PadApp._correct_tiebreak,
    "cancel": PadApp._cancel,
    "delete-round": PadApp._delete_round,
    "delete-tiebreak": PadApp._delete_tiebreak,
}
