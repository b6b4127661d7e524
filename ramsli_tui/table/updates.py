"""What a seat is sent: its view and the events it may see, one ``Update`` at a time.

The table makes them, the client seam carries them (in this process now, over a socket
with ``ramsli serve``), and the faces draw them.  What the table waits for — a seat's
action against its clock, or the people still to read a round's result — is a
``Waiting``, told apart from the updates (it changes while nothing is played).
"""

from __future__ import annotations

from typing import NamedTuple

from ..games.protocol import Event


class Update(NamedTuple):
    """What one seat may see after an action: its view and the new events; when a round
    was just settled, its view of that round as it stood at the end; whether the session
    is over.  ``seq`` counts a seat's updates from 1, with no gaps."""

    seq: int
    view: object
    events: tuple[Event, ...]
    round_end: object | None = None
    over: bool = False


class Clock(NamedTuple):
    """The time the seat to act has left, in seconds, as of when it was asked."""

    seat: int
    seconds_left: float


class Reading(NamedTuple):
    """Who has read a round's result and who has not yet (seats, in order), and the
    seconds left before it counts as read for them (None: no limit)."""

    read: tuple[int, ...]
    unread: tuple[int, ...]
    seconds_left: float | None


class Waiting(NamedTuple):
    """What the table waits for now: a timed seat's action, the people still to read a
    result, or (both None) nothing against a clock."""

    clock: Clock | None = None
    reading: Reading | None = None
