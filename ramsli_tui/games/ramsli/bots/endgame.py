"""Exact play of a world's last tricks: every seat plays the card best for itself.

Once few cards are left, a world (every hand known) is played out exactly instead of by
the greedy playout: a search over every legal card of every seat to the end of the
hand, each seat choosing the card worth most chips to itself (the max-n rule of
multi-player games), the first such card by index on a tie.  A hand's end is valued
with ``Hand.settlement_if_won`` once per way the tricks can fall, and positions at the
start of a trick are remembered, since several orders of play reach them.

``solvable`` says when a position is small enough: at most ``LEAF_LIMIT`` ways for the
seats in play to order the cards they hold (two cards each at any table, three each
with three players in).
"""

from __future__ import annotations

from math import factorial

from ..engine import Hand, Phase
from ..engine.follow import Standing, after_play, play_rule
from .value import utilities

LEAF_LIMIT = 256


def solvable(hand: Hand) -> bool:
    """Is ``hand`` in play with few enough cards left to be solved exactly?"""
    if hand.phase is not Phase.PLAY:
        return False
    orders = 1
    for seat in hand.active:
        orders *= factorial(hand.holdings[seat].bit_count())
    return orders <= LEAF_LIMIT


class Endgame:
    """The exact value of one world's remaining tricks, for every seat."""

    __slots__ = ("hand", "trump_mask", "must_head", "next_active", "in_play", "ends", "trick_starts", "nodes")

    def __init__(self, hand: Hand):
        self.hand = hand
        self.trump_mask = hand.trump_mask
        self.must_head = hand.rules.must_head
        self.next_active = hand.next_active
        self.in_play = len(hand.active)
        self.ends: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.trick_starts: dict[tuple, tuple[float, ...]] = {}
        self.nodes = 0  # cards tried, the cost of the search

    def values(self) -> tuple[float, ...]:
        """What the hand is worth to each seat when every seat plays its best from here."""
        hand = self.hand
        return self._turn(list(hand.holdings), hand.standing, len(hand.plays), hand.current_seat, tuple(hand.tricks_won))

    def _turn(self, holdings: list[int], standing: Standing | None, played: int, seat: int,
              won: tuple[int, ...]) -> tuple[float, ...]:
        """The values when ``seat`` is to play the trick's card number ``played``."""
        best: tuple[float, ...] | None = None
        legal = play_rule(holdings[seat], standing, self.trump_mask, self.must_head).legal
        while legal:
            bit = legal & -legal
            legal ^= bit
            self.nodes += 1
            holdings[seat] ^= bit
            after = after_play(standing, seat, bit.bit_length() - 1, self.trump_mask)
            if played + 1 < self.in_play:
                values = self._turn(holdings, after, played + 1, self.next_active[seat], won)
            else:
                values = self._next_trick(holdings, after.best_seat, won)
            holdings[seat] ^= bit
            if best is None or values[seat] > best[seat]:
                best = values
        return best

    def _next_trick(self, holdings: list[int], winner: int, won: tuple[int, ...]) -> tuple[float, ...]:
        won = won[:winner] + (won[winner] + 1,) + won[winner + 1:]
        if not holdings[winner]:
            return self._end(won)
        key = (winner, won, *holdings)
        values = self.trick_starts.get(key)
        if values is None:
            values = self.trick_starts[key] = self._turn(holdings, None, 0, winner, won)
        return values

    def _end(self, won: tuple[int, ...]) -> tuple[float, ...]:
        values = self.ends.get(won)
        if values is None:
            values = self.ends[won] = utilities(self.hand, self.hand.settlement_if_won(won))
        return values
