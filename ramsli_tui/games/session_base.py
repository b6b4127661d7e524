"""What both games' sessions write the same way: the game protocol's glue around the hand in play.

A game of Ramsli and a game of Rami are each played hand after hand: the session holds
the ``hand`` in play, the ``finished`` hands and, once it is over, the event that ended
it (``ended``).  ``SessionBase`` answers the protocol (games/protocol.py) from those:
who acts, what may be done, a view, an action taken, a copy; each game's session keeps
only its own rules of dealing, of what follows a hand and of the end.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Sequence

from .protocol import Action, Event, IllegalAction, View


class SessionBase:
    """A game played hand after hand.  A subclass sets the class attributes, deals
    ``hand``, fills ``finished`` and sets ``ended``, and says what follows a hand
    (``_after_hand``)."""

    action_type: ClassVar[Any]  # the game's action, with ``parse`` and its string form
    refusal: ClassVar[type[IllegalAction]]  # the game's refusal
    over_message: ClassVar[str]  # the refusal's message id once the session is over
    long_look_after: ClassVar[type]  # the event after which people get twice the look

    hand: Any

    def __init__(self, rules: Any, players: int, rng: random.Random):
        """A session of ``players`` by ``rules`` (ValueError if they do not allow that
        many), all its randomness from ``rng``; no hand played yet."""
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.rng = rng
        self.finished: list[Any] = []
        self.ended: Event | None = None

    def _after_hand(self) -> list[Event]:
        """What follows a settled hand: the next hand's opening, or the end."""
        raise NotImplementedError

    def _after_move(self) -> list[Event]:
        """What the session itself does after an action, before a settled hand is looked at."""
        return []

    @property
    def is_over(self) -> bool:
        return self.ended is not None

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
        self._refuse_if_over(seat)
        self.hand.clone().apply(action, seat)

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        self._refuse_if_over(seat)
        events = self.hand.apply(action, seat)
        events += self._after_move()
        if self.hand.is_over:
            events += self._after_hand()
        return events

    def _refuse_if_over(self, seat: int | None) -> None:
        if self.ended:
            raise self.refusal(seat, self.over_message)

    def view(self, seat: int | None) -> View:
        return self.hand.view(seat)

    def last_round_view(self, seat: int | None) -> View:
        return self.finished[-1].view(seat)

    def pause_after(self, events: Sequence[Event]) -> float:
        """Twice the usual look after the game's ``long_look_after`` event (a trick won,
        a going-out) before the next computer player acts."""
        return 2.0 if any(isinstance(event, self.long_look_after) for event in events) else 1.0

    def parse_action(self, text: str) -> Action:
        return self.action_type.parse(text)

    def format_action(self, action: Action) -> str:
        return str(action)

    def clone(self):
        """A copy that plays on alone: its own hand, list of finished hands and random state."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.finished = list(self.finished)
        twin.hand = self.hand.clone()
        return twin
