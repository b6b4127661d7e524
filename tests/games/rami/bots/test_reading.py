"""What a view reveals of the others: the cards each took face up and still holds, the
last one it took, and the copies nobody has seen."""

from ramsli_tui.games.rami.bots.reading import helps, next_seat, read
from ramsli_tui.games.rami.deck import DECK_SIZE

from tests.games.rami.kit import JETEE, TALON, TOURNANTE, card, discard, new_hand

DEALER_CARDS = "2S 3S 4S 9H 9D 9C 5D 6D 7D KC KH KS QD AH"
OTHER_CARDS = "2H 3H 4H 8H 8D 8C 5C 6C 7C JC JH JS TD"


def played():
    """Seat 0 deals and throws AH (the tournante); seat 1 takes it and throws TD; seat 0
    takes TD from the jetée and throws QD; seat 1 draws and throws the AH it took."""
    hand = new_hand(2, 0, {0: DEALER_CARDS, 1: OTHER_CARDS}, talon="5S 6S")
    for action in (discard("AH"), TOURNANTE, discard("TD"), JETEE, discard("QD"), TALON, discard("AH")):
        hand.apply(action)
    return hand


def test_a_card_taken_is_held_until_its_taker_throws_it():
    hand = played()
    of_seat_1 = read(hand.view(1))
    assert of_seat_1.held_by == {0: (card("TD"),)} and of_seat_1.last_pick == {0: card("TD")}
    of_seat_0 = read(hand.view(0))
    assert of_seat_0.held_by == {1: ()} and of_seat_0.last_pick == {}
    assert of_seat_0.thrown == {0: (card("AH"), card("QD")), 1: (card("TD"), card("AH"))}


def test_the_unseen_cards_are_the_pack_less_all_the_seat_has_seen():
    view = played().view(1)
    reading = read(view)
    assert reading.unseen[card("TD")] == 1  # seat 0 holds the one seat 1 threw
    assert reading.unseen[card("AH")] == 1  # on the jetée
    assert reading.unseen[card("8H")] == 1  # in seat 1's hand
    assert reading.unseen[card("KD")] == 2
    known = len(view.hand) + len(view.jetee) + 1  # seat 0's TD
    assert sum(reading.unseen.values()) == DECK_SIZE - known


def test_cards_help_each_other_by_rank_in_another_suit_or_by_suit_two_ranks_apart():
    assert helps(card("7H"), card("7S")) and not helps(card("7H"), card("7H"))
    assert helps(card("7H"), card("9H")) and not helps(card("7H"), card("TH"))
    assert helps(card("AH"), card("QH")) and helps(card("AH"), card("3H")) and not helps(card("AH"), card("4H"))
    assert helps(card("X1"), card("4D")) and not helps(card("7H"), card("8S"))


def test_the_next_seat_is_on_the_left():
    hand = new_hand(4, 0)
    assert [next_seat(hand.view(seat)) for seat in range(4)] == [1, 2, 3, 0]
