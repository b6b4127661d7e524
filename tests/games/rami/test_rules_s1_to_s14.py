"""One test (or a few) for every rule S1-S14 of docs/rules.md, each
named after its rule, on hand-built deals; and the points docs/hand-records.md settles."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from ramsli_tui.games.protocol import IllegalAction
from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.engine import Action, Hand, Phase, RamiSession
from ramsli_tui.games.rami.engine.events import Discarded, GameEnded, HandScored, TournanteBuried
from ramsli_tui.games.rami.house_rules import SIMPLE, LosingTotals

from tests.games.rami.kit import (
    GOING_OUT, JETEE, NOTHING, READY_13, TALON, TOURNANTE, StackedSession, card, cards, discard, first_round_done,
    new_hand, out, play_until_out,
)



def state(hand):
    return ([list(cs) for cs in hand.holdings], list(hand.talon), list(hand.jetee), hand.tournante, hand.phase,
            hand.current_seat, hand.taken_from_jetee, hand.first_round, list(hand.actions))


def refused(hand, action, message, seat=None):
    """``action`` is refused with ``message`` and nothing changes."""
    before = state(hand)
    with pytest.raises(IllegalAction) as error:
        hand.apply(action, seat)
    assert error.value.message == message, str(error.value)
    assert state(hand) == before
    return error.value


def ready_to_go_out(held13=READY_13, talon="QC", other=None):
    """Seat 0 (the dealer) to go out, holding ``held13`` and the first card of ``talon``
    after it; seat 1 holds ``other`` (13 codes) when given."""
    hands = {0: held13 + " 9D"} if other is None else {0: held13 + " 9D", 1: other}
    hand = new_hand(hands=hands, talon="KC " + talon)
    hand.apply(discard("9D"))
    hand.apply(TALON)
    hand.apply(discard("KC"))
    hand.apply(TALON)
    return hand


# --- S1: the pack, and the ace ------------------------------------------------------------------

def test_s1_the_pack_is_two_52_card_decks_and_four_jokers():
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 108
    assert counts[card("X1")] == 2 and counts[card("X2")] == 2
    assert all(count == 2 for c, count in counts.items() if not c.is_joker) and len(counts) == 54
    hand = new_hand()
    assert sum(map(len, hand.holdings)) + len(hand.talon) == 108


def test_s1_the_ace_is_low_or_high_but_a_going_out_with_it_in_the_middle_is_refused():
    ready = "KH AH 2H JS JH JC 2C 3C X1 5C AS AD AC"
    hand = first_round_done(new_hand(hands={0: ready + " 9D"}, talon="4D 6D"))
    hand.apply(TALON)
    error = refused(hand, out("KH AH 2H | JS JH JC | 2C 3C X1 5C | AS AD AC", "6D"), "ace_in_middle")
    assert str(error) == "[KH, AH, 2H]: the ace is low (A-2-3) or high (Q-K-A), never in the middle (K-A-2)"


# --- S2: one against one, or two against two ------------------------------------------------------

def test_s2_two_or_four_players_and_no_other_number():
    for players in (2, 4):
        SIMPLE.check_players(players)
    for players in (1, 3, 5, 6):
        with pytest.raises(ValueError, match="2 players .* or 4"):
            SIMPLE.check_players(players)
        with pytest.raises(ValueError):
            new_hand(players=players)


def test_s2_partners_sit_opposite_and_win_together():
    hand = first_round_done(new_hand(players=4, dealer=3, hands={2: "5H 6H 7H JS JH JC 2C 3C X1 5C AS AD AC"}))
    assert hand.view(2).partner == 0 and hand.view(1).partner == 3 and new_hand().view(1).partner is None
    assert [hand.view(seat).side for seat in range(4)] == [0, 1, 0, 1]
    while hand.current_seat != 2:
        hand.apply(TALON)
        hand.apply(Action.discard(hand.holdings[hand.current_seat][-1]))
    hand.apply(TALON)
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC", hand.holdings[2][-1].code))
    assert hand.scored.losing_side == 1 and hand.scores == (0, 200)


# --- S3: the deal --------------------------------------------------------------------------

def test_s3_one_card_at_a_time_from_the_dealers_left_13_each_and_14_to_the_dealer():
    deck = list(FULL_DECK)
    hand = Hand(SIMPLE, 4, 1, (0, 0), deck)
    assert hand.holdings[2] == deck[0:52:4] and hand.holdings[3] == deck[1:52:4]
    assert hand.holdings[0] == deck[2:52:4]
    assert hand.holdings[1] == deck[3:52:4] + [deck[52]]
    assert [len(cs) for cs in hand.holdings] == [13, 14, 13, 13]
    assert hand.talon[::-1] == deck[53:] and hand.jetee == []
    assert hand.current_seat == 1  # the dealer begins


def test_s3_the_next_hand_is_dealt_by_the_player_to_the_left():
    session = StackedSession(SIMPLE, 4, random.Random(5), dealer=3)
    play_until_out(session, winner=0)
    assert session.rounds_finished == 1 and session.hand.dealer == 0 and session.hand.number == 2
    assert session.current_seat == 0 and session.hand.phase is Phase.DISCARD
    play_until_out(session, winner=0)
    assert session.hand.dealer == 1


# --- S4, S5, S6: the melds of a going-out (every meld and every reason: test_melds.py) -------------------

def test_s4_a_suivi_follows_in_one_suit():
    hand = ready_to_go_out()
    error = refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C 5C | AS AD AC X1", "QC"), "suivi_gap")
    assert str(error).startswith("[2C, 3C, 5C]: the cards of a Suivi must follow each other")
    refused(hand, out("5H 6H QC | JS JH JC | 2C 3C X1 5C | AS AD AC", "7H"), "not_a_meld")


def test_s5_a_tria_is_one_rank_in_different_suits_three_or_four():
    hand = ready_to_go_out()
    error = refused(hand, out("5H 6H 7H | JS JH JS | 2C 3C X1 5C | AS AD AC", "QC"), "tria_suit_twice")
    assert str(error) == "[JS, JH, JS]: a Tria may not hold a suit twice"
    refused(hand, out("5H 6H 7H | JS JH JC JD X1 | 2C 3C 5C | AS AD AC", "QC"), "tria_too_long")
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC", "QC"))


def test_s6_one_joker_at_most_in_a_meld():
    hand = ready_to_go_out()
    error = refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C X1 X2 5C | AS AD AC", "QC"), "meld_two_jokers")
    assert str(error) == "[2C, 3C, X1, X2, 5C]: a meld may hold one joker at most"
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC", "QC"))  # the joker for the 4C


# --- S7: the dealer's first turn -----------------------------------------------------------------

def test_s7_the_dealer_begins_without_drawing_and_discards_14_to_13():
    hand = new_hand(hands={0: "9C " + NOTHING})
    assert hand.current_seat == 0 and hand.phase is Phase.DISCARD and len(hand.holdings[0]) == 14
    refused(hand, TALON, "discard_first")
    assert hand.legal_actions() == tuple(Action.discard(c) for c in sorted(set(hand.holdings[0]), key=lambda c: c.code))
    hand.apply(discard("9C"))
    assert len(hand.holdings[0]) == 13 and hand.current_seat == 1 and hand.phase is Phase.DRAW


# --- S8: a turn is a draw and a discard ------------------------------------------------------------

def test_s8_every_other_turn_takes_one_card_then_discards_one():
    hand = new_hand(hands={0: "9C " + NOTHING}, talon="KD 4C")
    hand.apply(discard("9C"))
    refused(hand, discard(hand.holdings[1][0].code), "draw_first")
    assert set(hand.legal_actions()) == {TALON, TOURNANTE}  # the jetée is still empty
    hand.apply(TALON)
    assert hand.holdings[1][-1] == card("KD") and len(hand.holdings[1]) == 14 and hand.phase is Phase.DISCARD
    refused(hand, TALON, "discard_first")
    hand.apply(discard("KD"))
    assert hand.current_seat == 0 and hand.jetee == cards("9C KD")  # the tournante went under (S10)
    assert set(hand.legal_actions()) == {TALON, JETEE}
    hand.apply(JETEE)
    assert hand.holdings[0][-1] == card("KD") and hand.jetee == cards("9C")


# --- S9: a card taken from the jetée -------------------------------------------------------------

def test_s9_a_card_taken_from_the_jetee_may_not_be_discarded_that_turn_but_later():
    hand = first_round_done(new_hand(hands={0: "KD " + NOTHING}, talon="4H 6H"))  # seat 1 drew and threw 4H
    hand.apply(JETEE)
    assert hand.holdings[0][-1] == card("4H") and hand.taken_from_jetee == card("4H")
    error = refused(hand, discard("4H"), "keep_jetee_card")
    assert str(error) == "seat 0 may not discard 4H this turn: it was taken from the jetée"
    assert discard("4H") not in hand.legal_actions() and discard("2S") in hand.legal_actions()
    hand.apply(discard("2S"))
    hand.apply(TALON)
    hand.apply(discard("6H"))
    hand.apply(TALON)
    hand.apply(discard("4H"))  # a turn later it may go
    assert hand.jetee[-1] == card("4H")


def test_s9_having_taken_a_card_from_the_jetee_its_twin_may_not_go_that_turn_either():
    hand = new_hand(hands={0: "9C 4H " + NOTHING[:-3], 1: "4H 3S 5S 7S 9S JS KS 3D 5D 7D 9D JD 2C"}, talon="KH")
    hand.apply(discard("9C"))
    hand.apply(TALON)
    hand.apply(discard("KH"))
    hand.apply(TALON)
    hand.apply(discard("4H"))
    hand.apply(JETEE)  # seat 1 takes the 4H, holding the other one
    assert hand.holdings[1].count(card("4H")) == 2
    refused(hand, discard("4H"), "keep_jetee_card")


def test_s9_a_joker_on_the_jetee_is_never_taken():
    hand = new_hand(hands={0: "X1 " + NOTHING})
    hand.apply(discard("X1"))  # S10: a joker is never the tournante; it goes on the jetée
    assert hand.jetee == cards("X1") and hand.tournante is None
    assert set(hand.legal_actions()) == {TALON}
    error = refused(hand, JETEE, "joker_on_jetee")
    assert "never taken back" in str(error)


# --- S10: the tournante -----------------------------------------------------------------------

def test_s10_the_dealers_first_discard_is_set_apart_and_may_be_taken_as_a_drawn_card():
    hand = new_hand(hands={0: "9C " + NOTHING})
    events = hand.apply(discard("9C"))
    assert events[0] == Discarded(0, card("9C"), True)
    assert hand.tournante == card("9C") and hand.jetee == []
    hand.apply(TOURNANTE)
    assert hand.holdings[1][-1] == card("9C") and hand.tournante is None and hand.taken_from_jetee is None
    hand.apply(discard("9C"))  # as a drawn card it may be thrown again at once
    assert hand.jetee == cards("9C")


def test_s10_the_tournante_not_taken_goes_under_the_jetee_when_the_turn_returns_to_the_dealer():
    hand = new_hand(players=4, dealer=0, hands={0: "9C " + NOTHING}, talon="2H 3H 4H")
    hand.apply(discard("9C"))
    for seat, drawn in ((1, "2H"), (2, "3H")):
        assert TOURNANTE in hand.legal_actions()
        hand.apply(TALON, seat)
        hand.apply(discard(drawn), seat)
        assert hand.tournante == card("9C")
    hand.apply(TALON, 3)
    events = hand.apply(discard("4H"), 3)
    assert TournanteBuried(card("9C")) in events
    assert hand.tournante is None and hand.jetee == cards("9C 2H 3H 4H")  # at the bottom
    assert TOURNANTE not in hand.legal_actions() and not hand.first_round
    error = refused(hand, TOURNANTE, "no_tournante")
    assert "only there during the first round" in str(error)


def test_s10_once_taken_the_tournante_is_gone_for_the_others():
    hand = new_hand(players=4, dealer=0, hands={0: "9C " + NOTHING})
    hand.apply(discard("9C"))
    hand.apply(TOURNANTE, 1)
    hand.apply(discard(hand.holdings[1][0].code), 1)
    error = refused(hand, TOURNANTE, "tournante_taken")
    assert str(error) == "seat 2 cannot take the tournante: seat 1 took it"
    assert error.for_you(names=("Mia", "Anna", "Bertl", "Carlo")) == "you cannot take the tournante: Anna took it"


def test_s10_a_joker_discarded_first_is_never_the_tournante():
    hand = new_hand(players=4, hands={0: "X2 " + NOTHING})
    hand.apply(discard("X2"))
    assert hand.tournante is None and hand.jetee == cards("X2")
    error = refused(hand, TOURNANTE, "no_tournante")
    assert "the dealer's first discard was a joker" in str(error)


# --- S11: the talon runs out --------------------------------------------------------------------

def empty_talon_hand():
    """A hand played by talon draws, each seat throwing what it drew, until the talon is empty."""
    hand = first_round_done(new_hand())
    while hand.phase is not Phase.RESHUFFLE:
        hand.apply(TALON)
        hand.apply(Action.discard(hand.holdings[hand.current_seat][-1]))
    return hand


def test_s11_when_the_talon_runs_out_the_jetee_less_its_top_card_is_the_new_talon():
    hand = empty_talon_hand()
    assert hand.talon == [] and hand.legal_actions() == ()
    refused(hand, TALON, "reshuffle_first")
    refused(hand, JETEE, "reshuffle_first")
    top, under = hand.jetee[-1], hand.under_the_top()
    assert len(under) == 81  # the 81 cards of the talon were drawn and thrown, the tournante lies under them
    error = refused(hand, Action.reshuffle(under[1:]), "reshuffle_cards")
    assert "it lacks" in str(error)
    hand.apply(Action.reshuffle(under[::-1]))
    assert hand.jetee == [top] and hand.phase is Phase.DRAW
    assert hand.talon[-1] == under[-1]  # the talon is as given, top first
    hand.apply(TALON)
    assert hand.holdings[hand.current_seat][-1] == under[-1]
    refused(hand, Action.reshuffle([]), "no_reshuffle")


def test_s11_the_session_reshuffles_by_itself_and_the_same_seed_reshuffles_the_same():
    talons = []
    for _ in range(2):
        session = RamiSession(SIMPLE, 2, random.Random(11))
        hand = session.hand
        session.apply(Action.discard(hand.holdings[hand.dealer][-1]))
        while not any(action.kind == "reshuffle" for _, action in hand.actions):
            session.apply(TALON)
            session.apply(Action.discard(hand.holdings[session.current_seat][-1]))
        assert session.phase is Phase.DRAW and TALON in session.legal_actions() and len(hand.jetee) == 1
        talon = next(action.talon for _, action in hand.actions if action.kind == "reshuffle")
        assert Counter(talon) + Counter(hand.jetee) == Counter(c for _, c in hand.discards)
        talons.append(talon)
    assert talons[0] == talons[1] and len(talons[0]) == 81


# --- S12: nobody goes out in the first round ------------------------------------------------------

def test_s12_nobody_goes_out_in_the_first_round_not_even_the_dealer():
    hand = new_hand(hands={0: READY_13 + " 9D", 1: READY_13}, talon="KC")
    refused(hand, out(GOING_OUT, "9D"), "first_round")
    hand.apply(discard("9D"))
    hand.apply(TALON)
    assert hand.going_out() is None
    error = refused(hand, out(GOING_OUT, "KC"), "first_round")
    assert str(error) == "seat 1 cannot go out in the first round: the turn must come back to the dealer first"


def test_s12_the_dealer_may_go_out_at_the_start_of_the_second_turn_after_drawing():
    hand = new_hand(hands={0: READY_13 + " 9D"}, talon="KC QC")
    hand.apply(discard("9D"))
    hand.apply(TALON)
    hand.apply(discard("KC"))
    refused(hand, out(GOING_OUT, "QC"), "draw_first")
    hand.apply(TALON)
    assert hand.going_out() is not None
    hand.apply(out(GOING_OUT, "QC"))
    assert hand.is_over and hand.out.seat == 0


# --- S13: going out --------------------------------------------------------------------------------

def test_s13_thirteen_cards_in_melds_and_the_fourteenth_discarded_end_the_hand():
    hand = ready_to_go_out()
    events = hand.apply(out(GOING_OUT, "QC"))
    assert hand.is_over and hand.holdings[0] == [] and hand.jetee[-1] == card("QC")
    assert events[0].melds == tuple(tuple(cards(m)) for m in GOING_OUT.split("|"))
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.apply(TALON)


def test_s13_the_source_example_keeps_the_8h_to_close():
    hand = ready_to_go_out("5H 6H 7H 8H JS JH JC 2C 3C X1 5C AS AD", talon="AC")
    refused(hand, out("5H 6H 7H 8H | JS JH JC | 2C 3C X1 5C | AS AD AC", "QC"), "thirteen_in_melds")
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC", "8H"))
    assert hand.out.discard == card("8H")


def test_s13_a_going_out_needs_at_least_one_suivi_and_one_tria():
    only_runs = "2S 3S 4S 5H 6H 7H 8D 9D TD 2C 3C 4C 5C"
    hand = ready_to_go_out(only_runs)
    error = refused(hand, out("2S 3S 4S | 5H 6H 7H | 8D 9D TD | 2C 3C 4C 5C", "QC"), "needs_suivi_and_tria")
    assert str(error) == "seat 0 cannot go out without a Tria: at least one Suivi and one Tria are needed"
    only_sets = "9S 9H 9D 4S 4H 4D KS KH KC 2S 2H 2D 2C"
    hand = ready_to_go_out(only_sets)
    error = refused(hand, out("9S 9H 9D | 4S 4H 4D | KS KH KC | 2S 2H 2D 2C", "QC"), "needs_suivi_and_tria")
    assert "without a Suivi" in str(error)
    assert hand.going_out() is None


def test_s13_the_melds_and_the_discard_must_be_the_cards_held():
    hand = ready_to_go_out()
    error = refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AH", "QC"), "not_held_out")
    assert str(error) == "seat 0 cannot lay down AH: the melds and the discard must be the 14 cards it holds"
    refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C 4C 5C | AS AD AC", "QC"), "not_held_out")  # X1 left out
    refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC", "QH"), "not_held_out")


def test_s13_every_joker_is_the_same_card_in_a_meld():
    hand = ready_to_go_out()
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C X2 5C | AS AD AC", "QC"))  # it holds X1
    assert hand.out.melds[2] == tuple(cards("2C 3C X2 5C"))


def test_s13_the_counting_of_thirteen_and_the_order_of_the_checks():
    hand = ready_to_go_out(talon="4C")
    assert refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C X1 5C 4C | AS AD AC", "QC"),
                   "thirteen_in_melds").parameters == {"count": 14}
    refused(hand, out("5H 6H 7H | JS JH JS | 2C 3C X1", "QC"), "tria_suit_twice")  # a bad meld before the count
    refused(hand, out("5H 6H | JS JH JC | 2C 3C X1 5C | AS AD AC", "4C"), "meld_too_short")


def test_s13_the_closing_discard_may_be_a_joker_but_not_the_card_taken_from_the_jetee():
    hand = new_hand(hands={0: "5H 6H 7H JS JH JC 2C 3C 4C 5C AS AD X1 9D", 1: NOTHING}, talon="AC KC")
    hand.apply(discard("9D"))
    hand.apply(TALON)  # seat 1 draws AC, throws it
    hand.apply(discard("AC"))
    hand.apply(JETEE)  # seat 0 takes AC
    refused(hand, out("5H 6H 7H | JS JH JC | 2C 3C 4C 5C | AS AD X1", "AC"), "keep_jetee_card")
    hand.apply(out("5H 6H 7H | JS JH JC | 2C 3C 4C 5C | AS AD AC", "X1"))
    assert hand.jetee[-1] == card("X1")


# --- S14: scoring and the end of the game --------------------------------------------------------------

def test_s14_one_against_one_the_loser_gets_100_and_300_loses_the_game():
    session = StackedSession(SIMPLE, 2, random.Random(1), dealer=1)
    lost = []
    while not session.is_over:
        events = play_until_out(session, winner=0)
        lost.append(next(e for e in events if isinstance(e, HandScored)))
    assert [(e.losing_side, e.points, e.scores) for e in lost] == [(1, 100, (0, 100)), (1, 100, (0, 200)),
                                                                  (1, 100, (0, 300))]
    assert session.ended == GameEnded(1, (0, 300)) and session.current_seat == -1
    with pytest.raises(IllegalAction, match="the game is over"):
        session.apply(TALON)


def test_s14_two_against_two_both_opponents_get_100_and_the_team_loses_at_600():
    session = StackedSession(SIMPLE, 4, random.Random(1), dealer=0)
    scores = []
    while not session.is_over:
        play_until_out(session, winner=0)
        scores.append(session.scores)
    assert scores == [(0, 200), (0, 400), (0, 600)]
    assert session.ended.loser == 1 and session.rounds_finished == 3


def test_s14_whatever_the_loser_holds_even_jokers():
    hand = ready_to_go_out(other="X2 X2 X1 KS KH KD 9C 9D 9S 4C 5C 6C 7C")
    hand.apply(out(GOING_OUT, "QC"))
    assert hand.scored.points == 100 and hand.scores == (0, 100)


def test_s14_the_house_rules_change_the_points_and_the_losing_total():
    rules = replace(SIMPLE, points_per_loser=50, losing_total=LosingTotals(150, 400))
    session = StackedSession(rules, 2, random.Random(2))
    while not session.is_over:
        play_until_out(session, winner=0)
    assert session.scores == (0, 150) and session.rounds_finished == 3
