"""The texts' advice, as the normal player applies it: when to go in, General Rams
and Nap targets, and a few rules of thumb of its card play."""

import random

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import NormalBot
from ramsli_tui.games.ramsli.bots.judgement import assess, general_rams_hand, nap_target, wants_in
from ramsli_tui.cards import SUIT_MASKS, Card, Suit, mask_of, parse_cards
from ramsli_tui.games.ramsli.engine import IN, OUT, Hand

CLASSIC = house_rules.load("classic")
SPADES = SUIT_MASKS[Suit.SPADES]
DECK = mask_of(CLASSIC.cards())


def judge(codes: str, turn_up: str = "8S"):
    holding = mask_of(parse_cards(codes))
    unseen = DECK & ~holding & ~Card.from_code(turn_up).bit
    return holding, unseen


@pytest.mark.parametrize("codes, verdict", [
    ("AH 7D 8D 9C 7S", True),  # an ace
    ("KS 7D 8D 9C TC", True),  # a high trump
    ("9S 7S KH 8D 9C", True),  # trump length with a second-rank honour
    ("7H 8D 9C TC 7S", False),  # low cards and the seven of trumps fold
])
def test_go_in_only_with_a_realistic_path_to_a_trick(codes, verdict):
    holding, unseen = judge(codes)
    assert wants_in(assess(holding, SPADES, unseen), CLASSIC, 0, False, 4) is verdict


def test_a_mediocre_hand_folds_when_enough_players_are_in():
    holding, unseen = judge("AH 7D 8D 9C TC")
    assessment = assess(holding, SPADES, unseen)
    assert assessment.mediocre
    assert wants_in(assessment, CLASSIC, 1, False, 5)
    assert not wants_in(assessment, CLASSIC, 3, False, 5)


def test_facing_a_forced_dealer_any_chance_is_taken():
    holding, unseen = judge("7S 8D 9D TC 9H")
    assessment = assess(holding, SPADES, unseen)
    assert not wants_in(assessment, CLASSIC, 0, False, 4)
    assert wants_in(assessment, CLASSIC, 0, True, 4)


def test_general_rams_only_with_the_hand_the_texts_describe():
    holding, unseen = judge("AS QS AH KD AC")
    assert general_rams_hand(holding, SPADES, unseen)
    holding, unseen = judge("AS QS AH KD 7C")
    assert not general_rams_hand(holding, SPADES, unseen)
    holding, unseen = judge("KS QS AH KD AC")
    assert not general_rams_hand(holding, SPADES, unseen)


def test_a_nap_target_is_what_the_hand_can_count_on():
    holding, unseen = judge("AS KS AH 7D 8C")
    assessment = assess(holding, SPADES, unseen)
    assert nap_target(assessment, False, 1) == 3
    assert nap_target(assessment, False, 3) is None
    assert nap_target(assessment, True, 4) == 5


def dealt(hands: list[str], turn_up: str, dealer: int = 3) -> Hand:
    """A four-player classic hand with seat ``i`` dealt ``hands[i]`` (packets 3 + 2)."""
    cards = [parse_cards(codes) for codes in hands]
    deck = [card for seat in range(4) for card in cards[seat][:3]] + [card for seat in range(4) for card in cards[seat][3:]]
    deck.append(Card.from_code(turn_up))
    deck += [card for card in CLASSIC.cards() if card not in deck]
    assert sorted(deck) == sorted(CLASSIC.cards()), "each card dealt once"
    return Hand(CLASSIC, [20] * 4, dealer, 0, deck)


def test_normal_leads_trumps_when_long_in_them():
    hand = dealt(["KS QS JS AH 7D", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "7S")
    for action in (IN, IN, IN, IN):
        hand.apply(action)
    choice = NormalBot().choose(hand.view(0), hand.legal_actions(), random.Random(0))
    assert choice.card == Card.from_code("KS")


def test_normal_keeps_a_lone_ace_for_the_middle_of_the_hand():
    hand = dealt(["AH 7D 8C 9C 9S", "8H 9H TH JH QH", "7C TC JC QC KC", "8D 9D TD JD QD"], "7S")
    for action in (IN, IN, IN, IN):
        hand.apply(action)
    choice = NormalBot().choose(hand.view(0), hand.legal_actions(), random.Random(0))
    assert choice.card != Card.from_code("AH")


def test_normal_folds_a_hand_of_low_cards():
    hand = dealt(["7H 8D 9C TC 8S", "AH KH TH JH QH", "7C 8C JC AS QC", "AD 9D TD JD QD"], "7S")
    assert NormalBot().choose(hand.view(0), hand.legal_actions(), random.Random(0)) == OUT
