"""A game of Rami Simple: hand after hand, the deal passing to the left, until a side has lost.

``RamiSession`` is the game protocol's ``Game`` (games/protocol.py).  It shuffles each
deck with the ``random.Random`` it is given, so the same seed gives the same game; when
the talon runs out it reshuffles the jetée itself (S11) and applies that as the
reshuffle action, so the hand's record replays it exactly.  Scores are per side (S14).
"""

from __future__ import annotations

import random
from typing import Sequence

from ....cards import Card
from ..deck import FULL_DECK
from ..rules import RamiRules
from .actions import Action, Refusal
from .events import Event, GameEnded, WentOut
from .hand import Hand
from .phase import Phase
from .view import RamiView


class RamiSession:
    """A game of Rami Simple between 2 players (one against one) or 4 (two against two)."""

    def __init__(self, rules: RamiRules, players: int, rng: random.Random, dealer: int | None = None):
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.rng = rng
        self.scores = (0, 0)
        self.finished: list[Hand] = []
        self.ended: GameEnded | None = None
        self.dealer = rng.randrange(players) if dealer is None else dealer
        self.hand = self._deal()
        self.opening_events: list[Event] = list(self.hand.opening_events)

    def _deal(self) -> Hand:
        return Hand(self.rules, self.players, self.dealer, self.scores, self._shuffled(), len(self.finished) + 1)

    def _shuffled(self) -> list[Card]:
        deck = list(FULL_DECK)
        self.rng.shuffle(deck)
        return deck

    def _reshuffled(self) -> list[Event]:
        """S11, made by the table: the jetée less its top card, shuffled, is the new talon."""
        talon = self.hand.under_the_top()
        self.rng.shuffle(talon)
        return self.hand.apply(Action.reshuffle(talon))

    def _after_hand(self) -> list[Event]:
        """S14 and S3: the game ends when the losing side reaches the losing total;
        otherwise the seat to the left deals the next hand."""
        hand = self.hand
        self.finished.append(hand)
        self.scores = hand.scores
        losing_side = hand.scored.losing_side
        if self.scores[losing_side] >= self.rules.lost_at(self.players):
            self.ended = GameEnded(losing_side, self.scores)
            return [self.ended]
        self.dealer = (self.dealer + 1) % self.players
        self.hand = self._deal()
        return list(self.hand.opening_events)

    # --- the public protocol ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    @property
    def phase(self) -> Phase:
        return self.hand.phase

    @property
    def current_seat(self) -> int:
        return -1 if self.ended else self.hand.current_seat

    @property
    def rounds_finished(self) -> int:
        return len(self.finished)

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.ended else self.hand.legal_actions()

    def check(self, action: Action, seat: int) -> None:
        """Refusal if ``seat`` may not take ``action`` now; nothing changes."""
        if self.ended:
            raise Refusal(seat, "game_over")
        self.hand.clone().apply(action, seat)

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        if self.ended:
            raise Refusal(seat, "game_over")
        events = self.hand.apply(action, seat)
        if self.hand.phase is Phase.RESHUFFLE:
            events += self._reshuffled()
        if self.hand.is_over:
            events += self._after_hand()
        return events

    def view(self, seat: int | None) -> RamiView:
        return self.hand.view(seat)

    def last_round_view(self, seat: int | None) -> RamiView:
        return self.finished[-1].view(seat)

    @staticmethod
    def pause_after(events: Sequence[Event]) -> float:
        """A going-out gets twice the usual look before the next computer player acts."""
        return 2.0 if any(isinstance(event, WentOut) for event in events) else 1.0

    @staticmethod
    def parse_action(text: str) -> Action:
        return Action.parse(text)

    @staticmethod
    def format_action(action: Action) -> str:
        return str(action)

    def clone(self) -> RamiSession:
        twin = RamiSession.__new__(RamiSession)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.finished = list(self.finished)
        twin.hand = self.hand.clone()
        return twin
