"""Sentences about the person at the device use the second person ("You hold an
8", "your 14 counts double"), numbers take the right article, and switching the
language renames a seat still called by its default name (issue 13, item 18)."""

from __future__ import annotations

import random

from skyjo.i18n.grammar import Person
from skyjo.state import Phase
from skyjo.web.device import MemoryStorage
from skyjo.web.ui import present
from skyjo.web.ui.app import App, Screen
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.setup import Seat, Setup
from tests.web.ui.test_app import play_until


def quick(language: str = "en", seed: int = 2) -> App:
    app = App(MemoryStorage(), language=language, seed=seed)
    app.quick_game()
    return app


def test_the_only_person_among_bots_is_you_and_pass_and_play_has_nobody() -> None:
    assert quick().you() == "You"
    pass_and_play = App(MemoryStorage(), seed=1)
    pass_and_play.start(Setup((Seat("Ann"), Seat("Ben"), Seat("Bot", "easy"))))
    assert pass_and_play.you() is None


def test_the_log_and_table_speak_to_you() -> None:
    app = quick(seed=5)
    play_until(app, {Screen.TABLE}, random.Random(1))
    assert app.game is not None
    while app.game.state.phase is Phase.SETUP and app.human_to_act() is not None:
        seat = app.human_to_act()
        assert seat is not None
        app.click_card(seat, min(app.targets(seat)))
    model = present.table(app)
    log = " ".join(model.log)
    assert "You turn over a" in log or "You turn over an" in log
    assert "You turns" not in log and "You's" not in log
    assert model.seats[0].grid_label == "Your cards"
    assert model.seats[1].grid_label == "Alex's cards"


def test_held_cards_and_articles() -> None:
    t = Translator("en", you="You")
    assert t.t("table.held", name="You", card="8") == "You hold an 8"
    assert t.t("table.held", name="Sam", card="11") == "Sam holds an 11"
    assert t.t("table.held", name="Sam", card="4") == "Sam holds a 4"
    german = Translator("de", you="Du")
    assert german.t("table.held", name="Du", card="6") == "Du hältst eine 6"
    assert german.t("event.setup_flip", name="Du", card="8") == "Du deckst eine 8 auf."


def test_the_doubling_sentence_about_you_and_about_others() -> None:
    t = Translator("en", you="You")
    fields = {"raw": "14", "rival_raw": "9", "points": "28"}
    assert (
        t.t("reason.undercut", name="You", rival="Alex", **fields)
        == "You ended the round with 14, but Alex has 9, so your 14 counts double: 28."
    )
    assert (
        t.t("reason.undercut", name="Alex", rival="You", **fields)
        == "Alex ended the round with 14, but you have 9, so Alex's 14 counts double: 28."
    )


def test_several_tied_rivals_take_a_plural_verb() -> None:
    t = Translator("en")
    rivals = Person("Ann and Ben", several=True)
    text = t.t("reason.tied", name="Sam", rival=rivals, raw="6", rival_raw="6", points="12")
    assert (
        text == "Sam ended the round with 6, and Ann and Ben also have 6: a tie counts double, 12."
    )


def test_switching_language_renames_an_untouched_default_seat() -> None:
    app = App(MemoryStorage(), seed=1)
    app.setup = Setup((Seat("You"), Seat("Alex", "medium"), Seat("Kai", "medium")))
    app.set_language("de")
    assert [s.name for s in app.setup.seats] == ["Du", "Anna", "Kai"]
    app.set_language("nl")
    assert [s.name for s in app.setup.seats] == ["Jij", "Daan", "Kai"]


def test_a_game_list_says_one_round_not_one_rounds() -> None:
    from skyjo.web.scorepad.messages import Messages

    line = Messages("en").t("games.line", players="A, B", rounds=1, started="x", updated="y")
    assert "1 round," in line
    assert "no round yet" in Messages("en").t(
        "games.line", players="A", rounds=0, started="x", updated="y"
    )


def test_the_score_pad_agrees_the_verb_with_how_many_reached_the_target() -> None:
    from skyjo.web.scorepad.messages import Messages

    german = Messages("de")
    assert german.t("end.over", names="Mia", count=1, target=100) == (
        "Spielende: Mia hat 100 erreicht."
    )
    assert german.t("end.over", names="Mia und Ben", count=2, target=100) == (
        "Spielende: Mia und Ben haben 100 erreicht."
    )


def test_a_player_still_called_you_is_spoken_to_even_without_a_single_person() -> None:
    # Pass and play, a replayed record, an embed: the name itself says "you".
    t = Translator("en")
    assert t.t("table.held", name="You", card="8") == "You hold an 8"
    assert Translator("de").t("event.starts", name="Du") == "Du beginnst."
    assert t.t("event.starts", name="Youssef") == "Youssef starts."


def test_who_starts_the_review_and_the_replay_speak_to_you() -> None:
    # The messages added alongside the languages branch: "You start", not "You starts".
    from skyjo.review.texts import ReviewTexts
    from skyjo.web.embed.texts import Texts
    from skyjo.web.ui.i18n import YOU_NAMES

    t = Translator("en")
    assert t.t("event.starts_finisher", name="You") == (
        "You ended the last round and start this one."
    )
    assert t.t("event.starts_highest", name="Sam", sum="14").startswith("Sam starts:")
    assert Translator("fr").t("event.starts_finisher", name="Toi") == (
        "Tu as terminé la manche précédente et tu commences celle-ci."
    )
    assert Translator("it").t("hint.why.swap_lower", old="8") == "Lì hai un 8, che vale di più."
    review = ReviewTexts("en", you=YOU_NAMES)
    assert review.t("review.position", name="You") == "Your cards at that moment"
    assert review.t("review.position", name="Lena") == "Lena's cards at that moment"
    assert ReviewTexts("es", you=YOU_NAMES).t("review.reason.gave_column", name="Tú", card="7") == (
        "El 7 de la pila de descarte te permite completar una columna."
    )
    assert ReviewTexts("fr").points(1.5) == "1,5"
    assert Texts("en").t("replay.held", name="You", card="8") == "You hold an 8"
    assert Texts("de").t("replay.held_hidden", name="Ben") == "Ben hält eine gezogene Karte"


def test_a_saving_of_one_point_is_singular() -> None:
    assert Translator("en").t("hint.why.swap_saves", saved=1) == "That saves you 1 point."
    assert Translator("es").t("hint.why.swap_saves", saved=3) == "Así te ahorras 3 puntos."
