"""The scenarios themselves: a deal, scripted moves and the effect each one shows.

Each game is as short as its rule allows. A situation at the start of a round
needs only the setup flips (``column``, ``keep_negative``). A round can only end
once someone has turned up all twelve cards, which takes ten turns after setup,
so the end-of-round scenarios play two players (three for ``last_turns``, where
the point is "every *other* player") who turn up one card a turn. The reshuffle
needs the draw pile emptied: 125 draws with two players, written by a simple
fixed policy rather than by hand.

Grids are written as three rows (``"7 3 9 1 / 7 11 4 6 / 10 2 8 12"``); the cards
the script does not care about are filled from the rest of the deck, and the
draw pile holds the cards the script draws at the indexes it draws them.
"""

from __future__ import annotations

from skyjo.cards import column_positions
from skyjo.events import CardRevealed, CardTaken, ColumnRemoved, PilesReshuffled, RoundScored
from skyjo.record import TurnMove
from skyjo.rules import ColumnRule, Rules
from skyjo.scenarios.core import (
    Playthrough,
    Scenario,
    Script,
    Slot,
    Table,
    Variant,
    cached,
    flip,
    play_move,
    setup,
    swap,
    variants,
)
from skyjo.state import Phase, State

DEFAULT = Rules()

COLUMN_RULES = {"all": True, "keep_negative": True, "off": False}
"""A column of positive cards leaves under ``all`` and ``keep_negative``, not ``off``."""


def rows(text: str) -> list[Slot]:
    """A grid from three rows separated by ``/``; ``?`` is any card."""
    tokens = text.replace("/", " ").split()
    return [None if t == "?" else int(t) for t in tokens]


def race(
    t: Table,
    *,
    finisher: int,
    other: int,
    finisher_flips: list[int],
    other_turns: list[TurnMove],
) -> None:
    """Two players alternate, the finisher first, ten turns each: the finisher turns
    up one card a turn and ends the round with the tenth. The situation starts
    just before that tenth turn; the continuation is it and the other player's
    last turn."""
    assert len(finisher_flips) == len(other_turns) == 10
    for position, turn in zip(finisher_flips[:9], other_turns[:9], strict=True):
        t.play(flip(finisher, position), turn)
    t.mark_start()
    t.play(flip(finisher, finisher_flips[9]), other_turns[9])


# --- column ---------------------------------------------------------------------


@cached
def _column() -> Script:
    t = Table(
        "column",
        ("Lena", "Jonas"),
        grids=[rows("7 3 9 1 / 7 11 4 6 / 10 2 8 12"), rows("2 5 0 8 / 4 -1 6 3 / 9 12 1 5")],
        discard=7,
    )
    # Lena shows 7 + 7 = 14, Jonas 5 + (−1) = 4: Lena starts.
    t.play(*setup(0, 0, 4), *setup(1, 1, 5))
    t.mark_start()
    t.play(swap(0, 8, take="discard"))
    return t.script()


def _column_effect(p: Playthrough) -> bool:
    return ColumnRemoved(0, 0, 7) in p.events and p.final.grids[0].removed[8]


# --- keep_negative --------------------------------------------------------------


@cached
def _keep_negative() -> Script:
    t = Table(
        "keep_negative",
        ("Lena", "Jonas"),
        grids=[rows("6 -1 3 9 / 2 -1 8 5 / 11 4 0 10"), rows("-2 7 1 12 / 3 -2 9 4 / 0 6 8 2")],
        discard=-1,
        rules=Rules(column_rule=ColumnRule.KEEP_NEGATIVE),
    )
    # Lena shows −2, Jonas −4: Lena starts.
    t.play(*setup(0, 1, 5), *setup(1, 0, 5))
    t.mark_start()
    t.play(swap(0, 9, take="discard"))
    return t.script()


def _keep_negative_effect(p: Playthrough) -> bool:
    """The three −1 lie face up in Lena's second column and are still there."""
    removed = any(isinstance(e, ColumnRemoved) for e in p.events)
    return not removed and p.final.grids[0].completed_column_value(1) == -1


# --- tie_doubles ----------------------------------------------------------------


@cached
def _tie_doubles() -> Script:
    # Seed 001's round 3: Jonas ends with 6, Mia also has 6, Jonas writes 12.
    t = Table(
        "tie_doubles",
        ("Jonas", "Mia"),
        grids=[rows("5 -1 0 2 / 0 -2 1 -1 / 3 0 -1 0"), rows("4 0 -1 1 / -1 2 0 3 / 1 -1 0 1")],
        discard=None,
        draw={1: 1},  # Mia's first draw: a 1 for her 4
    )
    t.play(*setup(0, 0, 8), *setup(1, 0, 5))  # 5 + 3 = 8 against 4 + 2 = 6: Jonas starts
    race(
        t,
        finisher=0,
        other=1,
        finisher_flips=[1, 2, 3, 4, 5, 6, 7, 9, 10, 11],
        other_turns=[swap(1, 0), *(flip(1, p) for p in (1, 2, 3, 4, 6, 7, 8, 9, 10))],
    )
    return t.script()


def _doubled(p: Playthrough) -> bool:
    return bool(p.final.results) and p.final.results[-1].doubled


# --- negative_not_doubled -------------------------------------------------------


@cached
def _negative_not_doubled() -> Script:
    # Seed 001's round 4: Lena ends with −3, Mia has −5, Lena keeps −3.
    t = Table(
        "negative_not_doubled",
        ("Lena", "Mia"),
        grids=[
            rows("-2 -1 0 1 / 0 -1 1 0 / -1 1 0 -1"),
            rows("-2 -1 0 0 / -1 -2 0 1 / 0 -1 1 2"),
        ],
        discard=None,
        draw={1: -1},  # Mia's first draw: a −1 for her 1
    )
    t.play(*setup(0, 3, 6), *setup(1, 7, 2))  # 1 + 1 = 2 against 1 + 0 = 1: Lena starts
    race(
        t,
        finisher=0,
        other=1,
        finisher_flips=[0, 1, 2, 4, 5, 7, 8, 9, 10, 11],
        other_turns=[swap(1, 7), *(flip(1, p) for p in (0, 1, 3, 4, 5, 6, 8, 9, 10))],
    )
    return t.script()


def _negative_not_doubled_effect(p: Playthrough) -> bool:
    """The finisher ended below 0, someone undercut them, and the score stayed."""
    if not p.final.results:
        return False
    result = p.final.results[-1]
    mine = result.raw[result.finisher]
    undercut = any(v < mine for s, v in enumerate(result.raw) if s != result.finisher)
    return mine < 0 and undercut and not result.doubled and result.points[result.finisher] == mine


# --- reveal_removes_column ------------------------------------------------------


@cached
def _reveal_removes_column() -> Script:
    t = Table(
        "reveal_removes_column",
        ("Jonas", "Lena"),
        grids=[rows("6 1 0 2 / -1 4 1 0 / 2 3 -1 1"), rows("3 8 5 0 / 9 1 5 7 / 2 6 5 4")],
        discard=None,
        draw={17: 0},  # Lena's ninth draw: a 0 for her 8
    )
    t.play(*setup(0, 0, 5), *setup(1, 2, 6))  # 6 + 4 ties 5 + 5: the earlier seat, Jonas, starts
    race(
        t,
        finisher=0,
        other=1,
        finisher_flips=[1, 2, 3, 4, 6, 7, 8, 9, 10, 11],
        # Lena never turns up the 5 at the bottom of her third column (position 10).
        other_turns=[*(flip(1, p) for p in (0, 1, 3, 4, 5, 7, 8, 9)), swap(1, 1), flip(1, 11)],
    )
    return t.script()


def _reveal_removes_column_effect(p: Playthrough) -> bool:
    """Lena's third column leaves only after its last card is revealed at the end."""
    events = p.events
    revealed = CardRevealed(1, column_positions(2)[2], 5)
    removed = ColumnRemoved(1, 2, 5)
    if revealed not in events or removed not in events:
        return False
    scored = next(i for i, e in enumerate(events) if isinstance(e, RoundScored))
    return events.index(revealed) < events.index(removed) < scored


# --- last_turns -----------------------------------------------------------------


@cached
def _last_turns() -> Script:
    t = Table(
        "last_turns",
        ("Lena", "Jonas", "Mia"),
        grids=[
            rows("6 2 9 4 / 1 10 3 7 / 5 0 8 11"),
            rows("10 3 1 0 / 2 0 8 -1 / -2 1 2 0"),
            rows("3 9 2 6 / 12 4 0 1 / -1 5 7 8"),
        ],
        discard=None,
        draw={27: 0, 28: 1},  # Jonas's last draw (Mia takes it), Lena's last draw
    )
    # Lena shows 6, Jonas 18, Mia 15: Jonas starts, then Mia, then Lena.
    t.play(*setup(0, 0, 9), *setup(1, 0, 6), *setup(2, 1, 3))
    jonas = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11]
    mia = [0, 2, 4, 5, 6, 7, 8, 9, 10]
    lena = [1, 2, 3, 4, 5, 6, 7, 8, 10]
    for j, m, n in zip(jonas[:9], mia, lena, strict=True):
        t.play(flip(1, j), flip(2, m), flip(0, n))
    t.play(flip(1, jonas[9]))  # Jonas turns up his last card: he ends the round
    t.mark_start()
    t.play(swap(2, 1, take="discard"), swap(0, 5))
    return t.script()


def _last_turns_effect(p: Playthrough) -> bool:
    """After the finisher, each other player took exactly one turn, the finisher
    none, and the round was scored right after the last of them."""
    finisher = p.start.finisher
    if finisher is None or not p.played:
        return False
    turns = [e.player for e in p.events if isinstance(e, CardTaken)]
    others = [s for s in range(p.start.num_players) if s != finisher]
    scored_last = any(isinstance(e, RoundScored) for e in p.played[-1].events)
    scored_before = any(isinstance(e, RoundScored) for m in p.played[:-1] for e in m.events)
    return sorted(turns) == others and scored_last and not scored_before


# --- reshuffle ------------------------------------------------------------------


def _plain_turn(state: State) -> TurnMove:
    """A fixed, unremarkable policy for the long reshuffle game: swap the drawn
    card for the highest face-up card if it is lower, else turn up a card while
    more than two are face down, else swap it in anyway. Never removes a column
    and never ends the round, so the draw pile is what runs out."""
    seat = state.to_move
    assert seat is not None
    grid = state.grids[seat]
    drawn = state.draw_pile[-1]
    face_up = sorted(
        (p for p in grid.present_positions() if grid.face_up[p]),
        key=lambda p: (-grid.values[p], p),
    )
    down = grid.face_down_positions()
    options: list[TurnMove] = []
    if face_up and drawn < grid.values[face_up[0]]:
        options.append(swap(seat, face_up[0]))
    if len(down) > 2:
        options.append(flip(seat, down[0]))
    options.extend(swap(seat, p) for p in face_up)
    for move in options:
        after, events = play_move(state, move)
        if after.finisher is None and not any(isinstance(e, ColumnRemoved) for e in events):
            return move
    raise AssertionError("no plain turn left")  # pragma: no cover


@cached
def _reshuffle() -> Script:
    t = Table("reshuffle", ("Lena", "Jonas"), grids=[[None] * 12, [None] * 12], discard=None)
    t.play(*setup(0, 0, 5), *setup(1, 0, 5))
    while t.state.draw_pile:
        t.play(_plain_turn(t.state))
    t.mark_start()
    t.reshuffle()
    t.play(_plain_turn(t.state))
    return t.script()


def _reshuffle_effect(p: Playthrough) -> bool:
    """The discard pile minus its top became the draw pile, and the player on
    turn then drew from it."""
    events = p.events
    shuffled = [i for i, e in enumerate(events) if isinstance(e, PilesReshuffled)]
    if len(shuffled) != 1:
        return False
    first = events[shuffled[0]]
    assert isinstance(first, PilesReshuffled)
    drew = any(isinstance(e, CardTaken) and e.source == "draw" for e in events[shuffled[0] + 1 :])
    after = p.played[0].after
    return (
        first.cards == len(p.start.discard_pile) - 1
        and len(after.discard_pile) == 1
        and after.discard_pile[-1] == p.start.discard_pile[-1]
        and drew
    )


# --- target ---------------------------------------------------------------------


@cached
def _target() -> Script:
    t = Table(
        "target",
        ("Jonas", "Lena"),
        grids=[rows("12 3 5 2 / 4 6 1 7 / 0 8 -1 3"), rows("2 5 1 4 / 3 0 6 2 / 1 4 5 3")],
        discard=None,
        draw={1: 0},  # Lena's first draw: a 0 for her 6
    )
    t.play(*setup(0, 0, 5), *setup(1, 1, 6))  # 12 + 6 against 5 + 6: Jonas starts
    race(
        t,
        finisher=0,
        other=1,
        finisher_flips=[1, 2, 3, 4, 6, 7, 8, 9, 10, 11],
        other_turns=[swap(1, 6), *(flip(1, p) for p in (0, 2, 3, 4, 5, 7, 8, 9, 10))],
    )
    return t.script()


def _target_effect(p: Playthrough) -> bool:
    final = p.final
    return final.phase is Phase.GAME_OVER and max(final.totals) == final.rules.target


# --- the library ----------------------------------------------------------------


def _library() -> tuple[Scenario, ...]:
    return (
        Scenario(
            "column",
            "Lena has two 7s face up in a column and the discard pile shows a 7: "
            "she swaps it in and the column leaves.",
            "column_rule",
            variants(DEFAULT, "column_rule", COLUMN_RULES),
            _column_effect,
            _column,
        ),
        Scenario(
            "tie_doubles",
            "Jonas ends the round with 6 and Mia also has 6: the tie doubles Jonas "
            "(unless double_on_tie is off).",
            "double_on_tie",
            variants(DEFAULT, "double_on_tie", {"true": True, "false": False}),
            _doubled,
            _tie_doubles,
        ),
        Scenario(
            "negative_not_doubled",
            "Lena ends the round with −3 and Mia has −5: Lena is undercut but keeps "
            "−3 (unless double_nonpositive is on).",
            "double_nonpositive",
            variants(DEFAULT, "double_nonpositive", {"false": True, "true": False}),
            _negative_not_doubled_effect,
            _negative_not_doubled,
        ),
        Scenario(
            "reveal_removes_column",
            "Lena shows two 5s in a column over a face-down 5: when Jonas ends the "
            "round, the reveal completes the column and it leaves.",
            "column_rule",
            variants(DEFAULT, "column_rule", COLUMN_RULES),
            _reveal_removes_column_effect,
            _reveal_removes_column,
        ),
        Scenario(
            "last_turns",
            "Jonas has just turned up his last card: Mia and Lena get one more turn "
            "each, Jonas none, then the round is scored.",
            None,
            (Variant(DEFAULT, True),),
            _last_turns_effect,
            _last_turns,
        ),
        Scenario(
            "reshuffle",
            "The draw pile is empty: the discard pile except its top card is "
            "shuffled into a new draw pile before Jonas draws.",
            None,
            (Variant(DEFAULT, True),),
            _reshuffle_effect,
            _reshuffle,
        ),
        Scenario(
            "keep_negative",
            "Lena completes a column of three −1: under the house rule it stays "
            "(under the manual's rule it leaves).",
            "column_rule",
            variants(
                Rules(column_rule=ColumnRule.KEEP_NEGATIVE),
                "column_rule",
                {"keep_negative": True, "all": False, "off": True},
            ),
            _keep_negative_effect,
            _keep_negative,
        ),
        Scenario(
            "target",
            "Jonas is undercut with 50, doubled to exactly 100: the game ends "
            "(a target of 101, 'over 100', would not end it).",
            "target",
            variants(DEFAULT, "target", {"100": True, "101": False}),
            _target_effect,
            _target,
        ),
    )


LIBRARY = _library()
