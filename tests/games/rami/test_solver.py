"""The solver: exact (against brute force over every way to cut a hand into melds), and
every answer it gives a valid going-out by the plain reading of the rules."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.melds import BadMeld, meld_kind
from ramsli_tui.games.rami.solver import arrangement, going_out

from tests.games.rami.kit import card, cards, reference_kind


def brute_force(hand, leftovers, forbidden=None) -> bool:
    """Is there any way at all: every choice of the cards left over, every partition of
    the rest into blocks, each block a meld, a Suivi and a Tria among them?"""
    hand = list(hand)
    for rest in set(combinations(sorted(hand), leftovers)):
        if forbidden in rest:
            continue
        melded = list((Counter(hand) - Counter(rest)).elements())
        if _partitions(sorted(melded), frozenset()):
            return True
    return False


def _partitions(cards_left, kinds) -> bool:
    if not cards_left:
        return kinds == {"suivi", "tria"}
    first, others = cards_left[0], cards_left[1:]
    for size in range(2, len(others) + 1):
        for chosen in set(combinations(others, size)):
            try:
                kind = meld_kind((first, *chosen))
            except BadMeld:
                continue
            left = list((Counter(others) - Counter(chosen)).elements())
            if _partitions(sorted(left), kinds | {kind}):
                return True
    return False


def assert_valid(found, hand, leftovers, forbidden=None):
    """``found`` lays every card of ``hand`` once, in true melds with a Suivi and a Tria."""
    laid = [c for meld in found.melds for c in meld]
    assert Counter(laid) + Counter(found.rest) == Counter(hand)
    assert len(found.rest) == leftovers and forbidden not in found.rest
    kinds = {reference_kind(meld) for meld in found.melds}
    assert kinds == {"suivi", "tria"}, found


# Cards from a corner of the pack where melds are likely: low and high spades, hearts and
# diamonds, both copies of each, and the jokers.
CORNER = cards("AS 2S 3S 4S QS KS AH 2H 3H 4H QH KH AD 2D 3D KD") * 2 + cards("X1 X1 X2 X2")
SMALL_HANDS = st.lists(st.sampled_from(range(len(CORNER))), min_size=4, max_size=10, unique=True).map(
    lambda picks: [CORNER[i] for i in picks])


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(SMALL_HANDS, st.integers(0, 2))
def test_the_solver_agrees_with_brute_force_on_small_hands(hand, leftovers):
    found = arrangement(hand, leftovers)
    assert (found is not None) == brute_force(hand, leftovers)
    if found is not None:
        assert_valid(found, hand, leftovers)


@settings(max_examples=100, derandomize=True, database=None, deadline=None)
@given(SMALL_HANDS.filter(lambda hand: len(hand) in (7, 8, 10)), st.sampled_from(cards("AS 2H KD 3S")))
def test_the_solver_never_leaves_over_the_forbidden_card(hand, forbidden):
    found = arrangement(hand, 1, forbidden)
    assert (found is not None) == brute_force(hand, 1, forbidden)
    if found is not None:
        assert_valid(found, hand, 1, forbidden)


def near_ready(rng: random.Random, changes: int = 3) -> list:
    """A 14-card hand made of random melds, with up to ``changes`` cards then changed at random."""
    while True:
        hand = []
        while len(hand) < 14:
            suits = "SHDC"
            if rng.random() < 0.5:
                rank = rng.choice("A23456789TJQK")
                hand += cards(" ".join(rank + suit for suit in rng.sample(suits, rng.choice([3, 4]))))
            else:
                size, suit = rng.choice([3, 4, 5]), rng.choice(suits)
                low = rng.randint(0, 14 - size)
                hand += cards(" ".join("A23456789TJQKA"[low + i] + suit for i in range(size)))
            if rng.random() < 0.4:
                hand[-1] = rng.choice(cards("X1 X2"))
        hand = hand[:14]
        for _ in range(rng.randint(0, changes)):
            hand[rng.randrange(14)] = rng.choice(FULL_DECK)
        if not Counter(hand) - Counter(FULL_DECK):
            return hand


@settings(max_examples=100, derandomize=True, database=None, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_solver_agrees_with_brute_force_on_fourteen_cards(seed):
    hand = near_ready(random.Random(seed))
    found = going_out(hand)
    assert (found is not None) == brute_force_fourteen(hand)
    if found is not None:
        assert_valid_going_out(found, hand)


def brute_force_fourteen(hand) -> bool:
    """Brute force for 14 cards, one discard at a time, blocks grown from the first card
    with the cards that share its suit or its rank, or are jokers (no other card can be
    in a meld with it)."""
    for discard in set(hand):
        melded = list((Counter(hand) - Counter([discard])).elements())
        if _partitions_near(sorted(melded), frozenset()):
            return True
    return False


def _partitions_near(cards_left, kinds) -> bool:
    if not cards_left:
        return kinds == {"suivi", "tria"}
    first, others = cards_left[0], cards_left[1:]
    near = [c for c in others if c.is_joker or first.is_joker or c.suit == first.suit or c.rank == first.rank]
    for size in range(2, len(near) + 1):
        for chosen in set(combinations(near, size)):
            try:
                kind = meld_kind((first, *chosen))
            except BadMeld:
                continue
            left = list((Counter(others) - Counter(chosen)).elements())
            if _partitions_near(sorted(left), kinds | {kind}):
                return True
    return False


def assert_valid_going_out(found, hand):
    laid = [c for meld in found.melds for c in meld]
    assert len(laid) == 13 and Counter(laid + [found.discard]) == Counter(hand)
    assert {reference_kind(meld) for meld in found.melds} == {"suivi", "tria"}


SOURCE_EXAMPLE = cards("5H 6H 7H 8H JS JH JC 2C 3C X1 5C AS AD AC")


def test_the_source_example_goes_out_and_says_how():
    found = going_out(SOURCE_EXAMPLE)
    assert found is not None
    assert_valid_going_out(found, SOURCE_EXAMPLE)


def test_the_forbidden_card_is_kept_in_a_meld_or_the_hand_cannot_go_out():
    found = going_out(SOURCE_EXAMPLE, forbidden=card("8H"))
    assert found is not None and found.discard != card("8H")
    only_way = cards("5H 6H 7H JS JH JC 2C 3C 4C 5C AS AD AC 9D")
    assert going_out(only_way).discard == card("9D")
    assert going_out(only_way, forbidden=card("9D")) is None


@pytest.mark.parametrize("hand, why", [
    ("2S 3S 4S 5H 6H 7H 8D 9D TD 2C 3C 4C 5C QC", "only Suivis"),
    ("9S 9H 9D 4S 4H 4D KS KH KC 2S 2H 2D 2C QC", "only Trias"),
    ("KH AH 2H JS JH JC 2C 3C 4C 5C AS AD AC 9D", "the ace in the middle"),
    ("X1 X2 7H JS JH JC QS QH QC 2C 3C 4C 5C 9D", "two jokers for one meld"),
    ("5H 6H 7H JS JH JS 2C 3C 4C 5C AS AD AC 9D", "a suit twice in the Tria"),
])
def test_hands_that_cannot_go_out(hand, why):
    assert going_out(cards(hand)) is None, why


def test_a_hand_of_thirteen_all_in_melds_is_ready():
    found = arrangement(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS AD AC"), leftovers=0)
    assert found is not None and found.rest == ()
    assert arrangement(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS AD 9C"), leftovers=0) is None


def test_the_jokers_laid_are_the_jokers_held_and_jokers_may_be_left_over():
    hand = cards("5H 6H 7H JS JH JC 2C 3C 4C 5C AS AD X1 X2")
    assert_valid_going_out(going_out(hand), hand)
    found = arrangement(cards("AS AD AC 2H 3H 4H X1 X2"), leftovers=2)
    assert_valid(found, cards("AS AD AC 2H 3H 4H X1 X2"), 2)
    assert arrangement(cards("AS AD 2H 3H X1 X2 X1"), leftovers=0) is None  # a third joker has no meld
