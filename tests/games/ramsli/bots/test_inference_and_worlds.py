"""What a view reveals (``inference``) is always true of the real hand, and the worlds
built from it (``worlds``) are hands the engine accepts, equal to the real one when
given the real cards."""

import random

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots.inference import can_serve, read
from ramsli_tui.games.ramsli.bots.value import utility
from ramsli_tui.games.ramsli.bots.worlds import Playout, build_world
from ramsli_tui.cards import mask_of, parse_cards

from tests.kits.bots import bundled_rulesets, random_positions, seeded_hand

HANDS_PER_RULESET = 10


@pytest.mark.parametrize("name", bundled_rulesets())
def test_what_a_view_reveals_is_true_of_the_real_hand(name):
    ruleset = house_rules.load(name)
    for seed in range(HANDS_PER_RULESET):
        for hand in random_positions(ruleset, seed):
            reading = read(hand.view(hand.current_seat))
            for seat, count in reading.to_deal.items():
                assert hand.holdings[seat] & ~reading.unseen == 0
                assert hand.holdings[seat] & reading.forbidden[seat] == 0
                assert hand.holdings[seat].bit_count() == count


@pytest.mark.parametrize("name", bundled_rulesets())
def test_guessed_deals_respect_the_reading_and_replay_legally(name):
    ruleset = house_rules.load(name)
    rng = random.Random(name)
    for seed in range(HANDS_PER_RULESET):
        for hand in random_positions(ruleset, seed):
            view = hand.view(hand.current_seat)
            reading = read(view)
            holdings = reading.deal(rng)
            taken = 0
            for seat, holding in holdings.items():
                assert holding.bit_count() == reading.to_deal[seat]
                assert holding & ~reading.unseen == 0 and holding & reading.forbidden[seat] == 0
                assert holding & taken == 0
                taken |= holding
            world = build_world(view, reading, holdings)
            assert world.view(view.seat).tricks == view.tricks
            assert tuple(world.legal_actions()) == tuple(view.legal)


@pytest.mark.parametrize("name", bundled_rulesets())
def test_a_world_built_from_the_real_cards_is_the_real_hand(name):
    ruleset = house_rules.load(name)
    for seed in range(HANDS_PER_RULESET):
        for hand in random_positions(ruleset, seed):
            view = hand.view(hand.current_seat)
            reading = read(view)
            truth = {seat: hand.holdings[seat] for seat in reading.to_deal}
            world = build_world(view, reading, truth)
            for seat in reading.to_deal:
                assert world.holdings[seat] == hand.holdings[seat]
            for attribute in ("phase", "current_seat", "pot", "stacks", "declarations", "active", "announcement", "tricks_won"):
                assert getattr(world, attribute) == getattr(hand, attribute), attribute


def test_a_finished_world_is_worth_its_chips_plus_a_share_of_the_pot(classic):
    for seed in range(20):
        hand = seeded_hand(classic, 4, seed)
        value, _ = Playout(classic, read(hand.view(0)).in_play).finish(hand, 0, random.Random(seed))
        values = [utility(hand, seat) for seat in range(4)]
        assert value == values[0]
        assert sum(values) == pytest.approx(0)
        assert values[0] == hand.settlement.changes[0] + (hand.pot - hand.start_pot) / 4


def test_hall_condition_tells_possible_deals_from_impossible_ones():
    spades = mask_of(parse_cards("7S 8S 9S"))
    hearts = mask_of(parse_cards("7H 8H"))
    free = spades | hearts
    assert can_serve([(spades, 2), (free, 3)], free)
    assert not can_serve([(hearts, 3)], free)
    assert not can_serve([(hearts, 1), (hearts, 1), (hearts, 1)], free)
    assert not can_serve([(free, 4), (free, 2)], free)
