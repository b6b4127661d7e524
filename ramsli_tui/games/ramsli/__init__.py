"""Ramsli, the tavern trick-taking stakes game: its rules, engine, records and computer players.

``rules`` builds a ``Ruleset`` from YAML; ``engine`` plays it (``Session`` is the game
protocol's ``Game``); ``records`` and ``replay_text`` are the hand records of
``ramsli replay``; ``bots`` the computer players; ``simulate`` and ``tournament``
measure them.  ``RAMSLI`` is the game as the table and the app's common parts know it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..protocol import ComputerPlayer
from . import rules as rulesets
from .bots import STRENGTHS, make_bot
from .bots.advice import advise
from .engine import Session
from .rules import Ruleset


class Ramsli:
    """The ``GameKind`` of Ramsli."""

    name = "ramsli"
    strengths = tuple(STRENGTHS)
    advice = staticmethod(advise)

    @staticmethod
    def load_rules(ruleset: str, starting_chips: int | None = None) -> Ruleset:
        """The ruleset, with the table's own starting chips when it has them (checked as
        the ruleset's own key would be)."""
        rules = rulesets.load(ruleset)
        if starting_chips is None:
            return rules
        if not 1 <= starting_chips <= rulesets.MAX_CHIPS:
            raise ValueError(f"starting chips must be from 1 to {rulesets.MAX_CHIPS:,}, not {starting_chips}")
        return replace(rules, starting_chips=starting_chips)

    @staticmethod
    def check_players(rules: Ruleset, players: int) -> None:
        rules.check_players(players)

    @staticmethod
    def new_game(rules: Ruleset, players: int, seed: int) -> Session:
        return Session(rules, players, random.Random(seed))

    @staticmethod
    def computer_player(strength: str) -> ComputerPlayer:
        return make_bot(strength)


RAMSLI = Ramsli()
