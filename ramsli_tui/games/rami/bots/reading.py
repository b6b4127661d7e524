"""What a Rami Simple view reveals about the other seats: the cards they took face up and
still hold, what they threw, and the cards nobody has seen.

A seat's view lists every card taken face up this hand (``taken``: from the jetée or the
tournante) and every discard (``discards``), but not when each card was taken.  Turns
are fixed, though: discard ``i`` ends turn ``i``, played by the seat ``i`` places after
the dealer, and a card taken from the jetée on turn ``i`` is the discard of turn
``i - 1``.  So each card taken is put on its turn, and it is still held until its taker
throws that card on a later turn (the tournante, a drawn card, may go back the same
turn).  ``unseen`` counts the copies of each card that are neither in the seat's hand,
nor face up, nor known to be held: those in the talon or hidden in the others' hands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ....cards import ALL_CARDS, Card
from ..deck import COUNTS, low_rank
from ..engine import RamiView

NEAR = 2  # a card of the same suit this many ranks away or fewer may share a Suivi


@dataclass(frozen=True)
class Pick:
    seat: int
    card: Card
    turn: int
    source: str  # "jetee" or "tournante"


@dataclass(frozen=True)
class Reading:
    held_by: dict[int, tuple[Card, ...]]  # each other seat: the cards it took face up and still holds
    last_pick: dict[int, Card]  # each other seat: the last card it took face up, if it still holds it
    thrown: dict[int, tuple[Card, ...]]  # each seat: what it discarded this hand
    unseen: Counter  # card -> copies in the talon or hidden in the others' hands


def read(view: RamiView) -> Reading:
    picks = _picks(view)
    held = _still_held(picks, view.discards)
    held_by = {seat: tuple(pick.card for pick in held if pick.seat == seat)
               for seat in range(view.players) if seat != view.seat}
    last_pick = {}
    for pick in picks:
        if pick.seat != view.seat:
            last_pick.pop(pick.seat, None)
            if pick in held:
                last_pick[pick.seat] = pick.card
    thrown = {seat: tuple(card for who, card in view.discards if who == seat) for seat in range(view.players)}
    seen = Counter(view.hand) + Counter(view.jetee) + Counter(card for cards in held_by.values() for card in cards)
    if view.tournante is not None:
        seen[view.tournante] += 1
    return Reading(held_by, last_pick, thrown, Counter(COUNTS) - seen)


def _picks(view: RamiView) -> list[Pick]:
    """Each card taken face up, put on the turn it was taken."""
    picks = []
    turn = 1
    for seat, source, card in view.taken:
        if source == "tournante":
            at = (seat - view.dealer) % view.players
        else:
            at = _jetee_turn(view, seat, card, turn)
        picks.append(Pick(seat, card, at, source))
        turn = at + 1
    return picks


def _jetee_turn(view: RamiView, seat: int, card: Card, turn: int) -> int:
    """The first turn from ``turn`` on that ``seat`` played, the discard before it being ``card``."""
    while turn <= len(view.discards):
        if (view.dealer + turn) % view.players == seat and view.discards[turn - 1][1] == card:
            return turn
        turn += 1
    return turn


def _still_held(picks: list[Pick], discards) -> set[Pick]:
    held = set(picks)
    thrown_turns: set[int] = set()
    for pick in picks:
        earliest = pick.turn if pick.source == "tournante" else pick.turn + 1
        for turn in range(earliest, len(discards)):
            seat, card = discards[turn]
            if seat == pick.seat and card == pick.card and turn not in thrown_turns:
                thrown_turns.add(turn)
                held.discard(pick)
                break
    return held


def next_seat(view: RamiView) -> int:
    """The seat to the left: the only one that may take this seat's discard, an opponent
    in both one against one and two against two."""
    return (view.seat + 1) % view.players


def helps(card: Card, other: Card) -> bool:
    """Could ``card`` share a meld with ``other``: the same rank in another suit (a
    Tria), or the same suit a rank or two away (a Suivi)?  A joker shares any meld."""
    if card.is_joker or other.is_joker:
        return True
    if card.rank == other.rank:
        return card.suit != other.suit
    if card.suit != other.suit:
        return False
    return any(abs(a - b) <= NEAR for a in _ranks(card) for b in _ranks(other))


def _ranks(card: Card) -> tuple[int, ...]:
    """The ranks a card may stand at in a Suivi: the ace low (1) and high (14)."""
    low = low_rank(card)
    return (low, 14) if low == 1 else (low,)


def helps_any(card: Card, others: Iterable[Card]) -> bool:
    return any(helps(card, other) for other in others)


NATURALS = tuple(card for card in ALL_CARDS if not card.is_joker)
NEIGHBOURS = {card: frozenset(other for other in NATURALS if helps(card, other)) for card in NATURALS}
"""Each natural card: the natural cards that could share a meld with it."""
