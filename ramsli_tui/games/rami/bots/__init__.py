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

Normal and hard judge hands with ``shape`` (the cards still missing to go out, and the outs) and
read the others with ``reading`` (what each took face up and still holds, the unseen cards).
"""

from __future__ import annotations

from typing import Callable

from ....languages import N_
from ....languages.words import Words
from ...protocol import ComputerPlayer
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random import RandomPlayer

STRENGTHS: dict[str, Callable[[], ComputerPlayer]] = {
    "random": RandomPlayer, "easy": EasyPlayer, "normal": NormalPlayer, "hard": HardPlayer,
}


def make_rami_player(strength: str) -> ComputerPlayer:
    try:
        return STRENGTHS[strength]()
    except KeyError:
        # TRANSLATORS: {name} the computer player asked for, {strengths} the strengths there are (random, normal, hard)
        raise ValueError(Words(N_("unknown computer player '{name}'; choose from {strengths}"),
                               {"name": strength, "strengths": ", ".join(STRENGTHS)})) from None
