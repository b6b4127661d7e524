"""The omniscient player, for measurement only: it sees every card.

It runs the hard player's search on the one true world instead of guessed ones, with
the same budget, so the gap between the two is the price of not seeing the cards: the
upper bound the others are measured against in the tournament.  It is never offered
in the app.  Before each choice it is let ``watch`` the real game (games/protocol.py's ``decide``).
"""

from __future__ import annotations

import random
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import Action, Hand, RamsliView
from .hard import DEFAULT_BUDGET
from .inference import read
from .search import best_action
from .worlds import Playout


class OmniscientBot(ComputerPlayer):
    name = "omniscient"

    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget
        self.hand: Hand | None = None

    def watch(self, game) -> None:
        """Shown the game it is about to play in, every card face up."""
        self.hand = game.current_hand

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        truth = self.hand
        if truth is None or truth.current_seat != view.seat or truth.number != view.number:
            raise RuntimeError("the omniscient player must watch the hand it plays in")
        playout = Playout(view.rules, read(view).in_play)
        return best_action(legal, truth.clone, view.seat, playout, self.budget, rng)
