"""The normal computer player: plays by the advice of the source texts.

Declaring and announcing follow ``judgement`` (go in with a realistic path to a
trick, count the players already in, announce only the hands the texts describe).
Cards follow a few rules of thumb, reading the view for voids and failed over-trumps
(``inference``), never the hidden cards:

- leading: lead trumps when long in them (two high ones drawn early free the aces and
  kings); cash a trump nobody can beat; keep a lone ace for the third or fourth
  trick, when some trumps are gone, unless nobody can trump it; otherwise lead low,
  from a short side suit when holding trumps, to be able to trump it later;
- following: win with the cheapest card that nobody after can beat; when every
  winning card may be beaten, try only with a cheap one, or with anything when the
  hand is running out without a trick (a bete); otherwise throw the cheapest card,
  keeping aces and trumps.

Every rule of thumb names its ``Reason`` as it decides: ``decide`` returns the choice
and why, which ``advice`` puts in words as a hint; the bot itself drops the why.
"""

from __future__ import annotations

import random
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import IN, Action, Phase, RamsliView
from ..engine.actions import PLAY
from .inference import SUIT_MASK_OF, Reading, above, cards_of, read
from .judgement import advised_action
from .reasons import Reason, Why
from .worlds import cheapest_first

MIDDLE_OF_THE_HAND = 3  # the first trick on which a lone ace is worth leading
LAST_CHANCES = 4  # from this trick on, a player without a trick tries with anything


class NormalBot(ComputerPlayer):
    name = "normal"

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        return decide(view, legal)[0]


def decide(view: RamsliView, legal: Sequence[Action]) -> tuple[Action, Why]:
    """The normal player's choice among ``legal``, and the rule of thumb that made it."""
    if len(legal) == 1:
        return legal[0], only_choice(legal[0])
    reading = read(view)
    if view.phase is Phase.PLAY:
        card, why = Cards(view, reading).choose(legal)
        return PLAY[card], why
    return advised_action(
        view.phase, legal, reading.hand, reading.trump_mask, reading.in_play & ~reading.hand, view.rules,
        view.declarations, view.declaring_order, view.seat, view.pot,
    )


def only_choice(action: Action) -> Why:
    """Why a lone legal action is taken: the only card, or a dealer who must be in."""
    if action.kind == "play":
        return Why(Reason.ONLY_CARD, (action.card,))
    return Why(Reason.MUST_BE_IN if action == IN else Reason.ONLY_ACTION)


class Cards:
    """The card play of one decision: the view, what it reveals, and the rules of thumb."""

    def __init__(self, view: RamsliView, reading: Reading):
        self.view = view
        self.reading = reading
        self.trumps = reading.trump_mask
        self.hand = reading.hand
        self.opponents = [seat for seat in view.active if seat != view.seat]

    def choose(self, legal: Sequence[Action]) -> tuple[int, Why]:
        legal_mask = 0
        for action in legal:
            legal_mask |= 1 << action.card
        trick = self.view.current_trick
        if not trick.plays:
            return self.lead()
        return self.follow(trick.plays, legal_mask)

    # --- what the view tells ---------------------------------------------------------

    def may_hold(self, seat: int) -> int:
        """The unseen cards ``seat`` may still hold."""
        return self.reading.unseen & ~self.reading.forbidden[seat]

    def is_master(self, card: int) -> bool:
        """Can no unseen card beat ``card`` in its suit (trumps for a trump)?"""
        family = self.trumps if (self.trumps >> card) & 1 else SUIT_MASK_OF[card]
        return not self.reading.unseen & family & above(card)

    def may_trump(self, seat: int, suit_mask: int) -> bool:
        """Is ``seat`` known to be void in the suit and yet may hold a trump?"""
        holds = self.may_hold(seat)
        return not holds & suit_mask and bool(holds & self.trumps)

    # --- leading -----------------------------------------------------------------------

    def lead(self) -> tuple[int, Why]:
        trumps = self.hand & self.trumps
        side = self.hand & ~self.trumps
        trumps_out = any(self.may_hold(seat) & self.trumps for seat in self.opponents)
        top_trump = trumps.bit_length() - 1
        if trumps and trumps_out:
            if trumps.bit_count() >= 3:
                return top_trump, Why(Reason.LEAD_LONG_TRUMPS, (top_trump,))
            if self.is_master(top_trump):
                return top_trump, Why(Reason.CASH_TOP_TRUMP, (top_trump,))
        mid_hand = len(self.view.tricks) >= MIDDLE_OF_THE_HAND
        if mid_hand or not trumps_out:
            for card in cards_of(side):
                if self.is_master(card) and not any(self.may_trump(seat, SUIT_MASK_OF[card]) for seat in self.opponents):
                    return card, Why(Reason.CASH_MASTER_MID_HAND if trumps_out else Reason.CASH_MASTER_NO_TRUMPS, (card,))
        if not side:
            lowest = cheapest_first(self.hand, self.trumps)[0]
            return lowest, Why(Reason.LEAD_LOW_TRUMP, (lowest,))
        by_cost = cheapest_first(side, self.trumps)
        ordinary = [card for card in by_cost if not self.is_master(card)]
        if trumps:
            singletons = [card for card in ordinary if (side & SUIT_MASK_OF[card]).bit_count() == 1]
            if singletons:
                return singletons[0], Why(Reason.LEAD_SINGLETON, (singletons[0],))
        if not ordinary:
            return by_cost[0], Why(Reason.LEAD_CHEAPEST_MASTER, (by_cost[0],))
        kept = [card for card in by_cost if self.is_master(card)]
        if kept:
            return ordinary[0], Why(Reason.KEEP_FROM_TRUMPS if mid_hand else Reason.KEEP_FOR_MID_HAND, (ordinary[0], kept[-1]))
        return ordinary[0], Why(Reason.LEAD_LOW, (ordinary[0],))

    # --- following ---------------------------------------------------------------------

    def follow(self, plays, legal: int) -> tuple[int, Why]:
        lead_mask, best_trump, best_led = self._trick_so_far(plays)
        if best_trump >= 0:
            winners = legal & self.trumps & above(best_trump)
        else:
            winners = (legal & lead_mask & above(best_led)) | (legal & self.trumps)
        if not winners:
            return self.throw(legal)
        later = self._still_to_play(len(plays))
        by_cost = cheapest_first(winners, self.trumps)
        for card in by_cost:
            if not any(self._threatens(seat, card, lead_mask) for seat in later):
                return card, Why(Reason.WIN_SAFE if later else Reason.WIN_LAST, (card,))
        cheapest = by_cost[0]
        if self.view.tricks_won[self.view.seat] == 0 and len(self.view.tricks) >= LAST_CHANCES:
            return cheapest, Why(Reason.TRY_BEFORE_BETE, (cheapest,))
        if not self._valuable(cheapest):
            return cheapest, Why(Reason.TRY_CHEAP, (cheapest,))
        if legal == winners:
            return cheapest, Why(Reason.EVERY_CARD_WINS, (cheapest,))
        low, _ = self.throw(legal & ~winners)
        return low, Why(Reason.FOLLOW_LOW, (low, cheapest))

    def throw(self, legal: int) -> tuple[int, Why]:
        """The cheapest card to give away: a short side suit first when holding trumps
        (to trump it later), never a card nobody can beat if another will do."""
        by_cost = cheapest_first(legal, self.trumps)
        ordinary = [card for card in by_cost if not self._valuable(card)]
        side = self.hand & ~self.trumps
        if self.hand & self.trumps:
            singletons = [card for card in ordinary if not (self.trumps >> card) & 1 and (side & SUIT_MASK_OF[card]).bit_count() == 1]
            if singletons:
                return singletons[0], Why(Reason.THROW_SINGLETON, (singletons[0],))
        if ordinary:
            return ordinary[0], Why(Reason.THROW_CHEAPEST, (ordinary[0],))
        return by_cost[0], Why(Reason.THROW_LEAST_GOOD, (by_cost[0],))

    def _valuable(self, card: int) -> bool:
        """A trump, or a side card nobody can beat: worth keeping for a later trick."""
        return bool((self.trumps >> card) & 1) or self.is_master(card)

    def _trick_so_far(self, plays) -> tuple[int, int, int]:
        lead_mask = best_trump = best_led = -1
        for _, card in plays:
            is_trump = (self.trumps >> card) & 1
            if lead_mask == -1:
                lead_mask = self.trumps if is_trump else SUIT_MASK_OF[card]
                best_led = card
            if is_trump:
                best_trump = max(best_trump, card)
            elif (lead_mask >> card) & 1:
                best_led = max(best_led, card)
        return lead_mask, best_trump, best_led

    def _still_to_play(self, played: int) -> list[int]:
        in_order = [seat for seat in self.view.declaring_order if seat in self.view.active]
        at = in_order.index(self.view.seat)
        remaining = len(in_order) - played - 1
        return [in_order[(at + step) % len(in_order)] for step in range(1, remaining + 1)]

    def _threatens(self, seat: int, card: int, lead_mask: int) -> bool:
        """Might ``seat``, to play after ``card``, beat it, as far as the view tells?"""
        holds = self.may_hold(seat)
        if lead_mask == self.trumps:
            return bool(holds & self.trumps & above(card))
        if (self.trumps >> card) & 1:
            return self.may_trump(seat, lead_mask) and bool(holds & self.trumps & above(card))
        return bool(holds & lead_mask & above(card)) or self.may_trump(seat, lead_mask)
