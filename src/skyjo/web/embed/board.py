"""A table painted from a bare :class:`State`, for replays, scenarios and records.

The game page paints from its controller (:class:`skyjo.web.ui.app.App`), which
knows seats, bots and whose click is legal. A replay has none of that: only
states from the record. This module builds the same view models
(:func:`skyjo.web.ui.present.card_model`, :class:`~skyjo.web.ui.present.SeatModel`) and
the same HTML (:func:`skyjo.web.ui.render.seat`), so a replayed table looks like the
live one and uses the same stylesheet.

``show`` says whose eyes: ``"table"`` is what an onlooker at the table sees
(face-down cards hidden, a drawn card shown); ``"all"`` turns every face-down card's value up (as a
"peek", styled apart) so a reader can follow the game; a seat number shows what
that player saw (face-down cards hidden, another player's drawn card hidden).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from skyjo.cards import GRID_SIZE
from skyjo.events import (
    CardDiscarded,
    CardFlipped,
    CardSwapped,
    ColumnRemoved,
    PilesReshuffled,
    RoundEnding,
    RoundScored,
    SetupDone,
)
from skyjo.record import TurnMove
from skyjo.state import Grid, Phase, State
from skyjo.web.embed.reel import Frame
from skyjo.web.icons import icon
from skyjo.web.ui import present, render
from skyjo.web.ui.i18n import Translator, card_text
from skyjo.web.ui.render import esc, h

#: The winner's mark after a name: a drawn star (★ is missing from some fonts).
STAR = " " + icon("star")

Show = Literal["all", "table"] | int


def card(
    t: Translator, grid: Grid, seat: int, position: int, *, peek: bool, fresh: bool
) -> present.CardModel:
    """One slot; with ``peek`` a face-down card shows its value (class ``peek``)."""
    model = present.card_model(t, grid, seat, position, fresh=fresh)
    if peek and model.state == "down":
        value = grid.values[position]
        return present.CardModel(
            seat,
            position,
            "down peek",
            card_text(value),
            present.band(value),
            model.label + f" ({card_text(value)})",
            fresh=fresh,
        )
    return model


def seats(
    t: Translator,
    state: State,
    names: tuple[str, ...],
    *,
    show: Show,
    changed: Collection[tuple[int, int]] = (),
) -> tuple[present.SeatModel, ...]:
    models = []
    for p, grid in enumerate(state.grids):
        cards = tuple(
            card(t, grid, p, q, peek=show == "all", fresh=(p, q) in changed)
            for q in range(GRID_SIZE)
        )
        models.append(
            present.SeatModel(
                seat=p,
                name=names[p],
                kind="",
                active=state.to_move == p and state.phase not in (Phase.DEAL, Phase.GAME_OVER),
                finisher=state.finisher == p,
                visible_text=t.t("table.visible", sum=card_text(grid.visible_sum())),
                total_text=t.t("table.total", total=card_text(state.totals[p])),
                grid_label=t.t("table.grid", name=names[p]),
                cards=cards,
            )
        )
    return tuple(models)


def changed_cards(frame: Frame | None) -> frozenset[tuple[int, int]]:
    """The (seat, position) slots a frame's move changed, so they animate."""
    if frame is None:
        return frozenset()
    slots = {
        (e.player, e.position) for e in frame.events if isinstance(e, CardSwapped | CardFlipped)
    }
    for e in frame.events:
        if isinstance(e, ColumnRemoved):
            slots.update((e.player, e.column + 4 * row) for row in range(3))
    return frozenset(slots)


def piles(t: Translator, state: State, names: tuple[str, ...], *, show: Show) -> str:
    count = h("span", str(len(state.draw_pile)), class_="count")
    draw = h(
        "div",
        count,
        id="draw-pile",
        class_="pile draw",
        role="img",
        aria_label=t.t("table.draw_pile", count=len(state.draw_pile)),
    )
    top = state.discard_top
    if top is None:
        discard = h(
            "div",
            id="discard-pile",
            class_="pile empty",
            role="img",
            aria_label=t.t("table.discard_empty"),
        )
    else:
        discard = h(
            "div",
            h("span", esc(card_text(top)), class_="value"),
            id="discard-pile",
            class_=f"pile card up band-{present.band(top)}",
            role="img",
            aria_label=t.t("table.discard_pile", card=card_text(top)),
        )
    held = ""
    if state.held is not None and state.to_move is not None:
        name = names[state.to_move]
        hidden = state.phase is Phase.PLACE_DRAWN and show not in ("all", "table", state.to_move)
        label = (
            t.t("replay.held_hidden", name=name)
            if hidden
            else t.t("replay.held", name=name, card=card_text(state.held))
        )
        face = "" if hidden else h("span", esc(card_text(state.held)), class_="value")
        classes = "card down" if hidden else f"card up band-{present.band(state.held)}"
        held = h(
            "div",
            h("div", face, id="held-card", class_=classes, role="img", aria_label=label),
            h("span", esc(label), class_="held-label"),
            class_="held",
        )
    return h("div", draw, discard, held, class_="piles")


def result_table(t: Translator, state: State, names: tuple[str, ...]) -> str:
    """The last round's scores: layout, points (×2 when doubled), total, and why."""
    if not state.results:
        return ""
    result = state.results[-1]
    rows = []
    for p, name in enumerate(names):
        classes = " ".join(
            c
            for c in (
                "finisher" if p == result.finisher else "",
                "winner" if p in state.winners else "",
            )
            if c
        )
        doubled = " (×2)" if p == result.finisher and result.doubled else ""
        rows.append(
            h(
                "tr",
                h("th", esc(name) + (STAR if p in state.winners else ""), scope="row"),
                h("td", esc(card_text(result.raw[p]))),
                h("td", esc(card_text(result.points[p]) + doubled)),
                h("td", esc(card_text(state.totals[p]))),
                class_=classes or None,
            )
        )
    head = h(
        "tr",
        *(
            h("th", esc(t.t(k)), scope="col")
            for k in ("end.player", "end.layout", "end.points", "end.total")
        ),
    )
    reason = present.reason_text(t, names, result, state)
    winners = ""
    if state.phase is Phase.GAME_OVER and state.winners:
        best = card_text(state.totals[state.winners[0]])
        if len(state.winners) == 1:
            winners = t.t("end.winner", name=names[state.winners[0]], total=best)
        else:
            winners = t.t(
                "end.shared", names=t.names_list([names[p] for p in state.winners]), total=best
            )
    return h(
        "div",
        h("p", esc(reason), class_="reason"),
        h("p", esc(winners), class_="winners") if winners else "",
        h("table", h("thead", head), h("tbody", *rows), class_="result"),
        class_="round-result",
    )


def table(
    t: Translator,
    state: State,
    names: tuple[str, ...],
    *,
    show: Show = "all",
    frame: Frame | None = None,
) -> str:
    """The whole table for one state: status line, piles, every grid, and the
    round's scores once it was scored. ``frame`` (the move that led here) marks
    the changed cards and gives the sentence saying what happened."""
    models = seats(t, state, names, show=show, changed=changed_cards(frame))
    turn = ""
    if state.to_move is not None and state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        turn = t.t("table.bot_turn", name=names[state.to_move])
    status = h(
        "div",
        h("span", esc(t.t("table.round", n=max(state.round_number, 1))), class_="round"),
        " ",
        h("strong", esc(turn), class_="turn") if turn else "",
        class_="status",
    )
    banner = ""
    if state.finisher is not None and state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        banner = h("p", esc(t.t("table.last_turns", name=names[state.finisher])), class_="banner")
    said = describe(t, names, frame) if frame is not None else ""
    scored = state.phase in (Phase.DEAL, Phase.GAME_OVER) and bool(state.results)
    return h(
        "section",
        status,
        banner,
        h("p", esc(said), class_="said", id="said", aria_live="polite"),
        h("div", piles(t, state, names, show=show), class_="center"),
        result_table(t, state, names) if scored else "",
        h("div", *(render.seat(m, compact=False) for m in models), class_="seats"),
        class_="board replay-board",
        data_phase=state.phase.value,
        aria_label=t.t("table.round", n=max(state.round_number, 1)),
    )


def describe(t: Translator, names: tuple[str, ...], frame: Frame) -> str:
    """What the frame's move did, in one or two sentences of the game's log."""
    if frame.move_number == 0:
        return t.t("event.dealt", n=frame.round_number)
    source = frame.move.take if isinstance(frame.move, TurnMove) else "discard"
    lines: list[str] = []
    discarded: int | None = None
    for event in frame.events:
        if isinstance(event, CardSwapped):
            key = f"event.{source}_swap_{'up' if event.was_face_up else 'down'}"
            lines.append(
                t.t(
                    key,
                    name=names[event.player],
                    card=card_text(event.card_in),
                    old=card_text(event.card_out),
                )
            )
        elif isinstance(event, CardDiscarded):
            discarded = event.value
        elif isinstance(event, CardFlipped) and discarded is not None:
            lines.append(
                t.t(
                    "event.draw_flip",
                    name=names[event.player],
                    card=card_text(discarded),
                    flipped=card_text(event.value),
                )
            )
        elif isinstance(event, CardFlipped):
            lines.append(
                t.t("event.setup_flip", name=names[event.player], card=card_text(event.value))
            )
        elif isinstance(event, ColumnRemoved):
            lines.append(t.t("event.column", name=names[event.player], card=card_text(event.value)))
        elif isinstance(event, PilesReshuffled):
            lines.append(t.t("event.reshuffle"))
        elif isinstance(event, SetupDone):
            lines.append(t.t("event.starts", name=names[event.starter]))
        elif isinstance(event, RoundEnding):
            lines.append(t.t("event.round_ending", name=names[event.finisher]))
        elif isinstance(event, RoundScored):
            lines.append(t.t("event.reveal"))
    return " ".join(lines)


def grid_summary(state: State, *, show: Show) -> tuple[tuple[str, ...], ...]:
    """Per seat, what each slot shows as text: a value, ``"?"`` face down, ``"x"``
    removed. The tests compare this, computed from the engine on CPython, with
    what the page shows."""
    out = []
    for grid in state.grids:
        row = []
        for p in range(GRID_SIZE):
            if grid.removed[p]:
                row.append("x")
            elif grid.face_up[p] or show == "all":
                row.append(card_text(grid.values[p]))
            else:
                row.append("?")
        out.append(tuple(row))
    return tuple(out)
