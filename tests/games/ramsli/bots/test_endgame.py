"""The exact solver of the last tricks agrees with a brute-force search over the engine."""

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots.endgame import Endgame, solvable
from ramsli_tui.games.ramsli.bots.value import utilities
from ramsli_tui.games.ramsli.engine import Phase

from tests.kits.bots import random_positions


def brute_force(hand) -> tuple[float, ...]:
    """Every seat's value when each plays the card best for itself, the lowest card
    first on a tie: the engine's own legal cards and settlement, tried one by one."""
    if hand.is_over:
        return utilities(hand, hand.settlement)
    seat = hand.current_seat
    best = None
    for action in sorted(hand.legal_actions(), key=lambda action: action.card):
        twin = hand.clone()
        twin.apply(action)
        values = brute_force(twin)
        if best is None or values[seat] > best[seat]:
            best = values
    return best


def small_positions(ruleset_name: str, seeds: range):
    """Positions of random play that the solver takes on."""
    ruleset = house_rules.load(ruleset_name)
    for seed in seeds:
        for hand in random_positions(ruleset, seed):
            if solvable(hand):
                yield hand.clone()


@pytest.mark.parametrize("ruleset", ["classic", "nap", "general-rams", "rounce", "jokers", "double-penalty"])
def test_the_solver_gives_every_seat_the_brute_force_value(ruleset):
    solved = 0
    for hand in small_positions(ruleset, range(24)):
        assert Endgame(hand).values() == pytest.approx(brute_force(hand))
        solved += 1
    assert solved > 24


def test_a_solved_position_is_worth_what_its_best_play_gives_when_played(classic):
    """Playing out the solver's own choices reaches the values it promised."""
    for hand in small_positions("classic", range(10)):
        promised = Endgame(hand).values()
        while not hand.is_over:
            seat = hand.current_seat
            choices = sorted(hand.legal_actions(), key=lambda action: action.card)
            worth = []
            for action in choices:
                twin = hand.clone()
                twin.apply(action)
                worth.append(utilities(twin, twin.settlement)[seat] if twin.is_over else Endgame(twin).values()[seat])
            hand.apply(choices[worth.index(max(worth))])
        assert utilities(hand, hand.settlement) == pytest.approx(promised)


def test_only_play_with_few_cards_left_is_solved(classic):
    for hand in random_positions(classic, 3):
        cards_left = max(hand.holdings[seat].bit_count() for seat in hand.active) if hand.active else 5
        if solvable(hand):
            assert cards_left <= 3
        elif hand.phase is Phase.PLAY and cards_left <= 2:
            pytest.fail("a play with two cards each left must be solvable")
