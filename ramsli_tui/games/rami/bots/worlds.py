"""Guesses at the hidden cards of a Rami Simple hand, consistent with what a view shows.

A world deals the unseen cards (``reading.unseen``) to the other seats' hidden places
(a seat holds its count of cards, less those it is known to hold) and to the talon.
Each seat is dealt with weights that follow what it did: a card that could share a meld
with one it took face up is kept (more likely in its hand), one beside what it threw was
not wanted (less likely); a joker is as likely anywhere.  ``sample_worlds`` draws them
with a ``random.Random``, so the same seed gives the same worlds.  From them:
``in_talon``, the copies of each card to be expected in the talon.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ....cards import Card
from ..engine import RamiView
from .reading import NEIGHBOURS, Reading

KEPT_WEIGHT = 3.0  # beside a card the seat took face up
UNWANTED_WEIGHT = 0.3  # beside a card the seat threw


@dataclass(frozen=True)
class World:
    hands: dict[int, tuple[Card, ...]]  # every other seat's whole hand, the known cards with the guessed
    talon: tuple[Card, ...]


def sample_worlds(view: RamiView, reading: Reading, rng: random.Random, count: int) -> list[World]:
    pool = sorted(reading.unseen.elements())
    others = [seat for seat in range(view.players) if seat != view.seat]
    hidden = {seat: max(0, view.counts[seat] - len(reading.held_by[seat])) for seat in others}
    weights = {seat: _weights(pool, reading, seat) for seat in others}
    return [_world(pool, others, hidden, weights, reading, rng) for _ in range(count)]


def _weights(pool: list[Card], reading: Reading, seat: int) -> dict[Card, float]:
    """A joker is as likely anywhere: it says nothing of what a seat wants."""
    kept = _beside(reading.held_by[seat])
    unwanted = _beside(reading.thrown[seat])
    weights = {}
    for card in set(pool):
        if card in kept:
            weights[card] = KEPT_WEIGHT
        elif card in unwanted:
            weights[card] = UNWANTED_WEIGHT
        else:
            weights[card] = 1.0
    return weights


def _beside(cards) -> set[Card]:
    near: set[Card] = set()
    for card in cards:
        if not card.is_joker:
            near |= NEIGHBOURS[card]
    return near


def _world(pool, others, hidden, weights, reading: Reading, rng: random.Random) -> World:
    """One deal of ``pool``: each seat's hidden cards drawn by weight (the keys of
    Efraimidis and Spirakis, u to the power 1/w, the largest taken), the rest the talon."""
    left = list(range(len(pool)))
    hands = {}
    for seat in others:
        keyed = sorted(left, key=lambda at: rng.random() ** (1.0 / weights[seat][pool[at]]), reverse=True)
        chosen, left = keyed[:hidden[seat]], keyed[hidden[seat]:]
        hands[seat] = reading.held_by[seat] + tuple(pool[at] for at in chosen)
    return World(hands, tuple(pool[at] for at in sorted(left)))


def in_talon(worlds: list[World]) -> Counter:
    """The copies of each card to be expected in the talon, over ``worlds``."""
    total: Counter = Counter()
    for world in worlds:
        total.update(world.talon)
    return Counter({card: copies / len(worlds) for card, copies in total.items()})
