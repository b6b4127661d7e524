"""The normal player's rules of thumb, each on a hand built to need it, and over many
random positions."""

import pytest

from ramsli_tui.games.rami.bots.normal import Rule, decide
from ramsli_tui.games.rami.bots.reading import helps, next_seat, read

from tests.games.rami.bots.kit import decisions, lineup, session
from tests.games.rami.kit import READY_13, TALON, TOURNANTE, card, discard, first_round_done, new_hand

OTHER_CARDS = "2H 3H 4H 8H 8D 8C 5C 6C 7C JC JH JS TD"
MELDS_12 = "2C 3C 4C JS JH JC 5S 6S 7S AS AD AC"


def test_it_goes_out_as_soon_as_the_solver_can():
    hand = first_round_done(new_hand(2, 0, {0: READY_13 + " 9D"}))
    hand.apply(TALON)
    action, rule = decide(hand.view(0), hand.legal_actions())
    assert rule is Rule.GO_OUT and action.kind == "out"
    hand.clone().apply(action, 0)  # the engine accepts it


def seat_0_to_draw(jetee_top: str):
    """Seat 0 deals, holding ``MELDS_12`` and 9H, and throws 8D (the tournante); seat 1
    draws and throws ``jetee_top``; seat 0 is to draw."""
    hand = new_hand(2, 0, {0: MELDS_12 + " 9H 8D", 1: OTHER_CARDS.replace("TD", jetee_top)}, talon="KD")
    for action in (discard("8D"), TALON, discard(jetee_top)):
        hand.apply(action)
    return hand


def test_it_takes_the_card_on_the_jetee_that_brings_it_closer_to_going_out():
    hand = seat_0_to_draw("AH")  # the fourth ace: 13 cards in melds
    action, rule = decide(hand.view(0), hand.legal_actions())
    assert (str(action), rule) == ("draw:jetee", Rule.TAKE_FACE_UP)


def test_it_draws_from_the_talon_when_the_jetee_does_not_help():
    hand = seat_0_to_draw("QH")
    action, rule = decide(hand.view(0), hand.legal_actions())
    assert (str(action), rule) == ("draw:talon", Rule.DRAW_TALON)


def test_it_throws_a_card_in_no_meld():
    hand = seat_0_to_draw("QH")
    hand.apply(TALON)  # KD
    action, rule = decide(hand.view(0), hand.legal_actions())
    assert action.card in (card("9H"), card("KD")) and rule is Rule.THROW_NEVER_HELPS


def test_it_does_not_feed_the_next_seat_a_neighbour_of_the_card_it_has_just_taken():
    """Seat 1 takes the tournante 7H; seat 0's loose cards, 8H and 7D, would both help it:
    seat 0 breaks a meld rather than throw either."""
    hand = new_hand(2, 0, {0: MELDS_12 + " 8H 7H", 1: OTHER_CARDS}, talon="7D")
    for action in (discard("7H"), TOURNANTE, discard("TD"), TALON):
        hand.apply(action)
    action, rule = decide(hand.view(0), hand.legal_actions())
    assert rule is Rule.DONT_FEED and not helps(action.card, card("7H"))


@pytest.mark.parametrize("players", [2, 4])
def test_it_never_throws_a_neighbour_of_the_next_seats_last_card_taken_when_another_will_do(players):
    checked = 0
    for seed in range(6):
        game = session(players, seed)
        for seat, view, legal, action in decisions(game, lineup(["normal", "random"], players), seed):
            just_taken = read(view).last_pick.get(next_seat(view))
            if seat % 2 or action.kind != "discard" or just_taken is None:
                continue
            safe = [a.card for a in legal if not a.card.is_joker and not helps(a.card, just_taken)]
            if safe:
                checked += 1
                assert not helps(action.card, just_taken), (view.hand, just_taken, action)
    assert checked >= 5
