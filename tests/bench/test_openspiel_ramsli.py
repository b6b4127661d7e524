"""Ramsli registered as an OpenSpiel game (``bench/openspiel_ramsli.py``): OpenSpiel's own
checks pass on it, a seat's information state holds only what that seat may know, the
returns add to zero, and OpenSpiel's searchers seated at our table choose legal actions,
the same for the same seed.  Small simulation counts keep it fast."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed: pip install .[bench]")

from bench import openspiel_ramsli  # noqa: E402  (after the skip: it imports pyspiel)
from bench.openspiel_ramsli import GAME_NAME, OpenSpielPlayer, play_match, seen, state_of_view  # noqa: E402
from ramsli_tui.games.ramsli import house_rules  # noqa: E402
from ramsli_tui.games.ramsli.bots import NormalBot  # noqa: E402

from tests.kits.bots import seeded_hand  # noqa: E402

TABLES = [("classic", 4), ("nap", 5), ("jokers", 3), ("general-rams", 6)]


def game(rules="classic", players=4):
    return pyspiel.load_game(GAME_NAME, {"rules": rules, "players": players})


def random_state(the_game, seed, moves):
    """The state after ``moves`` random actions (chance ones included), or the end."""
    rng = random.Random(seed)
    state = the_game.new_initial_state()
    while not state.is_terminal() and state.move_number() < moves:
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def holds_cards(state, seat):
    return state.play.hand is None or bool(state.play.hand.hand_of(seat))


def unplayed_codes(state, seat):
    return {card.code for card in state.play.hand.hand_of(seat)}


@pytest.mark.parametrize("rules, players", TABLES)
def test_openspiel_s_own_random_simulation_test_passes(rules, players):
    pyspiel.random_sim_test(game(rules, players), num_sims=5, serialize=False, verbose=False)


def test_the_game_is_registered_with_its_parameters():
    assert GAME_NAME in pyspiel.registered_names()
    the_game = pyspiel.load_game(GAME_NAME)
    assert the_game.num_players() == 4 and the_game.rules.name == "classic"
    assert the_game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert the_game.num_distinct_actions() == len(openspiel_ramsli.ACTIONS)
    assert game("modern-52", 6).num_players() == 6


@pytest.mark.parametrize("rules, players", TABLES)
def test_the_returns_add_to_zero(rules, players):
    for seed in range(10):
        state = random_state(game(rules, players), seed, moves=10_000)
        assert state.is_terminal()
        assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("moves", [13, 24, 30, 34])
def test_resampling_changes_the_others_cards_and_nothing_the_seat_knows(moves):
    """However the other seats' hidden cards are dealt again, a seat's information state and
    observation stay as they were; those of the other seats still holding cards change, since
    they saw their cards."""
    state = random_state(game(), seed=moves, moves=moves)
    for seat in range(4):
        others_changed = set()
        for draw in range(6):
            twin = state.resampled(seat, random.Random(draw))
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            others_changed |= {other for other in range(4)
                               if twin.information_state_string(other) != state.information_state_string(other)}
        assert others_changed == {other for other in range(4) if other != seat and holds_cards(state, other)}


def test_a_seat_s_strings_hold_none_of_another_seat_s_unplayed_cards():
    state = random_state(game(), seed=5, moves=30)
    for seat in range(4):
        said = set(state.information_state_string(seat).replace(":", " ").split())
        said |= set(state.observation_string(seat).replace(":", " ").split())
        for other in set(range(4)) - {seat}:
            assert not said & unplayed_codes(state, other)


def test_a_state_made_from_a_view_agrees_with_it():
    rules = house_rules.load("nap")
    hand = seeded_hand(rules, 5, seed=3)
    normal = NormalBot()
    while not hand.is_over:
        view = hand.view(hand.current_seat)
        state = state_of_view(view, random.Random(0))
        assert state.observation_string(view.seat) == seen(view)
        assert [openspiel_ramsli.ACTIONS[action] for action in state.legal_actions()] == sorted(
            view.legal, key=openspiel_ramsli.ACTION_ID.__getitem__)
        hand.apply(normal.choose(view, view.legal, random.Random(0)))


@pytest.mark.parametrize("search", ["ismcts", "mcts"])
def test_openspiel_s_searchers_choose_only_legal_actions_the_same_for_the_same_seed(search):
    player = OpenSpielPlayer(8, search)
    for seed in range(2):
        hand = seeded_hand(house_rules.load("classic"), 4, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            view = hand.view(hand.current_seat)
            action = player.choose(view, view.legal, random.Random(seed))
            assert action in view.legal
            assert player.choose(view, view.legal, random.Random(seed)) == action
            hand.apply(player.choose(view, view.legal, rng))


def test_a_match_scores_each_entry_deal_by_deal_and_the_scores_add_to_zero():
    match = play_match("classic", [OpenSpielPlayer(4)] + [NormalBot()] * 3, deals=2, seed=1)
    assert [len(scores) for scores in match.scores] == [2] * 4
    for deal in range(2):
        assert sum(scores[deal] for scores in match.scores) == pytest.approx(0.0)
    assert match.decision_ms[0]
    assert play_match("classic", [OpenSpielPlayer(4)] + [NormalBot()] * 3, deals=2, seed=1).scores == match.scores
