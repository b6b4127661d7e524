"""A game of Rami Simple: hand after hand, the deal passing to the left, until a side has lost.

``RamiSession`` is the game protocol's ``Game`` (games/protocol.py).  It shuffles each
deck with the ``random.Random`` it is given, so the same seed gives the same game; when
the talon runs out it reshuffles the jetée itself (S11) and applies that as the
reshuffle action, so the hand's record replays it exactly.  Scores are per side (S14).
"""

from __future__ import annotations

import random

from ....cards import Card
from ...session_base import SessionBase
from ..deck import FULL_DECK
from ..house_rules import RamiRules
from .actions import Action, Refusal
from .events import Event, GameEnded, WentOut
from .hand import Hand
from .phase import Phase


class RamiSession(SessionBase):
    """A game of Rami Simple between 2 players (one against one) or 4 (two against two)."""

    action_type = Action
    refusal = Refusal
    over_message = "game_over"
    long_look_after = WentOut  # a going-out gets twice the usual look
    finished: list[Hand]
    ended: GameEnded | None

    def __init__(self, rules: RamiRules, players: int, rng: random.Random, dealer: int | None = None):
        super().__init__(rules, players, rng)
        self.scores = (0, 0)
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

    def _after_move(self) -> list[Event]:
        """The talon ran out: the session reshuffles the jetée (S11)."""
        return self._reshuffled() if self.hand.phase is Phase.RESHUFFLE else []

    @property
    def phase(self) -> Phase:
        return self.hand.phase
