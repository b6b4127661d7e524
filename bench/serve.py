"""How fast ``ramsli serve`` answers people, and what each of them costs it, beside a
bare Textual app spawned per session.

The servers run in a process of their own on loopback (bench/serve_servers.py): the
real server on a temporary data folder, any key let in, and, as the baseline, an
asyncssh server that spawns a fresh Python with a minimal Textual app
(bench/bare_app.py) in a PTY for each session.  The people are asyncssh clients in
this process, each with a key of its own, a PTY of 100×30 and a ``pyte`` screen fed
with everything it receives, each coming from an address of its own in 127.0.0.0/8
(so that the door's limits per address stay as they are).  For each server:

1. **connect → first usable frame**: five people one after the other, then
   ``--logins`` people at once (after one warm-up login, which for ramsli starts the
   fork server, and, before each, once its ``--spare-apps`` spare apps are made); the
   time from asking for the connection to a screen that shows the lobby's title with
   the person's name and its key bar (the bare app: its title and key bar), how many
   were given a spare, and the CPU an app spent up to then (a spare's includes what it
   did before its person came).
2. **keypress → changed frame**: ``--seated`` people each make a table (ramsli, four
   seats, three computer players, through the lobby's dialog, as a person would),
   declare themselves in and wait for their turn to play; then → (the next card
   raised, which always changes the screen) is pressed and timed until the screen
   changes: first one person at a time, then everyone at once, each pressing
   ``--presses`` times with a pause of about ``--think`` seconds between keys (a
   round for each pause given), and the CPU the apps and the server spent per key.
   Between the two, the first seated person alone presses → 200 times, and their
   app's CPU per key is counted to the nanosecond (its threads' schedstat), its idle
   CPU over the seconds before left out.
   Then (ramsli) ``--busy-tables`` programs each make a table with three ``hard``
   computer players over ``ssh HOST json`` and act the moment they are asked, and the
   seated people type once more beside them (a pause of the first ``--think``): the
   same figures, with the hands those tables began a minute and the CPU of the
   computer players' processes meanwhile.
3. **memory per session**: PSS and RSS (/proc/PID/smaps_rollup) of each app process,
   of the spare apps waiting (all of them, and shared among the sessions), of the fork
   server and of the server itself.
   With ``--tabs`` (ramsli: ``ramsli serve --web``), the same for browsers' tabs, as the
   page's script speaks to the server (aiohttp, a pyte screen fed with the app's
   packets): the time from opening the login link (got over ``ssh HOST web`` before)
   through the page and its websocket to the lobby, five tabs one after the other and
   ``--tabs`` at once (first one tab, and the pool's spares made for tabs), and the
   PSS of a tab's app while they are open.  What a real browser adds (loading the
   page's script, xterm.js) is bench/browser_tabs.py's to measure.
4. **CPU of an idle session**: utime+stime (/proc/PID/stat) over ``--idle-seconds``
   while nobody types: one person in the lobby, the people waiting at their tables
   (every table waits for its person), and the server's own process.

Every wait is bounded; every process is ended at the end, and the bench says whether
any was left.  Run it with the machine otherwise quiet (take the CPU lock):

    flock /tmp/cpu.lock python bench/serve.py [--logins 20] [--seated 200] [--idle-seconds 30]
    python bench/serve.py --quick        # a smoke run: a few people, a few seconds
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import asyncssh
import pyte
from wcwidth import wcwidth

from ramsli_tui.net import SPARE_APPS

SERVERS = Path(__file__).with_name("serve_servers.py")
WIDTH, HEIGHT = 100, 30
WAIT = 30.0  # seconds any one step of a person may take
ALONE = 5  # logins one at a time
KEYS_ALONE = 200  # → pressed by one person alone, their app's CPU counted to the nanosecond
KEY_WAIT = 5.0  # seconds a keypress may take to change the screen
# What a person's wait can end in besides an answer: too long, or their channel closed
# under them (seen with 200 seated on an overloaded machine).
UNANSWERED = (TimeoutError, BrokenPipeError, asyncssh.Error)
BUSY_START = 10.0  # seconds for the busy tables to deal and their computer players to get going
QUIET = 5.0  # seconds of nobody typing before each round of keys, to tell its idle CPU from the keys' cost
RIGHT, SHIFT_TAB, TAB, DOWN, ENTER = "\x1b[C", "\x1b[Z", "\t", "\x1b[B", "\r"
TICKS = os.sysconf("SC_CLK_TCK")
MIB = 1024 * 1024
# A served table's running clock (the title line's "Your turn: 3600 s left", "Anna: 12 s to act",
# "next hand in 5 s"): it changes every second by itself, so it is neither the key's answer
# nor the banner that says whose turn it is.
CLOCK = re.compile(r"\b\d+ s( left|, then a computer player acts for you| to act)|next hand in \d+ s|Your turn: (?=\d+ s)")


# --- a person's terminal -----------------------------------------------------------------------


ADDRESSES = itertools.count()  # each connection's own address in 127.0.0.0/8


async def connect(port: int, name: str) -> asyncssh.SSHClientConnection:
    """A connection to the server from an address of its own, with a key of its own."""
    number = next(ADDRESSES)
    address = f"127.0.{1 + number // 250}.{1 + number % 250}"
    return await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT, local_addr=(address, 0))


async def hang_up(connection: asyncssh.SSHClientConnection) -> None:
    """Close ``connection`` and wait a few seconds at most for it to be closed."""
    connection.close()
    try:
        async with asyncio.timeout(5):
            await connection.wait_closed()
    except TimeoutError:
        pass


class Screen:
    """What one person sees, kept on a pyte screen; ``until`` waits for what is to come."""

    def __init__(self):
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.lines = [""] * HEIGHT  # the screen's text, line by line, kept up to date by ``text``
        self.watching: tuple[object, asyncio.Future] | None = None  # (is it there?, when it came)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self._check()

    def _check(self) -> None:
        if self.watching is not None:
            there, came = self.watching
            if not came.done() and there():
                came.set_result(time.monotonic())

    @property
    def text(self) -> str:
        """The screen's text.  Only the lines pyte marked as changed are read again: reading
        all of them after every piece received (``screen.display``) cost the simulated
        clients more CPU than the apps they measure, on the same cores."""
        screen = self.screen
        for y in screen.dirty:
            self.lines[y] = line_text(screen, y)
        screen.dirty.clear()
        return "\n".join(self.lines)

    @property
    def still_text(self) -> str:
        """The screen's text without the running clock, which changes by itself."""
        return CLOCK.sub("", self.text)

    async def until(self, there, timeout: float = WAIT) -> float:
        """The moment ``there()`` first held (checked after each piece of screen received)."""
        came = asyncio.get_running_loop().create_future()
        self.watching = (there, came)
        self._check()
        try:
            async with asyncio.timeout(timeout):
                return await came
        finally:
            self.watching = None

    async def until_shown(self, *words: str, timeout: float = WAIT) -> float:
        return await self.until(lambda: all(word in self.text for word in words), timeout)


class Terminal(Screen):
    """One person: an asyncssh client with a PTY, what it receives kept on a pyte screen."""

    def __init__(self, connection, process, name: str):
        super().__init__()
        self.connection = connection
        self.process = process
        self.name = name
        self.reading = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int, name: str) -> Terminal:
        connection = await connect(port, name)
        process = await connection.create_process(term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None)
        return cls(connection, process, name)

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.feed(data)
        except (asyncssh.Error, OSError):
            pass

    async def press_until_changed(self, keys: str, timeout: float = KEY_WAIT) -> float:
        """Seconds from sending ``keys`` to the first change of the screen's text."""
        before = self.still_text
        pressed = time.monotonic()
        self.process.stdin.write(keys.encode())
        return await self.until(lambda: self.still_text != before, timeout) - pressed

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    async def close(self) -> None:
        await hang_up(self.connection)
        self.reading.cancel()


class Tab(Screen):
    """One person in a browser's tab: its login link asked for over ``ssh HOST web``, then
    opened, the page asked for and its websocket opened as the page's script does, from
    an address of its own; the app's drawing kept on a pyte screen."""

    def __init__(self, session: aiohttp.ClientSession, link: str):
        super().__init__()
        self.session = session
        self.link = link
        self.reading: asyncio.Task | None = None

    @classmethod
    async def ask(cls, port: int, name: str) -> Tab:
        """A person with their link, not yet opened."""
        connection = await connect(port, name)
        address = connection.get_extra_info("sockname")[0]
        try:
            ran = await connection.run("web", encoding="utf-8", timeout=WAIT)
        finally:
            await hang_up(connection)
        session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                        connector=aiohttp.TCPConnector(local_addr=(address, 0)))
        return cls(session, ran.stdout.split()[-1])

    async def open(self) -> None:
        """The link opened, the page loaded, its websocket open and read."""
        async with self.session.get(self.link) as login:
            await login.read()
        origin = self.link.partition("/login/")[0]
        async with self.session.get(f"{origin}/") as page:
            await page.read()
        websocket = await self.session.ws_connect(f"{origin}/ws?width={WIDTH}&height={HEIGHT}", origin=origin)
        self.reading = asyncio.get_running_loop().create_task(self._read(websocket))

    async def _read(self, websocket) -> None:
        async for message in websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.feed(message.data)

    async def close(self) -> None:
        if self.reading is not None:
            self.reading.cancel()
        await self.session.close()


class BusyTable:
    """A program at a table of three ``hard`` computer players (``ssh HOST json``) that
    takes its first legal action the moment it is asked, and makes a new table when a
    session ends: the table never waits, and its computer players think all the time."""

    def __init__(self, connection, process):
        self.connection = connection
        self.process = process
        self.hands = 0  # hands begun at its tables
        self.playing = asyncio.get_running_loop().create_task(self._play())

    @classmethod
    async def open(cls, port: int, name: str) -> BusyTable:
        connection = await connect(port, name)
        process = await connection.create_process("json", encoding="utf-8")
        table = cls(connection, process)
        table.make_table()
        return table

    def make_table(self) -> None:
        self.send(op="create", game="ramsli", ruleset="classic", players=4, bots=["hard"] * 3)

    def send(self, **request) -> None:
        self.process.stdin.write(json.dumps(request) + "\n")

    async def _play(self) -> None:
        try:
            async for line in self.process.stdout:
                message = json.loads(line)
                if message["type"] != "update":
                    continue
                events = [event["event"] for event in message["events"]]
                self.hands += events.count("hand_started")
                if "session_ended" in events:
                    self.make_table()
                elif message["legal"]:
                    self.send(op="act", table=message["table"], action=message["legal"][0])
        except (asyncssh.Error, OSError):
            pass

    async def close(self) -> None:
        self.playing.cancel()
        await hang_up(self.connection)


def line_text(screen: pyte.Screen, y: int) -> str:
    """Line ``y`` of ``screen`` as text, as ``screen.display`` gives it (a wide character once)."""
    line = screen.buffer[y]
    characters, skip = [], False
    for x in range(screen.columns):
        if skip:
            skip = False
            continue
        character = line[x].data
        characters.append(character)
        skip = wcwidth(character[0]) == 2
    return "".join(characters)


# --- what each server shows ---------------------------------------------------------------------


@dataclass
class Contender:
    name: str
    kind: str  # serve_servers.py's argument

    def usable(self, terminal: Screen, name: str) -> bool:
        """Is the first usable frame on the screen?"""
        text = terminal.text
        if self.kind == "bare":
            return "Bare Textual app" in text and "Next" in text
        return f"you are {name}" in text and "New table" in text

    async def sit(self, terminal: Terminal, name: str) -> None:
        """From the first frame to a screen where → always changes something."""
        await terminal.until(lambda: self.usable(terminal, name))
        if self.kind == "ramsli":
            await make_table_and_wait_for_my_turn(terminal)


async def make_table_and_wait_for_my_turn(terminal: Terminal) -> None:
    """Make a table of four with three computer players in the lobby's dialog, as a
    person would with the keyboard, say in, and wait until it is this person's turn to
    play a card."""
    terminal.press("n")
    await terminal.until_shown("New table", "Computer players")
    terminal.press(SHIFT_TAB * 3 + ENTER)  # from Make back to "Computer players", and its list opens
    await terminal.until(lambda: "▲" in shown_choice(terminal.text, "Computer players"))
    terminal.press(DOWN + ENTER)  # 3, not 2: no seat is left open
    await terminal.until(lambda: shown_choice(terminal.text, "Computer players").startswith("3 "))
    terminal.press(TAB * 3)
    terminal.press(ENTER)  # Make
    await terminal.until_shown("Ramsli · classic")
    for _ in range(200):  # bounded: a hand is at most a few dozen steps
        text = terminal.still_text
        banner = next((line for line in text.splitlines() if "Your turn:" in line or "Press space" in line
                       or "read the result" in line), "")
        if "are you in" in banner or "you must be in" in banner:
            await terminal.press_until_changed("i", WAIT)
        elif "pass (p)" in banner:
            await terminal.press_until_changed("p", WAIT)
        elif "Press space" in banner:
            await terminal.press_until_changed(" ", WAIT)
        elif "read the result" in banner:
            await terminal.press_until_changed(ENTER, WAIT)
        elif "Your turn:" in banner:
            return
        else:
            await terminal.until(lambda: terminal.still_text != text)
    raise TimeoutError("it never became this person's turn to play")


def shown_choice(text: str, label: str) -> str:
    """What the dialog's choice under ``label`` shows (its value, then ▼, or ▲ while its list is open)."""
    lines = text.splitlines()
    below = next((lines[at + 1] for at, line in enumerate(lines[:-1]) if label in line), "")
    return " ".join(below.split("▊", 1)[-1].strip(" ▎█").split())


# --- the server's processes ---------------------------------------------------------------------


def children() -> dict[int, list[int]]:
    """Each process's children, read from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            tree.setdefault(parent, []).append(int(entry))
    return tree


def descendants(pid: int) -> list[int]:
    tree, found, todo = children(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def memory(pid: int) -> tuple[float, float]:
    """PSS and RSS in MiB."""
    fields = dict(re.findall(r"^(\w+):\s+(\d+) kB", Path(f"/proc/{pid}/smaps_rollup").read_text(), re.M))
    return int(fields["Pss"]) / 1024, int(fields["Rss"]) / 1024


def cpu_seconds(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / TICKS


def exact_cpu_seconds(pid: int) -> float:
    """The CPU time of every thread of the process, to the nanosecond (/proc/PID/task/*/schedstat;
    /proc/PID/stat counts whole ticks of 10 ms, too coarse for one key)."""
    spent = 0
    for thread in Path(f"/proc/{pid}/task").iterdir():
        try:
            spent += int((thread / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return spent / 1e9


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@dataclass
class Processes:
    """The server's process and those it started: the apps, the spare apps (ramsli's:
    the fork server's children its log has not named as a person's app), the fork server."""

    server: int
    kind: str
    log: Path
    seen: set[int] = field(default_factory=set)

    def apps(self) -> list[int]:
        found = descendants(self.server)
        self.seen.update(found)
        if self.kind == "bare":
            return [pid for pid in found if "bare_app.py" in command_line(pid)]
        named = self.named()
        return [pid for pid in self.forked() if pid in named]

    def spares(self) -> list[int]:
        named = self.named()
        return [pid for pid in self.forked() if pid not in named and alive(pid)]

    def forked(self) -> list[int]:
        forks = self.fork_server()
        return [] if forks is None else children().get(forks, [])

    def named(self) -> dict[int, str]:
        """Each app process's person, as ramsli's log names them (the bare server puts
        them in the app's command line)."""
        if self.kind == "bare":
            return {pid: command_line(pid).split()[-1] for pid in descendants(self.server)
                    if "bare_app.py" in command_line(pid)}
        if not self.log.exists():
            return {}
        return {int(pid): name for name, pid in re.findall(r"app started name=(\S+) pid=(\d+)", self.log.read_text())}

    def thinkers(self) -> list[int]:
        """The computer players' worker processes (and the multiprocessing server they come from)."""
        return [pid for pid in descendants(self.server) if "multiprocessing" in command_line(pid)]

    def fork_server(self) -> int | None:
        return next((pid for pid in descendants(self.server) if "ramsli_tui.net.forks" in command_line(pid)), None)


# --- the measures -------------------------------------------------------------------------------


def spread(values: list[float], unit: float = 1.0) -> str:
    """p50, p95 and max, times ``unit``."""
    if not values:
        return "no values"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * unit:.0f}, p95 {p95 * unit:.0f}, max {ordered[-1] * unit:.0f}"


class Bench:
    """One contender measured: its server started, people let in, figures printed."""

    def __init__(self, contender: Contender, args: argparse.Namespace, folder: Path):
        self.contender = contender
        self.args = args
        self.folder = folder
        self.terminals: list[Terminal] = []
        self.busy: list[BusyTable] = []
        self.results: dict[str, str] = {}

    def start_server(self) -> subprocess.Popen:
        arguments = [sys.executable, str(SERVERS), self.contender.kind]
        if self.contender.kind == "ramsli":
            room = self.args.seated + self.args.logins + self.args.tabs + 10
            arguments += ["--data", str(self.folder / "data"), "--max-apps", str(room), "--tables", str(room),
                          "--spare-apps", str(self.args.spare_apps)] + (["--web"] if self.args.tabs else [])
        return subprocess.Popen(arguments, stdout=subprocess.PIPE, text=True, start_new_session=True)

    async def run(self) -> dict[str, str]:
        server = self.start_server()
        self.processes = Processes(server.pid, self.contender.kind, self.folder / "ramsli-serve.log")
        try:
            line = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), WAIT)
            self.port = int(line)
            if self.contender.kind == "ramsli" and self.args.tabs:
                await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), WAIT)  # the web's port: in the links
            await self.measure()
        finally:
            await asyncio.gather(*(each.close() for each in [*self.terminals, *self.busy]), return_exceptions=True)
            self.stop(server)
        return self.results

    def say(self, measure: str, figure: str) -> None:
        self.results[measure] = figure
        print(f"  {measure}: {figure}", flush=True)

    async def measure(self) -> None:
        args = self.args
        print(f"{self.contender.name}:", flush=True)
        warm_started = time.monotonic()
        warm = await self.person("warm-up")
        self.say("first login after the start", f"{(warm[1] - warm_started) * 1000:.0f} ms")
        await self.spares_made()
        await self.first_frame_alone(ALONE)
        await self.spares_made()
        await self.first_frames(args.logins)
        if self.contender.kind == "ramsli" and args.tabs:
            await self.first_frames_in_tabs(args.tabs)
        await self.seat(args.seated)
        await self.keypresses()
        if self.contender.kind == "ramsli" and args.busy_tables:
            await self.beside_busy_tables(args.busy_tables)
        await self.person("idler")  # one person left in the lobby (the bare app: one more like the others)
        self.memory()
        await self.idle(args.idle_seconds)

    async def person(self, name: str) -> tuple[Terminal, float]:
        terminal = await Terminal.open(self.port, name)
        self.terminals.append(terminal)
        return terminal, await terminal.until(lambda: self.contender.usable(terminal, name))

    async def first_frame_alone(self, count: int) -> None:
        """``count`` logins one after the other, each leaving before the next comes."""
        times = []
        for number in range(count):
            started = time.monotonic()
            terminal, shown = await self.person(f"alone{number}")
            times.append(shown - started)
            await terminal.close()
            self.terminals.remove(terminal)
            await self.spares_made(quietly=True)
        self.say("connect → first usable frame, one login at a time (ms)", spread(times, 1000) + f" ({count} logins)")

    async def spares_made(self, quietly: bool = False, replacing: set[int] = frozenset()) -> None:
        """Wait (boundedly) for the pool of spare apps to be full, as before a club evening
        (and to hold none of ``replacing``: the spares of another kind, given way)."""
        if self.contender.kind != "ramsli" or not self.args.spare_apps:
            return
        started = time.monotonic()

        def full() -> bool:
            spares = set(self.processes.spares())
            return len(spares) >= self.args.spare_apps and not spares & replacing

        while not full() and time.monotonic() - started < 4 * WAIT:
            await asyncio.sleep(0.2)
        if not quietly:
            self.say("spare apps made after the last login", f"{len(self.processes.spares())} in "
                                                             f"{time.monotonic() - started:.1f} s")

    async def first_frames(self, count: int) -> None:
        async def one(number: int) -> float:
            started = time.monotonic()
            terminal, shown = await self.person(f"login{number}")
            return shown - started

        terminals_before = len(self.terminals)
        times = await asyncio.gather(*(one(number) for number in range(count)))
        log = self.folder / "ramsli-serve.log"
        given = len(re.findall(r"app started name=login\d+ .*spare=yes", log.read_text())) if log.exists() else 0
        self.say("connect → first usable frame, all at once (ms)", spread(times, 1000) + f" ({count} logins"
                 + (f", {given} of them given a spare)" if self.contender.kind == "ramsli" else ")"))
        spent = [cpu_seconds(pid) for pid in self.processes.apps() if alive(pid)]
        self.say("CPU of an app up to its first frame, median (ms)", f"{statistics.median(spent) * 1000:.0f}")
        await asyncio.gather(*(terminal.close() for terminal in self.terminals[terminals_before:]))
        del self.terminals[terminals_before:]  # gone: a lobby redrawn every few seconds is work for nothing here

    async def first_frames_in_tabs(self, count: int) -> None:
        """Tabs: five one after the other, then ``count`` at once, and their apps' memory."""
        def usable(tab: Tab, name: str):
            return lambda: self.contender.usable(tab, name)

        async def alone(name: str) -> float:
            tab = await Tab.ask(self.port, name)
            started = time.monotonic()
            await tab.open()
            shown = await tab.until(usable(tab, name)) - started
            await tab.close()
            return shown

        terminals_spares = set(self.processes.spares())
        await alone("tabwarmup")  # the pool now makes spares for tabs
        await self.spares_made(replacing=terminals_spares)
        times = []
        for number in range(ALONE):
            times.append(await alone(f"tab{number}"))
            await self.spares_made(quietly=True)
        self.say("login link → first usable frame in a tab, one at a time (ms)", spread(times, 1000) + f" ({ALONE} tabs)")
        tabs = await asyncio.gather(*(Tab.ask(self.port, f"tabs{number}") for number in range(count)))

        async def one(number: int) -> float:
            started = time.monotonic()
            await tabs[number].open()
            return await tabs[number].until(usable(tabs[number], f"tabs{number}")) - started

        try:
            times = await asyncio.gather(*(one(number) for number in range(count)))
            given = len(re.findall(r"app started name=tabs\d+ .*spare=yes", self.processes.log.read_text()))
            self.say("login link → first usable frame in a tab, all at once (ms)",
                     spread(times, 1000) + f" ({count} tabs, {given} of them given a spare)")
            named = self.processes.named()
            pss = [memory(pid)[0] for pid in self.processes.apps() if named[pid].startswith("tabs") and alive(pid)]
            self.say("PSS per tab, in the lobby (MiB)", f"median {statistics.median(pss):.1f}, max {max(pss):.1f} "
                                                        f"({len(pss)} tabs)")
        finally:
            await asyncio.gather(*(tab.close() for tab in tabs))

    async def seat(self, count: int) -> None:
        """``count`` people at their tables (``--batch`` coming at a time), each waiting
        at a screen where → changes something."""
        started = time.monotonic()
        coming = asyncio.Semaphore(self.args.batch)
        self.seated: list[Terminal] = []

        async def one(number: int) -> None:
            async with coming:
                name = f"seat{number}"
                try:
                    terminal = await Terminal.open(self.port, name)
                except (OSError, asyncssh.Error) as error:  # a connection timed out is an OSError too
                    failed.append(f"{name} could not connect ({error!r})")
                    return
                self.terminals.append(terminal)
                try:
                    await self.contender.sit(terminal, name)
                except UNANSWERED as error:
                    failed.append(f"{name} did not get to its table ({error!r}); its screen:\n{terminal.text}")
                    return
                self.seated.append(terminal)

        failed: list[str] = []
        await asyncio.gather(*(one(number) for number in range(count)))
        print(f"  {len(self.seated)} seated in {time.monotonic() - started:.0f} s"
              + (f"; {len(failed)} failed, the first: {failed[0]}" if failed else ""), flush=True)
        await asyncio.sleep(2)  # the last tables' computer players done

    async def keypresses(self) -> None:
        alone, missed = [], 0
        for terminal in self.seated:
            try:
                alone.append(await terminal.press_until_changed(RIGHT))
            except UNANSWERED:
                missed += 1
        self.say("keypress → changed frame, one person at a time (ms)", spread(alone, 1000) + f" ({len(alone)} keys)"
                 + (f"; {missed} unanswered" if missed else ""))
        if self.seated:
            await self.cpu_per_key_alone(self.seated[0], KEYS_ALONE)
        for think in self.args.think:
            await self.everyone_typing(think)

    async def cpu_per_key_alone(self, terminal: Terminal, count: int) -> None:
        """The CPU one app spends on a → of its person's, the others silent: ``count``
        keys, each pressed once the last one's frame came, its idle CPU (a table's clock)
        left out."""
        app = next(pid for pid, name in self.processes.named().items() if name == terminal.name)
        idle = exact_cpu_seconds(app)
        await asyncio.sleep(QUIET)
        idle_rate = (exact_cpu_seconds(app) - idle) / QUIET
        spent, started = exact_cpu_seconds(app), time.monotonic()
        for _ in range(count):
            await terminal.press_until_changed(RIGHT)
            await asyncio.sleep(0.03)
        took = time.monotonic() - started
        per_key = (exact_cpu_seconds(app) - spent - idle_rate * took) / count
        self.say("app CPU per →, one person alone, idle CPU left out (ms)",
                 f"{per_key * 1000:.2f} ({count} keys; idle {idle_rate * 100:.2f} % of a CPU)")

    async def beside_busy_tables(self, count: int) -> None:
        """``count`` busy tables (``BusyTable``) begin, and the seated people type again
        beside them, a key about every ``--think`` seconds (the first given)."""
        self.busy = [await BusyTable.open(self.port, f"busy{number}") for number in range(count)]
        await asyncio.sleep(BUSY_START)
        thinkers = self.processes.thinkers()
        spent = {pid: cpu_seconds(pid) for pid in thinkers}
        hands = sum(table.hands for table in self.busy)
        started = time.monotonic()
        await self.everyone_typing(self.args.think[0], f", beside {count} busy tables")
        took = time.monotonic() - started
        used = sum(cpu_seconds(pid) - before for pid, before in spent.items() if alive(pid))
        self.say(f"{count} busy tables meanwhile: hands begun a minute; the computer players' CPU (% of a CPU)",
                 f"{(sum(table.hands for table in self.busy) - hands) / took * 60:.0f}; {used / took * 100:.0f}")
        await asyncio.gather(*(table.close() for table in self.busy), return_exceptions=True)
        self.busy = []

    async def everyone_typing(self, think: float, beside: str = "") -> None:
        """Every seated person presses → ``--presses`` times, about ``think`` seconds apart
        (``beside`` says what else the server had to do meanwhile)."""
        args = self.args
        times: list[float] = []
        missed = 0
        spent = os.times()

        async def typing(terminal: Terminal) -> None:
            nonlocal missed
            await asyncio.sleep(random.uniform(0, think))
            for _ in range(args.presses):
                try:
                    times.append(await terminal.press_until_changed(RIGHT))
                except UNANSWERED:
                    missed += 1
                await asyncio.sleep(random.uniform(0.5, 1.5) * think)

        apps = [*self.processes.apps(), self.processes.server]
        idle = await self.cpu_rates(apps, QUIET)  # what they spend anyway, left out of the keys' cost
        cpu_before = {pid: cpu_seconds(pid) for pid in apps}
        started = time.monotonic()
        await asyncio.gather(*(typing(terminal) for terminal in self.seated))
        took = time.monotonic() - started
        mine = os.times()
        clients = (mine.user + mine.system - spent.user - spent.system) / took * 100
        cpu = {pid: cpu_seconds(pid) - spent - idle.get(pid, 0.0) * took for pid, spent in cpu_before.items()
               if alive(pid)}
        server_cpu = cpu.pop(self.processes.server, 0.0)
        self.say(f"keypress → changed frame, everyone typing, a key every ~{think:g} s each{beside} (ms)",
                 spread(times, 1000) + f" ({len(self.seated)} people, {len(times)} keys, {len(times) / took:.0f} keys/s)"
                 + (f"; {missed} unchanged after {KEY_WAIT:g} s or cut off" if missed else ""))
        if times:
            self.say(f"CPU per keypress, a key every ~{think:g} s each{beside}, idle CPU left out: the apps, the server (ms)",
                     f"{sum(cpu.values()) / len(times) * 1000:.1f}, {server_cpu / len(times) * 1000:.1f}")
        print(f"  (the simulated clients took {clients:.0f} % of a CPU meanwhile)", flush=True)

    def memory(self) -> None:
        apps = self.processes.apps()
        names = self.app_names()
        # ramsli's log tells the people at tables from those in the lobby; the bare apps are all alike.
        groups = {"": apps} if not names else {
            "": [pid for pid in apps if names.get(pid, "").startswith("seat")],
            ", in the lobby": [pid for pid in apps if not names.get(pid, "seat").startswith("seat")]}
        for where, pids in groups.items():
            pss, rss = zip(*map(memory, pids)) if pids else ((0.0,), (0.0,))
            self.say(f"PSS per session{where} (MiB)", f"median {statistics.median(pss):.1f}, max {max(pss):.1f} "
                                                      f"({len(pids)} apps)")
            self.say(f"RSS per session{where} (MiB)", f"median {statistics.median(rss):.1f}, max {max(rss):.1f}")
        spares = self.processes.spares()
        if spares:
            pss = [memory(pid)[0] for pid in spares]
            self.say("PSS of a spare app, waiting (MiB)", f"median {statistics.median(pss):.1f}; all {len(pss)}: "
                                                          f"{sum(pss):.0f}, {sum(pss) / len(apps):.1f} per session")
        self.say("the server process: PSS, RSS (MiB)", "%.0f, %.0f" % memory(self.processes.server))
        forks = self.processes.fork_server()
        if forks is not None:
            self.say("the fork server: PSS, RSS (MiB)", "%.0f, %.0f" % memory(forks))

    async def idle(self, seconds: float) -> None:
        """CPU over ``seconds`` while nobody types."""
        apps = self.processes.apps()
        names = self.app_names()
        rates = await self.cpu_rates([*apps, self.processes.server], seconds)
        share = {pid: rate * 100 for pid, rate in rates.items()}
        if names:
            self.say("idle CPU, a session in the lobby (% of a CPU)", self.shares(
                [share[pid] for pid in apps if pid in share and names.get(pid) == "idler"]))
            self.say("idle CPU, a session (at its table) (% of a CPU)", self.shares(
                [share[pid] for pid in apps if pid in share and names.get(pid, "").startswith("seat")]))
        else:
            self.say("idle CPU, a session (at its table) (% of a CPU)",
                     self.shares([share[pid] for pid in apps if pid in share]))
        self.say("idle CPU, the server process (% of a CPU)", f"{share.get(self.processes.server, 0.0):.2f}")

    @staticmethod
    async def cpu_rates(pids: list[int], seconds: float) -> dict[int, float]:
        """CPU seconds a second each process spends over the next ``seconds``."""
        before = {pid: cpu_seconds(pid) for pid in pids}
        await asyncio.sleep(seconds)
        return {pid: (cpu_seconds(pid) - spent) / seconds for pid, spent in before.items() if alive(pid)}

    @staticmethod
    def shares(values: list[float]) -> str:
        if len(values) == 1:
            return f"{values[0]:.2f}"
        return f"median {statistics.median(values):.2f}, max {max(values):.2f} ({len(values)})" if values else "none"

    def app_names(self) -> dict[int, str]:
        """Each app process's person (ramsli's log names them; the bare server does not)."""
        return self.processes.named()

    def stop(self, server: subprocess.Popen) -> None:
        """End the server (SIGTERM: it ends its apps), then anything of it still alive."""
        self.processes.apps()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for _ in range(50):
            left = [pid for pid in self.processes.seen if alive(pid)]
            if not left:
                break
            time.sleep(0.1)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        self.say("processes left running after the server stopped", str(len(left)) if left else "none")


CONTENDERS = [Contender("ramsli serve", "ramsli"), Contender("bare Textual app per session", "bare")]


async def bench(args: argparse.Namespace) -> None:
    # SIGTERM (``timeout``, say) ends the run as Ctrl-C does: every process is still ended.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    results = {}
    for contender in CONTENDERS:
        if contender.kind in args.only:
            with tempfile.TemporaryDirectory(prefix=f"bench-serve-{contender.kind}-") as folder:
                results[contender.name] = await Bench(contender, args, Path(folder)).run()
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print_table(results)


def print_table(results: dict[str, dict[str, str]]) -> None:
    """Every figure, a row each, a column per contender (as docs/serving.md shows them)."""
    names = list(results)
    print("\n| measure | " + " | ".join(names) + " |\n|---|" + "---|" * len(names))
    for measure in dict.fromkeys(measure for figures in results.values() for measure in figures):
        print(f"| {measure} | " + " | ".join(results[name].get(measure, "–") for name in names) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logins", type=int, default=20, help="people logging in at once (default 20)")
    parser.add_argument("--seated", type=int, default=200, help="people at tables, typing (default 200)")
    parser.add_argument("--batch", type=int, default=20, help="people coming to their tables at a time (default 20)")
    parser.add_argument("--presses", type=int, default=5,
                        help="keys each seated person presses in a round, with the others (default 5)")
    parser.add_argument("--think", type=float, nargs="+", default=[2.0, 8.0],
                        help="seconds between one person's keys, about; a round of keys for each (default 2 8)")
    parser.add_argument("--idle-seconds", type=float, default=30.0, help="how long the idle CPU is measured (default 30)")
    parser.add_argument("--spare-apps", type=int, default=SPARE_APPS,
                        help=f"ramsli serve --spare-apps (default {SPARE_APPS}, the server's own)")
    parser.add_argument("--busy-tables", type=int, default=50,
                        help="ramsli: tables of a program and three hard computer players playing without a pause, "
                             "beside which the seated people type again (default 50)")
    parser.add_argument("--tabs", type=int, default=20,
                        help="ramsli: browsers' tabs opened at once (ramsli serve --web; 0: none; default 20)")
    parser.add_argument("--only", nargs="+", choices=("ramsli", "bare"), default=["ramsli", "bare"])
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 3 logins, 4 seated, 3 keys, 2 busy tables, 3 idle seconds")
    args = parser.parse_args()
    if args.quick:
        args.logins, args.seated, args.presses, args.think, args.idle_seconds = 3, 4, 3, [0.5], 3.0
        args.tabs = min(args.tabs, 3)
        args.busy_tables = min(args.busy_tables, 2)
    try:
        asyncio.run(bench(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("stopped before the end (every process it started was ended)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
