"""The pieces of ``ramsli serve`` put together: the data folder, the names, the
computer players' processes, the hub, its SSH door and (with ``--web``) its web door,
run until SIGTERM, SIGINT or SIGHUP
(a clean stop, each of them: the allowed keys need no signal to be read again).

``Server`` is what ``serve_until_stopped`` runs and what the tests start on a free
port.  Stopping tells every client, leaves every table saved, and ends the workers.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from ..languages import N_, SOURCE
from ..languages.words import Words, words_of
from .door import Admission, Door, Interactive, Limits
from ..storage.history import HandHistory, HistoryError
from .hub import Hub, Policy
from .journal import Journal
from . import MAX_APPS, SPARE_APPS
from .sessions import AppSessions
from .store import ServeError, ServerFolder
from .thinkers import Thinkers


class Server:
    """A hub and its door on one data folder."""

    def __init__(self, folder: ServerFolder, allowed: Path | None, thinkers: Thinkers, *, policy: Policy = Policy(),
                 limits: Limits = Limits(), journal: Journal | None = None, interactive: Interactive | None = None,
                 max_apps: int = MAX_APPS, default_language: str = SOURCE, spare_apps: int = SPARE_APPS,
                 public_url: str | None = None):
        """``allowed``: an authorized_keys file, or None for an open server.  A session
        with a terminal gets the full-screen app (net/sessions.py), at most ``max_apps``
        at once, unless ``interactive`` says otherwise (the tests of the door's own); it
        speaks ``default_language`` if its person chose none here and their ssh sent none.
        ``spare_apps`` apps are kept made ahead of the logins (net/forks.py).
        ``public_url``: the web address the login links name, behind a proxy (net/web.py)."""
        self.folder = folder
        self.journal = journal or Journal()
        self.host_key = folder.host_key()
        self.admission = Admission(folder.names(), allowed, self.journal, default_language)
        try:
            history = HandHistory.open(folder.path)
        except HistoryError as error:
            raise ServeError(words_of(error)) from None
        self.hub = Hub(folder, history, thinkers, policy, self.journal)
        self.languages = folder.languages(self.journal)
        self.apps = (AppSessions(self.hub, self.journal, folder.sessions_dir, limits, max_apps, self.languages,
                                 default_language, spare_apps, folder.settings(self.journal))
                     if interactive is None else None)
        self.door = Door(self.hub, self.admission, interactive or self.apps, limits, self.journal, self.languages)
        self.limits = limits
        self.default_language = default_language
        self.public_url = public_url
        self.web = None  # net/web.py's WebDoor, once listening (``start_web``)
        self.port: int | None = None
        self.web_port: int | None = None

    async def start(self, host: str, port: int) -> int:
        """Take back the kept tables and listen; the port listened on."""
        self.journal("host key", fingerprint=self.host_key.get_fingerprint(), file=self.folder.path / "host_key")
        self.hub.restore()
        try:
            self.port = await self.door.open(host, port, self.host_key)
        except OSError as error:
            raise cannot_listen(host, port, error) from None
        keys = "any" if self.admission.allowed is None else self.admission.allowed
        self.journal("listening", address=f"{host}:{self.port}", keys=keys)
        return self.port

    async def start_web(self, host: str, port: int) -> int:
        """Listen for browsers too (after ``start``); the port listened on."""
        from .web import LoginLinks, WebDoor  # aiohttp is loaded only for --web

        self.web = WebDoor(self.door, self.apps, LoginLinks(), self.limits, self.journal, self.languages,
                           self.default_language, self.public_url)
        try:
            self.web_port = await self.web.open(host, port)
        except OSError as error:
            raise cannot_listen(host, port, error) from None
        self.door.web = self.web
        self.journal("web listening", address=f"{host}:{self.web_port}", links=self.web.address)
        return self.web_port

    async def stop(self) -> None:
        await self.door.close()
        if self.web is not None:
            await self.web.stop_listening()
        if self.apps is not None:
            await self.apps.close()
        if self.web is not None:
            await self.web.close()
        await self.hub.stop()


def cannot_listen(host: str, port: int, error: OSError) -> ServeError:
    """What a server that cannot listen on ``host``:``port`` says, SSH's door or the web's."""
    # TRANSLATORS: {reason} the system's own words, in English
    return ServeError(Words(N_("cannot listen on {host}:{port} ({reason})"),
                            {"host": host, "port": port, "reason": str(error.strerror or error)}))


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


async def serve_until_stopped(data: Path, allowed: Path | None, host: str, port: int, max_apps: int,
                              default_language: str = SOURCE, spare_apps: int = SPARE_APPS,
                              web: tuple[str, int] | None = None, public_url: str | None = None) -> None:
    """Run a server on ``data`` until one of ``STOP_SIGNALS``, with at most ``max_apps``
    full-screen sessions at once and ``spare_apps`` made ahead, speaking
    ``default_language`` to those who chose none and whose ssh sent none, and with
    ``web`` (an address and a port) for browsers too, their links made from
    ``public_url`` if given; ServeError if it cannot start."""
    folder = ServerFolder(data)
    journal = Journal()
    with folder.claimed() as leftovers:
        tell_about_the_folder(folder, leftovers, journal)
        thinkers = Thinkers()
        try:
            server = Server(folder, allowed, thinkers, journal=journal, max_apps=max_apps,
                            default_language=default_language, spare_apps=spare_apps, public_url=public_url)
            stop_signal = heard_stop_signal()
            await server.start(host, port)
            if web is not None:
                try:
                    await server.start_web(*web)
                except ServeError:
                    await server.stop()
                    raise
            journal("stopping", signal=(await stop_signal).name)
            await server.stop()
            journal("stopped")
        finally:
            thinkers.close()


def tell_about_the_folder(folder: ServerFolder, leftovers: int, journal: Journal) -> None:
    """Log what a killed run left (now removed), and a data folder others may enter."""
    if leftovers:
        journal("leftovers removed", sessions=leftovers, folder=folder.run_dir)
    mode = folder.open_to_others()
    if mode is not None:
        journal("data folder", path=folder.path, mode=mode,
                warning="others may see the names of its files (each file is the server's alone, mode 0600)")


def heard_stop_signal() -> asyncio.Future[signal.Signals]:
    """The first of ``STOP_SIGNALS`` to come, from now on."""
    loop = asyncio.get_running_loop()
    came: asyncio.Future[signal.Signals] = loop.create_future()

    def heard(signum: signal.Signals) -> None:
        if not came.done():
            came.set_result(signum)

    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, heard, signum)
    return came
