"""What one seat may know: ``RamsliView`` (built by ``Hand.view``).

Bots, the app and remote players only ever get views, so another seat's unplayed
cards cannot leak: the view simply does not hold them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....cards import Card, Suit, mask_of
from ..house_rules import Ruleset
from .actions import Action
from .follow import PlayRule, Standing, play_rule, standing_of, trump_mask_of
from .phase import Phase


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class RamsliView:
    seat: int | None  # None: a spectator's view
    rules: Ruleset
    number: int
    players: int
    seated: tuple[int, ...]
    dealer: int
    phase: Phase
    current_seat: int
    hand: tuple[Card, ...]
    turn_up: Card
    trump: Suit
    set_aside: tuple[Card, ...]
    declarations: tuple[bool | None, ...]
    active: tuple[int, ...]
    announcement: tuple[int, str, int | None] | None  # standing: during a Nap round, the highest target so far
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    legal: tuple[Action, ...]

    @property
    def my_turn(self) -> bool:
        return self.current_seat == self.seat

    @property
    def current_trick(self) -> TrickView | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def trump_mask(self) -> int:
        """Every trump of this hand, as a mask of cards."""
        return trump_mask_of(self.trump, self.rules.jokers)

    @property
    def standing(self) -> Standing | None:
        """Where the trick being played stands; None before its first card."""
        trick = self.current_trick
        return None if trick is None else standing_of(trick.plays, self.trump_mask)

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card wins the trick being played so far; None before its first card."""
        standing = self.standing
        return None if standing is None else standing.best_seat

    @property
    def play_rule(self) -> PlayRule | None:
        """The rule that decides the cards this seat may play, when it is to play one."""
        if not self.my_turn or self.phase is not Phase.PLAY:
            return None
        return play_rule(mask_of(self.hand), self.standing, self.trump_mask, self.rules.must_head)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return tuple(card for trick in self.tricks for _, card in trick.plays)

    @property
    def declaring_order(self) -> tuple[int, ...]:
        at = self.seated.index(self.dealer)
        return self.seated[at + 1:] + self.seated[: at + 1]

