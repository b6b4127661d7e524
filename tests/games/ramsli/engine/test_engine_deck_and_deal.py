"""Cards, seats and dealing: R1 (decks), R2 (suit style is display only), R3 (jokers at
the turn-up), R4 (players and seats), R6 (antes, short stacks), R7 (packets and the
turn-up)."""

import random

import pytest

from tests.kits.engine import cards, codes, new_hand, ruleset, run, stacked_deck

from ramsli_tui.cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit
from ramsli_tui.games.ramsli.engine import Action, Hand, IllegalAction, RamsliSession
from ramsli_tui.games.ramsli.engine.events import HandStarted, TrumpTurned
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.house_rules import PlayerLimits, RulesetError

SUITS = "SHDC"


# --- R1 ------------------------------------------------------------------------------

def test_r1_piquet32_deck_is_ace_to_seven_in_four_suits():
    deck = ruleset("classic").cards()
    assert len(deck) == 32 and len(set(deck)) == 32
    assert {card.code for card in deck} == {rank + suit for rank in "AKQJT987" for suit in SUITS}


def test_r1_standard52_deck_is_ace_to_two_in_four_suits():
    for name in ("modern-52", "rounce"):
        deck = ruleset(name).cards()
        assert len(deck) == 52 and len(set(deck)) == 52
        assert {card.code for card in deck} == {rank + suit for rank in "AKQJT98765432" for suit in SUITS}


def test_r1_ace_is_high_and_two_lowest_in_play():
    rules = ruleset("modern-52")
    hand = new_hand(rules, ["AC KC QC JC TC", "2S 3S 4S 5S 6S", "KS 2D 3D 4D 5D"], turn_up="2H")
    run(hand, "1:in 2:in 0:in")
    # seat 1 leads its 2S; seat 2 must follow with KS; seat 0 (void, no trumps) discards
    run(hand, "1:2S 2:KS 0:TC")
    assert hand.tricks[0].winner == 2
    hand = new_hand(rules, ["AC KC QC JC TC", "2S 3S 4S 5S AS", "KS 2D 3D 4D 5D"], turn_up="2H")
    run(hand, "1:in 2:in 0:in 1:AS 2:KS 0:TC")
    assert hand.tricks[0].winner == 1
    hand = new_hand(rules, ["AC KC QC JC TC", "2S 3S 4S 5S 6S", "3C 2D 3D 4D 5D"], turn_up="2H")
    run(hand, "1:in 2:in 0:in 1:6S 2:3C 0:TC")
    assert hand.tricks[0].winner == 1  # 6S beats nothing higher of spades: the lowest ranks still win their suit


def test_r1_cards_carry_no_points_a_full_deck_deals_in_a_52_card_game():
    rules = ruleset("modern-52")
    hand = Hand(rules, [20] * 6, 0, 0, rules.cards())
    assert sum(len(dealt) for dealt in hand.dealt) == 30
    assert len(hand.deck) == 52


def test_r1_classic_deck_has_no_jokers_and_no_low_cards():
    deck = ruleset("classic").cards()
    assert not any(card.is_joker for card in deck)
    assert min(card.rank for card in deck) == Rank.SEVEN


# --- R2 ------------------------------------------------------------------------------

def test_r2_french_and_german_labels():
    assert Card.from_code("TS").label() == "10♠"
    assert Card.from_code("KH").label("french") == "K♥"
    assert Card.from_code("QD").label("german") == "Schellen-Ober"
    assert Card.from_code("JC").label("german") == "Eichel-Unter"
    assert Card.from_code("AS").label("german") == "Laub-Ass"
    assert Card.from_code("KH").label("german") == "Herz-König"
    assert Card.from_code("TH").label("german") == "Herz-10"
    assert Card.from_code("7D").label("german") == "Schellen-7"


def test_r2_suit_style_is_display_only_codes_stay_the_same():
    for code in ("AS", "QD", "JC", "7H"):
        card = Card.from_code(code)
        assert card.code == code
        assert card.label("german") != card.label("french")
    assert Card.from_code("qd") == Card.from_code("QD")
    assert Card.from_code("10h") == Card.from_code("TH")


# --- R3 ------------------------------------------------------------------------------

def test_r3_jokers_ruleset_adds_big_and_little_to_the_deck():
    deck = ruleset("jokers").cards()
    assert len(deck) == 34
    assert BIG_JOKER in deck and LITTLE_JOKER in deck
    assert BIG_JOKER.code == "X1" and LITTLE_JOKER.code == "X2"


def test_r3_a_joker_turned_up_is_set_aside_and_the_next_card_turned():
    rules = ruleset("jokers")
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD JD TD"], turn_up="9H", set_aside="X1")
    assert hand.deck[15] == BIG_JOKER and hand.deck[16] == Card.from_code("9H")
    assert hand.turn_up == Card.from_code("9H")
    assert hand.trump == Suit.HEARTS
    assert codes(hand.set_aside) == ["X1"]
    assert TrumpTurned(Card.from_code("9H"), (BIG_JOKER,)) in hand.opening_events
    for seat in range(3):
        assert hand.view(seat).set_aside == (BIG_JOKER,)
        assert BIG_JOKER not in hand.hand_of(seat)


def test_r3_both_jokers_at_the_turn_up_are_set_aside():
    rules = ruleset("jokers")
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD JD TD"], turn_up="8S", set_aside="X2 X1")
    assert hand.turn_up == Card.from_code("8S")
    assert hand.trump == Suit.SPADES
    assert codes(hand.set_aside) == ["X2", "X1"]
    assert TrumpTurned(Card.from_code("8S"), (LITTLE_JOKER, BIG_JOKER)) in hand.opening_events


def test_r3_no_joker_turned_up_means_nothing_set_aside():
    rules = ruleset("jokers")
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS X1", "AD KD QD JD TD"], turn_up="8S")
    assert hand.set_aside == ()
    assert hand.turn_up == Card.from_code("8S")


# --- R4 ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r4_three_to_six_players(players):
    session = RamsliSession(ruleset("classic"), players, random.Random(1), dealer=0)
    assert session.players == players
    assert sum(1 for dealt in session.hand.dealt if dealt) == players


@pytest.mark.parametrize("players", [1, 2, 7])
def test_r4_other_counts_are_refused(players):
    with pytest.raises(ValueError):
        RamsliSession(ruleset("classic"), players, random.Random(1), dealer=0)


def test_r4_two_players_where_the_ruleset_allows_it():
    rules = ruleset("classic", players=PlayerLimits(2, 6))
    session = RamsliSession(rules, 2, random.Random(1), dealer=0)
    assert [len(dealt) for dealt in session.hand.dealt] == [5, 5]


def test_r4_left_of_the_dealer_is_the_next_seat_clockwise():
    rules = ruleset("classic")
    hand = Hand(rules, [20] * 5, 4, 0, rules.cards())
    assert hand.current_seat == 0            # left of dealer 4 wraps to seat 0
    hand = Hand(rules, [20] * 5, 1, 0, rules.cards())
    assert hand.current_seat == 2


# --- R6 ------------------------------------------------------------------------------

def test_r6_every_player_pays_the_ante_into_the_pot():
    rules = ruleset("classic", ante=2)
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD JD TD"], stacks=[20, 15, 9], pot=4)
    assert hand.stacks == [18, 13, 7]
    assert hand.pot == 4 + 6
    assert hand.opening_events[0] == HandStarted(1, 0, (2, 2, 2), 10)


def test_r6_short_stacks_pay_what_they_have_and_the_pot_counts_only_that():
    rules = ruleset("classic", ante=2)
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD JD TD"], stacks=[1, 0, 20], pot=3)
    assert hand.antes == [1, 0, 2]
    assert hand.stacks == [0, 0, 18]
    assert hand.pot == 3 + 1 + 0 + 2
    assert hand.opening_events[0].antes == (1, 0, 2)


def test_r6_a_player_with_an_empty_stack_still_plays_fully_and_can_win():
    rules = ruleset("classic")
    # seat 1 has no chips at all, pays no ante, and still declares, plays and wins
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"], stacks=[20, 0, 20])
    assert hand.stacks == [19, 0, 19] and hand.pot == 2
    assert hand.current_seat == 1 and hand.legal_actions()
    run(hand, "1:in 2:in 0:in 1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.tricks_won == [0, 5, 0]
    assert hand.settlement.winners == (1,)
    assert hand.stacks == [14, 2, 14]
    assert hand.pot == 10



def test_r6_only_seated_players_pay_the_ante():
    # seat 3 has left the table (R27 eliminate) but still has chips: it pays nothing
    rules = ruleset("classic", ante=2)
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD JD TD", None],
                    stacks=[20, 20, 20, 7], seated=(0, 1, 2))
    assert hand.antes == [2, 2, 2, 0]
    assert hand.stacks == [18, 18, 18, 7]
    assert hand.pot == 6
    assert hand.opening_events[0].antes == (2, 2, 2, 0)

# --- R7 ------------------------------------------------------------------------------

def _deck(rules):
    return rules.cards()  # a fixed order: 7S 8S ... AS 7H ... AC


def test_r7_packets_3_2_clockwise_from_the_dealers_left_then_the_turn_up():
    rules = ruleset("classic")
    deck = _deck(rules)
    hand = Hand(rules, [20, 20, 20], 0, 0, deck)
    d = deck
    assert list(hand.dealt[1]) == d[0:3] + d[9:11]
    assert list(hand.dealt[2]) == d[3:6] + d[11:13]
    assert list(hand.dealt[0]) == d[6:9] + d[13:15]
    assert hand.turn_up == d[15]
    assert hand.trump == d[15].suit


def test_r7_packets_2_3_finish_the_first_round_before_the_second():
    rules = ruleset("classic", packets=(2, 3))
    deck = _deck(rules)
    hand = Hand(rules, [20, 20, 20], 0, 0, deck)
    d = deck
    assert list(hand.dealt[1]) == d[0:2] + d[6:9]
    assert list(hand.dealt[2]) == d[2:4] + d[9:12]
    assert list(hand.dealt[0]) == d[4:6] + d[12:15]
    assert hand.turn_up == d[15]


def test_r7_dealing_wraps_round_the_table_from_a_late_dealer():
    rules = ruleset("classic")
    deck = _deck(rules)
    hand = Hand(rules, [20, 20, 20, 20], 2, 0, deck)
    d = deck
    assert list(hand.dealt[3]) == d[0:3] + d[12:14]
    assert list(hand.dealt[0]) == d[3:6] + d[14:16]
    assert list(hand.dealt[1]) == d[6:9] + d[16:18]
    assert list(hand.dealt[2]) == d[9:12] + d[18:20]
    assert hand.turn_up == d[20]


def test_r7_the_turn_up_belongs_to_nobody_and_is_never_played():
    rules = ruleset("classic")
    hand = new_hand(rules, ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"], turn_up="AH")
    assert all(hand.turn_up not in hand.hand_of(seat) for seat in range(3))
    run(hand, "1:in 2:in 0:in")
    assert "AH" not in {str(action) for action in hand.legal_actions()}
    with pytest.raises(IllegalAction, match="^seat 1 does not hold AH$"):
        hand.apply(Action.parse("AH"), 1)
    for seat in range(3):
        assert hand.view(seat).turn_up == Card.from_code("AH")



@pytest.mark.parametrize("packets", ["[3, 1]", "[2, 2]", "[4]", "[3, 3]", "[2, 2, 2]"])
def test_r7_packets_that_do_not_add_up_to_five_cards_are_refused(tmp_path, packets):
    path = tmp_path / "short.yaml"
    path.write_text(f"name: short\npackets: {packets}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"short\.yaml:2: packets .*add up to 5"):
        house_rules.load_file(path)


def test_r7_any_packets_adding_up_to_five_deal_five_cards_each(tmp_path):
    path = tmp_path / "ones.yaml"
    path.write_text("name: ones\npackets: [1, 1, 1, 1, 1]\n", encoding="utf-8")
    rules = house_rules.load_file(path)
    hand = Hand(rules, [20, 20, 20], 0, 0, rules.cards())
    # one card at a time round the table from the dealer's left: 1, 2, 0, 1, 2, 0, ...
    assert codes(hand.dealt[1]) == ["7S", "TS", "KS", "8H", "JH"]
    assert all(len(hand.dealt[seat]) == 5 for seat in range(3))
    assert hand.turn_up.code == "AH"

def test_r7_the_stacked_deck_helper_agrees_with_the_engine():
    rules = ruleset("classic", packets=(2, 3))
    wanted = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]
    hand = new_hand(rules, wanted, turn_up="9H")
    assert [codes(dealt) for dealt in hand.dealt] == [w.split() for w in wanted]
    deck = stacked_deck(rules, 0, wanted, "9H")
    assert codes(deck[:4]) == ["AS", "KS", "9S", "8S"]
    assert sorted(deck) == sorted(cards(" ".join(c.code for c in rules.cards())))
