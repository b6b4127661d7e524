"""The two servers that bench/serve.py measures, each run as a process of its own.

``ramsli``: the real ``ramsli serve`` (net/server.py: door, hub, computer players'
processes, an app forked per session) on a data folder of the bench's, any key let in
(``--open``), with more apps and tables allowed than the defaults and a person's turn
that does not run out while the bench waits at it.  ``bare``: an asyncssh server of
the bench's own that spawns a fresh Python running a minimal Textual app
(bench/bare_app.py) in a PTY of its own for each session with a terminal: the
baseline.  Either prints the port it listens on (loopback, a free port) on a line of
its own, then serves until SIGTERM.

    python bench/serve_servers.py ramsli --data DIR --max-apps 250 --tables 250 [--spare-apps 8]
    python bench/serve_servers.py bare
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import asyncssh

from ramsli_tui.net import SPARE_APPS
from ramsli_tui.net.door import Limits
from ramsli_tui.net.hub import Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.server import Server
from ramsli_tui.net.sessions import END_WAIT, READ_SIZE, set_size, signal_app
from ramsli_tui.net.store import ServerFolder
from ramsli_tui.net.thinkers import Thinkers

HOST = "127.0.0.1"
BARE_APP = Path(__file__).with_name("bare_app.py")
TURN_LIMIT = 3600.0  # the measured people take their time: no computer player acts for them meanwhile


async def until_stopped() -> None:
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    await stopping.wait()


async def serve_ramsli(data: Path, max_apps: int, tables: int, spare_apps: int, web: bool, per_address: int) -> None:
    folder = ServerFolder(data)
    with open(data.parent / "ramsli-serve.log", "w") as log, folder.claimed():
        thinkers = Thinkers()
        try:
            limits = Limits(per_address=per_address, connections_per_minute=max(20, 2 * per_address))
            server = Server(folder, None, thinkers, policy=Policy(turn_limit=TURN_LIMIT, max_tables=tables),
                            journal=Journal(log), max_apps=max_apps, spare_apps=spare_apps, limits=limits)
            print(await server.start(HOST, 0), flush=True)
            if web:
                print(await server.start_web(HOST, 0), flush=True)
            await until_stopped()
            await server.stop()
        finally:
            thinkers.close()


class BareSession:
    """One session of the bare server: a fresh Python with the bare app in its own PTY."""

    running: set[BareSession] = set()

    def __init__(self, process: asyncssh.SSHServerProcess):
        self.process = process
        self.closed = asyncio.Event()
        self.done = asyncio.Event()

    async def run(self) -> None:
        process = self.process
        width, height, _, _ = process.get_terminal_size()
        master, slave = os.openpty()
        set_size(master, width or 80, height or 24)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               "TERM": process.get_terminal_type() or "xterm-256color"}
        person = process.get_extra_info("username")  # in its command line, for the bench to find its process
        child = subprocess.Popen([sys.executable, str(BARE_APP), person], stdin=slave, stdout=slave, stderr=slave, env=env,
                                 start_new_session=True)
        os.close(slave)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._screen, master)
        keys = loop.create_task(self._keys(master))
        self.running.add(self)
        try:
            await self.closed.wait()
        finally:
            loop.remove_reader(master)
            keys.cancel()
            signal_app(child.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.to_thread(child.wait), END_WAIT)
            except TimeoutError:
                signal_app(child.pid, signal.SIGKILL)
                await asyncio.to_thread(child.wait)
            os.close(master)
            self.running.discard(self)
            self.done.set()
        process.exit(0)

    def _screen(self, master: int) -> None:
        try:
            data = os.read(master, READ_SIZE)
        except OSError:
            data = b""
        if data:
            self.process.stdout.write(data)
        else:
            self.closed.set()

    async def _keys(self, master: int) -> None:
        while True:
            try:
                data = await self.process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as changed:
                set_size(master, changed.width, changed.height)
                continue
            except (asyncssh.Error, OSError):
                data = b""
            if not data:
                break
            os.write(master, data)
        self.closed.set()


class AnyKey(asyncssh.SSHServer):
    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return True


async def serve_bare() -> None:
    acceptor = await asyncssh.create_server(
        AnyKey, HOST, 0, server_host_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        process_factory=lambda process: BareSession(process).run(), encoding=None, line_editor=False,
        allow_pty=True, password_auth=False, kbdint_auth=False, x11_forwarding=False, agent_forwarding=False,
    )
    print(acceptor.get_port(), flush=True)
    await until_stopped()
    for session in list(BareSession.running):
        session.closed.set()
    await asyncio.wait([asyncio.create_task(session.done.wait()) for session in BareSession.running] or [asyncio.sleep(0)],
                       timeout=2 * END_WAIT)
    acceptor.close()
    await acceptor.wait_closed()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("ramsli", "bare"))
    parser.add_argument("--data", type=Path, help="the ramsli server's data folder")
    parser.add_argument("--max-apps", type=int, default=250)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--spare-apps", type=int, default=SPARE_APPS)
    parser.add_argument("--web", action="store_true", help="browsers too (ramsli serve --web): its port on a second line")
    parser.add_argument("--per-address", type=int, default=Limits.per_address,
                        help="connections open from one address (a browser's tabs all come from one)")
    args = parser.parse_args()
    logging.getLogger("asyncssh").setLevel(logging.CRITICAL)
    if args.kind == "ramsli":
        asyncio.run(serve_ramsli(args.data, args.max_apps, args.tables, args.spare_apps, args.web, args.per_address))
    else:
        asyncio.run(serve_bare())
    return 0


if __name__ == "__main__":
    sys.exit(main())
