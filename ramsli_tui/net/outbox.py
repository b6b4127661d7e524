"""A bounded queue of what is sent to one client, so that a client that stops reading
is disconnected instead of holding anyone else up.

The hub never waits on a connection: it puts each message in the connection's
outbox and goes on.  The outbox's own task writes them out and waits for the
connection to take them.  When more than ``limit`` bytes wait, or one write has
waited ``stall`` seconds, the client is not reading: ``on_stuck`` is told why and
nothing more is queued.  A single message larger than ``limit`` (the first update of
a long session) is taken whenever less than ``limit`` waits before it (the ``seated``
line that comes just before it, say), and does not count against ``limit`` for the
messages after it (the next updates, sent before the outbox's task has taken it), so
what waits is bounded by ``limit`` plus that one message.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Callable, Protocol


class Writer(Protocol):
    def write(self, data: bytes) -> None: ...

    async def drain(self) -> None: ...


class Outbox:
    def __init__(self, writer: Writer, limit: int, stall: float, on_stuck: Callable[[str], None]):
        self.writer = writer
        self.limit = limit
        self.stall = stall
        self.on_stuck = on_stuck
        self.waiting: deque[bytes] = deque()
        self.queued = 0  # bytes waiting
        self.oversized = 0  # the size of the one message larger than the limit among them, if one waits
        self.stuck = False
        self.wanted = asyncio.Event()  # something waits to be written
        self.empty = asyncio.Event()  # everything given was written out
        self.empty.set()

    def send(self, data: bytes) -> None:
        if self.stuck:
            return
        if self._too_much(data):
            self._stuck(f"{self.queued + len(data)} bytes waiting to be read")
            return
        self.waiting.append(data)
        self.queued += len(data)
        if len(data) > self.limit:
            self.oversized = len(data)
        self.empty.clear()
        self.wanted.set()

    def _too_much(self, data: bytes) -> bool:
        """Whether ``data`` is more than a client that reads would leave waiting (see the
        module's docstring)."""
        if len(data) > self.limit:
            return self.queued >= self.limit
        return self.queued - self.oversized + len(data) > self.limit

    async def run(self) -> None:
        """Write what is sent, in order, until the client is stuck or gone."""
        while not self.stuck:
            await self.wanted.wait()
            self.wanted.clear()
            data = b"".join(self.waiting)
            self.waiting.clear()
            self.queued = self.oversized = 0
            try:
                self.writer.write(data)
                async with asyncio.timeout(self.stall):
                    await self.writer.drain()
            except TimeoutError:
                self._stuck(f"nothing read for {self.stall:g} s")
            except (ConnectionError, OSError):
                return  # gone: the session ends on its own
            if not self.waiting:
                self.empty.set()

    async def flush(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for everything sent to be written out."""
        try:
            async with asyncio.timeout(timeout):
                await self.empty.wait()
        except TimeoutError:
            pass

    def _stuck(self, why: str) -> None:
        self.stuck = True
        self.waiting.clear()
        self.queued = self.oversized = 0
        self.on_stuck(why)
