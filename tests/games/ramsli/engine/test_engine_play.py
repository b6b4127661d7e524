"""Play: R12 (who leads, only active players play), R13 (follow suit), R14 (must
trump), R15 (must over-trump, under-trumping, over-trumping on a trump lead,
must_head true/false), R16 (discards cannot win), R17 (trick winner leads next), R18
(illegal plays refused, no penalty), R3 in play (jokers are trumps, a joker lead is a
trump lead, Big > Little > ace), and the IllegalAction message texts."""

import random

import pytest

from tests.kits.engine import legal, new_hand, refusal, ruleset, run, snapshot

from ramsli_tui.cards import Card, mask_of
from ramsli_tui.games.ramsli.engine import Action, Hand, IllegalAction, Phase
from ramsli_tui.games.ramsli.engine.events import PlayStarted, TrickWon

# Three players, dealer 0 (declaring and playing order 1, 2, 0), turn-up 7H: hearts are trumps.


def three(hands, rules="classic", **kw):
    hand = new_hand(ruleset(rules) if isinstance(rules, str) else rules, hands, **kw)
    run(hand, "1:in 2:in 0:in")
    return hand


# --- R12 ---------------------------------------------------------------------------

def test_r12_the_active_player_nearest_the_dealers_left_leads():
    hand = new_hand(ruleset("classic"),
                    ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD", "QD JD TD 9D 8D"], dealer=2)
    events = run(hand, "3:out 0:in 1:in 2:in")
    assert events[-1] == PlayStarted(0, (0, 1, 2), 4)
    assert hand.current_seat == 0 and hand.tricks[0].leader == 0


def test_r12_the_lead_passes_over_an_out_seat_and_only_active_players_play():
    hand = new_hand(ruleset("classic"),
                    ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD", "QD JD TD 9D 8D"], dealer=2)
    run(hand, "3:out 0:out 1:in 2:in")
    assert hand.current_seat == 1
    run(hand, "1:AS")
    assert hand.current_seat == 2
    events = run(hand, "2:9S")
    # a trick is complete once each active player has played
    assert events[-1] == TrickWon(1, 1, ((1, Card.from_code("AS")), (2, Card.from_code("9S"))))
    assert hand.current_seat == 1


def test_r12_five_tricks_then_settlement():
    hand = three(["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"])
    run(hand, "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC")
    assert not hand.is_over and len(hand.tricks) == 5
    run(hand, "1:TS 2:KD 0:TC")
    assert hand.is_over and sum(hand.tricks_won) == 5


# --- R13 -------------------------------------------------------------------------------

def test_r13_a_player_holding_the_led_suit_must_follow():
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "KS 7S AH 8D 9D"])
    run(hand, "1:AS")
    assert legal(hand) == {"KS", "7S"}
    assert refusal(hand, "2:AH") == "seat 2 must follow suit: it holds KS, 7S"
    assert refusal(hand, "2:8D") == "seat 2 must follow suit: it holds KS, 7S"
    run(hand, "2:7S")
    assert hand.current_seat == 0


def test_r13_the_message_speaks_to_the_player_too():
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "KS 7S AH 8D 9D"])
    run(hand, "1:AS")
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action.parse("AH"), 2)
    assert caught.value.seat == 2
    assert caught.value.for_you("french") == "you must follow suit: you hold K♠, 7♠"
    assert caught.value.for_you("german") == "you must follow suit: you hold Laub-König, Laub-7"


# --- R14 -------------------------------------------------------------------------------

def test_r14_a_player_void_in_the_led_suit_must_trump():
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "9H 8H AD KD TD"])
    run(hand, "1:AS")
    assert legal(hand) == {"9H", "8H"}
    assert refusal(hand, "2:AD") == "seat 2 must trump: it holds 9H, 8H"
    run(hand, "2:8H")


# --- R15 ------------------------------------------------------------------------------

def test_r15_over_trump_when_a_trump_is_already_in_the_trick():
    hand = three(["KH 8H AC KC QC", "AS QD 9C 8C JD", "9H AD KD TD 9D"])
    run(hand, "1:AS 2:9H")
    assert legal(hand) == {"KH"}
    assert refusal(hand, "0:8H") == "seat 0 must over-trump 9H: it holds KH"
    assert refusal(hand, "0:AC") == "seat 0 must over-trump 9H: it holds KH"
    run(hand, "0:KH")
    assert hand.tricks[0].winner == 0


def test_r15_under_trumping_a_player_who_cannot_beat_the_best_trump_still_trumps():
    hand = three(["8H AC KC QC JC", "AS QD 9C 8C JD", "9H AD KD TD 9D"])
    run(hand, "1:AS 2:9H")
    assert legal(hand) == {"8H"}
    assert refusal(hand, "0:AC") == "seat 0 must trump: it holds 8H"
    run(hand, "0:8H")
    assert hand.tricks[0].winner == 2


def test_r15_the_over_trump_must_beat_every_trump_already_in_the_trick():
    hand = new_hand(ruleset("classic"),
                    ["AH QH AC KC QC", "AS QD 9C 8C JD", "9H AD KD TD 9D", "KH TH 8D 7D JC"])
    run(hand, "1:in 2:in 3:in 0:in 1:AS 2:9H")
    assert legal(hand) == {"KH", "TH"}             # both beat 9H
    run(hand, "3:KH")
    assert legal(hand) == {"AH"}                   # QH beats 9H but not KH
    assert refusal(hand, "0:QH") == "seat 0 must over-trump KH: it holds AH"
    run(hand, "0:AH")
    assert hand.tricks[0].winner == 0


def test_r15_over_trumping_on_a_trump_lead():
    hand = three(["QH TH AC KC QC", "9H QD 9C 8C JD", "JH 8H AD KD TD"])
    run(hand, "1:9H")
    assert legal(hand) == {"JH"}
    assert refusal(hand, "2:8H") == "seat 2 must over-trump 9H: it holds JH"
    run(hand, "2:JH")
    assert legal(hand) == {"QH"}                   # TH beats the lead but not JH
    assert refusal(hand, "0:TH") == "seat 0 must over-trump JH: it holds QH"
    run(hand, "0:QH")
    assert hand.tricks[0].winner == 0


def test_r15_on_a_trump_lead_a_player_without_a_higher_trump_plays_a_lower_one():
    hand = three(["AC KC QC JC TC", "9H QD 9C 8C JD", "8H AS KS QS JS"])
    run(hand, "1:9H")
    assert legal(hand) == {"8H"}
    assert refusal(hand, "2:AS") == "seat 2 must follow trumps: it holds 8H"
    run(hand, "2:8H")
    assert legal(hand) == {"AC", "KC", "QC", "JC", "TC"}   # no trumps at all: any card (R16)


def test_r15_the_turn_up_never_counts_as_in_the_trick():
    # the turn-up is AH; seat 0 holds only low trumps and must still be able to play them
    hand = three(["8H AC KC QC JC", "AS QD 9C 8C JD", "KD AD 9D TD 7D"], turn_up="AH")
    run(hand, "1:AS")
    assert legal(hand) == {"KD", "AD", "9D", "TD", "7D"}   # seat 2: no spade, no trump
    run(hand, "2:AD 0:8H")
    assert hand.tricks[0].winner == 0


def test_r15_no_duty_to_beat_a_plain_suit_by_default():
    hand = three(["AC KC QC JC TC", "9S QD 9C 8C JD", "KS 7S AD KD TD"])
    run(hand, "1:9S")
    assert legal(hand) == {"KS", "7S"}
    run(hand, "2:7S")


def test_r15_must_head_plays_higher_in_the_led_suit_when_able():
    rules = ruleset("classic", must_head=True)
    hand = three(["AC KC QC JC TC", "9S QD 9C 8C JD", "KS 7S AD KD TD"], rules)
    run(hand, "1:9S")
    assert legal(hand) == {"KS"}
    assert refusal(hand, "2:7S") == "seat 2 must play higher than 9S: it holds KS"
    hand = three(["AC KC QC JC TC", "9S QD 9C 8C JD", "8S 7S AD KD TD"], rules)
    run(hand, "1:9S")
    assert legal(hand) == {"8S", "7S"}             # cannot head: any card of the suit


def test_r15_must_head_beats_the_best_card_of_the_suit_not_only_the_lead():
    rules = ruleset("classic", must_head=True)
    hand = new_hand(rules, ["AC KC QC JC TC", "9S QD 9C 8C JD", "JS AD KD TD 9D", "QS TS 8D 7D 7C"])
    run(hand, "1:in 2:in 3:in 0:in 1:9S 2:JS")
    assert legal(hand) == {"QS"}
    assert refusal(hand, "3:TS") == "seat 3 must play higher than JS: it holds QS"


def test_r15_must_head_holds_even_when_the_trick_has_been_trumped():
    hands = ["TS 7S AC KC QC", "9S QD 9C 8C JD", "8H AD KD TD 9D"]
    hand = three(hands, ruleset("classic", must_head=True))
    run(hand, "1:9S 2:8H")
    assert legal(hand) == {"TS"}
    assert refusal(hand, "0:7S") == "seat 0 must play higher than 9S: it holds TS"
    hand = three(hands, ruleset("classic", must_head=False))
    run(hand, "1:9S 2:8H")
    assert legal(hand) == {"TS", "7S"}



def test_r15_a_void_player_need_not_beat_the_turn_up_when_trumping():
    # hearts are trumps by the 9H turned up; no trump is in the trick yet, so a trump
    # lower than the turn-up is as legal as a higher one, and it wins the trick
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "8H KH AD KD TD"], turn_up="9H")
    run(hand, "1:AS")
    assert legal(hand) == {"8H", "KH"}
    run(hand, "2:8H 0:TC")
    assert hand.tricks[0].winner == 2


def test_r15_on_a_trump_lead_only_the_trumps_played_count_not_the_turn_up():
    # 7H led under a turned-up JH: 8H beats every trump in the trick, so it is legal
    hand = three(["AC KC QC JC TC", "7H QD 9C 8C JD", "8H QH AD KD TD"], turn_up="JH")
    run(hand, "1:7H")
    assert legal(hand) == {"8H", "QH"}


def test_r15_must_head_beats_a_card_of_the_suit_played_after_the_trick_was_trumped():
    # 8S led, seat 2 trumps, seat 3 heads with KS: seat 0 must now beat KS, not only 8S
    rules = ruleset("classic", must_head=True)
    hand = new_hand(rules, ["QS AS AC KC QC", "8S QD 9C 8C JD", "9H AD KD TD 9D", "KS 8D 7D JC 7C"])
    run(hand, "1:in 2:in 3:in 0:in 1:8S 2:9H 3:KS")
    assert legal(hand) == {"AS"}
    assert refusal(hand, "0:QS") == "seat 0 must play higher than KS: it holds AS"
    run(hand, "0:AS")
    assert hand.tricks[0].winner == 2


def test_r15_must_head_still_over_trumps_the_best_trump_on_a_trump_lead():
    # with must_head on, a trump lead still asks to beat every trump in the trick
    # (QH), not merely the led trump (8H)
    rules = ruleset("classic", must_head=True)
    hand = three(["9H KH AC KC QC", "8H QD 9C 8C JD", "QH AD KD TD 9D"], rules)
    run(hand, "1:8H 2:QH")
    assert legal(hand) == {"KH"}
    assert refusal(hand, "0:9H") == "seat 0 must over-trump QH: it holds KH"
    run(hand, "0:KH")
    assert hand.tricks[0].winner == 0

# --- R16 / R17 ---------------------------------------------------------------------------

def test_r16_without_the_suit_or_a_trump_any_card_and_it_cannot_win():
    hand = three(["8S AC KC QC JC", "7S QD 9C 8C JD", "AD KD TD 9D 8D"])
    run(hand, "1:7S")
    assert legal(hand) == {"AD", "KD", "TD", "9D", "8D"}
    run(hand, "2:AD 0:8S")
    assert hand.tricks[0].winner == 0
    assert hand.current_seat == 0


def test_r17_the_highest_trump_wins_and_its_player_leads_next():
    hand = three(["KS AC KC QC JC", "AS QD 9C 8C JD", "8H AD KD TD 9D"])
    events = run(hand, "1:AS 2:8H 0:KS")
    assert hand.tricks[0].winner == 2
    assert events[-1].seat == 2
    assert hand.current_seat == 2 and hand.tricks[1].leader == 2 and hand.tricks[1].plays == []


def test_r17_with_no_trump_the_highest_card_of_the_led_suit_wins():
    hand = three(["AD AC KC QC JC", "9S QD 9C 8C JD", "KS 7S KD TD 9D"])
    run(hand, "1:9S 2:KS 0:AD")
    assert hand.tricks[0].winner == 2
    assert hand.tricks_won == [0, 0, 1]


# --- R18 --------------------------------------------------------------------------------

def test_r18_an_illegal_play_is_refused_without_penalty():
    hands = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]
    script = "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC"
    clean = three(hands)
    run(clean, script)
    messy = three(hands)
    for step in script.split():
        seat = int(step[0])
        before = snapshot(messy)
        for bad in ("AH", "AD", "X1", "in", "pass"):
            if f"{seat}:{bad}" != step and bad not in legal(messy):
                with pytest.raises(IllegalAction):
                    run(messy, f"{seat}:{bad}")
                assert snapshot(messy) == before
        run(messy, step)
    assert messy.settlement == clean.settlement


def test_r18_a_card_not_held_and_a_non_card_in_play_are_refused():
    hand = three(["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"])
    assert refusal(hand, "1:AH") == "seat 1 does not hold AH"
    assert refusal(hand, "1:in") == "seat 1 must play a card now"
    assert refusal(hand, "1:nap:3") == "seat 1 must play a card now"
    assert refusal(hand, "2:9S") == "seat 2 cannot act now: it is seat 1's turn"


def test_r18_nothing_is_accepted_after_the_hand_is_over():
    hand = three(["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"])
    run(hand, "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.phase is Phase.SETTLED and list(hand.legal_actions()) == []
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.apply(Action.parse("in"))


# --- R3 in play: jokers ---------------------------------------------------------------------

def test_r3_a_led_joker_means_trumps_were_led():
    hand = three(["X1 AH AC KC QC", "X2 QD 9C 8C JD", "8H AS KS QS JS"], "jokers")
    run(hand, "1:X2")
    assert legal(hand) == {"8H"}
    assert refusal(hand, "2:AS") == "seat 2 must follow trumps: it holds 8H"
    run(hand, "2:8H")
    assert legal(hand) == {"X1"}                   # AH is below the Little joker
    assert refusal(hand, "0:AH") == "seat 0 must over-trump X2: it holds X1"
    run(hand, "0:X1")
    assert hand.tricks[0].winner == 0


def test_r3_big_beats_little_beats_the_trump_ace():
    hand = three(["X1 KH AC KC QC", "AH QD 9C 8C JD", "X2 8H AS KS QS"], "jokers")
    run(hand, "1:AH")
    assert legal(hand) == {"X2"}
    run(hand, "2:X2")
    assert legal(hand) == {"X1"}
    run(hand, "0:X1")
    assert hand.tricks[0].winner == 0
    hand = three(["9H KH AC KC QC", "AH QD 9C 8C JD", "X2 8H AS KS QS"], "jokers")
    run(hand, "1:AH 2:X2 0:9H")
    assert hand.tricks[0].winner == 2


def test_r3_a_joker_is_a_trump_for_must_trump():
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "X2 AD KD TD 9D"], "jokers")
    run(hand, "1:AS")
    assert legal(hand) == {"X2"}
    assert refusal(hand, "2:AD") == "seat 2 must trump: it holds X2"
    run(hand, "2:X2 0:AC")
    assert hand.tricks[0].winner == 2


def test_r3_a_joker_does_not_excuse_following_a_plain_suit():
    hand = three(["AC KC QC JC TC", "AS QD 9C 8C JD", "X1 7S AD KD TD"], "jokers")
    run(hand, "1:AS")
    assert legal(hand) == {"7S"}
    assert refusal(hand, "2:X1") == "seat 2 must follow suit: it holds 7S"


def test_r3_a_joker_must_follow_a_trump_lead():
    hand = three(["AC KC QC JC TC", "9H QD 9C 8C JD", "X1 AS KS QS JS"], "jokers")
    run(hand, "1:9H")
    assert legal(hand) == {"X1"}


def test_the_legal_cards_remembered_once_asked_are_asked_afresh_after_a_play_and_on_a_clone():
    """``legal_mask`` keeps the seat to play's cards until the next action; a clone (a
    search's world, whose holdings are then changed) and the next seat work theirs out."""
    rules = ruleset("obligatory")
    deck = rules.cards()
    random.Random(5).shuffle(deck)
    hand = Hand(rules, [20] * 3, 0, 0, deck)
    assert hand.phase is Phase.PLAY
    leader = hand.current_seat
    assert hand.legal_mask(leader) == hand.holdings[leader]
    world = hand.clone()
    world.holdings[leader] = mask_of(world.hand_of(leader)[:2])
    assert world.legal_mask(leader) == world.holdings[leader] != hand.legal_mask(leader)
    hand.apply(hand.legal_actions()[0])
    follower = hand.current_seat
    assert hand.legal_mask(follower) == hand.play_rule(follower).legal
    assert hand.legal_mask(follower) & ~hand.holdings[follower] == 0
