"""The fork server: the process every app of ``ramsli serve`` comes from, and the spare
apps it keeps ready for the next people to log in.

The server starts it with its first session (net/sessions.py's ``ForkServer``).  It
imports and rehearses the app once (net/warm_up.py), then answers requests on its
channel, a unix socket: each is a JSON object (the app's environment, its session
folder and its face, ``terminal`` or ``web``) with two descriptors, the session's
screen (a PTY's other end, or for a browser's tab a socket that carries Textual's web
driver's packets: net/web.py) and its socket to the hub, and is answered with the pid of the app that now holds them, which leads a
process session of its own, and whether it was a spare (``1234 spare``, ``1234
forked``).  It ends when the channel closes, ending its spares.

A request is given to a **spare** when one is ready for it, else to a process forked
for it (``run_app``).  A spare (``run_spare``) is an app made before its person came:
its lobby composed and laid out, its stylesheets applied, drawing nowhere until it is
given a terminal (``SpareDriver``).  It is made with the environment of the last
request but its own folder, so a person whose language or terminal type differs from
the last one's gets a forked app; it serves exactly one person, and nothing of anyone
before (it has never had anyone).  Given a request, it takes the terminal, the
environment and the folder, meets its person's lobby (their name, their tables, their
seat) and draws its first frame.  Spares are made one at a time, and only once no
request has come for ``REFILL_AFTER`` seconds, so that making them never competes with
people logging in.  A spare for a browser's tab is made with Textual's web driver
(net/spare_driver.py), of the kind of the last tab's request but for its size, which it
is given with its person, as a terminal's spare is given its terminal's.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import select
import shutil
import signal
import socket
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from ..languages import N_, _, use_language
from ..languages.choice import choose_language
from ..storage import Storage

REQUEST_SIZE = 65536
REFILL_AFTER = 0.5  # seconds without a request before a spare is made
# What names the session's own folder in its environment (a spare has folders of its own until it is given one).
XDG_VARIABLES = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
FOLDER_VARIABLES = ("HOME", *XDG_VARIABLES)
PERSONS_OWN = (*FOLDER_VARIABLES, "COLUMNS", "ROWS")  # what of a request's environment a spare is made without
SERVER_GONE = N_("The server has gone; your seats are kept there.")
WEB = "web"  # the face of a request for a browser's tab (else a terminal)


def serve_forks(fd: int, spares: int) -> int:
    """The fork server (see the module's docstring), keeping up to ``spares`` spare apps,
    until the channel ``fd`` closes."""
    from ..ui.table_screens import import_screens
    from . import app_client  # noqa: F401  (the app's link to the hub, imported once for every app)
    from .warm_up import prepare_to_fork

    import_screens()
    prepare_to_fork()
    signal.signal(signal.SIGCHLD, reap)
    channel = socket.socket(fileno=fd)
    pool = Pool(spares)
    try:
        while True:
            readable, _, _ = select.select([channel], [], [], pool.next_refill())
            if not readable:
                pool.make_spare()
                continue
            try:
                request, fds, _, _ = socket.recv_fds(channel, REQUEST_SIZE, 2)
            except OSError:
                return 0
            if not request:
                return 0
            asked = json.loads(request)
            spare = pool.hand_over(request, asked, fds)
            pid = spare or fork_app(channel, asked, fds)
            for received in fds:
                os.close(received)
            channel.sendall(f"{pid} {'spare' if spare else 'forked'}".encode())
    finally:
        pool.close()


def fork_app(channel: socket.socket, asked: dict, fds: list[int]) -> int:
    """A process forked for the request ``asked`` (its terminal and hub socket ``fds``); its pid."""
    pid = os.fork()
    if pid == 0:
        channel.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os._exit(run_app(fds[0], fds[1], asked["env"], Path(asked["folder"]), asked.get("face") == WEB))
    return pid


def reap(signum, frame) -> None:
    """Every child that has ended, waited for (none is left a zombie)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


# --- what every app does with the session it is given ----------------------------------------


def take_terminal(terminal: int) -> None:
    """Make ``terminal`` this process's controlling terminal and its standard input,
    output and error (the process leads a session of its own already)."""
    fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
    for standard in (0, 1, 2):
        os.dup2(terminal, standard)
    os.close(terminal)


def take_pipe(screen: int) -> None:
    """Make the socket ``screen`` this process's standard input and output (a web app's
    packets come and go there; its errors go nowhere)."""
    for standard in (0, 1):
        os.dup2(screen, standard)
    os.close(screen)
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, 2)
    os.close(nowhere)


def choose_driver(app, web: bool) -> None:
    """``app`` drawn for a browser's tab by Textual's web driver (its colours: the
    ``COLORTERM`` the hub gives it, as a terminal's), or for a terminal by the driver
    whose input thread sleeps while nobody types (net/terminal_driver.py)."""
    if web:
        from textual.drivers.web_driver import WebDriver

        app.driver_class = WebDriver
    else:
        from .terminal_driver import QuietLinuxDriver

        app.driver_class = QuietLinuxDriver


def settle_in(env: dict[str, str], folder: Path) -> None:
    """The session's environment and folder made this process's."""
    os.environ.clear()
    os.environ.update(env)
    os.chdir(folder)


def folder_environment(folder: Path) -> dict[str, str]:
    """The variables of ``FOLDER_VARIABLES`` for a session whose folder is ``folder``."""
    return {"HOME": str(folder), **{name: str(folder / name.lower()) for name in XDG_VARIABLES}}


def meet_the_hub(app, hub_socket: int):
    """The hub's lobby for ``app``, over ``hub_socket``: its link, and the lobby, which
    ends the app when the hub goes."""
    from .app_client import HubLink, RemoteLobby

    link = HubLink(socket.socket(fileno=hub_socket))
    lobby = RemoteLobby(link)
    lobby.on_gone = lambda: app.exit(return_code=1, message=_(SERVER_GONE))
    return link, lobby


def tell_drawn(link) -> None:
    """Tell the hub that the app's first frame is drawn: the next app may start
    (net/sessions.py's ``Starts``)."""
    from .app_client import HubGone

    try:
        link.tell("drawn")
    except HubGone:
        pass


def run_app(screen: int, hub_socket: int, env: dict[str, str], folder: Path, web: bool = False) -> int:
    """A forked child: its screen (a terminal, or with ``web`` a browser's tab) made its
    own, the app run on the hub's lobby."""
    try:
        os.setsid()
        (take_pipe if web else take_terminal)(screen)
        settle_in(env, folder)
        use_language(choose_language(environment=env))  # the hub chose it: LANGUAGE
        from ..ui.app import RamsliApp

        app = RamsliApp(Storage.in_folder(folder), lobby=None)
        choose_driver(app, web)
        link, app.lobby = meet_the_hub(app, hub_socket)
        app.call_later(app.call_after_refresh, lambda: tell_drawn(link))
        app.run()
        link.close()
        return app.return_code or 0
    except BaseException:
        return 1


# --- spares ----------------------------------------------------------------------------------


def kind_of(asked: dict) -> tuple:
    """What a spare must share with the request it serves: its face, and its environment
    but for the folders and a tab's size (a spare is given those with its person)."""
    env = asked["env"]
    return (asked.get("face"), *sorted((name, value) for name, value in env.items() if name not in PERSONS_OWN))


@dataclass
class Spare:
    pid: int
    control: socket.socket  # the fork server's end of the spare's socket
    kind: tuple
    folder: Path  # its own, until it is given its person's


class Pool:
    """The spare apps of the fork server, at most ``size``, each of the kind of the request
    it was made after."""

    def __init__(self, size: int):
        self.size = size
        self.spares: list[Spare] = []
        self.model: dict | None = None  # the last request, whose kind the next spare is
        self.last_request = time.monotonic()

    def next_refill(self) -> float | None:
        """Seconds until a spare is to be made (None: none is to be made)."""
        if self.model is None or self._wanted() is None:
            return None
        return max(0.0, self.last_request + REFILL_AFTER - time.monotonic())

    def _wanted(self) -> tuple | None:
        """The kind of spare to make next, if the pool is to grow (or to trade an old kind for it)."""
        kind = kind_of(self.model)
        mine = sum(spare.kind == kind for spare in self.spares)
        return kind if mine < self.size else None

    def hand_over(self, request: bytes, asked: dict, fds: list[int]) -> int | None:
        """Give the request to a spare of its kind, if one is ready: its pid (None: none is)."""
        self.last_request = time.monotonic()
        self.model = asked
        kind = kind_of(asked)
        for spare in [spare for spare in self.spares if spare.kind == kind]:
            self.spares.remove(spare)
            try:
                socket.send_fds(spare.control, [request], fds)
            except OSError:  # it has died
                self._end(spare)
                continue
            spare.control.close()
            shutil.rmtree(spare.folder, ignore_errors=True)  # it moves to its person's
            return spare.pid
        return None

    def make_spare(self) -> None:
        kind = self._wanted()
        if kind is None:
            return
        if len(self.spares) >= self.size:  # full of another kind: the oldest gives way
            self._end(self.spares.pop(0))
        folder = Path(tempfile.mkdtemp(prefix="spare-", dir=Path(self.model["folder"]).parent))
        here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        pid = os.fork()
        if pid == 0:
            here.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            os._exit(run_spare(there, self.model["env"], folder, self.model.get("face") == WEB))
        there.close()
        self.spares.append(Spare(pid, here, kind, folder))
        self.last_request = time.monotonic() - REFILL_AFTER / 2  # the next one a little later, not at once

    def close(self) -> None:
        for spare in self.spares:
            self._end(spare)
        self.spares.clear()

    @staticmethod
    def _end(spare: Spare) -> None:
        spare.control.close()
        try:
            os.killpg(spare.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        shutil.rmtree(spare.folder, ignore_errors=True)


def run_spare(control: socket.socket, env: dict[str, str], folder: Path, web: bool) -> int:
    """A spare app (for a browser's tab with ``web``, else for a terminal): made in
    ``folder``, its own, with ``env`` (its folders its own), run until its request comes
    on ``control`` (or its socket closes: then it ends)."""
    from ..ui.app import RamsliApp
    from .app_client import RemoteLobby
    from .spare_driver import SpareDriver, WebSpareDriver
    from .warm_up import NobodysLobby

    try:
        os.setsid()
        settle_in({**env, **folder_environment(folder)}, folder)
        use_language(choose_language(environment=env))
        app = RamsliApp(Storage.in_folder(folder), lobby=NobodysLobby())
        app.driver_class = WebSpareDriver if web else SpareDriver
        app.call_later(lambda: await_person(app, control))
        app.run()
        if isinstance(app.lobby, RemoteLobby):
            app.lobby.link.close()
        return app.return_code or 0
    except BaseException:
        return 1


def await_person(app, control: socket.socket) -> None:
    """Wait, on the app's event loop, for the request the spare is to serve."""
    loop = asyncio.get_running_loop()

    def came() -> None:
        loop.remove_reader(control.fileno())
        try:
            request, fds, _, _ = socket.recv_fds(control, REQUEST_SIZE, 2)
        except OSError:
            request, fds = b"", []
        control.close()
        if not request or len(fds) != 2:
            app.exit(return_code=1)
            return
        try:
            serve_person(app, json.loads(request), fds)
        except Exception:
            app.exit(return_code=1)

    loop.add_reader(control.fileno(), came)


def serve_person(app, asked: dict, fds: list[int]) -> None:
    """The spare given its request: its screen (a terminal, or a browser's tab),
    environment and folder, the hub's lobby met, the first frame drawn."""
    from .spare_driver import Unattached

    screen, hub_socket = fds
    (take_pipe if asked.get("face") == WEB else take_terminal)(screen)
    folder = Path(asked["folder"])
    settle_in(asked["env"], folder)
    app.storage = Storage.in_folder(folder)
    app.take_settings()  # the person's, kept at the server
    link, lobby = meet_the_hub(app, hub_socket)
    driver = Unattached.waiting
    driver.attach()
    app.meet(lobby)
    if driver.screen_size() == tuple(app.size):
        app.refresh(repaint=True, layout=True)  # a blank screen: everything drawn again
    # else the screen's size, which the driver has just told the app, lays the screen out
    # again and draws it whole (drawing it now would show it laid out for another size first)
    app.call_after_refresh(tell_drawn, link)


if __name__ == "__main__":
    sys.exit(serve_forks(int(sys.argv[1]), int(sys.argv[2])))
