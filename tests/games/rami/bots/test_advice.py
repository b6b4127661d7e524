"""The hint at Rami Simple: the normal player's choice in the person's seat, and its rule
of thumb said about this hand, the cards named in the table's faces."""

import pytest

from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.bots.normal import decide

from tests.games.rami.bots.kit import decisions, lineup, session
from tests.games.rami.bots.test_normal import MELDS_12, OTHER_CARDS, seat_0_to_draw
from tests.games.rami.kit import READY_13, TALON, TOURNANTE, discard, first_round_done, new_hand


def code(card) -> str:
    return card.code


def test_the_game_offers_a_hint_that_takes_the_card_on_the_jetee_and_says_why():
    hand = seat_0_to_draw("AH")
    advice = RAMI.advice(hand.view(0), hand.legal_actions(), code)
    assert str(advice.action) == "draw:jetee"
    assert advice.reason == "Take AH from the jetée: it brings your hand closer to going out (then your hand goes out)."


def test_a_hint_to_draw_from_the_talon_names_the_card_that_would_not_help():
    hand = seat_0_to_draw("QH")
    advice = RAMI.advice(hand.view(0), hand.legal_actions(), code)
    assert (str(advice.action), advice.reason) == (
        "draw:talon", "Draw from the talon: QH would not bring your hand closer to going out.")


def test_a_hint_to_throw_names_the_card_and_the_rule():
    hand = seat_0_to_draw("QH")
    hand.apply(TALON)  # KD
    advice = RAMI.advice(hand.view(0), hand.legal_actions(), code)
    assert advice.reason == f"Throw {advice.action.card.code}: it is in no meld you have begun."
    hand = new_hand(2, 0, {0: MELDS_12 + " 8H 7H", 1: OTHER_CARDS}, talon="7D")
    for action in (discard("7H"), TOURNANTE, discard("TD"), TALON):
        hand.apply(action)
    advice = RAMI.advice(hand.view(0), hand.legal_actions(), code)
    assert advice.reason.startswith(f"Throw {advice.action.card.code}: the next player has just taken 7H")


def test_a_hint_to_go_out_says_so():
    hand = first_round_done(new_hand(2, 0, {0: READY_13 + " 9D"}))
    hand.apply(TALON)
    advice = RAMI.advice(hand.view(0), hand.legal_actions(), code)
    assert advice.action.kind == "out"
    assert advice.reason.startswith("Your cards go out: lay down your 4 melds and throw ")


@pytest.mark.parametrize("players", [2, 4])
def test_over_whole_hands_the_hint_is_the_normal_players_choice_in_one_sentence(players):
    for seed in range(4):
        for seat, view, legal, action in decisions(session(players, seed), lineup(["normal"], players), seed):
            advice = RAMI.advice(view, legal)
            assert advice.action == decide(view, legal)[0] == action
            assert advice.reason[0].isupper() and advice.reason.endswith(".") and "{" not in advice.reason


def test_there_is_no_hint_without_an_action_to_take():
    hand = seat_0_to_draw("QH")
    with pytest.raises(ValueError, match="nothing to advise"):
        RAMI.advice(hand.view(1), ())
