"""The SSH front door: keys only, names bound once a key is proven, the allowed keys
alone under --allow, only the game served, and the limits on connections."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections import Counter

import asyncssh
import pytest

from ramsli_tui.net.door import NAME_RULE, Admission, Gate, Limits, Visit
from ramsli_tui.net.store import NameBook

from tests.net.kit import WAIT, Peer, authorized_keys, new_key, served
from tests.net.test_journal import read_back


# --- the gate ---------------------------------------------------------------------------------

class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_the_gate_caps_connections_per_address_and_in_all():
    gate = Gate(Limits(per_address=2, overall=3, connections_per_minute=100), Clock())
    assert gate.admit("10.0.0.1") is None and gate.admit("10.0.0.1") is None
    assert gate.admit("10.0.0.1") == "2 connections from 10.0.0.1 are open already"
    assert gate.admit("10.0.0.2") is None
    assert gate.admit("10.0.0.3") == "the server has 3 connections open, as many as it takes"
    gate.left("10.0.0.1")
    assert gate.admit("10.0.0.3") is None


def test_the_gate_lets_an_address_open_only_so_many_connections_a_minute():
    clock = Clock()
    gate = Gate(Limits(connections_per_minute=3, per_address=100), clock)
    for _ in range(3):
        assert gate.admit("10.0.0.1") is None
        gate.left("10.0.0.1")
    assert gate.admit("10.0.0.1") == "more than 3 connections a minute from 10.0.0.1"
    assert gate.admit("10.0.0.2") is None, "another address is counted apart"
    clock.now += 61
    assert gate.admit("10.0.0.1") is None


def test_the_gate_tells_only_so_many_turned_away_connections_at_once_why():
    gate = Gate(Limits(turned_away_at_once=2))
    assert gate.tell() and gate.tell()
    assert not gate.tell(), "past the cap a connection is dropped without a word"
    gate.told()
    assert gate.tell()


# --- names and keys -----------------------------------------------------------------------------

def public(key: asyncssh.SSHKey) -> asyncssh.SSHKey:
    """A key as a server is shown it: its public half."""
    return key.convert_to_public()


class Connection:
    """What a Visit needs of its asyncssh connection."""

    def __init__(self):
        self.banners, self.extra, self.closed, self.disconnected = [], {}, False, None

    def get_extra_info(self, name, default=None):
        return ("127.0.0.1", 5555) if name == "peername" else default

    def send_auth_banner(self, text):
        self.banners.append(text)

    def set_extra_info(self, **values):
        self.extra.update(values)

    def close(self):
        self.closed = True

    def disconnect(self, code, reason):
        self.disconnected = reason


class Door:
    def __init__(self, admission, limits=Limits()):
        self.admission = admission
        self.limits = limits
        self.gate = Gate(self.limits)
        self.connected = Counter()
        self.visits = set()
        self.logged = []
        self.journal = lambda what, **details: self.logged.append((what, details))


def visit(admission, limits=Limits()) -> tuple[Visit, Connection]:
    door_visit = Visit(Door(admission, limits))
    connection = Connection()
    door_visit.connection_made(connection)
    return door_visit, connection


async def test_a_name_is_bound_only_when_a_key_has_signed_not_when_one_is_offered(tmp_path):
    book = NameBook(tmp_path / "names.json")
    admission = Admission(book, None)
    offered, proven = public(new_key()), public(new_key())
    first, connection = visit(admission)
    first.begin_auth("mia")
    assert first.validate_public_key("mia", offered) is True  # merely offered: it may sign, it has not
    assert book.holder("mia") is None and not (tmp_path / "names.json").exists()
    assert first.validate_public_key("mia", proven) is True
    first.auth_completed()  # asyncssh calls this once the last key asked about has signed
    assert book.holder("mia") == proven.get_fingerprint()
    assert connection.extra["ramsli_player"].name == "mia"
    second, connection = visit(admission)
    second.begin_auth("MIA")
    assert second.validate_public_key("MIA", offered) is False
    assert connection.banners == ["ramsli serve: the name MIA belongs to another key.\r\n"]


async def test_a_name_taken_while_another_key_was_logging_in_with_it_is_refused(tmp_path):
    book = NameBook(tmp_path / "names.json")
    admission = Admission(book, None)
    slow, quick = visit(admission)[0], visit(admission)[0]
    for each, key in ((slow, public(new_key())), (quick, public(new_key()))):
        each.begin_auth("mia")
        assert each.validate_public_key("mia", key)
    quick.auth_completed()
    slow.auth_completed()
    assert slow.connection.closed and "ramsli_player" not in slow.connection.extra


async def test_a_connection_may_offer_only_so_many_keys_then_it_is_cut_off(tmp_path):
    """Under --open every key offered is accepted (a client need not sign any): the
    attempts are bounded all the same, refused or not."""
    admission = Admission(NameBook(tmp_path / "names.json"), None)
    limits = Limits(key_attempts=3)
    offering, connection = visit(admission, limits)
    offering.begin_auth("mia")
    keys = [public(new_key()) for _ in range(4)]
    assert all(offering.validate_public_key("mia", key) for key in keys[:3])
    assert offering.validate_public_key("mia", keys[2]), "the signed request of the key accepted is no new attempt"
    assert connection.disconnected is None
    assert offering.validate_public_key("mia", keys[3]) is False
    assert connection.disconnected == "more than 3 keys offered"


async def test_refused_keys_are_logged_once_per_connection_with_their_count(tmp_path):
    admission = Admission(NameBook(tmp_path / "names.json"), None)
    owner, _ = visit(admission)
    owner.begin_auth("mia")
    owner.validate_public_key("mia", public(mia := new_key()))
    owner.auth_completed()
    stranger, _ = visit(admission)
    stranger.begin_auth("mia")
    for _ in range(5):
        assert stranger.validate_public_key("mia", public(new_key())) is False
    assert [what for what, _ in stranger.door.logged] == ["connection"], "nothing yet: the count comes at the end"
    stranger.connection_lost(None)
    refused = [details for what, details in stranger.door.logged if what == "key refused"]
    assert len(refused) == 1 and refused[0]["keys"] == 5 and refused[0]["name"] == "mia"
    assert refused[0]["reason"] == "the name mia belongs to another key" and mia


@pytest.mark.parametrize("name", ["", "-dash", "a b", "x" * 25, "zo€", "../etc"])
def test_a_name_that_cannot_be_a_name_is_refused(tmp_path, name):
    admission = Admission(NameBook(tmp_path / "names.json"), None)
    assert admission.refusal(name, new_key(), "127.0.0.1").startswith("a name is 1 to 24 letters")


def test_under_allow_only_the_listed_keys_come_in_and_the_list_is_read_again_when_it_changes(tmp_path):
    friend, stranger = new_key(), new_key()
    listed = authorized_keys(tmp_path / "friends", friend)
    admission = Admission(NameBook(tmp_path / "names.json"), listed)
    assert admission.refusal("mia", public(friend), "127.0.0.1") is None
    assert admission.refusal("otto", public(stranger), "127.0.0.1") == "its key is not in the allowed keys"
    authorized_keys(listed, friend, stranger)
    os.utime(listed, (1, 1))  # a file changed within the same second still reads as changed
    assert admission.refusal("otto", public(stranger), "127.0.0.1") is None


def test_a_key_taken_out_of_the_allowed_keys_is_refused_even_if_the_file_keeps_its_time(tmp_path):
    friend, other = new_key(), new_key()
    listed = authorized_keys(tmp_path / "friends", friend, other)
    admission = Admission(NameBook(tmp_path / "names.json"), listed)
    assert admission.refusal("otto", public(other), "127.0.0.1") is None
    before = listed.stat()
    authorized_keys(listed, friend)
    os.utime(listed, ns=(before.st_atime_ns, before.st_mtime_ns))  # as rsync -t or touch -r would leave it
    assert admission.refusal("otto", public(other), "127.0.0.1") == "its key is not in the allowed keys"
    assert admission.refusal("mia", public(friend), "127.0.0.1") is None
    assert not admission.still_allowed(public(other), "127.0.0.1") and admission.still_allowed(public(friend), "127.0.0.1")


def made_a_folder(path):
    path.unlink()
    path.mkdir()


SPOILS = {"emptied": (lambda path: path.write_text(""), "No valid entries found"),
          "deleted": (lambda path: path.unlink(), "No such file or directory"),
          "garbled": (lambda path: path.write_text("not a key\n"), "No valid entries found"),
          "made a folder": (made_a_folder, "is a folder, not a regular file")}


@pytest.mark.parametrize("spoiled", SPOILS)
def test_allowed_keys_that_cannot_be_read_any_more_let_nobody_in_and_say_so_once(tmp_path, spoiled):
    spoil, said = SPOILS[spoiled]
    friend = new_key()
    listed = authorized_keys(tmp_path / "friends", friend)
    logged = []
    admission = Admission(NameBook(tmp_path / "names.json"), listed, lambda what, **details: logged.append((what, details)))
    assert admission.refusal("mia", public(friend), "127.0.0.1") is None and logged == []
    spoil(listed)
    for _ in range(3):
        assert admission.refusal("mia", public(friend), "127.0.0.1") == "the server cannot read its allowed keys"
    assert admission.still_allowed(public(friend), "127.0.0.1"), "nobody new comes in, and nobody is put out"
    [(what, details)] = logged
    assert what == "allowed keys unreadable" and details["file"] == listed and said in details["reason"]
    assert details["effect"] == "nobody comes in until it can be read"
    if listed.is_dir():
        listed.rmdir()
    authorized_keys(listed, friend)
    assert admission.refusal("mia", public(friend), "127.0.0.1") is None
    assert logged[1:] == [("allowed keys read again", {"file": listed})]


# --- over SSH --------------------------------------------------------------------------------------

async def test_an_unlisted_key_is_refused_under_allow_and_a_listed_one_comes_in(tmp_path, thinkers):
    friend = new_key()
    listed = authorized_keys(tmp_path / "friends", friend)
    async with served(tmp_path / "data", thinkers, allowed=listed) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await Peer.connect(server, "otto", new_key())
        mia = await Peer.connect(server, "mia", friend)
        assert (await mia.next()) == {"type": "welcome", "protocol": "ramsli-table/1", "player": "mia"}
        await mia.close()
        assert "key refused name=otto" in server.log.getvalue()


async def test_an_open_server_binds_a_name_to_the_first_key_and_refuses_it_to_any_other(tmp_path, thinkers):
    mia_key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", mia_key)
        await mia.next("welcome")
        with pytest.raises(asyncssh.PermissionDenied):
            await Peer.connect(server, "Mia", new_key())
        again = await Peer.connect(server, "mia", mia_key)
        assert (await again.next())["player"] == "mia"
        for peer in (mia, again):
            await peer.close()
    assert "the name Mia belongs to another key" in server.log.getvalue()


async def test_only_the_game_is_served_no_shell_command_forwarding_or_sftp(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers) as server:
        connection = await asyncssh.connect("127.0.0.1", server.port, username="mia", client_keys=[new_key()],
                                            known_hosts=None, agent_path=None, config=None)
        ran = await connection.run("ls /", check=False)
        assert ran.exit_status == 1 and "runs the game only" in ran.stderr
        shell = await connection.run(check=False, term_type="xterm", term_size=(80, 24))
        assert shell.stdout == "Hello mia: this test server runs no app.\r\n" and shell.exit_status == 0
        without_terminal = await connection.run(check=False)
        assert without_terminal.exit_status == 1
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.open_connection("127.0.0.1", server.port)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            async with connection.start_sftp_client():
                pass
        connection.close()
        await connection.wait_closed()


async def test_a_connection_over_the_cap_is_turned_away_at_the_door(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(per_address=1)) as server:
        first = await Peer.connect(server, "mia", new_key())
        await first.next("welcome")
        with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
            await Peer.connect(server, "zora", new_key())
        await first.close()
        await asyncio.sleep(0.05)
        assert "refused address=127.0.0.1 reason=\"1 connections from 127.0.0.1 are open already\"" in server.log.getvalue()


async def test_a_session_that_sends_nothing_for_the_idle_time_is_closed(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(idle_timeout=0.3)) as server:
        quiet = await Peer.connect(server, "mia", new_key())
        await quiet.next("welcome")
        async with asyncio.timeout(5):
            told = await quiet.process.stderr.read()
            assert await quiet.process.stdout.read() == b""
        assert told == b"Nothing came for 0.3 s: goodbye.\n"
        await quiet.close()
        assert "session ended name=mia reason=idle" in server.log.getvalue()


async def test_a_connection_that_does_not_log_in_in_time_is_closed(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(login_timeout=0.3)) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        opened = time.monotonic()
        async with asyncio.timeout(5):
            assert (await reader.readline()).startswith(b"SSH-2.0-")
            while await reader.read(4096):
                pass  # the server's key exchange offer, then nothing: it closes the connection
        assert time.monotonic() - opened >= 0.25
        writer.close()


async def test_a_connection_that_logs_in_and_asks_for_no_session_is_closed(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(login_timeout=0.3)) as server:
        idle = await asyncssh.connect("127.0.0.1", server.port, username="mia", client_keys=[new_key()],
                                      known_hosts=None, agent_path=None, config=None)
        async with asyncio.timeout(5):
            await idle.wait_closed()
        assert 'refused name=mia address=127.0.0.1 reason="no session was opened"' in server.log.getvalue()


async def connected(server, name: str, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[key], known_hosts=None,
                                  agent_path=None, config=None, connect_timeout=WAIT)


async def turned_away(connection: asyncssh.SSHClientConnection, **terminal) -> str:
    """What a session opened on ``connection`` is told, as it is refused (exit status 1)."""
    async with asyncio.timeout(WAIT):
        ran = await connection.run("json" if not terminal else None, check=False, **terminal)
    assert ran.exit_status == 1 and ran.stdout == "", ran
    return ran.stderr


async def test_one_connection_may_open_only_so_many_sessions(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(sessions_per_connection=2)) as server:
        mia = await Peer.connect(server, "mia", new_key())
        await mia.next("welcome")
        second = await mia.connection.create_process("json", encoding=None)
        assert b'"welcome"' in await second.stdout.readline()
        assert await turned_away(mia.connection) == "ramsli serve: 2 sessions are open on this connection already.\n"
        second.stdin.write_eof()
        await second.wait_closed()
        third = await mia.connection.create_process("json", encoding=None)
        assert b'"welcome"' in await third.stdout.readline(), "a session that ended leaves its place"
        await mia.close()
    assert 'refused name=mia address=127.0.0.1 reason="2 sessions are open on this connection already"' in server.log.getvalue()


async def test_one_key_may_hold_only_so_many_connections(tmp_path, thinkers):
    key = new_key()
    async with served(tmp_path / "data", thinkers, limits=Limits(connections_per_key=2)) as server:
        first, second = await Peer.connect(server, "mia", key), await Peer.connect(server, "mia", key)
        third = await connected(server, "mia", key)
        assert await turned_away(third) == "ramsli serve: mia has 2 connections open already.\n"
        async with asyncio.timeout(WAIT):
            await third.wait_closed()  # the connection turned away does not stay
        others = await Peer.connect(server, "zora", new_key())
        assert (await others.next())["player"] == "zora", "another key is counted apart"
        await first.close()
        again = await Peer.connect(server, "mia", key)
        assert (await again.next())["player"] == "mia", "a connection that closed leaves its place"
        for peer in (second, others, again):
            await peer.close()


async def an_app_that_stays(process: asyncssh.SSHServerProcess, player) -> None:
    """A full-screen session that lasts until its client goes (the door counts it)."""
    process.stdout.write(f"app of {player.name}\r\n".encode())
    await process.stdin.read()
    process.exit(0)


async def test_one_key_may_run_only_so_many_apps(tmp_path, thinkers):
    key = new_key()
    terminal = {"term_type": "xterm", "term_size": (80, 24)}
    async with served(tmp_path / "data", thinkers, limits=Limits(apps_per_key=2), interactive=an_app_that_stays) as server:
        apps = []
        for _ in range(2):
            connection = await connected(server, "mia", key)
            app = await connection.create_process(**terminal)
            assert await app.stdout.readline() == "app of mia\r\n"
            apps.append((connection, app))
        over = await connected(server, "mia", key)
        assert await turned_away(over, **terminal) == (
            "ramsli serve: mia has 2 apps open already: play on with 'ssh -T HOST json'.\r\n")
        json = await Peer.connect(server, "mia", key)
        assert (await json.next())["player"] == "mia", "a program on json takes no app"
        zora = await connected(server, "zora", new_key())
        app = await zora.create_process(**terminal)
        assert await app.stdout.readline() == "app of zora\r\n", "another key is counted apart"
        first, first_app = apps[0]
        first_app.stdin.write_eof()
        await first_app.wait_closed()
        app = await over.create_process(**terminal)
        assert await app.stdout.readline() == "app of mia\r\n", "an app that ended leaves its place"
        for connection in (first, apps[1][0], over, zora, json.connection):
            connection.close()
            await connection.wait_closed()
    assert "reason=\"mia has 2 apps open already" in server.log.getvalue()


async def test_a_client_that_offers_key_after_key_is_cut_off_and_logged_once(tmp_path, thinkers):
    listed = authorized_keys(tmp_path / "friends", new_key())
    async with served(tmp_path / "data", thinkers, allowed=listed) as server:
        strangers = [new_key() for _ in range(20)]
        with pytest.raises(asyncssh.DisconnectError, match="more than 6 keys offered"):
            await asyncssh.connect("127.0.0.1", server.port, username="otto", client_keys=strangers, known_hosts=None,
                                   agent_path=None, config=None, connect_timeout=WAIT)
        async with asyncio.timeout(WAIT):
            while "connection closed" not in server.log.getvalue():
                await asyncio.sleep(0.02)
    refused = [line for line in server.log.getvalue().splitlines() if "key refused" in line]
    assert len(refused) == 1
    what, fields = read_back(refused[0])
    assert what == "key refused" and fields["keys"] == "6" and fields["name"] == "otto"
    assert fields["key"] == strangers[0].get_fingerprint() and fields["reason"] == "its key is not in the allowed keys"


async def test_a_user_name_cannot_forge_the_fields_of_its_log_line(tmp_path, thinkers):
    forged = 'mia" address=6.6.6.6 key="SHA256:forged\\'
    key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await connected(server, forged, key)
        async with asyncio.timeout(WAIT):
            while "key refused" not in server.log.getvalue():
                await asyncio.sleep(0.02)
    [line] = [line for line in server.log.getvalue().splitlines() if "key refused" in line]
    assert read_back(line) == ("key refused", {"name": forged, "key": key.get_fingerprint(), "address": "127.0.0.1",
                                               "reason": NAME_RULE, "keys": "1"})


async def test_emptying_or_deleting_the_allowed_keys_while_serving_lets_nobody_new_in(tmp_path, thinkers):
    friend = new_key()
    listed = authorized_keys(tmp_path / "friends", friend)
    async with served(tmp_path / "data", thinkers, allowed=listed) as server:
        mia = await Peer.connect(server, "mia", friend)
        await mia.next("welcome")
        for spoil in (lambda: listed.write_text(""), listed.unlink):
            spoil()
            for _ in range(2):
                with pytest.raises(asyncssh.PermissionDenied):
                    await Peer.connect(server, "mia", friend)
        authorized_keys(listed, friend)
        back = await Peer.connect(server, "mia", friend)
        assert (await back.next())["player"] == "mia"
        for peer in (mia, back):
            await peer.close()
    said = [event for event in map(read_back, server.log.getvalue().splitlines()) if event[0].startswith("allowed keys")]
    assert [what for what, _ in said] == ["allowed keys unreadable", "allowed keys unreadable", "allowed keys read again"]
    assert "No valid entries found" in said[0][1]["reason"] and "No such file" in said[1][1]["reason"]


async def test_the_sessions_of_a_key_taken_out_of_the_allowed_keys_are_ended_and_told_why(tmp_path, thinkers):
    friend, other = new_key(), new_key()
    listed = authorized_keys(tmp_path / "friends", friend, other)
    async with served(tmp_path / "data", thinkers, allowed=listed, limits=Limits(allowed_check_every=0.05)) as server:
        mia, otto = await Peer.connect(server, "mia", friend), await Peer.connect(server, "otto", other)
        second = await mia.connection.create_process("json", encoding=None)
        for peer in (mia, otto):
            await peer.next("welcome")
        authorized_keys(listed, other)
        async with asyncio.timeout(WAIT):
            for process in (mia.process, second):
                assert await process.stderr.read() == b"ramsli serve: mia's key was taken out of the allowed keys.\n"
                assert (await process.wait()).exit_status == 1
            await mia.connection.wait_closed()
        otto.send({"op": "list"})
        assert (await otto.next("tables"))["tables"] == [], "a key still listed stays"
        await otto.close()
    said = [fields for what, fields in map(read_back, server.log.getvalue().splitlines()) if what == "disconnected"]
    assert said == [{"name": "mia", "address": "127.0.0.1", "reason": "mia's key was taken out of the allowed keys"}]


# --- with the real OpenSSH client -----------------------------------------------------------------

async def openssh(server, tmp_path, *arguments: str) -> tuple[int, str]:
    """The exit status of ``ssh`` (BatchMode, no keys of this machine's) and what it wrote on stderr."""
    ssh = await asyncio.create_subprocess_exec(
        "ssh", "-F", "/dev/null", "-p", str(server.port), "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", f"UserKnownHostsFile={tmp_path / 'known_hosts'}", "-o", "IdentitiesOnly=yes", *arguments,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    async with asyncio.timeout(15):
        _, err = await ssh.communicate()
    return ssh.returncode, err.decode(errors="replace")


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client (ssh) is not installed")
@pytest.mark.parametrize("limits, reason", [
    (Limits(per_address=1), "1 connections from 127.0.0.1 are open already"),
    (Limits(overall=1), "the server has 1 connections open, as many as it takes")])
async def test_the_openssh_client_turned_away_at_the_door_shows_why(tmp_path, thinkers, limits, reason):
    async with served(tmp_path / "data", thinkers, limits=limits) as server:
        first = await Peer.connect(server, "mia", new_key())
        await first.next("welcome")
        status, said = await openssh(server, tmp_path, "zora@127.0.0.1", "json")
        await first.close()
    assert status == 255
    assert f"ramsli serve: {reason}." in said.splitlines(), said
    assert "invalid" not in said


async def test_a_connection_turned_away_that_never_logs_in_is_dropped_soon(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, limits=Limits(per_address=0, turned_away_time=0.3)) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        async with asyncio.timeout(WAIT):  # well within the login time-out of 30 s
            assert (await reader.readline()).startswith(b"SSH-2.0-")
            while await reader.read(4096):
                pass
        writer.close()
