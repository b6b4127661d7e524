"""The table in words: every sentence agrees with who it is about — you, another player, or several."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.cards import Card, Suit
from ramsli_tui.games.ramsli.engine import Phase, RamsliSession
from ramsli_tui.games.ramsli.house_rules import load

from ramsli_tui.games.ramsli.engine.events import FirstDealerChosen, HandStarted, Passed, Payment, SeatsLeft
from ramsli_tui.ui.ramsli.hand_summary import transfer_line, transfers
from ramsli_tui.ui.ramsli.words import RamsliWords

WORDS = RamsliWords(("Mia", "Anna", "Bertl"))


def test_the_dealer_deals_and_you_deal():
    assert WORDS.event(HandStarted(number=7, dealer=0, antes=(1, 1, 1), pot=3)) == "Hand 7: You deal; the pot holds 3 chips."
    assert WORDS.event(HandStarted(number=8, dealer=1, antes=(1, 1, 1), pot=3)).startswith("Hand 8: Anna deals;")
    assert WORDS.event(FirstDealerChosen(draws=(), dealer=0)) == "You cut the highest card and deal first."


def test_one_player_passes_and_several_leave():
    assert WORDS.event(Passed(seat=2)) == "Bertl passes."
    assert WORDS.event(SeatsLeft(seats=(1,))) == "Anna leaves the table, short of the ante."
    assert WORDS.event(SeatsLeft(seats=(0, 2))) == "You and Bertl leave the table, short of the ante."


def summary_lines(*payments: Payment) -> list[str]:
    return [transfer_line(transfer, WORDS) for transfer in transfers(payments)]


def test_payments_agree_with_their_payer():
    assert summary_lines(Payment(0, None, 5, "bete")) == ["You are bete: 5 chips into the next pot."]
    assert summary_lines(Payment(None, 1, 1, "pot")) == ["Anna takes 1 chip from the pot."]


def test_payments_alike_are_one_line():
    assert summary_lines(Payment(None, 1, 3, "pot"), Payment(None, 2, 3, "pot"), Payment(0, None, 5, "bete"),
                         Payment(2, None, 5, "bete")) == [
        "Anna and Bertl take 3 chips each from the pot.",
        "You and Bertl are bete: 5 chips each into the next pot.",
    ]
    assert summary_lines(Payment(0, 1, 3, "nap"), Payment(0, 2, 3, "nap")) == ["You pay Anna and Bertl 3 chips each for the Nap."]
    assert summary_lines(Payment(1, 0, 10, "nap"), Payment(2, 0, 10, "nap")) == ["Anna and Bertl pay you 10 chips each for the Nap."]


def test_equal_stacks_share_a_place():
    from ramsli_tui.ui.ramsli.session_over import place

    stacks = (18, 32, 18, 13, 26)
    assert [place(stacks, seat) for seat in (1, 4, 0, 2, 3)] == [1, 2, 3, 3, 5]


def test_the_lead_says_when_it_is_a_trump():
    from ramsli_tui.cards import BIG_JOKER, Card, Rank, Suit

    assert WORDS.led(1, Card.of(Rank.KING, Suit.DIAMONDS), Suit.HEARTS) == "Anna led ♦ diamonds."
    assert WORDS.led(0, Card.of(Rank.KING, Suit.HEARTS), Suit.HEARTS) == "You led ♥ hearts, trumps."
    assert WORDS.led(2, BIG_JOKER, Suit.HEARTS) == "Bertl led the Big Joker, a trump."


def test_the_rules_help_says_plainly_how_the_session_ends():
    from ramsli_tui.games.ramsli import house_rules
    from ramsli_tui.ui.ramsli.rules_help import rules_markdown

    classic = rules_markdown(house_rules.load("classic"))
    assert "When a player cannot pay the ante, the session ends and the largest stack wins." in classic
    assert "reach 30 chips, alone in the lead, wins" in rules_markdown(house_rules.load("scored-30"))
    assert "g General Rams, p pass" in rules_markdown(house_rules.load("general-rams"))


# --- what you may play, and why: three players, dealer Mia, Anna leads; 7♥ turned, hearts are trumps

DEALS = {
    "follow": ["AC KC QC JC TC", "AS QD 9C 8C JD", "KS 7S AH 8D 9D"],
    "follow one": ["AC KC QC JC TC", "AS QD 9C 8C JD", "KS AD QH 8D 9D"],
    "all follow": ["AC KC QC JC TC", "AS AD KD QD JD", "KS QS JS TS 9S"],
    "trump": ["AC KC QC JC TC", "AS QD 9C 8C JD", "AH KH AD KD TD"],
    "over-trump": ["AH 8H AC KC QC", "AS 9C 8C JD TD", "QH AD KD 9D 8D"],
    "under": ["9H 8H AC KC QC", "AS 9C 8C JD TD", "QH AD KD 9D 8D"],
    "discard": ["AC KC QC JC TC", "AS QD 9C 8C JD", "AD KD TD 9D 8D"],
    "trumps led": ["AC KC QC JC TC", "KH QD 9C 8C JD", "AH 8H AD KD TD"],
    "trumps led, lower": ["AC KC QC JC TC", "KH QD 9C 8C JD", "9H 8H AD KD TD"],
    "trumps led, none": ["AC KC QC JC TC", "KH QD 9C 8C JD", "AS KS AD KD TD"],
    "head": ["AC KC QC JC TC", "TS QD 9C 8C JD", "KS 7S AH 8D 9D"],
    "jokers": ["AC KC QC JC TC", "X2 QD 9C 8C JD", "X1 8H AD KD TD"],
    "trumps led, one": ["AC KC QC JC TC", "KH QD 9C 8C JD", "AH 8S AD KD TD"],
    "over-trump one": ["AH KC QC JC TC", "AS 9C 8C JD TD", "QH AD KD 9D 8D"],
    "under one": ["8H KC QC JC TC", "AS 9C 8C JD TD", "QH AD KD 9D 8D"],
    "head one": ["AC KC QC JC TC", "TS QD 9C 8C JD", "KS AH 8D 9D 7D"],
}


def hint(deal: str, script: str, seat: int, faces: str = "french", rules: str = "classic", **changes) -> str:
    from tests.kits.engine import new_hand, ruleset, run

    hand = new_hand(ruleset(rules, **changes), DEALS[deal])
    run(hand, "1:in 2:in 0:in " + script)
    return RamsliWords(("Mia", "Anna", "Bertl"), faces, you=seat).turn(hand.view(seat))


@pytest.mark.parametrize("deal, script, seat, expected", [
    ("follow", "", 1, "lead any card."),
    ("follow", "1:AS", 2, "follow ♠ spades: play one of K♠, 7♠."),
    ("follow one", "1:AS", 2, "follow ♠ spades: you must play K♠."),
    ("all follow", "1:AS", 2, "follow ♠ spades: all your cards are ♠ spades, so any will do."),
    ("trump", "1:AS", 2, "you have no ♠ spades, so trump: play one of A♥, K♥."),
    ("over-trump", "1:AS 2:QH", 0, "you have no ♠ spades, so over-trump Q♥: you must play A♥."),
    ("under", "1:AS 2:QH", 0, "you have no ♠ spades and cannot beat Q♥, but must still trump: play one of 9♥, 8♥."),
    ("discard", "1:AS", 2, "you have no ♠ spades and no trumps: play any card."),
    ("trumps led", "1:KH", 2, "trumps were led, so over-trump K♥: you must play A♥."),
    ("trumps led, lower", "1:KH", 2, "trumps were led and you cannot beat K♥: play one of 9♥, 8♥."),
    ("trumps led, none", "1:KH", 2, "trumps were led and you have none: play any card."),
])
def test_the_banner_says_what_you_may_play_and_the_rule_that_says_so(deal, script, seat, expected):
    assert hint(deal, script, seat) == "Your turn: " + expected


@pytest.mark.parametrize("deal, script, seat, changes, expected", [
    ("trumps led, one", "1:KH", 2, {}, "trumps were led, so over-trump K♥: you must play A♥."),
    ("over-trump one", "1:AS 2:QH", 0, {}, "you have no ♠ spades, so over-trump Q♥: you must play A♥."),
    ("under one", "1:AS 2:QH", 0, {}, "you have no ♠ spades and cannot beat Q♥, but must still trump: you must play 8♥."),
    ("head one", "1:TS", 2, {"must_head": True}, "follow ♠ spades and beat 10♠: you must play K♠."),
])
def test_a_single_card_of_the_kind_led_is_told_by_the_rule_that_decided_it(deal, script, seat, changes, expected):
    assert hint(deal, script, seat, **changes) == "Your turn: " + expected


def test_beating_the_best_card_led_is_said_only_where_the_rules_ask_it():
    assert hint("head", "1:TS", 2, must_head=True) == "Your turn: follow ♠ spades and beat 10♠: you must play K♠."
    assert hint("head", "1:TS", 2) == "Your turn: follow ♠ spades: play one of K♠, 7♠."


def test_a_joker_led_is_a_trump_lead():
    assert hint("jokers", "1:X2", 2, rules="jokers") == (
        "Your turn: trumps were led, so over-trump Little Joker: you must play Big Joker.")


def test_the_last_card_is_simply_played():
    from tests.kits.engine import new_hand, ruleset, run

    hand = new_hand(ruleset("classic"), ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"])
    run(hand, "1:in 2:in 0:in 1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC")
    assert RamsliWords(("Mia", "Anna", "Bertl"), you=1).turn(hand.view(1)) == "Your turn: play your last card, 10♠."


def test_german_faces_name_suits_and_cards_in_german():
    assert hint("follow", "1:AS", 2, "german") == "Your turn: follow Laub: play one of Laub-König, Laub-7."
    assert hint("over-trump", "1:AS 2:QH", 0, "german") == (
        "Your turn: you have no Laub, so over-trump Herz-Ober: you must play Herz-Ass.")


# --- every reason the banner gives is true of the hand and the trick ----------------------------

REASON_RULES = {name: load(name) for name in ("classic", "jokers", "modern-52")} | {
    "must-head": replace(load("classic"), must_head=True),
    "jokers/must-head": replace(load("jokers"), must_head=True),
}
CARD_BY_NAME = {Card(index).label(): Card(index) for index in range(54)}
BEST = re.compile(r"(?:cannot beat|over-trump|and beat) (.+?)(?:,|:| but)")


def trumps(card: Card, trump: Suit) -> bool:
    return card.is_joker or card.suit == trump


def beats(card: Card, best: Card) -> bool:
    """The test's own ranking of two cards of one kind: jokers above the trump suit, the Big above the Little."""
    return (card.is_joker, card.rank) > (best.is_joker, best.rank)


def check_reason(sentence: str, view) -> None:
    """The banner's claims — what was led, what you hold, what you cannot beat or must beat,
    which cards you may play — are true of the hand and the trick."""
    trick, trump, hand = view.current_trick, view.trump, view.hand
    legal = {action.card for action in view.legal}
    led = trick.plays[0][1]
    kind_led = (lambda card: trumps(card, trump)) if trumps(led, trump) else (lambda card: card.suit == led.suit)
    following = {card for card in hand if kind_led(card)}
    held_trumps = {card for card in hand if trumps(card, trump)}
    if sentence.startswith("trumps were led"):
        assert trumps(led, trump)
    if sentence.startswith(("follow", "trumps were led,", "trumps were led and you cannot")):
        assert following and legal <= following
    if sentence.startswith("you have no"):
        assert not following and not trumps(led, trump)
        assert legal <= held_trumps if held_trumps else legal == set(hand)
    if "you have none" in sentence or "no trumps" in sentence:
        assert not held_trumps and legal == set(hand)
    if sentence.startswith("you have no") and ("must still trump" in sentence or "so trump" in sentence
                                               or "so over-trump" in sentence):
        assert held_trumps and legal <= held_trumps
    if (named := BEST.search(sentence)) is not None:
        best = CARD_BY_NAME[named.group(1)]
        pool = following or held_trumps
        kind_best = trumps if best.is_joker or best.suit == trump else (lambda card, _: card.suit == best.suit)
        played = [card for _, card in trick.plays if kind_best(card, trump)]
        assert best == max(played, key=lambda card: (card.is_joker, card.rank))
        higher = {card for card in pool if beats(card, best)}
        if "cannot beat" in sentence:
            assert not higher and legal == pool
        else:
            assert higher and legal == higher
    if "you must play " in sentence:
        assert {CARD_BY_NAME[sentence.rsplit("you must play ", 1)[1].rstrip(".")]} == legal
    elif "play one of " in sentence:
        named_cards = sentence.rsplit("play one of ", 1)[1].rstrip(".").split(", ")
        assert {CARD_BY_NAME[name] for name in named_cards} == legal != set(hand)
    else:
        assert legal == set(hand), sentence


@settings(max_examples=150, derandomize=True, database=None, deadline=None)
@given(st.sampled_from(sorted(REASON_RULES)), st.integers(3, 6), st.integers(0, 2**32 - 1))
def test_every_reason_for_what_you_may_play_is_true_of_the_hand_and_the_trick(name, players, seed):
    rules, rng = REASON_RULES[name], random.Random(seed)
    session = RamsliSession(rules, players, random.Random(seed))
    words = RamsliWords(tuple(f"P{seat}" for seat in range(players)))
    checked = 0
    for _ in range(200):
        if session.is_over:
            break
        seat = session.current_seat
        view = session.view(seat)
        trick = view.current_trick
        if view.phase is Phase.PLAY and trick is not None and trick.plays and len(view.hand) > 1:
            words.you = seat
            sentence = words.turn(view).removeprefix("Your turn: ")
            check_reason(sentence, view)
            checked += 1
        session.apply(rng.choice(list(session.legal_actions())))
    assert checked or session.is_over
