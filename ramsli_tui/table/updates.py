"""What a seat is sent: its view and the events it may see, one ``Update`` at a time.

The table makes them, the client seam carries them (in this process now, over a socket
with ``ramsli serve``), and the faces draw them.
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
