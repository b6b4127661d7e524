"""A session of Ramsli: stacks, the first dealer by cut, dealer rotation, and the end.

Rules R5, R26 and R27.  A ``RamsliSession`` wraps one ``Hand`` at a time and deals the next
as soon as one is settled.  All randomness comes from the ``random.Random`` it is
given, so the same seed gives the same session.
"""

from __future__ import annotations

import random

from ....cards import Card
from ...session_base import SessionBase
from ..house_rules import Ruleset
from .actions import Action, Refusal
from .events import Event, FirstDealerChosen, HandSettled, SeatsLeft, SessionEnded, TrickWon
from .hand import Hand
from .phase import Phase


def can_pay_the_ante(rules, stack: int) -> bool:
    """R27: a player whose stack cannot pay the next ante ends the session
    (``on_bust: end``) or leaves the table for good (``on_bust: eliminate``)."""
    return stack >= rules.ante


def seats_at_the_table(rules, stacks) -> tuple[int, ...]:
    """The seats still at the table before a hand with these ``stacks``: every one, but
    under ``on_bust: eliminate`` those that could not pay an ante, who left for good (their
    stack has not changed since), so that a hand record needs no list of them."""
    if rules.on_bust != "eliminate":
        return tuple(range(len(stacks)))
    return tuple(seat for seat, stack in enumerate(stacks) if can_pay_the_ante(rules, stack))


class RamsliSession(SessionBase):
    """A session of Ramsli: the ``Game`` of the game protocol (games/protocol.py)."""

    action_type = Action
    refusal = Refusal
    over_message = "session_over"
    long_look_after = TrickWon  # a finished trick gets twice the usual look
    finished: list[Hand]
    ended: SessionEnded | None

    def __init__(self, rules: Ruleset, players: int, rng: random.Random, dealer: int | None = None):
        super().__init__(rules, players, rng)
        self.stacks = [rules.starting_chips] * players
        self.seated = tuple(range(players))
        self.pot = 0
        opening: list[Event] = []
        if dealer is None:
            cut = self._cut()
            dealer = cut.dealer
            opening.append(cut)
        self.dealer = dealer
        self.hand = self._deal()
        self.opening_events = opening + self.hand.opening_events

    # --- dealing -------------------------------------------------------------------

    def _cut(self) -> FirstDealerChosen:
        """R5: everyone draws; the highest card deals; those tied for highest draw again."""
        contenders = list(self.seated)
        rounds = []
        while True:
            deck = [card for card in self.rules.cards() if not card.is_joker]
            self.rng.shuffle(deck)
            draws = tuple(zip(contenders, deck))
            rounds.append(draws)
            highest = max(card.rank for _, card in draws)
            contenders = [seat for seat, card in draws if card.rank == highest]
            if len(contenders) == 1:
                return FirstDealerChosen(tuple(rounds), contenders[0])

    def _deal(self) -> Hand:
        deck: list[Card] = self.rules.cards()
        self.rng.shuffle(deck)
        number = len(self.finished) + 1
        return Hand(self.rules, self.stacks, self.dealer, self.pot, deck, self.seated, number)

    def _next_dealer(self) -> int:
        for step in range(1, self.players + 1):
            seat = (self.dealer + step) % self.players
            if seat in self.seated:
                return seat
        raise AssertionError("no seat left to deal")

    # --- after each hand (R27) ---------------------------------------------------------

    def _after_hand(self) -> list[Event]:
        hand = self.hand
        self.finished.append(hand)
        self.stacks = list(hand.stacks)
        self.pot = hand.pot
        events = self._end_or_continue()
        if self.ended:
            return events + [self.ended]
        self.dealer = self._next_dealer()
        self.hand = self._deal()
        return events + self.hand.opening_events

    def _end_or_continue(self) -> list[Event]:
        rules = self.rules
        seated_stacks = [self.stacks[seat] for seat in self.seated]
        if rules.target is not None and max(seated_stacks) >= rules.target and self._leaders_count() == 1:
            self._end("target")
            return []
        busted = tuple(seat for seat in self.seated if not can_pay_the_ante(rules, self.stacks[seat]))
        events: list[Event] = []
        if busted:
            if rules.on_bust == "end":
                self._end("bust")
                return []
            self.seated = tuple(seat for seat in self.seated if seat not in busted)
            events.append(SeatsLeft(busted))
            if len(self.seated) < max(2, rules.players.min):
                self._end("too_few_players")
                return events
        if rules.max_hands is not None and len(self.finished) >= rules.max_hands:
            self._end("max_hands")
        return events

    def _leaders_count(self) -> int:
        top = max(self.stacks[seat] for seat in self.seated)
        return sum(1 for seat in self.seated if self.stacks[seat] == top)

    def _end(self, reason: str) -> None:
        top = max(self.stacks[seat] for seat in self.seated)
        winners = tuple(seat for seat in self.seated if self.stacks[seat] == top)
        self.ended = SessionEnded(reason, winners, tuple(self.stacks))

    def stop(self, reason: str = "time") -> list[Event]:
        """End the session from outside (a time limit, or the players leaving the table).

        Called between hands the stacks are final; called during a hand, that hand is
        abandoned and its antes go back to the players."""
        if self.ended:
            return []
        if not self.hand.is_over:
            self.stacks = list(self.hand.start_stacks)
            self.pot = self.hand.start_pot
        self._end(reason)
        return [self.ended]

    # --- what only Ramsli's session answers --------------------------------------------

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.ended else self.hand.phase

    @property
    def current_hand(self) -> Hand:
        return self.hand

    @property
    def settlements(self) -> list[HandSettled]:
        return [hand.settlement for hand in self.finished]

    def clone(self) -> RamsliSession:
        """A copy that plays on alone, its stacks its own too."""
        twin = super().clone()
        twin.stacks = list(self.stacks)
        return twin
