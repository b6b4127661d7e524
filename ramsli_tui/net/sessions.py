"""The full-screen app for each SSH session with a terminal (``ssh -t HOST``).

Each session gets an ordinary Textual process in a pseudo-terminal of its own (Textual's
Linux driver, as in local play), talking to the hub through the client seam over a
unix socket pair (net/app_client.py).  The session's terminal type and size come from
SSH; a window change sets the PTY's size (TIOCSWINSZ), so the kernel tells the app
(SIGWINCH) and it lays its screen out again.  COLORTERM is passed on only when the
client sent it.  Each process has its own settings and data folders in a temporary
folder, so no two sessions share a saved-game lock.  When the channel closes the
process is ended (SIGTERM, then SIGKILL after ``END_WAIT`` seconds); when the app
ends, so does the session.

The process is started afresh (``python -m ramsli_tui.net.sessions``); ``main`` is what
it runs.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import socket
import struct
import sys
import tempfile
import termios
from pathlib import Path

import asyncssh

from .app_client import serve_app
from .hub import Hub, Player
from .journal import Journal

END_WAIT = 2.0  # seconds an app process has, after SIGTERM, before SIGKILL
READ_SIZE = 65536


def set_size(fd: int, width: int, height: int) -> None:
    """The terminal size of the PTY ``fd`` (its process is sent SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def app_environment(process: asyncssh.SSHServerProcess, folder: Path) -> dict[str, str]:
    """What the app process is given: the session's terminal, its own folders."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder), "LANG": "C.UTF-8",
           "TERM": process.get_terminal_type() or "xterm-256color"}
    sent = process.env or {}
    colour = sent.get("COLORTERM", sent.get(b"COLORTERM"))  # asyncssh gives bytes where it cannot decode
    if colour:
        env["COLORTERM"] = colour.decode(errors="replace") if isinstance(colour, bytes) else str(colour)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(folder / name.lower())
    return env


class AppSessions:
    """The door's hook for sessions with a terminal: an app process each."""

    def __init__(self, hub: Hub, journal: Journal):
        self.hub = hub
        self.journal = journal
        self.running: set[asyncio.subprocess.Process] = set()

    async def __call__(self, process: asyncssh.SSHServerProcess, player: Player) -> None:
        with tempfile.TemporaryDirectory(prefix="ramsli-session-") as folder:
            await self._run(process, player, Path(folder))

    async def _run(self, process: asyncssh.SSHServerProcess, player: Player, folder: Path) -> None:
        width, height, _, _ = process.get_terminal_size()
        master, slave = os.openpty()
        set_size(master, width or 80, height or 24)
        hub_end, app_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            app = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "ramsli_tui.net.sessions", str(app_end.fileno()), str(folder),
                stdin=slave, stdout=slave, stderr=slave, pass_fds=(app_end.fileno(),), start_new_session=True,
                env=app_environment(process, folder), cwd=folder,
            )
        finally:
            os.close(slave)
            app_end.close()
        self.running.add(app)
        self.journal("app started", name=player.name, pid=app.pid, size=f"{width}x{height}")
        reader, writer = await asyncio.open_unix_connection(sock=hub_end)
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(serve_app(self.hub, player, reader, writer, self.journal)),
                 loop.create_task(self._keys(process, master, app))]
        loop.add_reader(master, self._screen, master, process)
        try:
            code = await app.wait()
        except asyncio.CancelledError:
            code = None
            raise
        finally:
            loop.remove_reader(master)
            await end(app)
            self.running.discard(app)
            for task in tasks:
                task.cancel()
            os.close(master)
            self.journal("app ended", name=player.name, pid=app.pid, code=code)
        process.exit(code or 0)

    @staticmethod
    def _screen(master: int, process: asyncssh.SSHServerProcess) -> None:
        """What the app drew, to the SSH client."""
        try:
            data = os.read(master, READ_SIZE)
        except OSError:  # the app has gone: EIO once no process holds the terminal
            asyncio.get_running_loop().remove_reader(master)
            return
        process.stdout.write(data)

    @staticmethod
    async def _keys(process: asyncssh.SSHServerProcess, master: int, app: asyncio.subprocess.Process) -> None:
        """What the person types, to the app; a window change, to the PTY; the channel's
        end, the app's."""
        while True:
            try:
                data = await process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as changed:
                set_size(master, changed.width, changed.height)
                continue
            except (asyncssh.Error, OSError):
                data = b""
            if not data:
                break
            os.write(master, data)
        await end(app)

    async def close(self) -> None:
        await asyncio.gather(*(end(app) for app in list(self.running)))


async def end(app: asyncio.subprocess.Process) -> None:
    """End an app process: SIGTERM, then SIGKILL if it is still there after ``END_WAIT`` s."""
    if app.returncode is not None:
        return
    app.send_signal(signal.SIGTERM)
    try:
        async with asyncio.timeout(END_WAIT):
            await app.wait()
    except TimeoutError:
        app.kill()
        await app.wait()


def main(arguments: list[str]) -> int:
    """The app process: its terminal made its own, the lobby of the hub on socket fd ``arguments[0]``."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    from ..storage import Storage
    from ..ui.app import RamsliApp
    from .app_client import HubLink, RemoteLobby

    fd, folder = int(arguments[0]), Path(arguments[1])
    link = HubLink(socket.socket(fileno=fd))
    app = RamsliApp(Storage(folder / "config", folder / "data"), lobby=RemoteLobby(link))
    app.run()
    link.close()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
