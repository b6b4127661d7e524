"""The SSH front door of ``ramsli serve`` (asyncssh): who may come in, and what they get.

- **Keys only.**  A player is their public key; the name they ask for (``ssh
  NAME@HOST``) is bound to that key the first time the key logs in, and from then on
  that key is that name.  A name may be written in any script, is kept normalised
  (NFKC), and one that is or looks like a name already taken is refused
  (ramsli_tui/names/).  With ``--allow FILE`` only the keys of that
  authorized_keys file come in (it is read again when it changes, and while it is
  empty, gone or unreadable nobody comes in: it fails closed); with ``--open`` any
  key does.  asyncssh asks about every key a client merely *offers*, so a name is
  bound only in ``auth_completed``, once a key has signed; a name bound to another key
  is refused, and the client is told why in a banner.  No passwords, no
  keyboard-interactive, host-based or GSS logins.
- **Only the game.**  ``ssh HOST json`` speaks the table protocol (net/json_session.py);
  ``ssh HOST web`` prints a one-time link to the server's web address, where a browser
  logs in as the key that asked (net/web.py; without ``--web`` it says there is none);
  a session with a terminal gets the full-screen app (``interactive``: net/sessions.py
  under ``ramsli serve``; a door made without it says one line); every other
  command, shell or subsystem (SFTP, SCP) is refused, and there is no port, agent or
  X11 forwarding.
- **Limits** (``Limits``): a login time-out (also for opening a session once logged
  in); a rate of new connections and a cap on open ones per address; a cap on all
  connections; the keys one connection may offer; the connections one key may hold,
  the sessions one connection may open and the apps one key may run; an idle
  time-out on sessions; SSH keep-alives, so that a vanished client is noticed; and a
  bounded outbox per session (net/outbox.py), so that a client that stops reading is
  disconnected.
- **Told why.**  A connection turned away at the gate is let through the key
  exchange and told the reason in an authentication banner, then disconnected: that
  is what OpenSSH's ``ssh`` prints (a line before the version exchange it would not).
  One turned away after logging in (too many connections, sessions or apps) is told
  on the session's stderr, which ends with exit status 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable

import asyncssh

from ..storage.files import in_one_line
from ..yamlfile import FileProblem, read_text
from .hub import Hub, Player
from .journal import Journal
from .json_session import JsonSession
from .outbox import Outbox
from ..languages import N_, SOURCE, translations
from ..languages.choice import choose_language, naming_a_language
from ..names import is_a_name
from .store import LanguageBook, NameBook, ServeError
from ..languages.words import Words, words_of

SESSIONS_END = 2.0  # seconds the server waits, when it stops, for its sessions to end
CHANNEL_BUFFER = 65536  # bytes asyncssh may hold for a session before a write waits (its own default)
NAME_RULE = N_("a name is 1 to 24 letters, digits, '.', '_' or '-', starting with a letter or digit")  # any script's
ONLY_THE_GAME = N_("ramsli serve runs the game only: 'ssh -t HOST' for the app, 'ssh -T HOST json' for the table "
                   "protocol, 'ssh -T HOST web' for a link to play in a browser.")
NO_WEB = N_("this server has no web address: its operator may start it with --web")
OPEN_THE_LINK = N_("Open this link in your browser within a minute; it works once:")
NOT_LISTED = N_("its key is not in the allowed keys")
UNREADABLE = N_("the server cannot read its allowed keys")
MAX_ALLOWED_KEYS_BYTES = 1_000_000  # over a thousand keys of the longest kind (RSA 4096)


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
    typed_per_second: int = 4096  # bytes an app's person may type a second, past a burst of as many again
    key_attempts: int = 6  # keys one connection may offer (OpenSSH's MaxAuthTries)
    connections_per_key: int = 5  # open connections logged in with one key
    sessions_per_connection: int = 10  # sessions open at once on one connection (OpenSSH's MaxSessions)
    apps_per_key: int = 4  # full-screen apps one key runs at once (--max-apps is for everyone)
    turned_away_at_once: int = 20  # connections being told why they were turned away; past it, dropped
    turned_away_time: float = 10.0  # how long a connection turned away has to hear why, before it is dropped
    allowed_check_every: float = 5.0  # how often the keys logged in are checked against --allow


def uncount(counter: Counter[str], key: str) -> None:
    """One fewer of ``key`` in ``counter``, which forgets it at none."""
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


class Gate:
    """Counts connections: how many are open, per address and in all, and how many
    each address opened in the last minute."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.open: Counter[str] = Counter()
        self.recent: dict[str, deque[float]] = {}
        self.telling = 0  # connections turned away, being told why

    def admit(self, address: str) -> str | None:
        """Let a connection from ``address`` in (None), or say why not."""
        limits = self.limits
        now = self.clock()
        recent = self.recent.setdefault(address, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= limits.connections_per_minute:
            return Words(N_("more than {count} connections a minute from {address}"),
                         {"count": limits.connections_per_minute, "address": address})
        recent.append(now)
        if sum(self.open.values()) >= limits.overall:
            return Words(N_("the server has {count} connections open, as many as it takes"), {"count": limits.overall})
        if self.open[address] >= limits.per_address:
            return Words(N_("{count} connections from {address} are open already"),
                         {"count": limits.per_address, "address": address})
        self.open[address] += 1
        return None

    def left(self, address: str) -> None:
        uncount(self.open, address)
        if not self.recent.get(address, True):
            del self.recent[address]

    def tell(self) -> bool:
        """Whether one more connection turned away may stay to be told why (then ``told``
        when it has gone), or must be dropped without a word."""
        if self.telling >= self.limits.turned_away_at_once:
            return False
        self.telling += 1
        return True

    def told(self) -> None:
        """A connection turned away has gone."""
        self.telling -= 1


class Admission:
    """Which keys come in, and the name each is known by."""

    def __init__(self, names: NameBook, allowed: Path | None, journal: Callable[..., None] = Journal(),
                 default_language: str = SOURCE):
        """``allowed``: an authorized_keys file, or None to let any key in; ServeError if
        it cannot be read now.  ``default_language``: what a key turned away is told in."""
        self.names = names
        self.default_language = default_language
        self.allowed = allowed
        self.journal = journal
        self._listed: asyncssh.SSHAuthorizedKeys | None = None  # None: nobody, until the file can be read
        self._version: tuple | None = None  # what the file's stat said when it was last read
        if allowed is not None:
            self._version = self._file_version()
            try:
                self._listed = self._read_listed()
            except FileProblem as error:
                # TRANSLATORS: {problem} what is wrong with the file given to --allow
                raise ServeError(Words(N_("{problem} (the --allow file)"), {"problem": words_of(error)})) from None
            except (OSError, ValueError, asyncssh.KeyImportError) as error:
                raise ServeError(Words(N_("{path} cannot be read as an authorized_keys file ({reason})"),
                                       {"path": str(allowed), "reason": in_one_line(error)})) from None

    def _read_listed(self) -> asyncssh.SSHAuthorizedKeys:
        """The keys of the allowed-keys file, read here as a regular file of at most
        ``MAX_ALLOWED_KEYS_BYTES`` (never a FIFO or a device), its text then given to asyncssh
        (whose ``load``, unlike ``import_authorized_keys``, refuses a file of no keys)."""
        listed = asyncssh.SSHAuthorizedKeys()
        listed.load(read_text(self.allowed, what="keys file", limit=MAX_ALLOWED_KEYS_BYTES))
        return listed

    def _file_version(self) -> tuple:
        """What tells one state of the allowed-keys file from another (a changed file has
        a new ctime, whatever its mtime says), or why it cannot be looked at."""
        try:
            found = self.allowed.stat()
        except OSError as error:
            return ("missing", error.errno)
        return (found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)

    def _authorized(self) -> asyncssh.SSHAuthorizedKeys | None:
        """The allowed keys, read again whenever the file has changed; None (nobody) while
        it is empty, gone or unreadable, which the log is told once per change."""
        version = self._file_version()
        if version != self._version:
            self._version = version
            try:
                self._listed = self._read_listed()
            except (OSError, ValueError, asyncssh.KeyImportError) as error:
                self._listed = None
                self.journal("allowed keys unreadable", file=self.allowed, reason=in_one_line(error),
                             effect="nobody comes in until it can be read")
            else:
                self.journal("allowed keys read again", file=self.allowed)
        return self._listed

    def _unlisted(self, key: asyncssh.SSHKey, address: str) -> str | None:
        """Why the allowed keys keep ``key`` out (NOT_LISTED, UNREADABLE); None if they let it in."""
        if self.allowed is None:
            return None
        listed = self._authorized()
        if listed is None:
            return Words(UNREADABLE)
        return Words(NOT_LISTED) if listed.validate(key, address, address) is None else None

    def still_allowed(self, key: asyncssh.SSHKey, address: str) -> bool:
        """Whether a key logged in may stay: not once the allowed keys, read, leave it out
        (while they cannot be read, nobody new comes in, and nobody is put out)."""
        return self._unlisted(key, address) != NOT_LISTED

    def refusal(self, name: str, key: asyncssh.SSHKey, address: str) -> str | None:
        """Why ``key`` may not log in as ``name`` from ``address``; None if it may."""
        unlisted = self._unlisted(key, address)
        if unlisted is not None:
            return unlisted
        fingerprint = key.get_fingerprint()
        if self.names.name_of(fingerprint) is not None:
            return None  # a known key is the name it was bound to, whatever it asks for
        if not is_a_name(name):
            return Words(NAME_RULE)
        if self.names.holder(name) not in (None, fingerprint):
            return Words(N_("the name {name} belongs to another key"), {"name": name})
        taken = self.names.look_alike(name, fingerprint)
        if taken is not None:
            return Words(N_("the name {name} looks too much like {taken}, the name of another player"),
                         {"name": name, "taken": taken})
        return None

    def player(self, name: str, key: asyncssh.SSHKey) -> Player | None:
        """The player a proven ``key`` is: its own name, or ``name`` bound to it now
        (None if another key took ``name`` meanwhile)."""
        fingerprint = key.get_fingerprint()
        bound = self.names.name_of(fingerprint)
        if bound is not None:
            return Player(bound, fingerprint)
        if self.names.holder(name) is not None or self.names.look_alike(name, fingerprint) is not None:
            return None
        return Player(self.names.bind(name, key), fingerprint)


Interactive = Callable[[asyncssh.SSHServerProcess, Player], Awaitable[None]]


class Door:
    """The SSH server in front of the hub."""

    def __init__(self, hub: Hub, admission: Admission, interactive: Interactive, limits: Limits = Limits(),
                 journal: Journal | None = None, languages: LanguageBook | None = None):
        """``interactive``: what a session with a terminal gets (the app: net/sessions.py);
        ``languages``: each person's last choice, what their sessions are told in (else
        what their ssh sent, else the admission's default)."""
        self.hub = hub
        self.languages = languages
        self.default_language = admission.default_language
        self.admission = admission
        self.limits = limits
        self.journal = journal or hub.journal
        self.interactive = interactive
        self.gate = Gate(limits)
        self.sessions: dict[asyncssh.SSHServerProcess, asyncio.Future] = {}  # each is done when its session is
        self.connected: Counter[str] = Counter()  # connections logged in, per key (its fingerprint)
        self.apps: Counter[str] = Counter()  # full-screen apps running, per key
        self.visits: set[Visit] = set()  # the connections logged in
        self.tabs: set = set()  # the browsers' tabs with an app (net/web.py's WebFace)
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.web = None  # the web server (net/web.py's WebDoor), with ``ramsli serve --web``
        self.watching: asyncio.Task | None = None  # puts out the keys taken out of --allow

    def language_of(self, process: asyncssh.SSHServerProcess, player: Player) -> str:
        """The language a session is told in: its person's last choice, what their ssh sent, the default."""
        last = self.languages.language_of(player.name) if self.languages is not None else None
        return session_language(process, last, self.default_language)

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
        if self.admission.allowed is not None:
            self.watching = asyncio.get_running_loop().create_task(self.put_out_keys_no_longer_allowed())
        return self.acceptor.get_port()

    async def put_out_keys_no_longer_allowed(self) -> None:
        """Every so often, end the connections and the browsers' tabs of the keys taken out
        of the allowed keys."""
        while True:
            await asyncio.sleep(self.limits.allowed_check_every)
            allowed = self.admission.still_allowed
            endings = []
            for visit in [visit for visit in self.visits if not allowed(visit.proving, visit.address)]:
                self.visits.discard(visit)
                reason = self.taken_out(visit.player, visit.address)
                endings.append(self.end_connection(visit, list(visit.processes), reason))
            for tab in [tab for tab in self.tabs if not allowed(tab.key, tab.player.address)]:
                self.tabs.discard(tab)
                tab.put_out(self.taken_out(tab.player, tab.player.address))
            await asyncio.gather(*endings)

    def taken_out(self, player: Player, address: str) -> Words:
        """Why ``player`` is put out, as the log says it."""
        reason = Words(N_("{name}'s key was taken out of the allowed keys"), {"name": player.name})
        self.journal("disconnected", name=player.name, address=address, reason=reason)
        return reason

    async def close(self) -> None:
        """Tell every session the server stops, end them (waiting a moment for them to
        be done with the hub), and stop listening."""
        if self.watching is not None:
            self.watching.cancel()
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
        """One session: counted against its connection's and its key's limits, served,
        or turned away with the reason on its stderr."""
        player = process.get_extra_info("ramsli_player")
        if player is None:  # its name was taken as it logged in
            process.exit(1)
            return
        visit = process.get_extra_info("ramsli_visit")
        visit.session_opened()
        app = process.command is None and not process.subsystem and bool(process.get_terminal_type())
        refusal = visit.refusal or self.session_refusal(visit, player, app)
        if refusal is not None:
            await self.turn_away(process, visit, player, refusal)
            return
        visit.processes.add(process)
        if app:
            self.apps[player.key] += 1
        try:
            await self.serve(process, player, app)
        finally:
            visit.processes.discard(process)
            if app:
                uncount(self.apps, player.key)

    def session_refusal(self, visit: Visit, player: Player, app: bool) -> str | None:
        """Why one more session on ``visit``'s connection is one too many; None if it is not."""
        limits = self.limits
        if len(visit.processes) >= limits.sessions_per_connection:
            return Words(N_("{count} sessions are open on this connection already"),
                         {"count": limits.sessions_per_connection})
        if app and self.apps[player.key] >= limits.apps_per_key:
            return Words(N_("{name} has {count} apps open already: play on with 'ssh -T HOST json'"),
                         {"name": player.name, "count": limits.apps_per_key})
        return None

    async def turn_away(self, process: asyncssh.SSHServerProcess, visit: Visit, player: Player, refusal: str) -> None:
        """Tell a session why it may not be and end it (exit status 1), with its
        connection if the connection itself was turned away."""
        self.journal("refused", name=player.name, address=visit.address, reason=refusal)
        if visit.refusal is not None:
            await self.end_connection(visit, [process], refusal)
        else:
            told(process, refusal, self.language_of(process, player))

    async def end_connection(self, visit: Visit, processes: list[asyncssh.SSHServerProcess], reason: str) -> None:
        """Tell ``processes`` why, end them, and close ``visit``'s connection once the
        client has heard (or after a while, if it does not close its end)."""
        for process in processes:
            told(process, reason, self.language_of(process, visit.player) if visit.player else self.default_language)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.limits.turned_away_time):
                await asyncio.gather(*(process.wait_closed() for process in processes))
        visit.connection.close()

    async def serve(self, process: asyncssh.SSHServerProcess, player: Player, app: bool) -> None:
        """What a session asked for: the table protocol, the app, or a refusal."""
        if process.command == "json" and not process.subsystem:
            await self.json_session(process, player)
        elif process.command == "web" and not process.subsystem:
            self.web_link(process, player)
        elif app:
            await self.interactive(process, player)
        else:
            asked = process.subsystem or process.command or "a shell"
            self.journal("refused", name=player.name, asked=asked, reason="only the game is served")
            only = translations(self.language_of(process, player)).gettext(ONLY_THE_GAME)
            process.stderr.write(f"{only}\n".encode())
            process.exit(1)

    def web_link(self, process: asyncssh.SSHServerProcess, player: Player) -> None:
        """A link for a browser to log in as ``player``, with the key that logged in."""
        language = self.language_of(process, player)
        if self.web is None:
            told(process, Words(NO_WEB), language)
            return
        link = self.web.link_for(player, process.get_extra_info("ramsli_visit").proving)
        newline = "\r\n" if process.get_terminal_type() else "\n"
        said = translations(language).gettext(OPEN_THE_LINK)
        process.stdout.write(f"{said}{newline}{link}{newline}".encode())
        process.exit(0)

    async def json_session(self, process: asyncssh.SSHServerProcess, player: Player) -> None:
        connection = process.get_extra_info("connection")
        limits = self.limits

        def stuck(why: str) -> None:
            self.journal("disconnected", name=player.name, reason=f"it stopped reading: {why}")
            connection.abort()

        # What asyncssh holds for a client that does not read counts against the outbox too.
        process.channel.set_write_buffer_limits(high=min(CHANNEL_BUFFER, limits.outbox_bytes))
        outbox = Outbox(process.stdout, limits.outbox_bytes, limits.write_stall, stuck)
        client = JsonSession(self.hub, player, outbox, self.journal)
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


def told(process: asyncssh.SSHServerProcess, reason: str, language: str = SOURCE) -> None:
    """A session told ``reason`` on its stderr, in ``language``, and ended with exit status 1."""
    newline = "\r\n" if process.get_terminal_type() else "\n"
    try:
        process.stderr.write(f"ramsli serve: {in_language(reason, language)}.{newline}".encode())
        process.exit(1)
    except OSError:
        pass  # that client is leaving already


def sent_environment(process: asyncssh.SSHServerProcess) -> dict[str, str]:
    """The variables the client sent (OpenSSH's ``SendEnv``), as text: asyncssh gives
    bytes for a name or value it cannot decode, read here with replacement characters."""
    def text(value) -> str:
        return value.decode(errors="replace") if isinstance(value, bytes) else str(value)

    return {text(name): text(value) for name, value in (process.env or {}).items()}


def session_language(process: asyncssh.SSHServerProcess, last_chosen: str | None, default: str) -> str:
    """The language of a person's app: the one they chose last on this server, else the
    one their ``ssh`` sent (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` names
    none), else the server's ``default``."""
    return choose_language(last_chosen, environment=naming_a_language(sent_environment(process)), default=default)


def banner(reason: str, language: str) -> str:
    """A connection's reason for being turned away, as its client prints it before any
    session: in the server's default language (nothing is known yet of who asks)."""
    return f"ramsli serve: {in_language(reason, language)}.\r\n"


def in_language(reason: str, language: str) -> str:
    """``reason`` in ``language``: the door's ``Words``, or a text as it is."""
    return reason.said_in(language) if isinstance(reason, Words) else reason


class Visit(asyncssh.SSHServer):
    """One connection: let in or turned away at the gate, then its login and its sessions."""

    def __init__(self, door: Door):
        self.door = door
        self.connection: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.admitted = False
        # Why this connection is turned away: told at its login if the gate said so,
        # at its first session if it was over a limit of its key's once logged in.
        self.refusal: str | None = None
        self.telling: asyncio.TimerHandle | None = None  # drops a connection turned away that never logs in
        self.asked = ""  # the name the client asked for
        self.attempts = 0  # keys offered
        self.proving: asyncssh.SSHKey | None = None  # the last key accepted; the one that signs, at the end
        self.refused_keys = 0  # keys refused, and what the first of them was told
        self.first_refused: dict[str, str] | None = None
        self.player: Player | None = None
        self.counted = False  # among its key's connections
        self.processes: set[asyncssh.SSHServerProcess] = set()  # the sessions open on this connection
        self.waiting_for_session: asyncio.TimerHandle | None = None

    def connection_made(self, connection: asyncssh.SSHServerConnection) -> None:
        self.connection = connection
        self.address = str((connection.get_extra_info("peername") or ("?",))[0])
        refusal = self.door.gate.admit(self.address)
        if refusal is not None:
            self._turned_away(refusal)
            return
        self.admitted = True
        self.door.journal("connection", address=self.address)

    def _turned_away(self, refusal: str) -> None:
        """Let a connection the gate refused through the key exchange, to be told why
        at its login (``begin_auth``), for a short while; past the gate's cap on those,
        drop it at once (a client then sees no reason)."""
        self.door.journal("refused", address=self.address, reason=refusal)
        if not self.door.gate.tell():
            self.connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.refusal = refusal
        loop = asyncio.get_running_loop()
        self.telling = loop.call_later(self.door.limits.turned_away_time, self.connection.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        self.session_opened()  # nothing is waited for any more
        self._log_refused_keys()
        if self.telling is not None:
            self.telling.cancel()
            self.door.gate.told()
        if self.counted:
            uncount(self.door.connected, self.player.key)
        self.door.visits.discard(self)
        if self.admitted:
            self.door.gate.left(self.address)
            self.door.journal("connection closed", address=self.address,
                              name=self.player.name if self.player else "-", error=exc or "-")

    def begin_auth(self, username: str) -> bool:
        """The client asks to log in as ``username``; one the gate turned away is told
        why in a banner (OpenSSH's ``ssh`` prints it) and disconnected."""
        self.asked = username
        if self.refusal is not None:
            self.connection.send_auth_banner(banner(self.refusal, self.door.admission.default_language))
            self.connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Asked for every key offered, signed or not: it may say yes, never bind a name.
        Past ``key_attempts`` keys offered, the connection is cut off."""
        if self.proving is None or key.public_data != self.proving.public_data:  # not the signing of an accepted key
            self.attempts += 1
            if self.attempts > self.door.limits.key_attempts:
                self._cut_off()
                return False
        refusal = self.door.admission.refusal(username, key, self.address)
        if refusal is None:
            self.proving = key
            return True
        self.refused_keys += 1
        if self.first_refused is None:
            self.first_refused = {"name": username, "key": key.get_fingerprint(), "address": self.address,
                                  "reason": refusal}
            self.connection.send_auth_banner(banner(refusal, self.door.admission.default_language))
        return False

    def _cut_off(self) -> None:
        """Disconnect a connection that offered too many keys (said once, however many
        more it had sent)."""
        if self.attempts == self.door.limits.key_attempts + 1:
            reason = Words(N_("more than {count} keys offered"), {"count": self.door.limits.key_attempts})
            self._log_refused_keys()
            self.door.journal("refused", name=self.asked, address=self.address, reason=reason)
            self.connection.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)

    def _log_refused_keys(self) -> None:
        """One line for the keys this connection had refused, however many: the first
        one's name, key and reason, and how many."""
        if self.refused_keys:
            self.door.journal("key refused", **self.first_refused, keys=self.refused_keys)
            self.refused_keys = 0

    def auth_completed(self) -> None:
        """A key has signed: now, and only now, its name is bound (and the connection
        counted against its key's)."""
        self._log_refused_keys()
        player = self.door.admission.player(self.asked, self.proving)
        if player is None:
            self.door.journal("refused", address=self.address, name=self.asked, reason="the name was taken meanwhile")
            self.connection.close()
            return
        self.player = player = player._replace(address=self.address)  # the hub limits what one address makes
        self.connection.set_extra_info(ramsli_player=player, ramsli_visit=self)
        self.door.journal("login", name=player.name, key=player.key, address=self.address)
        most = self.door.limits.connections_per_key
        if self.door.connected[player.key] >= most:
            self.refusal = Words(N_("{name} has {count} connections open already"), {"name": player.name, "count": most})
        else:
            self.door.connected[player.key] += 1
            self.counted = True
            self.door.visits.add(self)
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
