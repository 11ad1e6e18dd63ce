"""The score pad page as HTML text, painted from a :class:`~skyjo.web.scorepad.app.PadApp`.

Pure functions from the app's state (and the derived
:func:`~skyjo.web.scorepad.sheet.score_sheet`) to markup, so what a person sees is
tested on CPython; the page only assigns the result to ``innerHTML``. Every text
from a person (names) goes through :func:`html.escape`. Buttons say what they do
with ``data-action``/``data-value``, which one delegated listener reads.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from skyjo.rules import TARGET_PRESETS, ColumnRule, Rules
from skyjo.scoring import layout_bounds
from skyjo.web.icons import icon
from skyjo.web.scorepad import model
from skyjo.web.scorepad.app import CORRUPT_NOTICES, NOT_SAVED, Notice, PadApp, Screen
from skyjo.web.scorepad.keypad import Keypad
from skyjo.web.scorepad.messages import LANGUAGE_NAMES, LANGUAGES, Messages, number
from skyjo.web.scorepad.model import ScorePad
from skyjo.web.scorepad.sheet import ScoreSheet, preview, score_sheet
from skyjo.web.scorepad.starter import who_starts


def page(app: PadApp) -> str:
    """The whole ``#pad`` container for the current screen."""
    m = Messages(app.language)
    parts = [nav(app, m), page_notice(app)]
    if app.screen is Screen.GAMES:
        parts.append(games(app, m))
    elif app.screen is Screen.SETUP or app.pad is None:
        parts.append(setup(app, m))
    else:
        parts.append(play(app, app.pad, m))
    return "\n".join(parts)


def button(
    label: str, action: str, value: object = "", *, cls: str = "", glyph: str = "", **attrs: str
) -> str:
    """A ``<button>`` the delegated listener understands. With ``glyph`` (an
    :mod:`skyjo.web.icons` name) it shows that icon instead of ``label``; then give
    it an ``aria_label``."""
    extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    klass = f' class="{cls}"' if cls else ""
    body = icon(glyph) if glyph else escape(label)
    return (
        f'<button type="button"{klass} data-action="{action}" data-value="{escape(str(value))}"'
        f"{extra}>{body}</button>"
    )


def nav(app: PadApp, m: Messages) -> str:
    """The bar: the page's title, what to do next, the language."""
    items = []
    if app.screen is not Screen.PLAY and app.pad is not None:
        items.append(button(m.t("nav.back"), "back"))
    if app.screen is Screen.PLAY and app.pad is not None:
        items.append(button(m.t("nav.setup"), "setup"))
        items.append(button(m.t("nav.csv"), "csv"))
        items.append(button(m.t("nav.print"), "print"))
    if app.screen is not Screen.GAMES:
        items.append(button(m.t("nav.games"), "games"))
    items.append(button(m.t("nav.new"), "new"))
    options = "".join(
        f'<option value="{lang}"{" selected" if lang == app.language else ""}>'
        f"{LANGUAGE_NAMES[lang]}</option>"
        for lang in LANGUAGES
    )
    language = (
        f'<label class="language">{escape(m.t("language"))} '
        f'<select id="pad-language" data-field="language">{options}</select></label>'
    )
    return (
        f'<nav class="pad-nav" aria-label="{escape(m.t("title"))}">'
        f'<h1>{escape(m.t("title"))}</h1><div class="nav-buttons">{"".join(items)}</div>'
        f"{language}</nav>"
    )


def notice(note: Notice | None, m: Messages, *, export: str = "") -> str:
    """The last message: errors as an alert, other news as a status. ``export``
    (see :func:`_export_offered`) adds the button that keeps what the device could
    not: the open game as CSV, or an unreadable save as it was."""
    if note is None:
        return '<p id="notice" class="notice" role="status"></p>'
    if note.detail_error is not None:
        text = m.error(note.detail_error)
    else:
        text = m.t(note.key, **dict(note.fields))
    extra = ""
    if export == "csv":
        extra = " " + button(m.t("nav.csv"), "csv")
    elif export == "unreadable":
        extra = " " + button(m.t("button.export_unreadable"), "export-unreadable")
    role, cls = ("alert", "notice error") if note.error else ("status", "notice")
    return f'<p id="notice" class="{cls}" role="{role}">{escape(text)}{extra}</p>'


def page_notice(app: PadApp) -> str:
    """The notice as :func:`page` paints it (the page repaints it alone while typing)."""
    return notice(app.notice, Messages(app.language), export=_export_offered(app))


def _export_offered(app: PadApp) -> str:
    """Which export the notice offers: ``"csv"`` when a save was refused and a game
    is open, ``"unreadable"`` beside a notice about an unreadable save."""
    note = app.notice
    if note is None:
        return ""
    if note.key == NOT_SAVED and app.pad is not None:
        return "csv"
    if note.key in CORRUPT_NOTICES and app.unreadable is not None:
        return "unreadable"
    return ""


# ---- the game ----------------------------------------------------------------------


def play(app: PadApp, pad: ScorePad, m: Messages) -> str:
    """Totals, the result, the entry with its keypad, who starts, the history."""
    sheet = score_sheet(pad)
    parts = [sheet_info(app, pad, m), totals(sheet, m), result(sheet, m)]
    starter = starter_line(app, pad, m)
    if app.keypad is not None:
        parts.append(entry(app, pad, app.keypad, m, starter))
    parts.append(history(sheet, m))
    return f'<div class="play">{"".join(parts)}</div>'


def sheet_info(app: PadApp, pad: ScorePad, m: Messages) -> str:
    """For the printed sheet only: when the game was played, its rule options
    and what the marks in the table mean (paper has no tooltips)."""
    lines = []
    if app.game_id is not None:
        saved = app.archive.game(app.game_id)
        lines.append(
            m.t(
                "print.played",
                players=", ".join(pad.players),
                started=_date(saved.started),
                updated=_date(saved.updated),
            )
        )
    rules = pad.rules
    lines.append(
        m.t(
            "print.rules",
            target=rules.target,
            tie=m.t("print.tie.on" if rules.double_on_tie else "print.tie.off"),
            nonpositive=m.t(
                "print.nonpositive.on" if rules.double_nonpositive else "print.nonpositive.off"
            ),
            column=m.t(f"setup.column.{rules.column_rule.value}"),
        )
    )
    lines.append(m.t("print.legend"))
    body = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return f'<section id="sheet-info" class="sheet-info">{body}</section>'


def totals(sheet: ScoreSheet, m: Messages) -> str:
    """Each player's running total; the leaders (or the winners) stand out."""
    marked = sheet.winners if sheet.game_over else sheet.leaders
    badge = m.t("totals.wins" if sheet.game_over else "totals.leads")
    items = []
    for seat, (name, total) in enumerate(zip(sheet.players, sheet.totals, strict=True)):
        lead = seat in marked
        items.append(
            f'<li class="total{" leader" if lead else ""}" data-seat="{seat}">'
            f'<span class="name">{escape(name)}</span>'
            f'<span class="value">{number(total)}</span>'
            + (f'<span class="badge">{escape(badge)}</span>' if lead else "")
            + "</li>"
        )
    return (
        f'<section id="totals" aria-label="{escape(m.t("totals.title"))}">'
        f'<ol class="totals">{"".join(items)}</ol></section>'
    )


def result(sheet: ScoreSheet, m: Messages) -> str:
    """The end of the game in words: who reached the target, who wins."""
    if not sheet.game_over:
        return ""
    names = list(sheet.players)
    lines = [
        m.t(
            "end.over",
            names=m.names([names[s] for s in sheet.reached_target]),
            count=len(sheet.reached_target),
            target=sheet.rules.target,
        )
    ]
    best = min(sheet.totals)
    sharing = [s for s, t in enumerate(sheet.totals) if t == best]
    if len(sharing) > 1:
        lines.append(m.t("end.shared", names=m.names([names[s] for s in sharing]), total=best))
        if sheet.tiebreak is not None:
            if len(sheet.tiebreak.winners) == 1:
                lines.append(m.t("end.tiebreak_won", name=names[sheet.tiebreak.winners[0]]))
            else:
                lines.append(m.t("end.tiebreak_shared"))
        elif sheet.tiebreak_offered:
            offered = m.names([names[s] for s in sheet.tiebreak_offered])
            lines.append(m.t("end.tiebreak_offer", names=offered))
    else:
        lines.append(m.t("end.wins", name=names[sharing[0]], total=number(best)))
    body = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return f'<section id="result" class="result" role="status">{body}</section>'


def starter_line(app: PadApp, pad: ScorePad, m: Messages) -> str:
    """Who starts the next round (before round 1 from the cards typed in)."""
    revealed = app.revealed
    complete = len(revealed) == len(pad.players) and all(
        a is not None and b is not None for a, b in revealed
    )
    cards = [(a or 0, b or 0) for a, b in revealed] if complete else None
    starter = who_starts(pad, revealed=cards)
    return "" if starter is None else m.starter(starter, pad)


def entry(app: PadApp, pad: ScorePad, kp: Keypad, m: Messages, starter: str) -> str:
    """The round being typed: one row per player, the live explanation, the keypad."""
    if kp.round_number is None:
        names = m.names([pad.players[s] for s in kp.seats])
        heading = m.t("entry.tiebreak_correct" if app.correcting else "entry.tiebreak", names=names)
    elif app.correcting:
        heading = m.t("entry.correct", n=kp.round_number)
    else:
        heading = m.t("entry.round", n=kp.round_number)
    rows = []
    for seat in kp.seats:
        current = seat == kp.seat
        value = kp.display if current else _entry_text(kp.entries[seat])
        ended = seat in kp.finishers
        refused = current and kp.refused
        cls = (
            "entry-row"
            + (" current" if current else "")
            + (" refused" if refused else "")
            + (" ended" if ended else "")
        )
        rows.append(
            f'<button type="button" class="{cls}" data-action="select" data-value="{seat}" '
            f'aria-pressed="{"true" if current else "false"}" data-seat="{seat}">'
            f'<span class="name">{escape(pad.players[seat])}</span>'
            f'<span class="flag">{escape(m.t("entry.ended")) if ended else ""}</span>'
            f'<output class="sum">{escape(value)}</output></button>'
        )
    low, high = layout_bounds(pad.rules)
    why = ""
    if kp.complete and kp.round_number is not None:
        try:
            why = m.explanation(preview(pad, kp.draft(), round_number=kp.round_number))
        except ValueError:
            why = ""
    return (
        f'<section id="entry" class="entry" aria-labelledby="entry-title"'
        f' data-view="{escape(entry_view(app, kp))}">'
        f'<h2 id="entry-title">{escape(heading)}</h2>'
        + (f'<p id="starter" class="starter">{escape(starter)}</p>' if starter else "")
        + (who_starts_form(app, pad, m) if not pad.rounds else "")
        + f'<div class="entry-rows">{"".join(rows)}</div>'
        f'<p id="preview" class="preview" aria-live="polite">{escape(why)}</p>'
        f'<p class="help">{escape(m.t("entry.help"))} '
        f"{escape(m.t('entry.bounds', low=number(low), high=number(high)))}</p>"
        f"{keypad(app, kp, m)}</section>"
    )


def entry_view(app: PadApp, kp: Keypad) -> str:
    """Which round the entry is for, as a word the page compares between paints: when
    it changes (a round saved, a correction opened), the keypad ignores the pointer
    for a moment (``site/boot.js``), so a double click on "Save round" types nothing
    into the next round."""
    which = "tiebreak" if kp.round_number is None else f"round-{kp.round_number}"
    return f"entry {which}" + (" correcting" if app.correcting else "")


def _entry_text(value: int | None) -> str:
    return "" if value is None else str(value)


def keypad(app: PadApp, kp: Keypad, m: Messages) -> str:
    """Big keys in a 3-column grid a thumb reaches, then the round's actions."""
    keys = [button(str(d), "digit", d, cls="key digit") for d in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    keys += [
        button(m.t("key.sign"), "sign", cls="key sign"),
        button("0", "digit", 0, cls="key digit"),
        button("", "back-digit", cls="key", glyph="backspace", aria_label=m.t("key.back")),
        button(m.t("key.previous"), "previous", cls="key wide"),
        button(m.t("key.next"), "next", cls="key wide next"),
        button(m.t("key.finisher"), "finisher", cls="key finisher", aria_pressed=_pressed(kp)),
    ]
    if app.offer_move_mark:
        keys.append(
            button(m.t("key.move_mark", name=kp.names[kp.seat]), "move-mark", cls="key full")
        )
    if kp.round_number is None:
        enter = "key.enter_correction" if app.correcting else "key.enter_tiebreak"
    else:
        enter = "key.enter_correction" if app.correcting else "key.enter"
    keys.append(button(m.t(enter), "enter", cls="key full enter", id="enter-key"))
    if app.correcting:
        keys.append(button(m.t("key.cancel"), "cancel", cls="key full"))
        if kp.round_number is None:
            keys.append(button(m.t("key.delete_tiebreak"), "delete-tiebreak", cls="key full"))
        else:
            label = m.t("key.delete_round", n=kp.round_number)
            keys.append(button(label, "delete-round", kp.round_number, cls="key full danger"))
    return f'<div class="keypad" role="group">{"".join(keys)}</div>'


def _pressed(kp: Keypad) -> str:
    return "true" if kp.seat in kp.finishers else "false"


def who_starts_form(app: PadApp, pad: ScorePad, m: Messages) -> str:
    """Before round 1: each player's two revealed cards, to name who starts."""
    rows = []
    values = range(-2, 13)
    for seat, name in enumerate(pad.players):
        picks = app.revealed[seat] if seat < len(app.revealed) else [None, None]
        selects = []
        for index in (0, 1):
            options = ['<option value=""></option>'] + [
                f'<option value="{v}"{" selected" if picks[index] == v else ""}>{v}</option>'
                for v in values
            ]
            selects.append(
                f'<select data-field="revealed" data-seat="{seat}" data-index="{index}" '
                f'aria-label="{escape(m.t("start.cards", name=name))} {index + 1}">'
                f"{''.join(options)}</select>"
            )
        rows.append(f'<div class="reveal"><span>{escape(name)}</span>{"".join(selects)}</div>')
    # Repainting must not close the box while cards are being entered.
    opened = " open" if any(v is not None for pair in app.revealed for v in pair) else ""
    return (
        f'<details id="who-starts" class="who-starts"{opened}><summary>{escape(m.t("start.title"))}'
        f"</summary><p>{escape(m.t('start.help'))}</p>{''.join(rows)}</details>"
    )


def history(sheet: ScoreSheet, m: Messages) -> str:
    """The rounds as on paper: points written down, who ended, why; tap to correct."""
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in sheet.players)
    rows = []
    width = len(sheet.players) + 1
    for line in sheet.lines:
        cells = []
        for seat, pts in enumerate(line.points):
            cls = "points"
            note = ""
            if seat == line.finisher:
                cls += " finisher"
                if pts != line.raw[seat]:
                    cls += " doubled"
                    note = f' title="{escape(m.t("history.doubled", raw=line.raw[seat]))}"'
            cells.append(f'<td class="{cls}"{note}>{number(pts)}</td>')
        edit = button(
            str(line.number),
            "correct",
            line.number,
            cls="round-edit",
            aria_label=m.t("history.edit", n=line.number),
        )
        end = " ends-game" if line.ends_game else ""
        rows.append(
            f'<tr class="round{end}" data-round="{line.number}"><th scope="row">{edit}</th>'
            f"{''.join(cells)}</tr>"
            f'<tr class="why" data-why="{line.number}"><td colspan="{width}">'
            f"{escape(m.explanation(line.explanation))}</td></tr>"
        )
    if not rows:
        rows.append(f'<tr><td colspan="{width}">{escape(m.t("history.empty"))}</td></tr>')
    foot = "".join(f'<td class="total">{number(t)}</td>' for t in sheet.totals)
    extra = ""
    if sheet.tiebreak is not None:
        tb = sheet.tiebreak
        tb_cells = "".join(
            f'<td class="points">{"" if p is None else number(p)}</td>' for p in tb.points
        )
        edit = button(
            m.t("history.tiebreak"),
            "correct-tiebreak",
            cls="round-edit",
            aria_label=m.t("history.edit_tiebreak"),
        )
        extra = (
            f'<tr class="tiebreak"><th scope="row">{edit}</th>{tb_cells}</tr>'
            f'<tr class="why"><td colspan="{width}">'
            f"{escape(m.explanation(tb.explanation))}</td></tr>"
        )
    return (
        f'<section id="history" class="history" aria-labelledby="history-title">'
        f'<h2 id="history-title">{escape(m.t("history.title"))}</h2>'
        f'<div class="table-wrap"><table><thead><tr><th scope="col">'
        f"{escape(m.t('history.round'))}</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr class="totals-row"><th scope="row">{escape(m.t("history.total"))}</th>'
        f"{foot}</tr>{extra}</tfoot></table></div></section>"
    )


# ---- the form and the list -----------------------------------------------------------


def setup(app: PadApp, m: Messages) -> str:
    """Players (names, order) and rule options, for a new game or the open one."""
    form = app.form
    locked = form.editing and app.pad is not None and bool(app.pad.rounds)
    count = len(form.names)
    rows = []
    for seat, name in enumerate(form.names):
        label = m.t("setup.player", n=seat + 1)
        who = name.strip() or label
        controls = [
            button("↑", "up", seat, cls="small", aria_label=m.t("setup.up", name=who))
            if seat > 0
            else "",
            button("↓", "down", seat, cls="small", aria_label=m.t("setup.down", name=who))
            if seat < count - 1
            else "",
        ]
        if not locked and count > model.MIN_PLAYERS:
            controls.append(
                button(
                    "",
                    "remove-player",
                    seat,
                    cls="small",
                    glyph="remove",
                    aria_label=m.t("setup.remove", name=who),
                )
            )
        rows.append(
            f'<li class="player-row"><label><span class="visually-hidden">{escape(label)}</span>'
            f'<input type="text" data-field="name" data-seat="{seat}" value="{escape(name)}" '
            f'placeholder="{escape(label)}" aria-label="{escape(label)}" maxlength="24" '
            f'autocomplete="off"></label>{"".join(controls)}</li>'
        )
    add = ""
    if not locked and count < model.MAX_PLAYERS:
        add = button(m.t("setup.add"), "add-player", cls="wide")
    elif locked:
        add = f'<p class="help">{escape(m.t("setup.locked"))}</p>'
    heading = m.t("setup.edit" if form.editing else "setup.new")
    submit = m.t("setup.save" if form.editing else "setup.start")
    return (
        f'<section id="setup" class="setup" aria-labelledby="setup-title">'
        f'<h2 id="setup-title">{escape(heading)}</h2>'
        f'<h3>{escape(m.t("setup.players"))}</h3><ol class="players">{"".join(rows)}</ol>{add}'
        f"{rules_form(app, m)}"
        f'<div class="actions">{button(submit, "save-setup", cls="wide primary")}</div></section>'
    )


def rules_form(app: PadApp, m: Messages) -> str:
    """The rule options, with the bounds of a round's sum they imply."""
    form = app.form
    targets = [str(t) for t in TARGET_PRESETS]
    options = "".join(
        f'<option value="{t}"{" selected" if form.target == t else ""}>{t}</option>'
        for t in targets
    ) + (
        f'<option value="custom"{" selected" if form.target == "custom" else ""}>'
        f"{escape(m.t('setup.custom'))}</option>"
    )
    custom = ""
    if form.target == "custom":
        custom = (
            f'<label>{escape(m.t("setup.custom_target"))} <input type="number" min="1" '
            f'inputmode="numeric" data-field="custom_target" value="{escape(form.custom_target)}">'
            "</label>"
        )
    columns = "".join(
        f'<option value="{rule.value}"{" selected" if form.column_rule == rule.value else ""}>'
        f"{escape(m.t('setup.column.' + rule.value))}</option>"
        for rule in ColumnRule
    )
    try:
        low, high = layout_bounds(_rules_preview(form.column_rule))
        bounds = m.t("setup.bounds", low=number(low), high=number(high))
    except ValueError:
        bounds = ""
    return (
        f'<h3>{escape(m.t("setup.rules"))}</h3><div class="rules">'
        f'<label>{escape(m.t("setup.target"))} <select data-field="target">{options}</select>'
        f"</label>{custom}"
        f"{_checkbox('double_on_tie', form.double_on_tie, m)}"
        f"{_checkbox('double_nonpositive', form.double_nonpositive, m)}"
        f'<label>{escape(m.t("setup.column_rule"))} <select data-field="column_rule">{columns}'
        f'</select></label><p class="help">{escape(bounds)}</p></div>'
    )


def _rules_preview(column_rule: str) -> Rules:
    return Rules(column_rule=ColumnRule(column_rule))


def _checkbox(name: str, checked: bool, m: Messages) -> str:
    return (
        f'<label class="check"><input type="checkbox" data-field="{name}"'
        f"{' checked' if checked else ''}> {escape(m.t('setup.' + name))}</label>"
    )


def games(app: PadApp, m: Messages) -> str:
    """The games kept on this device, most recently changed first, with dates."""
    items = []
    for saved in app.archive.recent():
        pad = saved.pad
        line = m.t(
            "games.line",
            players=", ".join(pad.players),
            rounds=len(pad.rounds),
            started=_date(saved.started),
            updated=_date(saved.updated),
        )
        current = f' <span class="current">{escape(m.t("games.current"))}</span>'
        if app.confirm_delete == saved.game_id:
            actions = (
                f"<span>{escape(m.t('games.confirm'))}</span>"
                + button(m.t("games.yes"), "delete-game", saved.game_id, cls="danger")
                + button(m.t("games.no"), "keep")
            )
        else:
            actions = button(m.t("games.open"), "open", saved.game_id) + button(
                m.t("games.delete"), "ask-delete", saved.game_id
            )
        items.append(
            f'<li class="game" data-game="{saved.game_id}"><p>{escape(line)}'
            f"{current if saved.game_id == app.game_id else ''}</p>"
            f'<div class="actions">{actions}</div></li>'
        )
    body = (
        f'<ul class="games">{"".join(items)}</ul>'
        if items
        else f"<p>{escape(m.t('games.empty'))}</p>"
    )
    return (
        f'<section id="games" class="games-list" aria-labelledby="games-title">'
        f'<h2 id="games-title">{escape(m.t("games.title"))}</h2>{body}</section>'
    )


def _date(stamp: datetime) -> str:
    """A saved date as people read it: ``2026-11-03 14:05`` (in the page's zone)."""
    return stamp.strftime("%Y-%m-%d %H:%M")


def csv_name(app: PadApp) -> str:
    """The file name for the CSV download: the players and the start date."""
    if app.game_id is None:
        return "skyjo-scores.csv"
    saved = app.archive.game(app.game_id)
    day = saved.started.date().isoformat()
    return f"skyjo-scores-{day}-game{saved.game_id}.csv"
