"""What one seat may know of a Rami Simple hand: ``RamiView`` (built by ``Hand.view``).

It holds that seat's own cards and only counts of everyone else's, so another seat's
cards cannot leak to a computer player, a remote client or the screen.  Everything the
table has seen is in it: the jetée, the tournante, every card taken face up and every
discard of the hand, the scores, and the melds of a going-out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....cards import Card
from ..house_rules import RamiRules, side_of
from ..solver import GoingOut, going_out
from .actions import Action
from .events import WentOut
from .phase import Phase


@dataclass(frozen=True, slots=True)
class RamiView:
    seat: int | None  # None: a spectator's view
    rules: RamiRules
    number: int
    players: int
    dealer: int
    phase: Phase
    current_seat: int
    hand: tuple[Card, ...]  # this seat's cards, by suit then rank, jokers last
    counts: tuple[int, ...]  # how many cards each seat holds
    talon: int  # cards left in the talon
    jetee: tuple[Card, ...]  # the discard pile, top card first
    tournante: Card | None
    first_round: bool  # S12: nobody may go out yet
    taken_from_jetee: Card | None  # by the seat to act, this turn: it may not be discarded (S9)
    taken: tuple[tuple[int, str, Card], ...]  # every card taken face up this hand: seat, "jetee" or "tournante", card
    discards: tuple[tuple[int, Card], ...]  # every discard this hand, in order
    scores: tuple[int, int]  # per side: seat 0 (and 2), seat 1 (and 3)
    out: WentOut | None  # the going-out that ended the hand, melds and all
    legal: tuple[Action, ...]  # this seat's listed actions when it is to act (going out is checked, not listed)

    @property
    def my_turn(self) -> bool:
        return self.current_seat == self.seat

    @property
    def side(self) -> int:
        return side_of(self.seat)

    @property
    def partner(self) -> int | None:
        """The partner opposite, two against two (S2)."""
        return (self.seat + 2) % 4 if self.players == 4 else None

    @property
    def may_go_out(self) -> bool:
        """Is it this seat's time to go out, if its cards allow (S12, S13)?"""
        return self.my_turn and self.phase is Phase.DISCARD and not self.first_round

    def going_out(self) -> GoingOut | None:
        """A way for this seat to go out now, or None: the solver on its own cards."""
        return going_out(self.hand, self.taken_from_jetee) if self.may_go_out else None
