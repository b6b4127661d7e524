"""Servers and clients for the tests of ``ramsli serve``: a ``Server`` on a free loopback
port with a data folder of the test's, and ``Peer``, a program on the json channel that
keeps every message it was sent."""

from __future__ import annotations

import asyncio
import io
import json
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh

from ramsli_tui.net.door import Limits
from ramsli_tui.net.hub import Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.server import Server
from ramsli_tui.net.store import ServerFolder

QUICK = Policy(away_after=0.3, turn_limit=5.0, bot_delay=0.0)
WAIT = 30.0  # seconds any one message may take to come (generous: a loaded machine is slow)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorized_keys(path: Path, *keys: asyncssh.SSHKey) -> Path:
    path.write_text("".join(key.export_public_key().decode() for key in keys))
    return path


async def greeting_only(process: asyncssh.SSHServerProcess, player) -> None:
    """What a session with a terminal gets from the servers of the door's tests: a line,
    in place of a full-screen app (net/sessions.py has its own tests)."""
    process.stdout.write(f"Hello {player.name}: this test server runs no app.\r\n".encode())
    process.exit(0)


@asynccontextmanager
async def served(data: Path, thinkers, allowed: Path | None = None, policy: Policy = QUICK, limits: Limits = Limits(),
                 interactive=greeting_only):
    """A running server on a free port of 127.0.0.1; its log is ``server.log.getvalue()``."""
    log = io.StringIO()
    server = Server(ServerFolder(data), allowed, thinkers, policy=policy, limits=limits, journal=Journal(log),
                    interactive=interactive)
    server.log = log
    await server.start("127.0.0.1", 0)
    try:
        yield server
    except BaseException:
        print(log.getvalue())  # shown with the failure
        raise
    finally:
        await server.stop()


class Peer:
    """A program on the json channel, as one player."""

    def __init__(self, connection, process):
        self.connection = connection
        self.process = process
        self.messages: list[dict] = []
        self.unread: list[dict] = []

    @classmethod
    async def connect(cls, server, name: str, key: asyncssh.SSHKey, window: int = 2 * 1024 * 1024) -> Peer:
        """A connection as ``name`` with ``key``; ``window``: how much it takes in before it is read."""
        connection = await asyncssh.connect(
            "127.0.0.1", server.port, username=name, client_keys=[key], known_hosts=None, agent_path=None, config=None,
            connect_timeout=WAIT,
        )
        process = await connection.create_process("json", encoding=None, window=window)
        return cls(connection, process)

    def send(self, request) -> None:
        line = request if isinstance(request, bytes) else json.dumps(request).encode() + b"\n"
        self.process.stdin.write(line)

    async def next(self, kind: str | None = None, timeout: float = WAIT) -> dict:
        """The next message, or the next of ``kind`` (those of other kinds before it are
        kept, in order, for the next call)."""
        for index, message in enumerate(self.unread):
            if kind is None or message["type"] == kind:
                return self.unread.pop(index)
        while True:
            message = await self._read(timeout)
            if kind is None or message["type"] == kind:
                return message
            self.unread.append(message)

    async def _read(self, timeout: float) -> dict:
        async with asyncio.timeout(timeout):  # unlike wait_for, it never swallows a cancellation
            line = await self.process.stdout.readline()
        if not line:
            raise EOFError("the server closed the channel")
        message = json.loads(line)
        self.messages.append(message)
        return message

    async def close(self) -> None:
        self.connection.close()
        await self.connection.wait_closed()
