"""Helpers for the computer-player tests: seeded hands, random positions and quick search bots."""

import random

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import (
    AggressiveBot, ExactHardBot, HardBot, HardV1Bot, NormalBot, OmniscientBot, RandomBot, RandomInBot, TimidBot,
)
from ramsli_tui.games.ramsli.engine import Hand

QUICK_BUDGET = 150  # simulated actions per search decision: enough to exercise every path, fast


def bundled_rulesets():
    return sorted(house_rules.available())


def seeded_hand(ruleset, players: int, seed: int) -> Hand:
    """A fresh hand of ``ruleset``: deck shuffled by ``seed``, dealer by seed too."""
    deck = ruleset.cards()
    random.Random(seed).shuffle(deck)
    return Hand(ruleset, [ruleset.starting_chips] * players, seed % players, 0, deck)


def random_positions(ruleset, seed):
    """Every position of a hand played by random players: the fewest players the
    ruleset allows for an even seed, the most for an odd one."""
    players = ruleset.players.max if seed % 2 else ruleset.players.min
    hand = seeded_hand(ruleset, players, seed)
    rng = random.Random(seed)
    while not hand.is_over:
        yield hand
        hand.apply(RandomBot().choose(hand.view(hand.current_seat), hand.legal_actions(), rng))


def quick_bots():
    """One of each player, the measurement ones included; the searching ones on a small budget."""
    return {
        "random": RandomBot(),
        "normal": NormalBot(),
        "hard": HardBot(QUICK_BUDGET),
        "omniscient": OmniscientBot(QUICK_BUDGET),
        "hard-v1": HardV1Bot(QUICK_BUDGET),
        "hard-exact": ExactHardBot(QUICK_BUDGET),
        "aggressive": AggressiveBot(),
        "timid": TimidBot(),
        "random-in": RandomInBot(),
    }
