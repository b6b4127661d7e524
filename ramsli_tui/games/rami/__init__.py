"""Rami Simple, the rummy in which everything is laid down at once: rules, engine, solver, records.

``rules`` builds a ``RamiRules`` from YAML; ``melds`` says what a Suivi and a Tria are;
``solver`` answers "can this hand go out, and how"; ``engine`` plays the game
(``RamiSession`` is the game protocol's ``Game``); ``records`` and ``replay_text`` are
the hand records of ``ramsli replay``; ``bots`` the computer players and the hint
(``advice``).  ``RAMI`` is the game as the table and the app's common parts know it.
"""

from __future__ import annotations

import random

from ..protocol import ComputerPlayer
from . import rules as rulesets
from .bots import STRENGTHS, make_player
from .bots.advice import advise
from .engine import RamiSession
from .rules import RamiRules


class Rami:
    """The ``GameKind`` of Rami Simple."""

    name = "rami"
    strengths = tuple(STRENGTHS)
    advice = staticmethod(advise)

    @staticmethod
    def load_rules(ruleset: str, starting_chips: int | None = None) -> RamiRules:
        """The named (or file's) Rami ruleset.  Rami is played for points: a table of it
        has no starting chips."""
        if starting_chips is not None:
            raise ValueError("Rami Simple is played for points, not chips: a table of it has no starting chips")
        return rulesets.load(ruleset)

    @staticmethod
    def check_players(rules: RamiRules, players: int) -> None:
        rules.check_players(players)

    @staticmethod
    def new_game(rules: RamiRules, players: int, seed: int) -> RamiSession:
        return RamiSession(rules, players, random.Random(seed))

    @staticmethod
    def computer_player(strength: str) -> ComputerPlayer:
        return make_player(strength)


RAMI = Rami()
