"""Settling a played hand: R19 (most tricks takes the pot), R20 (ties share it, the
remainder carried), R21 (betes: fixed, pot, multiplier; paid into the NEXT pot after
settlement), R25 (nobody goes into debt; chips conserved)."""

import random

from tests.kits.engine import StackedRandom, new_hand, ruleset, run, stacked_deck

from ramsli_tui.games.ramsli.engine import Action, RamsliSession
from ramsli_tui.games.ramsli.engine.events import HandSettled, HandStarted, Payment
from ramsli_tui.games.ramsli.records import result_of

# Seat 1 takes all five tricks; seats 2 and 0 take none.
SWEEP = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]
SWEEP_PLAY = "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC"
# Seats 1 and 2 take two tricks each, seat 0 one.
TIE = ["AC KC 9D TS 9C", "AS KS 7D 8D 7C", "AD KD 8S 9S 8C"]
TIE_PLAY = "1:AS 2:8S 0:TS 1:KS 2:9S 0:9C 1:7D 2:AD 0:9D 2:KD 0:KC 1:8D 2:8C 0:AC 1:7C"
# Five players, one trick each.
FIVE = ["QS KS 9C KC KD", "AS 7D 8C 9D TD", "7S AD 7C TC JC", "9S 8D AC 8H QD", "TS JD QC AH 8S"]
FIVE_PLAY = ("1:AS 2:7S 3:9S 4:TS 0:QS 1:7D 2:AD 3:8D 4:JD 0:KD 2:7C 3:AC 4:QC 0:9C 1:8C "
             "3:8H 4:AH 0:KC 1:9D 2:TC 4:8S 0:KS 1:TD 2:JC 3:QD")


def played(rules, hands, script, stacks=None, pot=0, dealer=0):
    hand = new_hand(ruleset(rules) if isinstance(rules, str) else rules, hands, stacks=stacks, pot=pot, dealer=dealer)
    order = [(dealer + step) % len(hands) for step in range(1, len(hands) + 1)]
    total = sum(hand.start_stacks) + hand.start_pot
    run(hand, " ".join(f"{seat}:in" for seat in order) + " " + script)
    assert hand.is_over
    assert sum(hand.stacks) + hand.pot == total          # R25 in every settled hand
    assert min(hand.stacks) >= 0
    return hand


# --- R19 ------------------------------------------------------------------------------

def test_r19_most_tricks_takes_the_whole_pot():
    hand = played("classic", SWEEP, SWEEP_PLAY, pot=6)
    assert hand.tricks_won == [0, 5, 0]
    assert hand.settlement.winners == (1,)
    assert hand.stacks[1] == 19 + 9                     # P = 6 carried + 3 antes
    assert Payment(None, 1, 9, "pot") in hand.settlement.payments


def test_r19_a_unique_leader_with_fewer_than_five_tricks_takes_it():
    hand = played("classic", ["AC KC QC JC TC", "AS KS QS JS 7D", "9S 8S 7S AD KD"],
                  "1:AS 2:9S 0:TC 1:KS 2:8S 0:JC 1:QS 2:7S 0:QC 1:JS 2:KD 0:KC 1:7D 2:AD 0:AC")
    assert hand.tricks_won == [0, 4, 1]
    assert hand.settlement.winners == (1,)
    assert hand.stacks == [14, 22, 19] and hand.pot == 5


# --- R20 ------------------------------------------------------------------------------

def test_r20_tied_players_share_and_the_remainder_stays_in_the_pot():
    hand = played("classic", TIE, TIE_PLAY, pot=2)
    assert hand.tricks_won == [1, 2, 2]
    assert hand.settlement.winners == (1, 2)
    assert hand.settlement.betes == ()
    assert hand.stacks == [19, 21, 21]                  # P = 5: 2 each
    assert hand.pot == 1                                # 5 mod 2 carried


def test_r20_an_even_pot_is_shared_without_remainder():
    hand = played("classic", TIE, TIE_PLAY, pot=1)
    assert hand.stacks == [19, 21, 21] and hand.pot == 0


def test_r20_a_share_that_rounds_to_zero_still_names_the_winners():
    rules = ruleset("classic", ante=0)
    hand = played(rules, TIE, TIE_PLAY, pot=1)
    assert hand.settlement.winners == (1, 2)
    assert hand.stacks == [20, 20, 20] and hand.pot == 1
    assert result_of(hand)["winners"] == [1, 2]


def test_r20_five_way_tie():
    hand = played("classic", FIVE, FIVE_PLAY, pot=3)
    assert hand.tricks_won == [1, 1, 1, 1, 1]
    assert hand.settlement.winners == (0, 1, 2, 3, 4)
    assert hand.stacks == [20] * 5                      # P = 8: 1 each
    assert hand.pot == 3                                # 8 mod 5


# --- R21 ------------------------------------------------------------------------------

def test_r21_fixed_bete_paid_into_the_next_pot_after_settlement():
    hand = played("classic", SWEEP, SWEEP_PLAY)
    settled = hand.settlement
    assert settled.betes == (0, 2)
    assert hand.stacks == [14, 22, 14]                  # the winner gets P = 3 only
    assert hand.pot == 10
    payments = list(settled.payments)
    pot_paid = payments.index(Payment(None, 1, 3, "pot"))
    assert payments.index(Payment(2, None, 5, "bete")) > pot_paid
    assert payments.index(Payment(0, None, 5, "bete")) > pot_paid


def test_r21_bete_pot_is_the_pot_at_the_start_of_play():
    hand = played("bete-pot", SWEEP, SWEEP_PLAY, pot=4)
    assert hand.stacks == [19 - 7, 19 + 7, 19 - 7]      # P = 7
    assert hand.pot == 14


def test_r21_double_penalty_multiplies_the_fixed_bete():
    hand = played("double-penalty", SWEEP, SWEEP_PLAY)
    assert hand.stacks == [9, 22, 9]
    assert hand.pot == 20


def test_r21_multiplier_applies_to_a_pot_bete():
    rules = ruleset("classic", bete="pot", bete_multiplier=2)
    hand = played(rules, SWEEP, SWEEP_PLAY, pot=4)
    assert hand.stacks == [19 - 14, 26, 19 - 14]        # 2P = 14
    assert hand.pot == 28


def test_r21_rounce_bete_is_ten():
    rules = ruleset("rounce")
    hand = played(rules, SWEEP, SWEEP_PLAY)
    assert hand.stacks == [9, 22, 9] and hand.pot == 20


def test_r21_no_bete_for_a_player_with_a_trick():
    hand = played("classic", TIE, TIE_PLAY)
    assert hand.settlement.betes == ()


def test_r21_betes_go_into_the_next_hands_pot_in_a_session():
    rules = ruleset("classic")
    deck = stacked_deck(rules, 0, SWEEP, "7H")
    session = RamsliSession(rules, 3, StackedRandom(1, [deck]), dealer=0)
    events = []
    for step in ("1:in 2:in 0:in " + SWEEP_PLAY).split():
        seat, _, word = step.partition(":")
        events += session.apply(Action.parse(word), int(seat))
    settled = [event for event in events if isinstance(event, HandSettled)]
    started = [event for event in events if isinstance(event, HandStarted)]
    assert settled[0].pot == 10 and settled[0].stacks == (14, 22, 14)
    assert started == [HandStarted(2, 1, (1, 1, 1), 13)]


# --- R25 ------------------------------------------------------------------------------

def test_r25_a_bete_bigger_than_the_stack_takes_only_the_stack():
    hand = played("double-penalty", SWEEP, SWEEP_PLAY, stacks=[4, 20, 1])
    assert hand.antes == [1, 1, 1]
    assert hand.stacks == [0, 22, 0]
    assert hand.pot == 3                                # seat 0 pays its last 3 chips, seat 2 (empty after its ante) nothing
    assert hand.settlement.betes == (0, 2)              # still betes, though they paid less
    betes = [(p.payer, p.chips, p.short) for p in hand.settlement.payments if p.reason == "bete"]
    assert betes == [(0, 3, 7), (2, 0, 10)]             # the bete of 10, and what each could not pay


def test_r25_chips_are_conserved_over_a_session_of_random_play():
    rules = ruleset("classic")
    rng = random.Random(7)
    session = RamsliSession(rules, 4, random.Random(3), dealer=0)
    total = sum(session.hand.start_stacks) + session.hand.start_pot
    for _ in range(400):
        if session.is_over:
            break
        session.apply(rng.choice(list(session.legal_actions())))
        hand = session.hand
        assert sum(hand.stacks) + hand.pot == total
        assert min(hand.stacks) >= 0
    assert len(session.finished) >= 5
