"""View models to HTML text. Pure functions, so escaping and structure are tested
on CPython; ``dom`` only puts the result into the page.

Elements are built with :func:`h`, which escapes every attribute value; text goes
through :func:`esc`. So a player named ``<b>Mia</b>`` is shown as typed, never
interpreted. Clickable things carry a ``data-intent`` attribute that the page's
single delegated listener dispatches on.
"""

from __future__ import annotations

from html import escape

from skyjo.names import MAX_NAME_LENGTH
from skyjo.web.painted import fingerprint
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.present import (
    CardModel,
    Choice,
    ConfirmModel,
    EndModel,
    RivalModel,
    SeatModel,
    SetupModel,
    TableModel,
)

VOID = frozenset({"input", "br"})


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def h(tag: str, *children: str, **attrs: object) -> str:
    """An element. Attribute names: ``class_`` -> ``class``, ``data_seat`` ->
    ``data-seat``; True means a bare attribute, None or False leaves it out.
    Children are HTML already (escape text with :func:`esc`)."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    opening = f"<{' '.join(parts)}>"
    return opening if tag in VOID else f"{opening}{''.join(children)}</{tag}>"


def button(
    label: str, intent: str, *, primary: bool = False, class_: str | None = None, **attrs: object
) -> str:
    classes = " ".join(c for c in ("primary" if primary else "", class_ or "") if c) or None
    return h("button", esc(label), type="button", class_=classes, data_intent=intent, **attrs)


def options(choices: tuple[Choice, ...]) -> str:
    return "".join(h("option", esc(c.label), value=c.value, selected=c.selected) for c in choices)


def language_switcher(t: Translator, choices: tuple[Choice, ...]) -> str:
    select = h("select", options(choices), id="language", data_intent="language")
    label = h("span", esc(t.t("lang.label")), class_="lang-label")
    return h("label", label + " " + select, class_="lang")


def game_menu(t: Translator, items: list[str], *, open_: bool) -> str:
    """The game's own controls (language, export, import, new game). On a phone they
    fold behind one "Menu" button so the table fits the screen; wider screens show
    them all and hide the button (CSS)."""
    toggle = h(
        "button",
        esc(t.t("button.menu")),
        type="button",
        id="menu-toggle",
        class_="menu-toggle",
        data_intent="menu",
        aria_expanded="true" if open_ else "false",
        aria_controls="game-menu",
    )
    menu = h(
        "div", " ".join(items), id="game-menu", class_="game-menu" + (" open" if open_ else "")
    )
    return toggle + menu


def confirm(model: ConfirmModel) -> str:
    """The question before a game in progress is replaced: in the page, not a browser
    dialog. Keeping the game is the first button, where the keyboard lands."""
    return h(
        "section",
        h("h2", esc(model.heading), id="confirm-title"),
        h("p", esc(model.text), id="confirm-text"),
        h(
            "p",
            button(model.cancel_label, "cancel", primary=True, id="confirm-cancel"),
            " ",
            button(model.confirm_label, "confirm", id="confirm-ok"),
        ),
        class_="confirm",
        role="alertdialog",
        aria_labelledby="confirm-title",
        aria_describedby="confirm-text",
    )


# --- setup -------------------------------------------------------------------------


def notice(
    t: Translator,
    text: str,
    *,
    error: bool,
    corrupt_save: bool = False,
    export_game: bool = False,
) -> str:
    """A message above the screen: an error is an alert; a corrupt save offers its
    export, a refused save the game's."""
    if not text:
        return ""
    extra = ""
    if corrupt_save:
        extra = " " + button(t.t("button.export_corrupt"), "export-corrupt")
    elif export_game:
        extra = " " + button(t.t("button.export"), "export")
    return h(
        "p",
        esc(text) + extra,
        class_="notice error" if error else "notice",
        role="alert" if error else "status",
    )


def setup(t: Translator, model: SetupModel, note: str = "") -> str:
    """The setup screen; ``note`` is the HTML of a :func:`notice`."""
    form = h(
        "form",
        h(
            "fieldset",
            h("legend", esc(t.t("setup.players"))),
            _seat_rows(t, model),
            button(t.t("setup.add"), "seat-add", id="seat-add") if model.can_add else "",
        ),
        # Shown only while a seat is played by a bot (table.css, as the seats change).
        h(
            "label",
            esc(t.t("setup.speed")) + " " + h("select", options(model.speeds), name="speed"),
            class_="speed",
        ),
        # The rule options, folded: most first games keep them as they are.
        h(
            "details",
            h("summary", esc(t.t("setup.rules"))),
            _rules(t, model),
            class_="options",
            id="setup-options",
            open=model.rules_open,
        ),
        h("p", h("a", esc(t.t("setup.rules_link")), href="rules.html"), class_="rules-link"),
        h("p", esc(model.error), class_="form-error", role="alert", id="setup-error")
        if model.error
        else "",
        h(
            "p",
            h("button", esc(t.t("setup.start")), type="submit", class_="primary", id="start"),
            class_="action-bar",
        ),
        id="setup-form",
    )
    recent = ""
    if model.recent:
        recent = h(
            "section",
            h("h3", esc(t.t("recent.heading")), id="recent-title"),
            h(
                "ul",
                *(
                    h(
                        "li",
                        button(g.label, "restore", data_index=g.index, id=f"restore-{g.index}"),
                    )
                    for g in model.recent
                ),
            ),
            class_="recent",
            aria_labelledby="recent-title",
        )
    return h(
        "section",
        note,
        h("h2", esc(t.t("setup.heading")), id="setup-title"),
        h("p", button(t.t("setup.quick"), "quick", primary=True, id="quick")),
        recent,
        form,
        class_="setup",
        aria_labelledby="setup-title",
    )


def _seat_rows(t: Translator, model: SetupModel) -> str:
    rows = []
    for seat in model.seats:
        i = seat.index
        # Each field is named with its seat ("Seat 2 Name"), read from the visible
        # seat number and label, so a screen reader can tell eight "Name" fields apart.
        name = h(
            "input",
            name=f"name-{i}",
            id=f"name-{i}",
            value=seat.name,
            maxlength=MAX_NAME_LENGTH,
            autocomplete="off",
            aria_labelledby=f"seat-no-{i} name-label-{i}",
            aria_invalid="true" if i == model.invalid_seat else None,
            aria_describedby="setup-error" if i == model.invalid_seat else None,
        )
        kind = h(
            "select",
            options(seat.kinds),
            name=f"kind-{i}",
            id=f"kind-{i}",
            aria_labelledby=f"seat-no-{i} kind-label-{i}",
        )
        up = (
            button(
                "↑",
                "seat-up",
                data_index=i,
                id=f"seat-up-{i}",
                class_="small",
                aria_label=t.t("setup.up", name=seat.name),
            )
            if i > 0
            else ""
        )
        remove = (
            button(
                "×",
                "seat-remove",
                data_index=i,
                id=f"seat-remove-{i}",
                class_="small",
                aria_label=t.t("setup.remove", name=seat.name),
            )
            if model.can_remove
            else ""
        )
        rows.append(
            h(
                "li",
                h("span", esc(t.t("setup.seat", n=i + 1)), class_="seat-no", id=f"seat-no-{i}"),
                h(
                    "label",
                    h("span", esc(t.t("setup.name")), id=f"name-label-{i}") + " " + name,
                    class_="field",
                ),
                h(
                    "label",
                    h("span", esc(t.t("setup.kind")), id=f"kind-label-{i}") + " " + kind,
                    class_="field",
                ),
                h("span", up, remove, class_="seat-buttons"),
                class_="seat-row",
            )
        )
    return h("ol", *rows, class_="seats")


def _rules(t: Translator, model: SetupModel) -> str:
    def radio(name: str, choice: Choice) -> str:
        box = h("input", type="radio", name=name, value=choice.value, checked=choice.selected)
        return h("label", box + " " + h("span", esc(choice.label)), class_="choice")

    def checkbox(name: str, checked: bool) -> str:
        box = h("input", type="checkbox", name=name, checked=checked)
        label = h("span", esc(t.t(f"rule.{name}")))
        return h("label", box + " " + label, class_="choice") + h(
            "p", esc(t.t(f"rule.{name}.help")), class_="help"
        )

    custom = h(
        "input",
        name="custom_target",
        inputmode="numeric",
        size=5,
        value=model.custom_target,
        aria_label=t.t("rule.target.custom_value"),
    )
    target = h(
        "fieldset",
        h("legend", esc(t.t("rule.target"))),
        *(radio("target", c) for c in model.targets),
        " ",
        custom,
        h("p", esc(t.t("rule.target.help")), class_="help"),
        class_="rule",
    )
    columns = h(
        "fieldset",
        h("legend", esc(t.t("rule.column_rule"))),
        *(radio("column_rule", c) for c in model.column_rules),
        h("p", esc(t.t("rule.column_rule.help")), class_="help"),
        class_="rule",
    )
    return (
        target
        + columns
        + checkbox("double_on_tie", model.double_on_tie)
        + checkbox("double_nonpositive", model.double_nonpositive)
    )


def howto(t: Translator, *, unless_stored: str) -> str:
    """How to play, in thirty seconds: shown on a first visit and from the menu.
    ``unless_stored`` is the device's key that says it was dismissed: a page
    pre-painted with it leaves it out at once on such a device (site/boot-lang.js)."""
    return h(
        "section",
        h("h2", esc(t.t("howto.heading")), id="howto-title", tabindex=-1),
        h("ul", *(h("li", esc(t.t(f"howto.{k}"))) for k in ("goal", "turn", "column", "end"))),
        h(
            "p",
            button(t.t("howto.dismiss"), "howto-close", primary=True, id="howto-close"),
            " ",
            h("a", esc(t.t("setup.rules_link")), href="rules.html"),
            class_="howto-actions",
        ),
        class_="howto",
        aria_labelledby="howto-title",
        data_unless_stored=unless_stored,
    )


def resume(t: Translator, round_number: int) -> str:
    return h(
        "section",
        h("h2", esc(t.t("save.resume_heading")), id="resume-title"),
        h("p", esc(t.t("save.resume_text", n=round_number))),
        h(
            "p",
            button(t.t("button.resume"), "resume", primary=True, id="resume"),
            " ",
            button(t.t("button.discard_save"), "new-game", id="resume-new-game"),
        ),
        class_="resume",
        aria_labelledby="resume-title",
    )


# --- the table ---------------------------------------------------------------------


def card(model: CardModel) -> str:
    """One slot: a button when clicking it is a legal move now, else a plain cell."""
    classes = f"card {model.state}" + (f" band-{model.band}" if model.band else "")
    classes += " hinted" if model.hinted else ""
    classes += " fresh" if model.fresh else ""
    classes += " revealed" if model.stage is not None else ""
    style = f"--stage: {model.stage}" if model.stage is not None else None
    face = h("span", esc(model.text), class_="value") if model.text else ""
    ident = f"card-{model.seat}-{model.position}"
    if model.action:
        return h(
            "button",
            face,
            type="button",
            id=ident,
            class_=classes + " target",
            data_intent="card",
            data_seat=model.seat,
            data_pos=model.position,
            data_action=model.action,
            aria_label=f"{model.label}, {model.action_label}",
        )
    return h("div", face, id=ident, class_=classes, style=style, role="img", aria_label=model.label)


def seat(model: SeatModel, *, compact: bool) -> str:
    classes = "seat" + (" active" if model.active else "") + (" compact" if compact else "")
    classes += " finisher" if model.finisher else ""
    tag = h("span", esc(model.turn_tag), class_="turn-tag") if model.turn_tag else ""
    heading = h(
        "h3",
        h("span", esc(model.name), class_="name"),
        " ",
        tag,
        h("span", esc(f"{model.visible_text} · {model.total_text}"), class_="sums"),
        class_="seat-name",
    )
    grid = h(
        "div",
        *(card(c) for c in model.cards),
        class_="grid",
        role="group",
        aria_label=model.grid_label,
    )
    # The seats a move leaves as they were are most of the table's elements: with
    # the checksum of the whole seat, the page's morph passes them by (site/page.mjs).
    checksum = fingerprint("\x00".join((str(model.seat), classes, model.grid_label, heading, grid)))
    return h(
        "section",
        heading,
        grid,
        class_=classes,
        data_seat=model.seat,
        aria_label=model.grid_label,
        data_checksum=checksum,
    )


def _piles(model: TableModel) -> str:
    count = h("span", str(model.draw_count), class_="count")
    if model.can_draw:
        draw = h(
            "button",
            count,
            type="button",
            id="draw-pile",
            class_="pile draw target" + (" hinted" if model.hint_target == "draw" else ""),
            data_intent="draw",
            aria_label=model.draw_label,
        )
    else:
        draw = h(
            "div",
            count,
            id="draw-pile",
            class_="pile draw",
            role="img",
            aria_label=model.draw_label,
        )
    if model.discard is None:
        discard = h(
            "div",
            id="discard-pile",
            class_="pile empty",
            role="img",
            aria_label=model.discard_label,
        )
    else:
        face = h("span", esc(model.discard.text), class_="value")
        classes = f"pile card up band-{model.discard.band}"
        classes += " hinted" if model.hint_target == "discard" else ""
        if model.can_take_discard:
            discard = h(
                "button",
                face,
                type="button",
                id="discard-pile",
                class_=classes + " target",
                data_intent="take-discard",
                aria_label=model.discard_label,
            )
        else:
            discard = h(
                "div",
                face,
                id="discard-pile",
                class_=classes,
                role="img",
                aria_label=model.discard_label,
            )
    held = ""
    if model.held is not None:
        held = h(
            "div",
            h(
                "div",
                h("span", esc(model.held.text), class_="value"),
                id="held-card",
                class_=f"card up band-{model.held.band}",
                role="img",
                aria_label=model.held_label,
            ),
            h("span", esc(model.held_label), class_="held-label"),
            class_="held",
        )
    return h("div", draw, discard, held, class_="piles")


def table(t: Translator, model: TableModel, *, log_open: bool = False) -> str:
    """The table. The own seat's grid is large and first and stays there while others
    move; ``log_open`` keeps the Moves log as the person left it."""
    buttons = []
    if model.hand_over:
        buttons.append(button(model.hand_over, "hand-over", primary=True, id="hand-over"))
    if model.can_discard_mode:
        flip_hinted = model.hint_target == "flip"
        marked = h("span", esc(", " + model.hint_marked), class_="visually-hidden")
        buttons.append(
            h(
                "button",
                esc(t.t("button.discard_and_flip")) + (marked if flip_hinted else ""),
                type="button",
                id="discard-mode",
                class_="hinted" if flip_hinted else None,
                data_intent="discard-mode",
            )
        )
    if model.discard_mode:
        buttons.append(button(t.t("button.back"), "discard-mode-off", id="discard-mode-off"))
    if model.put_back_label:
        buttons.append(button(model.put_back_label, "put-back", id="put-back"))
    if model.can_hint:
        buttons.append(button(t.t("button.hint"), "hint", id="hint"))
    if model.undo:
        # Disabled when there is nothing to take back; its description says why
        # (and, as a tooltip, what it does). Ctrl+Z (⌘Z) does the same (site/page.mjs).
        buttons.append(
            button(
                t.t("button.undo"),
                "undo",
                id="undo",
                class_="undo",
                disabled=model.undo != "ready",
                title=model.undo_note,
                aria_keyshortcuts="Control+Z Meta+Z",
            )
        )
    active = [s for s in model.seats if s.active]
    focus = model.own_seat if model.own_seat is not None else (active[0].seat if active else -1)
    status = h(
        "div",
        h("span", esc(model.round_text), class_="round"),
        " ",
        h("strong", esc(model.turn_text), class_="turn human" if model.is_human_turn else "turn"),
        class_="status",
    )
    center = h(
        "div",
        _piles(model),
        h("p", esc(model.prompt), class_="prompt", id="prompt", tabindex=-1),
        h("div", *buttons, class_="actions"),
        h("p", esc(model.hint), class_="hint", role="status") if model.hint else "",
        class_="center",
    )
    log = h(
        "details",
        h("summary", esc(t.t("table.log")), id="log-summary"),
        # Oldest first, as the latest moves above; the box opens scrolled to the
        # newest (table.css). Focusable: a keyboard must be able to scroll it.
        h(
            "div",
            h("ol", *(h("li", esc(line)) for line in model.log)),
            class_="log-lines",
            role="region",
            tabindex=0,
            aria_labelledby="log-summary",
        ),
        class_="log",
        id="log",
        open=log_open,
    )
    # Always there, at a fixed height, so the grids below never move as lines come.
    latest = h(
        "div",
        h(
            "ul",
            *(h("li", esc(line)) for line in model.latest),
            aria_label=t.t("table.latest"),
        )
        if model.latest
        else "",
        class_="latest",
    )
    own = [s for s in model.seats if s.seat == focus]
    others = [s for s in model.seats if s.seat != focus]
    return h(
        "section",
        status,
        latest,
        rivals_strip(t, model.rivals),
        h("p", esc(model.banner), class_="banner", role="status") if model.banner else "",
        center,
        h(
            "div",
            # The page keeps this grid in view when the table changes (site/boot.js).
            h("div", *(seat(s, compact=False) for s in own), class_="own-seat", data_in_view=True),
            h(
                "div",
                *(seat(s, compact=True) for s in others),
                class_="seats others",
                role="group",
                aria_label=t.t("table.others"),
                tabindex=0,  # on a phone the row scrolls sideways, also by keyboard
            )
            if others
            else "",
            class_="grids",
        ),
        log,
        class_="board",
        aria_label=model.round_text,
        data_placing=model.is_human_turn and (model.held is not None or model.discard_mode),
        data_view=model.view or None,
    )


def rivals_strip(t: Translator, rivals: tuple[RivalModel, ...]) -> str:
    """The other players in a few lines, above the piles: on a phone their grids
    are below the fold, so this says who they are, what shows, how many cards are
    still face down and what each did last (table.css shows it on phones only)."""
    if not rivals:
        return ""
    items = []
    for r in rivals:
        classes = "rival" + (" active" if r.active else "") + (" finisher" if r.finisher else "")
        items.append(
            h(
                "li",
                h(
                    "span",
                    h("span", esc(r.name), class_="name"),
                    " ",
                    h("span", esc(f"{r.visible_text} · {r.down_text}"), class_="rival-sums"),
                    class_="rival-who",
                ),
                " ",
                h("span", esc(r.move), class_="rival-move") if r.move else "",
                class_=classes,
                data_seat=r.seat,
            )
        )
    return h("ul", *items, class_="rivals", aria_label=t.t("table.others"))


# --- round end and game end -----------------------------------------------------------


def end(t: Translator, model: EndModel) -> str:
    result = h(
        "table",
        h(
            "thead",
            h(
                "tr",
                *(
                    h("th", esc(t.t(k)), scope="col")
                    for k in ("end.player", "end.layout", "end.points", "end.total")
                ),
            ),
        ),
        h(
            "tbody",
            *(
                h(
                    "tr",
                    h("th", esc(r.name + (" ★" if r.winner else "")), scope="row"),
                    h("td", str(r.raw)),
                    h("td", str(r.points) + (" (×2)" if r.doubled else "")),
                    h("td", str(r.total)),
                    class_=" ".join(
                        c
                        for c in ("finisher" if r.finisher else "", "winner" if r.winner else "")
                        if c
                    )
                    or None,
                )
                for r in model.rows
            ),
        ),
        class_="result",
    )
    sheet = h(
        "details",
        h("summary", esc(t.t("end.sheet")), id="sheet-summary"),
        h(
            "table",
            h(
                "thead",
                h("tr", h("td"), *(h("th", esc(n), scope="col") for n in model.sheet_names)),
            ),
            h(
                "tbody",
                *(
                    h("tr", h("th", esc(label), scope="row"), *(h("td", str(p)) for p in points))
                    for label, points in model.sheet_rounds
                ),
            ),
            h(
                "tfoot",
                h(
                    "tr",
                    h("th", esc(t.t("end.total")), scope="row"),
                    *(h("td", str(v)) for v in model.sheet_totals),
                ),
            ),
        ),
        class_="sheet",
        id="sheet",
        open=True,
    )
    if model.host:
        # A guest's page: the host starts the next round (or the next game).
        over = model.game_over
        buttons = [] if over else [h("span", esc(t.t("together.wait_host", host=model.host)))]
    elif model.game_over:
        buttons = [button(t.t("button.rematch"), "rematch", primary=True)]
        if model.can_tiebreak:
            buttons.append(button(t.t("button.tiebreak"), "tiebreak"))
        buttons.append(button(t.t("button.new_game"), "new-game"))
    else:
        buttons = [button(t.t("button.next_round"), "next-round", primary=True)]
    if model.replay_href:
        # A link, not a button: it opens the replay, whose "Share" copies the same URL.
        buttons.append(h("a", esc(t.t("button.replay")), href=model.replay_href, class_="button"))
    return h(
        "section",
        h("h2", esc(model.heading), id="end-title"),
        h("p", esc(model.winners_text), class_="winners") if model.winners_text else "",
        h("div", *(seat(s, compact=True) for s in model.seats), class_="seats"),
        h("p", esc(model.reason), class_="reason"),
        result,
        # A bar that stays at the bottom of the window until its place is reached.
        h("p", " ".join(buttons), class_="end-actions action-bar"),
        sheet,
        class_="end",
        style=f"--stages: {model.stages}",
        aria_labelledby="end-title",
        data_view="game-end" if model.game_over else "round-end",
        data_in_view=True,
    )
