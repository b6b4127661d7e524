"""The 52 places of Rami Simple's cards, as the solver and the computer players count them.

A natural card has a place from 0 to 51: its rank with the ace low (A, 2, ... K), four
suits within a rank, so a rank's four suits are one nibble of a mask and a suit's cards
are four bits apart.  A hand is two masks of places (``held_masks``): those held at least
once and those held twice (the pack has each card twice); its jokers are counted apart.
``SUIVI_FOUND`` and ``TRIA_FOUND`` are the bits of what a search has found so far.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import PLAIN_SUITS, Card, Rank
from .deck import low_rank

SUITS = len(PLAIN_SUITS)
RANKS = 13
PLACES = SUITS * RANKS
ACE_HIGH = 14  # the ace's rank above the king, in a Suivi Q-K-A
SUIVI_FOUND, TRIA_FOUND = 1, 2


def place_of(card: Card) -> int:
    """The place of a natural card."""
    return (low_rank(card) - 1) * SUITS + int(card.suit)


def _card_at(place: int) -> Card:
    rank = place // SUITS + 1
    return Card.of(Rank.ACE if rank == 1 else rank, PLAIN_SUITS[place % SUITS])


_CARD_AT = tuple(_card_at(place) for place in range(PLACES))


def card_at(place: int) -> Card:
    """The natural card at ``place``."""
    return _CARD_AT[place]


def place_in_suit(rank: int, suit: int) -> int:
    """The place of a rank (1 to 13, or 14 for the ace high) in a suit."""
    return ((rank - 1) % RANKS) * SUITS + suit


def held_masks(cards: Iterable[Card]) -> tuple[int, int]:
    """The places of the natural cards among ``cards``: held at least once, and held twice."""
    once = twice = 0
    for card in cards:
        if not card.is_joker:
            bit = 1 << place_of(card)
            if once & bit:
                twice |= bit
            once |= bit
    return once, twice
