"""Computer players.

A bot is a ``ComputerPlayer`` of the game protocol: it sees only its seat's
``RamsliView`` (never another seat's hidden cards) and the legal actions, and returns
one of them.  It is deterministic for a given ``random.Random``.  ``STRENGTHS`` maps the names offered in the app to factories,
weakest first; ``MEASUREMENT_PLAYERS`` adds the omniscient player, which sees every
card and exists only to measure the others against (``ramsli tournament``).

- ``random``: any legal action (``random``);
- ``normal``: the advice of the source texts as rules of thumb (``normal``);
- ``hard``: determinized Monte Carlo search over the hidden cards (``hard``);
- ``omniscient``: the same search on the true cards (``omniscient``).
"""

from __future__ import annotations

from typing import Callable

from ....languages import N_
from ....languages.words import Words
from ...protocol import ComputerPlayer
from .hard import HardBot
from .normal import NormalBot
from .omniscient import OmniscientBot
from .random import RandomBot


STRENGTHS: dict[str, Callable[[], ComputerPlayer]] = {"random": RandomBot, "normal": NormalBot, "hard": HardBot}
MEASUREMENT_PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {**STRENGTHS, "omniscient": OmniscientBot}


def make_ramsli_player(strength: str) -> ComputerPlayer:
    """A computer player offered in the app, by name."""
    return _make(strength, STRENGTHS)


def make_measurement_player(name: str) -> ComputerPlayer:
    """Any player the tournament can seat, the omniscient one included."""
    return _make(name, MEASUREMENT_PLAYERS)


def _make(name: str, players: dict[str, Callable[[], ComputerPlayer]]) -> ComputerPlayer:
    try:
        return players[name]()
    except KeyError:
        # TRANSLATORS: {name} the computer player asked for, {strengths} the strengths there are (random, normal, hard)
        raise ValueError(Words(N_("unknown computer player '{name}'; choose from {strengths}"),
                               {"name": name, "strengths": ", ".join(players)})) from None


__all__ = [
    "HardBot", "MEASUREMENT_PLAYERS", "NormalBot", "OmniscientBot", "RandomBot", "STRENGTHS",
    "make_measurement_player", "make_ramsli_player",
]
