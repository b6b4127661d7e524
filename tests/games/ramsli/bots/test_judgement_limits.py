"""Limits of the texts' advice: five tricks are named only with a General Rams hand;
only the seat just before a forced dealer faces it, and even then folds with neither a
trump nor a king; a player still without a trick late in the hand tries to win one."""

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots.judgement import assess, general_rams_hand, nap_target
from ramsli_tui.cards import SUIT_MASKS, Card, Suit, mask_of, parse_cards

CLASSIC = house_rules.load("classic")
SPADES = SUIT_MASKS[Suit.SPADES]
DECK = mask_of(CLASSIC.cards())


def test_a_strong_hand_without_general_rams_names_at_most_four_tricks():
    holding = mask_of(parse_cards("AS KS QS AH 7D"))
    unseen = DECK & ~holding & ~Card.from_code("8S").bit
    assessment = assess(holding, SPADES, unseen)
    assert assessment.likely_tricks >= 5
    assert not general_rams_hand(holding, SPADES, unseen)
    assert nap_target(assessment, False, 1) == 4
    assert nap_target(assessment, False, 4) is None


def test_only_the_seat_just_before_a_forced_dealer_faces_it():
    from ramsli_tui.games.ramsli.bots.judgement import facing_forced_dealer

    order = [0, 1, 2, 3]  # seat 3 deals
    nobody_in = [False, False, None, None]
    assert facing_forced_dealer(CLASSIC, nobody_in, order, 2)
    assert not facing_forced_dealer(CLASSIC, nobody_in, order, 3)
    assert not facing_forced_dealer(CLASSIC, [False, True, None, None], order, 2)
    from dataclasses import replace

    assert not facing_forced_dealer(replace(CLASSIC, dealer_forced=False), nobody_in, order, 2)


def test_normal_takes_any_chance_when_only_the_forced_dealer_is_left():
    import random

    from ramsli_tui.games.ramsli.bots import NormalBot
    from ramsli_tui.games.ramsli.engine import IN, OUT, Hand

    hands = ["8H TH JH QH 7H", "7C 8C 9C JC QC", "7S 8D 9D TC 9H", "AH KH AD KD AC"]  # seat 2: no path to a trick
    cards = [parse_cards(codes) for codes in hands]
    deck = [c for seat in range(4) for c in cards[seat][:3]] + [c for seat in range(4) for c in cards[seat][3:]]
    deck.append(Card.from_code("TS"))
    deck += [card for card in CLASSIC.cards() if card not in deck]
    hand = Hand(CLASSIC, [20] * 4, 3, 0, deck)
    hand.apply(OUT)
    hand.apply(OUT)
    assert NormalBot().choose(hand.view(2), hand.legal_actions(), random.Random(0)) == IN


def test_facing_a_forced_dealer_without_a_trump_or_a_king_still_folds():
    from ramsli_tui.games.ramsli.bots.judgement import wants_in

    holding = mask_of(parse_cards("7H 8D 9D TC 8C"))
    unseen = DECK & ~holding & ~Card.from_code("8S").bit
    assert not wants_in(assess(holding, SPADES, unseen), CLASSIC, 0, True, 4)


def test_normal_without_a_trick_late_in_the_hand_tries_with_a_winner_that_may_be_trumped():
    """Trick four: seat 1 has no trick, holds AD (master) and 8D; diamonds are led and
    seat 2, to play after it, has shown it is void in diamonds and may hold a trump.
    Earlier in the hand it would keep the ace; now, facing a bete, it tries with it."""
    import random

    from ramsli_tui.games.ramsli.bots import NormalBot
    from ramsli_tui.games.ramsli.engine import IN, Hand
    from ramsli_tui.games.ramsli.engine.actions import PLAY

    hands = [parse_cards(codes) for codes in ("KD QD AH 9H 8H", "AD 8D 7D 7C 8C", "8S 9S AC KC JH")]
    deck = [c for seat in range(3) for c in hands[seat][:3]] + [c for seat in range(3) for c in hands[seat][3:]]
    deck.append(Card.from_code("7S"))
    deck += [card for card in CLASSIC.cards() if card not in deck]
    hand = Hand(CLASSIC, [20] * 3, 2, 0, deck)
    for _ in range(3):
        hand.apply(IN)
    for code in ("KD", "7D", "8S", "AC", "8H", "7C", "JH", "AH", "8C", "QD"):
        hand.apply(PLAY[Card.from_code(code)])
    view = hand.view(1)
    assert view.tricks_won[1] == 0 and len(view.tricks) == 4
    assert NormalBot().choose(view, hand.legal_actions(), random.Random(0)) == PLAY[Card.from_code("AD")]
