"""What a view reveals is not only true of the real hand but complete: the unseen
cards are exactly the cards in the other seats' hands and the undealt stock, and the
inferences the rules force (a void, no trump when a side suit was not trumped, a failed
over-trump, a failed head under ``must_head``) are drawn.  Also under ``must_head``,
which no bundled ruleset has, every inference is true of the real hand.  And the players
that search or judge go in with a hand nobody can beat."""

import random
from dataclasses import replace

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import HardBot, NormalBot
from ramsli_tui.games.ramsli.bots.inference import read
from ramsli_tui.cards import SUIT_MASKS, Card, Suit, mask_of, parse_cards
from ramsli_tui.games.ramsli.engine import IN, Hand
from ramsli_tui.games.ramsli.engine.actions import PLAY

from tests.kits.bots import bundled_rulesets, random_positions

CLASSIC = house_rules.load("classic")
MUST_HEAD = replace(CLASSIC, name="must-head", must_head=True)


def dealt(ruleset, hands: list[str], turn_up: str, dealer: int = 3) -> Hand:
    """A four-player hand with seat ``i`` dealt ``hands[i]`` (packets 3 + 2)."""
    cards = [parse_cards(codes) for codes in hands]
    deck = [card for seat in range(4) for card in cards[seat][:3]] + [card for seat in range(4) for card in cards[seat][3:]]
    deck.append(Card.from_code(turn_up))
    deck += [card for card in ruleset.cards() if card not in deck]
    assert sorted(deck) == sorted(ruleset.cards()), "each card dealt once"
    return Hand(ruleset, [20] * 4, dealer, 0, deck)


def cards(codes: str) -> int:
    return mask_of(parse_cards(codes))


def play(hand: Hand, *codes: str) -> None:
    for code in codes:
        hand.apply(PLAY[Card.from_code(code)])


@pytest.mark.parametrize("name", bundled_rulesets())
def test_the_unseen_cards_are_exactly_the_other_hands_and_the_undealt_stock(name):
    ruleset = house_rules.load(name)
    for seed in range(6):
        for hand in random_positions(ruleset, seed):
            seat = hand.current_seat
            reading = read(hand.view(seat))
            dealt_cards = 0
            for cards_of_seat in hand.dealt:
                dealt_cards |= mask_of(cards_of_seat)
            stock = mask_of(hand.deck) & ~dealt_cards & ~mask_of(hand.set_aside) & ~hand.turn_up.bit
            others = 0
            for other in reading.to_deal:
                others |= hand.holdings[other]
            assert reading.hand == hand.holdings[seat]
            assert reading.unseen == others | stock
            assert set(reading.to_deal) == set(hand.seated) - {seat}


@pytest.mark.parametrize("base", ["classic", "jokers", "general-rams", "nap"])
def test_under_must_head_what_a_view_reveals_is_true_of_the_real_hand(base):
    ruleset = replace(house_rules.load(base), must_head=True)
    for seed in range(12):
        for hand in random_positions(ruleset, seed):
            reading = read(hand.view(hand.current_seat))
            for seat, count in reading.to_deal.items():
                assert hand.holdings[seat] & reading.forbidden[seat] == 0
                assert hand.holdings[seat].bit_count() == count


def test_a_seat_that_neither_follows_nor_trumps_holds_neither_suit():
    hand = dealt(CLASSIC, ["AH 7D 8C 9C 9S", "8D 9D TD JD QD", "8H 9H TH JH QH", "7C TC JC QC KC"], "7S")
    for _ in range(4):
        hand.apply(IN)
    play(hand, "AH", "8D")
    reading = read(hand.view(2))
    spades, hearts = SUIT_MASKS[Suit.SPADES], SUIT_MASKS[Suit.HEARTS]
    assert reading.forbidden[1] == reading.unseen & (spades | hearts)
    assert reading.forbidden[1] & cards("AS KS 7H") == cards("AS KS 7H")  # unseen, and seat 1 cannot hold them
    assert reading.forbidden[3] == 0  # seat 3 has shown nothing yet


def test_a_seat_that_trumps_under_the_best_trump_holds_no_higher_one():
    hand = dealt(CLASSIC, ["7D 8D 9D TD JD", "KS 8H 9H TH JH", "8S 7C 8C 9C TC", "QD KD AD 7H QH"], "7S")
    for _ in range(4):
        hand.apply(IN)
    play(hand, "7D", "KS", "8S")
    reading = read(hand.view(3))
    assert reading.forbidden[2] & cards("AS") == cards("AS")  # it could not over-trump the king
    assert reading.forbidden[2] & cards("QS JS TS 9S") == 0  # lower trumps it may still hold
    assert reading.forbidden[2] & SUIT_MASKS[Suit.DIAMONDS] == reading.unseen & SUIT_MASKS[Suit.DIAMONDS]
    assert reading.forbidden[1] & SUIT_MASKS[Suit.SPADES] == 0  # seat 1 trumped high: nothing is known


def test_a_seat_that_follows_a_trump_lead_under_the_best_trump_holds_no_higher_one():
    hand = dealt(CLASSIC, ["KS 8D 9D TD JD", "8S 8H 9H TH JH", "9S 7C 8C 9C TC", "QD KD AD 7H QH"], "7S")
    for _ in range(4):
        hand.apply(IN)
    play(hand, "KS", "8S")
    reading = read(hand.view(2))
    assert reading.forbidden[1] & SUIT_MASKS[Suit.SPADES] == reading.unseen & cards("AS")


def test_under_must_head_a_seat_that_plays_under_the_best_card_holds_none_above_it():
    hand = dealt(MUST_HEAD, ["9H 8D 9D TD JD", "TH 8S 9S 8C 7C", "7H 9C TC JC QC", "QD KD AD 7D 8H"], "7S")
    for _ in range(4):
        hand.apply(IN)
    play(hand, "9H", "TH", "7H")
    reading = read(hand.view(3))
    assert reading.forbidden[2] & SUIT_MASKS[Suit.HEARTS] == reading.unseen & cards("JH QH KH AH")
    assert reading.forbidden[1] & SUIT_MASKS[Suit.HEARTS] == 0  # seat 1 headed the trick
    same = dealt(CLASSIC, ["9H 8D 9D TD JD", "TH 8S 9S 8C 7C", "7H 9C TC JC QC", "QD KD AD 7D 8H"], "7S")
    for _ in range(4):
        same.apply(IN)
    play(same, "9H", "TH", "7H")
    assert read(same.view(3)).forbidden[2] == 0  # without must_head, following low tells nothing


def test_hard_and_normal_go_in_with_a_hand_nobody_can_beat():
    for player in (HardBot(1500), NormalBot()):
        hand = dealt(CLASSIC, ["AS KS QS AH AD", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "7S")
        assert player.choose(hand.view(0), hand.legal_actions(), random.Random(1)) == IN



def test_the_omniscient_player_refuses_a_view_of_a_hand_it_is_not_watching():
    from ramsli_tui.games.ramsli.bots import OmniscientBot

    bot = OmniscientBot(150)
    watched = dealt(CLASSIC, ["AS KS QS AH AD", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "7S")
    other = dealt(CLASSIC, ["AS KS QS AH AD", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "7S")
    bot.watch(watched)
    other.apply(IN)  # the other hand has moved on to seat 1
    with pytest.raises(RuntimeError, match="must watch the hand it plays in"):
        bot.choose(other.view(1), other.legal_actions(), random.Random(0))
    with pytest.raises(RuntimeError, match="must watch the hand it plays in"):
        OmniscientBot(150).choose(watched.view(0), watched.legal_actions(), random.Random(0))
    assert bot.choose(watched.view(0), watched.legal_actions(), random.Random(0)) == IN


def test_the_hard_players_guesses_favour_hands_that_explain_how_the_others_declared():
    """Seat 0 went in first, with nobody in before it and no forced dealer to face: the
    texts do that only with a path to a trick, so the hard player's worlds give seat 0
    such a hand far more often than a blind deal of the unseen cards does."""
    from ramsli_tui.games.ramsli.bots.hard import Worlds
    from ramsli_tui.games.ramsli.bots.judgement import assess, wants_in

    hand = dealt(CLASSIC, ["7H 8D 9D TC 8C", "8H 9H TH JH QH", "7C 9C JC QC KC", "7D JD QD KD AD"], "7S")
    hand.apply(IN)
    view = hand.view(1)
    reading = read(view)

    def explains(holding: int) -> bool:
        dealt_to_0 = holding | reading.played_by[0]
        unseen = reading.in_play & ~dealt_to_0
        return wants_in(assess(dealt_to_0, reading.trump_mask, unseen), CLASSIC, 0, False, view.pot)

    worlds = Worlds(view, reading, random.Random(5))
    guided = sum(explains(worlds.next().holdings[0]) for _ in range(300))
    rng = random.Random(5)
    blind = sum(explains(reading.deal(rng)[0]) for _ in range(300))
    assert guided > blind + 60
