"""What the Rami table says happened, from the person's seat: their own draw named, the
others' draws from the talon not."""

from __future__ import annotations

from ramsli_tui.cards import Card
from ramsli_tui.games.rami.engine.events import Discarded, Drew, HandStarted, TalonCardDrawn, TournanteBuried
from ramsli_tui.ui.rami.words import RamiWords

WORDS = RamiWords(("Mia", "Anna"), "french", 0)
SEVEN = Card.from_code("7H")


def test_a_draw_from_the_talon_is_named_to_the_one_who_drew_it_only():
    assert WORDS.event(Drew(1, "talon", None)) == "Anna took a card from the talon."
    assert WORDS.event(Drew(0, "talon", None)) is None
    assert WORDS.event(TalonCardDrawn(0, SEVEN)) == "You drew 7♥ from the talon."
    assert WORDS.event(Drew(1, "jetee", SEVEN)) == "Anna took 7♥ from the jetée."


def test_the_tournante_the_deal_and_the_faces():
    assert WORDS.event(Discarded(0, SEVEN, tournante=True)).startswith("You threw 7♥: the tournante")
    assert WORDS.event(TournanteBuried(SEVEN)) == "Nobody took the tournante: 7♥ goes under the jetée."
    assert WORDS.event(HandStarted(2, 1, (0, 100))) == "Hand 2: Anna deals."
    assert WORDS.event(HandStarted(3, 0, (0, 100))) == "Hand 3: you deal."
    german = WORDS._replace(faces="german")
    assert german.event(Discarded(1, SEVEN)) == "Anna threw Herz-7."


def test_the_score_sheet_has_a_line_a_hand_and_the_totals_and_names_every_player():
    from ramsli_tui.games.rami.engine.events import HandScored
    from ramsli_tui.ui.rami.score_sheet import sheet_lines

    hands = [HandScored(1, 1, 0, 100, (100, 0)), HandScored(2, 0, 1, 100, (100, 100)),
             HandScored(3, 1, 0, 100, (200, 100))]
    lines = [line.split() for line in sheet_lines(hands, WORDS)]
    assert lines == [["Hand", "Went", "out", "Mia", "Anna"], ["1", "Anna", "100", "0"], ["2", "Mia", "0", "100"],
                     ["3", "Anna", "100", "0"], ["Total", "200", "100"]]


def test_a_side_is_said_in_the_singular_alone_and_in_the_plural_with_you_or_a_partner():
    four = RamiWords(("Mia", "Anna", "Bertl", "Carlo"), "french", 0)
    assert (WORDS.side_gets(1, 100), WORDS.side_loses(0)) == ("Anna gets 100 points.", "You lose the game.")
    assert (four.side_gets(0, 1), four.side_loses(1)) == ("You and Bertl get 1 point each.", "Anna and Carlo lose the game.")
    third = four._replace(me=2)
    assert third.side_gets(0, 1) == "Mia and you get 1 point each.", "you, after your partner, in the sentence"


def test_the_scores_name_every_player_as_ramslis_labels_do_you_only_in_a_sentence_about_you():
    """One habit at both games' tables: "You" where the sentence is about the person, their
    name wherever players are listed (the title's scores, the log's scores)."""
    four = RamiWords(("Mia", "Anna", "Bertl", "Carlo"), "french", 0)
    assert WORDS.scores((100, 0)) == "Mia 100, Anna 0"
    assert four.scores((20, 100), " & ", " – ") == "Mia & Bertl 20 – Anna & Carlo 100"
    assert four.side_gets_to(1, 100, (0, 100)) == "Anna and Carlo get 100 points each: Mia and Bertl 0, Anna and Carlo 100."


def test_a_joker_is_said_as_rami_has_it_one_joker_never_big_or_little():
    from ramsli_tui.cards import BIG_JOKER, LITTLE_JOKER

    for joker in (BIG_JOKER, LITTLE_JOKER):
        assert WORDS.event(TalonCardDrawn(0, joker)) == "You drew a joker from the talon."
        assert WORDS.event(Discarded(1, joker)) == "Anna threw a joker."
