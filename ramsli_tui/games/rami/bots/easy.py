"""The easy computer player of Rami Simple: it plays like a beginner at their first game.

A beginner sees only the simplest melds, three cards side by side: a pair that a third
card of the rank would make a Tria, two cards of a suit in a row that the card just
above or below would make a Suivi.  So this player

- goes out when its cards go out (the table tells a beginner so too);
- never takes the tournante: it has not noticed that it may;
- takes the jetée's top card only when it makes three of the simplest kind with two
  cards it holds (``makes_a_simple_meld``), else draws from the talon;
- throws a card with the fewest partners beside it (the same rank, or the same suit one
  rank away), the highest first, and never a joker; it never weighs two-card gaps, the
  cards still missing, or what the next player picks up.

It uses no chance: the same view gives the same choice.
"""

from __future__ import annotations

import random
from typing import Sequence

from ....cards import Card
from ...protocol import ComputerPlayer
from ..deck import low_rank
from ..engine import Action, Phase, RamiView


class EasyPlayer(ComputerPlayer):
    name = "easy"

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        way = view.going_out()
        if way is not None:
            return Action.out(way.melds, way.discard)
        if view.phase is Phase.DRAW:
            return choose_draw(view, legal)
        return Action.discard(choose_discard(view.hand, [action.card for action in legal]))


def choose_draw(view: RamiView, legal: Sequence[Action]) -> Action:
    """The jetée's top when it makes a simple meld with the hand, else the talon."""
    if Action.draw("jetee") in legal and makes_a_simple_meld(view.hand, view.jetee[0]):
        return Action.draw("jetee")
    return Action.draw("talon") if Action.draw("talon") in legal else legal[0]


def makes_a_simple_meld(hand: Sequence[Card], card: Card) -> bool:
    """Would ``card`` make three of a kind (two of its rank held in other suits) or three
    in a row of its suit (two held next to it, with no gap) with cards of ``hand``?"""
    if card.is_joker:
        return False
    others = {(other.suit, low_rank(other)) for other in hand if not other.is_joker}
    same_rank_suits = {suit for suit, rank in others if rank == low_rank(card) and suit != card.suit}
    if len(same_rank_suits) >= 2:
        return True
    rank = low_rank(card)
    held = {rank for suit, rank in others if suit == card.suit}
    return any({rank + a, rank + b} <= held for a, b in ((-2, -1), (-1, 1), (1, 2)))


def partners(hand: Sequence[Card], card: Card) -> int:
    """How many cards of ``hand`` sit beside ``card``: of its rank in another suit, or of
    its suit one rank away."""
    return sum(1 for other in hand if not other.is_joker and beside(card, other))


def beside(card: Card, other: Card) -> bool:
    if card.rank == other.rank:
        return card.suit != other.suit
    return card.suit == other.suit and abs(low_rank(card) - low_rank(other)) == 1


def choose_discard(hand: Sequence[Card], choices: Sequence[Card]) -> Card:
    """The natural card with the fewest partners, the highest rank first; a joker only
    when nothing else may be thrown."""
    naturals = [card for card in choices if not card.is_joker] or list(choices)
    return min(naturals, key=lambda card: (partners(hand, card), -low_rank(card), card.code))
