"""``ramsli serve`` as the command runs it, in a process of its own: kill -9 and a
restart keep the host key and every table; SIGTERM stops cleanly; no process is left
behind; mistakes end in one line; and the real OpenSSH client speaks to it."""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ramsli_tui.net import MAX_APPS, serve_command
from ramsli_tui.net.store import ServerFolder
from ramsli_tui.net.sessions import RESTORE

from tests.net.kit import Peer, new_key, served
from tests.net.test_sessions import Terminal

SERVE = ("import argparse, sys; from ramsli_tui.net import serve_command; parser = argparse.ArgumentParser(); "
         "serve_command.add_arguments(parser); sys.exit(serve_command.run(parser.parse_args()))")


class Serving:
    """``ramsli serve`` running in a process, and the lines of its log so far (read as
    they come, so that the server never waits on a full pipe)."""

    def __init__(self, process):
        self.process = process
        self.log: list[str] = []
        self.heard = asyncio.Event()
        self.reading = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, *arguments: str) -> Serving:
        process = await asyncio.create_subprocess_exec(sys.executable, "-c", SERVE, *arguments,
                                                       stderr=asyncio.subprocess.PIPE)
        serving = cls(process)
        RUNNING.append(serving)
        line = await serving.line_with("listening")
        serving.port = int(re.search(r"address=127\.0\.0\.1:(\d+)", line).group(1))
        serving.fingerprint = re.search(r"host key fingerprint=(\S+)", await serving.line_with("host key")).group(1)
        return serving

    async def _read(self) -> None:
        while line := await self.process.stderr.readline():
            self.log.append(line.decode())
            self.heard.set()
        self.heard.set()

    async def line_with(self, word: str, timeout: float = 30.0) -> str:
        async with asyncio.timeout(timeout):
            while True:
                found = [line for line in self.log if word in line]
                if found:
                    return found[0]
                if self.reading.done():
                    raise EOFError(f"the server ended before saying {word!r}: {self.log}")
                self.heard.clear()
                await self.heard.wait()

    async def ended(self, timeout: float = 30.0) -> int:
        async with asyncio.timeout(timeout):
            await self.reading
            return await self.process.wait()

    def descendants(self) -> set[int]:
        return descendants_of(self.process.pid)


RUNNING: list[Serving] = []


@pytest.fixture(autouse=True)
async def no_server_left_running():
    """Whatever a test does, no server it started outlives it."""
    yield
    while RUNNING:
        serving = RUNNING.pop()
        if serving.process.returncode is None:
            serving.process.kill()
            await serving.process.wait()


def descendants_of(pid: int) -> set[int]:
    """Every process under ``pid`` (its workers, and theirs)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent has not yet asked how


async def all_gone(pids: set[int], timeout: float = 30.0) -> bool:
    for _ in range(int(timeout / 0.05)):
        if not any(map(alive, pids)):
            return True
        await asyncio.sleep(0.05)
    return False


async def until_a_person_is_waited_for(peer: Peer, people: set[int]) -> dict:
    """The update after which the table waits for one of ``people`` (who do not act)."""
    while True:
        message = await peer.next("update", timeout=10)
        if message["view"]["to_act"] in people:
            return message


async def test_kill_9_and_a_restart_keep_the_host_key_and_bring_every_table_back_where_it_was(tmp_path):
    data = str(tmp_path / "data")
    first = await Serving.start("--port", "0", "--data", data, "--open")
    mia_key, zora_key = new_key(), new_key()
    mia = await Peer.connect(first, "mia", mia_key)
    zora = await Peer.connect(first, "zora", zora_key)
    mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal"]})
    await mia.next("seated")
    zora.send({"op": "join", "table": 1})
    last = await until_a_person_is_waited_for(mia, {0, 1})
    with pytest.raises(TimeoutError):
        await mia.next("update", timeout=0.3)  # the table waits: nothing more happens
    workers = first.descendants()
    assert workers, "the computer players think in worker processes"
    first.process.send_signal(signal.SIGKILL)
    await first.ended()
    assert await all_gone(workers), "no worker outlives the server"

    second = await Serving.start("--port", "0", "--data", data, "--open")
    assert second.fingerprint == first.fingerprint
    back = await Peer.connect(second, "mia", mia_key)
    assert (await back.next())["type"] == "welcome"
    assert (await back.next()) == {"type": "seated", "table": 1, "seat": 0}
    update = await back.next()
    assert update["seq"] == 1 and update["view"] == last["view"]
    await back.close()
    second.process.send_signal(signal.SIGTERM)
    assert await second.ended() == 0


async def test_sigterm_tells_every_client_saves_every_table_and_leaves_no_process_behind(tmp_path):
    data = tmp_path / "data"
    serving = await Serving.start("--port", "0", "--data", str(data), "--open")
    mia = await Peer.connect(serving, "mia", new_key())
    mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal", "normal"]})
    await mia.next("update")
    workers = serving.descendants()
    serving.process.send_signal(signal.SIGTERM)
    async with asyncio.timeout(10):
        told = await mia.process.stderr.read()
    assert await serving.ended() == 0
    assert b"ramsli serve is stopping; your tables are saved" in told
    assert "stopped" in serving.log[-1]
    assert (data / "tables" / "1.json").exists()
    assert await all_gone(workers)


async def test_sighup_stops_cleanly_every_client_told_every_terminal_given_back_and_no_session_folder_left(tmp_path):
    data = tmp_path / "data"
    serving = await Serving.start("--port", "0", "--data", str(data), "--open")
    mia = await Peer.connect(serving, "mia", new_key())
    await mia.next("welcome")
    zora = await Terminal.open(serving, "zora")
    await zora.until_shown("you are zora")
    [own] = (data / "run" / "sessions").iterdir()
    assert own.name.startswith("zora-"), "each session's folder is in the data folder, to be found"
    serving.process.send_signal(signal.SIGHUP)
    async with asyncio.timeout(10):
        told = await mia.process.stderr.read()
        await zora.reading  # to the end of the channel
    assert await serving.ended() == 0
    assert b"ramsli serve is stopping; your tables are saved" in told
    assert zora.drawn.endswith(RESTORE + b"ramsli serve is stopping; your tables are saved: connect again later.\r\n")
    assert "signal=SIGHUP" in await serving.line_with("stopping") and "stopped" in serving.log[-1]
    assert not own.exists()
    await zora.close()


async def test_a_session_folder_a_kill_9_left_behind_is_removed_at_the_next_start(tmp_path):
    data = tmp_path / "data"
    first = await Serving.start("--port", "0", "--data", str(data), "--open")
    mia = await Terminal.open(first, "mia")
    await mia.until_shown("you are mia")
    [left] = (data / "run" / "sessions").iterdir()
    first.process.send_signal(signal.SIGKILL)
    await first.ended()
    await mia.close()
    assert left.exists(), "nobody was there to remove it"

    second = await Serving.start("--port", "0", "--data", str(data), "--open")
    assert "sessions=1" in await second.line_with("leftovers removed")
    assert not left.exists() and not (data / "run").exists()
    second.process.send_signal(signal.SIGTERM)
    assert await second.ended() == 0


async def test_a_mistake_when_starting_ends_in_one_line_and_status_2(tmp_path):
    missing = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SERVE, "--port", "0", "--data", str(tmp_path / "data"), "--allow", str(tmp_path / "nobody"),
        stderr=asyncio.subprocess.PIPE)
    _, told = await missing.communicate()
    assert missing.returncode == 2
    assert told.decode().strip().splitlines() == [
        f"ramsli serve: {tmp_path / 'nobody'}: cannot read the keys file (No such file or directory) "
        "(the --allow file)"]
    holder = await Serving.start("--port", "0", "--data", str(tmp_path / "data"), "--open")
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "cat.jpg").write_text("a cat")
    for arguments, words in ((["--data", str(tmp_path / "data")], "another ramsli serve is running on"),
                             (["--data", str(tmp_path / "photos")], "it is not empty and not a ramsli serve data folder"),
                             (["--data", str(tmp_path / "other"), "--port", str(holder.port)], "cannot listen on 127.0.0.1:")):
        second = await asyncio.create_subprocess_exec(sys.executable, "-c", SERVE, "--open", *arguments,
                                                      stderr=asyncio.subprocess.PIPE)
        try:
            async with asyncio.timeout(30):  # a server that took the folder would run on
                _, told = await second.communicate()
        finally:
            if second.returncode is None:
                second.kill()
                await second.wait()
        lines = told.decode().strip().splitlines()
        assert second.returncode == 2 and len(lines) - sum("listening" in line or "host key" in line for line in lines) == 1
        assert words in lines[-1]
    holder.process.send_signal(signal.SIGTERM)
    assert await holder.ended() == 0


async def test_a_host_key_others_can_read_ends_the_start_in_one_line_and_status_2(tmp_path):
    (tmp_path / "data").mkdir(mode=0o700)  # the folder's alone: only the key is the matter
    ServerFolder(tmp_path / "data").host_key()
    (tmp_path / "data" / "host_key").chmod(0o644)
    started = await asyncio.create_subprocess_exec(sys.executable, "-c", SERVE, "--port", "0", "--data",
                                                   str(tmp_path / "data"), "--open", stderr=asyncio.subprocess.PIPE)
    try:
        async with asyncio.timeout(20):
            _, told = await started.communicate()
    finally:
        if started.returncode is None:  # it started: end it, and the test fails on its timeout
            started.kill()
            await started.wait()
    assert started.returncode == 2
    assert told.decode().splitlines() == [
        f"ramsli serve: {tmp_path / 'data' / 'host_key'} is readable by others (mode 0644): chmod 600 it"]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client (ssh) is not installed")
async def test_the_openssh_client_speaks_the_table_protocol_and_checks_the_host_key(tmp_path, thinkers):
    key = new_key()
    identity = tmp_path / "id_ed25519"
    identity.write_bytes(key.export_private_key())
    identity.chmod(0o600)
    async with served(tmp_path / "data", thinkers) as server:
        known = tmp_path / "known_hosts"
        known.write_text(f"[127.0.0.1]:{server.port} {server.host_key.export_public_key().decode()}")
        ssh = await asyncio.create_subprocess_exec(
            "ssh", "-T", "-F", "/dev/null", "-p", str(server.port), "-i", str(identity), "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes", "-o", f"UserKnownHostsFile={known}",
            "mia@127.0.0.1", "json",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        async with asyncio.timeout(15):
            out, err = await ssh.communicate(b'{"op": "list"}\nnot json\n')
    assert ssh.returncode == 0, err
    assert out.decode().splitlines() == [
        '{"type":"welcome","protocol":"ramsli-table/1","player":"mia"}',
        '{"type":"tables","tables":[]}',
        '{"type":"error","op":null,"message":"a line must hold one JSON object (Expecting value)"}',
    ]


def test_the_command_s_options_load_nothing_of_the_server_so_ramsli_starts_as_fast_as_before():
    code = "import sys, ramsli_tui.net.serve_command; print(sorted({'asyncssh', 'asyncio'} & set(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


@pytest.mark.parametrize("arguments", [[], ["--open", "--allow", "keys"]])
def test_the_command_needs_exactly_one_of_allow_and_open(arguments, capsys):
    parser = argparse.ArgumentParser(prog="ramsli serve")
    serve_command.add_arguments(parser)
    with pytest.raises(SystemExit) as ended:
        parser.parse_args(arguments)
    assert ended.value.code == 2 and "--allow" in capsys.readouterr().err
    chosen = parser.parse_args(["--open"])
    assert (chosen.host, chosen.port, chosen.data, chosen.allow, chosen.open) == ("127.0.0.1", 2222, None, None, True)
    assert chosen.max_apps == MAX_APPS == 50


@pytest.mark.parametrize("given, said", [("0", "0 is less than 1"), ("many", "'many' is not a whole number")])
def test_max_apps_is_a_whole_number_of_at_least_one(given, said, capsys):
    parser = argparse.ArgumentParser(prog="ramsli serve")
    serve_command.add_arguments(parser)
    assert parser.parse_args(["--open", "--max-apps", "250"]).max_apps == 250
    with pytest.raises(SystemExit) as ended:
        parser.parse_args(["--open", "--max-apps", given])
    error = capsys.readouterr().err
    assert ended.value.code == 2 and f"--max-apps: {said}" in error and "Traceback" not in error


@pytest.mark.parametrize("given, chosen", [("8080", ("127.0.0.1", 8080)), ("0.0.0.0:8080", ("0.0.0.0", 8080)),
                                           ("[::1]:0", ("::1", 0)), ("cards.example.org:443", ("cards.example.org", 443))])
def test_web_takes_a_port_and_perhaps_an_address(given, chosen):
    parser = argparse.ArgumentParser(prog="ramsli serve")
    serve_command.add_arguments(parser)
    assert parser.parse_args(["--open", "--web", given]).web == chosen
    assert parser.parse_args(["--open"]).web is None


@pytest.mark.parametrize("option, given, said", [
    ("--web", "", "'' is not a whole number"), ("--web", "70000", "70000 is more than 65535"),
    ("--web", "bad host:80", "'bad host' is not an IP address or a host name"),
    ("--public-url", "cards.example.org", "is not a web address of the form https://HOST[:PORT]"),
    ("--public-url", "ftp://cards.example.org", "is not a web address"),
    ("--public-url", "https://cards.example.org/ramsli", "is not a web address"),
    ("--public-url", "https://cards.example.org:port", "is not a web address"),
    ("--public-url", "https://mia@cards.example.org", "is not a web address"),
])
def test_a_bad_web_address_is_one_line_and_status_2(option, given, said, capsys):
    parser = argparse.ArgumentParser(prog="ramsli serve")
    serve_command.add_arguments(parser)
    with pytest.raises(SystemExit) as ended:
        parser.parse_args(["--open", "--web", "8080", option, given])
    error = capsys.readouterr().err
    assert ended.value.code == 2 and said in error and "Traceback" not in error


async def test_a_public_url_without_web_and_a_web_port_taken_end_in_one_line_and_status_2(tmp_path):
    alone = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SERVE, "--port", "0", "--data", str(tmp_path / "data"), "--open",
        "--public-url", "https://cards.example.org", stderr=asyncio.subprocess.PIPE)
    _, told = await alone.communicate()
    assert alone.returncode == 2
    assert told.decode().splitlines() == ["ramsli serve: --public-url names the address of --web, which is not given"]
    holder = await Serving.start("--port", "0", "--data", str(tmp_path / "data"), "--open")
    taken = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SERVE, "--port", "0", "--data", str(tmp_path / "other"), "--open",
        "--web", str(holder.port), stderr=asyncio.subprocess.PIPE)
    async with asyncio.timeout(30):
        _, told = await taken.communicate()
    assert taken.returncode == 2 and f"cannot listen on 127.0.0.1:{holder.port}" in told.decode().splitlines()[-1]
    holder.process.send_signal(signal.SIGTERM)
    assert await holder.ended() == 0


async def test_sigterm_ends_every_web_app_and_tells_its_tab(tmp_path):
    from tests.net.test_web import Tab, logged_in

    serving = await Serving.start("--port", "0", "--data", str(tmp_path / "data"), "--open", "--web", "0")
    serving.web_port = int(re.search(r"address=127\.0\.0\.1:(\d+)", await serving.line_with("web listening")).group(1))
    serving.origin = f"http://127.0.0.1:{serving.web_port}"
    async with await logged_in(serving, "mia") as mia:
        tab = await Tab.open(serving, mia)
        await tab.until_shown("you are mia")
        pid = int(re.search(r"pid=(\d+) face=web", await serving.line_with("app started")).group(1))
        serving.process.send_signal(signal.SIGTERM)
        await tab.closed()
        assert await serving.ended() == 0
    assert "ramsli serve is stopping; your tables are saved" in tab.text
    assert "stopped" in serving.log[-1] and await all_gone([pid])
