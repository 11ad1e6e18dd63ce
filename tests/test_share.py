"""Records in links: round trip, size, and a clear error for a damaged link."""

from __future__ import annotations

import random
import string

import pytest

from skyjo import record, share
from skyjo.game import Game


def finished_game(seed: int) -> record.GameRecord:
    game = Game(["Lena", "Jonas", "Mia"], seed=seed)
    rng = random.Random(seed)
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    return game.record()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_record_survives_the_link(seed: int) -> None:
    game_record = finished_game(seed)
    link = share.encode(game_record)
    assert set(link) <= set(string.ascii_letters + string.digits + "-_")
    assert share.decode(link) == game_record
    assert record.replay(share.decode(link)) == record.replay(game_record)


def test_links_are_much_smaller_than_the_json() -> None:
    game_record = finished_game(4)
    assert len(share.encode(game_record)) * 3 < len(record.dumps(game_record))


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda s: s[: len(s) // 2], "damaged or cut off"),
        (lambda s: s[:10] + "!!" + s[12:], "damaged or cut off"),
        (lambda s: "9" + s[1:], "format '9'"),
        (lambda s: "A" + s[1:], "format 'A'"),
        (lambda s: "", "holds no game"),
    ],
)
def test_a_damaged_link_says_so(mangle: object, message: str) -> None:
    link = share.encode(finished_game(5))
    with pytest.raises(share.LinkError, match=message):
        share.decode(mangle(link))  # type: ignore[operator]


def test_a_well_packed_but_invalid_game_names_the_move() -> None:
    game_record = finished_game(6)
    rnd = game_record.rounds[0]
    bad_moves = (*rnd.moves[:-1], record.SetupMove(0, 0))
    bad = record.GameRecord(
        game_record.rules, game_record.players, (record.RoundRecord(rnd.deal, bad_moves),)
    )
    with pytest.raises(share.LinkError, match=r"invalid: round 1, move \d+"):
        share.decode(share.encode(bad))


def test_only_a_higher_version_digit_is_a_newer_link() -> None:
    # The page says "made by a newer version" only then; anything else is "damaged".
    link = share.encode(finished_game(5))
    with pytest.raises(share.NewerLinkError):
        share.decode("2" + link[1:])
    for damaged in ("A" + link[1:], "0" + link[1:], link[: len(link) // 3]):
        with pytest.raises(share.LinkError) as caught:
            share.decode(damaged)
        assert not isinstance(caught.value, share.NewerLinkError)
