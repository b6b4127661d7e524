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
stranger's load", gives them.  Beside it, a test for each fault it found: keys sent
faster than an app reads them, and the first update of a long table, larger than the
outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import re
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pytest

from ramsli_tui.net.door import Limits
from ramsli_tui.storage.history import HandHistory
from ramsli_tui.net.hub import Policy
from ramsli_tui.net.server import Server, heard_stop_signal
from ramsli_tui.net.store import ServedTable, ServerFolder
from ramsli_tui.net.thinkers import Thinkers
from ramsli_tui.table.table import Table

from tests.net.kit import WAIT, Peer, new_key, served
from tests.net.test_serve_process import Serving

ROOT = Path(__file__).resolve().parents[2]
SERVE = "from tests.net.test_strangers_under_load import serve; serve()"
RULESET = "long-night"  # a million chips each: nobody goes bust, the table plays on
# Quick to cut (a 64 KiB outbox, 2 s to take a write in), slow to call anyone idle (the
# idle strangers are not misbehaving), and a table that never stops for a person.
LIMITS = Limits(outbox_bytes=64 * 1024, write_stall=2.0, idle_timeout=3600.0)
POLICY = Policy(away_after=60.0, turn_limit=3600.0, bot_delay=0.0)

IDLE, GARBAGE, APPS, SLEEPERS = 50, 20, 5, 5  # the strangers
HANDS_ALONE = 10  # hands the people play before the strangers come, and after they have gone
HANDS_WITH_IDLE = 10  # hands the people finish once every misbehaving client is cut, the idle ones there
GROWTH_BOUND = 64 << 20  # bytes the server's resident memory may grow by under the load
CUT_WITHIN = 45.0  # seconds a misbehaving client may last once it has begun
WHOLE = 110.0  # seconds the whole test may take
CONNECTING_AT_ONCE = 10  # strangers in their SSH handshake at a time

GARBAGE_BATCHES, GARBAGE_LINES = 400, 50  # at most 20,000 lines from each garbage sender
LIST_BATCHES, LISTS = 250, 20  # at most 5,000 requests for the list from each that asks for it
RESIZES = 400  # at most, PAUSE apart
KEY, KEYS = b"z", 4  # what an app stranger types between two window changes (a key held down, about)
LONG_NIGHT = 25  # hands after which a spectator's first update is larger than a 16 KiB outbox
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
    return f"{actions / seconds:.0f} actions/s ({actions} in {seconds:.1f} s)"


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} s, max {max(values):.1f} s"


# --- the tests ---------------------------------------------------------------------------------


@pytest.fixture
def long_night(tmp_path, monkeypatch):
    """An own ruleset of the operator's (the server's process is given the same
    config folder): a million chips each, so that the table plays on through the test."""
    folder = tmp_path / "config" / "ramsli" / "rulesets"
    folder.mkdir(parents=True)
    (folder / f"{RULESET}.yaml").write_text("starting_chips: 1000000\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@contextlib.asynccontextmanager
async def server_of_the_test(data: Path):
    """The server's process (``Serving``), its log printed if the test fails, killed
    with every connection left if it is still running at the end."""
    serving = await start_server(data)
    serving.connections = []  # to abort at the end, whatever happened
    try:
        yield serving
    except BaseException:
        print(logged(serving)[-20000:])
        raise
    finally:
        for connection in serving.connections:
            connection.abort()
        if serving.process.returncode is None:
            serving.process.kill()
            await serving.process.wait()


async def stop_cleanly(serving: Serving) -> None:
    serving.process.send_signal(signal.SIGINT)  # as Ctrl-C
    assert await serving.ended(WAIT) == 0
    assert "stopped" in serving.log[-1] and "Traceback" not in logged(serving)


async def test_keys_sent_faster_than_an_app_reads_them_never_hold_the_server_up(tmp_path):
    """A client sends 2 MiB of keys at once to its app and reads nothing: the app soon
    waits to draw, and reads no more keys.  The server gives it the keys only as it
    takes them, and serves everyone else meanwhile (it once wrote them to the app's
    terminal in one blocking write, and stood still)."""
    async with server_of_the_test(tmp_path / "data") as serving:
        flooder = await connect(serving.port, "flooder", 0)
        serving.connections.append(flooder)
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
        serving.connections.append(mia.connection)
        for _ in range(3):
            mia.send({"op": "list"})
            assert (await mia.next("tables"))["tables"] == [], "the server answers while the keys wait for the app"
        await mia.close()
        flooder.close()
        await serving.line_with("app ended name=flooder", timeout=WAIT)
        await stop_cleanly(serving)


async def test_a_program_that_reads_is_given_the_first_update_of_a_long_table_however_large(tmp_path, long_night,
                                                                                              thinkers):
    """Someone who comes to watch (or back to their seat) gets ``seated`` and then the
    table's first update, everything since its start: larger than the outbox after a
    long night.  It was once cut for it, read it or not."""
    news = asyncio.Event()
    async with served(tmp_path / "data", thinkers, policy=POLICY, limits=Limits(outbox_bytes=16384)) as server:
        mia = Person(await Peer.connect(server, "mia", new_key()), news)
        mia.peer.send({"op": "create", "game": "ramsli", "ruleset": RULESET, "players": 3, "bots": ["normal", "normal"]})
        await until(lambda: mia.hands >= LONG_NIGHT, news, WAIT, f"{LONG_NIGHT} hands")
        otto = await Peer.connect(server, "otto", new_key())
        otto.send({"op": "watch", "table": 1})
        assert (await otto.next("seated"))["seat"] is None
        first = await otto.next("update")
        assert len(json.dumps(first)) > 16384, "the first update is larger than the outbox"
        watched_from = mia.hands
        await until(lambda: mia.hands >= watched_from + 2, news, WAIT, "two more hands")
        assert "disconnected name=otto" not in server.log.getvalue()
        otto.send({"op": "list"})
        assert [table["table"] for table in (await otto.next("tables"))["tables"]] == [1], "otto is still served"
        await otto.close()
        await mia.peer.close()


async def test_two_people_play_on_while_eighty_strangers_idle_send_garbage_or_never_read(tmp_path, long_night):
    async with server_of_the_test(tmp_path / "data") as serving:
        load = Load(serving, tmp_path / "data")
        async with asyncio.timeout(WHOLE):
            await load.run()
        print("\n".join(f"{measure}: {figure}" for measure, figure in load.figures().items()))


class Load:
    """The load test, step by step; what it saw, for its figures."""

    def __init__(self, serving: Serving, data: Path):
        self.serving = serving
        self.data = data
        self.port, self.pid = serving.port, serving.process.pid
        self.news = asyncio.Event()  # set whenever a person hears something or a stranger is cut
        self.people: list[Person] = []
        self.strangers: list[Stranger] = []
        self.moments: dict[str, float] = {}  # when each step began or ended (time.monotonic())
        self.memory: dict[str, int] = {}  # the server's resident bytes at moments

    @property
    def idle(self) -> list[Stranger]:
        return [stranger for stranger in self.strangers if stranger.kind == "idle"]

    @property
    def misbehaving(self) -> list[Stranger]:
        return [stranger for stranger in self.strangers if stranger.kind != "idle"]

    def now(self, moment: str) -> None:
        self.moments[moment] = time.monotonic()

    async def run(self) -> None:
        await self.seat_the_people()
        await self.play_on("alone", HANDS_ALONE)
        self.memory["before"] = resident(self.pid)
        await self.strangers_come()
        await self.play_on("with the idle ones", HANDS_WITH_IDLE)
        self.memory["peak"] = resident(self.pid, "VmHWM")
        self.check_every_misbehaving_one_was_cut()
        await self.check_the_idle_ones_are_served()
        for stranger in self.idle:
            await stranger.peer.close()
        await self.play_on("alone again", HANDS_ALONE)
        self.memory["after"] = resident(self.pid)
        assert self.memory["peak"] - self.memory["before"] < GROWTH_BOUND, (
            f"the server grew by {(self.memory['peak'] - self.memory['before']) >> 20} MiB under the load")
        self.hands = await self.people_stop()
        await stop_cleanly(self.serving)
        assert " error " not in logged(self.serving), "no request failed inside the server"
        self.check_every_hand_is_kept()

    async def seat_the_people(self) -> None:
        """Two people at a table of four, two computer players with them."""
        mia = Person(await program(self.port, "mia", 1000), self.news)
        self.serving.connections.append(mia.peer.connection)
        mia.peer.send({"op": "create", "game": "ramsli", "ruleset": RULESET, "players": 4, "bots": ["normal", "normal"]})
        zora = Person(await program(self.port, "zora", 1001), self.news)
        self.serving.connections.append(zora.peer.connection)
        self.people = [mia, zora]
        await until(lambda: any(message["type"] == "seated" for message in mia.peer.messages), self.news, WAIT,
                    "mia made a table")
        zora.peer.send({"op": "join", "table": 1})

    async def play_on(self, step: str, hands: int) -> None:
        """Wait while the people finish ``hands`` more hands."""
        mia = self.people[0]
        until_hand = mia.hands + hands
        self.now(f"{step} from")
        await until(lambda: mia.hands >= until_hand, self.news, WAIT, f"{hands} hands {step}")
        self.now(f"{step} until")

    async def strangers_come(self) -> None:
        """The idle ones, then the misbehaving ones, ``CONNECTING_AT_ONCE`` in their
        handshake at a time; until every misbehaving one is cut."""
        numbers = iter(range(IDLE + GARBAGE + APPS + SLEEPERS))
        self.strangers = [Stranger(kind, next(numbers)) for kind, count in
                          (("idle", IDLE), ("garbage", GARBAGE), ("app", APPS)) for _ in range(count)]
        self.strangers += [Stranger(kind, next(numbers)) for kind in ("watcher", "lister", "watcher", "lister", "watcher")]
        coming = asyncio.Semaphore(CONNECTING_AT_ONCE)
        self.now("idle ones from")
        await asyncio.gather(*(one_at_a_time(coming, come_idle(stranger, self.port)) for stranger in self.idle))
        self.serving.connections += [stranger.connection for stranger in self.idle]
        self.now("idle ones until")
        misbehaving = self.misbehaving
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(one_at_a_time(coming, misbehave(stranger, self.port, self.news)))
                 for stranger in misbehaving]

        def not_cut() -> str:
            left = [stranger.name for stranger in misbehaving if not stranger.closed.is_set()]
            return f"every misbehaving client cut ({', '.join(left)} not; the people acted {len(self.people[0].acted)} times)"

        await until(lambda: all(stranger.closed.is_set() for stranger in misbehaving), self.news, CUT_WITHIN + WAIT,
                    not_cut)
        await asyncio.gather(*tasks)  # each ends with its connection
        self.serving.connections += [stranger.connection for stranger in misbehaving]
        self.moments["misbehaving from"] = min(stranger.began for stranger in misbehaving)
        self.now("misbehaving until")

    def check_every_misbehaving_one_was_cut(self) -> None:
        """By the server, soon after it began, saying why; and the apps of those cut were ended."""
        log = logged(self.serving)
        for stranger in self.misbehaving:
            lasted = stranger.cut_at - stranger.began
            assert lasted < CUT_WITHIN, f"{stranger.name} lasted {lasted:.1f} s"
            assert f'disconnected name={stranger.name} reason="it stopped reading: ' in log, f"{stranger.name}: not cut"
            if stranger.kind == "app":
                assert f"app ended name={stranger.name} " in log, f"{stranger.name}: its app was not ended"
        assert self.actions("misbehaving") > 0, "the people were held up while the misbehaving clients were there"

    async def check_the_idle_ones_are_served(self) -> None:
        for stranger in self.idle:
            assert not stranger.connection.is_closed(), f"{stranger.name}, idle, was cut"
            stranger.peer.send({"op": "list"})
        for stranger in self.idle:
            listing = await stranger.peer.next("tables")
            assert [table["table"] for table in listing["tables"]] == [1], f"{stranger.name} is served"
        assert "disconnected name=idle-" not in logged(self.serving)

    async def people_stop(self) -> int:
        """The people stop acting; once the table waits for one of them and both have read
        all that was sent (a list asked for comes after it), the hands they saw finished."""
        mia, zora = self.people
        for person in self.people:
            person.acting = False
        await until(lambda: any(person.left_waiting for person in self.people), self.news, WAIT,
                    "the table waits for a person")
        for person in self.people:
            person.peer.send({"op": "list"})
        await until(lambda: all(person.listings for person in self.people), self.news, WAIT, "everything read")
        assert zora.hands == mia.hands, "both people saw every hand finished"
        for person in self.people:
            assert not person.errors, f"an action of the people's was refused: {person.errors[:3]}"
            updates = person.updates()
            assert [update["seq"] for update in updates] == list(range(1, len(updates) + 1)), "an update was lost"
        listing = next(message for message in mia.peer.messages if message["type"] == "tables")
        assert listing["tables"][0]["hand"] == mia.hands + 1, "the table plays the hand after the last one seen"
        return mia.hands

    def check_every_hand_is_kept(self) -> None:
        """In the table's file (its actions replay to every hand) and in the history."""
        kept = ServedTable.from_json((self.data / "tables" / "1.json").read_text())
        table = Table.for_spec(kept.saved.spec, actions=kept.saved.actions, results_read=kept.saved.results_read)
        assert len(table.game.finished) == self.hands and kept.hand == self.hands + 1
        history = HandHistory.open_existing(self.data)
        try:
            assert [hand.number for hand in history.hands(1)] == list(range(1, self.hands + 1))
        finally:
            history.close()

    # --- the figures ---------------------------------------------------------------------------

    def actions(self, step: str) -> int:
        start, end = self.moments[f"{step} from"], self.moments[f"{step} until"]
        return sum(start <= moment < end for person in self.people for moment in person.acted)

    def people_rate(self, step: str) -> str:
        return rate(self.actions(step), self.moments[f"{step} until"] - self.moments[f"{step} from"])

    def figures(self) -> dict[str, str]:
        mib = 1 << 20
        before, peak, after = (self.memory[moment] / mib for moment in ("before", "peak", "after"))
        figures = {
            "connected": f"{IDLE} idle, {GARBAGE} sending garbage, {APPS} apps and {SLEEPERS} json never reading",
            "the people, alone": self.people_rate("alone"),
            "the people, while the idle ones came": self.people_rate("idle ones"),
            "the people, while the misbehaving ones came and were cut": self.people_rate("misbehaving"),
            "the people, the idle ones there": self.people_rate("with the idle ones"),
            "the people, alone again": self.people_rate("alone again"),
            "server RSS before, peak (VmHWM), after (MiB)": f"{before:.0f}, {peak:.0f}, {after:.0f} "
                                                           f"(growth {peak - before:.1f}; bound {GROWTH_BOUND // mib})",
        }
        log = logged(self.serving)
        for kind in ("garbage", "app", "watcher", "lister"):
            ones = [stranger for stranger in self.misbehaving if stranger.kind == kind]
            reasons = {re.sub(r"^\d+ bytes", "N bytes", re.search(
                rf'disconnected name={stranger.name} reason="it stopped reading: ([^"]*)"', log).group(1))
                for stranger in ones}
            figures[f"cut: {kind} ({len(ones)})"] = (spread([stranger.cut_at - stranger.began for stranger in ones])
                                                     + f"; {' / '.join(sorted(reasons))}")
        figures["hands finished, every one kept"] = str(self.hands)
        figures["load average after"] = " ".join(f"{load:.2f}" for load in os.getloadavg())
        return figures
