"""The replay viewer's controller as its Web Worker runs it (issues 21 and 23):
stepping, a file opened, and a reviewed decision opened, which moves the viewer to
the table just before it, seen by the reviewed seat."""

from __future__ import annotations

import asyncio
import base64
import html
import json
import zlib
from typing import Any

from skyjo import record, share
from skyjo.web.embed.replay_page import ReplayPage
from skyjo.web.worker.effects import Effects
from tests.review.helpers import twelve_over_face_down


def opened(fragment: str = "") -> tuple[ReplayPage, Effects, list[Effects]]:
    pushed: list[Effects] = []
    page, effects = ReplayPage.open(
        pushed.append,
        languages=["en"],
        stored_language=None,
        asked=None,
        href="https://example.org/skyjo/replay.html",
        fragment=fragment,
        spawn=lambda work: work.close(),
    )
    return page, effects, pushed


def click(page: ReplayPage, intent: str, **data: Any) -> Effects:
    return page.handle({"type": "click", "intent": intent, "data": data})


def test_a_link_opens_the_game_and_share_makes_the_same_link() -> None:
    game = twelve_over_face_down()
    link = "#g=" + share.encode(game)
    page, effects, _ = opened(link)
    assert ["attr", "replay", "data-position", "0"] in effects.ops
    click(page, "forward")
    click(page, "share")
    assert page.link == "https://example.org/skyjo/replay.html" + page.viewer.link_fragment()  # type: ignore[union-attr]


def test_a_damaged_link_is_said_in_words_and_its_fault_goes_to_the_console() -> None:
    _, effects, _ = opened("#g=1AAAA")
    (write,) = effects.of("html")
    assert "damaged" in html.unescape(write[2]) or "cut off" in html.unescape(write[2])
    assert effects.of("warn")


def test_a_reviewed_decision_opens_at_the_table_just_before_it() -> None:
    game = twelve_over_face_down()
    page, _, _ = opened()
    page.handle({"type": "file", "text": record.dumps(game)})
    page.start_review(0)
    review_run = page.review.run(lambda: None)
    asyncio.run(review_run)
    review = page.review.review
    assert review is not None
    index = review.flagged_indexes()[0]
    moves = review.rated[index].point.move_index
    # Issue 36, item 14: the replay viewer's table shows each position, so the
    # listed decisions start closed there (the game page opens the costliest).
    assert not any(page.review.is_open(i) for i in review.flagged_indexes())
    effects = click(page, "review-show", decision=str(index), moveIndex=str(moves))
    viewer = page.viewer
    assert viewer is not None and page.review.is_open(index)
    assert viewer.frame.index == moves and viewer.show == 0
    written = html.unescape(effects.of("html")[0][2])
    assert f'data-decision="{index}"' in written and 'aria-expanded="true"' in written
    # ... and the table, now at that moment, is brought into view.
    assert effects.of("scroll") == [["scroll", "replay"]]
    # Closing it leaves the viewer where it is, and the page where the reader is.
    effects = click(page, "review-show", decision=str(index), moveIndex=str(moves))
    assert not page.review.is_open(index) and page.viewer is viewer
    assert effects.of("scroll") == []


def test_a_whole_link_to_a_game_the_engine_refuses_says_the_records_reason() -> None:
    # Issue 36 item 4: a link that unpacks whole but holds a name of 1,200,000
    # characters is not "damaged": the reader is told what is wrong, once.
    data = json.loads(record.dumps(twelve_over_face_down()))
    data["players"][0] = "A" * 1_200_000
    body = zlib.compress(json.dumps(data).encode(), 9, wbits=-15)
    link = "#g=" + share.LINK_VERSION + base64.urlsafe_b64encode(body).decode().rstrip("=")
    _, effects, _ = opened(link)
    (write,) = effects.of("html")
    said = html.unescape(write[2])
    assert "This game cannot be shown: player 1's name is 1,200,000 characters long" in said
    assert "invalid" not in said and "at most 24" in said
