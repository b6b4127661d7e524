"""Shared helpers for the computer-player tests: seeded hands and quick search bots."""

import random

import pytest

from ramsli_tui import rules
from ramsli_tui.bots import HardBot, NormalBot, OmniscientBot, RandomBot
from ramsli_tui.engine import Hand

QUICK_BUDGET = 150  # simulated actions per search decision: enough to exercise every path, fast


def bundled_rulesets():
    return sorted(rules.available())


def seeded_hand(ruleset, players: int, seed: int) -> Hand:
    """A fresh hand of ``ruleset``: deck shuffled by ``seed``, dealer by seed too."""
    deck = ruleset.cards()
    random.Random(seed).shuffle(deck)
    return Hand(ruleset, [ruleset.starting_chips] * players, seed % players, 0, deck)


def quick_bots():
    """One of each player; the searching ones on a small budget."""
    return {
        "random": RandomBot(),
        "normal": NormalBot(),
        "hard": HardBot(QUICK_BUDGET),
        "omniscient": OmniscientBot(QUICK_BUDGET),
    }


@pytest.fixture
def classic():
    return rules.load("classic")
