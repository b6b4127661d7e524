"""Each person's app speaks their language (issue 21, item 5): the one they chose last on
that server (kept by name in ``languages.json``; the app tells the hub with the link's
``language`` request), else the one their ``ssh`` sent (``LANG``, ``LC_*``), else the
server's default (``ramsli serve --lang``).  The app is given it as ``LANGUAGE``, and the
log's ``app started`` line names it."""

from __future__ import annotations

import asyncio
import io
from contextlib import asynccontextmanager
import json
import socket

import asyncssh
import pytest

from ramsli_tui.net.app_client import HubLink, RemoteLobby, serve_app
from ramsli_tui.net.hub import HubRefusal, Player
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.server import Server
from ramsli_tui.net.sessions import app_environment, session_language
from ramsli_tui.net.store import LanguageBook, ServerFolder

from tests.net.kit import QUICK, WAIT, new_key
from tests.net.test_hub import new_hub, until
from tests.net.test_sessions import FakeSession, served_apps


def logged(lines: list) -> Journal:
    """A journal that keeps each line as (what, details)."""
    class Kept(Journal):
        def __call__(self, what, **details):
            lines.append((what, details))
    return Kept()


@pytest.mark.parametrize("last, sent, default, spoken", [
    ("fr", {"LANG": "de_DE.UTF-8"}, "es", "fr"),  # the last choice first
    (None, {"LANG": "de_DE.UTF-8"}, "es", "de"),  # then what ssh sent
    (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "es", "de"),  # C names no language: the next one speaks
    (None, {"LANG": "C.UTF-8"}, "es", "es"),  # what a bare system sends: the server's default
    (None, {"LC_ALL": "POSIX"}, "fr", "fr"),
    (None, {"LANGUAGE": "nl:fr", "LANG": "de_DE.UTF-8"}, "es", "fr"),
    (None, {"LANG": "nl_NL.UTF-8"}, "es", "es"),  # then the server's default
    (None, {}, "es", "es"),
    (None, {b"LANG": b"fr_FR.UTF-8"}, "en", "fr"),  # asyncssh's bytes, where it could not decode
])
def test_the_language_of_a_session(last, sent, default, spoken):
    session = FakeSession(sent)
    assert session_language(session, last, default) == spoken
    assert app_environment(session, __import__("pathlib").Path("/tmp"), spoken)["LANGUAGE"] == spoken


def test_a_choice_is_kept_by_name_atomically_and_read_again(tmp_path):
    lines: list = []
    book = LanguageBook(tmp_path / "languages.json", logged(lines))
    assert book.language_of("Zoë") is None
    book.choose("Zoë", "de")
    book.choose("mia", "fr")
    again = LanguageBook(tmp_path / "languages.json", logged(lines))
    assert (again.language_of("Zoë"), again.language_of("mia")) == ("de", "fr") and lines == []
    assert json.loads((tmp_path / "languages.json").read_text(encoding="utf-8"))["format"] == "ramsli-served-languages/1"
    with pytest.raises(ValueError):
        book.choose("mia", "nl")


@pytest.mark.parametrize("text", ["{not json", "[]", '{"format": "other/1"}', '{"format": "ramsli-served-languages/1"}',
                                  b"\xff\xfe"])
def test_a_languages_file_that_cannot_be_read_is_one_log_line_and_no_choice(tmp_path, text):
    path = tmp_path / "languages.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    lines: list = []
    book = LanguageBook(path, logged(lines))
    assert book.chosen == {} and [what for what, _ in lines] == ["languages unreadable"]


def test_an_entry_that_is_not_a_language_is_left_out_with_a_log_line(tmp_path):
    path = tmp_path / "languages.json"
    path.write_text(json.dumps({"format": "ramsli-served-languages/1",
                                "languages": {"mia": "fr", "otto": "klingon", "zora": 3}}))
    lines: list = []
    book = LanguageBook(path, logged(lines))
    assert book.chosen == {"mia": "fr"}
    assert sorted(details["name"] for what, details in lines if what == "language ignored") == ["otto", "zora"]


@asynccontextmanager
async def mias_app_at_a_hub(tmp_path, thinkers, lines: list, **books):
    """Mia's app's lobby and link to a hub of its own that keeps her choices in ``books``
    (serve_app's ``languages``, ``settings``), its journal's lines kept in ``lines``."""
    hub = new_hub(tmp_path, thinkers)
    path = str(tmp_path / "hub.sock")
    mia = Player("mia", "SHA256:mia-key")
    listening = await asyncio.start_unix_server(
        lambda reader, writer: serve_app(hub, mia, reader, writer, logged(lines), **books), path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    link = await asyncio.to_thread(HubLink, sock)
    try:
        lobby = RemoteLobby(link)
        await lobby.tables()  # the link listens from the first request on
        yield lobby, link
    finally:
        link.close()
        listening.close()
        await hub.stop()


async def test_the_app_tells_the_hub_a_new_choice_and_the_hub_keeps_it(tmp_path, thinkers):
    lines: list = []
    book = LanguageBook(tmp_path / "languages.json", logged(lines))
    async with mias_app_at_a_hub(tmp_path, thinkers, lines, languages=book) as (lobby, link):
        lobby.language_chosen("de")
        await until(lambda: book.language_of("mia") == "de", what="the choice kept")
        assert LanguageBook(tmp_path / "languages.json", logged(lines)).language_of("mia") == "de"
        assert ("language chosen", {"name": "mia", "language": "de"}) in lines
        with pytest.raises(HubRefusal, match="'nl' is not the code of a language ramsli speaks"):
            await link.request("language", code="nl")
        lobby.language_chosen(None)  # as the system says: what their ssh sends, from now on
        await until(lambda: book.language_of("mia") is None, what="the choice forgotten")
        assert LanguageBook(tmp_path / "languages.json", logged(lines)).language_of("mia") is None


async def app_started_language(server, name: str, env: dict[str, str]) -> str:
    """The language the log says the app of ``name`` was started in, their ssh sending ``env``."""
    connection = await asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[new_key()],
                                        known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
    try:
        await connection.create_process(term_type="xterm-256color", term_size=(100, 30), env=env, encoding=None)
        for _ in range(int(WAIT / 0.05)):
            started = [line for line in server.log.getvalue().splitlines() if " app started " in line
                       and f"name={name} " in line]
            if started:
                return started[0].rsplit("language=", 1)[1].split()[0]
            await asyncio.sleep(0.05)
        raise AssertionError(f"no app started for {name}")
    finally:
        connection.close()
        await connection.wait_closed()


async def test_over_ssh_the_app_speaks_the_last_choice_else_what_ssh_sent_else_the_servers_default(tmp_path, thinkers):
    data = tmp_path / "data"
    data.mkdir()
    (data / "languages.json").write_text(json.dumps({"format": "ramsli-served-languages/1", "languages": {"mia": "fr"}}))
    async with served_apps(data, thinkers, default_language="es") as server:
        assert await app_started_language(server, "mia", {"LANG": "de_DE.UTF-8"}) == "fr"
        assert await app_started_language(server, "otto", {"LANG": "de_AT.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"}) == "de"
        assert await app_started_language(server, "zora", {}) == "es"


async def test_a_refusal_of_the_hub_reaches_the_person_in_the_language_their_ssh_sent(tmp_path, thinkers):
    from tests.net.kit import Peer
    from tests.net.test_sessions import Terminal

    async with served_apps(tmp_path / "data", thinkers, default_language="en") as server:
        otto = await Peer.connect(server, "otto", new_key())
        await otto.next("welcome")
        otto.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 4, "bots": ["normal"]})
        await otto.next("seated")
        connection = await asyncssh.connect("127.0.0.1", server.port, username="mia", client_keys=[new_key()],
                                            known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
        process = await connection.create_process(term_type="xterm-256color", term_size=(120, 30),
                                                  env={"LANG": "fr_FR.UTF-8"}, encoding=None)
        mia = Terminal(connection, process, 120, 30)
        try:
            await mia.until_shown("classic")  # otto's table, in the lobby
            mia.press("w")  # watch a table that has not started
            await mia.until_shown("pas encore commencé")
        finally:
            await mia.close()
            await otto.close()
    assert "language=fr" in server.log.getvalue()


async def test_what_the_server_tells_a_session_as_its_app_ends_is_in_the_sessions_language(tmp_path, thinkers):
    from tests.net.test_sessions import Terminal

    async with served_apps(tmp_path / "data", thinkers, default_language="de") as server:
        mia = await Terminal.open(server, "mia")  # its ssh sends no LANG: the server's default
        try:
            await mia.until_shown("mia")
            await server.apps.close()
            await mia.until_shown("ramsli serve hält an; deine Tische sind gespeichert")
        finally:
            await mia.close()


async def test_a_key_turned_away_is_told_in_the_servers_default_and_a_session_in_its_own_language(tmp_path, thinkers):
    from tests.net.kit import Peer
    from tests.net.test_names_in_any_script import banner_of_a_refused_login

    log = io.StringIO()
    server = Server(ServerFolder(tmp_path / "data"), None, thinkers, policy=QUICK, journal=Journal(log),
                    default_language="de")
    server.log = log
    await server.start("127.0.0.1", 0)
    try:
        paul = await Peer.connect(server, "Paul", new_key())
        await paul.next("welcome")
        assert "ramsli serve: der Name paul gehört einem anderen Schlüssel." in await banner_of_a_refused_login(
            server, "paul")
        ran = await paul.connection.run("ls", env={"LANG": "es_ES.UTF-8"}, check=False)
        assert ran.exit_status == 1 and ran.stderr.startswith("ramsli serve solo sirve el juego")
        await paul.close()
    finally:
        await server.stop()
    assert 'reason="the name paul belongs to another key"' in log.getvalue(), "the log stays English"
