"""A load test as a stranger would run it: ``ramsli serve`` in a process of its own on
loopback, two people playing one table while 80 strangers are connected, each from an
address of its own in 127.0.0.0/8 and with a key of its own: 50 idle programs, 20 that
send garbage and never read what comes back, and 10 that never read at all (5
full-screen apps with a small SSH window, typed at and resized again and again, and 5
programs on ``json``, watching the people's table or asking for the list again and again).

The people's actions keep going; the server's memory grows by less than
``GROWTH_BOUND``; every misbehaving client is cut (its connection closed by the server)
within ``CUT_WITHIN`` seconds; the idle ones are still served; every hand the people
saw finished is in the table's file and in the history; and the server stops cleanly.
Every loop has a count and a time bound, and the whole test ends by itself within
``WHOLE`` seconds.  It prints its figures (``pytest -s``): docs/serving.md, "Under a
stranger's load", gives them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pytest

from ramsli_tui.net.door import Limits
from ramsli_tui.net.history import HandHistory
from ramsli_tui.net.hub import Policy
from ramsli_tui.net.server import Server, heard_stop_signal
from ramsli_tui.net.store import ServedTable, ServerFolder
from ramsli_tui.net.thinkers import Thinkers
from ramsli_tui.table.table import Table

from tests.net.kit import WAIT, Peer, new_key
from tests.net.test_serve_process import Serving

ROOT = Path(__file__).resolve().parents[2]
SERVE = "from tests.net.test_strangers_under_load import serve; serve()"
RULESET = "long-night"  # a million chips each: nobody goes bust, the table plays on
# Quick to cut (a 64 KiB outbox, 2 s to take a write in), slow to call anyone idle (the
# idle strangers are not misbehaving), and a table that never stops for a person.
LIMITS = Limits(outbox_bytes=64 * 1024, write_stall=2.0, idle_timeout=3600.0)
POLICY = Policy(away_after=60.0, turn_limit=3600.0, bot_delay=0.0)

IDLE, GARBAGE, APPS, SLEEPERS = 50, 20, 5, 5  # the strangers
HANDS_ALONE = 3  # hands the people play before the strangers come
HANDS_UNDER_LOAD = 3  # hands the people finish while the strangers are there, at least
GROWTH_BOUND = 64 << 20  # bytes the server's resident memory may grow by under the load
CUT_WITHIN = 45.0  # seconds a misbehaving client may last once it has begun
WHOLE = 110.0  # seconds the whole test may take
CONNECTING_AT_ONCE = 10  # strangers in their SSH handshake at a time

GARBAGE_BATCHES, GARBAGE_LINES = 400, 50  # at most 20,000 lines from each garbage sender
LIST_BATCHES, LISTS = 250, 20  # at most 5,000 requests for the list from each that asks for it
RESIZES = 400  # at most, PAUSE apart
KEY, KEYS = b"z", 4  # what an app stranger types between two window changes (a key held down, about)
FLOOD, FLOODS = b"z" * 65536, 32  # what the flooder sends at once: 2 MiB of keys
PAUSE = 0.05  # seconds between one stranger's batches (or window changes)
SIZES = ((200, 60), (160, 48))  # the apps' windows, in turn


def serve() -> None:
    """The server of this test, run in a process of its own (``SERVE``): ``ramsli serve
    --open`` on the data folder ``sys.argv[1]`` with ``LIMITS`` and ``POLICY``, on a free
    port of 127.0.0.1, its log on stderr, until SIGTERM."""
    logging.getLogger("asyncssh").setLevel(logging.CRITICAL)
    asyncio.run(serve_until_stopped(Path(sys.argv[1])))


async def serve_until_stopped(data: Path) -> None:
    folder = ServerFolder(data)
    with folder.claimed():
        thinkers = Thinkers(2)
        try:
            server = Server(folder, None, thinkers, policy=POLICY, limits=LIMITS)
            stop = heard_stop_signal()
            await server.start("127.0.0.1", 0)
            server.journal("stopping", signal=(await stop).name)
            await server.stop()
            server.journal("stopped")
        finally:
            thinkers.close()


# --- the server's process ----------------------------------------------------------------------


def resident(pid: int, field_name: str = "VmRSS") -> int:
    """A process's resident memory in bytes (``VmHWM``: the most it has had)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"^{field_name}:\s+(\d+) kB", status, re.M).group(1)) * 1024


async def start_server(data: Path) -> Serving:
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", SERVE, str(data), cwd=ROOT,
                                                   stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    serving = Serving(process)
    line = await serving.line_with("listening", timeout=60)
    serving.port = int(re.search(r"address=127\.0\.0\.1:(\d+)", line).group(1))
    return serving


def logged(serving: Serving) -> str:
    return "".join(serving.log)


# --- everyone's connection ---------------------------------------------------------------------


def address(number: int) -> str:
    """A loopback address of one's own, so that the door's limits per address stay as they are."""
    return f"127.1.{number // 250}.{1 + number % 250}"


async def connect(port: int, name: str, number: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[new_key()], known_hosts=None,
                                  agent_path=None, config=None, connect_timeout=WAIT, local_addr=(address(number), 0))


async def program(port: int, name: str, number: int, window: int = 2 * 1024 * 1024) -> Peer:
    """A program on ``json``, as ``name`` from an address of its own."""
    connection = await connect(port, name, number)
    process = await connection.create_process("json", encoding=None, window=window)
    return Peer(connection, process)


async def until(condition, news: asyncio.Event, timeout: float, what) -> None:
    """Wait until ``condition()`` holds, looking again whenever ``news`` is set;
    ``what``: what is waited for, or what tells it (called when it did not come)."""
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                news.clear()
                await news.wait()
    except TimeoutError:
        raise AssertionError(f"{what() if callable(what) else what}: not after {timeout:g} s") from None


# --- the two people ----------------------------------------------------------------------------


class Person:
    """One of the two people: takes the first legal action whenever asked, counting
    actions and hands seen finished, until told to stop acting."""

    def __init__(self, peer: Peer, news: asyncio.Event):
        self.peer = peer
        self.news = news
        self.acted: list[float] = []  # when each action was sent
        self.hands = 0  # hands seen settled
        self.hands_at: list[float] = []
        self.acting = True
        self.left_waiting = False  # asked to act after it stopped: the table waits for it
        self.listings = 0  # ``tables`` answers read
        self.errors: list[dict] = []
        self.playing = asyncio.get_running_loop().create_task(self._play())

    async def _play(self) -> None:
        with contextlib.suppress(EOFError):
            while True:
                self._heard(await self.peer.next(timeout=WHOLE))
                self.news.set()

    def _heard(self, message: dict) -> None:
        kind = message["type"]
        if kind == "error":
            self.errors.append(message)
        elif kind == "tables":
            self.listings += 1
        elif kind == "update":
            for event in message["events"]:
                if event["event"] == "hand_settled":
                    self.hands += 1
                    self.hands_at.append(time.monotonic())
            if message["legal"] and self.acting:
                self.peer.send({"op": "act", "table": message["table"], "action": message["legal"][0]})
                self.acted.append(time.monotonic())
            elif message["legal"]:
                self.left_waiting = True

    def actions_between(self, start: float, end: float) -> int:
        return sum(start <= moment < end for moment in self.acted)

    def updates(self) -> list[dict]:
        return [message for message in self.peer.messages if message["type"] == "update"]


# --- the strangers -----------------------------------------------------------------------------


@dataclass
class Stranger:
    """One client of the load: its kind, its name and number, and when it began to
    misbehave and was cut (``time.monotonic()``)."""

    kind: str  # idle, garbage, app, watcher, lister
    number: int
    connection: asyncssh.SSHClientConnection | None = None
    peer: Peer | None = None
    began: float | None = None
    cut_at: float | None = None
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def name(self) -> str:
        return f"{self.kind}-{self.number}"

    def watch_for_the_cut(self, news: asyncio.Event) -> None:
        """Note when the server closes this connection."""
        async def cut() -> None:
            await self.connection.wait_closed()
            self.cut_at = time.monotonic()
            self.closed.set()
            news.set()
        asyncio.get_running_loop().create_task(cut())

    async def pause(self) -> bool:
        """Wait ``PAUSE``; whether the connection is still open."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(PAUSE):
                await self.closed.wait()
        return not self.closed.is_set()


def garbage_line(chance: random.Random) -> bytes:
    """One line of garbage: random bytes, a line over 4096 bytes, not JSON, or a bad request."""
    kind = chance.randrange(5)
    if kind == 0:
        return bytes(chance.randrange(256) for _ in range(chance.randrange(1, 200))).replace(b"\n", b" ") + b"\n"
    if kind == 1:
        return b"[" * chance.randrange(4100, 9000) + b"\n"
    if kind == 2:
        return b'{"op": "list", ' + b"\xff" * chance.randrange(1, 9) + b"\n"
    if kind == 3:
        return json.dumps({"op": chance.choice(["dance", "sing", "LIST", ""])}).encode() + b"\n"
    return json.dumps({"op": "act", "table": chance.choice([1, "one", -5]), "action": "x" * 200}).encode() + b"\n"


async def misbehave(stranger: Stranger, port: int, news: asyncio.Event) -> None:
    """Connect ``stranger`` and misbehave as its kind does, until the server cuts it (or
    its bounded loop ends)."""
    stranger.connection = await connect(port, stranger.name, stranger.number)
    if stranger.kind == "app":
        process = await stranger.connection.create_process(term_type="xterm-256color", term_size=SIZES[0],
                                                           encoding=None, window=4096)
    else:
        process = await stranger.connection.create_process("json", encoding=None, window=1024)
    stranger.watch_for_the_cut(news)
    stranger.began = time.monotonic()
    with contextlib.suppress(OSError, asyncssh.Error):  # the server closed the channel as it was written to
        if stranger.kind == "garbage":
            await send_garbage(stranger, process)
        elif stranger.kind == "app":
            await type_and_resize_again_and_again(stranger, process)
        elif stranger.kind == "watcher":
            process.stdin.write(b'{"op": "watch", "table": 1}\n')
        else:
            await ask_for_the_list_again_and_again(stranger, process)


async def send_garbage(stranger: Stranger, process) -> None:
    chance = random.Random(stranger.number)
    for _ in range(GARBAGE_BATCHES):
        process.stdin.write(b"".join(garbage_line(chance) for _ in range(GARBAGE_LINES)))
        if not await stranger.pause():
            return


async def type_and_resize_again_and_again(stranger: Stranger, process) -> None:
    """Keys held down (one the lobby does nothing with) and the window changed, over and over."""
    for turn in range(RESIZES):
        process.stdin.write(KEY * KEYS)
        process.change_terminal_size(*SIZES[turn % 2])
        if not await stranger.pause():
            return


async def ask_for_the_list_again_and_again(stranger: Stranger, process) -> None:
    for _ in range(LIST_BATCHES):
        process.stdin.write(b'{"op": "list"}\n' * LISTS)
        if not await stranger.pause():
            return


async def come_idle(stranger: Stranger, port: int) -> None:
    """An idle program: greeted, asks for the list once, reads it, then says nothing."""
    stranger.peer = await program(port, stranger.name, stranger.number)
    stranger.connection = stranger.peer.connection
    await stranger.peer.next("welcome")
    stranger.peer.send({"op": "list"})
    await stranger.peer.next("tables")


async def one_at_a_time(coming: asyncio.Semaphore, arrival) -> None:
    async with coming:
        await arrival


# --- the figures -------------------------------------------------------------------------------


def rate(actions: int, seconds: float) -> str:
    return f"{actions / seconds:.0f} actions/s ({actions} in {seconds:.1f} s)" if seconds > 0 else "-"


def seconds(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} s, max {max(values):.1f} s"


# --- the test ----------------------------------------------------------------------------------


@pytest.fixture
def long_night(tmp_path, monkeypatch):
    """An own ruleset of the operator's (the server's process is given the same
    config folder): a million chips each, so that the table plays on through the test."""
    folder = tmp_path / "config" / "ramsli" / "rulesets"
    folder.mkdir(parents=True)
    (folder / f"{RULESET}.yaml").write_text("starting_chips: 1000000\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


async def test_keys_sent_faster_than_an_app_reads_them_never_hold_the_server_up(tmp_path):
    """A client sends 2 MiB of keys at once to its app and reads nothing: the app soon
    waits to draw, and reads no more keys.  The server gives it the keys only as it
    takes them, and serves everyone else meanwhile (it once wrote them to the app's
    terminal in one blocking write, and stood still)."""
    serving = await start_server(tmp_path / "data")
    flooder = mia = None
    try:
        flooder = await connect(serving.port, "flooder", 0)
        process = await flooder.create_process(term_type="xterm-256color", term_size=SIZES[0], encoding=None,
                                               window=4096)
        await serving.line_with("app started name=flooder", timeout=60)
        for turn in range(FLOODS):
            process.stdin.write(FLOOD)
            process.change_terminal_size(*SIZES[turn % 2])
        try:
            mia = await program(serving.port, "mia", 1)
        except TimeoutError:
            raise AssertionError("the server stood still: mia could not log in while the keys waited") from None
        for _ in range(3):
            mia.send({"op": "list"})
            assert (await mia.next("tables"))["tables"] == [], "the server answers while the keys wait for the app"
        await mia.close()
        flooder.close()
        await serving.line_with("app ended name=flooder", timeout=WAIT)
        serving.process.send_signal(2)
        assert await serving.ended(WAIT) == 0 and "Traceback" not in logged(serving)
    except BaseException:
        print(logged(serving)[-20000:])
        raise
    finally:
        for connection in (flooder, mia and mia.connection):
            if connection is not None:
                connection.abort()
        if serving.process.returncode is None:
            serving.process.kill()
            await serving.process.wait()


async def test_two_people_play_on_while_eighty_strangers_idle_send_garbage_or_never_read(tmp_path, long_night):
    data = tmp_path / "data"
    serving = await start_server(data)
    figures: dict[str, str] = {}
    strangers: list[Stranger] = []
    people: list[Person] = []
    try:
        async with asyncio.timeout(WHOLE):
            await load_test(serving, data, figures, strangers, people)
    except BaseException:
        print(logged(serving)[-20000:])  # the end of the server's log, with the failure
        raise
    finally:
        for one in [*strangers, *people]:
            connection = one.connection if isinstance(one, Stranger) else one.peer.connection
            if connection is not None:
                connection.abort()
        if serving.process.returncode is None:
            serving.process.kill()
            await serving.process.wait()
    print("\n".join(f"{measure}: {figure}" for measure, figure in figures.items()))


async def load_test(serving: Serving, data: Path, figures: dict[str, str], strangers: list[Stranger],
                    people: list[Person]) -> None:
    port, pid = serving.port, serving.process.pid
    news = asyncio.Event()

    # Two people at a table of four, two computer players with them; a few hands alone.
    mia = Person(await program(port, "mia", 1000), news)
    mia.peer.send({"op": "create", "game": "ramsli", "ruleset": RULESET, "players": 4, "bots": ["normal", "normal"]})
    zora = Person(await program(port, "zora", 1001), news)
    people += [mia, zora]
    await until(lambda: mia.peer.messages and any(m["type"] == "seated" for m in mia.peer.messages), news, WAIT,
                "mia made a table")
    zora.peer.send({"op": "join", "table": 1})
    alone_from = time.monotonic()
    await until(lambda: mia.hands >= HANDS_ALONE, news, WAIT, f"{HANDS_ALONE} hands alone")
    alone_until = time.monotonic()
    before = resident(pid)

    # The strangers: the idle ones first, then the misbehaving ones, all coming at once.
    numbers = iter(range(IDLE + GARBAGE + APPS + SLEEPERS))
    strangers += [Stranger("idle", next(numbers)) for _ in range(IDLE)]
    strangers += [Stranger("garbage", next(numbers)) for _ in range(GARBAGE)]
    strangers += [Stranger("app", next(numbers)) for _ in range(APPS)]
    strangers += [Stranger(kind, next(numbers)) for kind in ("watcher", "lister", "watcher", "lister", "watcher")]
    idle = [stranger for stranger in strangers if stranger.kind == "idle"]
    misbehaving = [stranger for stranger in strangers if stranger.kind != "idle"]
    coming = asyncio.Semaphore(CONNECTING_AT_ONCE)
    load_from = time.monotonic()
    hands_before_load = mia.hands
    await asyncio.gather(*(one_at_a_time(coming, come_idle(stranger, port)) for stranger in idle))
    idle_in = time.monotonic()
    misbehaving_tasks = [asyncio.get_running_loop().create_task(one_at_a_time(coming, misbehave(stranger, port, news)))
                         for stranger in misbehaving]

    def all_cut() -> bool:
        return all(stranger.closed.is_set() for stranger in misbehaving)

    def not_cut() -> str:
        left = [stranger.name for stranger in misbehaving if not stranger.closed.is_set()]
        return f"every misbehaving client cut ({', '.join(left)} not; the people acted {len(mia.acted)} times)"

    await until(all_cut, news, CUT_WITHIN + WAIT, not_cut)
    cut_until = time.monotonic()
    await asyncio.gather(*misbehaving_tasks)  # each loop ends as its connection does
    first_began = min(stranger.began for stranger in misbehaving)
    await until(lambda: mia.hands >= hands_before_load + HANDS_UNDER_LOAD, news, WAIT,
                f"{HANDS_UNDER_LOAD} hands under the load")
    load_until = time.monotonic()
    peak = resident(pid, "VmHWM")

    # Every misbehaving client was cut by the server, soon after it began, and said why.
    log = logged(serving)
    for stranger in misbehaving:
        assert stranger.cut_at - stranger.began < CUT_WITHIN, f"{stranger.name} lasted {stranger.cut_at - stranger.began:.1f} s"
        assert f'disconnected name={stranger.name} reason="it stopped reading: ' in log, f"{stranger.name} was not cut"
    for number in range(APPS):
        assert f"app ended name=app-{IDLE + GARBAGE + number} " in log, "the app of a cut session was ended"
    # The people acted on while the misbehaving clients were there, and finished hands.
    assert sum(person.actions_between(first_began, cut_until) for person in people) > 0, "the people were held up"
    assert mia.hands - hands_before_load >= HANDS_UNDER_LOAD
    # The idle ones were not cut, and are still served.
    for stranger in idle:
        assert not stranger.connection.is_closed(), f"{stranger.name}, idle, was cut"
        stranger.peer.send({"op": "list"})
    for stranger in idle:
        listing = await stranger.peer.next("tables")
        assert [table["table"] for table in listing["tables"]] == [1], f"{stranger.name} is still served"
    assert "disconnected name=idle-" not in log
    assert peak - before < GROWTH_BOUND, f"the server grew by {(peak - before) >> 20} MiB under the load"

    for stranger in idle:
        await stranger.peer.close()
    after = resident(pid)

    # The people stop: the table waits for one of them, and both have read everything sent.
    for person in people:
        person.acting = False
    await until(lambda: any(person.left_waiting for person in people), news, WAIT, "the table waits for a person")
    for person in people:
        person.peer.send({"op": "list"})
    await until(lambda: all(person.listings >= 1 for person in people), news, WAIT, "the people read everything")
    hands_seen = mia.hands
    assert zora.hands == hands_seen, "both people saw every hand finished"
    for person in people:
        assert not person.errors, f"an action of the people's was refused: {person.errors[:3]}"
        updates = person.updates()
        assert [update["seq"] for update in updates] == list(range(1, len(updates) + 1)), "no update was lost"
    listing = next(message for message in mia.peer.messages if message["type"] == "tables")
    assert listing["tables"][0]["hand"] == hands_seen + 1

    # The server stops cleanly; the table's file and the history have every hand finished.
    serving.process.send_signal(2)  # SIGINT, as Ctrl-C
    assert await serving.ended(WAIT) == 0
    assert "stopped" in serving.log[-1] and "Traceback" not in logged(serving)
    assert " error " not in logged(serving), "no request failed inside the server"
    kept = ServedTable.from_json((data / "tables" / "1.json").read_text())
    table = Table.for_spec(kept.saved.spec, actions=kept.saved.actions, results_read=kept.saved.results_read)
    assert len(table.game.finished) == hands_seen and kept.hand == hands_seen + 1
    history = HandHistory.open_existing(data)
    try:
        assert history.last_number(1) == hands_seen
        assert [hand.number for hand in history.hands(1)] == list(range(1, hands_seen + 1))
    finally:
        history.close()

    figures_of_the_load(figures, people, misbehaving, log, alone_from, alone_until, load_from, idle_in, first_began,
                        cut_until, load_until, before, peak, after, hands_seen)


def figures_of_the_load(figures, people, misbehaving, log, alone_from, alone_until, load_from, idle_in, first_began,
                        cut_until, load_until, before, peak, after, hands_seen) -> None:
    def actions(start: float, end: float) -> int:
        return sum(person.actions_between(start, end) for person in people)

    mib = 1 << 20
    figures["connected"] = (f"{IDLE} idle, {GARBAGE} sending garbage, {APPS} apps and {SLEEPERS} json never reading, "
                            f"2 people")
    figures["the people alone"] = rate(actions(alone_from, alone_until), alone_until - alone_from)
    figures["the people while the 50 idle connected"] = rate(actions(load_from, idle_in), idle_in - load_from)
    figures["the people while the misbehaving came and were cut"] = rate(actions(first_began, cut_until),
                                                                       cut_until - first_began)
    figures["the people after, the 50 idle still there"] = rate(actions(cut_until, load_until), load_until - cut_until)
    figures["server RSS before, peak (VmHWM), after the strangers (MiB)"] = (
        f"{before / mib:.0f}, {peak / mib:.0f}, {after / mib:.0f} (growth {(peak - before) / mib:.1f}, "
        f"bound {GROWTH_BOUND // mib})")
    for kind in ("garbage", "app", "watcher", "lister"):
        ones = [stranger for stranger in misbehaving if stranger.kind == kind]
        reasons = {re.search(rf'disconnected name={stranger.name} reason="it stopped reading: ([^"]*)"', log).group(1)
                   for stranger in ones}
        reasons = {re.sub(r"^\d+ bytes", "N bytes", reason) for reason in reasons}
        figures[f"cut: {kind} ({len(ones)})"] = (seconds([stranger.cut_at - stranger.began for stranger in ones])
                                                 + f"; {' / '.join(sorted(reasons))}")
    figures["hands finished, all kept"] = str(hands_seen)
    figures["load average after"] = " ".join(f"{load:.2f}" for load in os.getloadavg())
