"""The smoke subset's own test: a short game against a bot, to its first round end.

The smoke subset (``-m smoke``) is what runs against the deployed site after each
deploy: the page boots with nothing fetched off its origin, this game, a score pad
round, an embed scenario and an offline reload. The other smoke tests sit with their
pages' tests (``test_site.py``, ``test_scorepad.py``, ``test_embed.py``); this one is
a shorter game than ``test_game.py``'s whole game, so that a deploy check stays quick.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from .test_game import no_python_errors, play_step, start_game, visit, wait_for_person

pytestmark = [pytest.mark.e2e, pytest.mark.smoke]

#: Steps a person takes in one round against one bot: the two opening flips and at
#: most one step per turn, with room to spare.
MAX_STEPS = 120


def test_a_game_against_a_bot_reaches_its_first_round_end(
    fresh: tuple[BrowserContext, str],
) -> None:
    # Intent: a person plays one round against an instant bot by clicking what the page
    # highlights; the round ends with both players' scores and a way on.
    opened = visit(fresh, "?seed=7")
    page = opened.page
    start_game(page, [("Mia", "human"), ("Bo", "easy")])
    for _ in range(MAX_STEPS):
        if wait_for_person(page) == "round_end":
            break
        play_step(page)
    expect(page.locator("#app")).to_have_attribute("data-screen", "round_end")
    rows = page.locator("table.result tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Mia")).to_have_count(1)
    expect(rows.filter(has_text="Bo")).to_have_count(1)
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
    no_python_errors(opened)
