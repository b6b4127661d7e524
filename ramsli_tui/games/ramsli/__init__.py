"""Ramsli, the tavern trick-taking stakes game: its rules, engine, records and computer players.

``house_rules`` builds a ``Ruleset`` from YAML; ``engine`` plays it (``RamsliSession`` is the game
protocol's ``Game``); ``records`` and ``replay_text`` are the hand records of
``ramsli replay``, and ``facts`` a finished hand's facts for the history's statistics;
``bots`` the computer players; ``simulate`` and ``tournament``
measure them.  ``RAMSLI`` is the game as the table and the app's common parts know it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from ...languages import N_, ngettext
from ...languages.words import Words
from ..protocol import ComputerPlayer, Measured
from . import facts, records, steps
from . import house_rules
from .bots import STRENGTHS, make_ramsli_player
from .bots.advice import advise
from .engine import RamsliSession
from .house_rules import Ruleset


class Ramsli:
    """The ``GameKind`` of Ramsli."""

    name = "ramsli"
    title = "Ramsli"
    short_title = "Ramsli"
    default_ruleset = "classic"
    played_for_chips = True
    partner_label = None  # every player plays for themselves
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
        """Ramsli's files say nothing of their game: the house reads them when no other game claims them."""
        return False

    @staticmethod
    def claims_record(text: str) -> bool:
        """Ramsli's records say nothing of their game: the house reads them when no other game claims them."""
        return False

    @staticmethod
    def describe_hand(hand: Any, result: dict[str, Any]) -> str:
        from .replay_text import describe_hand

        return describe_hand(hand, result)

    @staticmethod
    def save_label(names: Sequence[str], ruleset: str, progress: str, view: Any, seat: int) -> str:
        """"classic, hand 7, Zora 23 chips": the person's chips."""
        chips = view.stacks[seat]
        # TRANSLATORS: a saved session's line in a list: "classic, hand 7, Zora 23 chips"
        return ngettext("{ruleset}, {progress}, {name} {count} chip", "{ruleset}, {progress}, {name} {count} chips",
                        chips).format(ruleset=ruleset, progress=progress, name=names[seat], count=chips)

    @staticmethod
    def load_rules(ruleset: str, starting_chips: int | None = None) -> Ruleset:
        """The ruleset, with the table's own starting chips when it has them (checked as
        the ruleset's own key would be)."""
        rules = house_rules.load(ruleset)
        if starting_chips is None:
            return rules
        if not 1 <= starting_chips <= house_rules.MAX_CHIPS:
            # TRANSLATORS: {most} a number ("1,000,000"), {chips} the number asked for
            raise ValueError(Words(N_("starting chips must be from 1 to {most}, not {chips}"),
                                   {"most": f"{house_rules.MAX_CHIPS:,}", "chips": starting_chips}))
        return replace(rules, starting_chips=starting_chips)

    @staticmethod
    def check_players(rules: Ruleset, players: int) -> None:
        rules.check_players(players)

    @staticmethod
    def new_game(rules: Ruleset, players: int, seed: int) -> RamsliSession:
        return RamsliSession(rules, players, random.Random(seed))

    @staticmethod
    def computer_player(strength: str) -> ComputerPlayer:
        return make_ramsli_player(strength)

    @staticmethod
    def measure(command, rules, players, bots, count, seed, lineup, advance, jobs=1) -> Measured:
        """``simulate``: many hands between computer players (random at every seat unless
        ``--bots`` says); ``tournament``: the same deals with the seats rotated (hard in
        the first seat, normal in the others unless it says).  Either checks the chips."""
        from .bots import MEASUREMENT_PLAYERS

        strengths = lineup(list(MEASUREMENT_PLAYERS)) if bots else None
        if command == "simulate":
            from .simulate import simulate, summary_text

            summary = simulate(rules, players, count, seed, strengths, advance)
            return Measured(summary, summary_text(summary), summary["chips_conserved"])
        from .tournament import summary_text, tournament

        result = tournament(rules, players, strengths, count, seed, advance, jobs)
        return Measured(result.as_json(), summary_text(result), result.chips_conserved)


RAMSLI = Ramsli()
