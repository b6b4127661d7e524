"""The frozen hard player (``hard-v1``) plays as the hard player did when issue 23 began.

The hands below were recorded from the hard player of commit caedef9, every seat
hard, at its default budget: a yardstick is only one if it cannot move, so a change to
the search, the worlds or the inference that it shares with the new hard player must
leave every one of these actions as it was.
"""

import random

import pytest

from ramsli_tui.games.protocol import play_out
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import HardV1Bot
from ramsli_tui.games.ramsli.engine import Hand

RECORDED = {
    ("classic", 4, 0): "in in in out AS 8S 7S QD JS AD KS QC 9D 9C KC KH QH AH TH",
    ("classic", 4, 1): "in in out in QS KS 8S KC 7C 8C 9C QC TD QH AH KD AD QD 9D",
    ("nap", 5, 2): "in in out in in pass nap:2 pass pass 8S 8D AS 7S JH AH TH 7D QS QD 9D TS KH QH KD JD 7C 9S 9C QC",
    ("modern-52", 6, 3): "out out in in in out 5S 5H JS AH 3H JH 4D AD KH JC AC QH TD 3C TC",
}


@pytest.mark.parametrize(("ruleset", "players", "deal"), list(RECORDED), ids=lambda value: str(value))
def test_the_frozen_hard_player_makes_the_recorded_choices(ruleset, players, deal):
    rules = house_rules.load(ruleset)
    deck = rules.cards()
    random.Random(f"pin/{deal}").shuffle(deck)
    hand = Hand(rules, [rules.starting_chips] * players, deal % players, 0, deck)
    play_out(hand, {seat: HardV1Bot() for seat in range(players)},
             {seat: random.Random(f"pin/{deal}/{seat}") for seat in range(players)})
    assert " ".join(str(action) for _, action in hand.actions) == RECORDED[ruleset, players, deal]
