"""The hint: what the normal player would do, and why in one sentence of the texts'
advice.  The advised action is always the normal player's own choice; the reason is
short, plain, names the cards in the player's faces, and says what the rule of thumb
that decided it says."""

import random
import re

import pytest

from ramsli_tui.cards import Card
from ramsli_tui.games.ramsli import RAMSLI, house_rules
from ramsli_tui.games.ramsli.bots import NormalBot
from ramsli_tui.games.ramsli.bots.advice import Advice, advise, reason_text
from ramsli_tui.games.ramsli.bots.reasons import Reason, Why
from ramsli_tui.games.ramsli.engine import GENERAL_RAMS, IN, NAP, OUT, PASS
from ramsli_tui.games.ramsli.engine.actions import PLAY

from tests.kits.bots import bundled_rulesets, random_positions
from tests.kits.engine import new_hand, run

CLASSIC = house_rules.load("classic")
SEEDS = range(24)
FACES = {
    "french": lambda card: card.label("french"),
    "german": lambda card: card.label("german"),
    "codes": lambda card: card.code,
}
JUNK = re.compile(r"[{}\[\]<>_|\\]|Card\(|Reason|None|Why|\bnap:|\bc\[")


def advice_at(hands, script="", turn_up="7S", dealer=3, ruleset=CLASSIC, faces="french") -> Advice:
    """The hint for the seat to act, after ``script``, on a hand dealt ``hands``."""
    hand = new_hand(ruleset, hands, turn_up, dealer)
    run(hand, script)
    return advise(hand.view(hand.current_seat), hand.legal_actions(), FACES[faces])


@pytest.mark.parametrize("name", bundled_rulesets())
def test_the_advice_is_the_normal_players_choice_and_legal(name):
    normal = NormalBot()
    for seed in SEEDS:
        for hand in random_positions(house_rules.load(name), seed):
            view, legal = hand.view(hand.current_seat), hand.legal_actions()
            advice = advise(view, legal)
            assert advice.action in legal
            assert advice.action == normal.choose(view, legal, random.Random(seed)), f"{name} seed {seed}"


@pytest.mark.parametrize("faces", FACES)
def test_every_reason_is_one_short_plain_sentence_naming_the_card_played(faces):
    name_card = FACES[faces]
    for name in bundled_rulesets():
        for seed in range(8):
            for hand in random_positions(house_rules.load(name), seed):
                advice = advise(hand.view(hand.current_seat), hand.legal_actions(), name_card)
                reason = advice.reason
                assert 10 <= len(reason) <= 80, reason
                assert reason[0].isupper() and reason.endswith("."), reason
                assert not JUNK.search(reason), reason
                if advice.action.kind == "play":
                    assert name_card(advice.action.card) in reason


@pytest.mark.parametrize("reason", Reason)
def test_every_reason_fits_in_80_characters_with_the_longest_card_names(reason):
    why = Why(reason, (Card.from_code("KD"), Card.from_code("JD")),
              {"aces": 1, "high_trumps": 1, "length": 0, "players_in": 5, "target": 4, "floor": 4})
    text = reason_text(why, lambda card: "Schellen-König")
    assert 10 <= len(text) <= 80, text
    assert not JUNK.search(text), text


def test_an_ace_and_a_high_trump_go_in():
    advice = advice_at(["AH KS 7D 8D 9C", "8H 9H TH JH QH", "KC QC JC TC AC", "KD 9D TD JD QD"])
    assert advice == Advice(IN, "An ace and a high trump (A♥, K♠): go in.")


def test_cards_are_named_in_the_faces_given():
    advice = advice_at(["AH KS 7D 8D 9C", "8H 9H TH JH QH", "KC QC JC TC AC", "KD 9D TD JD QD"], faces="german")
    ace, trump = (Card.from_code(code).label("german") for code in ("AH", "KS"))
    assert advice.reason == f"An ace and a high trump ({ace}, {trump}): go in."


def test_the_game_kind_offers_the_same_advice():
    hand = new_hand(CLASSIC, ["AH KS 7D 8D 9C", "8H 9H TH JH QH", "KC QC JC TC AC", "KD 9D TD JD QD"], "7S", 3)
    view, legal = hand.view(0), hand.legal_actions()
    assert RAMSLI.advice(view, legal, FACES["codes"]) == Advice(IN, "An ace and a high trump (AH, KS): go in.")


def test_a_king_whose_ace_is_held_counts_as_a_top_card():
    advice = advice_at(["AH 7D 8D 9C TC", "KS 9H TH JH QH", "AD QC JC AC KD", "8S 9D TD JD QD"], "1:in", dealer=0)
    assert advice == Advice(IN, "Three top cards: go in.")


def test_a_hand_of_low_cards_stays_out_and_says_why():
    advice = advice_at(["7H 8D 9C TC 8S", "AH KH KS JH QH", "7C 8C JC AS QC", "AD 9D TD JD QD"])
    assert advice == Advice(OUT, "No ace, no high trump: no path to a trick, stay out.")


def test_a_lone_chance_goes_in_while_few_are_in_and_folds_when_enough_are():
    hands = ["AH 7D 8D 9C TC", "KS 9H TH JH QH", "AD QC JC AC KD", "8S 9D TD JD QD"]  # seat 0 deals
    assert advice_at(hands, "1:in 2:out 3:out", dealer=0) == Advice(IN, "An ace (A♥); few are in: go in.")
    crowded = advice_at(hands, "1:in 2:in 3:in", dealer=0)
    assert crowded == Advice(OUT, "With 3 in, each a threat to your one trick: stay out.")


def test_the_last_seat_before_a_forced_dealer_does_not_hand_it_the_pot():
    advice = advice_at(["8H TH JH QH 7H", "7C 8C 9C JC QC", "7S 8D 9D TC 9H", "AH KH AD KD AC"], "0:out 1:out", "TS")
    assert advice == Advice(IN, "Folding would hand the dealer the pot unopposed: go in.")


def test_a_forced_dealer_must_be_in():
    advice = advice_at(["AS KS AH 7D 8C", "8H 9H TH JH QH", "TC JC QC KC 7C", "9D TD JD QD KD"], "1:out 2:out 3:out", dealer=0)
    assert advice == Advice(IN, "Everyone else is out: you must be in.")


def test_a_single_legal_card_is_your_only_legal_card():
    hands = ["AH 7C 8C 9C 9S", "8H JD QD KD AD", "TC JC QC KC AC", "9H TH JH QH KH"]
    advice = advice_at(hands, "0:in 1:in 2:in 3:in 0:AH")  # seat 1 must follow with its one heart
    assert advice == Advice(PLAY[Card.from_code("8H")], "The 8♥ is your only legal card.")


def test_an_action_the_rules_leave_alone_is_said_to_be_so():
    hand = new_hand(house_rules.load("nap"), ["AS KS AH 7D 8C", "8H 9H TH JH QH", "TC JC QC KC 7C", "9D TD JD QD KD"], "7S", 3)
    run(hand, "0:in 1:in 2:in 3:in")
    assert advise(hand.view(0), (PASS,)) == Advice(PASS, "The rules leave you nothing else to do.")


def test_nothing_is_advised_when_there_is_nothing_to_do():
    hand = new_hand(CLASSIC, ["AS KS AH 7D 8C", "8H 9H TH JH QH", "TC JC QC KC 7C", "9D TD JD QD KD"], "7S", 3)
    with pytest.raises(ValueError, match="nothing to advise"):
        advise(hand.view(1), ())


def test_long_trumps_are_led_to_draw_the_others():
    advice = advice_at(["KS QS JS AH 7D", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "0:in 1:in 2:in 3:in")
    assert advice == Advice(PLAY[Card.from_code("KS")], "Long in trumps: lead the K♠ and draw the others' trumps.")


def test_a_lone_ace_is_kept_for_the_middle_of_the_hand():
    advice = advice_at(["AH 7C 8C 9C 9S", "8H 9H TH JH QH", "TC JC QC KC AC", "8D 9D TD JD QD"], "0:in 1:in 2:in 3:in")
    assert advice == Advice(PLAY[Card.from_code("7C")], "Keep the A♥ for trick 3 or 4: lead low, the 7♣.")


def test_a_card_that_cannot_win_is_the_cheapest_thrown():
    advice = advice_at(["AH 7C 8C 9C 9S", "8H 9H TH JH QH", "TC JC QC KC AC", "8D 9D TD JD QD"],
                       "0:in 1:in 2:in 3:in 0:7C 1:8H 2:TC")
    assert advice == Advice(PLAY[Card.from_code("8D")], "You cannot win it: throw the cheapest card, the 8♦.")


def test_a_winner_no_later_player_should_beat_is_played():
    advice = advice_at(["AH 7C 8C 9C 9S", "8H 9H TH JH QH", "TC JC QC KC AC", "8D 9D TD JD QD"],
                       "0:in 1:in 2:in 3:in 0:7C 1:8H")
    assert advice == Advice(PLAY[Card.from_code("TC")], "The 10♣ wins, and no later player should beat it.")


def test_without_a_trick_late_in_the_hand_a_winner_is_tried_before_the_bete():
    hands = ["KD QD AH 9H 8H", "AD 8D 7D 7C 8C", "8S 9S AC KC JH"]
    advice = advice_at(hands, "0:in 1:in 2:in 0:KD 1:7D 2:8S 2:AC 0:8H 1:7C 2:JH 0:AH 1:8C 0:QD", dealer=2)
    assert advice == Advice(PLAY[Card.from_code("AD")], "No trick yet and the bete looms: try with the A♦.")


def test_general_rams_is_announced_only_with_the_hand_the_texts_describe():
    general_rams = house_rules.load("general-rams")
    others = ["8H 9H TH JH QH", "TC JC QC KC 7C", "8D 9D TD JD QD"]
    announced = advice_at(["AS KS AH AD AC", *others], "0:in 1:in 2:in 3:in", ruleset=general_rams)
    assert announced == Advice(GENERAL_RAMS, "The ace of trumps, a high trump, three aces or kings: announce.")
    others = ["8H 9H TH JH QH", "TC JC QC KC AC", "8D 9D TD JD QD"]
    passed = advice_at(["AS KS AH AD 7C", *others], "0:in 1:in 2:in 3:in", ruleset=general_rams)
    assert passed == Advice(PASS, "Not five sure tricks, and failing triples the bete: pass.")


def test_a_nap_target_is_the_tricks_the_hand_can_count_on():
    nap = house_rules.load("nap")
    hands = ["AS KS AH 7D 8C", "AD AC 8S 9S TS", "TC JC QC KC 7C", "9D TD JD QD KD"]
    assert advice_at(hands, "0:in 1:in 2:in 3:in", ruleset=nap) == Advice(NAP[3], "You can count on 3 tricks: bid Nap 3.")
    outbid = advice_at(hands, "0:in 1:in 2:in 3:in 0:nap:3", ruleset=nap)
    assert outbid == Advice(PASS, "You count on 3 tricks, no more than the Nap 3 bid: pass.")
    too_few = advice_at(hands, "0:in 1:in 2:in 3:in 0:nap:3 1:pass", ruleset=nap)
    assert too_few == Advice(PASS, "You cannot count on two tricks: pass.")
