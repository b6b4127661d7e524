"""The random computer player: any legal action, uniformly; for tests and baselines."""

from __future__ import annotations

import random
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import Action, RamsliView


class RandomBot(ComputerPlayer):
    name = "random"

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
