"""One program at the hub over ``ssh HOST json``: a session of the table protocol.

It reads the program's lines (net/protocol.py), hands each request to the hub and
sends back what comes of it: ``welcome`` first, then ``seated`` and a full ``update``
for every table the key sits at, then answers and updates as they come.  Each
table's updates are numbered for this connection, 1, 2, 3 … with no gaps.  A line
that is not JSON, an unknown op or a refused action gets an ``error`` line, and the
session and every table go on.  Everything is sent through the connection's
``Outbox``, so the hub never waits on a slow reader.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from ..games.protocol import IllegalAction
from ..table.updates import Clock, Update, Waiting
from . import protocol
from .hub import Hub, HubRefusal, Player
from .journal import Journal
from .outbox import Outbox

READ_SIZE = 65536


class Reader(Protocol):
    async def read(self, n: int) -> bytes: ...


class JsonSession:
    """The hub's attendee for one program."""

    reads_results = False  # the protocol has no op for it: a result is read once it is sent

    def __init__(self, hub: Hub, player: Player, outbox: Outbox, journal: Journal):
        self.hub = hub
        self.player = player
        self.outbox = outbox
        self.journal = journal
        self.seqs: dict[int, int] = {}  # the last update's number, per table
        self.clocks: dict[int, Clock | None] = {}  # the clock the last update carried, per table
        self.unasked: set[int] = set()  # tables whose last update held this seat's legal back

    async def serve(self, reader: Reader, idle_timeout: float) -> str:
        """Greet the program and take its requests until it closes its side or says
        nothing for ``idle_timeout`` seconds; which of the two happened."""
        self.send(protocol.welcome(self.player.name))
        self.hub.connected(self)
        lines = protocol.Lines()
        while True:
            try:
                async with asyncio.timeout(idle_timeout):
                    data = await reader.read(READ_SIZE)
            except TimeoutError:
                return "idle"
            if not data:
                return "closed"
            for line in lines.feed(data):
                self.handle(line)

    def send(self, message: dict) -> None:
        self.outbox.send(protocol.encoded(message))

    # --- requests ----------------------------------------------------------------------------

    def handle(self, line: bytes | None) -> None:
        """One line from the program: answered, or refused with an ``error``."""
        if line is protocol.TOO_LONG:
            self.send(protocol.error(None, f"a line may hold at most {protocol.MAX_LINE} bytes"))
            return
        try:
            request = protocol.request(line)
        except protocol.BadRequest as error:
            self.send(protocol.error(error.op, str(error)))
            return
        if request is None:
            return
        try:
            self._do(request)
        except HubRefusal as error:
            self.send(protocol.error(request.op, str(error)))
        except IllegalAction as error:
            self.send(protocol.error(request.op, protocol.refusal(error)))
        except Exception as error:  # a bug must not end the session or any table
            self.journal("error", name=self.player.name, op=request.op, error=repr(error))
            self.send(protocol.error(request.op, "the server failed to do that; its log says why"))

    def _do(self, request: protocol.Request) -> None:
        fields = request.fields
        hub = self.hub
        if request.op == "list":
            self.send(protocol.tables(hub.listing()))
        elif request.op == "create":
            hub.create(self, fields["game"], fields["ruleset"], fields["players"], fields["bots"])
        elif request.op == "join":
            hub.join(self, fields["table"], fields.get("seat"))
        elif request.op == "start":
            hub.start(self, fields["table"])
        elif request.op == "watch":
            hub.watch(self, fields["table"])
        elif request.op == "act":
            hub.act(self, fields["table"], fields["action"])
        elif request.op == "leave":
            hub.leave(self, fields["table"])

    # --- what the hub sends ------------------------------------------------------------------------

    def seated(self, table: int, seat: int | None) -> None:
        self.send(protocol.seated(table, seat))

    def updated(self, table: int, seat: int | None, update: Update, names: tuple[str, ...]) -> None:
        self._update(table, seat, update.view, update.events, names, self.hub.waiting(table))

    def _update(self, table: int, seat: int | None, view, events, names, waiting: Waiting) -> None:
        """An update; while people read a hand's result, the seat to act is not asked yet."""
        seq = self.seqs[table] = self.seqs.get(table, 0) + 1
        self.clocks[table] = waiting.clock
        asked = waiting.reading is None
        unasked = not asked and seat is not None and protocol.to_act(view) == seat and bool(view.legal)
        (self.unasked.add if unasked else self.unasked.discard)(table)
        self.send(protocol.update(table, seq, view, events, names, seat, waiting.clock, asked))

    def waiting(self, table: int, seat: int | None, waiting: Waiting) -> None:
        """Once everyone has read a hand's result, the table asks the seat to act with
        nothing played: that seat's ``legal``, and the clock that starts for it, come
        in an update of no events."""
        if waiting.reading is not None:
            return
        clock, last = waiting.clock, self.clocks.get(table)
        clock_news = clock is not None and (last is None or last.seat != clock.seat)
        if table in self.unasked or clock_news:
            view, names = self.hub.view(table, seat)
            self._update(table, seat, view, (), names, waiting)

    def closed(self, table: int, seat: int | None, reason: str, view, names: tuple[str, ...]) -> None:
        """A last ``update`` of a table that had started, with a ``table_closed`` event (the
        protocol's way to add news: a new event); nothing follows it."""
        if view is None:
            return  # a table closed before its start: a program that asks is told it is over
        seq = self.seqs[table] = self.seqs.get(table, 0) + 1
        self.send(protocol.table_closed(table, seq, view, names, seat, reason))

    def noticed(self, table: int, message: str) -> None:
        """The protocol has no notices: the server's log keeps what the table said."""

    def said(self, table: int, name: str, text: str) -> None:
        """The protocol has no talk: what people say at a table is for people."""
