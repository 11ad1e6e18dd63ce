"""The table's intents, shared by the game page and the embeds (skyjo.web.ui.intents)."""

from __future__ import annotations

import pytest

from skyjo.errors import SkyjoError
from skyjo.web.ui import intents

from .test_page import click, opened


def test_a_number_the_page_sent_is_read_as_a_whole_number() -> None:
    assert intents.number({"seat": "1", "pos": 11}, "pos") == 11
    assert intents.number({"seat": "1"}, "seat") == 1


@pytest.mark.parametrize("data", [{}, {"pos": ""}, {"pos": "-1"}, {"pos": "٣"}, {"pos": "2.5"}])
def test_a_missing_or_odd_number_is_refused_naming_it(data: dict[str, object]) -> None:
    with pytest.raises(SkyjoError, match="the page sent no pos"):
        intents.number(data, "pos")


def test_the_game_page_plays_its_table_through_the_shared_map() -> None:
    # A quick game: the person's opening flip is a table control (a card, by seat
    # and position); a position that is no number is refused in words.
    page, _ = opened()
    click(page, "quick")
    game = page.app.game
    assert game is not None
    assert game.state.grids[0].face_up[0] is False
    click(page, "card", seat=0, pos=0)
    assert page.app.game is not None and page.app.game.state.grids[0].face_up[0]
    assert page.app.notice is None
    click(page, "card", seat=0, pos="x")
    assert page.app.notice is not None
