"""``ramsli serve``: the hub and its SSH door, run until SIGTERM.

``add_arguments`` and ``run`` are what the ``ramsli`` command calls; ``Server`` puts
the pieces together (the data folder, the names, the computer players' processes,
the hub and the door), for ``run`` and for tests alike.  A mistake (an unreadable
allowed-keys file, a port in use, a data folder held by another server) ends in one
line and exit status 2.  SIGTERM and SIGINT stop cleanly: every client is told, every
table is saved.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from platformdirs import user_data_dir

from .door import Admission, Door, Interactive, Limits, lobby_to_come
from .hub import Hub, Policy
from .journal import Journal
from .store import ServeError, ServerFolder
from .thinkers import Thinkers

EXIT_USAGE = 2


def default_data_dir() -> Path:
    return Path(user_data_dir("ramsli")) / "serve"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=2222, help="the port to listen on (default: 2222)")
    parser.add_argument("--data", type=Path, metavar="DIR", help=f"the data folder (default: {default_data_dir()})")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--allow", type=Path, metavar="FILE", help="let in only the keys of this authorized_keys file")
    who.add_argument("--open", action="store_true", help="let any key in, binding the name it asks for on first use")


def run(args: argparse.Namespace) -> int:
    logging.getLogger("asyncssh").setLevel(logging.CRITICAL)  # the journal tells what matters, once
    try:
        asyncio.run(serve_until_stopped(args))
    except ServeError as error:
        print(f"ramsli serve: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


async def serve_until_stopped(args: argparse.Namespace) -> None:
    folder = ServerFolder(args.data or default_data_dir())
    journal = Journal()
    with folder.claimed():
        thinkers = Thinkers()
        server = Server(folder, None if args.open else args.allow, thinkers, journal=journal)
        try:
            await server.start(args.host, args.port)
            stopping = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, stopping.set)
            await stopping.wait()
            journal("stopping")
            await server.stop()
            journal("stopped")
        finally:
            thinkers.close()


class Server:
    """A hub and its door on one data folder."""

    def __init__(self, folder: ServerFolder, allowed: Path | None, thinkers: Thinkers, *, policy: Policy = Policy(),
                 limits: Limits = Limits(), journal: Journal | None = None, interactive: Interactive = lobby_to_come):
        """``allowed``: an authorized_keys file, or None for an open server."""
        self.folder = folder
        self.journal = journal or Journal()
        self.host_key = folder.host_key()
        self.admission = Admission(folder.names(), allowed)
        self.hub = Hub(folder, thinkers, policy, self.journal)
        self.door = Door(self.hub, self.admission, limits, self.journal, interactive)
        self.port: int | None = None

    async def start(self, host: str, port: int) -> int:
        """Take back the kept tables and listen; the port listened on."""
        self.journal("host key", fingerprint=self.host_key.get_fingerprint(), file=self.folder.path / "host_key")
        self.hub.restore()
        try:
            self.port = await self.door.open(host, port, self.host_key)
        except OSError as error:
            raise ServeError(f"cannot listen on {host}:{port} ({error.strerror or error})") from None
        self.journal("listening", address=f"{host}:{self.port}", keys="any" if self.admission.allowed is None else self.admission.allowed)
        return self.port

    async def stop(self) -> None:
        await self.door.close()
        await self.hub.stop()
