"""The SSH front door of ``ramsli serve`` (asyncssh): who may come in, and what they get.

- **Keys only.**  A player is their public key; the name they ask for (``ssh
  NAME@HOST``) is bound to that key the first time the key logs in, and from then on
  that key is that name.  With ``--allow FILE`` only the keys of that
  authorized_keys file come in (it is read again when it changes); with ``--open``
  any key does.  asyncssh asks about every key a client merely *offers*, so a name is
  bound only in ``auth_completed``, once a key has signed; a name bound to another key
  is refused, and the client is told why in a banner.  No passwords, no
  keyboard-interactive, host-based or GSS logins.
- **Only the game.**  ``ssh HOST json`` speaks the table protocol (net/json_client.py);
  a session with a terminal gets the full-screen app (``interactive``: net/sessions.py
  under ``ramsli serve``; a door made without it says one line); every other
  command, shell or subsystem (SFTP, SCP) is refused, and there is no port, agent or
  X11 forwarding.
- **Limits** (``Limits``): a login time-out (also for opening a session once logged
  in); a rate of new connections and a cap on
  open ones per address; a cap on all connections; an idle time-out on sessions;
  SSH keep-alives, so that a vanished client is noticed; and a bounded outbox per
  session (net/outbox.py), so that a client that stops reading is disconnected.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable

import asyncssh

from ..storage.files import in_one_line
from .hub import Hub, Player
from .journal import Journal
from .json_client import JsonClient
from .outbox import Outbox
from .store import NameBook, ServeError

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,23}")
SESSIONS_END = 2.0  # seconds the server waits, when it stops, for its sessions to end
CHANNEL_BUFFER = 65536  # bytes asyncssh may hold for a session before a write waits (its own default)
NAME_RULE = "a name is 1 to 24 letters, digits, '.', '_' or '-', starting with a letter or digit"


@dataclass(frozen=True)
class Limits:
    """What one client, and all of them, may take of the server (seconds, counts, bytes)."""

    login_timeout: float = 30.0
    connections_per_minute: int = 20  # new connections from one address
    per_address: int = 10  # open connections from one address
    overall: int = 500  # open connections in all
    idle_timeout: float = 1800.0  # a session that sends nothing this long is closed
    keepalive_interval: float = 30.0
    keepalive_count_max: int = 3  # keep-alives unanswered before the connection is dropped
    outbox_bytes: int = 1 << 20  # what may wait for one client to read it
    write_stall: float = 30.0  # how long one write may wait for a client to read


class Gate:
    """Counts connections: how many are open, per address and in all, and how many
    each address opened in the last minute."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.open: Counter[str] = Counter()
        self.recent: dict[str, deque[float]] = {}

    def admit(self, address: str) -> str | None:
        """Let a connection from ``address`` in (None), or say why not."""
        limits = self.limits
        now = self.clock()
        recent = self.recent.setdefault(address, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= limits.connections_per_minute:
            return f"more than {limits.connections_per_minute} connections a minute from {address}"
        recent.append(now)
        if sum(self.open.values()) >= limits.overall:
            return f"the server has {limits.overall} connections open, as many as it takes"
        if self.open[address] >= limits.per_address:
            return f"{limits.per_address} connections from {address} are open already"
        self.open[address] += 1
        return None

    def left(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
        if not self.recent.get(address, True):
            del self.recent[address]


class Admission:
    """Which keys come in, and the name each is known by."""

    def __init__(self, names: NameBook, allowed: Path | None):
        """``allowed``: an authorized_keys file, or None to let any key in."""
        self.names = names
        self.allowed = allowed
        self._listed: asyncssh.SSHAuthorizedKeys | None = None
        self._read_at: float | None = None
        if allowed is not None:
            self._authorized()

    def _authorized(self) -> asyncssh.SSHAuthorizedKeys:
        """The allowed keys, read again whenever the file has changed."""
        try:
            changed = self.allowed.stat().st_mtime
            if changed != self._read_at:
                self._listed = asyncssh.read_authorized_keys(str(self.allowed))
                self._read_at = changed
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            if self._listed is None:
                raise ServeError(f"{self.allowed} cannot be read as an authorized_keys file ({in_one_line(error)})") from None
        return self._listed

    def refusal(self, name: str, key: asyncssh.SSHKey, address: str) -> str | None:
        """Why ``key`` may not log in as ``name`` from ``address``; None if it may."""
        if self.allowed is not None and self._authorized().validate(key, address, address) is None:
            return "its key is not in the allowed keys"
        fingerprint = key.get_fingerprint()
        if self.names.name_of(fingerprint) is not None:
            return None  # a known key is the name it was bound to, whatever it asks for
        if not NAME.fullmatch(name):
            return NAME_RULE
        if self.names.holder(name) not in (None, fingerprint):
            return f"the name {name} belongs to another key"
        return None

    def player(self, name: str, key: asyncssh.SSHKey) -> Player | None:
        """The player a proven ``key`` is: its own name, or ``name`` bound to it now
        (None if another key took ``name`` meanwhile)."""
        fingerprint = key.get_fingerprint()
        bound = self.names.name_of(fingerprint)
        if bound is not None:
            return Player(bound, fingerprint)
        if self.names.holder(name) is not None:
            return None
        self.names.bind(name, key)
        return Player(name, fingerprint)


Interactive = Callable[[asyncssh.SSHServerProcess, Player], Awaitable[None]]


class Door:
    """The SSH server in front of the hub."""

    def __init__(self, hub: Hub, admission: Admission, interactive: Interactive, limits: Limits = Limits(),
                 journal: Journal | None = None):
        """``interactive``: what a session with a terminal gets (the app: net/sessions.py)."""
        self.hub = hub
        self.admission = admission
        self.limits = limits
        self.journal = journal or hub.journal
        self.interactive = interactive
        self.gate = Gate(limits)
        self.sessions: dict[asyncssh.SSHServerProcess, asyncio.Future] = {}  # each is done when its session is
        self.acceptor: asyncssh.SSHAcceptor | None = None

    async def open(self, host: str, port: int, host_key: asyncssh.SSHKey) -> int:
        """Listen on ``host``:``port`` (0: any free port); the port."""
        limits = self.limits
        self.acceptor = await asyncssh.create_server(
            lambda: Visit(self), host, port,
            server_host_keys=[host_key],
            process_factory=self.session,
            encoding=None, line_editor=False, allow_pty=True,
            password_auth=False, kbdint_auth=False, host_based_auth=False, gss_kex=False, gss_auth=False,
            x11_forwarding=False, agent_forwarding=False, sftp_factory=None, allow_scp=False,
            login_timeout=limits.login_timeout,
            keepalive_interval=limits.keepalive_interval, keepalive_count_max=limits.keepalive_count_max,
        )
        return self.acceptor.get_port()

    async def close(self) -> None:
        """Tell every session the server stops, end them (waiting a moment for them to
        be done with the hub), and stop listening."""
        for process in list(self.sessions):
            try:
                process.stderr.write(b"ramsli serve is stopping; your tables are saved: connect again later.\n")
                process.exit(0)
            except OSError:
                pass  # that client is leaving already
        if self.sessions:
            await asyncio.wait(list(self.sessions.values()), timeout=SESSIONS_END)
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()

    # --- sessions -------------------------------------------------------------------------------

    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        player = process.get_extra_info("ramsli_player")
        if player is None:  # its name was taken as it logged in
            process.exit(1)
            return
        process.get_extra_info("ramsli_visit").session_opened()
        if process.command == "json" and not process.subsystem:
            await self.json_session(process, player)
        elif process.command is None and not process.subsystem and process.get_terminal_type():
            await self.interactive(process, player)
        else:
            asked = process.subsystem or process.command or "a shell"
            self.journal("refused", name=player.name, asked=asked, reason="only the game is served")
            process.stderr.write(b"ramsli serve runs the game only: 'ssh -t HOST' for the app, "
                                 b"'ssh -T HOST json' for the table protocol.\n")
            process.exit(1)

    async def json_session(self, process: asyncssh.SSHServerProcess, player: Player) -> None:
        connection = process.get_extra_info("connection")
        limits = self.limits

        def stuck(why: str) -> None:
            self.journal("disconnected", name=player.name, reason=f"it stopped reading: {why}")
            connection.abort()

        # What asyncssh holds for a client that does not read counts against the outbox too.
        process.channel.set_write_buffer_limits(high=min(CHANNEL_BUFFER, limits.outbox_bytes))
        outbox = Outbox(process.stdout, limits.outbox_bytes, limits.write_stall, stuck)
        client = JsonClient(self.hub, player, outbox, self.journal)
        loop = asyncio.get_running_loop()
        writing = loop.create_task(outbox.run())
        done = self.sessions[process] = loop.create_future()
        self.journal("session", name=player.name, kind="json")
        ended = "gone"
        try:
            ended = await client.serve(process.stdin, limits.idle_timeout)
            if ended == "idle":
                process.stderr.write(f"Nothing came for {limits.idle_timeout:g} s: goodbye.\n".encode())
            await outbox.flush(limits.write_stall)
        except (asyncssh.Error, OSError):
            pass  # the connection went: the session is over
        finally:
            self.hub.disconnected(client)
            writing.cancel()
            self.journal("session ended", name=player.name, reason=ended)
            del self.sessions[process]
            done.set_result(None)
        process.exit(0)


class Visit(asyncssh.SSHServer):
    """One connection: let in or refused at the gate, then its login."""

    def __init__(self, door: Door):
        self.door = door
        self.connection: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.admitted = False
        self.asked = ""  # the name the client asked for
        self.proving: asyncssh.SSHKey | None = None  # the last key accepted; the one that signs, at the end
        self.player: Player | None = None
        self.bannered = False
        self.waiting_for_session: asyncio.TimerHandle | None = None

    def connection_made(self, connection: asyncssh.SSHServerConnection) -> None:
        self.connection = connection
        self.address = str((connection.get_extra_info("peername") or ("?",))[0])
        refusal = self.door.gate.admit(self.address)
        if refusal is not None:
            self.door.journal("refused", address=self.address, reason=refusal)
            connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.admitted = True
        self.door.journal("connection", address=self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        self.session_opened()  # nothing is waited for any more
        if self.admitted:
            self.door.gate.left(self.address)
            self.door.journal("connection closed", address=self.address,
                              name=self.player.name if self.player else "-", error=exc or "-")

    def begin_auth(self, username: str) -> bool:
        self.asked = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Asked for every key offered, signed or not: it may say yes, never bind a name."""
        refusal = self.door.admission.refusal(username, key, self.address)
        if refusal is None:
            self.proving = key
            return True
        self.door.journal("key refused", name=username, key=key.get_fingerprint(), address=self.address, reason=refusal)
        if not self.bannered:
            self.bannered = True
            self.connection.send_auth_banner(f"ramsli serve: {refusal}.\r\n")
        return False

    def auth_completed(self) -> None:
        """A key has signed: now, and only now, its name is bound."""
        player = self.door.admission.player(self.asked, self.proving)
        if player is None:
            self.door.journal("refused", address=self.address, name=self.asked, reason="the name was taken meanwhile")
            self.connection.close()
            return
        self.player = player
        self.connection.set_extra_info(ramsli_player=player, ramsli_visit=self)
        self.door.journal("login", name=player.name, key=player.key, address=self.address)
        loop = asyncio.get_running_loop()
        self.waiting_for_session = loop.call_later(self.door.limits.login_timeout, self._no_session)

    def session_opened(self) -> None:
        if self.waiting_for_session is not None:
            self.waiting_for_session.cancel()
            self.waiting_for_session = None

    def _no_session(self) -> None:
        """Logged in, and asked for nothing a player does (``ssh -N``): it may not stay."""
        self.door.journal("refused", name=self.player.name, address=self.address, reason="no session was opened")
        self.connection.close()
