"""The cards still missing to go out (``shape``): 0 exactly when the solver goes out,
one more for each card a hand lacks, never more for a card added."""

import random

from ramsli_tui.cards import ALL_CARDS
from ramsli_tui.games.rami.bots.reading import helps_any
from ramsli_tui.games.rami.bots.shape import SUIVI, TRIA, missing, shape
from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.solver import going_out

from tests.games.rami.kit import NOTHING, READY_13, card, cards


def test_a_hand_in_melds_misses_nothing_and_keeps_its_melds():
    arranged = shape(cards(READY_13 + " 9D"))
    assert arranged.missing == 0
    assert arranged.loose == tuple(cards("9D"))
    assert sorted(group.kind for group in arranged.groups) == [SUIVI, SUIVI, TRIA, TRIA]


def test_each_card_taken_from_the_melds_is_one_more_missing():
    assert missing(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS AD 9D")) == 1  # the third ace
    assert missing(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS 8S 9D")) == 2  # two aces
    assert missing(cards("5H 6H 7H JS JH KC 2C 3C X1 5C AS 8S 9D")) == 3


def test_a_hand_without_a_tria_counts_one_begun_from_nothing():
    runs_only = cards("2H 3H 4H 6S 7S 8S 9D TD JD 3C 4C 5C 6C")
    assert missing(runs_only) == 2  # 6C (say) beside 6S, and one more 6: two of the 13 to come
    assert missing(cards(NOTHING)) == 5  # four pairs a card short (2S 2D, 4S 6S, ...) and a 13th


def test_the_ace_is_high_or_low_but_never_in_the_middle():
    assert missing(cards("QH KH AH 2S 2H 2D 5C 6C 7C 8C 9D TD JD 4S")) == 0
    assert missing(cards("KH AH 2H 3S 3C 3D 5C 6C 7C 8C 9D TD JD 4S")) == 1  # AH 2H with a 3H to come


def test_missing_is_zero_exactly_when_the_solver_goes_out():
    rng = random.Random(7)
    base = cards(READY_13)
    for _ in range(300):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = base + [deck[0]]
        for changed in range(rng.randrange(3)):
            hand[rng.randrange(14)] = deck[1 + changed]
        assert (missing(hand) == 0) == (going_out(hand) is not None), [card.code for card in hand]


def test_a_card_more_never_makes_a_hand_miss_more():
    rng = random.Random(8)
    for _ in range(100):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        assert missing(deck[:14]) <= missing(deck[:13])


def test_the_outs_are_the_cards_that_leave_one_fewer_missing():
    one_ace_short = cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS AD 9D")
    outs = set(shape(one_ace_short).outs)
    assert {card("AH"), card("AC"), card("4C"), card("X1")} <= outs  # 4C frees the joker for the aces
    assert not {card("4H"), card("JD"), card("KD")} & outs  # no room is left to lengthen a meld
    assert shape(cards(READY_13)).outs == ()


def test_the_outs_found_are_nearly_all_the_outs_there_are_and_nearly_all_true():
    """Beside a held card or among those found: any other card could only begin a meld."""
    rng = random.Random(5)
    true_outs = found = right = 0
    for _ in range(10):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = cards(READY_13)
        for changed in range(rng.randrange(2, 6)):
            hand[rng.randrange(13)] = deck[changed]
        arranged = shape(hand)
        near = {other for other in ALL_CARDS if other.is_joker or helps_any(other, hand)} | set(arranged.outs)
        exact = {other for other in near if missing(hand + [other]) < arranged.missing}
        true_outs += len(exact)
        found += len(arranged.outs)
        right += len(exact & set(arranged.outs))
    assert right >= 0.95 * true_outs and right >= 0.98 * found
