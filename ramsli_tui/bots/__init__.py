"""Computer players.

A bot sees only its seat's ``PlayerView`` (never another seat's hidden cards) and the
legal actions, and returns one of them.  It is deterministic for a given
``random.Random``.  ``STRENGTHS`` maps the names offered in the app to factories.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from ..engine import Action, PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Any legal action, uniformly: for tests and as a baseline."""

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


STRENGTHS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def make_bot(strength: str) -> Bot:
    try:
        return STRENGTHS[strength]()
    except KeyError:
        raise ValueError(f"unknown computer player '{strength}'; choose from {', '.join(STRENGTHS)}") from None
