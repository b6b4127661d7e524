"""Can this hand go out, and how: the exact solver of a Rami Simple going-out (S13).

``going_out(hand, forbidden)`` answers for a hand of 14 cards: 13 of them in valid melds
(at least one Suivi and one Tria, one joker per meld at most) and the 14th discarded,
that discard not being ``forbidden`` (the card taken from the jetée this turn), or None
when there is no way.  ``arrangement(cards, leftovers)`` is the same question for any
number of cards: all but ``leftovers`` of them in melds.  The UI lays out its "show me
my melds" with it, the engine offers "out" with it, and computer players ask it.

The search is exact.  Any way to go out can be rewritten with Suivis of 3 to 5 cards
(a longer one splits into two, its joker in one of them), so each card is either left
over, the lowest card of a Tria, the lowest natural card of a Suivi, or an ace at the
top of one (Q-K-A).  The search takes the first card left in the order A, 2, ... K
(suits within a rank), tries each of those fates with the cards still held, and
remembers the positions that failed.  Cards are counted in the 52 places of
``places.py``, each held 0, 1 or 2 times.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

from ...cards import Card
from .places import (
    ACE_HIGH, PLACES, RANKS, SUITS, SUIVI_FOUND, TRIA_FOUND, card_at, held_masks, place_in_suit, place_of,
)

JOKER = -1  # a joker's place in a meld's layout
BOTH_FOUND = SUIVI_FOUND | TRIA_FOUND
SUIVI_MAX = 5  # no longer Suivi is needed: it splits into two


@dataclass(frozen=True)
class Arrangement:
    """Melds, each laid out in order (a Suivi by rank, its joker where it stands), and the cards left over."""

    melds: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]


@dataclass(frozen=True)
class GoingOut:
    """A way to go out: 13 cards in melds and the discard."""

    melds: tuple[tuple[Card, ...], ...]
    discard: Card


def going_out(hand: Sequence[Card], forbidden: Card | None = None) -> GoingOut | None:
    """How a hand of 14 cards goes out, discarding anything but ``forbidden``; None if it cannot."""
    found = arrangement(hand, leftovers=1, forbidden=forbidden)
    return None if found is None else GoingOut(found.melds, found.rest[0])


def arrangement(cards: Sequence[Card], leftovers: int, forbidden: Card | None = None) -> Arrangement | None:
    """All but ``leftovers`` of ``cards`` in valid melds with at least one Suivi and one
    Tria, no card coded ``forbidden`` left over; None if there is no such arrangement."""
    jokers = [card for card in cards if card.is_joker]
    once, twice = held_masks(cards)
    if _lonely(once) > leftovers:
        return None
    free_jokers = sum(1 for card in jokers if card != forbidden)
    forbidden_place = place_of(forbidden) if forbidden is not None and not forbidden.is_joker else -1
    search = _Search(forbidden_place, free_jokers)
    if not search.run(once, twice, len(jokers), leftovers, 0):
        return None
    return _laid_out(search.chosen, search.left_over, jokers, forbidden)


# --- the fates of the first card --------------------------------------------------------------
# An option is a meld the first card may be the first of: (the other places it takes, as
# a mask; 1 if it takes a joker; what it finds, Suivi or Tria; its layout, with JOKER
# where the joker stands).

Option = tuple[int, int, int, tuple[int, ...]]


def _option(layout: Sequence[int], first: int, found: int) -> Option:
    others = 0
    for place in layout:
        if place not in (first, JOKER):
            others |= 1 << place
    return others, int(JOKER in layout), found, tuple(layout)


def _trias(first: int) -> list[Option]:
    """Trias whose lowest suit is the card at ``first``."""
    rank_start = first - first % SUITS
    higher = range(first + 1, rank_start + SUITS)
    options = []
    for size in (1, 2, 3):
        for mates in combinations(higher, size):
            naturals = (first, *mates)
            if len(naturals) < 4:
                options.append(_option((*naturals, JOKER), first, TRIA_FOUND))
            if len(naturals) >= 3:
                options.append(_option(naturals, first, TRIA_FOUND))
    return options


def _suivis(first: int) -> list[Option]:
    """Suivis of 3 to 5 cards whose lowest natural card is the one at ``first``, and for
    an ace those that end with it high."""
    rank, suit = first // SUITS + 1, first % SUITS
    options = []
    for size in range(3, SUIVI_MAX + 1):
        top = rank + size - 1
        if top <= RANKS:
            window = [place_in_suit(r, suit) for r in range(rank, top + 1)]
            options.append(_option(window, first, SUIVI_FOUND))
            for hole in range(1, size - 1):
                options.append(_option(window[:hole] + [JOKER] + window[hole + 1:], first, SUIVI_FOUND))
        if top - 1 <= RANKS:
            options.append(_option([place_in_suit(r, suit) for r in range(rank, top)] + [JOKER], first, SUIVI_FOUND))
        if rank == 1:
            options += _suivis_to_the_ace(first, suit, size)
    return options


def _suivis_to_the_ace(ace: int, suit: int, size: int) -> list[Option]:
    window = [place_in_suit(r, suit) for r in range(ACE_HIGH - size + 1, ACE_HIGH + 1)]  # ... Q, K, A
    options = [_option(window, ace, SUIVI_FOUND), _option([JOKER] + window[1:], ace, SUIVI_FOUND)]
    for hole in range(1, size - 1):
        options.append(_option(window[:hole] + [JOKER] + window[hole + 1:], ace, SUIVI_FOUND))
    return options


_OPTIONS = tuple(tuple(_trias(place) + _suivis(place)) for place in range(PLACES))


# --- what is still possible ---------------------------------------------------------------------
# Masks of places: bit ``place`` is set when a card is there.  A suit's cards are 4 bits
# apart, a rank's four suits are one nibble.

_EACH_NIBBLE = sum(1 << (SUITS * rank) for rank in range(RANKS))
_TOP_BITS = _EACH_NIBBLE << 3
_ACE_SHIFT = SUITS * (RANKS - 1)  # from the aces' nibble up to the kings'


def _tria_possible(held: int, jokers: int) -> bool:
    """Is there a rank held in three suits, or in two with a joker to help?"""
    suits_held = sum((held >> bit) & _EACH_NIBBLE for bit in range(SUITS))  # per nibble: 0 to 4
    at_least = 5 if not jokers else 6  # 3 + 5 or 2 + 6 reaches a nibble's top bit
    return bool((suits_held + at_least * _EACH_NIBBLE) & _TOP_BITS)


def _suivi_possible(held: int, jokers: int) -> bool:
    """Are three cards of a suit held in sequence, or two one or two apart with a joker?"""
    aces = held & 0xF
    kings, queens = (held >> _ACE_SHIFT) & 0xF, (held >> (_ACE_SHIFT - SUITS)) & 0xF
    if held & (held >> SUITS) & (held >> 2 * SUITS) or queens & kings & aces:
        return True
    return bool(jokers and (held & ((held >> SUITS) | (held >> 2 * SUITS)) or aces & (kings | queens)))


# --- the search -------------------------------------------------------------------------------

class _Search:
    """A depth-first search over the first card's fates, remembering what failed.  The
    cards are two masks: ``once`` the places held at least once, ``twice`` those held twice."""

    __slots__ = ("forbidden", "free_jokers", "failed", "chosen", "left_over")

    def __init__(self, forbidden: int, free_jokers: int):
        self.forbidden = forbidden
        self.free_jokers = free_jokers
        self.failed: set[tuple[int, int, int, int, int]] = set()
        self.chosen: list[tuple[int, ...]] = []
        self.left_over: list[int] = []

    def run(self, once: int, twice: int, jokers: int, left: int, found: int) -> bool:
        """Can these cards, with ``jokers``, be melded leaving ``left`` over, having found
        ``found`` so far?  On success ``chosen`` and ``left_over`` say how."""
        if not once:
            return found == BOTH_FOUND and jokers == left and left <= self.free_jokers
        key = (once, twice, jokers, left, found)
        if key in self.failed:
            return False
        if (not found & TRIA_FOUND and not _tria_possible(once, jokers)
                or not found & SUIVI_FOUND and not _suivi_possible(once, jokers)):
            self.failed.add(key)
            return False
        first = once & -once
        place = first.bit_length() - 1
        if twice & first:
            twice ^= first
        else:
            once ^= first
        for others, joker, gives, layout in _OPTIONS[place]:
            if others & once == others and joker <= jokers:
                if self.run(once ^ (others & ~twice), twice & ~others, jokers - joker, left, found | gives):
                    self.chosen.append(layout)
                    return True
        if left and place != self.forbidden and self.run(once, twice, jokers, left - 1, found):
            self.left_over.append(place)
            return True
        self.failed.add(key)
        return False


def _lonely(held: int) -> int:
    """How many places hold cards that could be in no meld even with a joker's help: no
    card of their rank in another suit, none of their suit within two ranks."""
    return sum(1 for place in range(PLACES) if held >> place & 1 and not _has_partner(held, place))


def _has_partner(held: int, place: int) -> bool:
    rank, suit = place // SUITS + 1, place % SUITS
    rank_start = place - suit
    if (held >> rank_start) & 0xF & ~(1 << suit):
        return True
    near = [rank - 2, rank - 1, rank + 1, rank + 2]
    if rank == 1:
        near += [RANKS - 1, RANKS]  # Q and K, for the ace high
    elif rank >= RANKS - 1:
        near.append(ACE_HIGH)
    return any(1 <= r <= ACE_HIGH and held >> place_in_suit(r, suit) & 1 for r in near)


def _laid_out(layouts: Sequence[tuple[int, ...]], left_over: Iterable[int], jokers: Sequence[Card],
              forbidden: Card | None) -> Arrangement:
    """The chosen melds and leftovers as cards, the held jokers given out: those that are
    not ``forbidden`` to the leftovers first, the others to the melds."""
    in_melds = sum(layout.count(JOKER) for layout in layouts)
    ordered = [card for card in jokers if card != forbidden] + [card for card in jokers if card == forbidden]
    rest_jokers, meld_jokers = ordered[: len(jokers) - in_melds], ordered[len(jokers) - in_melds:]
    melds = []
    for layout in reversed(layouts):
        melds.append(tuple(meld_jokers.pop() if place == JOKER else card_at(place) for place in layout))
    rest = tuple(card_at(place) for place in reversed(left_over)) + tuple(rest_jokers)
    return Arrangement(tuple(melds), rest)
