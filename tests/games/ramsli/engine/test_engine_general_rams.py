"""General Rams, R22: the announcement round (declaring order, first announcer ends
it, announcer leads), success (2P from the others, odd chips clockwise from the
announcer's left, short stacks re-shared, a smaller pot only when all together cannot
pay), failure (pot settled among the others; triple_bete and triple_pot; no other
betes)."""

from tests.kits.engine import legal, new_hand, refusal, ruleset, run

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.ramsli.records import result_of
from ramsli_tui.games.ramsli.engine.events import Announced, Passed, Payment, PlayStarted

GR = ruleset("general-rams")

THREE = ["AC KC QC JC TC", "9S 8S 7S AD KD", "AS KS QS JS TS"]           # seat 2 can sweep
THREE_SWEEP_BY_2 = "2:AS 0:AC 1:9S 2:KS 0:KC 1:8S 2:QS 0:QC 1:7S 2:JS 0:JC 1:AD 2:TS 0:TC 1:KD"
FOUR = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD", "QD JD TD 9D 8D"]   # seat 1 can sweep
FOUR_SWEEP_BY_1 = ("1:AS 2:9S 3:QD 0:AC 1:KS 2:8S 3:JD 0:KC 1:QS 2:7S 3:TD 0:QC "
                   "1:JS 2:AD 3:9D 0:JC 1:TS 2:KD 3:8D 0:TC")
FAIL_4_1 = ["AC KC QC JC TC", "AS KS QS JS 7D", "9S 8S 7S AD KD"]        # seat 1 four tricks, seat 2 one
FAIL_4_1_PLAY = "1:AS 2:9S 0:TC 1:KS 2:8S 0:JC 1:QS 2:7S 0:QC 1:JS 2:KD 0:KC 1:7D 2:AD 0:AC"
FAIL_3_1_1 = ["AC KC QC JC TC", "AS KS QS 7D 7C", "9S 8S AD 8C 9D"]      # seat 1 three, 2 and 0 one each
FAIL_3_1_1_PLAY = "1:AS 2:9S 0:TC 1:KS 2:8S 0:JC 1:QS 2:9D 0:QC 1:7D 2:AD 0:KC 2:8C 0:AC 1:7C"


def check_conserved(hand):
    assert sum(hand.stacks) + hand.pot == sum(hand.start_stacks) + hand.start_pot
    assert min(hand.stacks) >= 0


# --- the announcement round ------------------------------------------------------------

def test_r22_announcements_go_in_declaring_order_among_active_players():
    hand = new_hand(GR, FOUR, dealer=0)
    run(hand, "1:out 2:in 3:in 0:in")
    assert hand.phase is Phase.ANNOUNCE
    seen = []
    for _ in range(3):
        seen.append(hand.current_seat)
        assert legal(hand) == {"general_rams", "pass"}
        events = run(hand, f"{hand.current_seat}:pass")
        assert events[0] == Passed(seen[-1])
    assert seen == [2, 3, 0]
    assert hand.phase is Phase.PLAY and hand.announcement is None
    assert hand.current_seat == 2                      # R12: nobody announced


def test_r22_the_first_announcement_ends_the_round_and_the_announcer_leads():
    hand = new_hand(GR, THREE, dealer=0)
    run(hand, "1:in 2:in 0:in 1:pass")
    events = run(hand, "2:general_rams")
    assert events[0] == Announced(2, "general_rams")
    assert isinstance(events[1], PlayStarted) and events[1].leader == 2
    assert hand.phase is Phase.PLAY and hand.current_seat == 2
    assert hand.announcement == (2, "general_rams", None)


def test_r22_refusals_in_the_announcement_round():
    hand = new_hand(GR, THREE, dealer=0)
    run(hand, "1:in 2:in 0:in")
    assert refusal(hand, "1:in") == "seat 1 must announce or pass before the first lead"
    assert refusal(hand, "1:AD") == "seat 1 must announce or pass before the first lead"
    assert refusal(hand, "1:nap:3") == "seat 1 cannot announce a Nap target under these rules"
    assert refusal(hand, "2:pass") == "seat 2 cannot act now: it is seat 1's turn"


def test_r22_no_announcement_round_without_general_rams():
    hand = new_hand(ruleset("classic"), THREE, dealer=0)
    run(hand, "1:in 2:in 0:in")
    assert hand.phase is Phase.PLAY
    assert refusal(hand, "1:general_rams") == "seat 1 must play a card now"


def test_r22_all_passing_leaves_an_ordinary_hand():
    hand = new_hand(GR, ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"], dealer=0)
    run(hand, "1:in 2:in 0:in 1:pass 2:pass 0:pass")
    assert hand.current_seat == 1
    run(hand, "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.settlement.outcome == "played"
    assert hand.settlement.betes == (0, 2)
    assert hand.stacks == [14, 22, 14] and hand.pot == 10


# --- success ----------------------------------------------------------------------------

def test_r22_success_the_others_pay_twice_the_pot_and_no_bete():
    hand = new_hand(GR, THREE, dealer=0)
    run(hand, "1:in 2:in 0:in 1:pass 2:general_rams " + THREE_SWEEP_BY_2)
    settled = hand.settlement
    assert hand.tricks_won == [0, 0, 5]
    assert settled.outcome == "general_rams_made"
    assert settled.winners == (2,) and settled.betes == ()
    assert hand.stacks == [16, 16, 19 + 3 + 6]          # P = 3, 2P = 6 shared 3 + 3
    assert hand.pot == 0
    check_conserved(hand)


def test_r22_success_odd_chips_fall_clockwise_from_the_announcers_left():
    hand = new_hand(GR, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:in 0:in 1:general_rams " + FOUR_SWEEP_BY_1)
    # P = 4, 2P = 8 = 3 x 2 + 2: seats 2 and 3 (first from seat 1's left) pay 3, seat 0 pays 2
    assert hand.stacks == [17, 19 + 4 + 8, 16, 16]
    assert hand.pot == 0
    paid = {p.payer: p.chips for p in hand.settlement.payments if p.payer is not None}
    assert paid == {2: 3, 3: 3, 0: 2}
    check_conserved(hand)


def test_r22_success_a_short_stack_pays_all_it_has_and_the_rest_is_shared_again():
    hand = new_hand(GR, FOUR, dealer=0, stacks=[20, 20, 2, 20])
    run(hand, "1:in 2:in 3:in 0:in 1:general_rams " + FOUR_SWEEP_BY_1)
    # shares 3/3/2; seat 2 has 1 after its ante: the 2 it cannot pay fall 1 and 1 on seats 3 and 0
    assert hand.stacks == [16, 31, 0, 15]
    assert hand.pot == 0
    rams = {p.payer: (p.chips, p.short) for p in hand.settlement.payments if p.reason == "general_rams"}
    assert rams == {2: (1, 2), 3: (4, 0), 0: (3, 0)}    # seat 3 and seat 0 were asked their share and a part of seat 2's
    check_conserved(hand)


def test_r22_success_a_short_stack_drops_out_and_the_whole_debt_is_shared_again_from_scratch():
    hand = new_hand(GR, FOUR, dealer=0, stacks=[20, 20, 1, 20])
    run(hand, "1:in 2:in 3:in 0:in 1:general_rams " + FOUR_SWEEP_BY_1)
    # seat 2 has nothing after its ante: the 8 still owed are shared 4 and 4 by seats 3 and 0
    assert hand.stacks == [15, 31, 0, 15]
    check_conserved(hand)


SIX_SWEEP_BY_1 = ["9C 8C 7C 7D 9H", "AH KH QH JH TH", "AS KS QS JS TS",
                  "9S 8S 7S AD KD", "QD JD TD 9D 8D", "AC KC QC JC TC"]


def test_r22_the_worked_example_of_the_rules_a_short_first_payer_then_5_4_4_4():
    # 2P = 18 owed by five others; the first of them (seat 2) holds 1 chip after its ante:
    # it pays 1 and drops out, and the 17 still owed are shared 5, 4, 4, 4 among the other four.
    hand = new_hand(GR, SIX_SWEEP_BY_1, turn_up="8H", dealer=0, stacks=[20, 20, 2, 20, 20, 20], pot=3)
    run(hand, "1:in 2:in 3:in 4:in 5:in 0:in 1:general_rams")
    while not hand.is_over:
        hand.apply(hand.legal_actions()[-1 if hand.current_seat == 1 else 0])
    assert hand.tricks_won[1] == 5
    paid = {p.payer: p.chips for p in hand.settlement.payments if p.reason == "general_rams"}
    assert paid == {2: 1, 3: 5, 4: 4, 5: 4, 0: 4}
    assert hand.stacks == [15, 19 + 9 + 18, 0, 14, 15, 15]
    assert hand.pot == 0
    check_conserved(hand)


def test_r22_success_the_pot_is_smaller_only_when_all_together_cannot_pay():
    hand = new_hand(GR, THREE, dealer=0, stacks=[2, 2, 20])
    run(hand, "1:in 2:in 0:in 1:pass 2:general_rams " + THREE_SWEEP_BY_2)
    assert hand.stacks == [0, 0, 19 + 3 + 2]
    assert hand.pot == 0
    assert hand.settlement.winners == (2,)
    check_conserved(hand)


def test_r22_success_out_players_pay_nothing():
    hand = new_hand(GR, FOUR, dealer=0)
    run(hand, "1:in 2:in 3:out 0:in 1:general_rams "
              "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.stacks == [15, 19 + 4 + 8, 15, 19]
    check_conserved(hand)


# --- failure --------------------------------------------------------------------------------

def test_r22_failure_triple_bete_and_the_pot_goes_to_the_others():
    hand = new_hand(GR, FAIL_4_1, dealer=0)
    run(hand, "1:in 2:in 0:in 1:general_rams " + FAIL_4_1_PLAY)
    settled = hand.settlement
    assert hand.tricks_won == [0, 4, 1]
    assert settled.outcome == "general_rams_failed"
    assert settled.winners == (2,)                      # as if the announcer had no tricks
    assert settled.betes == (1,)                        # seat 0 took nothing but pays no bete
    assert hand.stacks == [19, 19 - 15, 22]
    assert hand.pot == 15
    assert Payment(1, None, 15, "general_rams") in settled.payments
    assert result_of(hand)["bete"] == [1] and result_of(hand)["winners"] == [2]
    check_conserved(hand)


def test_r22_failure_triple_bete_uses_the_bete_in_force():
    hand = new_hand(ruleset("general-rams", bete_multiplier=2), FAIL_4_1, dealer=0)
    run(hand, "1:in 2:in 0:in 1:general_rams " + FAIL_4_1_PLAY)
    assert hand.stacks == [19, 0, 22]                   # owes 30, pays its 19
    assert hand.pot == 19
    hand = new_hand(ruleset("general-rams", bete="pot", bete_multiplier=2), FAIL_4_1, dealer=0, stacks=[20, 40, 20])
    run(hand, "1:in 2:in 0:in 1:general_rams " + FAIL_4_1_PLAY)
    assert hand.stacks == [19, 39 - 18, 22]             # 3 x 2P with P = 3
    assert hand.pot == 18
    check_conserved(hand)


def test_r22_failure_triple_pot_has_no_multiplier():
    rules = ruleset("general-rams", general_rams_failure="triple_pot", bete_multiplier=2)
    hand = new_hand(rules, FAIL_4_1, dealer=0, pot=2)
    run(hand, "1:in 2:in 0:in 1:general_rams " + FAIL_4_1_PLAY)
    assert hand.stacks == [19, 19 - 15, 19 + 5]         # P = 5, 3P = 15
    assert hand.pot == 15
    assert hand.settlement.betes == (1,)
    check_conserved(hand)


def test_r22_failure_the_others_tie_for_the_pot():
    hand = new_hand(GR, FAIL_3_1_1, dealer=0)
    run(hand, "1:in 2:in 0:in 1:general_rams " + FAIL_3_1_1_PLAY)
    assert hand.tricks_won == [1, 3, 1]
    assert hand.settlement.winners == (0, 2)
    assert hand.stacks == [20, 4, 20]                   # P = 3: 1 each, 1 stays
    assert hand.pot == 1 + 15
    check_conserved(hand)
