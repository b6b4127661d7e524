"""A panel of Rami styles, for measurement only: opponents nobody tuned the hard player against.

Each is the normal player (the source's advice) with one habit of its own:

- ``closed``: never takes a card face up, always the talon's, so that the table learns
  nothing of its hand from what it takes;
- ``careless``: throws what the normal player would if nobody watched, never minding
  what the next seat has taken and holds;
- ``random-draw``: takes from the jetée, the tournante or the talon at random, then
  throws as the normal player does.

Each goes out the moment its cards do, as every computer player.  None of them is
offered in the app; ``ramsli tournament --game rami`` seats them by name.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import Action, Phase, RamiView
from .normal import NormalPlayer, decide
from .reading import Reading

NOBODY_WATCHED = Reading(held_by={}, last_pick={}, thrown={}, unseen=Counter())


class DrawingStyle(NormalPlayer):
    """The normal player, with its own rule for where it draws from."""

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is Phase.DRAW and len(legal) > 1:  # nobody goes out before drawing
            return self.draw(legal, rng)
        return super().choose(view, legal, rng)

    def draw(self, legal: Sequence[Action], rng: random.Random) -> Action:
        """The draw of this style among ``legal`` (the talon is always among them)."""
        raise NotImplementedError


class ClosedPlayer(DrawingStyle):
    name = "closed"

    def draw(self, legal: Sequence[Action], rng: random.Random) -> Action:
        return Action.draw("talon")


class RandomDrawPlayer(DrawingStyle):
    name = "random-draw"

    def draw(self, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


class CarelessPlayer(ComputerPlayer):
    """The normal player, who throws as if nobody watched its discards."""

    name = "careless"

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        return decide(view, legal, NOBODY_WATCHED)[0]


PANEL = {"closed": ClosedPlayer, "careless": CarelessPlayer, "random-draw": RandomDrawPlayer}
