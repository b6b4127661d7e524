"""Sampled worlds agree with the view: every seat holds its count, the cards it is known
to hold among them, the talon its size, and all 108 cards are accounted for."""

import random
from collections import Counter

from ramsli_tui.games.rami.bots.reading import read
from ramsli_tui.games.rami.bots.worlds import in_talon, sample_worlds
from ramsli_tui.games.rami.deck import COUNTS

from tests.games.rami.bots.kit import decisions, lineup, session


def test_worlds_hold_every_card_once_and_what_each_seat_is_known_to_hold():
    game = session(4, 3)
    checked = 0
    for seat, view, legal, action in decisions(game, lineup(["normal"], 4), 3)[::7]:
        reading = read(view)
        worlds = sample_worlds(view, reading, random.Random(1), 3)
        for world in worlds:
            assert len(world.talon) == view.talon
            everything = Counter(view.hand) + Counter(view.jetee) + Counter(world.talon)
            if view.tournante is not None:
                everything[view.tournante] += 1
            for other, cards in world.hands.items():
                assert len(cards) == view.counts[other]
                assert not Counter(reading.held_by[other]) - Counter(cards)
                everything.update(cards)
            assert everything == COUNTS
            checked += 1
        expected = in_talon(worlds)
        assert abs(sum(expected.values()) - view.talon) < 1e-9
    assert checked >= 12


def test_the_same_seed_gives_the_same_worlds():
    game = session(2, 4)
    seat, view, _, _ = decisions(game, lineup(["normal"], 2), 4)[9]
    reading = read(view)
    assert sample_worlds(view, reading, random.Random(2), 4) == sample_worlds(view, reading, random.Random(2), 4)
