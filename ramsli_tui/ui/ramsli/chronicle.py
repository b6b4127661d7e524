"""The story of the session so far, as the human seat saw it: hand by hand, trick by trick;
and how a stack and its change are written wherever that story shows them.

Built only from the events the table hands the human, so the trick history and the
scoreboard can never show what that seat could not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import Card
from ...games.ramsli.engine.events import (
    Announced,
    Declared,
    Event,
    HandSettled,
    HandStarted,
    PlayStarted,
    SessionEnded,
    TrickWon,
    TrumpTurned,
)

GAINED, LOST = "▲", "▼"


def change_mark(change: int) -> str:
    """A change of chips as the scoreboard, the hand summary and the result write it:
    "▲15" won, "▼6" lost, nothing for no change."""
    if not change:
        return ""
    return f"{GAINED if change > 0 else LOST}{abs(change)}"


def stack_and_change(stack: int, change: int, width: int = 0) -> str:
    """A stack with its change, so that the two never read like a score ("14-6"): "14 ▼6";
    the stack right-aligned in ``width`` cells, for a column."""
    return f"{stack:>{width}} {change_mark(change)}".rstrip()


@dataclass
class HandLog:
    number: int
    dealer: int
    pot: int
    turn_up: Card | None = None
    declarations: dict[int, bool] = field(default_factory=dict)
    active: tuple[int, ...] = ()
    announcement: Announced | None = None
    tricks: list[TrickWon] = field(default_factory=list)
    settled: HandSettled | None = None

    def was_in(self, seat: int) -> bool | None:
        """Did ``seat`` play this hand?  None if it never had to say (it had left the table)."""
        return True if seat in self.active else self.declarations.get(seat)


class Chronicle:
    """Every hand of the session with its tricks and settlement, and the stacks over time."""

    def __init__(self, starting_stacks: tuple[int, ...]):
        self.starting_stacks = starting_stacks
        self.hands: list[HandLog] = []
        self.ended: SessionEnded | None = None

    def record(self, events: tuple[Event, ...] | list[Event]) -> None:
        for event in events:
            match event:
                case HandStarted(number=number, dealer=dealer, pot=pot):
                    self.hands.append(HandLog(number, dealer, pot))
                case TrumpTurned(card=card):
                    self.hands[-1].turn_up = card
                case Declared(seat=seat, playing=playing):
                    self.hands[-1].declarations[seat] = playing
                case Announced():
                    self.hands[-1].announcement = event
                case PlayStarted(active=active):
                    self.hands[-1].active = active
                case TrickWon():
                    self.hands[-1].tricks.append(event)
                case HandSettled():
                    self.hands[-1].settled = event
                case SessionEnded():
                    self.ended = event

    @property
    def settled_hands(self) -> list[HandLog]:
        return [hand for hand in self.hands if hand.settled is not None]

    def stack_history(self) -> list[tuple[int, ...]]:
        """The stacks at the start and after every settled hand."""
        return [self.starting_stacks] + [hand.settled.stacks for hand in self.settled_hands]
