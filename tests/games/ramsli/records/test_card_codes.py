"""Card codes as hand records write them (rank then suit, `T` for ten, `X1`/`X2` for the
jokers), the fixed deck order that seeded shuffles start from, and cards as players read
them."""

import pytest

from ramsli_tui.cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit, deck_cards, parse_cards


def test_a_deck_is_spades_hearts_diamonds_clubs_each_from_its_lowest_rank_then_the_jokers():
    piquet = [card.code for card in deck_cards("piquet32", jokers=True)]
    assert piquet[:8] == ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    assert piquet[8:16] == ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    assert piquet[24:32] == ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    assert piquet[32:] == ["X2", "X1"]  # Little below Big
    standard = [card.code for card in deck_cards("standard52")]
    assert len(standard) == 52 and standard[0] == "2S" and standard[-1] == "AC"


def test_every_code_reads_back_as_its_card_in_any_case_and_ten_as_10():
    for card in deck_cards("standard52", jokers=True):
        assert Card.from_code(card.code) == card
        assert Card.from_code(card.code.lower()) == card
        assert Card.from_code(f" {card.code} ") == card
    assert Card.from_code("10h") == Card.from_code("TH") == Card.of(Rank.TEN, Suit.HEARTS)
    assert Card.from_code("x1") is BIG_JOKER and Card.from_code("X2") is LITTLE_JOKER


@pytest.mark.parametrize("code", ["1S", "10", "AZ", "X3", "", "ASS", "100S"])
def test_anything_else_is_not_a_card(code):
    with pytest.raises(ValueError, match="is not a card"):
        Card.from_code(code)


def test_suits_read_from_their_letter_in_any_case():
    assert [Suit.from_letter(letter) for letter in "shdcSHDC"] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS] * 2
    with pytest.raises(ValueError, match="is not a suit"):
        Suit.from_letter("X")


def test_card_lists_may_be_spaced_or_comma_separated():
    assert [card.code for card in parse_cards("AS, kd,7H  10c")] == ["AS", "KD", "7H", "TC"]


def test_labels_are_what_a_player_reads_in_either_face():
    assert Card.from_code("TS").label() == "10♠"
    assert Card.from_code("QH").label() == "Q♥"
    assert Card.from_code("QD").label("german") == "Schellen-Ober"
    assert Card.from_code("JC").label("german") == "Eichel-Unter"
    assert Card.from_code("TH").label("german") == "Herz-10"
    assert BIG_JOKER.label() == "Big Joker" and LITTLE_JOKER.label("german") == "Little Joker"
