"""The full-screen app for each SSH session with a terminal (``ssh -t HOST``).

Each session gets an ordinary Textual process in a pseudo-terminal of its own (Textual's
Linux driver, as in local play), talking to the hub through the client seam over a
unix socket pair (net/app_client.py).  The session's terminal type and size come from
SSH, the size at most ``MAX_WIDTH`` × ``MAX_HEIGHT`` (a larger screen is clipped: it
would only cost memory); a window change sets the PTY's size (TIOCSWINSZ), so the
kernel tells the app (SIGWINCH) and it lays its screen out again.  COLORTERM is passed
on only when the client sent it.  The app speaks the language the person chose last on
this server (net/store.py's ``LanguageBook``, which the app tells the hub of when the
person changes it: the link's ``language`` request), else the one their ``ssh`` sent
(``LANG``, ``LC_*``), else the server's default (``ramsli serve --lang``): it is given
as ``LANGUAGE``.  Each process has its own settings and data folders
in a folder of its own under the data folder's ``run/sessions/`` (net/store.py removes
what a killed server left there), so no two sessions share a saved-game lock.  When
the channel closes the process is ended (SIGTERM, then SIGKILL after ``END_WAIT``
seconds); when the app ends (its terminal closes), so does the session.

What the app draws is read from its PTY only while the SSH channel holds less than its
high-water mark (that of a json session's outbox, net/door.py): past it, reading waits
for the client to take what was sent, the PTY fills, and the app's writes wait in
turn, so a client that does not read costs the server at most the mark and one read.
A client that has read nothing for ``Limits.write_stall`` seconds is disconnected.
What the person types goes to the PTY as fast as the app reads it (``typed``: the
PTY is non-blocking, so an app that does not read its keys never holds the server);
meanwhile the SSH channel is not read, and the client waits on its SSH window.

The processes come from a fork server (``ForkServer``, net/forks.py): one process,
started with the first session, that has imported Textual and the app once and
rehearsed it (net/warm_up.py), and gives each session, its terminal and socket sent
over a unix socket (SCM_RIGHTS), a spare app made ahead of it or else a child forked
for it.  A fresh Python process took about 1.4 s to import them; a fork takes
milliseconds.  The apps start in turn (``Starts``): at most one per core is building
its first frame at a time, so that people who log in at the same moment see their
lobbies one after another instead of all at the end.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Callable, Protocol

import asyncssh

from . import MAX_APPS, SPARE_APPS
from .app_client import serve_app
from .door import CHANNEL_BUFFER, Limits, sent_environment, session_language
from .forks import folder_environment
from ..languages import N_, SOURCE, translations
from .hub import Hub, Player
from .journal import Journal
from .store import LanguageBook, SettingsBook
from ..storage import Storage

END_WAIT = 2.0  # seconds an app process has, after SIGTERM, before SIGKILL
START_WAIT = 2.0  # seconds an app starting may keep the next one waiting (``Starts``)
READ_SIZE = 65536
MAX_WIDTH, MAX_HEIGHT = 300, 100  # the largest terminal an app is given, in columns and rows
# What undoes an app's terminal modes when it was ended: mouse reports off, bracketed
# paste off, the cursor shown, back from the alternate screen.
# What a session is told before its app starts or after it ends, in its person's language.
TOO_MANY_APPS = N_("The server runs {count} apps, as many as it can; come back later, or play with 'ssh -T HOST json'.")
NOT_STARTED = N_("The app could not be started; the server's log says why.")
STOPPING = N_("ramsli serve is stopping; your tables are saved: connect again later.")
IDLE = N_("Nothing came for {seconds} s: goodbye. Your seats are kept.")
RESTORE = b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[?1049l\r\n"


def set_size(fd: int, width: int, height: int) -> None:
    """The terminal size of the PTY ``fd`` (its process is sent SIGWINCH): the size
    asked for, at most ``MAX_WIDTH`` × ``MAX_HEIGHT`` (80 × 24 where SSH said 0)."""
    width, height = min(width or 80, MAX_WIDTH), min(height or 24, MAX_HEIGHT)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def size_of(fd: int) -> tuple[int, int]:
    """The terminal size of the PTY ``fd``: columns, rows."""
    height, width, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, bytes(8)))
    return width, height


def app_environment(process: asyncssh.SSHServerProcess, folder: Path, language: str = SOURCE) -> dict[str, str]:
    """What the app process is given: the session's terminal, its own folders, the
    language it speaks."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "LANGUAGE": language, "TERM": process.get_terminal_type() or "xterm-256color"}
    colour = sent_environment(process).get("COLORTERM")
    if colour:
        env["COLORTERM"] = colour
    return {**env, **folder_environment(folder)}


PER_APP_SETTINGS = ("TEXTUAL_COLOR_SYSTEM", "TEXTUAL_DRIVER")  # each app's own: its screen's colours, its driver


def without_per_app_settings() -> dict[str, str]:
    """The server's environment without ``PER_APP_SETTINGS``: Textual reads them once, as
    the fork server imports it, and they would then hold for every app, when each app
    finds its colours in the environment it is given (its person's terminal, or a
    browser's: full colour) and its driver is its face's."""
    return {name: value for name, value in os.environ.items() if name not in PER_APP_SETTINGS}


class ForkServer:
    """The process the app processes are forked from (see the module's docstring), which
    keeps up to ``spares`` apps made ahead of the logins (net/forks.py)."""

    def __init__(self, spares: int = 0):
        here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ramsli_tui.net.forks", str(there.fileno()), str(spares)], pass_fds=(there.fileno(),),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True, env=without_per_app_settings(),
        )
        there.close()
        self.channel = here
        self.asking = asyncio.Lock()

    async def fork(self, screen: int, hub_socket: int, env: dict[str, str], folder: Path,
                   face: str = "terminal") -> tuple[int, bool]:
        """An app process on ``screen`` (a PTY's other end, or with the ``face`` "web" a
        socket of packets) and ``hub_socket``: its pid, and whether it is a spare (made
        ahead, its first screen built already)."""
        request = json.dumps({"env": env, "folder": str(folder), "face": face}).encode()
        async with self.asking:
            await asyncio.to_thread(socket.send_fds, self.channel, [request], [screen, hub_socket])
            reply = await asyncio.to_thread(self.channel.recv, 64)
        if not reply:
            raise OSError("the fork server has gone")
        pid, how = reply.decode().split()
        return int(pid), how == "spare"

    def close(self) -> None:
        self.channel.close()  # it ends when its channel does
        try:
            self.process.wait(END_WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class AppSessions:
    """The door's hook for sessions with a terminal, and the web's for browsers' tabs: an
    app process each, on its ``Face`` (a PTY here, a socket of packets in net/web.py)."""

    def __init__(self, hub: Hub, journal: Journal, folder: Path, limits: Limits = Limits(), max_apps: int = MAX_APPS,
                 languages: LanguageBook | None = None, default_language: str = SOURCE, spares: int = SPARE_APPS,
                 settings: SettingsBook | None = None):
        """``folder``: where each session gets a folder of its own; ``limits``: its idle
        time-out (seconds a person may type nothing before their app is ended), and how
        much of the app's screen may wait for a client, and how long; ``languages``: each
        person's last choice (none kept without one); ``settings``: how each person likes
        the table, which their app starts with (none kept without it); ``default_language``: the
        language of one who chose none and whose ssh sent none; ``spares``: how many apps
        the fork server keeps made ahead of the logins (net/forks.py)."""
        self.hub = hub
        self.journal = journal
        self.languages = languages
        self.settings = settings
        self.default_language = default_language
        self.folder = folder
        self.limits = limits
        self.max_apps = max_apps
        self.spares = spares
        self.stopping = False
        self.forks: ForkServer | None = None
        self.starts = Starts(len(os.sched_getaffinity(0)))
        self.running: dict[int, asyncio.Event] = {}  # each app's pid, and the end of its screen

    async def __call__(self, process: asyncssh.SSHServerProcess, player: Player) -> None:
        last_chosen = self.languages.language_of(player.name) if self.languages is not None else None
        language = session_language(process, last_chosen, self.default_language)
        await self.serve(TerminalFace(process, self.limits, self.journal, player), player, language)

    async def serve(self, face: Face, player: Player, language: str) -> None:
        """An app for ``player`` on ``face``, speaking ``language``, until either ends."""
        if len(self.running) >= self.max_apps:
            self.journal("refused", name=player.name, reason=f"{self.max_apps} apps are running")
            face.refuse(told(language, TOO_MANY_APPS, count=self.max_apps))
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=f"{player.name}-", dir=self.folder) as folder:
            started = await self.starts.turn()
            try:
                await self._start_and_serve(face, player, Path(folder), language, started)
            finally:
                started()

    async def _start_and_serve(self, face: Face, player: Player, folder: Path, language: str,
                               started: Callable[[], None]) -> None:
        """Fork the session's app and serve it until it ends; ``started`` is called once it
        has drawn its first frame."""
        if self.forks is None:
            self.forks = ForkServer(self.spares)
        self.keep_settings_for(player, folder)
        screen = face.open()
        hub_end, app_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            pid, spare = await self.forks.fork(screen, app_end.fileno(), face.environment(folder, language), folder,
                                               face.kind)
        except OSError as error:
            face.close()
            hub_end.close()
            self.journal("app failed", name=player.name, error=error)
            face.refuse(told(language, NOT_STARTED))
            return
        finally:
            os.close(screen)
            app_end.close()
        if spare:
            started()  # what is left of its start costs little: the next need not wait for it
        closed = self.running[pid] = asyncio.Event()
        self.journal("app started", name=player.name, pid=pid, face=face.kind, size=face.size(), language=language,
                     spare="yes" if spare else "no")
        reader, writer = await asyncio.open_unix_connection(sock=hub_end)
        loop = asyncio.get_running_loop()
        idle = False

        async def keys() -> None:
            nonlocal idle
            idle = await face.keys() == IDLE_END
            if idle:
                self.journal("app idle", pid=pid, seconds=self.limits.idle_timeout)
            await self.end(pid)

        async def screen() -> None:
            try:
                await face.screen()
            finally:
                closed.set()

        tasks = [loop.create_task(serve_app(self.hub, player, reader, writer, self.journal, self.languages, started,
                                            self.settings)),
                 loop.create_task(keys()), loop.create_task(screen())]
        try:
            await closed.wait()
        finally:
            started()
            await self.end(pid)
            for task in tasks:
                task.cancel()
            face.close()
            self.journal("app ended", name=player.name, pid=pid)
        # An app ended mid-screen: the person's screen is given back first.
        if self.stopping:
            face.leave(told(language, STOPPING))
        elif idle:
            face.leave(told(language, IDLE, seconds=f"{self.limits.idle_timeout:g}"))
        else:
            face.leave(b"")

    def keep_settings_for(self, player: Player, folder: Path) -> None:
        """The settings ``player`` chose on this server, in the settings file of their
        session's ``folder``, for their app to start with (nothing if they chose none)."""
        if self.settings is None or self.settings.choice_of(player.name) is None:
            return
        try:
            Storage.in_folder(folder).save_settings(self.settings.settings_of(player.name))
        except OSError as error:
            self.journal("settings not given", name=player.name, reason=error.strerror or error)

    async def end(self, pid: int) -> None:
        """End an app: SIGTERM, then SIGKILL if its screen is still held after ``END_WAIT`` s."""
        closed = self.running.get(pid)
        if closed is None:
            return
        signal_app(pid, signal.SIGTERM)
        try:
            async with asyncio.timeout(END_WAIT):
                await closed.wait()
        except TimeoutError:
            signal_app(pid, signal.SIGKILL)
        self.running.pop(pid, None)

    async def close(self) -> None:
        """End every app (each session is told the server stops), then the fork server."""
        self.stopping = True
        await asyncio.gather(*(self.end(pid) for pid in list(self.running)))
        if self.forks is not None:
            self.forks.close()


IDLE_END = "idle"  # what ``Face.keys`` says when nothing came for the idle time-out (else "gone")


class Face(Protocol):
    """What an app is shown on and typed at: a person's terminal over SSH, or a tab of
    their browser (net/web.py)."""

    kind: str  # the fork server's name for it: "terminal" or "web"

    def open(self) -> int:
        """The descriptor the app is to draw on and read from (closed here once it is given)."""

    def environment(self, folder: Path, language: str) -> dict[str, str]:
        """The app's environment, its folder ``folder``, speaking ``language``."""

    def size(self) -> str:
        """The app's screen's size, ``COLUMNSxROWS``, for the log."""

    async def screen(self) -> None:
        """What the app draws, to the person, until either has gone."""

    async def keys(self) -> str:
        """What the person does, to the app, until they go ("gone") or do nothing for the
        idle time-out (``IDLE_END``)."""

    def close(self) -> None:
        """The app has ended: let go of its screen."""

    def refuse(self, said: bytes) -> None:
        """No app: tell the person ``said`` and end (failure)."""

    def leave(self, said: bytes) -> None:
        """The app has ended: give the person their screen back, tell them ``said``, end."""


class TerminalFace:
    """A session of ``ssh -t``: the app on a PTY of its own (see the module's docstring)."""

    kind = "terminal"

    def __init__(self, process: asyncssh.SSHServerProcess, limits: Limits, journal: Journal, player: Player):
        self.process = process
        self.limits = limits
        self.journal = journal
        self.player = player
        self.master = -1

    def open(self) -> int:
        master, slave = os.openpty()
        os.set_blocking(master, False)  # a write to an app that does not read its keys waits; it never holds the server
        set_size(master, *self.process.get_terminal_size()[:2])
        self.process.channel.set_write_buffer_limits(high=min(CHANNEL_BUFFER, self.limits.outbox_bytes))
        self.master = master
        return slave

    def environment(self, folder: Path, language: str) -> dict[str, str]:
        return app_environment(self.process, folder, language)

    def size(self) -> str:
        return "{}x{}".format(*size_of(self.master))

    async def screen(self) -> None:
        """As fast as the client takes it in; a client stuck for ``Limits.write_stall`` s
        is disconnected."""
        stall = self.limits.write_stall
        process = self.process
        try:
            while data := await drawn(self.master):
                process.stdout.write(data)
                async with asyncio.timeout(stall):
                    await process.stdout.drain()
        except TimeoutError:
            self.journal("disconnected", name=self.player.name, reason=f"it stopped reading: nothing read for {stall:g} s")
            process.get_extra_info("connection").abort()
        except (asyncssh.Error, OSError):  # BrokenPipeError: the channel closed
            pass

    async def keys(self) -> str:
        """What the person types, to the app; a window change, to the PTY."""
        pace = TypingPace(self.limits.typed_per_second)
        while True:
            try:
                async with asyncio.timeout(self.limits.idle_timeout):
                    data = await self.process.stdin.read(READ_SIZE)
            except TimeoutError:
                return IDLE_END
            except asyncssh.TerminalSizeChanged as changed:
                set_size(self.master, changed.width, changed.height)
                continue
            except (asyncssh.Error, OSError):
                data = b""
            if not data or not await typed(self.master, data):
                return "gone"
            await asyncio.sleep(pace.wait_after(len(data)))

    def close(self) -> None:
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def refuse(self, said: bytes) -> None:
        self.process.stderr.write(said)
        self.process.exit(1)

    def leave(self, said: bytes) -> None:
        if said:
            self.process.stdout.write(RESTORE + said)
        self.process.exit(0)


def told(language: str, template: str, **fields) -> bytes:
    """A line for a session's terminal: ``template`` in ``language``, filled in with ``fields``."""
    return (translations(language).gettext(template).format(**fields) + "\r\n").encode()


class Starts:
    """The apps starting at once: at most ``at_once`` (one per core the server may use).
    Twenty people who log in at the same moment would otherwise share the cores, and
    all wait for the slowest; taken in turn, the first see their lobby at once and the
    median person in half the time.  A turn ends when the app has drawn its first frame
    (it says so over its socket), when it ends, or after ``START_WAIT`` seconds, whichever
    comes first, so that an app that hangs holds no one else up for long."""

    def __init__(self, at_once: int):
        self.free = asyncio.Semaphore(at_once)

    async def turn(self) -> Callable[[], None]:
        """Wait for a turn to start an app; what ends the turn (it may be called again)."""
        await self.free.acquire()
        ended = False

        def end() -> None:
            nonlocal ended
            if not ended:
                ended = True
                timer.cancel()
                self.free.release()

        timer = asyncio.get_running_loop().call_later(START_WAIT, end)
        return end


class TypingPace:
    """How fast a person may type into their app: ``per_second`` bytes a second, past a
    burst of as many again.  Keys that come faster are read later (meanwhile SSH's flow
    control holds the client back), so that nobody keeps an app, and the server's
    cores, busy with a flood of keys; a person typing, a mouse moved or a paste are far
    below it."""

    def __init__(self, per_second: int, clock=time.monotonic):
        self.per_second = per_second
        self.clock = clock
        self.allowance = float(per_second)  # bytes that may come at once now
        self.then = clock()

    def wait_after(self, typed: int) -> float:
        """Seconds to wait before reading more, ``typed`` bytes having just come."""
        now = self.clock()
        self.allowance = min(self.per_second, self.allowance + (now - self.then) * self.per_second) - typed
        self.then = now
        return max(0.0, -self.allowance / self.per_second)


async def drawn(master: int) -> bytes:
    """The next of what the app drew on the PTY ``master``; b"" once no process holds
    its terminal any more (EIO)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    loop.add_reader(master, lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        loop.remove_reader(master)
    try:
        return os.read(master, READ_SIZE)
    except BlockingIOError:
        return await drawn(master)  # it was read meanwhile: wait for more
    except OSError:
        return b""


async def typed(master: int, data: bytes) -> bool:
    """Give ``data`` to the app on the PTY ``master`` as fast as it reads it (meanwhile
    its SSH channel is not read, so the client waits too); False once no process holds
    its terminal any more."""
    loop = asyncio.get_running_loop()
    while data:
        try:
            data = data[os.write(master, data):]
        except BlockingIOError:
            ready = loop.create_future()
            loop.add_writer(master, lambda: ready.done() or ready.set_result(None))
            try:
                await ready
            finally:
                loop.remove_writer(master)
        except OSError:
            return False
    return True


def signal_app(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)  # the app leads a session of its own, with anything it started
    except ProcessLookupError:
        pass
