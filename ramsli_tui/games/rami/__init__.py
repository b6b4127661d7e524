"""Rami Simple, the rummy in which everything is laid down at once: rules, engine, solver, records.

``house_rules`` builds a ``RamiRules`` from YAML; ``melds`` says what a Suivi and a Tria are;
``solver`` answers "can this hand go out, and how"; ``engine`` plays the game
(``RamiSession`` is the game protocol's ``Game``); ``records`` and ``replay_text`` are
the hand records of ``ramsli replay``, and ``facts`` a finished hand's facts for the
history's statistics; ``bots`` the computer players and the hint
(``advice``).  ``RAMI`` is the game as the table and the app's common parts know it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

from ...languages import N_, _
from ..protocol import ComputerPlayer, Measured
from . import facts, records, steps
from . import house_rules
from .bots import MEASUREMENT_PLAYERS, STRENGTHS, make_rami_player
from .bots.advice import advise
from .engine import RamiSession
from .house_rules import RamiRules


class Rami:
    """The ``GameKind`` of Rami Simple."""

    name = "rami"
    title = "Rami Simple"
    short_title = "Rami"
    default_ruleset = "simple"
    played_for_chips = False
    partner_label = N_("Your partner")  # two against two: the seat opposite is the person's side
    strengths = tuple(STRENGTHS)
    stand_in_strength = "normal"
    advice = staticmethod(advise)
    rules = house_rules
    records = records
    steps = steps  # a finished hand told step by step, for the hand viewer
    facts = facts  # a finished hand's facts, seat by seat, for the history's statistics

    @staticmethod
    def rulesets() -> dict[str, Path]:
        return house_rules.available()

    @staticmethod
    def claims_ruleset(path: Path) -> bool:
        return house_rules.is_rami_ruleset(path)

    @staticmethod
    def claims_record(text: str) -> bool:
        return records.claims(text)

    @staticmethod
    def describe_hand(hand: Any, result: dict[str, Any]) -> str:
        from .replay_text import describe_hand

        return describe_hand(hand, result)

    @staticmethod
    def save_label(names: Sequence[str], ruleset: str, progress: str, view: Any, seat: int) -> str:
        """"Rami Simple, simple, hand 3, Zora 100 – Anna 200 points": each side's points."""
        return f"Rami Simple, {ruleset}, {progress}, {points(names, view.scores)}"

    @staticmethod
    def load_rules(ruleset: str, starting_chips: int | None = None) -> RamiRules:
        """The named (or file's) Rami ruleset.  Rami is played for points: a table of it
        has no starting chips."""
        if starting_chips is not None:
            raise ValueError("Rami Simple is played for points, not chips: a table of it has no starting chips")
        return house_rules.load(ruleset)

    @staticmethod
    def check_players(rules: RamiRules, players: int) -> None:
        rules.check_players(players)

    @staticmethod
    def new_game(rules: RamiRules, players: int, seed: int) -> RamiSession:
        return RamiSession(rules, players, random.Random(seed))

    @staticmethod
    def computer_player(strength: str) -> ComputerPlayer:
        return make_rami_player(strength)

    @staticmethod
    def measure(command, rules, players, bots, count, seed, lineup, advance, jobs=1) -> Measured:
        """Either command measures two strengths (``--bots first,second``; hard and normal
        unless it says) on the same deals, each played twice with the sides swapped."""
        from .simulate import match, summary_text

        pair = [name.strip() for name in (bots or "hard,normal").split(",")]
        if len(pair) != 2 or pair[0] == pair[1] or any(name not in MEASUREMENT_PLAYERS for name in pair):
            raise ValueError(f"--bots names two different strengths at Rami, first,second, each of "
                             f"{', '.join(MEASUREMENT_PLAYERS)}")
        result = match(pair, players, count, seed, rules, advance, jobs)
        return Measured(result.as_json(), summary_text(result), True)


def points(names: Sequence[str], scores: tuple[int, int]) -> str:
    """Each side's points, its players named: "Zora 100 – Anna 200 points", two against
    two "Zora & Carlo 0 – Anna & Dora 200 points" (a side is every other seat)."""
    sides = [" & ".join(names[side::2]) for side in (0, 1)]
    # TRANSLATORS: both sides' points in a saved game's line: "Zora 100 – Anna 200 points"
    return _("{side} {points} – {other_side} {other_points} points").format(
        side=sides[0], points=scores[0], other_side=sides[1], other_points=scores[1])


RAMI = Rami()
