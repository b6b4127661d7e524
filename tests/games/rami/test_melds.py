"""What a meld is (S1, S4, S5, S6): each kind of meld and each reason a meld is refused,
with the words a player reads, and ``meld_kind`` against the plain reference on every
small meld."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.games.rami.engine import Refusal
from ramsli_tui.games.rami.melds import SUIVI, TRIA, BadMeld, meld_kind

from tests.games.rami.kit import NATURALS, cards, reference_kind

VALID = {
    # S4: three or more of one suit in sequence, in any order
    "9D TD JD": SUIVI,
    "2C 3C 4C 5C 6C 7C 8C": SUIVI,
    "JD 9D TD": SUIVI,
    "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS": SUIVI,
    # S1: the ace low or high
    "AH 2H 3H": SUIVI,
    "QH KH AH": SUIVI,
    # S5: three or four of one rank, all suits different
    "4S 4H 4D": TRIA,
    "7S 7H 7D 7C": TRIA,
    # S6: a joker for any missing card, in the middle or at either end
    "2C 3C X1 5C": SUIVI,
    "2H 3H X1": SUIVI,
    "X2 2H 3H": SUIVI,
    "X1 KH AH": SUIVI,
    "QH X2 AH": SUIVI,
    "AD X1 3D": SUIVI,
    "9S 9H X2": TRIA,
    "9S 9H 9D X1": TRIA,
}

REFUSED = {
    "9D TD": "meld_too_short",
    "X1 X2 5C 6C": "meld_two_jokers",
    "9S 9H X1 X2": "meld_two_jokers",
    "JS JH JS": "tria_suit_twice",
    "9S 9H 9D 9C X1": "tria_too_long",
    "5H 5H 6H": "suivi_rank_twice",
    "KH AH 2H": "ace_in_middle",
    "KH X1 2H": "ace_in_middle",
    "QS KS AS 2S 3S": "ace_in_middle",
    "2H 3H 5H": "suivi_gap",
    "2H X1 5H": "suivi_gap",
    "QS X1 2S": "suivi_gap",
    "9D TD JS": "not_a_meld",
    "8S 9S 9H": "not_a_meld",
    "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS X1": "suivi_too_long",
}


@pytest.mark.parametrize("meld, kind", VALID.items())
def test_s4_s5_s6_these_are_melds(meld, kind):
    assert meld_kind(cards(meld)) == kind
    assert reference_kind(cards(meld)) == kind


@pytest.mark.parametrize("meld, problem", REFUSED.items())
def test_s1_s4_s5_s6_these_are_not_melds_and_say_why(meld, problem):
    with pytest.raises(BadMeld) as bad:
        meld_kind(cards(meld))
    assert bad.value.problem == problem
    assert reference_kind(cards(meld)) is None


def test_a_bad_meld_is_told_by_its_cards_and_its_reason():
    refusal = Refusal(0, "tria_suit_twice", tuple(cards("JS JH JS")))
    assert str(refusal) == "[JS, JH, JS]: a Tria may not hold a suit twice"
    assert refusal.for_you() == "[J♠, J♥, J♠]: a Tria may not hold a suit twice"
    assert str(Refusal(1, "ace_in_middle", tuple(cards("KH AH 2H")))) == (
        "[KH, AH, 2H]: the ace is low (A-2-3) or high (Q-K-A), never in the middle (K-A-2)")


SMALL = st.lists(st.sampled_from(NATURALS + tuple(cards("X1 X2"))), min_size=0, max_size=6)


@settings(max_examples=500, derandomize=True, database=None, deadline=None)
@given(SMALL)
def test_meld_kind_agrees_with_the_plain_reading_of_the_rules(meld):
    try:
        kind = meld_kind(meld)
    except BadMeld:
        kind = None
    assert kind == reference_kind(meld)


NEAR = st.lists(st.sampled_from(cards("AH 2H 3H 4H 5H JH QH KH AS 2S KS 5S X1 X2")), min_size=3, max_size=6)


@settings(max_examples=500, derandomize=True, database=None, deadline=None)
@given(NEAR)
def test_meld_kind_agrees_with_the_reference_where_runs_and_aces_are_likely(meld):
    try:
        kind = meld_kind(meld)
    except BadMeld:
        kind = None
    assert kind == reference_kind(meld)
