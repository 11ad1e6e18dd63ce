"""The replay viewer's model: a game record, where in it the reader is, and whose
eyes they look through. Pure, so stepping and jumping are tested on CPython;
``replay_page`` only paints it and turns clicks into these calls.

Positions index :func:`skyjo.web.embed.reel.frames`: frame 0 is round 1's deal,
then one frame per record move, each round starting with its deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skyjo import share
from skyjo.record import GameRecord
from skyjo.web.embed import reel
from skyjo.web.embed.board import Show


@dataclass(frozen=True, slots=True)
class Viewer:
    """One open record. ``position`` is a frame index; ``show`` is ``"all"`` (every
    card's value) or a seat (what that player saw)."""

    game: GameRecord
    frames: tuple[reel.Frame, ...]
    position: int = 0
    show: Show = "all"

    @classmethod
    def open(cls, game: GameRecord) -> Viewer:
        """Check and unroll ``game``; an invalid record raises ``RecordError``."""
        frames = reel.frames(game)
        if not frames:
            raise share.LinkError("the game has no round to show")
        return cls(game, frames)

    @property
    def frame(self) -> reel.Frame:
        return self.frames[self.position]

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def to(self, position: int) -> Viewer:
        """Go to frame ``position`` (clamped to the game)."""
        return replace(self, position=max(0, min(self.last, position)))

    def forward(self) -> Viewer:
        return self.to(self.position + 1)

    def back(self) -> Viewer:
        return self.to(self.position - 1)

    def to_round(self, round_number: int) -> Viewer:
        """Go to a round's deal; a round the game does not have raises ``ValueError``."""
        starts = reel.round_starts(self.frames)
        if not 1 <= round_number <= len(starts):
            raise ValueError(f"there is no round {round_number} (the game has {len(starts)})")
        return self.to(starts[round_number - 1])

    def with_show(self, show: Show) -> Viewer:
        if show != "all" and not (isinstance(show, int) and 0 <= show < len(self.game.players)):
            raise ValueError(f"show 'all' or a seat 0..{len(self.game.players) - 1}, not {show!r}")
        return replace(self, show=show)

    @property
    def rounds(self) -> int:
        return len(reel.round_starts(self.frames))

    def link_fragment(self) -> str:
        """The ``#g=...`` that opens this game in the viewer (Share this game)."""
        return "#g=" + share.encode(self.game)
