"""The 108 cards of Rami Simple (rule S1): two 52-card decks and four jokers.

A card is the shared ``Card`` of ``ramsli_tui.cards``; both decks print the same codes,
so each of the 52 cards appears twice, and the jokers are written ``X1`` (two of them)
and ``X2`` (two of them) as the two decks print them.  All four jokers are the same card
in a meld.  A hand is a plain list of cards (a multiset), shown in ``plain_order``.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ...cards import BIG_JOKER, LITTLE_JOKER, PLAIN_SUITS, Card, Rank

COPIES = 2  # each card is in the pack twice, once from each deck
FULL_DECK: tuple[Card, ...] = tuple(
    [Card.of(rank, suit) for suit in PLAIN_SUITS for rank in range(Rank.TWO, Rank.ACE + 1)] * COPIES
    + [BIG_JOKER, BIG_JOKER, LITTLE_JOKER, LITTLE_JOKER]
)
DECK_SIZE = len(FULL_DECK)  # 108
COUNTS = Counter(FULL_DECK)


def plain_order(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted by their codes in plain string order (``2C`` < ``AS`` < ``TD`` < ``X1``)."""
    return sorted(cards, key=lambda card: card.code)


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def low_rank(card: Card) -> int:
    """The rank with the ace low: A is 1, 2 to K are 2 to 13."""
    return 1 if card.rank == Rank.ACE else int(card.rank)

