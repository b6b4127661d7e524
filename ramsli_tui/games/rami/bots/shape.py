"""How far a Rami Simple hand is from going out: the cards still missing, and the melds begun.

A going-out lays 13 cards in melds (S13).  ``shape(cards)`` finds the arrangement of
the cards held that leaves the fewest of those 13 to come: groups of held cards, each
part of a meld still to finish (a Tria of one rank in different suits, a Suivi of one
suit within five ranks), none more than two cards short, their sizes adding up to 13 at
most, with at least one Suivi and one Tria among them (one begun from nothing costs
three missing cards), and a joker in a group standing for one of its missing cards.  ``missing`` is that count: 0 when the
cards go out, 1 when one right card would do.  With 14 cards the one left out is the
discard, so ``shape`` of a hand after drawing says what to keep.  ``outs`` are the
cards that would leave one fewer missing: those that fill or lengthen a group of some
best arrangement (lengthen it where room is left), and any card while a Suivi or a
Tria is still to begin from nothing.

The search is the solver's (``solver.py``): the lowest card left (A, 2, ... K, suits
within a rank) is either left out or the lowest natural card of a group, and positions
already searched are remembered.  Cards are two masks of 52 places, held once and held
twice (``places.py``, as the solver counts them).  Jokers left over at the end extend
groups (one each) while room is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from ....cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, mask_of  # a mask of places is built as one of cards
from ..places import (
    ACE_HIGH, PLACES, RANKS, SUITS, SUIVI_FOUND, TRIA_FOUND, card_at, held_masks, place_in_suit,
)

IN_MELDS = 13  # S13
MELD_MIN = 3
TRIA_MAX = 4
SUIVI_REACH = 5  # a group of a Suivi spans five ranks at most
MOST_MISSING = 2  # a group lacks two cards at most (a lone card is a meld begun)
SUIVI, TRIA = "suivi", "tria"
JOKERS = (LITTLE_JOKER, BIG_JOKER)
IMPOSSIBLE = -100  # the value of a search that cannot meet the Suivi and Tria needed
ANY_CARD = 1 << PLACES  # in a mask of outs: any card at all would do


@dataclass(frozen=True)
class Group:
    """Held cards that are part of one meld to be: ``size`` cards when finished,
    ``joker`` if a held joker is among them."""

    kind: str
    cards: tuple[Card, ...]
    size: int
    joker: bool

    @property
    def missing(self) -> int:
        return self.size - len(self.cards) - self.joker


@dataclass(frozen=True)
class Shape:
    """The best arrangement found: ``missing`` cards to come, the ``groups`` begun, and
    the held cards in none of them (``loose``), jokers included."""

    missing: int
    groups: tuple[Group, ...]
    loose: tuple[Card, ...]
    outs: tuple[Card, ...]  # the cards that would leave one fewer missing, each once

    def worth_throwing(self, choices: Sequence[Card]) -> list[Card]:
        """The natural cards among ``choices`` worth weighing as the discard: those in no
        group, and those of groups still short of cards.  (Throwing a loose card leaves
        as few missing as any discard can; breaking a finished meld seldom does as well.)"""
        short = {card for group in self.groups if group.missing for card in group.cards}
        weighed = [card for card in choices if not card.is_joker and (card in self.loose or card in short)]
        return weighed or [card for card in choices if not card.is_joker] or list(choices)


# --- the groups a first card may begin ----------------------------------------------------------
# (the other places it takes, as a mask; its places, first included; its kind; its size;
# the places of the cards that would fill it within that size, and of those that would
# make it one card longer)

Option = tuple[int, tuple[int, ...], int, int, int, int]


def _option(places: Sequence[int], found: int, size: int, fill: int, grow: int) -> Option:
    return mask_of(places[1:]), tuple(places), found, size, fill, grow


def _trias(first: int) -> list[Option]:
    rank_start = first - first % SUITS
    higher = range(first + 1, rank_start + SUITS)
    options = []
    for size in range(0, TRIA_MAX):
        for mates in combinations(higher, size):
            places = (first, *mates)
            absent = mask_of(place for place in range(rank_start, rank_start + SUITS) if place not in places)
            meld_size = max(MELD_MIN, len(places))
            options.append(_option(places, TRIA_FOUND, meld_size, absent, absent if meld_size < TRIA_MAX else 0))
    return options


def _suivis(first: int) -> list[Option]:
    rank, suit = first // SUITS + 1, first % SUITS
    options = _suivis_from(first, suit, rank, range(rank + 1, min(rank + SUIVI_REACH, RANKS + 1)))
    if rank == 1:
        high = _suivis_from(first, suit, ACE_HIGH, range(ACE_HIGH - SUIVI_REACH + 1, ACE_HIGH))
        options += [option for option in high if len(option[1]) > 1]
    return options


def _suivis_from(first: int, suit: int, rank: int, neighbours: range) -> list[Option]:
    options = []
    for size in range(0, len(neighbours) + 1):
        for mates in combinations(neighbours, size):
            ranks = (rank, *mates)
            low, high = min(ranks), max(ranks)
            meld_size = max(MELD_MIN, high - low + 1)
            if meld_size <= SUIVI_REACH:
                fill = _ranks_mask(suit, ranks, high - meld_size + 1, low + meld_size - 1)
                grow = _ranks_mask(suit, ranks, high - meld_size, low + meld_size)
                options.append(_option(tuple(place_in_suit(r, suit) for r in ranks), SUIVI_FOUND, meld_size, fill, grow))
    return options


def _ranks_mask(suit: int, held: Sequence[int], lowest: int, highest: int) -> int:
    """The places of a suit's ranks from ``lowest`` to ``highest`` (the ace 1 or 14) not ``held``."""
    return mask_of(place_in_suit(r, suit) for r in range(max(1, lowest), min(ACE_HIGH, highest) + 1) if r not in held)


def _begun(option: Option) -> bool:
    """Is the group at most ``MOST_MISSING`` cards short?  One more so is not a meld begun."""
    return option[3] - len(option[1]) <= MOST_MISSING


_OPTIONS = tuple(tuple(filter(_begun, _suivis(place) + _trias(place))) for place in range(PLACES))


# --- the search --------------------------------------------------------------------------------

def shape(cards: Sequence[Card]) -> Shape:
    """The arrangement of ``cards`` that leaves the fewest cards missing to go out."""
    jokers = [card for card in cards if card.is_joker]
    once, twice = held_masks(cards)
    used, steps, outs, _ = _best(once, twice, len(jokers), IN_MELDS, 0)
    return _laid_out(cards, jokers, used, steps, outs)


def missing(cards: Sequence[Card]) -> int:
    """How many cards are still missing for ``cards`` to go out (0: they do)."""
    return shape(cards).missing


@lru_cache(maxsize=1 << 18)
def _best(once: int, twice: int, jokers: int, room: int, found: int) -> tuple[int, tuple, int, bool]:
    """The most held cards that fit in melds of ``room`` cards still to fill; the groups
    (place tuples, size, kind, joker) of one way to do it; the places of the cards that
    would fill one more place in some such way (``ANY_CARD`` if any card would); and
    whether some such way leaves room over."""
    if not once:
        return _end(jokers, room, found)
    first = once & -once
    place = first.bit_length() - 1
    rest_once, rest_twice = (once, twice ^ first) if twice & first else (once ^ first, twice)
    best, steps, outs, spare = _best(rest_once, rest_twice, jokers, room, found)
    for others, places, gives, size, fill, grow in _OPTIONS[place]:
        if others & rest_once != others or size > room:
            continue
        after_once, after_twice = rest_once ^ (others & ~rest_twice), rest_twice & ~others
        for takes_joker in ((1, 0) if jokers and size > len(places) else (0,)):
            used, more, more_outs, more_spare = _best(after_once, after_twice, jokers - takes_joker, room - size,
                                                      found | gives)
            used += len(places) + takes_joker
            if used < best:
                continue
            more_outs |= (fill if size > len(places) + takes_joker else 0) | (grow if more_spare else 0)
            if used > best:
                best, steps, outs, spare = used, ((places, size, gives, takes_joker), *more), more_outs, more_spare
            else:
                outs, spare = outs | more_outs, spare or more_spare
    return best, steps, outs, spare


def _end(jokers: int, room: int, found: int) -> tuple[int, tuple, int, bool]:
    """What the jokers left add once every card is placed; the meld kinds still lacking
    are begun from nothing (three cards each, a joker may be one of them), and any card
    would begin one."""
    new_groups = sum(1 for kind in (SUIVI_FOUND, TRIA_FOUND) if not found & kind)
    room -= MELD_MIN * new_groups
    if room < 0:
        return IMPOSSIBLE, (), 0, False
    placed = min(jokers, room + new_groups)
    return placed, (), ANY_CARD if new_groups else 0, room - max(0, placed - new_groups) > 0


def _laid_out(cards: Sequence[Card], jokers: list[Card], used: int, steps: tuple, outs: int) -> Shape:
    left = list(card for card in cards if not card.is_joker)
    free_jokers = list(jokers)
    groups = []
    for places, size, gives, takes_joker in steps:
        chosen = []
        for place in places:
            card = card_at(place)
            left.remove(card)
            chosen.append(card)
        joker = bool(takes_joker)
        if joker:
            free_jokers.pop()
        groups.append(Group(SUIVI if gives == SUIVI_FOUND else TRIA, tuple(chosen), size, joker))
    missing_now = max(0, IN_MELDS - used)
    return Shape(missing_now, tuple(groups), tuple(left + free_jokers), _out_cards(outs) if missing_now else ())


def _out_cards(outs: int) -> tuple[Card, ...]:
    if outs & ANY_CARD:
        return ALL_CARDS
    return tuple(card_at(place) for place in range(PLACES) if outs >> place & 1) + JOKERS if outs else ()
