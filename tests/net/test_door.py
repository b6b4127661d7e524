"""The SSH front door: keys only, names bound once a key is proven, the allowed keys
alone under --allow, only the game served, and the limits on connections."""

from __future__ import annotations

import asyncio
import os
import time

import asyncssh
import pytest

from ramsli_tui.net.door import Admission, Gate, Limits, Visit
from ramsli_tui.net.store import NameBook

from tests.net.kit import Peer, authorized_keys, new_key, served


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


# --- names and keys -----------------------------------------------------------------------------

def public(key: asyncssh.SSHKey) -> asyncssh.SSHKey:
    """A key as a server is shown it: its public half."""
    return key.convert_to_public()


class Connection:
    """What a Visit needs of its asyncssh connection."""

    def __init__(self):
        self.banners, self.extra, self.closed = [], {}, False

    def get_extra_info(self, name, default=None):
        return ("127.0.0.1", 5555) if name == "peername" else default

    def send_auth_banner(self, text):
        self.banners.append(text)

    def set_extra_info(self, **values):
        self.extra.update(values)

    def close(self):
        self.closed = True


class Door:
    def __init__(self, admission):
        self.admission = admission
        self.limits = Limits()
        self.gate = Gate(self.limits)
        self.journal = lambda what, **details: None


def visit(admission) -> tuple[Visit, Connection]:
    door_visit = Visit(Door(admission))
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


@pytest.mark.parametrize("name", ["", "-dash", "a b", "x" * 25, "zoë", "../etc"])
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
