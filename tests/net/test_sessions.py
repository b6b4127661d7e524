"""The full-screen app over SSH: asyncssh clients asking for a terminal, their screens
read with pyte.  Two people with their own keys make and join a table with two
computer players; a window change lays the screen out again; no app process is left
once the clients have gone, and the fork server ends with the server."""

from __future__ import annotations

import asyncio
import io
import os
from contextlib import asynccontextmanager

import asyncssh
import pyte
import pytest

from ramsli_tui.net import SPARE_APPS
from ramsli_tui.net.door import Limits
from ramsli_tui.net.hub import Player, Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.server import Server
from ramsli_tui.net.sessions import TerminalFace, TypingPace
from ramsli_tui.net.sessions import app_environment
from ramsli_tui.net.store import ServerFolder

from tests.net.kit import QUICK, WAIT, new_key

SHOWN_WAIT = 60.0  # seconds a screen may take (an app process starts in about 1.5 s; a loaded machine is slow)


@asynccontextmanager
async def served_apps(data, thinkers, limits: Limits = Limits(), default_language: str = "en",
                      spare_apps: int = SPARE_APPS, allowed=None, policy: Policy = QUICK, **more):
    """A server with the full-screen app on a free port, its players' language by default
    ``default_language``, ``spare_apps`` apps made ahead, any key let in unless ``allowed``
    names an authorized_keys file (``more``: Server's other options); its log is
    ``server.log.getvalue()``."""
    log = io.StringIO()
    server = Server(ServerFolder(data), allowed, thinkers, policy=policy, limits=limits, journal=Journal(log),
                    default_language=default_language, spare_apps=spare_apps, **more)
    server.log = log
    await server.start("127.0.0.1", 0)
    try:
        yield server
    except BaseException:
        print(log.getvalue())
        raise
    finally:
        await server.stop()


class Shown:
    """What a person is shown, kept on a pyte screen of ``width`` × ``height``."""

    def __init__(self, width: int, height: int):
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until_shown(self, words: str, timeout: float = SHOWN_WAIT) -> None:
        for _ in range(int(timeout / 0.05)):
            if words in self.text:
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"{words!r} did not come; the screen:\n{self.text}")


class Terminal(Shown):
    """One person's terminal: what the server draws, kept on a pyte screen."""

    def __init__(self, connection, process, width: int, height: int):
        super().__init__(width, height)
        self.connection = connection
        self.process = process
        self.drawn = bytearray()  # every byte that came, as it came
        self.reading = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server, name: str, width: int = 100, height: int = 30) -> Terminal:
        connection = await asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[new_key()],
                                            known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
        process = await connection.create_process(term_type="xterm-256color", term_size=(width, height),
                                                  encoding=None)
        return cls(connection, process, width, height)

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.drawn += data
            self.stream.feed(data)

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        self.connection.close()
        await self.connection.wait_closed()
        self.reading.cancel()


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_two_people_make_and_join_a_table_resize_and_leave_no_process_behind(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        await mia.until_shown("There is no table yet")
        mia.press("n")
        await mia.until_shown("Computer players")  # the dialog (the key bar says "New table" already)
        mia.press("\r")  # Make: four seats, two computer players
        await mia.until_shown("(open)")

        zora = await Terminal.open(server, "zora")
        await zora.until_shown("you are zora")
        await zora.until_shown("mia, (open)")
        zora.press("j")
        await zora.until_shown("mia")
        await zora.until_shown("Anna", timeout=30)
        pids = list(server.apps.running)
        assert len(pids) == 2, "an app process for each session"
        await mia.until_shown("zora")  # her lobby sees the table start and sits her at it

        before = zora.text
        zora.resize(120, 40)
        for _ in range(600):
            if zora.text != before and any(line.rstrip() and len(line.rstrip()) > 100 for line in zora.screen.display):
                break
            await asyncio.sleep(0.05)
        assert any(len(line.rstrip()) > 100 for line in zora.screen.display), "the table fills the wider window"

        await mia.close()
        await zora.close()
        for _ in range(600):
            if not server.apps.running and all(map(gone, pids)):
                break
            await asyncio.sleep(0.05)
        assert not server.apps.running and all(map(gone, pids)), "no app process is left"
        forks = server.apps.forks.process
    assert forks.poll() is not None, "the fork server ends with the server"


class FakeSession:
    def __init__(self, env):
        self.env = env

    @staticmethod
    def get_terminal_type():
        return "screen-256color"


def test_the_app_gets_the_terminal_type_its_own_folders_and_colorterm_only_when_sent(tmp_path):
    sent = app_environment(FakeSession({"COLORTERM": "truecolor"}), tmp_path)
    assert sent["TERM"] == "screen-256color" and sent["COLORTERM"] == "truecolor"
    assert sent["XDG_DATA_HOME"] == str(tmp_path / "xdg_data_home") and sent["HOME"] == str(tmp_path)
    assert "COLORTERM" not in app_environment(FakeSession({}), tmp_path)
    assert app_environment(FakeSession({b"COLORTERM": b"24bit"}), tmp_path)["COLORTERM"] == "24bit"


async def test_a_session_beyond_the_most_apps_is_told_to_come_later(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers) as server:
        server.apps.max_apps = 0
        connection = await asyncssh.connect("127.0.0.1", server.port, username="mia", client_keys=[new_key()],
                                            known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
        shell = await connection.run(check=False, term_type="xterm", term_size=(80, 24))
        assert shell.exit_status == 1 and "runs 0 apps, as many as it can" in shell.stderr
        assert not server.apps.running and server.apps.forks is None, "no process was started"
        connection.close()


async def test_stopping_the_server_ends_each_app_and_tells_its_session(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        pids = list(server.apps.running)
        await server.apps.close()
        await mia.until_shown("ramsli serve is stopping; your tables are saved", timeout=30)
        assert all(map(gone, pids)) and not server.apps.running
        await mia.close()


async def test_an_app_nobody_types_at_is_ended_and_its_person_told(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, Limits(idle_timeout=1.0)) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        pids = list(server.apps.running)
        await mia.until_shown("Nothing came for 1 s: goodbye. Your seats are kept.", timeout=30)
        assert all(map(gone, pids)) and not server.apps.running
        await mia.close()


async def test_a_channel_closed_while_the_app_draws_ends_the_session_without_an_error(tmp_path):
    """Many people leaving at once: the app's last frame finds the channel gone."""

    class Closed:
        def write(self, data):
            raise BrokenPipeError("Channel not open for sending")

    class Process:
        stdout = Closed()

    screen, app_side = os.pipe()
    os.write(app_side, b"the last frame")
    face = TerminalFace(Process(), Limits(), Journal(io.StringIO()), Player("mia", "SHA256:mia"))
    face.master = screen
    try:
        async with asyncio.timeout(WAIT):
            await face.screen()  # the session ends: it returns, quietly
        assert not asyncio.get_running_loop().remove_reader(screen), "and its terminal is read no more"
    finally:
        os.close(screen)
        os.close(app_side)


def drawn_rows(terminal: Terminal) -> list[int]:
    """The rows of ``terminal``'s screen with something on them."""
    return [row for row, line in enumerate(terminal.screen.display) if line.strip()]


async def test_the_terminal_size_asked_for_is_clamped_at_the_start_and_on_a_window_change(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers) as server:
        mia = await Terminal.open(server, "mia", 1000, 300)
        await mia.until_shown("^p palette")  # the right end of the key bar, on the last row
        assert "size=300x100" in server.log.getvalue()
        assert drawn_rows(mia)[-1] == 99 and max(len(line.rstrip()) for line in mia.screen.display) <= 300

        mia.resize(120, 400)  # the key bar's right end is clipped off, until the app draws it again
        await mia.until_shown("^p palette")
        assert drawn_rows(mia)[-1] == 99, "120 columns, as asked, and still 100 rows"
        await mia.close()


def resident_bytes() -> int:
    """This process's resident memory (the server runs in it)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


RESIZES = 300  # at most, 0.1 s apart: the session is cut long before
GROWTH_BOUND = 16 << 20  # bytes: what the server may grow by for a client that does not read


async def test_a_terminal_that_never_reads_costs_the_server_bounded_memory_and_is_cut(tmp_path, thinkers):
    """It asks for a 1000×300 terminal and resizes it again and again; each size is a
    whole new screen.  The client takes in 16 KiB and reads none of it."""
    async with served_apps(tmp_path / "data", thinkers, Limits(write_stall=2.0)) as server:
        connection = await asyncssh.connect("127.0.0.1", server.port, username="mia", client_keys=[new_key()],
                                            known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
        process = await connection.create_process(term_type="xterm-256color", term_size=(1000, 300),
                                                  encoding=None, window=16384)
        for _ in range(int(SHOWN_WAIT / 0.05)):
            if server.apps.running:
                break
            await asyncio.sleep(0.05)
        pids = list(server.apps.running)
        assert pids, "the app started"
        before = most = resident_bytes()
        for turn in range(RESIZES):
            if "disconnected name=mia" in server.log.getvalue():
                break
            process.change_terminal_size(*((1000, 300) if turn % 2 else (280, 90)))
            most = max(most, resident_bytes())
            await asyncio.sleep(0.1)
        assert 'disconnected name=mia reason="it stopped reading: nothing read for 2 s"' in server.log.getvalue()
        assert most - before < GROWTH_BOUND, f"the server grew by {(most - before) >> 20} MiB"
        async with asyncio.timeout(WAIT):
            await connection.wait_closed()
        for _ in range(100):
            if not server.apps.running and all(map(gone, pids)):
                break
            await asyncio.sleep(0.05)
        assert not server.apps.running and all(map(gone, pids)), "its app was ended"


def test_a_flood_of_keys_is_read_no_faster_than_a_person_may_type():
    now = [0.0]
    pace = TypingPace(1000, clock=lambda: now[0])
    assert pace.wait_after(1000) == 0.0, "a burst, as a paste, comes at once"
    assert pace.wait_after(500) == pytest.approx(0.5), "past it, the keys wait"
    now[0] += 0.5
    assert pace.wait_after(10) == pytest.approx(0.01)
    now[0] += 60.0  # a long pause gives back no more than one burst
    assert pace.wait_after(1000) == 0.0 and pace.wait_after(1000) == pytest.approx(1.0)
