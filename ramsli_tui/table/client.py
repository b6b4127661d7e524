"""The client seam: the only way a face (the app) talks to its table.

A client sits at one seat.  It sends that seat's actions, hears that seat's updates in
order, says when a round's result has been read, and leaves.  ``LocalClient`` talks to
a table in the same process; ``SocketClient`` (net/app_client.py) speaks the same calls
over a socket, so the app is the same program in both cases.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ..languages.words import said
from ..text import for_terminal
from .table import Table
from .updates import Update, Waiting


def shown_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The seats' names as a face shows them, each through ``for_terminal``: a name may
    come from a saved file or from the server."""
    return tuple(for_terminal(name) for name in names)


class TalkRefused(Exception):
    """A line that cannot be said at the table; the message says why, in words."""


class TableClient(Protocol):
    seat: int | None  # None: a spectator, who may only watch
    names: tuple[str, ...]

    @property
    def view(self):
        """The seat's view, as its last update had it."""

    @property
    def is_over(self) -> bool:
        """Has the session ended, as far as the updates have told?"""

    def opening(self) -> Update:
        """Everything this seat may see so far."""

    waiting: Waiting  # what the table waits for against a clock, as last told (at a server)

    def subscribe(self, listener: Callable[[Update], None], on_notice: Callable[[str], None],
                  on_said: Callable[[str, str], None] = lambda name, text: None,
                  on_closed: Callable[[str], None] = lambda words: None,
                  on_waiting: Callable[[Waiting], None] = lambda waiting: None) -> None:
        """Every later update goes to ``listener``, every notice of the table to
        ``on_notice``, every line a person says there to ``on_said`` (name, text),
        ``on_closed`` hears why, if the table is closed under the seat, and ``on_waiting``
        what it waits for against a clock, each time that changes (both at a server)."""

    async def send(self, action: object) -> None:
        """This seat's action, once the table has taken it; IllegalAction, with nothing
        changed, if it cannot be taken now.  Awaited: a table at a server answers later."""

    def result_read(self) -> None:
        """The seat has read the last round's result."""

    def hurry(self) -> None:
        """The seat's person would rather not watch the rest of this round played."""

    @property
    def alone(self) -> bool:
        """Is this seat's person the only person at the table (the others computer players)?"""

    @property
    def talks(self) -> bool:
        """May this seat's person talk to the others at the table (at a server's table)?"""

    async def say(self, text: str) -> None:
        """A line to everyone at the table, once said; TalkRefused saying why it was not."""

    def leave(self) -> None:
        """Stop listening: the seat's person has gone."""


class LocalClient:
    """A client of a table in this process, at ``seat`` or (None) watching.  It keeps the
    last update it was sent, so that a face (or a test) can ask where the seat stands."""

    def __init__(self, table: Table, seat: int | None):
        self.table = table
        self.seat = seat
        self.names = shown_names(table.names)
        self.last: Update = table.opening(seat)
        self.listener: Callable[[Update], None] = lambda update: None
        table.stream(seat).listener = self._heard

    def _heard(self, update: Update) -> None:
        self.last = update
        self.listener(update)

    def opening(self) -> Update:
        self.last = self.table.opening(self.seat)
        return self.last

    waiting = Waiting()  # a table in this process has no clocks

    def subscribe(self, listener: Callable[[Update], None], on_notice: Callable[[str], None],
                  on_said: Callable[[str, str], None] = lambda name, text: None,
                  on_closed: Callable[[str], None] = lambda words: None,
                  on_waiting: Callable[[Waiting], None] = lambda waiting: None) -> None:
        """A table in this process is never closed under its seat and has no clocks:
        ``on_closed`` and ``on_waiting`` are never called."""
        self.listener = listener
        self.table.stream(self.seat).on_notice = lambda message: on_notice(said(message))

    async def send(self, action: object) -> None:
        self.table.act(self.seat, action)

    def result_read(self) -> None:
        if self.seat is not None:  # a spectator's reading holds nobody up
            self.table.result_read(self.seat)

    def hurry(self) -> None:
        self.table.hurry(self.seat)

    @property
    def alone(self) -> bool:
        return sum(chair.person for chair in self.table.seats) == 1

    talks = False  # everyone at a table in this process sits at one terminal

    async def say(self, text: str) -> None:
        raise TalkRefused("everyone at this table sits at this terminal: there is nobody to talk to")

    def leave(self) -> None:
        self.listener = lambda update: None
        self.table.stream(self.seat).on_notice = lambda message: None

    # --- where this seat stands ---------------------------------------------------------------

    @property
    def view(self):
        return self.last.view

    @property
    def is_over(self) -> bool:
        return self.last.over

    @property
    def result_unread(self) -> bool:
        return self.table.stream(self.seat).result_unread

    @property
    def needed(self) -> bool:
        """Does the table wait for this seat (to act or to read a result)?"""
        return self.seat is not None and self.table.needs(self.seat)

    async def until_needed(self) -> None:
        await self.table.until_needed(self.seat)
