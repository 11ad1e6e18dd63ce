"""The statistics as the game page shows them, opened from the menu above any screen.

A table with a row for each group of games (:mod:`skyjo.web.ui.statistics`): games,
wins, rounds, the average round and the best one; then Close, Export (a CSV file)
and Reset (asked first). Statistics the device held but could not read are said in
words, above an empty table: they were kept aside, not lost.
"""

from __future__ import annotations

from skyjo.web.ui.app import App
from skyjo.web.ui.i18n import Translator, card_text
from skyjo.web.ui.render import button, esc, h
from skyjo.web.ui.statistics import PEOPLE, Tally, group_label

#: The table's columns after the group's name (``stats.<key>`` is the heading).
COLUMNS = ("games", "wins", "rounds", "average", "best")


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
    head = h(
        "tr",
        h("th", esc(t.t("stats.opponents")), scope="col"),
        *(h("th", esc(t.t(f"stats.{key}")), scope="col") for key in COLUMNS),
    )
    body = [
        h(
            "tr",
            h("th", esc(group_label(t, group)), scope="row"),
            *(h("td", cell) for cell in _cells(t, group, tally)),
            data_group=group,
        )
        for group, tally in rows
    ]
    return h(
        "div",
        h("table", h("thead", head), h("tbody", *body), class_="stats-table"),
        class_="stats-scroll",
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
    return [str(tally.games), wins, str(tally.rounds), average, best]


__all__ = ["COLUMNS", "html"]
