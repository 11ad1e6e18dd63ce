"""The replay viewer's model: stepping, jumping to a round, whose eyes, the share link."""

from __future__ import annotations

from pathlib import Path

import pytest

from skyjo import record, share
from skyjo.web.embed.replay import Viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "default_full_game.json"


@pytest.fixture(scope="module")
def viewer() -> Viewer:
    return Viewer.open(record.loads(RECORD.read_text(encoding="utf-8")))


def test_stepping_visits_every_replayed_state_in_order(viewer: Viewer) -> None:
    steps = list(record.replay_steps(viewer.game))
    states = []
    v = viewer
    while True:
        states.append(v.frame.state)
        if v.position == v.last:
            break
        v = v.forward()
    assert states == [s.state for s in steps]
    back = v.back().back()
    assert back.frame.state == steps[-3].state
    assert v.forward() == v  # clamped at the end
    assert viewer.back() == viewer


def test_jumping_to_a_round_shows_its_deal(viewer: Viewer) -> None:
    assert viewer.rounds == len(viewer.game.rounds) > 1
    second = viewer.to_round(2)
    assert (second.frame.round_number, second.frame.move_number) == (2, 0)
    with pytest.raises(ValueError, match="there is no round 99"):
        viewer.to_round(99)


def test_show_is_all_or_a_seat(viewer: Viewer) -> None:
    assert viewer.with_show(1).show == 1
    with pytest.raises(ValueError, match="not 9"):
        viewer.with_show(9)


def test_the_share_link_opens_the_same_game(viewer: Viewer) -> None:
    fragment = viewer.link_fragment()
    assert fragment.startswith("#g=")
    assert share.decode(fragment[3:]) == viewer.game
