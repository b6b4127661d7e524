"""Declaring: R8 (order, public declarations), R9 (dealer forced or not), R10 (a lone
player takes the pot), R11 (obligatory: no declaration round), R24 (out players pay
nothing more and win nothing)."""

import random

import pytest

from tests.kits.engine import legal, new_hand, refusal, ruleset, run

from ramsli_tui.games.ramsli.engine import IN, OUT, Phase, RamsliSession
from ramsli_tui.games.protocol import visible_to
from ramsli_tui.games.ramsli.engine.events import Declared, HandStarted, PlayStarted
from ramsli_tui.games.ramsli.records import result_of

THREE = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]
FOUR = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD", "QD JD TD 9D 8D"]


# --- R8 ------------------------------------------------------------------------------

def test_r8_declaring_starts_left_of_the_dealer_and_the_dealer_is_last():
    hand = new_hand(ruleset("classic"), FOUR, dealer=1)
    seen = []
    for _ in range(4):
        assert hand.phase is Phase.DECLARE
        seen.append(hand.current_seat)
        assert legal(hand) == {"in", "out"}
        hand.apply(IN)
    assert seen == [2, 3, 0, 1]


def test_r8_each_player_declares_once_and_out_of_turn_is_refused():
    hand = new_hand(ruleset("classic"), FOUR, dealer=1)
    assert refusal(hand, "0:in") == "seat 0 cannot act now: it is seat 2's turn"
    run(hand, "2:out")
    assert refusal(hand, "2:in") == "seat 2 cannot act now: it is seat 3's turn"
    assert refusal(hand, "3:pass") == "seat 3 must declare in or out first"
    assert refusal(hand, "3:AC") == "seat 3 must declare in or out first"


def test_r8_everyone_sees_each_declaration_as_it_is_made():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0)
    events = run(hand, "1:in")
    assert events == [Declared(1, True, False)]
    for seat in range(4):
        assert all(visible_to(event, seat) for event in events)
        assert hand.view(seat).declarations == (None, True, None, None)
    events = run(hand, "2:out")
    assert events == [Declared(2, False, False)]
    for seat in range(4):
        assert hand.view(seat).declarations == (None, True, False, None)


# --- R9 ------------------------------------------------------------------------------

def test_r9_dealer_must_be_in_when_everyone_before_is_out():
    hand = new_hand(ruleset("classic"), THREE, dealer=0, pot=4)
    run(hand, "1:out 2:out")
    assert hand.current_seat == 0
    assert list(hand.legal_actions()) == [IN]
    assert refusal(hand, "0:out") == "seat 0 must be in: everyone before the dealer is out"
    events = run(hand, "0:in")
    assert events[0] == Declared(0, True, True)
    # R10 then applies: the forced dealer is the lone player and takes the whole pot
    assert hand.is_over
    assert hand.settlement.winners == (0,)
    assert hand.settlement.betes == ()
    assert hand.stacks == [19 + 7, 19, 19]
    assert hand.pot == 0


def test_r9_dealer_not_forced_when_someone_before_is_in():
    hand = new_hand(ruleset("classic"), THREE, dealer=0)
    run(hand, "1:out 2:in")
    assert list(hand.legal_actions()) == [IN, OUT]
    run(hand, "0:out")
    assert hand.is_over and hand.settlement.winners == (2,)
    assert hand.stacks == [19, 19, 22]


def test_r9_dealer_not_forced_when_the_ruleset_says_so_everyone_out_carries_the_pot():
    rules = ruleset("classic", dealer_forced=False)
    hand = new_hand(rules, THREE, dealer=0, pot=5)
    run(hand, "1:out 2:out")
    assert list(hand.legal_actions()) == [IN, OUT]
    run(hand, "0:out")
    assert hand.is_over
    assert hand.settlement.winners == ()
    assert hand.settlement.betes == ()
    assert hand.stacks == [19, 19, 19]
    assert hand.pot == 5 + 3              # the whole pot carries over
    result = result_of(hand)
    assert result["winners"] == [] and result["active"] == [] and result["pot"] == 8


def test_r9_everyone_out_in_a_session_carries_the_pot_and_passes_the_deal():
    rules = ruleset("classic", dealer_forced=False)
    session = RamsliSession(rules, 3, random.Random(5), dealer=0)
    events = []
    for _ in range(3):
        events += session.apply(OUT)
    started = [event for event in events if isinstance(event, HandStarted)]
    assert started == [HandStarted(2, 1, (1, 1, 1), 3 + 3)]
    assert session.dealer == 1
    assert session.hand.pot == 6
    assert session.hand.stacks == [18, 18, 18]


# --- R10 -----------------------------------------------------------------------------

def test_r10_a_lone_player_takes_the_whole_pot_with_carried_betes_without_play():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0, pot=12)
    events = run(hand, "1:out 2:in 3:out 0:out")
    assert not any(isinstance(event, PlayStarted) for event in events)
    assert hand.is_over and hand.tricks == []
    assert hand.settlement.winners == (2,)
    assert hand.settlement.betes == ()        # no bete arises
    assert hand.stacks == [19, 19, 19 + 16, 19]
    assert hand.pot == 0


@pytest.mark.parametrize("name", ["general-rams", "nap"])
def test_r10_a_lone_player_gets_no_announcement_round(name):
    hand = new_hand(ruleset(name), THREE, dealer=0, pot=2)
    run(hand, "1:out 2:out 0:in")
    assert hand.is_over and hand.announcement is None
    assert hand.settlement.outcome == "lone"
    assert hand.stacks == [19 + 5, 19, 19]


def test_the_seats_in_so_far_are_active_while_the_declarations_go_on():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0)
    run(hand, "1:out 2:in")
    assert hand.active == (2,)
    assert result_of(hand)["active"] == [2]
    run(hand, "3:in")
    assert hand.active == (2, 3) and hand.view(0).active == (2, 3)


def test_r10_two_players_in_means_play():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0)
    run(hand, "1:out 2:in 3:in 0:out")
    assert hand.phase is Phase.PLAY and not hand.is_over
    assert hand.active == (2, 3)


# --- R11 -----------------------------------------------------------------------------

def test_r11_obligatory_has_no_declaration_round():
    hand = new_hand(ruleset("obligatory"), FOUR, dealer=2)
    assert hand.phase is Phase.PLAY
    assert hand.declarations == [True, True, True, True]
    assert hand.active == (0, 1, 2, 3)
    assert hand.current_seat == 3             # the dealer's left leads at once
    assert not any(isinstance(event, Declared) for event in hand.opening_events)
    assert legal(hand) == {"QD", "JD", "TD", "9D", "8D"}
    assert refusal(hand, "3:in") == "seat 3 must play a card now"
    assert refusal(hand, "3:out") == "seat 3 must play a card now"
    assert result_of(hand)["declarations"] == ["in"] * 4


def test_r11_obligatory_never_forces_nor_lone_and_everyone_plays():
    hand = new_hand(ruleset("obligatory"), THREE, dealer=0)
    run(hand, "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.settlement.outcome == "played"
    assert hand.settlement.winners == (1,)
    assert hand.settlement.betes == (0, 2)


def test_r11_obligatory_with_general_rams_goes_straight_to_the_announcements():
    rules = ruleset("obligatory", general_rams=True)
    hand = new_hand(rules, THREE, dealer=0)
    assert hand.phase is Phase.ANNOUNCE
    assert hand.current_seat == 1
    assert legal(hand) == {"general_rams", "pass"}


# --- R24 -----------------------------------------------------------------------------

def test_r24_out_players_pay_nothing_more_and_win_nothing():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0)
    run(hand, "1:in 2:in 3:out 0:in")
    # seat 3 is out: the plays go 1 -> 2 -> 0, skipping it
    run(hand, "1:AS 2:9S")
    assert hand.current_seat == 0
    run(hand, "0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    settled = hand.settlement
    assert settled.winners == (1,)
    assert settled.betes == (0, 2)             # not seat 3, which took no trick but was out
    assert hand.stacks == [14, 19 + 4, 14, 19]
    assert hand.pot == 10
    assert settled.changes[3] == -1           # only its ante
    assert all(payment.payer != 3 and payment.payee != 3 for payment in settled.payments)


def test_r24_out_players_keep_their_cards_out_of_play():
    hand = new_hand(ruleset("classic"), FOUR, dealer=0)
    run(hand, "1:in 2:in 3:out 0:in")
    assert refusal(hand, "3:QD") == "seat 3 cannot act now: it is seat 1's turn"
    run(hand, "1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC")
    assert hand.active == (0, 1, 2)
    assert {seat for trick in hand.tricks for seat, _ in trick.plays} == {0, 1, 2}
    assert [card.code for card in hand.hand_of(3)] == ["8D", "9D", "TD", "JD", "QD"]
    assert hand.tricks_won[3] == 0
