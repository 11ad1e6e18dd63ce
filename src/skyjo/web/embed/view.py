"""An embed's content as HTML, from its configuration and where its reel stands.

Pure (no PyScript): the embed's page (:mod:`skyjo.web.embed.embed_page`) paints these,
and the build (:mod:`skyjo.web.prerender`) writes a scenario's opening into a preview
file with the very same functions, so an embed can show its table before Python
runs and Python can take that DOM over unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo import scenarios
from skyjo.web.embed import board, params, reel
from skyjo.web.embed.texts import Texts
from skyjo.web.ui.render import button, esc, h


@dataclass(frozen=True, slots=True)
class ReelAt:
    """A reel of frames and where the embed stands in it."""

    frames: tuple[reel.Frame, ...]
    names: tuple[str, ...]
    first: int
    position: int
    link: str = ""
    busy: bool = False


def problems(t: Texts, config: params.EmbedConfig) -> str:
    """The parameters the embed could not use, for the host page's author."""
    if not config.problems:
        return ""
    items = (
        h("li", h("code", esc(f"{p.param}={p.value}")), " ", esc(p.allowed))
        for p in config.problems
    )
    return h(
        "div",
        h("p", esc(t.t("embed.problems"))),
        h("ul", *items),
        class_="embed-problems",
        role="alert",
    )


def reel_view(t: Texts, config: params.EmbedConfig, at: ReelAt) -> str:
    """A scenario or record: its header, the buttons, the outcome at the end, the table."""
    frame = at.frames[at.position]
    outcome = ""
    last = at.position == len(at.frames) - 1
    if config.scenario is not None:
        chosen = scenarios.get(config.scenario)
        header = h(
            "header",
            h("h1", esc(t.t(chosen.title_key(config.rules)))),
            h("p", esc(t.t(f"{chosen.key}.situation")), class_="situation"),
            class_="embed-header",
        )
        if last:
            outcome = h(
                "p", esc(t.t(chosen.outcome_key(config.rules))), class_="outcome", role="status"
            )
    else:
        link = h("a", esc(t.t("embed.open_replay")), href=at.link, target="_blank")
        header = h(
            "header", h("h1", esc(t.t("embed.record_title"))), h("p", link), class_="embed-header"
        )
    n, total = reel.move_counter(at.frames, at.position)
    counter = t.t("embed.move", n=n, total=total)
    controls = h(
        "div",
        button(t.t("embed.next"), "next", primary=True, disabled=last or at.busy),
        button(t.t("embed.play"), "play", disabled=last or at.busy),
        button(t.t("embed.restart"), "restart", disabled=at.position == at.first or at.busy),
        h("span", esc(counter), class_="counter"),
        class_="embed-controls",
    )
    shown = frame if at.position > at.first else None
    return (
        header
        + controls
        + outcome
        + board.table(t, frame.state, at.names, show="table", frame=shown)
    )


def scenario_reel(config: params.EmbedConfig) -> ReelAt:
    """A scenario's reel, standing at its start (or the ``start`` parameter's move)."""
    assert config.scenario is not None
    chosen = scenarios.get(config.scenario)
    game = chosen.record(config.rules)
    frames = reel.frames(game)
    start = config.start if config.start is not None else chosen.start_move
    first = reel.frame_at(frames, start)
    return ReelAt(frames, game.names, first, first)


def opening(config: params.EmbedConfig) -> str:
    """What a scenario embed paints first: exactly what :class:`EmbedPage` shows
    once Python has started, before any button was pressed."""
    t = Texts(config.language)
    return problems(t, config) + reel_view(t, config, scenario_reel(config))


__all__ = ["ReelAt", "opening", "problems", "reel_view", "scenario_reel"]
