"""Computer players.

A bot is a ``ComputerPlayer`` of the game protocol: it sees only its seat's
``RamsliView`` (never another seat's hidden cards) and the legal actions, and returns
one of them.  It is deterministic for a given ``random.Random``.  ``STRENGTHS`` maps the names offered in the app to factories,
weakest first; ``MEASUREMENT_PLAYERS`` adds players that exist only to measure the
others against (``ramsli tournament``): the omniscient player, which sees every card,
the frozen first hard player, and a panel of declaring styles.

- ``random``: any legal action (``random``);
- ``normal``: the advice of the source texts as rules of thumb (``normal``);
- ``hard``: determinized Monte Carlo search over the hidden cards (``hard``);
- ``omniscient``: the same search on the true cards (``omniscient``);
- ``hard-v1``: the hard player as first measured, its worlds played greedily to the end (``hard``);
- ``hard-exact``: the hard player with its worlds' last tricks solved exactly (``endgame``), under measurement;
- ``aggressive``, ``timid``, ``random-in``: the normal player's cards with other rules for going in (``panel``).
"""

from __future__ import annotations

from typing import Callable

from ....languages import N_
from ....languages.words import Words
from ...protocol import ComputerPlayer
from .hard import ExactHardBot, HardBot, HardV1Bot
from .normal import NormalBot
from .omniscient import OmniscientBot
from .panel import AggressiveBot, RandomInBot, TimidBot
from .random import RandomBot


STRENGTHS: dict[str, Callable[[], ComputerPlayer]] = {"random": RandomBot, "normal": NormalBot, "hard": HardBot}
MEASUREMENT_PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    **STRENGTHS, "omniscient": OmniscientBot, "hard-v1": HardV1Bot, "hard-exact": ExactHardBot,
    "aggressive": AggressiveBot, "timid": TimidBot, "random-in": RandomInBot,
}


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
    "AggressiveBot", "ExactHardBot", "HardBot", "HardV1Bot", "MEASUREMENT_PLAYERS", "NormalBot", "OmniscientBot",
    "RandomBot", "RandomInBot", "STRENGTHS", "TimidBot",
    "make_measurement_player", "make_ramsli_player",
]
