"""The statistics as the game page shows them, opened from the menu above any screen.

A table with a row for each group of games (:mod:`skyjo.web.ui.statistics`): games,
wins, the average round and the best one (the CSV file adds the rounds and their
points); then Close, Export (a CSV file) and Reset (asked first). Statistics the
device held but could not read are said in words, above an empty table: they were
kept aside, not lost.
"""

from __future__ import annotations

from skyjo.web.ui.app import App
from skyjo.web.ui.i18n import Translator, card_text
from skyjo.web.ui.render import button, esc, h
from skyjo.web.ui.statistics import PEOPLE, Tally, group_label

#: The table's columns after the group's name (``stats.<key>`` is the heading).
COLUMNS = ("games", "wins", "average", "best")


def html(app: App) -> str:
    """The statistics panel, or nothing while it is closed."""
    if not app.statistics_open:
        return ""
    t = Translator(app.language)
    found = app.read_statistics()
    parts = [
        h("h2", esc(t.t("stats.heading")), id="stats-title", tabindex=-1),
        h("p", esc(t.t("stats.about")), class_="help"),
    ]
    if app.statistics_unreadable is not None:
        said = t.t("stats.unreadable", reason=app.statistics_unreadable)
        parts.append(h("p", esc(said), class_="notice error", role="alert"))
    rows = found.rows()
    if rows:
        parts.append(_table(t, rows))
    else:
        parts.append(h("p", esc(t.t("stats.none")), id="stats-none"))
    actions = [button(t.t("stats.close"), "statistics-close", primary=True, id="stats-close")]
    if rows:
        actions.append(button(t.t("button.stats_export"), "statistics-export", id="stats-export"))
        actions.append(button(t.t("button.stats_reset"), "statistics-reset", id="stats-reset"))
    parts.append(h("p", " ".join(actions), class_="stats-actions"))
    return h("section", *parts, id="statistics", class_="stats", aria_labelledby="stats-title")


def _table(t: Translator, rows: list[tuple[str, Tally]]) -> str:
    """The table. On a phone CSS lays each row out as a grid, the group's name on a
    line of its own above its numbers, each with its column's word (hidden from
    screen readers, which have the column's heading), so a row fits 360 px in
    every language. A table restyled so stays a table only with its roles spelled
    out, hence ``role`` on every element."""
    head = h(
        "tr",
        h("th", esc(t.t("stats.opponents")), scope="col", role="columnheader"),
        *(h("th", esc(t.t(f"stats.{key}")), scope="col", role="columnheader") for key in COLUMNS),
        role="row",
    )
    body = [
        h(
            "tr",
            h("th", esc(group_label(t, group)), scope="row", role="rowheader"),
            *(
                h(
                    "td",
                    h("span", esc(t.t(f"stats.{key}")), class_="stats-label", aria_hidden="true")
                    + cell,
                    role="cell",
                )
                for key, cell in zip(COLUMNS, _cells(t, group, tally), strict=True)
            ),
            role="row",
            data_group=group,
        )
        for group, tally in rows
    ]
    return h(
        "table",
        h("thead", head, role="rowgroup"),
        h("tbody", *body, role="rowgroup"),
        class_="stats-table",
        role="table",
        aria_labelledby="stats-title",
    )


def _cells(t: Translator, group: str, tally: Tally) -> list[str]:
    """The numbers of one group, as HTML: a win is not counted with people only
    (somebody here always wins), said in words to a screen reader."""
    if group == PEOPLE:
        wins = h("span", "—", aria_hidden="true") + h(
            "span", esc(t.t("stats.wins_not_counted")), class_="visually-hidden"
        )
    else:
        wins = str(tally.wins)
    average = "—" if tally.average is None else esc(t.decimal(tally.average))
    best = "—" if tally.best is None else esc(card_text(tally.best))
    return [str(tally.games), wins, average, best]


__all__ = ["COLUMNS", "html"]
