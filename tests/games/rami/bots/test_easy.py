"""The easy player, a beginner: it only ever plays legal moves, never takes the tournante,
takes the jetée's card only for a meld of three cards side by side, never throws a
joker while it holds a natural card it may throw, and chooses the same every time.  How
much weaker it is than normal is measured by bench/rami_bots.py (docs/bots.md)."""

import random

import pytest

from ramsli_tui.cli import build_parser, play_spec
from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.bots.easy import EasyPlayer, makes_a_simple_meld
from ramsli_tui.storage import Settings

from tests.games.rami.bots.kit import decisions, is_legal, lineup, session
from tests.games.rami.bots.test_normal import seat_0_to_draw
from tests.games.rami.kit import TOURNANTE, card, cards, discard, new_hand

SEEDS = 12


def easy_decisions(players: int, seed: int, against: str):
    """Every decision of the easy seats over one whole hand against ``against``."""
    game = session(players, seed)
    return [(view, legal, action) for seat, view, legal, action in decisions(game, lineup(["easy", against], players), seed)
            if seat % 2 == 0]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("against", ["normal", "random"])
def test_over_many_hands_it_plays_only_legal_moves_and_never_the_tournante(players, against):
    taken_from_jetee = 0
    for seed in range(SEEDS):
        for view, legal, action in easy_decisions(players, seed, against):
            assert is_legal(action, legal), f"easy chose {action} from {legal}"
            assert action != TOURNANTE, "a beginner misses the tournante"
            if action.kind == "draw" and action.source == "jetee":
                taken_from_jetee += 1
                assert makes_a_simple_meld(view.hand, view.jetee[0])
            if action.kind == "discard" and action.card.is_joker:
                assert all(choice.card.is_joker for choice in legal), "a joker thrown while a natural card may go"
    assert taken_from_jetee, "the jetée is taken now and then"


def test_the_same_seed_gives_the_same_hand_whatever_the_random_generator():
    game = session(2, 7)
    player = EasyPlayer()
    for _ in range(60):
        seat, view, legal = game.current_seat, game.view(game.current_seat), game.legal_actions()
        first = player.choose(view, legal, random.Random(1))
        assert all(player.choose(view, legal, random.Random(other)) == first for other in (2, 3))
        game.apply(first, seat)
        if game.rounds_finished:
            break
    again = [action for _, _, action in easy_decisions(2, 5, "normal")]
    assert again == [action for _, _, action in easy_decisions(2, 5, "normal")]


def test_it_takes_the_jetee_for_three_side_by_side_and_not_for_a_longer_view():
    hand = seat_0_to_draw("AH")  # AH beside AS AD AC
    assert str(EasyPlayer().choose(hand.view(0), hand.legal_actions(), random.Random(0))) == "draw:jetee"
    assert makes_a_simple_meld(cards("7H 9H KS"), card("8H")) and makes_a_simple_meld(cards("7S 7D"), card("7H"))
    assert not makes_a_simple_meld(cards("7H TH"), card("8H")), "a gap of two is past a beginner"
    assert not makes_a_simple_meld(cards("7H 7H"), card("7H")), "a Tria holds each suit once"
    assert not makes_a_simple_meld(cards("7H X1"), card("8H")), "nor does it count on the joker"


def test_it_never_takes_the_tournante_even_when_the_normal_player_would():
    """Seat 1 holds two sevens beside the tournante 7H: normal takes it, easy draws."""
    hand = new_hand(2, 0, {0: "2H 3H 4H 8H 8D 8C 5C 6C 7C JC JH JS 7H TD", 1: "7S 7D 2S 4S 9S QS 2D 4D 9D QD KC KH 3C"})
    hand.apply(discard("7H"))
    legal = hand.legal_actions()
    assert TOURNANTE in legal and RAMI.computer_player("normal").choose(hand.view(1), legal, random.Random(0)) == TOURNANTE
    assert str(EasyPlayer().choose(hand.view(1), legal, random.Random(0))) == "draw:talon"


def test_it_is_offered_wherever_the_rami_computer_players_are():
    assert RAMI.strengths == ("random", "easy", "normal", "hard")
    spec = play_spec(build_parser().parse_args(["play", "--game", "rami", "--players", "2", "--bots", "easy"]), Settings())
    assert spec.strengths == (None, "easy")
