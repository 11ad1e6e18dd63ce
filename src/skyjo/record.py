"""Game records: the save file, share format and test fixture (JSON).

A record holds everything needed to reproduce a game, chance included: the rules,
the players, and per round the full deal and the moves. Its shape is documented in
``docs/record-format.md``::

    {"format": "skyjo-record", "version": 1,
     "rules": {...}, "players": ["Lena", {"name": "Jonas", ...}],
     "rounds": [{"deal": {"grids": [[...12]], "discard": 5, "draw": [...]},
                 "moves": [{"player": 0, "flip": 3},
                           {"player": 1, "take": "draw", "swap": 7},
                           {"reshuffle": [...]}]}]}

A record move is a whole turn; the engine takes a turn as two actions (take, then
place), so :func:`move_actions` and :class:`RecordBuilder` translate both ways.
Errors name where: ``round R, move M: reason`` (both from 1, move 0 = the deal).

A round's moves are the ones that stood. Moves a person took back (the game page's
Undo) are kept beside them, in the round's ``taken_back``, where they were played
(:class:`TakenBack`): every reader replays the moves that stood, and the record
still says what was tried and taken back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from skyjo import engine, jsontext, names
from skyjo.actions import Action, Deal, Draw, Flip, Reshuffle, Swap, TakeDiscard
from skyjo.cards import GRID_SIZE, MAX_PLAYERS, MIN_PLAYERS, position_name
from skyjo.errors import IllegalActionError, RecordError, RulesError, quoted
from skyjo.rules import Rules
from skyjo.state import CHANCE, Grid, Phase, State

FORMAT: Final = "skyjo-record"
VERSION: Final = 1
#: The longest a player's name may be (the setup cuts a typed one there).
MAX_NAME_LENGTH: Final = names.MAX_NAME_LENGTH
#: The longest any other text in a record may be (a key, a bot's level, a value
#: kept among the unknown keys): a record is small integers and short words; a
#: link of a few KB must not unpack into megabytes of text shown on every step.
MAX_TEXT_LENGTH: Final = 200


@dataclass(frozen=True, slots=True)
class SetupMove:
    """``player`` turns up the card at ``position`` before the first turn."""

    player: int
    position: int


@dataclass(frozen=True, slots=True)
class TurnMove:
    """One whole turn: take from ``take``, then swap at ``position``, or (after
    drawing) discard the drawn card and flip ``position`` (``flip`` true)."""

    player: int
    take: Literal["discard", "draw"]
    position: int
    flip: bool = False


@dataclass(frozen=True, slots=True)
class ReshuffleMove:
    """Chance: the new draw pile, top card first."""

    order: tuple[int, ...]


Move = SetupMove | TurnMove | ReshuffleMove


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round's deal and the moves that stood. ``pending`` is a take whose card has
    not been placed yet (a game saved mid-turn): the seat and the pile it took from.
    ``taken_back`` holds the moves taken back in this round, in the order they were."""

    deal: Deal
    moves: tuple[Move, ...] = ()
    pending: PendingTake | None = None
    taken_back: tuple[TakenBack, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingTake:
    """The first half of a turn: ``player`` took a card from ``take``."""

    player: int
    take: Literal["discard", "draw"]


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Moves a player took back: they were played from the position after the
    round's first ``at`` moves that stood, and the game went on from there instead.

    ``moves[0]`` is the player's own whole turn (a :class:`TurnMove` that turned up
    no card), then whatever followed it before the take-back (other players' turns,
    a reshuffle); ``pending`` is another player's take that was under way. The
    card the player took stays taken: the move that stood after ``at`` (or the
    round's pending take) is the same player's turn from the same pile."""

    at: int
    moves: tuple[Move, ...]
    pending: PendingTake | None = None

    @property
    def turn(self) -> TurnMove:
        """The player's own turn that was taken back."""
        first = self.moves[0]
        assert isinstance(first, TurnMove)
        return first


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A parsed record. ``players`` keeps each player's object (at least a
    ``name``); ``extra`` keeps unknown top-level keys so a save loses nothing."""

    rules: Rules
    players: tuple[Mapping[str, Any], ...]
    rounds: tuple[RoundRecord, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(str(p["name"]) for p in self.players)


# --- moves <-> engine actions ---------------------------------------------------


def move_actions(move: Move) -> list[tuple[int, Action]]:
    """The engine actions (with the acting seat) that make up one record move."""
    if isinstance(move, SetupMove):
        return [(move.player, Flip(move.position))]
    if isinstance(move, ReshuffleMove):
        return [(CHANCE, Reshuffle(move.order))]
    take: Action = TakeDiscard() if move.take == "discard" else Draw()
    place: Action = Flip(move.position) if move.flip else Swap(move.position)
    return [(move.player, take), (move.player, place)]


class RecordBuilder:
    """Collects the actions of a game as they are applied and builds its record.

    Feed it every applied action (chance ones too) with the acting seat. A take
    waits until the card is placed, so a record only ever holds whole turns."""

    def __init__(self, rules: Rules, players: Sequence[str | Mapping[str, Any]]) -> None:
        self.rules = rules
        self.players = tuple(_player_object(p) for p in players)
        self._rounds: list[tuple[Deal, list[Move], list[TakenBack]]] = []
        self._pending: PendingTake | None = None

    def add(self, player: int, action: Action) -> None:
        if isinstance(action, Deal):
            self._rounds.append((action, [], []))
            self._pending = None
            return
        if not self._rounds:
            raise ValueError("a record starts with a deal")
        moves = self._rounds[-1][1]
        if isinstance(action, Reshuffle):
            moves.append(ReshuffleMove(action.order))
        elif isinstance(action, TakeDiscard | Draw):
            self._pending = PendingTake(
                player, "discard" if isinstance(action, TakeDiscard) else "draw"
            )
        elif self._pending is None:
            assert isinstance(action, Flip)
            moves.append(SetupMove(player, action.position))
        else:
            take = self._pending.take
            moves.append(TurnMove(player, take, action.position, flip=isinstance(action, Flip)))
            self._pending = None

    def cancel_take(self) -> None:
        """Forget the pending take (the player put the discard pile's card back)."""
        self._pending = None

    @property
    def move_count(self) -> int:
        """How many moves of the round in play stand so far."""
        return len(self._rounds[-1][1]) if self._rounds else 0

    @property
    def round_moves(self) -> tuple[Move, ...]:
        """The moves of the round in play that stand so far."""
        return tuple(self._rounds[-1][1]) if self._rounds else ()

    @property
    def taken_back_at(self) -> int:
        """Where the round in play's latest take-back was (0 when it has none)."""
        return self._rounds[-1][2][-1].at if self._rounds and self._rounds[-1][2] else 0

    def take_back(self, at: int) -> TakenBack:
        """Take back the round's moves from its move ``at`` (counted from 0) on, and
        a pending take; they are kept as a :class:`TakenBack`, which is returned."""
        _, moves, taken_back = self._rounds[-1]
        entry = TakenBack(at, tuple(moves[at:]), self._pending)
        del moves[at:]
        self._pending = None
        taken_back.append(entry)
        return entry

    def keep_taken_back(self, entries: Sequence[TakenBack]) -> None:
        """The round in play had these take-backs (a game continued from a record)."""
        self._rounds[-1][2][:] = entries

    def record(self) -> GameRecord:
        """The record so far; a pending take is kept in the last round."""
        rounds = [
            RoundRecord(deal, tuple(moves), None, tuple(taken_back))
            for deal, moves, taken_back in self._rounds
        ]
        if rounds and self._pending is not None:
            last = rounds[-1]
            rounds[-1] = RoundRecord(last.deal, last.moves, self._pending, last.taken_back)
        return GameRecord(self.rules, self.players, tuple(rounds))


def _player_object(player: str | Mapping[str, Any]) -> Mapping[str, Any]:
    return {"name": player} if isinstance(player, str) else dict(player)


# --- JSON -----------------------------------------------------------------------


def to_json(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict (players written as plain names when they
    have nothing but a name)."""
    return {
        **record.extra,
        "format": FORMAT,
        "version": VERSION,
        "rules": record.rules.to_dict(),
        "players": [p["name"] if set(p) == {"name"} else dict(p) for p in record.players],
        "rounds": [_round_json(r) for r in record.rounds],
    }


def _round_json(rnd: RoundRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "deal": {
            "grids": [list(g) for g in rnd.deal.grids],
            "discard": rnd.deal.discard,
            "draw": list(rnd.deal.draw),
        },
        "moves": [_move_json(m) for m in rnd.moves],
    }
    if rnd.pending is not None:
        data["pending"] = _pending_json(rnd.pending)
    if rnd.taken_back:
        data["taken_back"] = [_taken_back_json(entry) for entry in rnd.taken_back]
    return data


def _pending_json(pending: PendingTake) -> dict[str, Any]:
    return {"player": pending.player, "take": pending.take}


def _taken_back_json(entry: TakenBack) -> dict[str, Any]:
    data: dict[str, Any] = {"at": entry.at, "moves": [_move_json(m) for m in entry.moves]}
    if entry.pending is not None:
        data["pending"] = _pending_json(entry.pending)
    return data


def _move_json(move: Move) -> dict[str, Any]:
    if isinstance(move, SetupMove):
        return {"player": move.player, "flip": move.position}
    if isinstance(move, ReshuffleMove):
        return {"reshuffle": list(move.order)}
    return {
        "player": move.player,
        "take": move.take,
        ("flip" if move.flip else "swap"): move.position,
    }


def dumps(record: GameRecord) -> str:
    """Compact canonical JSON text of a record (one line per round's moves is not
    needed: files are for machines; ``json.dumps(indent=...)`` for people)."""
    return json.dumps(to_json(record), separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> GameRecord:
    """Parse record text; any problem raises :class:`RecordError` saying where."""
    try:
        data = jsontext.loads(text, what="the record")
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    return from_json(data)


def from_json(data: Any) -> GameRecord:
    """Check the shape of a decoded record (not yet the legality of its moves)."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, not {_shown(data.get('format'))}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"unsupported record version {_shown(data.get('version'))} (this reads {VERSION})"
        )
    try:
        rules = Rules.from_dict(data.get("rules", {}))
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None
    players = _parse_players(data.get("players"))
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise RecordError("'rounds' must be a list")
    rounds = tuple(_parse_round(r, i + 1, len(players)) for i, r in enumerate(raw_rounds))
    extra = {
        k: v
        for k, v in data.items()
        if k not in ("format", "version", "rules", "players", "rounds")
    }
    for key, value in extra.items():
        _check_texts({key: value}, "the record")
    return GameRecord(rules, players, rounds, extra)


def _shown(value: Any) -> str:
    """A value from the record as its JSON, cut short for a message."""
    return quoted(json.dumps(value, ensure_ascii=False))


def _check_texts(value: Any, where: str) -> None:
    """Refuse any key or string in ``value`` (nested lists and objects too) longer
    than :data:`MAX_TEXT_LENGTH`, saying where: ``where`` names the object."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT_LENGTH:
            raise RecordError(
                f"{where} holds a text of {len(value):,} characters, {_shown(value)}; "
                f"at most {MAX_TEXT_LENGTH} are read"
            )
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_texts(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if len(key) > MAX_TEXT_LENGTH:
                raise RecordError(
                    f"{where} has a key of {len(key):,} characters, {_shown(key)}; "
                    f"at most {MAX_TEXT_LENGTH} are read"
                )
            _check_texts(item, f"{where}: {_shown(key)}")


def _parse_players(raw: Any) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(raw, list):
        raise RecordError("'players' must be a list of names or objects with a 'name'")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise RecordError(
            f"Skyjo is for {MIN_PLAYERS} to {MAX_PLAYERS} players, the record has {len(raw)}"
        )
    players: list[Mapping[str, Any]] = []
    for i, p in enumerate(raw):
        obj = {"name": p} if isinstance(p, str) else p
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            raise RecordError(f"player {i + 1} must be a non-empty name or an object with a 'name'")
        name: str = obj["name"]
        if len(name) > MAX_NAME_LENGTH:
            raise RecordError(
                f"player {i + 1}'s name is {len(name):,} characters long, {_shown(name)}; "
                f"a name has at most {MAX_NAME_LENGTH}"
            )
        if not names.visible(name):
            raise RecordError(
                f"player {i + 1}'s name {_shown(name)} has no visible character"
                if name
                else f"player {i + 1} must be a non-empty name or an object with a 'name'"
            )
        _check_texts({k: v for k, v in obj.items() if k != "name"}, f"player {i + 1}")
        players.append(obj)
    return tuple(players)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(v) for v in value)


def _parse_round(raw: Any, number: int, num_players: int) -> RoundRecord:
    def fail(move: int, reason: str) -> RecordError:
        return RecordError(reason, round_number=number, move_number=move)

    if not isinstance(raw, dict) or not isinstance(raw.get("deal"), dict):
        raise fail(0, "a round must be an object with a 'deal' and 'moves'")
    deal_raw = raw["deal"]
    grids = deal_raw.get("grids")
    if not isinstance(grids, list) or not all(_int_list(g) for g in grids):
        raise fail(0, "the deal's 'grids' must be a list of lists of integers")
    if not _is_int(deal_raw.get("discard")):
        raise fail(0, "the deal's 'discard' must be one integer")
    if not _int_list(deal_raw.get("draw")):
        raise fail(0, "the deal's 'draw' must be a list of integers, top card first")
    deal = Deal(tuple(tuple(g) for g in grids), deal_raw["discard"], tuple(deal_raw["draw"]))
    problem = engine.deal_problem(deal, num_players)
    if problem:
        raise fail(0, problem)
    raw_moves = raw.get("moves", [])
    if not isinstance(raw_moves, list):
        raise fail(0, "'moves' must be a list")
    moves = tuple(_parse_move(m, number, i + 1, num_players) for i, m in enumerate(raw_moves))
    pending = None
    if "pending" in raw:
        pending = _parse_pending(raw["pending"], num_players, number, len(moves) + 1)
    taken_back: tuple[TakenBack, ...] = ()
    if "taken_back" in raw:
        taken_back = _parse_taken_back(raw["taken_back"], number, num_players, moves, pending)
    return RoundRecord(deal, moves, pending, taken_back)


def _parse_taken_back(
    raw: Any,
    round_number: int,
    num_players: int,
    moves: tuple[Move, ...],
    pending: PendingTake | None,
) -> tuple[TakenBack, ...]:
    """A round's ``taken_back``: ``[{"at": m, "moves": [...], "pending": {...}}, ...]``
    in the order the take-backs happened. An error names the move that stood in
    the take-back's place (``at`` + 1)."""

    def fail(move: int, reason: str) -> RecordError:
        return RecordError(reason, round_number=round_number, move_number=move)

    if not isinstance(raw, list):
        raise fail(0, "'taken_back' must be a list of take-backs")
    entries: list[TakenBack] = []
    for i, item in enumerate(raw, start=1):
        at: Any = item.get("at") if isinstance(item, dict) else None
        where = at + 1 if _is_int(at) and 0 <= at <= len(moves) else 0
        if (
            where == 0
            or not set(item) <= {"at", "moves", "pending"}
            or not isinstance(item.get("moves"), list)
            or not item["moves"]
        ):
            raise fail(
                where,
                f'take-back {i} must be {{"at": 0..{len(moves)}, "moves": [at least one move]}}'
                ', with a "pending" take or none',
            )
        if entries and at < entries[-1].at:
            raise fail(
                where,
                f"take-back {i} is listed after one at move {entries[-1].at + 1}: "
                "take-backs are listed in the order they happened",
            )
        try:
            taken = tuple(_parse_move(m, round_number, where, num_players) for m in item["moves"])
            half = (
                _parse_pending(item["pending"], num_players, round_number, where)
                if "pending" in item
                else None
            )
        except RecordError as exc:
            raise fail(where, f"take-back {i}: {exc.reason}") from None
        first = taken[0]
        if not isinstance(first, TurnMove):
            raise fail(
                where, f"take-back {i} must start with a whole turn, not {_shown(item['moves'][0])}"
            )
        then = moves[at] if at < len(moves) else pending
        if not (
            isinstance(then, TurnMove | PendingTake)
            and then.player == first.player
            and then.take == first.take
        ):
            raise fail(
                where,
                f"take-back {i}: player {first.player} took from the {first.take} pile, and a "
                f"card taken stays taken, so the move in its place must be player "
                f"{first.player}'s turn from the {first.take} pile",
            )
        entries.append(TakenBack(at, taken, half))
    return tuple(entries)


def _parse_pending(raw: Any, num_players: int, round_number: int, move_number: int) -> PendingTake:
    """``{"player": p, "take": "discard" | "draw"}``: a turn half done when saved."""
    seat: Any = raw.get("player") if isinstance(raw, dict) else None
    take: Any = raw.get("take") if isinstance(raw, dict) else None
    if (
        not isinstance(raw, dict)
        or set(raw) != {"player", "take"}
        or not _is_int(seat)
        or not 0 <= seat < num_players
        or take not in ("discard", "draw")
    ):
        raise RecordError(
            f'\'pending\' must be {{"player": 0..{num_players - 1}, "take": "discard" or "draw"}}',
            round_number=round_number,
            move_number=move_number,
        )
    return PendingTake(seat, take)


def _parse_move(raw: Any, round_number: int, number: int, num_players: int) -> Move:
    def fail(reason: str) -> RecordError:
        return RecordError(reason, round_number=round_number, move_number=number)

    if not isinstance(raw, dict):
        raise fail(f"a move must be a JSON object, not {_shown(raw)}")
    if "reshuffle" in raw:
        if set(raw) != {"reshuffle"} or not _int_list(raw["reshuffle"]):
            raise fail('a reshuffle move is {"reshuffle": [cards, top first]} and nothing else')
        return ReshuffleMove(tuple(raw["reshuffle"]))
    seat: Any = raw.get("player")
    if not _is_int(seat) or not 0 <= seat < num_players:
        raise fail(f"'player' must be a seat 0..{num_players - 1}, not {_shown(seat)}")
    player: int = seat
    keys = set(raw) - {"player"}
    if keys == {"flip"}:
        return SetupMove(player, _position(raw["flip"], fail))
    take = raw.get("take")
    if take not in ("discard", "draw"):
        raise fail(
            f"unknown move {_shown(raw)}: expected a setup flip, a turn with 'take' "
            f"'discard' or 'draw', or a reshuffle"
        )
    if keys == {"take", "swap"}:
        return TurnMove(player, take, _position(raw["swap"], fail))
    if keys == {"take", "flip"}:
        if take == "discard":
            raise fail(
                "a card taken from the discard pile must be swapped into the grid; "
                "it cannot be discarded again"
            )
        return TurnMove(player, take, _position(raw["flip"], fail), flip=True)
    raise fail(f"a turn names exactly one of 'swap' or 'flip', in {_shown(raw)}")


def _position(value: Any, fail: Any) -> int:
    if not _is_int(value) or not 0 <= value < GRID_SIZE:
        raise fail(f"a position must be an integer 0..{GRID_SIZE - 1}, not {_shown(value)}")
    result: int = value
    return result


# --- replay ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed record move: where it is and the state after it."""

    round_number: int
    move_number: int
    move: Move | Deal | PendingTake
    state: State


def replay_steps(record: GameRecord) -> Iterator[Step]:
    """Replay ``record`` move by move, checking every move, yielding each state.

    The first step of a round is its deal (``move_number`` 0). An illegal move
    raises :class:`RecordError` naming round and move."""
    state = engine.new_game(len(record.players), record.rules)
    for r, rnd in enumerate(record.rounds, start=1):
        if state.phase is Phase.GAME_OVER:
            raise RecordError("the game has already ended", round_number=r, move_number=0)
        if state.phase is not Phase.DEAL:
            raise RecordError(
                f"round {r - 1} is not finished, so no new round may follow",
                round_number=r,
                move_number=0,
            )
        state = engine.apply(state, rnd.deal)
        yield Step(r, 0, rnd.deal, state)
        taken_back = iter(enumerate(rnd.taken_back, start=1))
        later = next(taken_back, None)
        for m, move in enumerate(rnd.moves, start=1):
            while later is not None and later[1].at == m - 1:
                _check_taken_back(state, later[1], later[0], r)
                later = next(taken_back, None)
            try:
                for player, action in move_actions(move):
                    state = engine.apply(state, action, player=None if player == CHANCE else player)
            except IllegalActionError as exc:
                raise RecordError(_reason(exc, move), round_number=r, move_number=m) from None
            yield Step(r, m, move, state)
        while later is not None:  # after the last move that stood (parsing saw to that)
            _check_taken_back(state, later[1], later[0], r)
            later = next(taken_back, None)
        if rnd.pending is not None:
            m = len(rnd.moves) + 1
            if r != len(record.rounds):
                raise RecordError(
                    "only the last round may end with a pending take", round_number=r, move_number=m
                )
            take: Action = TakeDiscard() if rnd.pending.take == "discard" else Draw()
            try:
                state = engine.apply(state, take, player=rnd.pending.player)
            except IllegalActionError as exc:
                raise RecordError(
                    f"pending take from the {rnd.pending.take} pile: {_reason(exc, None)}",
                    round_number=r,
                    move_number=m,
                ) from None
            yield Step(r, m, rnd.pending, state)


def _check_taken_back(state: State, entry: TakenBack, number: int, round_number: int) -> None:
    """Replay take-back ``number``'s moves from ``state``, where they were played:
    each must be legal, the first (the player's own turn) must have turned up no
    card, and none may end the round."""

    def fail(reason: str) -> RecordError:
        return RecordError(
            f"take-back {number}: {reason}", round_number=round_number, move_number=entry.at + 1
        )

    turn = entry.turn
    if turn.flip or not state.grids[turn.player].face_up[turn.position]:
        verb = "turns over" if turn.flip else "swaps a face-down card at"
        raise fail(
            f"player {turn.player}'s turn {verb} {turn.position} "
            f"({position_name(turn.position)}), and a card once seen is not taken back"
        )
    for j, move in enumerate(entry.moves, start=1):
        try:
            for player, action in move_actions(move):
                state = engine.apply(state, action, player=None if player == CHANCE else player)
        except IllegalActionError as exc:
            raise fail(f"its move {j}: {_reason(exc, move)}") from None
        if state.phase in (Phase.DEAL, Phase.GAME_OVER):
            raise fail(f"its move {j} ends the round, and a round's end is not taken back")
    if entry.pending is not None:
        take: Action = TakeDiscard() if entry.pending.take == "discard" else Draw()
        try:
            engine.apply(state, take, player=entry.pending.player)
        except IllegalActionError as exc:
            raise fail(f"its pending take: {_reason(exc, None)}") from None


def _reason(exc: IllegalActionError, move: Move | None) -> str:
    """The engine's reason, phrased for a record move rather than an engine action."""
    text = str(exc)
    reason = text.split(": ", 1)[1] if ": " in text else text
    if isinstance(move, SetupMove | TurnMove):
        what = f"player {move.player} "
        if isinstance(move, SetupMove):
            what += f"flip {move.position} ({position_name(move.position)})"
        else:
            verb = "flip" if move.flip else "swap"
            what += f"take {move.take}, {verb} {move.position} ({position_name(move.position)})"
        return f"{what}: {reason}"
    if isinstance(move, ReshuffleMove):
        return f"reshuffle: {reason}"
    return reason


def replay(record: GameRecord) -> State:
    """The state after the record's last move (every move checked)."""
    state = engine.new_game(len(record.players), record.rules)
    for step in replay_steps(record):
        state = step.state
    return state


def summary(state: State) -> dict[str, Any]:
    """The JSON summary ``python -m skyjo replay`` prints (see docs/record-format.md)."""
    current: dict[str, Any] | None = None
    if state.phase in (Phase.SETUP, Phase.TURN, Phase.PLACE_DISCARD, Phase.PLACE_DRAWN):
        current = {
            "phase": "setup" if state.phase is Phase.SETUP else "turn",
            "to_move": state.to_move,
            "finisher": state.finisher,
            "discard_top": state.discard_top,
            "draw_count": len(state.draw_pile),
            "grids": [_grid_summary(g) for g in state.grids],
        }
    return {
        "rounds": [
            {"finisher": r.finisher, "raw": list(r.raw), "points": list(r.points)}
            for r in state.results
        ],
        "totals": list(state.totals),
        "game_over": state.is_terminal,
        "winners": list(state.winners),
        "current": current,
    }


def _grid_summary(grid: Grid) -> list[int | str | None]:
    return [
        "x" if grid.removed[p] else (grid.values[p] if grid.face_up[p] else None)
        for p in range(GRID_SIZE)
    ]


def load_and_replay(text: str | bytes) -> tuple[GameRecord, State]:
    """Parse and replay record text, reporting the *first* problem in move order.

    Parsing checks the shape of every move before any move is replayed, so a
    malformed move late in the record would otherwise hide an illegal move before
    it. When parsing fails at a round and move, the part of the record before that
    point is replayed first, and an error found there wins."""
    try:
        data = jsontext.loads(text, what="the record")
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    try:
        game_record = from_json(data)
    except RecordError as shape_error:
        prefix = _before(data, shape_error.round_number, shape_error.move_number)
        if prefix is not None:
            replay(from_json(prefix))  # raises the earlier error, if there is one
        raise
    return game_record, replay(game_record)


def _before(data: Any, round_number: int | None, move_number: int | None) -> Any:
    """A copy of the raw record holding only what comes before round R, move M."""
    if (
        round_number is None
        or not isinstance(data, dict)
        or not isinstance(data.get("rounds"), list)
    ):
        return None
    rounds = data["rounds"][: round_number - 1]
    current = data["rounds"][round_number - 1]
    if move_number and isinstance(current, dict) and isinstance(current.get("moves"), list):
        rounds = [*rounds, {**current, "moves": current["moves"][: move_number - 1]}]
        rounds[-1].pop("pending", None)
        # Only the take-backs played before that move (one of them may be at fault).
        kept = current.get("taken_back")
        if isinstance(kept, list):
            rounds[-1]["taken_back"] = [
                e
                for e in kept
                if isinstance(e, dict) and _is_int(e.get("at")) and e["at"] < move_number - 1
            ]
    return {**data, "rounds": rounds}


def replay_summary(text: str) -> dict[str, Any]:
    """Parse, replay and summarise record text: the browser's entry point.

    Raises :class:`RecordError` (a ``ValueError``) for any invalid record."""
    return summary(load_and_replay(text)[1])
