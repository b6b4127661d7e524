"""The panel's declaring styles go in on the hands their rules name, and play as normal does."""

import random

import pytest

from ramsli_tui.cards import SUIT_MASKS, Card, Suit, mask_of, parse_cards
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import AggressiveBot, NormalBot, RandomInBot, TimidBot
from ramsli_tui.games.ramsli.bots.judgement import assess
from ramsli_tui.games.ramsli.engine import IN, Phase

from tests.kits.bots import seeded_hand

CLASSIC = house_rules.load("classic")
SPADES = SUIT_MASKS[Suit.SPADES]
DECK = mask_of(CLASSIC.cards())


def assessed(codes: str, turn_up: str = "8S"):
    """The assessment of a classic hand with spades trumps."""
    holding = mask_of(parse_cards(codes))
    return assess(holding, SPADES, DECK & ~holding & ~Card.from_code(turn_up).bit)


@pytest.mark.parametrize("codes, aggressive, timid", [
    ("AH 7D 8D 9C TC", True, False),   # one side ace
    ("AS 7D 8D 9C TC", True, False),   # the top trump alone
    ("9S 7S 8D 9C TC", True, False),   # two low trumps
    ("AH AD 8D 9C 7S", True, True),    # two side aces
    ("AS KS 8D 9C TC", True, True),    # the two top trumps
    ("KH 7D 8D 9C 7S", False, False),  # a king and the seven of trumps
])
def test_aggressive_and_timid_go_in_on_the_hands_their_rules_name(codes, aggressive, timid):
    rng = random.Random(0)
    assert AggressiveBot().goes_in(assessed(codes), rng) is aggressive
    assert TimidBot().goes_in(assessed(codes), rng) is timid


def test_random_in_goes_in_about_half_the_time_whatever_the_hand():
    rng = random.Random(1)
    ins = sum(RandomInBot().goes_in(assessed("7H 7D 8D 9C 7S"), rng) for _ in range(2000))
    assert 900 < ins < 1100


@pytest.mark.parametrize("style", [AggressiveBot(), TimidBot(), RandomInBot()], ids=lambda bot: bot.name)
def test_a_style_plays_its_cards_as_the_normal_player_does(style):
    for seed in range(8):
        hand = seeded_hand(CLASSIC, 4, seed)
        while not hand.is_over:
            view = hand.view(hand.current_seat)
            legal = hand.legal_actions()
            choice = style.choose(view, legal, random.Random(seed))
            if hand.phase is Phase.PLAY:
                assert choice == NormalBot().choose(view, legal, random.Random(seed))
            else:
                assert choice in legal
            hand.apply(choice)


def test_a_forced_dealer_is_in_whatever_the_style():
    assert CLASSIC.dealer_forced
    forced = 0
    for seed in range(40):
        hand = seeded_hand(CLASSIC, 4, seed)
        while hand.phase is Phase.DECLARE:
            legal = hand.legal_actions()
            choice = TimidBot().choose(hand.view(hand.current_seat), legal, random.Random(seed))
            if legal == (IN,):
                forced += 1
                assert choice == IN
            hand.apply(choice)
    assert forced > 0
