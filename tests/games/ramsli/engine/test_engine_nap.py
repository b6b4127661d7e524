"""The Nap hybrid, R23: bidding in declaring order with rising targets, a 5 ending the
round at once, the bidder leading; settlement in the order pot, betes, nap payment;
made (each other player pays what they can) and missed (paid in full clockwise from
the bidder's left while the bidder's chips last)."""

import pytest

from tests.kits.engine import legal, new_hand, refusal, ruleset, run

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.records import result_of
from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.ramsli.engine.events import Announced, Passed, Payment, PlayStarted
from ramsli_tui.games.ramsli.house_rules import ChipsByTarget, RulesetError

NAP = ruleset("nap")
FOUR = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD", "QD JD TD 9D 8D"]
SWEEP = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]          # seat 1 takes all five
SWEEP_PLAY = "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC"
# Seat 2 bids 4 and takes one trick; seat 3 takes four; seats 0 and 1 none.
MISS = ["AC KC QC JC TC", "KS QS JS TS 9D", "AS 7D 8D 7C 8C", "AD KD QD JD 9S"]
MISS_PLAY = ("2:AS 3:9S 0:TC 1:TS 2:7D 3:AD 0:JC 1:9D 3:KD 0:QC 1:JS 2:8D "
             "3:QD 0:KC 1:QS 2:7C 3:JD 0:AC 1:KS 2:8C")
# Seat 1 bids 2 and takes nothing; seat 2 takes all five.
BLANK = ["QS JS QD JD KC", "7S 8S 7D 8D 7C", "AS KS AD KD AC"]
BLANK_PLAY = "1:7S 2:AS 0:QS 2:KS 0:JS 1:8S 2:AD 0:QD 1:7D 2:KD 0:JD 1:8D 2:AC 0:KC 1:7C"


def check_conserved(hand):
    assert sum(hand.stacks) + hand.pot == sum(hand.start_stacks) + hand.start_pot
    assert min(hand.stacks) >= 0


# --- bidding ------------------------------------------------------------------------

def test_r23_targets_rise_and_a_five_ends_the_round_at_once():
    hand = new_hand(NAP, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in")
    assert hand.phase is Phase.ANNOUNCE and hand.current_seat == 1
    assert legal(hand) == {"nap:2", "nap:3", "nap:4", "nap:5", "pass"}
    assert run(hand, "1:nap:3") == [Announced(1, "nap", 3)]
    assert hand.current_seat == 2
    assert legal(hand) == {"nap:4", "nap:5", "pass"}
    assert refusal(hand, "2:nap:3") == "seat 2 must name a target above 3 or pass"
    assert refusal(hand, "2:nap:2") == "seat 2 must name a target above 3 or pass"
    assert refusal(hand, "2:general_rams") == "seat 2 cannot announce General Rams under these rules"
    assert refusal(hand, "2:AD") == "seat 2 must announce or pass before the first lead"
    events = run(hand, "2:nap:5")
    assert events[0] == Announced(2, "nap", 5)
    assert isinstance(events[1], PlayStarted) and events[1].leader == 2
    assert hand.phase is Phase.PLAY and hand.current_seat == 2   # seats 3 and 0 are not asked
    assert hand.announcement == (2, "nap", 5)


def test_r23_an_opening_five_ends_the_round_before_anyone_else_speaks():
    hand = new_hand(NAP, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:nap:5")
    assert hand.phase is Phase.PLAY and hand.current_seat == 1
    assert refusal(hand, "2:pass") == "seat 2 cannot act now: it is seat 1's turn"


def test_r23_the_highest_target_stands_and_its_bidder_leads():
    hand = new_hand(NAP, FOUR, dealer=0)
    events = run(hand, "1:in 2:in 3:in 0:in 1:nap:2 2:pass 3:nap:4")
    assert Passed(2) in events
    assert legal(hand) == {"nap:5", "pass"}
    run(hand, "0:pass")
    assert hand.announcement == (3, "nap", 4)
    assert hand.phase is Phase.PLAY and hand.current_seat == 3


def test_r23_every_seat_sees_the_standing_bid_while_targets_go_round():
    hand = new_hand(NAP, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in")
    assert hand.view(2).announcement is None
    run(hand, "1:nap:2 2:pass 3:nap:4")
    assert {hand.view(seat).announcement for seat in range(4)} == {(3, "nap", 4)}


def test_r23_while_the_round_is_open_the_record_shows_the_highest_target_so_far():
    hand = new_hand(NAP, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:pass")
    assert result_of(hand)["announcement"] is None
    run(hand, "2:nap:2 3:nap:3")
    assert result_of(hand)["announcement"] == {"seat": 3, "kind": "nap", "target": 3}
    assert hand.phase is Phase.ANNOUNCE


def test_r23_bidding_is_among_active_players_in_declaring_order():
    hand = new_hand(NAP, FOUR, dealer=1)
    run(hand, "2:in 3:out 0:in 1:in")
    seen = []
    while hand.phase is Phase.ANNOUNCE:
        seen.append(hand.current_seat)
        run(hand, f"{hand.current_seat}:pass")
    assert seen == [2, 0, 1]
    assert hand.announcement is None and hand.current_seat == 2


def test_r23_nap_and_general_rams_cannot_both_be_on():
    node = house_rules.parse_yaml_node("nap: true\ngeneral_rams: true\n", "both.yaml")
    with pytest.raises(RulesetError, match="nap and general_rams"):
        house_rules.from_node(node, "both.yaml", default_name="both", base_dir=None)


# --- made ------------------------------------------------------------------------------

def test_r23_made_collects_the_bonus_from_each_other_active_player():
    hand = new_hand(NAP, SWEEP, dealer=0)
    run(hand, "1:in 2:in 0:in 1:nap:5 " + SWEEP_PLAY)
    assert hand.settlement.outcome == "nap_made"
    # pot 3 to seat 1, betes of 5 from seats 2 and 0, then 10 each to seat 1
    assert hand.stacks == [4, 19 + 3 + 20, 4]
    assert hand.pot == 10
    check_conserved(hand)


def test_r23_made_pays_after_the_pot_and_the_betes_and_only_what_each_can():
    hand = new_hand(NAP, SWEEP, dealer=0, stacks=[12, 20, 12])
    run(hand, "1:in 2:in 0:in 1:nap:5 " + SWEEP_PLAY)
    # 11 after the ante, 6 after the bete: the bonus of 10 takes the last 6
    assert hand.stacks == [0, 19 + 3 + 12, 0]
    assert hand.pot == 10
    payments = list(hand.settlement.payments)
    kinds = [p.reason for p in payments]
    assert kinds == ["pot", "bete", "bete", "nap", "nap"]
    assert payments[3:] == [Payment(2, 1, 6, "nap", short=4), Payment(0, 1, 6, "nap", short=4)]
    check_conserved(hand)


def test_r23_at_least_the_target_makes_it_and_the_bonus_is_the_targets():
    hand = new_hand(NAP, SWEEP, dealer=0)
    run(hand, "1:in 2:in 0:in 1:nap:2 2:pass 0:pass " + SWEEP_PLAY)
    assert hand.stacks == [12, 19 + 3 + 4, 12]
    hand = new_hand(ruleset("nap", nap_bonus=ChipsByTarget({2: 7, 3: 3, 4: 4, 5: 10})), SWEEP, dealer=0)
    run(hand, "1:in 2:in 0:in 1:nap:2 2:pass 0:pass " + SWEEP_PLAY)
    assert hand.stacks == [7, 19 + 3 + 14, 7]
    check_conserved(hand)


# --- missed -------------------------------------------------------------------------------

def test_r23_missed_pays_each_other_player_clockwise_from_the_bidders_left():
    hand = new_hand(NAP, MISS, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:pass 2:nap:4 3:pass 0:pass " + MISS_PLAY)
    assert hand.tricks_won == [0, 0, 1, 4]
    assert hand.settlement.outcome == "nap_missed"
    assert hand.settlement.winners == (3,) and hand.settlement.betes == (0, 1)
    assert hand.stacks == [14 + 4, 14 + 4, 19 - 12, 23 + 4]
    assert hand.pot == 10
    check_conserved(hand)


def test_r23_missed_pays_in_full_one_after_another_while_the_chips_last():
    hand = new_hand(NAP, MISS, dealer=0, stacks=[20, 20, 9, 20])
    run(hand, "1:in 2:in 3:in 0:in 1:pass 2:nap:4 3:pass 0:pass " + MISS_PLAY)
    # the bidder has 8: 4 to seat 3, 4 to seat 0, nothing left for seat 1
    assert hand.stacks == [18, 14, 0, 27]
    nap = [p for p in hand.settlement.payments if p.reason == "nap"]
    assert [(p.payer, p.payee, p.chips) for p in nap if p.chips] == [(2, 3, 4), (2, 0, 4)]
    assert [(p.payee, p.short) for p in nap] == [(3, 0), (0, 0), (1, 4)]
    check_conserved(hand)



def test_r23_a_missed_nap_of_five_pays_the_penalty_for_five_not_the_bonus():
    # default tables: making 5 would collect 10 from each, missing it pays 5 to each
    hand = new_hand(NAP, MISS, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:pass 2:nap:5 " + MISS_PLAY)
    assert hand.tricks_won == [0, 0, 1, 4]
    assert hand.settlement.outcome == "nap_missed"
    nap = [p for p in hand.settlement.payments if p.reason == "nap"]
    assert [(p.payer, p.payee, p.chips) for p in nap] == [(2, 3, 5), (2, 0, 5), (2, 1, 5)]
    assert hand.stacks == [14 + 5, 14 + 5, 19 - 15, 23 + 5]
    check_conserved(hand)


def test_r23_a_missed_target_pays_from_the_penalty_table_of_the_ruleset():
    rules = ruleset("nap", nap_penalty=ChipsByTarget({2: 2, 3: 3, 4: 6, 5: 5}))
    hand = new_hand(rules, MISS, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:pass 2:nap:4 3:pass 0:pass " + MISS_PLAY)
    assert hand.settlement.outcome == "nap_missed"
    assert hand.stacks == [14 + 6, 14 + 6, 19 - 18, 23 + 6]
    check_conserved(hand)

def test_r23_a_bidder_with_no_trick_pays_the_bete_before_the_penalty():
    hand = new_hand(NAP, BLANK, dealer=0, stacks=[20, 9, 20])
    run(hand, "1:in 2:in 0:in 1:nap:2 2:pass 0:pass " + BLANK_PLAY)
    assert hand.tricks_won == [0, 0, 5]
    assert hand.settlement.betes == (0, 1)
    # 8 after the ante; bete 5 leaves 3: 2 to seat 2, the last 1 to seat 0
    assert hand.stacks == [19 - 5 + 1, 0, 19 + 3 + 2]
    assert hand.pot == 10
    check_conserved(hand)
