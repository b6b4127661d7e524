"""What happened in a game of Rami Simple: small immutable events, each saying who may see it.

Everything is public except the cards dealt to a seat and the card it draws from the
talon (``CardsDealt``, ``TalonCardDrawn``: ``private_to`` that seat).  Everyone sees
that a seat drew from the talon (``Drew`` without a card), and which card it took from
the jetée or the tournante (``Drew`` with it).  ``CardsDealt`` is the game protocol's
own, the same in every game.
"""

from __future__ import annotations

from typing import NamedTuple

from ....cards import Card
from ...protocol import CardsDealt


class HandStarted(NamedTuple):
    number: int
    dealer: int
    scores: tuple[int, int]  # per side, before this hand

    private_to = None


class Drew(NamedTuple):
    """S8: ``seat`` took a card from ``source``; ``card`` is None from the talon (face down)."""

    seat: int
    source: str
    card: Card | None

    private_to = None


class TalonCardDrawn(NamedTuple):
    """The card ``seat`` drew from the talon, for that seat's eyes only."""

    seat: int
    card: Card

    @property
    def private_to(self) -> int:
        return self.seat


class Discarded(NamedTuple):
    """``seat`` threw ``card``: onto the jetée, or set apart as the tournante (S10)."""

    seat: int
    card: Card
    tournante: bool = False

    private_to = None


class TournanteBuried(NamedTuple):
    """S10: nobody took the tournante in the first round: it goes under the jetée."""

    card: Card

    private_to = None


class TalonReshuffled(NamedTuple):
    """S11: the talon ran out; the jetée less its top card is the new talon, face down."""

    cards: int

    private_to = None


class WentOut(NamedTuple):
    """S13: ``seat`` laid ``melds`` and discarded ``discard``, ending the hand."""

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    discard: Card

    private_to = None


class HandScored(NamedTuple):
    """S14: the losing side got ``points``; ``scores`` per side after it."""

    number: int
    winner: int  # the seat that went out
    losing_side: int
    points: int
    scores: tuple[int, int]

    private_to = None


class GameEnded(NamedTuple):
    """A side reached the losing total and lost the game."""

    loser: int  # the losing side: 0 (seat 0, or seats 0 and 2) or 1
    scores: tuple[int, int]

    private_to = None


Event = (
    HandStarted | CardsDealt | Drew | TalonCardDrawn | Discarded | TournanteBuried | TalonReshuffled
    | WentOut | HandScored | GameEnded
)
