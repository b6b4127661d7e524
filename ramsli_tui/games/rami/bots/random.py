"""The random computer player of Rami Simple: it goes out when it can, and otherwise
takes any listed action, uniformly; for tests and baselines."""

from __future__ import annotations

import random
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import Action, RamiView


class RandomPlayer(ComputerPlayer):
    name = "random"

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        way = view.going_out()
        if way is not None:
            return Action.out(way.melds, way.discard)
        return legal[rng.randrange(len(legal))]
