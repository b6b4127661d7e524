"""The Rami panel of styles (games/rami/bots/panel.py): each plays only legal moves over whole
hands, chooses the same for the same seed, keeps its one habit (``closed`` never takes a
card face up, ``random-draw`` takes from more than one place, ``careless`` throws a card
the normal player keeps from the next seat), and is seated only for measurement."""

from __future__ import annotations

import random

import pytest

from ramsli_tui.games.rami.bots import MEASUREMENT_PLAYERS, STRENGTHS, make_rami_measurement_player
from ramsli_tui.games.rami.bots.panel import PANEL
from ramsli_tui.games.rami.bots.reading import helps

from tests.games.rami.bots.kit import decisions, is_legal, session
from tests.games.rami.bots.test_normal import MELDS_12, OTHER_CARDS
from tests.games.rami.kit import TALON, TOURNANTE, card, discard, new_hand

SEEDS = 8


def panel_decisions(name: str, players: int, seed: int):
    """Every decision of the ``name`` seats over one whole hand against normal players."""
    lineup = [make_rami_measurement_player(name if seat % 2 == 0 else "normal") for seat in range(players)]
    return [(view, legal, action) for seat, view, legal, action in decisions(session(players, seed), lineup, seed)
            if seat % 2 == 0]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", sorted(PANEL))
def test_over_many_hands_each_plays_only_legal_moves(name, players):
    for seed in range(SEEDS):
        for view, legal, action in panel_decisions(name, players, seed):
            assert is_legal(action, legal), f"{name} chose {action} from {legal}"


def test_closed_never_takes_a_card_face_up_and_random_draw_takes_from_more_than_one_place():
    closed, random_draw = set(), set()
    for seed in range(SEEDS):
        closed |= {action.source for _, _, action in panel_decisions("closed", 2, seed) if action.kind == "draw"}
        random_draw |= {action.source for _, _, action in panel_decisions("random-draw", 2, seed) if action.kind == "draw"}
    assert closed == {"talon"}
    assert {"talon", "jetee"} <= random_draw


@pytest.mark.parametrize("name", sorted(PANEL))
def test_the_same_seed_gives_the_same_hand(name):
    again = [action for _, _, action in panel_decisions(name, 4, 3)]
    assert again == [action for _, _, action in panel_decisions(name, 4, 3)]


def test_careless_feeds_the_next_seat_the_neighbour_of_the_card_it_has_just_taken():
    """normal's own position (tests/games/rami/bots/test_normal.py): seat 1 takes the
    tournante 7H, and both of seat 0's loose cards, 8H and 7D, would help it; normal
    breaks a meld rather than throw either, careless throws one."""
    hand = new_hand(2, 0, {0: MELDS_12 + " 8H 7H", 1: OTHER_CARDS}, talon="7D")
    for action in (discard("7H"), TOURNANTE, discard("TD"), TALON):
        hand.apply(action)
    view, legal = hand.view(0), hand.legal_actions()
    kept_back = make_rami_measurement_player("normal").choose(view, legal, random.Random(0))
    thrown = make_rami_measurement_player("careless").choose(view, legal, random.Random(0))
    assert not helps(kept_back.card, card("7H")) and thrown.card in (card("8H"), card("7D"))


def test_the_panel_is_seated_only_for_measurement():
    assert set(PANEL) <= set(MEASUREMENT_PLAYERS) and not set(PANEL) & set(STRENGTHS)
    assert all(make_rami_measurement_player(name).name == name for name in PANEL)
