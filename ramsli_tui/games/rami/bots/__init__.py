"""Computer players of Rami Simple.

A computer player is a ``ComputerPlayer`` of the game protocol: it sees one seat's
``RamiView`` and the listed actions, and since going out is never listed, it goes out
through its view (``view.going_out()``) when it can.  ``STRENGTHS`` names those offered,
weakest first:

- ``random``: any listed action (``random``);
- ``easy``: a beginner, who sees only melds of three cards side by side and never
  takes the tournante (``easy``);
- ``normal``: the source's advice as named rules of thumb (``normal``);
- ``hard``: hands judged by the cards missing and their live outs over sampled worlds
  (``hard``, ``worlds``).

``MEASUREMENT_PLAYERS`` adds, for ``ramsli tournament --game rami`` only, ``hard-v1``, the
hard player frozen as issue 23 found it, and a panel of styles (``panel``: ``closed``,
``careless``, ``random-draw``).

Normal and hard judge hands with ``shape`` (the cards still missing to go out, and the outs) and
read the others with ``reading`` (what each took face up and still holds, the unseen cards).
"""

from __future__ import annotations

from typing import Callable

from ....languages import N_
from ....languages.words import Words
from ...protocol import ComputerPlayer
from .easy import EasyPlayer
from .hard import HardPlayer, HardV1Player
from .normal import NormalPlayer
from .panel import PANEL
from .random import RandomPlayer

STRENGTHS: dict[str, Callable[[], ComputerPlayer]] = {
    "random": RandomPlayer, "easy": EasyPlayer, "normal": NormalPlayer, "hard": HardPlayer,
}
MEASUREMENT_PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {**STRENGTHS, "hard-v1": HardV1Player, **PANEL}


def make_rami_player(strength: str) -> ComputerPlayer:
    """A computer player offered in the app, by name."""
    return _make(strength, STRENGTHS)


def make_rami_measurement_player(name: str) -> ComputerPlayer:
    """Any player a Rami match can seat, the frozen ``hard-v1`` included."""
    return _make(name, MEASUREMENT_PLAYERS)


def _make(name: str, players: dict[str, Callable[[], ComputerPlayer]]) -> ComputerPlayer:
    try:
        return players[name]()
    except KeyError:
        # TRANSLATORS: {name} the computer player asked for, {strengths} the strengths there are (random, normal, hard)
        raise ValueError(Words(N_("unknown computer player '{name}'; choose from {strengths}"),
                               {"name": name, "strengths": ", ".join(players)})) from None
