"""From the app to what the page shows: pure functions returning view models.

Nothing here touches the DOM, so every label, colour band, legal target and
sentence is tested on CPython; ``dom`` only turns these models into HTML. The
engine stays the one source of truth: these models are painted from it and never
read back.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo import scoring, share
from skyjo.actions import Draw, Flip, Swap, TakeDiscard
from skyjo.bots import Decision
from skyjo.bots.base import Reason
from skyjo.cards import COLUMNS, GRID_SIZE
from skyjo.i18n.grammar import Person
from skyjo.rules import TARGET_PRESETS, ColumnRule, Rules
from skyjo.state import Grid, Phase, RoundResult, State
from skyjo.web.ui.app import MOVE_KEYS, App, Confirm, Line, Screen
from skyjo.web.ui.i18n import LANGUAGE_NAMES, LANGUAGES, Translator, card_text
from skyjo.web.ui.setup import SEAT_KINDS, SPEEDS

#: Setup errors about one seat's name (its number in the field ``n``).
NAME_ERRORS = frozenset({"setup.error.name", "setup.error.invisible", "setup.error.same_name"})


def band(value: int) -> str:
    """The colour band of a card value, like the real deck: dark blue −2/−1, light
    blue 0, green 1-4, yellow 5-8, red 9-12."""
    if value < 0:
        return "neg"
    if value == 0:
        return "zero"
    if value <= 4:
        return "low"
    if value <= 8:
        return "mid"
    return "high"


@dataclass(frozen=True, slots=True)
class CardModel:
    """One slot of a grid. ``state`` is "up", "down" or "removed"; ``action`` is
    "swap" or "flip" when a click on it is a legal move now."""

    seat: int
    position: int
    state: str
    text: str
    band: str
    label: str
    action: str | None = None
    action_label: str = ""
    hinted: bool = False
    fresh: bool = False
    #: Its place in the round end's staged reveal (0 first), or None if it was
    #: already face up.
    stage: int | None = None


@dataclass(frozen=True, slots=True)
class SeatModel:
    seat: int
    name: str
    kind: str
    active: bool
    finisher: bool
    visible_text: str
    total_text: str
    grid_label: str
    cards: tuple[CardModel, ...]
    #: Said in the heading of a bot's grid while it plays ("playing…"), so a bot's
    #: turn shows as words beside its cards, not only as their border.
    turn_tag: str = ""


@dataclass(frozen=True, slots=True)
class RivalModel:
    """Another player as the strip above the piles shows them on a phone, where
    their grids are below the fold: who, what shows, how many cards are still face
    down, and their last move of this round ("" before it)."""

    seat: int
    name: str
    visible_text: str
    down_text: str
    move: str
    active: bool
    finisher: bool


@dataclass(frozen=True, slots=True)
class TableModel:
    round_text: str
    turn_text: str
    is_human_turn: bool
    prompt: str
    banner: str
    seats: tuple[SeatModel, ...]
    draw_label: str
    draw_count: int
    can_draw: bool
    discard: CardModel | None
    discard_label: str
    can_take_discard: bool
    held: CardModel | None
    held_label: str
    can_discard_mode: bool
    discard_mode: bool
    put_back_label: str
    hint: str
    can_hint: bool
    log: tuple[str, ...]
    announcement: str
    #: The seat whose grid is shown large and first (see :meth:`App.own_seat`), or
    #: None when only bots play (then the seat on turn).
    own_seat: int | None = None
    #: The moves since the person at the device last moved (their own move first),
    #: oldest first as in the log, shown on the table (not only in the closed log),
    #: so a hand-over says what the previous player did; see :func:`latest_lines`.
    latest: tuple[str, ...] = ()
    #: Every other player in turn order from the large grid's (who moves next
    #: first, so their last moves read oldest first): the strip a phone shows.
    rivals: tuple[RivalModel, ...] = ()
    #: Where the hint points: "draw", "discard" (the piles), "flip" (the button that
    #: discards the drawn card) or "" (a card is marked, or no hint).
    hint_target: str = ""
    hint_marked: str = ""
    #: The button that hands the device to the person due ("Continue as Ben"), or "".
    hand_over: str = ""
    #: What is under the pointer: whose grid is large, and whether the table waits
    #: for a hand-over. The page ignores clicks for a moment when it changes
    #: (``site/boot.js``), so a double click never acts on what just replaced it.
    view: str = ""
    #: The Undo button: "" when the table has none, else what it does (an
    #: :class:`~skyjo.web.ui.app.Undo` value; only "ready" acts), with ``undo_note``
    #: saying so (its description).
    undo: str = ""
    undo_note: str = ""


@dataclass(frozen=True, slots=True)
class ConfirmModel:
    """A question asked before something is replaced or deleted (a game in progress,
    the statistics)."""

    heading: str
    text: str
    confirm_label: str
    cancel_label: str


@dataclass(frozen=True, slots=True)
class RecentModel:
    index: int
    label: str


@dataclass(frozen=True, slots=True)
class ResultRow:
    name: str
    raw: int
    points: int
    total: int
    finisher: bool
    doubled: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class EndModel:
    """The round-end or game-end screen."""

    heading: str
    reason: str
    rows: tuple[ResultRow, ...]
    seats: tuple[SeatModel, ...]
    sheet_names: tuple[str, ...]
    sheet_rounds: tuple[tuple[str, tuple[int, ...]], ...]
    sheet_totals: tuple[int, ...]
    game_over: bool
    winners_text: str
    can_tiebreak: bool
    #: How many cards the staged reveal turns up (the result shows after them).
    stages: int = 0
    #: The replay viewer with this game's whole record in the link (``replay.html#g=...``),
    #: which is also the game's shareable link.
    replay_href: str = ""
    #: On a guest's page (playing together): the host, who moves the game on; the
    #: guest's page then offers no buttons of its own.
    host: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    selected: bool


@dataclass(frozen=True, slots=True)
class SetupSeatModel:
    index: int
    name: str
    kinds: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class SetupModel:
    seats: tuple[SetupSeatModel, ...]
    targets: tuple[Choice, ...]
    custom_target: str
    column_rules: tuple[Choice, ...]
    double_on_tie: bool
    double_nonpositive: bool
    speeds: tuple[Choice, ...]
    error: str
    can_add: bool
    can_remove: bool
    recent: tuple[RecentModel, ...] = ()
    #: The seat (from 0) whose name the error is about: its field is marked invalid
    #: and described by the error.
    invalid_seat: int | None = None
    #: Whether the rule options open unfolded: they are not the usual ones, or a
    #: target typed there needs mending.
    rules_open: bool = False


def line_text(t: Translator, line: Line, seats: tuple[str, ...] = ()) -> str:
    """A log line's sentence in ``t``'s language, without the bot's reason. A line
    that names its seat speaks of that seat's player by today's name, so "you" stays
    right after a language switch renamed the default seat."""
    fields = dict(line.fields)
    seat = fields.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(seats) and "name" in fields:
        fields["name"] = seats[seat]
    return t.t(line.key, **fields)


def translate_line(t: Translator, line: Line, seats: tuple[str, ...] = ()) -> str:
    """A log line in ``t``'s language, with the bot's reason in brackets."""
    text = line_text(t, line, seats)
    why = bot_reason(t, line.explanation, line.reason)
    return f"{text} ({why})" if why else text


def bot_reason(t: Translator, explanation: Reason | None, english: str) -> str:
    """A bot's reason in the page's language. A bot without an explanation (one
    written elsewhere) or with a key this catalogue lacks keeps its English words."""
    if explanation is None:
        return english
    try:
        return _reason_text(t, explanation)
    except (KeyError, ValueError, IndexError):
        return english


def _reason_text(t: Translator, explanation: Reason) -> str:
    fields: dict[str, object] = {}
    for name, value in explanation.fields.items():
        if isinstance(value, Reason):
            fields[name] = _reason_text(t, value)
        elif isinstance(value, float):
            fields[name] = t.decimal(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            fields[name] = card_text(value)
        else:
            fields[name] = value
    return t.t(explanation.key, **fields)


def languages(current: str) -> tuple[Choice, ...]:
    return tuple(Choice(code, LANGUAGE_NAMES[code], code == current) for code in LANGUAGES)


# --- the table ----------------------------------------------------------------------


def card_model(
    t: Translator,
    grid: Grid,
    seat: int,
    position: int,
    action: str | None = None,
    *,
    hinted: bool = False,
    fresh: bool = False,
    stage: int | None = None,
) -> CardModel:
    """A slot as shown; ``fresh`` marks a card the last step changed (it animates)."""
    row, column = position // COLUMNS + 1, position % COLUMNS + 1
    if grid.removed[position]:
        label = t.t("card.removed", row=row, column=column)
        return CardModel(seat, position, "removed", "", "", label, fresh=fresh, stage=stage)
    if not grid.face_up[position]:
        label = t.t("card.down", row=row, column=column)
        state, text, colour = "down", "", ""
    else:
        value = grid.values[position]
        label = t.t("card.up", row=row, column=column, card=card_text(value))
        state, text, colour = "up", card_text(value), band(value)
    action_label = t.t(f"action.{action}") if action else ""
    if hinted and action_label:
        action_label += ", " + t.t("hint.marked")
    return CardModel(
        seat, position, state, text, colour, label, action, action_label, hinted, fresh, stage
    )


def pile_card(value: int, label: str) -> CardModel:
    return CardModel(-1, -1, "up", card_text(value), band(value), label)


def seat_models(
    app: App, t: Translator, state: State, *, reveal: bool = False
) -> tuple[SeatModel, ...]:
    hinted = _hinted_position(app)
    stages = {card: n for n, card in enumerate(app.revealed)} if reveal else {}
    acting = app.human_to_act()
    if acting is None:
        acting = app.bot_to_act()
    models = []
    for p, grid in enumerate(state.grids):
        targets = {} if reveal else app.targets(p)
        cards = tuple(
            card_model(
                t,
                grid,
                p,
                q,
                targets.get(q),
                hinted=hinted == (p, q),
                fresh=(p, q) in app.changed,
                stage=stages.get((p, q)),
            )
            for q in range(GRID_SIZE)
        )
        name = app.seats[p].name
        active = (p == state.to_move and state.phase is not Phase.SETUP) or (
            state.phase is Phase.SETUP and p == acting
        )
        playing = active and not reveal and p in app.bots
        models.append(
            SeatModel(
                seat=p,
                name=name,
                kind=app.seats[p].kind,
                active=active and not reveal,
                finisher=state.finisher == p,
                visible_text=t.t("table.visible", sum=card_text(grid.visible_sum())),
                total_text=t.t("table.total", total=card_text(state.totals[p])),
                grid_label=t.t("table.grid", name=name),
                cards=cards,
                turn_tag=t.t("table.playing") if playing else "",
            )
        )
    return tuple(models)


def _hinted_position(app: App) -> tuple[int, int] | None:
    seat = app.human_to_act()
    if app.hint is None or seat is None:
        return None
    position = getattr(app.hint.action, "position", None)
    return (seat, position) if isinstance(position, int) else None


def hint_text(t: Translator, hint: Decision, state: State) -> str:
    """The hint as advice to the person ("Hint: take the 3 from the discard pile."),
    then why, in the second person, when the bot's reason has such a sentence."""
    held = card_text(state.held) if state.held is not None else ""
    match hint.action:
        case Draw():
            advice = t.t("hint.draw")
        case TakeDiscard():
            top = state.discard_top
            advice = t.t("hint.take", card=card_text(top) if top is not None else "")
        case Swap(position) | Flip(position):
            kind = "swap" if isinstance(hint.action, Swap) else "flip"
            row, column = position // COLUMNS + 1, position % COLUMNS + 1
            advice = t.t(f"hint.{kind}", card=held, row=row, column=column)
        case _:
            advice = ""
    why = _hint_why(t, hint.explanation)
    return f"{advice} {why}".strip()


#: Bot reasons that wrap another one (``then``): the hint explains the inner one.
_WRAPPERS = frozenset(
    {
        "bot.take_worth",
        "bot.with_note",
        "bot.keeps_hidden",
        "bot.denies",
        "bot.ends_stall",
        "bot.confirmed",
        "bot.going_out",
        "bot.take_then",
    }
)


def _hint_why(t: Translator, explanation: Reason | None) -> str:
    """Why, addressed to the person; "" when the catalogue has no such sentence."""
    while explanation is not None and explanation.key in _WRAPPERS:
        inner = explanation.fields.get("then")
        explanation = inner if isinstance(inner, Reason) else None
    if explanation is None:
        return ""
    key = "hint.why." + explanation.key.removeprefix("bot.")
    worth = explanation.fields.get("worth")
    if key == "hint.why.draw_counted" and isinstance(worth, float) and worth <= 0:
        key = "hint.why.draw_counted_no_gain"  # "would save you about −5.0" reads oddly
    if key not in t:
        return ""
    fields: dict[str, object] = {}
    for name, value in explanation.fields.items():
        if isinstance(value, float):
            fields[name] = t.decimal(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            fields[name] = value if name in ("row", "column", "saved") else card_text(value)
        else:
            fields[name] = value
    return t.t(key, **fields)


def _hint_target(app: App) -> str:
    """The pile or button the hint points at ("" for a card, or no hint)."""
    if app.hint is None or app.human_to_act() is None:
        return ""
    match app.hint.action:
        case Draw():
            return "draw"
        case TakeDiscard():
            return "discard"
        case Flip() if not app.discard_mode:
            return "flip"
    return ""


def table(app: App) -> TableModel:
    assert app.game is not None
    t = Translator(app.language, you=app.you())
    names = tuple(seat.name for seat in app.seats)
    state = app.game.state
    human = app.human_to_act()
    phase = state.phase
    mover = human if phase is Phase.SETUP else state.to_move
    mover_name = app.seats[mover].name if mover is not None else ""
    if human is not None:
        turn_text = t.t("table.you_turn", name=app.seats[human].name)
    elif mover is not None or app.bot_to_act() is not None:
        bot = app.bot_to_act()
        turn_text = t.t(
            "table.bot_turn", name=app.seats[bot if bot is not None else mover or 0].name
        )
    else:
        turn_text = ""
    top = state.discard_top
    prompt = ""
    handing = app.hand_over_to()
    if handing is not None:
        prompt = t.t("prompt.hand_over", name=app.seats[handing].name)
    elif human is not None:
        if phase is Phase.SETUP:
            prompt = t.t("prompt.setup", name=mover_name, left=2 - state.setup_flips[human])
        elif phase is Phase.TURN:
            prompt = t.t("prompt.turn", card=card_text(top) if top is not None else "")
        elif phase is Phase.PLACE_DISCARD:
            prompt = t.t("prompt.place_discard", card=card_text(state.held or 0))
        elif phase is Phase.PLACE_DRAWN:
            prompt = (
                t.t("prompt.flip")
                if app.discard_mode
                else t.t("prompt.place_drawn", card=card_text(state.held or 0))
            )
    banner = ""
    if state.finisher is not None and phase not in (Phase.DEAL, Phase.GAME_OVER):
        banner = t.t("table.last_turns", name=app.seats[state.finisher].name)
    held = None
    held_label = ""
    if state.held is not None and state.to_move is not None:
        holder = app.seats[state.to_move].name
        held_label = t.t("table.held", name=holder, card=card_text(state.held))
        held = pile_card(state.held, held_label)
    ready = human is not None and handing is None
    turn_phase = phase is Phase.TURN and ready
    can_put_back = ready and app.game.can_put_back()
    hint_target = _hint_target(app)
    marked = ", " + t.t("hint.marked")
    draw_label = t.t("table.draw_pile", count=len(state.draw_pile))
    discard_label = (
        t.t("table.discard_pile", card=card_text(top))
        if top is not None
        else t.t("table.discard_empty")
    )
    seats = seat_models(app, t, state)
    own = app.own_seat()
    undo = app.undo_offer()
    # The large grid's seat: the person's, else (bots alone) the one on turn.
    focus = own if own is not None else next((s.seat for s in seats if s.active), 0)
    return TableModel(
        round_text=t.t("table.round", n=state.round_number),
        turn_text=turn_text,
        is_human_turn=human is not None,
        prompt=prompt,
        banner=banner,
        seats=seats,
        draw_label=draw_label + (marked if hint_target == "draw" else ""),
        draw_count=len(state.draw_pile),
        can_draw=turn_phase and bool(state.draw_pile),
        discard=pile_card(top, t.t("table.discard_pile", card=card_text(top)))
        if top is not None
        else None,
        discard_label=discard_label + (marked if hint_target == "discard" else ""),
        can_take_discard=turn_phase and top is not None,
        held=held,
        held_label=held_label,
        can_discard_mode=ready and phase is Phase.PLACE_DRAWN and not app.discard_mode,
        discard_mode=app.discard_mode,
        put_back_label=t.t("button.put_back", card=card_text(state.held or 0))
        if can_put_back
        else "",
        hint=hint_text(t, app.hint, state) if app.hint is not None else "",
        can_hint=ready and phase is not Phase.SETUP,
        log=tuple(translate_line(t, line, names) for line in app.log[-60:]),
        announcement=" ".join(translate_line(t, line, names) for line in app.since_person),
        own_seat=app.own_seat(),
        latest=tuple(line_text(t, line, names) for line in latest_lines(app)),
        rivals=rivals(app, t, focus),
        hint_target=hint_target,
        hint_marked=t.t("hint.marked"),
        hand_over=t.t("button.hand_over", name=app.seats[handing].name)
        if handing is not None
        else "",
        view=table_view(app),
        undo=undo.value if undo is not None else "",
        undo_note=t.t(f"undo.{undo.value}") if undo is not None else "",
    )


#: Said by the banner while the round's last turns are played, so not again
#: among the latest moves.
BANNER_KEYS = frozenset({"event.round_ending"})
#: How many lines the latest moves show when nobody at the table is a person.
LATEST_AMONG_BOTS = 3


def latest_lines(app: App) -> list[Line]:
    """What the table shows of the log: everything since the person at the device
    last moved (their move first), or, among bots alone, the last few lines;
    oldest first, the banner's news left out."""
    people = any(not seat.is_bot for seat in app.seats)
    lines = app.since_person if people else app.log[-LATEST_AMONG_BOTS:]
    return [line for line in lines if line.key not in BANNER_KEYS]


def last_moves(log: list[Line]) -> dict[int, list[Line]]:
    """Each seat's last move of the round in ``log`` (with the column it removed)."""
    moves: dict[int, list[Line]] = {}
    for line in log:
        seat = line.fields.get("seat")
        if line.key == "event.dealt":
            moves = {}
        elif isinstance(seat, int) and line.key in MOVE_KEYS:
            moves[seat] = [line]
        elif isinstance(seat, int) and line.key == "event.column" and seat in moves:
            moves[seat].append(line)
    return moves


def rivals(app: App, t: Translator, focus: int) -> tuple[RivalModel, ...]:
    """The players of the strip: all but the ``focus`` seat (the large grid), in
    turn order after it."""
    assert app.game is not None
    state = app.game.state
    names = tuple(seat.name for seat in app.seats)
    count = state.num_players
    moves = last_moves(app.log)
    found = []
    for step in range(1, count):
        p = (focus + step) % count
        grid = state.grids[p]
        down = sum(1 for q, up in enumerate(grid.face_up) if not up and not grid.removed[q])
        found.append(
            RivalModel(
                seat=p,
                name=names[p],
                visible_text=t.t("table.visible", sum=card_text(grid.visible_sum())),
                down_text=t.t("table.face_down", count=down),
                move=" ".join(line_text(t, line, names) for line in moves.get(p, [])),
                active=p == state.to_move and state.phase is not Phase.SETUP,
                finisher=state.finisher == p,
            )
        )
    return tuple(found)


def table_view(app: App) -> str:
    """What the table shows under the pointer, as a word the page compares between
    paints: whose grid is large, and a hand-over waiting. Among bots alone it stays
    the same while the large grid follows the bot on turn: nobody clicks there."""
    seat = app.own_seat()
    if seat is None:
        return "table"
    return f"table seat-{seat}" + (" hand-over" if app.hand_over_to() is not None else "")


def confirm(app: App) -> ConfirmModel | None:
    """The question to ask before the game in progress is replaced, or the statistics
    reset, if one is pending."""
    t = Translator(app.language)
    if app.confirming is Confirm.RESET_STATISTICS:
        return ConfirmModel(
            t.t("confirm.stats.heading"),
            t.t("confirm.stats.text", n=app.read_statistics().games),
            t.t("button.stats_reset_confirm"),
            t.t("button.stats_keep"),
        )
    if app.confirming is None or app.game is None:
        return None
    n = app.game.state.round_number
    if app.confirming is Confirm.IMPORT:
        return ConfirmModel(
            t.t("confirm.import.heading"),
            t.t("confirm.import.text", n=n),
            t.t("button.open_import"),
            t.t("button.keep_playing"),
        )
    return ConfirmModel(
        t.t("confirm.new_game.heading"),
        t.t("confirm.new_game.text", n=n),
        t.t("button.leave_game"),
        t.t("button.keep_playing"),
    )


def recent(app: App) -> tuple[RecentModel, ...]:
    """The kept games the setup screen offers back."""
    if app.screen is not Screen.SETUP:
        return ()
    t = Translator(app.language)
    return tuple(
        RecentModel(i, t.t("recent.resume", names=t.names_list(list(g.names)), n=g.round_number))
        for i, g in enumerate(app.recent_games())
    )


# --- round end and game end ------------------------------------------------------


def reason_text(
    t: Translator, names: tuple[str, ...], result: RoundResult, rules_state: State
) -> str:
    """The doubling verdict in words: "Mia ended the round with 14, but Lena has 9, ..."."""
    verdict = scoring.judge_finisher(result.raw, result.finisher, rules_state.rules)
    finisher = result.finisher
    rival = verdict.rivals[0] if verdict.rivals else None
    fields: dict[str, object] = {
        "name": names[finisher],
        "raw": card_text(result.raw[finisher]),
        "points": card_text(result.points[finisher]),
    }
    if rival is not None:
        lowest = min(verdict.rivals, key=lambda p: result.raw[p])
        rivals = [names[p] for p in verdict.rivals if result.raw[p] == result.raw[lowest]]
        fields["rival"] = Person(
            t.names_list(rivals), you=rivals == [t.you], several=len(rivals) > 1
        )
        fields["rival_raw"] = card_text(result.raw[lowest])
    return t.t(f"reason.{verdict.reason.value}", **fields)


def end(app: App) -> EndModel:
    assert app.game is not None
    t = Translator(app.language, you=app.you())
    state = app.game.state
    names = tuple(s.name for s in app.seats)
    result = state.results[-1]
    over = state.phase is Phase.GAME_OVER or bool(app.tiebreak_of)
    winners = (
        state.winners
        if state.phase is Phase.GAME_OVER
        else (scoring.winners(result.points) if app.tiebreak_of else ())
    )
    rows = tuple(
        ResultRow(
            name=names[p],
            raw=result.raw[p],
            points=result.points[p],
            total=state.totals[p],
            finisher=p == result.finisher,
            doubled=p == result.finisher and result.doubled,
            winner=p in winners,
        )
        for p in range(state.num_players)
    )
    winners_text = ""
    if over and winners:
        best = state.totals[winners[0]] if not app.tiebreak_of else result.points[winners[0]]
        if len(winners) == 1:
            winners_text = t.t("end.winner", name=names[winners[0]], total=card_text(best))
        else:
            winners_text = t.t(
                "end.shared", names=t.names_list([names[p] for p in winners]), total=card_text(best)
            )
    heading = t.t("end.game_heading") if over else t.t("end.round_heading", n=state.round_number)
    return EndModel(
        heading=heading,
        reason=reason_text(t, names, result, state),
        rows=rows,
        seats=seat_models(app, t, state, reveal=True),
        sheet_names=names,
        sheet_rounds=tuple(
            (t.t("end.round_col", n=i + 1), r.points) for i, r in enumerate(state.results)
        ),
        sheet_totals=state.totals,
        game_over=over,
        winners_text=winners_text,
        can_tiebreak=over and len(winners) > 1,
        stages=len(app.revealed),
        # A guest's page has the seat's views, not the game's record.
        replay_href="replay.html#g=" + share.encode(app.game.record()) if app.has_record else "",
        host=app.host_name or "",
    )


# --- setup -------------------------------------------------------------------------


def setup(app: App) -> SetupModel:
    t = Translator(app.language)
    s = app.setup
    seats = tuple(
        SetupSeatModel(
            index=i,
            name=seat.name,
            kinds=tuple(Choice(k, t.t(f"kind.{k}"), k == seat.kind) for k in SEAT_KINDS),
        )
        for i, seat in enumerate(s.seats)
    )
    target = s.rules.target
    error = ""
    invalid_seat = None
    if app.setup_error is not None:
        error = t.t(app.setup_error.key, **app.setup_error.fields)
        seat_number = app.setup_error.fields.get("n")
        if app.setup_error.key in NAME_ERRORS and isinstance(seat_number, int):
            invalid_seat = seat_number - 1
    # A custom target that is not one stays as typed, next to the error about it.
    typed = app.typed_target
    custom = typed is not None or target not in TARGET_PRESETS
    return SetupModel(
        seats=seats,
        targets=(
            *tuple(Choice(str(v), str(v), v == target and not custom) for v in TARGET_PRESETS),
            Choice("custom", t.t("rule.target.custom"), custom),
        ),
        custom_target=typed if typed is not None else "" if not custom else str(target),
        column_rules=tuple(
            Choice(c.value, t.t(f"rule.column_rule.{c.value}"), c is s.rules.column_rule)
            for c in ColumnRule
        ),
        double_on_tie=s.rules.double_on_tie,
        double_nonpositive=s.rules.double_nonpositive,
        speeds=tuple(Choice(v, t.t(f"speed.{v}"), v == s.speed) for v in SPEEDS),
        error=error,
        can_add=len(s.seats) < 8,
        can_remove=len(s.seats) > 2,
        recent=recent(app),
        invalid_seat=invalid_seat,
        rules_open=s.rules != Rules() or typed is not None,
    )
