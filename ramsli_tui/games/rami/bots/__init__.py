"""Computer players of Rami Simple.

A computer player is a ``ComputerPlayer`` of the game protocol: it sees one seat's
``RamiView`` and the listed actions, and since going out is never listed, it goes out
through its view (``view.going_out()``) when it can.  ``STRENGTHS`` names those offered,
weakest first.
"""

from __future__ import annotations

from typing import Callable

from ...protocol import ComputerPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random import RandomPlayer

STRENGTHS: dict[str, Callable[[], ComputerPlayer]] = {"random": RandomPlayer, "normal": NormalPlayer, "hard": HardPlayer}


def make_player(strength: str) -> ComputerPlayer:
    try:
        return STRENGTHS[strength]()
    except KeyError:
        raise ValueError(f"unknown computer player '{strength}'; choose from {', '.join(STRENGTHS)}") from None
