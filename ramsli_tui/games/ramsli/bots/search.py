"""Determinized Monte Carlo: judge each legal action by playing it out in many worlds.

Every world is played once per candidate action, with the same random numbers for
each (common random numbers), so that the actions are compared on the same guesses
and the same later luck.  The budget counts simulated actions, not seconds, and drawing a
world counts as ``WORLD_COST`` of them (a world is dearer to draw than an action is
to simulate), so that a search is deterministic for a given ``random.Random`` and
costs about the same whatever the phase of the hand or the number of players.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..engine import Action, Hand
from .worlds import Playout

WORLD_COST = 30


def best_action(
    legal: Sequence[Action],
    next_world: Callable[[], Hand],
    seat: int,
    playout: Playout,
    budget: int,
    rng: random.Random,
) -> Action:
    """The action of ``legal`` worth most to ``seat`` on average over the worlds drawn
    from ``next_world`` until ``budget`` is spent (at least one world)."""
    totals = [0.0] * len(legal)
    spent = 0
    while spent < budget:
        world = next_world()
        spent += WORLD_COST
        seed = rng.getrandbits(32)
        for i, action in enumerate(legal):
            trial = world.clone()
            trial.apply(action)
            value, cost = playout.finish(trial, seat, random.Random(seed))
            spent += 1 + cost
            totals[i] += value
    return legal[max(range(len(legal)), key=totals.__getitem__)]
