"""``hard``: card counting, column building and denial, and a doubling risk model.

Every option is valued in expected points saved, from the view alone:

- the odds of an unseen card are counted (:class:`CardOdds`); a draw is valued
  over that whole distribution (the best placement of each possible card,
  weighted by its probability), not as a card of the mean value;
- a column pair is worth the chance, counted from the unseen cards of its value,
  of completing it later;
- a card put on the discard pile costs what it would save the next player
  (denial: it does not hand over the card that completes their column);
- an option that ends the round (turning or covering the last face-down card) is
  judged by an explicit model: each opponent's final score is estimated as a
  normal distribution (known cards, face-down cards at the counted mean and
  variance, minus their expected last-turn improvement), which gives the
  probability of being doubled; near the target the same model gives the chance
  of winning the game instead, so a leader ends rounds and a trailer does not.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from skyjo.actions import Draw, Flip, PlayerAction, Swap, TakeDiscard
from skyjo.bots.base import Decision, Reason
from skyjo.bots.evaluation import (
    CardOdds,
    Layout,
    chance_at_most,
    swap_gain,
)
from skyjo.bots.medium import setup_flip
from skyjo.bots.placement import explain, flip_gain, forced_source, swap_gain_with_pairs
from skyjo.bots.reasons import because, reason
from skyjo.state import Phase
from skyjo.view import PlayerView

#: Looks at new cards counted on to complete a column pair.
PAIR_CHANCES = 2.5
#: Share of the next player's saving that a discarded card costs us, 2 players / more.
DENIAL_WEIGHT_DUEL = 1.0
DENIAL_WEIGHT_TABLE = 0.6
#: Turns each player still gets, on average, if we do not end the round now.
TURNS_IF_CONTINUING = 1.5
#: Extra variance of a score for the turns still to come.
TURN_VARIANCE = 6.0
#: Points one whole game win is worth, for trading game-winning chances against points.
WIN_WORTH = 120.0
#: When keeping the round going gains at most this much, the round is stalling...
STALL_GAIN = 0.5
#: ...and hard ends it anyway with this chance per decision. Without it two careful
#: players who would each be doubled could swap the same cards back and forth forever.
STALL_CHANCE = 0.25


@dataclass(slots=True)
class Rival:
    """An opponent as the model sees it: expected layout sum now, its variance,
    and the points an average turn saves them."""

    seat: int
    total: int
    estimate: float
    variance: float
    turn_gain: float


@dataclass(slots=True)
class Context:
    """Everything one decision needs, computed once."""

    view: PlayerView
    odds: CardOdds
    layout: Layout
    rivals: list[Rival]
    turn_gain: float
    next_seat: int | None
    next_layout: Layout | None
    next_turn_gain: float
    denial_weight: float
    chances: float
    _denial: dict[int, float] = field(default_factory=dict)
    _risk: dict[int, float] = field(default_factory=dict)
    _win: dict[int, float] = field(default_factory=dict)

    @classmethod
    def of(cls, view: PlayerView) -> Context:
        odds = CardOdds.of(view)
        layout = Layout.of(view.own_grid, odds.mean)
        rivals = []
        for seat, grid in enumerate(view.grids):
            if seat == view.seat:
                continue
            their = Layout.of(grid, odds.mean)
            rivals.append(
                Rival(
                    seat,
                    view.totals[seat],
                    their.estimate(),
                    len(their.hidden) * odds.variance,
                    turn_gain(their, odds),
                )
            )
        next_seat: int | None = (view.seat + 1) % view.num_players
        if view.finisher is not None and next_seat == view.finisher:
            next_seat = None
        next_layout = None if next_seat is None else Layout.of(view.grids[next_seat], odds.mean)
        last_turn = view.finisher is not None
        return cls(
            view=view,
            odds=odds,
            layout=layout,
            rivals=rivals,
            turn_gain=turn_gain(layout, odds),
            next_seat=next_seat,
            next_layout=next_layout,
            next_turn_gain=0.0 if next_layout is None else turn_gain(next_layout, odds),
            denial_weight=DENIAL_WEIGHT_DUEL if view.num_players == 2 else DENIAL_WEIGHT_TABLE,
            chances=0.0 if last_turn else PAIR_CHANCES,
        )

    def denial(self, given: int | None) -> float:
        """What putting ``given`` on the discard pile costs us: the next player's
        saving from taking it, beyond what an average turn would save them."""
        if given is None or self.next_layout is None:
            return 0.0
        cost = self._denial.get(given)
        if cost is None:
            their = self.next_layout
            rules = self.view.rules
            saving = max(swap_gain(their, p, given, rules) for p in their.present())
            cost = max(0.0, saving - self.next_turn_gain) * self.denial_weight
            self._denial[given] = cost
        return cost


def turn_gain(layout: Layout, odds: CardOdds) -> float:
    """The points an average drawn card saves this layout (the best slot for each
    possible card, or nothing if it is kept out)."""
    present = layout.present()
    if not present:
        return 0.0
    top = max(layout.worth[p] for p in present)
    return sum(p * (top - v) for v, p in zip(odds.values, odds.probs, strict=True) if v < top)


# --- valuing options ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Valued:
    action: PlayerAction
    value: float
    #: Why an option that ends the round is valued as it is (None for the others).
    note: Reason | None = None


def placement_values(ctx: Context, held: int, actions: tuple[PlayerAction, ...]) -> list[Valued]:
    """Every placement of ``held`` among ``actions`` with its value in points."""
    layout, odds, rules = ctx.layout, ctx.odds, ctx.view.rules
    valued: list[Valued] = []
    finishing: list[PlayerAction] = []
    for action in actions:
        position = action.position  # type: ignore[union-attr]
        if isinstance(action, Swap):
            value = swap_gain_with_pairs(layout, position, held, odds, rules, ctx.chances)
            value -= ctx.denial(layout.cards[position])
        else:
            value = flip_gain(layout, position, odds, rules) - ctx.denial(held)
        if ctx.view.finisher is None and _ends_round(layout, action):
            finishing.append(action)
            continue
        valued.append(Valued(action, value))
    if finishing:
        carry_on = max((v.value for v in valued), default=0.0)
        valued.extend(finishing_value(ctx, held, action, carry_on) for action in finishing)
    return valued


def _ends_round(layout: Layout, action: PlayerAction) -> bool:
    """Whether ``action`` turns or covers the layout's last face-down card."""
    hidden = layout.hidden
    return len(hidden) == 1 and action.position == hidden[0]  # type: ignore[union-attr]


def finishing_value(ctx: Context, held: int, action: PlayerAction, carry_on: float) -> Valued:
    """Value of ending the round with ``action``, as points saved against the
    current expected layout, with the doubling (or game-winning) risk priced in.

    ``carry_on`` is the value of the best option that keeps the round going; in
    the game's last round the two are compared by their chances of winning."""
    layout, rules, odds = ctx.layout, ctx.view.rules, ctx.odds
    position = action.position  # type: ignore[union-attr]
    known = layout.known_sum()
    outcomes: list[tuple[int, float]]
    if isinstance(action, Swap):
        outcomes = [(held, 1.0)]
        given: int | None = None
    else:
        outcomes = list(zip(odds.values, odds.probs, strict=True))
        given = held
    now = layout.estimate()
    game_ends = _game_may_end(ctx, known + odds.mean)
    expected_points, doubled, win_chance = 0.0, 0.0, 0.0
    partner_a, partner_b = layout.partners(position)
    pair = partner_a if partner_a is not None and partner_a == partner_b else None
    for turned, p in outcomes:
        leaves = turned == pair and rules.removes_column(turned)
        score = known + turned - (3 * turned if leaves else 0)
        risk = ctx._risk.get(score)
        if risk is None:
            risk = ctx._risk[score] = doubling_risk(ctx, score)
        doubled += p * risk
        expected_points += p * (
            score * (1 + risk) if score > 0 or rules.double_nonpositive else score
        )
        if game_ends:
            win = ctx._win.get(score)
            if win is None:
                win = ctx._win[score] = win_chance_if_finishing(ctx, score)
            win_chance += p * win
    rivals_gain = sum(r.turn_gain for r in ctx.rivals) / len(ctx.rivals)
    # Ending now stops every rival after one more turn, and stops us at once.
    value = now - expected_points + (TURNS_IF_CONTINUING - 1) * rivals_gain
    value -= TURNS_IF_CONTINUING * ctx.turn_gain + ctx.denial(given)
    note = reason("bot.doubling_risk", chance=round(100 * doubled))
    if game_ends:
        keep = win_chance_if_continuing(ctx, carry_on)
        value = carry_on + WIN_WORTH * (win_chance - keep)
        note = reason("bot.game_win_chance", chance=round(100 * win_chance), keep=round(100 * keep))
    return Valued(action, value, note)


def _game_may_end(ctx: Context, my_score: float) -> bool:
    target = ctx.view.rules.target
    mine = ctx.view.totals[ctx.view.seat] + my_score
    return mine >= target or any(r.total + r.estimate >= target for r in ctx.rivals)


def _rival_final(ctx: Context, rival: Rival) -> tuple[float, float]:
    """Mean and variance of a rival's round score if we end the round now."""
    return rival.estimate - rival.turn_gain, rival.variance + TURN_VARIANCE


def doubling_risk(ctx: Context, score: int) -> float:
    """Probability that some rival ends at or below ``score`` (below only, when
    ties are forgiven), which doubles a finisher's positive score."""
    if score <= 0 and not ctx.view.rules.double_nonpositive:
        return 0.0
    threshold = score if ctx.view.rules.double_on_tie else score - 1
    safe = 1.0
    for rival in ctx.rivals:
        mean, variance = _rival_final(ctx, rival)
        safe *= 1.0 - chance_at_most(threshold, mean, variance)
    return 1.0 - safe


def win_chance_if_finishing(ctx: Context, score: int) -> float:
    """Chance of having the lowest total after this round if we end it now with
    ``score`` (doubling included)."""
    rules = ctx.view.rules
    mine = ctx.view.totals[ctx.view.seat]
    safe_threshold = score if rules.double_on_tie else score - 1
    can_double = score > 0 or rules.double_nonpositive

    def above_all(limit_of: dict[int, float]) -> float:
        chance = 1.0
        for rival in ctx.rivals:
            mean, variance = _rival_final(ctx, rival)
            chance *= 1.0 - chance_at_most(limit_of[rival.seat], mean, variance)
        return chance

    single = {r.seat: float(max(safe_threshold, mine + score - r.total)) for r in ctx.rivals}
    if not can_double:
        return above_all({r.seat: float(mine + score - r.total) for r in ctx.rivals})
    plain = above_all(single)
    twice = {r.seat: float(mine + 2 * score - r.total) for r in ctx.rivals}
    twice_safe = {r.seat: max(twice[r.seat], float(safe_threshold)) for r in ctx.rivals}
    return plain + max(0.0, above_all(twice) - above_all(twice_safe))


def win_chance_if_continuing(ctx: Context, gain_now: float) -> float:
    """Rough chance of the lowest total if the round goes on after an option
    worth ``gain_now`` (no doubling counted)."""
    mine = ctx.view.totals[ctx.view.seat]
    my_mean = ctx.layout.estimate() - gain_now - TURNS_IF_CONTINUING * ctx.turn_gain
    my_variance = len(ctx.layout.hidden) * ctx.odds.variance + TURN_VARIANCE
    chance = 1.0
    for rival in ctx.rivals:
        mean = rival.estimate - TURNS_IF_CONTINUING * rival.turn_gain
        variance = rival.variance + TURN_VARIANCE + my_variance
        chance *= 1.0 - chance_at_most(mine + my_mean - rival.total, mean, variance)
    return chance


def end_stalling_round(valued: list[Valued], rng: random.Random) -> Valued | None:
    """The best round-ending option if the round is stalling (nothing else gains
    more than :data:`STALL_GAIN`) and the injected rng says to end it now."""
    ending = [v for v in valued if v.note]
    going_on = [v.value for v in valued if not v.note]
    if not ending or not going_on or max(going_on) > STALL_GAIN:
        return None
    if rng.random() >= STALL_CHANCE:
        return None
    return best_valued(ending)


def best_valued(valued: list[Valued]) -> Valued:
    top = valued[0]
    for item in valued[1:]:
        if item.value > top.value:
            top = item
    return top


# --- the bot -----------------------------------------------------------------------


class HardBot:
    """hard. ``breaks_stalls`` (see :func:`end_stalling_round`) is off only for
    a judge: the expert as the game review runs it."""

    name = "hard"

    def __init__(self, *, breaks_stalls: bool = True) -> None:
        self.breaks_stalls = breaks_stalls

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        if view.phase is Phase.SETUP:
            return setup_flip(view, rng)
        ctx = Context.of(view)
        if view.phase is Phase.TURN:
            return self._take_or_draw(ctx)
        held = view.held
        assert held is not None
        valued = placement_values(ctx, held, view.legal_actions)
        stall = end_stalling_round(valued, rng) if self.breaks_stalls else None
        if stall is not None:
            then = explain(ctx.layout, stall.action, held, view.rules)
            return because(stall.action, reason("bot.ends_stall", then=then, note=stall.note))
        chosen = best_valued(valued)
        return because(chosen.action, _reason(ctx, held, chosen, valued))

    def _take_or_draw(self, ctx: Context) -> Decision:
        forced = forced_source(ctx.view)
        if forced is not None:
            return forced
        top = ctx.view.discard_top
        assert top is not None
        take, draw = take_and_draw_values(ctx, top)
        if take.value >= draw:
            then = _reason(ctx, top, take, [])
            why = reason("bot.take_worth", card=top, worth=take.value, then=then)
            return because(TakeDiscard(), why)
        why = reason(
            "bot.draw_counted", unseen=ctx.odds.total, draw=draw, card=top, worth=take.value
        )
        return because(Draw(), why)


def take_and_draw_values(ctx: Context, top: int) -> tuple[Valued, float]:
    """The best placement of the discard card, and the expected value of drawing
    over the counted distribution of unseen cards."""
    present = ctx.layout.present()
    swaps: tuple[PlayerAction, ...] = tuple(Swap(p) for p in present)
    take = best_valued(placement_values(ctx, top, swaps))
    flips: tuple[PlayerAction, ...] = tuple(Flip(p) for p in ctx.layout.hidden)
    actions = swaps + flips
    draw = 0.0
    layout, odds, rules = ctx.layout, ctx.odds, ctx.view.rules
    if ctx.view.finisher is None and len(layout.hidden) == 1:
        # Some placements would end the round: value them with the full model.
        for value, p in zip(odds.values, odds.probs, strict=True):
            draw += p * best_valued(placement_values(ctx, value, actions)).value
        return take, draw
    # The fast path: a flip's value does not depend on the drawn card but for denial.
    best_flip = max((flip_gain(layout, q, odds, rules) for q in layout.hidden), default=None)
    give_up = [ctx.denial(layout.cards[q]) for q in present]
    for value, p in zip(odds.values, odds.probs, strict=True):
        best = -1e9 if best_flip is None else best_flip - ctx.denial(value)
        for q, cost in zip(present, give_up, strict=True):
            gain = swap_gain_with_pairs(layout, q, value, odds, rules, ctx.chances) - cost
            if gain > best:
                best = gain
        draw += p * best
    return take, draw


def _reason(ctx: Context, held: int, chosen: Valued, valued: list[Valued]) -> Reason:
    then = explain(ctx.layout, chosen.action, held, ctx.view.rules)
    if chosen.note:
        return reason("bot.with_note", then=then, note=chosen.note)
    skipped = [v.note for v in valued if v.note]
    if skipped:
        return reason("bot.keeps_hidden", then=then, note=skipped[0])
    if isinstance(chosen.action, Swap) and ctx.denial(held) > 2:
        return reason("bot.denies", then=then, held=held)
    return then
