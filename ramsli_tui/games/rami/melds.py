"""What a meld is in Rami Simple: a Suivi, a Tria, or a reason why it is neither.

Rules S1, S4, S5 and S6 of docs/rules.md:

- a Suivi is 3 or more cards of one suit in sequence, the ace low (A-2-3) or high
  (Q-K-A) but never in the middle (K-A-2);
- a Tria is 3 or 4 cards of one rank, no suit twice;
- a joker stands for any missing card, at most one joker in a meld; every joker is the
  same card here, X1 or X2.

``meld_kind`` answers "suivi" or "tria", or raises ``BadMeld`` whose ``problem`` is
the id of the reason (the engine words it: ``tria_suit_twice`` is "a Tria may not hold
a suit twice").  The engine judges a going-out with it; the solver's answers are tested
against it.
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from .deck import low_rank

SUIVI = "suivi"
TRIA = "tria"
MELD_MIN = 3
TRIA_MAX = 4
RANKS_IN_A_SUIT = 13


class BadMeld(ValueError):
    """Cards that are not a meld; ``problem`` says why, as a message id."""

    def __init__(self, problem: str):
        super().__init__(problem)
        self.problem = problem


def meld_kind(cards: Sequence[Card]) -> str:
    """``SUIVI`` or ``TRIA``; BadMeld naming the first thing wrong."""
    if len(cards) < MELD_MIN:
        raise BadMeld("meld_too_short")
    naturals = [card for card in cards if not card.is_joker]
    jokers = len(cards) - len(naturals)
    if jokers > 1:
        raise BadMeld("meld_two_jokers")
    if len({card.rank for card in naturals}) == 1:
        _check_tria(naturals, len(cards))
        return TRIA
    if len({card.suit for card in naturals}) == 1:
        _check_suivi(naturals, jokers)
        return SUIVI
    raise BadMeld("not_a_meld")


def _check_tria(naturals: Sequence[Card], size: int) -> None:
    if len({card.suit for card in naturals}) < len(naturals):
        raise BadMeld("tria_suit_twice")
    if size > TRIA_MAX:
        raise BadMeld("tria_too_long")


def _check_suivi(naturals: Sequence[Card], jokers: int) -> None:
    if len({card.rank for card in naturals}) < len(naturals):
        raise BadMeld("suivi_rank_twice")
    size = len(naturals) + jokers
    if size > RANKS_IN_A_SUIT:
        raise BadMeld("suivi_too_long")
    low = [low_rank(card) for card in naturals]
    high = [int(card.rank) for card in naturals]  # the ace high: 14
    if _gaps(low) <= jokers or _gaps(high) <= jokers:
        return
    if _gaps_round_the_corner(low) <= jokers:
        raise BadMeld("ace_in_middle")
    raise BadMeld("suivi_gap")


def _gaps(ranks: Sequence[int]) -> int:
    """How many ranks are missing between the lowest and the highest of ``ranks``."""
    return max(ranks) - min(ranks) + 1 - len(ranks)


def _gaps_round_the_corner(ranks: Sequence[int]) -> int:
    """The fewest ranks missing if a Suivi could go on from the king to the ace and the
    two (K-A-2), which it may not: the shortest arc of the circle of ranks holding them all."""
    ordered = sorted(ranks)
    widest = max(b - a for a, b in zip(ordered, ordered[1:] + [ordered[0] + RANKS_IN_A_SUIT]))
    return RANKS_IN_A_SUIT - widest + 1 - len(ranks)
