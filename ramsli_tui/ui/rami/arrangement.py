"""How the person keeps their Rami hand: the cards in the order they chose, in groups.

A hand of Rami is a multiset (two decks: a card may be held twice).  ``Arrangement``
keeps the person's order and their groups while cards come and go: a card that leaves
takes its place with it, a card that comes is put at the right end.  The person sorts it
by suit or by rank, moves one card left or right (past the end of a group it joins the
next one), or has it laid out in melds, each meld a group of its own.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...cards import Card
from ...games.rami.deck import low_rank
from ...games.rami.solver import arrangement

SMALLEST_GOING_OUT = 6  # a Suivi and a Tria of three
IN_MELDS = 13  # the cards a going-out lays down (S13)

GAP = None  # between two groups of cards


def by_suit(card: Card) -> tuple[int, int]:
    """Suit by suit, each by rank with the ace low; jokers last."""
    return (int(card.suit), low_rank(card))


def by_rank(card: Card) -> tuple[int, int]:
    """Rank by rank with the ace low, suits in order within one; jokers last."""
    return (99 if card.is_joker else low_rank(card), int(card.suit))


class Arrangement:
    """The person's order of their cards, ``GAP`` between groups."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self.items: list[Card | None] = list(cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(item for item in self.items if item is not GAP)

    def groups(self) -> list[tuple[Card, ...]]:
        """The cards in their groups, left to right."""
        groups: list[list[Card]] = [[]]
        for item in self.items:
            if item is GAP:
                groups.append([])
            else:
                groups[-1].append(item)
        return [tuple(group) for group in groups if group]

    def follow(self, hand: Sequence[Card]) -> int:
        """The cards are now ``hand``: those gone leave their places, those new come at the
        end (a new deal, sorted by suit).  How many came."""
        wanted = Counter(hand)
        kept: list[Card | None] = []
        for item in self.items:
            if item is GAP:
                kept.append(GAP)
            elif wanted[item] > 0:
                wanted[item] -= 1
                kept.append(item)
        new = []
        for card in hand:
            if wanted[card] > 0:
                wanted[card] -= 1
                new.append(card)
        self.items = kept + (sorted(new, key=by_suit) if len(new) > 1 else new)
        self._tidy()
        return len(new)

    def sort(self, key) -> None:
        self.items = sorted(self.cards, key=key)

    def lay_out(self, groups: Sequence[Sequence[Card]]) -> None:
        """These groups (melds, then what is left over) in this order."""
        items: list[Card | None] = []
        for group in groups:
            if group:
                items += [*group, GAP]
        self.items = items
        self._tidy()

    def move(self, place: int, step: int) -> int:
        """Move the card at ``place`` (counting cards only) one step left (-1) or right (+1);
        at the edge of its group it first crosses into the next group.  Its new place."""
        index = self._index(place)
        target = index + step
        if not 0 <= target < len(self.items):
            return place
        self.items[index], self.items[target] = self.items[target], self.items[index]
        moved_to = self._place(target)  # tidying takes gaps away, never cards
        self._tidy()
        return moved_to

    def move_to(self, place: int, target: int) -> int:
        """Move the card at ``place`` to where the card at ``target`` is, into that card's
        group: after it when moving right, before it when moving left.  Its new place."""
        card = self.items.pop(self._index(place))
        if target > place:
            self.items.insert(self._index(target - 1) + 1, card)
        else:
            self.items.insert(self._index(target), card)
        self._tidy()
        return target

    def _index(self, place: int) -> int:
        """The index in ``items`` of the card at ``place``."""
        seen = -1
        for index, item in enumerate(self.items):
            if item is not GAP:
                seen += 1
                if seen == place:
                    return index
        raise IndexError(place)

    def _place(self, index: int) -> int:
        return sum(1 for item in self.items[:index] if item is not GAP)

    def gaps_after(self) -> frozenset[int]:
        """The places of the cards that end a group, the last one apart."""
        ends = set()
        place = -1
        for item in self.items:
            if item is GAP:
                ends.add(place)
            else:
                place += 1
        return frozenset(end for end in ends if 0 <= end < place)

    def _tidy(self) -> None:
        """No gap at either end, never two together."""
        tidy: list[Card | None] = []
        for item in self.items:
            if item is GAP and (not tidy or tidy[-1] is GAP):
                continue
            tidy.append(item)
        while tidy and tidy[-1] is GAP:
            tidy.pop()
        self.items = tidy


def best_melds(cards: Sequence[Card], forbidden: Card | None = None) -> tuple[list[tuple[Card, ...]], int] | None:
    """The person's cards laid out in melds as far as they go — the melds (with at least
    one Suivi and one Tria), then the cards left over as the last group — and how many
    cards are left over beyond the one a going-out throws (none when the cards go out:
    fourteen with one left over, or thirteen all in melds).  ``forbidden`` is never the one
    left over to throw.  None when no Suivi and Tria can be made together."""
    throw = 1 if len(cards) > IN_MELDS else 0  # fourteen cards throw one; thirteen wait for the draw
    for leftovers in range(throw, len(cards) - SMALLEST_GOING_OUT + 1):
        found = arrangement(cards, leftovers, forbidden if throw else None)
        if found is not None:
            return [*found.melds, found.rest], leftovers - throw
    return None
