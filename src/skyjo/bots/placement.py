"""Where a card in hand should go: every legal placement with its expected gain.

Shared by ``medium``, ``statistician`` and ``hard``; they differ in the odds they
pass in (the deck's or counted ones), how much a column pair is worth to them and
what they add on top (denial, the risk of being doubled). Gains are plain numbers
computed in a tight loop (the simulator asks for millions); the sentence that
explains a choice is only built for the chosen option.
"""

from __future__ import annotations

from skyjo.actions import DRAW, TAKE_DISCARD, Flip, PlayerAction, Swap
from skyjo.bots.base import Decision, Reason
from skyjo.bots.evaluation import (
    CardOdds,
    Layout,
    column_swap_gains,
    completes_column,
    flip_gain_of,
    swap_gains,
)
from skyjo.bots.reasons import at, because, reason
from skyjo.cards import COLUMNS
from skyjo.rules import Rules
from skyjo.view import PlayerView

#: (gain, action): the expected points an action saves in the player's own layout.
Scored = tuple[float, PlayerAction]


def swap_gain_with_pairs(
    layout: Layout, position: int, held: int, odds: CardOdds, rules: Rules, chances: float
) -> float:
    """Points saved by swapping ``held`` in at ``position``, counting a completed
    column and the change in the column's pair value."""
    gains = column_swap_gains(layout, position % COLUMNS, held, odds.completion(chances, rules))
    return gains[position // COLUMNS]


def flip_gain(layout: Layout, position: int, odds: CardOdds, rules: Rules) -> float:
    """Discard the card in hand and turn up ``position``: no change in expectation,
    except the chance that the card turned up completes its column."""
    return flip_gain_of(layout.partners(position), odds, rules)


def scored_placements(
    layout: Layout,
    held: int,
    legal: tuple[PlayerAction, ...],
    odds: CardOdds,
    rules: Rules,
    *,
    chances: float,
) -> list[Scored]:
    """Every legal placement of ``held`` with its gain, in the order of ``legal``."""
    gains = swap_gains(layout, held, odds, rules, chances)
    scored: list[Scored] = []
    for action in legal:
        if isinstance(action, Swap):
            gain = gains[action.position]
            assert gain is not None, "a legal swap is never in a removed column"
            scored.append((gain, action))
        elif isinstance(action, Flip):
            scored.append((flip_gain(layout, action.position, odds, rules), action))
    return scored


def best(scored: list[Scored]) -> Scored:
    """The highest gain; the earliest legal action wins ties (deterministic)."""
    top = scored[0]
    for item in scored[1:]:
        if item[0] > top[0]:
            top = item
    return top


def explain(layout: Layout, action: PlayerAction, held: int, rules: Rules) -> Reason:
    """Why a placement: 'swaps the 11 for the 2: saves 9 points'."""
    if isinstance(action, Flip):
        return at("bot.throw_away", action.position, held=held)
    assert isinstance(action, Swap)
    position = action.position
    old = layout.cards[position]
    column = position % COLUMNS
    if completes_column(layout, position, held, rules):
        return reason("bot.completes_column", column=column + 1, held=held)
    if old is None:
        return at("bot.on_face_down", position, held=held, worth=float(layout.worth[position]))
    if old > held:
        return reason("bot.swap_saves", old=old, held=held, saved=old - held)
    if held in layout.partners(position):
        return reason("bot.next_to_twin", held=held, column=column + 1)
    return reason("bot.swap", old=old, held=held)


def forced_source(view: PlayerView) -> Decision | None:
    """The start of a turn when there is no choice: no discard card to take (draw)
    or nothing to draw (take it); None when the bot must weigh the two."""
    if TAKE_DISCARD not in view.legal_actions or view.discard_top is None:
        return because(DRAW, reason("bot.draw_no_discard"))
    if DRAW not in view.legal_actions:
        return because(TAKE_DISCARD, reason("bot.take_pile_empty"))
    return None
