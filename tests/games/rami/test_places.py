"""The 52 card places that the solver and the computer players' ``shape`` both count in
(``games.rami.places``)."""

from __future__ import annotations

from ramsli_tui.cards import BIG_JOKER, Card, mask_of
from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.places import PLACES, card_at, held_masks, place_in_suit, place_of


def test_every_natural_card_has_its_own_place_and_back():
    naturals = sorted({card for card in FULL_DECK if not card.is_joker}, key=place_of)
    assert [place_of(card) for card in naturals] == list(range(PLACES))
    assert all(card_at(place_of(card)) == card for card in naturals)


def test_the_ace_high_stands_where_the_ace_does_in_its_suit():
    ace = Card.from_code("AH")
    assert place_in_suit(14, int(ace.suit)) == place_in_suit(1, int(ace.suit)) == place_of(ace)
    assert place_in_suit(13, int(ace.suit)) == place_of(Card.from_code("KH"))


def test_a_hand_is_two_masks_its_jokers_left_out():
    seven, king = Card.from_code("7S"), Card.from_code("KD")
    once, twice = held_masks([seven, king, seven, BIG_JOKER])
    assert once == mask_of([place_of(seven), place_of(king)]) and twice == mask_of([place_of(seven)])
