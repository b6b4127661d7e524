"""``ramsli serve --web`` without a browser: the one-time login link (single use, expiry,
forged, the cookie's flags), ``/`` and ``/ws`` refused without the cookie or from
another page's Origin, a websocket client whose frames fed to pyte show the lobby with
the person's name and take their keys, a person in a tab and one over SSH at one table
with a third in a tab watching and hearing its talk,
a tab closed ending its app in a stated time even when the app hangs, the app limits,
the per-address counts, a key taken out of the allowed keys, the server's stop, and a
page that holds nothing from elsewhere."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import signal
from contextlib import asynccontextmanager

import aiohttp
import asyncssh
import pytest

from ramsli_tui.languages.choice import languages_accepted
from ramsli_tui.net.door import Limits
from ramsli_tui.net.hub import Player, Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.server import Server
from ramsli_tui.net.sessions import END_WAIT
from ramsli_tui.net.store import ServerFolder
from ramsli_tui.net.web import (COOKIE, LINK_VALID, SESSION_HOURS, LoginLinks, envelope_of, origin_of,
                                web_address)

from tests.net.kit import QUICK, WAIT, authorized_keys, new_key
from tests.net.test_sessions import Shown, Terminal, gone, served_apps
from tests.net.test_spares import pid_of, pool_of, started_line


# --- the links, alone --------------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


MIA = Player("mia", "SHA256:mia")


def test_a_link_logs_in_once_and_a_second_use_is_told_so():
    links = LoginLinks(Clock())
    token = links.make(MIA, new_key())
    visitor = links.use(token)
    assert visitor.player == MIA and links.visitor(visitor.cookie) is visitor
    assert links.use(token) == "This link has been used already."
    assert links.visitor("a cookie never given") is None and links.visitor(None) is None


def test_a_link_older_than_a_minute_is_late_and_one_never_given_is_forged():
    clock = Clock()
    links = LoginLinks(clock)
    token = links.make(MIA, new_key())
    clock.now += LINK_VALID + 0.1
    assert links.use(token) == "This link is more than a minute old."
    assert links.use(token) == "This link has been used already.", "late once, then spent"
    assert links.use(token[:-1] + ("A" if token[-1] != "A" else "B")) == "This link was never given by this server."


def test_a_browser_stays_logged_in_for_the_hours_of_an_evening_then_not():
    clock = Clock()
    links = LoginLinks(clock)
    visitor = links.use(links.make(MIA, new_key()))
    clock.now += SESSION_HOURS * 3600 - 1
    assert links.visitor(visitor.cookie) is visitor
    clock.now += 2
    assert links.visitor(visitor.cookie) is None


def test_two_links_are_never_the_same_and_old_ones_are_forgotten():
    clock = Clock()
    links = LoginLinks(clock)
    tokens = {links.make(MIA, new_key()) for _ in range(50)}
    assert len(tokens) == 50 and all(len(token) >= 40 for token in tokens)
    clock.now += 3600
    links.make(MIA, new_key())
    assert len(links.links) == 1


def test_a_browsers_languages_are_read_most_wanted_first():
    assert languages_accepted("de-AT,fr;q=0.9,en;q=0.8") == ["de-AT", "fr", "en"]
    assert languages_accepted("en;q=0.5, es") == ["es", "en"]
    assert languages_accepted("fr;q=0, *;q=0.1, es;q=nonsense, de") == ["de"]
    assert languages_accepted("") == []


def test_the_web_address_and_its_origin():
    assert web_address("127.0.0.1", 8080, None) == "http://127.0.0.1:8080"
    assert web_address("::1", 8080, None) == "http://[::1]:8080"
    assert web_address("127.0.0.1", 8080, "https://cards.example.org/") == "https://cards.example.org"
    assert origin_of("https://cards.example.org:443") == "https://cards.example.org"
    assert origin_of("http://[::1]:8080") == "http://[::1]:8080"


def test_a_tabs_message_that_is_not_what_the_page_sends_is_nothing():
    assert envelope_of('["stdin", "q"]') == ("stdin", "q")
    assert envelope_of('["blur"]') == ("blur", None)
    for garbage in ("", "[]", "{}", "nonsense", '[1, 2]', '"stdin"', "[" * 10000):
        assert envelope_of(garbage) == (None, None)


# --- a served server -------------------------------------------------------------------------


@asynccontextmanager
async def served_web(data, thinkers, limits: Limits = Limits(), max_apps: int = 50, public_url: str | None = None,
                     allowed=None, spare_apps: int = 0, policy: Policy = QUICK):
    """A server with the app over SSH and the web, on free ports of 127.0.0.1; any key
    comes in unless ``allowed`` names an authorized_keys file."""
    async with served_apps(data, thinkers, limits, spare_apps=spare_apps, allowed=allowed, policy=policy,
                           max_apps=max_apps, public_url=public_url) as server:
        await server.start_web("127.0.0.1", 0)
        server.origin = f"http://127.0.0.1:{server.web_port}"
        yield server


async def asked_over_ssh(server, name: str, command: str = "web", key=None):
    """What ``ssh -T NAME@HOST command`` gets: its exit status and output."""
    async with asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[key or new_key()],
                                known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT) as connection:
        return await connection.run(command, encoding="utf-8", timeout=WAIT)


async def link_for(server, name: str, key=None) -> str:
    ran = await asked_over_ssh(server, name, key=key)
    assert ran.exit_status == 0, ran.stderr
    first, link = ran.stdout.splitlines()
    assert first == "Open this link in your browser within a minute; it works once:"
    return link


def browser(**headers) -> aiohttp.ClientSession:
    """A browser of the tests': it keeps the cookies of a numeric address too."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), headers=headers)


class Tab(Shown):
    """A browser's tab at the server: its websocket, what it shows kept on a pyte screen."""

    def __init__(self, websocket, width: int, height: int):
        super().__init__(width, height)
        self.websocket = websocket
        self.texts: list = []
        self.reading = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server, session: aiohttp.ClientSession, width: int = 100, height: int = 30,
                   origin: str | None = None) -> Tab:
        websocket = await session.ws_connect(f"{server.origin}/ws?width={width}&height={height}",
                                             origin=origin or server.origin)
        return cls(websocket, width, height)

    async def _read(self) -> None:
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(json.loads(message.data))

    async def send(self, *envelope) -> None:
        await self.websocket.send_str(json.dumps(list(envelope)))

    async def press(self, keys: str) -> None:
        await self.send("stdin", keys)

    async def closed(self) -> None:
        async with asyncio.timeout(WAIT):
            await self.reading


async def logged_in(server, name: str, key=None, **headers) -> aiohttp.ClientSession:
    session = browser(**headers)
    async with session.get(await link_for(server, name, key)) as response:
        assert response.status == 200
    return session


async def until_gone(pid: int, seconds: float = WAIT) -> bool:
    """Whether the process ``pid`` is gone within ``seconds`` (reaped: the fork server
    waits for its children as they end)."""
    for _ in range(int(seconds / 0.05)):
        if gone(pid):
            return True
        await asyncio.sleep(0.05)
    return gone(pid)


def app_pids(server) -> list[int]:
    return [int(pid) for pid in re.findall(r"app started name=\S+ pid=(\d+) face=web", server.log.getvalue())]


async def test_ssh_web_gives_a_link_whose_cookie_is_httponly_and_strict_and_that_works_once(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        link = await link_for(server, "mia")
        assert link.startswith(f"{server.origin}/login/")
        async with browser() as session:
            async with session.get(link, allow_redirects=False) as response:
                assert response.status == 200
                cookie = response.headers["Set-Cookie"]
                assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
                assert "Secure" not in cookie, "an http address: the browser would never send it back"
                assert 'http-equiv="refresh" content="0; url=/"' in await response.text()
                assert response.headers["Referrer-Policy"] == "no-referrer"
        async with browser() as other:
            async with other.get(link) as again:
                assert again.status == 403 and "This link has been used already." in await again.text()
            async with other.get(f"{server.origin}/login/forged") as forged:
                assert forged.status == 403 and "never given by this server" in await forged.text()
        async with browser() as session:
            session.cookie_jar.update_cookies({COOKIE: cookie.split(";")[0].split("=", 1)[1]})
            async with session.get(link, allow_redirects=False) as again:
                assert again.status == 303 and again.headers["Location"] == "/", "its own link again: to the lobby"
        async with await logged_in(server, "otto") as other_session:
            async with other_session.get(link, allow_redirects=False) as stolen:
                assert stolen.status == 403, "mia's link, used by another browser: said to be used, whoever asks"
        assert "web login name=mia" in server.log.getvalue()


async def test_behind_an_https_proxy_the_cookie_is_secure_and_the_links_name_the_public_address(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers, public_url="https://cards.example.org") as server:
        link = await link_for(server, "mia")
        assert link.startswith("https://cards.example.org/login/")
        async with browser() as session:
            async with session.get(f"{server.origin}{link.removeprefix('https://cards.example.org')}") as response:
                assert response.status == 200 and "Secure" in response.headers["Set-Cookie"]


async def test_a_server_without_web_says_so_to_ssh_web(tmp_path, thinkers):
    log = io.StringIO()
    server = Server(ServerFolder(tmp_path / "data"), None, thinkers, policy=QUICK, journal=Journal(log))
    await server.start("127.0.0.1", 0)
    try:
        ran = await asked_over_ssh(server, "mia")
        assert ran.exit_status == 1
        assert "this server has no web address: its operator may start it with --web" in ran.stderr
    finally:
        await server.stop()


async def test_the_page_and_the_tab_are_refused_without_the_cookie_or_from_another_address(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with browser() as stranger:
            async with stranger.get(f"{server.origin}/") as page:
                assert page.status == 403 and "has not logged in here" in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await stranger.ws_connect(f"{server.origin}/ws", origin=server.origin)
            assert refused.value.status == 403
        async with await logged_in(server, "mia") as mia:
            async with mia.get(f"{server.origin}/") as page:
                assert page.status == 200 and "<title>ramsli</title>" in await page.text()
            for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await mia.ws_connect(f"{server.origin}/ws", origin=origin)
                assert refused.value.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await mia.ws_connect(f"{server.origin}/ws")  # no Origin at all: no browser's page
        assert "a page from another address may not open a session here" in server.log.getvalue()
        assert not app_pids(server)


async def test_the_page_holds_nothing_from_elsewhere(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia:
            async with mia.get(f"{server.origin}/") as page:
                text = await page.text()
                policy = page.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
            addresses = re.findall(r'(?<![\w-])(?:href|src)="([^"]+)"', text)
            assert addresses and all(address.startswith("/") for address in addresses)
            assert f'data-session-websocket-url="ws://127.0.0.1:{server.web_port}/ws"' in text
            for address in addresses + ["/ramsli/ramsli.css"]:
                async with mia.get(f"{server.origin}{address}") as served_file:
                    assert served_file.status == 200, address
                    if address.endswith(".css"):
                        css = await served_file.text()
                        assert "http" not in re.sub(r"/\*.*?\*/", "", css, flags=re.S), address


async def test_a_tab_shows_the_lobby_with_the_persons_name_and_takes_their_keys_and_its_size(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia:
            tab = await Tab.open(server, mia)
            await tab.until_shown("you are mia")
            await tab.until_shown("There is no table yet")
            await tab.press("n")
            await tab.until_shown("Computer players")
            await tab.send("ping", "12345")
            for _ in range(100):
                if ["pong", "12345"] in tab.texts:
                    break
                await asyncio.sleep(0.05)
            assert ["pong", "12345"] in tab.texts
            tab.screen.resize(30, 120)
            await tab.send("resize", {"width": 120, "height": 30})
            await tab.until_shown("esc Cancel")
            assert "size=100x30" in server.log.getvalue() and "face=web" in server.log.getvalue()
            await tab.websocket.close()


async def test_a_person_in_a_tab_and_one_over_ssh_sit_at_one_table_and_one_in_a_tab_watches_and_hears(
        tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia, await logged_in(server, "otto") as otto:
            tab = await Tab.open(server, mia)
            await tab.until_shown("There is no table yet")
            await tab.press("n")
            await tab.until_shown("Computer players")
            await tab.press("\r")  # four seats, two computer players
            await tab.until_shown("(open)")
            zora = await Terminal.open(server, "zora")
            await zora.until_shown("mia, (open)")
            zora.press("j")
            await zora.until_shown("mia")
            await tab.until_shown("zora")
            watching = await Tab.open(server, otto)
            await watching.until_shown("mia, zora")
            await watching.press("w")
            await watching.until_shown("Watching:")
            zora.press("c")
            await zora.until_shown("Say to the table")
            zora.press("good luck all\r")
            for screen in (tab, watching, zora):
                await screen.until_shown("good luck all")
            await zora.close()
            for each in (tab, watching):
                await each.websocket.close()


async def test_a_tab_closed_ends_its_app_in_a_stated_time_even_when_the_app_hangs(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia:
            tab = await Tab.open(server, mia)
            await tab.until_shown("you are mia")
            [pid] = app_pids(server)
            os.kill(pid, signal.SIGSTOP)  # it hears nothing now, SIGTERM included
            await tab.websocket.close()
            assert await until_gone(pid, END_WAIT + 5)  # END_WAIT to go, then SIGKILL: a few seconds at most
            assert not server.apps.running
            assert "app ended name=mia" in server.log.getvalue()


async def test_a_tab_past_the_servers_apps_is_told_and_past_its_keys_apps_is_refused(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers, max_apps=1) as server:
        async with await logged_in(server, "mia") as mia:
            first = await Tab.open(server, mia)
            await first.until_shown("you are mia")
            async with await logged_in(server, "zora") as zora:
                second = await Tab.open(server, zora)
                await second.closed()
                assert "The server runs 1 apps, as many as it can" in second.text
    async with served_web(tmp_path / "data2", thinkers, limits=Limits(apps_per_key=1)) as server:
        async with await logged_in(server, "mia") as mia:
            first = await Tab.open(server, mia)
            await first.until_shown("you are mia")
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await Tab.open(server, mia)
            assert refused.value.status == 403
            assert "mia has 1 apps open already" in server.log.getvalue()


async def test_the_server_stopping_tells_every_tab_and_ends_its_app(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia:
            tab = await Tab.open(server, mia)
            await tab.until_shown("you are mia")
            [pid] = app_pids(server)
            await server.apps.close()  # what SIGTERM does first (net/server.py's stop)
            await tab.closed()
            assert "ramsli serve is stopping; your tables are saved" in tab.text
            assert await until_gone(pid)


async def test_the_tabs_of_a_key_taken_out_of_the_allowed_keys_are_ended_and_told_why(tmp_path, thinkers):
    friend, other = new_key(), new_key()
    listed = authorized_keys(tmp_path / "friends", friend, other)
    async with served_web(tmp_path / "data", thinkers, limits=Limits(allowed_check_every=0.05),
                          allowed=listed) as server:
        async with await logged_in(server, "mia", friend) as mia, await logged_in(server, "otto", other) as otto:
            mias, ottos = await Tab.open(server, mia), await Tab.open(server, otto)
            for tab in (mias, ottos):
                await tab.until_shown("There is no table yet")
            mias_app, _ = app_pids(server)
            authorized_keys(listed, other)
            await mias.closed()
            assert "ramsli serve: mia's key was taken out of the allowed keys." in mias.text
            assert await until_gone(mias_app)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await Tab.open(server, mia)
            assert refused.value.status == 403, "nor does the cookie open another"
            await ottos.press("n")
            await ottos.until_shown("Computer players")  # a key still listed stays
            await ottos.websocket.close()
        assert "disconnected name=mia address=127.0.0.1 reason=" in server.log.getvalue()


async def test_a_tab_put_out_while_its_person_types_is_ended_and_the_watch_goes_on(tmp_path, thinkers):
    friend, other = new_key(), new_key()
    listed = authorized_keys(tmp_path / "friends", friend, other)
    # A person's pace of 64 bytes a second: after each 64 keys the tab's key loop waits a
    # second, outside its wait for the next message, where the watch finds it.
    limits = Limits(allowed_check_every=0.05, typed_per_second=64)
    async with served_web(tmp_path / "data", thinkers, limits=limits, allowed=listed) as server:
        async with await logged_in(server, "mia", friend) as mia, await logged_in(server, "otto", other) as otto:
            mias, ottos = await Tab.open(server, mia), await Tab.open(server, otto)
            for tab in (mias, ottos):
                await tab.until_shown("There is no table yet")

            async def typing(tab: Tab) -> None:  # keys the lobby ignores, without a pause
                with contextlib.suppress(aiohttp.ClientError, ConnectionError):
                    while not tab.websocket.closed:
                        await tab.press("x" * 64)
                        await asyncio.sleep(0)

            typists = [asyncio.create_task(typing(tab)) for tab in (mias, ottos)]
            authorized_keys(listed, other)
            await mias.closed()
            assert "mia's key was taken out of the allowed keys" in mias.text
            assert not server.door.watching.done(), "the watch goes on"
            authorized_keys(listed, new_key())
            await ottos.closed()
            assert "otto's key was taken out of the allowed keys" in ottos.text
            await asyncio.sleep(0.2)  # a few more rounds of the watch
            assert not server.door.watching.done(), "the watch goes on, whenever a tab was put out"
            for typist in typists:
                typist.cancel()


async def test_logging_in_and_opening_the_tab_cost_one_of_the_addresss_logins_and_one_of_its_tabs(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers, limits=Limits(connections_per_minute=1)) as server:
        async with await logged_in(server, "mia") as mia:
            tab = await Tab.open(server, mia)
            await tab.until_shown("you are mia")
            async with mia.get(f"{server.origin}/login/forged") as second_login:
                assert second_login.status == 429 and "more than 1 connections a minute" in await second_login.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as second_tab:
                await Tab.open(server, mia)
            assert second_tab.value.status == 429
            await tab.websocket.close()


async def test_a_spare_made_for_tabs_serves_the_next_tab_with_its_persons_name_and_size(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers, spare_apps=1) as server:
        async with await logged_in(server, "mia") as mia:
            first = await Tab.open(server, mia)
            await first.until_shown("you are mia")
            [made] = await pool_of(server, 1)
            assert "spare=no" in started_line(server, "mia")
            async with await logged_in(server, "zoe") as zoe:
                second = await Tab.open(server, zoe, width=120, height=36)
                await second.until_shown("you are zoe")
                assert "spare=yes" in started_line(server, "zoe") and pid_of(server, "zoe") == made
                assert "size=120x36" in started_line(server, "zoe")
                await second.until_shown("New table")
                assert "you are mia" not in second.text
                assert max(map(len, second.text.rstrip().splitlines())) > 100, "laid out for the tab's 120 columns"
                await second.press("n")
                await second.until_shown("Computer players")
                await second.websocket.close()
            await first.websocket.close()


async def test_a_tab_speaks_the_browsers_language(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia", **{"Accept-Language": "fr-FR,fr;q=0.9"}) as mia:
            tab = await Tab.open(server, mia)
            await tab.until_shown("mia")
            assert "language=fr" in server.log.getvalue()
            await tab.websocket.close()


async def test_cookies_of_one_person_never_seat_another(tmp_path, thinkers):
    async with served_web(tmp_path / "data", thinkers) as server:
        async with await logged_in(server, "mia") as mia:
            cookie = next(c.value for c in mia.cookie_jar if c.key == COOKIE)
        async with browser() as other:
            other.cookie_jar.update_cookies({COOKIE: cookie[:-2] + "xx"})
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await other.ws_connect(f"{server.origin}/ws", origin=server.origin)
