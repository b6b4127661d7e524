"""The hard player: it goes out when it can, takes the card face up that brings it
closest, judges hands by the cards missing and then by their live outs, and chooses the
same for the same seed."""

import random
from collections import Counter

from ramsli_tui.games.rami.bots.hard import HardPlayer, Judge
from ramsli_tui.games.rami.bots.shape import shape

from tests.games.rami.bots.kit import session
from tests.games.rami.bots.test_normal import seat_0_to_draw
from tests.games.rami.kit import READY_13, TALON, cards, first_round_done, new_hand


def test_it_goes_out_as_soon_as_the_solver_can():
    hand = first_round_done(new_hand(2, 0, {0: READY_13 + " 9D"}))
    hand.apply(TALON)
    action = HardPlayer().choose(hand.view(0), hand.legal_actions(), random.Random(1))
    assert action.kind == "out"
    hand.clone().apply(action, 0)


def test_it_takes_the_card_face_up_that_completes_its_melds_and_leaves_one_that_does_not():
    hand = seat_0_to_draw("AH")
    assert str(HardPlayer().choose(hand.view(0), hand.legal_actions(), random.Random(1))) == "draw:jetee"
    hand = seat_0_to_draw("QH")
    assert str(HardPlayer().choose(hand.view(0), hand.legal_actions(), random.Random(1))) == "draw:talon"


def test_a_hand_is_closer_with_fewer_cards_missing_then_with_more_live_outs():
    judge = Judge(Counter({card: 1.0 for card in cards("AH 4C 3H 3D")}))
    ready = shape(cards(READY_13))
    one_ace_short = shape(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS AD 9D"))  # outs: AH, AC and more
    two_short = shape(cards("5H 6H 7H JS JH JC 2C 3C X1 5C AS 8S 9D"))
    assert judge.distance(ready) == 0
    assert 1 < judge.distance(one_ace_short) < 2 < judge.distance(two_short) < 3
    richer = Judge(Counter({card: 2.0 for card in cards("AH 4C 3H 3D")}))
    assert richer.distance(one_ace_short) < judge.distance(one_ace_short)


def test_the_same_seed_gives_the_same_choice():
    game = session(2, 11)
    player = HardPlayer()
    for _ in range(40):
        seat, view, legal = game.current_seat, game.view(game.current_seat), game.legal_actions()
        first = player.choose(view, legal, random.Random(5))
        assert all(player.choose(view, legal, random.Random(5)) == first for _ in range(2))
        game.apply(first, seat)
        if game.rounds_finished:
            break
