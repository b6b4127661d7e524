"""How the person keeps their Rami hand (``Arrangement``) and how far their melds go
(``best_melds``): pure, without the app."""

from __future__ import annotations

from ramsli_tui.cards import Card
from ramsli_tui.games.rami.melds import meld_kind
from ramsli_tui.ui.rami.arrangement import GAP, Arrangement, best_melds, by_rank, by_suit


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def test_cards_that_go_leave_their_places_and_a_card_that_comes_goes_to_the_right_end():
    arrangement = Arrangement(cards("KS 7H 7H 2C"))
    assert arrangement.follow(cards("7H 2C KS 9D 7H")) == 1
    assert arrangement.cards == tuple(cards("KS 7H 7H 2C 9D"))
    assert arrangement.follow(cards("2C 9D KS 7H")) == 0
    assert arrangement.cards == tuple(cards("KS 7H 2C 9D")), "one 7H of two went, the other kept its place"


def test_a_new_deal_comes_sorted_by_suit():
    arrangement = Arrangement(cards("KS"))
    arrangement.follow(cards("2C 7H AS X1 KD"))
    assert arrangement.cards == tuple(cards("AS 7H KD 2C X1"))


def test_sorting_by_suit_or_rank_puts_the_ace_low_and_jokers_last():
    hand = cards("X1 KH AS 2S AH 3H")
    assert sorted(hand, key=by_suit) == cards("AS 2S AH 3H KH X1")
    assert sorted(hand, key=by_rank) == cards("AS AH 2S 3H KH X1")


def test_a_card_moved_past_the_end_of_its_group_joins_the_next_one():
    arrangement = Arrangement()
    arrangement.lay_out([cards("5H 6H 7H"), cards("JS JH JC"), cards("2D")])
    assert arrangement.gaps_after() == {2, 5}
    assert arrangement.move(2, 1) == 2
    assert arrangement.groups() == [tuple(cards("5H 6H")), tuple(cards("7H JS JH JC")), tuple(cards("2D"))]
    assert arrangement.move(0, -1) == 0, "the leftmost card stays"
    assert arrangement.move_to(0, 5) == 5
    assert arrangement.groups() == [tuple(cards("6H")), tuple(cards("7H JS JH JC 5H")), tuple(cards("2D"))]
    assert GAP not in (arrangement.items[0], arrangement.items[-1])


def test_melds_that_go_out_leave_the_card_to_throw_as_the_last_group():
    hand = cards("5H 6H 7H 8H JS JH JC 2C 3C X1 AS AD AC KD")
    groups, missing = best_melds(hand)
    assert missing == 0
    assert groups[-1] == tuple(cards("KD"))
    assert sum(len(group) for group in groups[:-1]) == 13
    assert {meld_kind(group) for group in groups[:-1]} == {"suivi", "tria"}


def test_melds_short_of_going_out_say_how_many_cards_do_not_fit():
    hand = cards("5H 6H 7H JS JH JC 2C 9C AS 4D 8S KD QH TC")
    groups, missing = best_melds(hand)
    assert [len(group) for group in groups] == [3, 3, 8]
    assert missing == 7


def test_thirteen_cards_all_in_melds_wait_for_the_draw_and_no_suivi_with_a_tria_is_none():
    assert best_melds(cards("5H 6H 7H 8H JS JH JC 2C 3C X1 AS AD AC"))[1] == 0
    assert best_melds(cards("5H 6H 7H 8H 2C 3C 4C 9S TD KH QS 4D 6S")) is None
