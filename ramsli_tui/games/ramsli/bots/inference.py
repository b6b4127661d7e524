"""What a seat's view reveals about the cards it cannot see, and deals of them.

A ``Reading`` is drawn from a ``RamsliView`` alone.  It knows which cards are still
unseen (not in this seat's hand, not played, not turned up or set aside) and, for every
other seat, which unseen cards that seat cannot hold, because the rules would have
made it play them:

- a seat that did not follow the led suit holds none of it (a void);
- a seat that could not follow a plain suit and did not trump holds no trump at all;
- a seat that played a trump lower than the best trump already in the trick holds no
  trump above that one (over-trumping is compulsory, R15);
- under ``must_head``, a seat that followed a plain suit lower than the best card of
  that suit holds none above it.

Holdings only shrink, so what a seat could not hold then it cannot hold now.
``Reading.deal`` hands the unseen cards out at random within these limits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ....cards import JOKERS_MASK, SUIT_MASKS, mask_of
from ..engine import RamsliView
from ..engine import CARDS_PER_HAND
from ..engine.follow import SUIT_MASK_OF

QUICK_DRAWS = 5  # random draws of a seat's cards before picking them one by one
DRAWS_PER_SEAT = 15  # draws of one seat's cards before keeping an unlikely one
Likelihood = Callable[[int, int], float]


def above(card: int) -> int:
    """The bits of every card index higher than ``card``: higher ranks of its suit,
    the higher suits, and the jokers; masked with a suit, the cards that beat it."""
    return -1 << (card + 1)


def trump_mask_of(view: RamsliView) -> int:
    return SUIT_MASKS[view.trump] | (JOKERS_MASK if view.rules.jokers else 0)


@dataclass(frozen=True)
class Reading:
    """Everything ``seat`` knows about the hidden cards.

    ``in_play`` are the deck's cards less the turned-up and set-aside ones;
    ``unseen`` are the cards that may lie in another seat's hand (or undealt);
    ``forbidden[s]`` the unseen cards seat ``s`` cannot hold; ``played_by[s]`` the
    cards ``s`` has played; ``to_deal[s]`` how many cards each other seat at the table
    holds now (a seat that went out keeps its five unplayed cards: where they are
    matters, since they are not in anyone else's hand).
    """

    seat: int
    trump_mask: int
    hand: int
    in_play: int
    unseen: int
    forbidden: tuple[int, ...]
    played_by: tuple[int, ...]
    to_deal: dict[int, int]

    def deal(self, rng: random.Random, likelihood: Likelihood | None = None, first=()) -> dict[int, int]:
        """Holdings for the seats of ``to_deal``, at random within what they cannot hold.

        Seats are served one after another (``first`` first, then the most constrained),
        each drawing its cards from those still free, and a draw is kept only if the
        seats after it can still be served (Hall's condition).  With a ``likelihood``
        (the chance that a seat would have acted as it did holding those cards), a
        seat draws again until a draw is kept with that chance, a few times at most.
        When the limits are so tight that random draws keep failing, the seat's cards
        are picked one by one, each keeping the rest possible."""
        return self.deal_in_order(self.dealing_order(first), rng, likelihood)

    def dealing_order(self, first=()) -> tuple[tuple[int, int, int, list[tuple[int, int]]], ...]:
        """The seats of ``to_deal`` in the order ``deal`` serves them, each with the cards
        it cannot hold, how many it receives, and what the seats served after it ask
        for: the same for every deal from one view, so a search works it out once."""
        order = sorted(
            self.to_deal, key=lambda seat: (seat not in first, (self.unseen & ~self.forbidden[seat]).bit_count())
        )
        return tuple(
            (seat, self.forbidden[seat], self.to_deal[seat],
             [(self.unseen & ~self.forbidden[other], self.to_deal[other]) for other in order[at + 1:]])
            for at, seat in enumerate(order)
        )

    def deal_in_order(self, order, rng: random.Random, likelihood: Likelihood | None = None) -> dict[int, int]:
        """``deal``, the seats served in ``order`` (``dealing_order``)."""
        free = self.unseen
        dealt = {}
        for seat, forbidden, wanted, later in order:
            allowed = free & ~forbidden
            choices = cards_of(allowed)
            holding = None
            for _ in range(DRAWS_PER_SEAT if likelihood else QUICK_DRAWS):
                drawn = mask_of(rng.sample(choices, wanted))
                if can_serve(later, free & ~drawn):
                    holding = drawn
                    if likelihood is None or rng.random() < likelihood(seat, drawn):
                        break
            if holding is None:
                holding = self._pick_one_by_one(allowed, wanted, later, free, rng)
            dealt[seat] = holding
            free &= ~holding
        return dealt

    @staticmethod
    def _pick_one_by_one(allowed: int, wanted: int, later, free: int, rng: random.Random) -> int:
        holding = 0
        candidates = list(cards_of(allowed))
        rng.shuffle(candidates)
        for card in candidates:
            if wanted == 0:
                break
            bit = 1 << card
            if can_serve([(allowed, wanted - 1), *later], free & ~bit & ~holding):
                holding |= bit
                wanted -= 1
        if wanted:
            raise ValueError("no deal of the hidden cards agrees with the view")
        return holding


def can_serve(demands: list[tuple[int, int]], free: int) -> bool:
    """Can each (allowed cards, how many) demand be met from ``free``, no card twice?

    Hall's condition: every group of demands must together allow at least as many
    free cards as it wants.  A demand that allows every free card never limits a
    group beyond the whole, so only the groups of constrained demands are checked."""
    if sum(wanted for _, wanted in demands) > free.bit_count():
        return False
    constrained = [(allowed & free, wanted) for allowed, wanted in demands if free & ~allowed]
    for group in range(1, 1 << len(constrained)):
        union = wanted_total = 0
        for index, (allowed, wanted) in enumerate(constrained):
            if group >> index & 1:
                union |= allowed
                wanted_total += wanted
        if union.bit_count() < wanted_total:
            return False
    return True


_CARDS_BY_MASK: dict[int, tuple[int, ...]] = {}
REMEMBERED_MASKS = 50_000  # the searches ask for the same few masks over and over


def cards_of(mask: int) -> tuple[int, ...]:
    """The card indices of a bitmask, lowest first (plain ints: cheaper than ``cards_in``;
    remembered)."""
    cards = _CARDS_BY_MASK.get(mask)
    if cards is None:
        if len(_CARDS_BY_MASK) >= REMEMBERED_MASKS:
            _CARDS_BY_MASK.clear()
        found = []
        rest = mask
        while rest:
            low = rest & -rest
            found.append(low.bit_length() - 1)
            rest ^= low
        cards = _CARDS_BY_MASK[mask] = tuple(found)
    return cards


def read(view: RamsliView) -> Reading:
    """What ``view.seat`` knows: the unseen cards and what each other seat cannot hold."""
    rules = view.rules
    trump_mask = trump_mask_of(view)
    hand = mask_of(view.hand)
    played_by = [0] * view.players
    forbidden = [0] * view.players
    for trick in view.tricks:
        _read_trick(trick.plays, trump_mask, rules.must_head, played_by, forbidden)
    played = 0
    for mask in played_by:
        played |= mask
    in_play = mask_of(rules.cards()) & ~mask_of(view.set_aside) & ~(1 << view.turn_up)
    unseen = in_play & ~hand & ~played
    return Reading(
        seat=view.seat,
        trump_mask=trump_mask,
        hand=hand,
        in_play=in_play,
        unseen=unseen,
        forbidden=tuple(mask & unseen for mask in forbidden),
        played_by=tuple(played_by),
        to_deal={seat: CARDS_PER_HAND - played_by[seat].bit_count() for seat in view.seated if seat != view.seat},
    )


def _read_trick(plays, trump_mask: int, must_head: bool, played_by: list[int], forbidden: list[int]) -> None:
    """Add what the plays of one trick reveal to ``forbidden``."""
    lead_mask = best_trump = best_led = -1
    for seat, card in plays:
        bit = 1 << card
        played_by[seat] |= bit
        is_trump = bool(bit & trump_mask)
        if lead_mask == -1:
            lead_mask = trump_mask if is_trump else SUIT_MASK_OF[card]
            best_led = card
            best_trump = card if is_trump else -1
            continue
        if bit & lead_mask:
            if lead_mask == trump_mask and card < best_trump:
                forbidden[seat] |= trump_mask & above(best_trump)
            elif lead_mask != trump_mask and must_head and card < best_led:
                forbidden[seat] |= lead_mask & above(best_led)
        else:
            forbidden[seat] |= lead_mask
            if not is_trump:
                forbidden[seat] |= trump_mask
            elif best_trump >= 0 and card < best_trump:
                forbidden[seat] |= trump_mask & above(best_trump)
        if is_trump:
            best_trump = max(best_trump, card)
        elif bit & lead_mask:
            best_led = max(best_led, card)
