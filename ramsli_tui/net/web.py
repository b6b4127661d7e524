"""A seat from the browser: ``ramsli serve --web``, the same app and the same tables in a
tab, the SSH key as identity.

- **The link.**  ``ssh -T HOST web`` (net/door.py) asks ``LoginLinks`` for a link to the
  server's web address: a random token, good once, for ``LINK_VALID`` seconds, bound to
  the name and the key that logged in.  Opening it sets a session cookie (HttpOnly,
  SameSite=Strict, Secure where the address is https) and goes to the lobby; a link
  used twice, late or never given gets a page that says which.  No password is ever
  asked or kept.  A session lasts ``SESSION_HOURS`` hours, or until the server stops.
- **The page** (``web_page/`` beside this file) is ramsli's own: it shows xterm.js with
  textual-serve's script and the Roboto Mono font that comes with it, every file served
  from here (nothing from elsewhere, which the page's Content-Security-Policy also says).
- **The tab's app.**  ``/ws`` (the cookie's, and only from a page of the server's own
  address: another site's page is refused by its Origin) gets an app from the same
  fork server as the SSH sessions (net/sessions.py's ``AppSessions``, so the same
  ``--max-apps``, idle time-out and per-key limit hold), drawn by Textual's web driver
  on a unix socket instead of a PTY.  ``WebFace`` carries the packets of textual-serve's
  framing between the socket and the websocket: the app's output to the tab, what the
  tab types, its size, its focus.  When the tab closes, the app is ended (SIGTERM, and
  SIGKILL if it has not gone a few seconds later); the person's seat waits for them
  as it does when an SSH session ends.
- **Addresses.**  The page's links are made from one address, the ``--public-url`` given
  for a reverse proxy or else ``http://HOST:PORT`` as listened on.  Behind a proxy on
  this machine (a connection from a loopback address, with ``--public-url``), a request's
  address is the last one its ``X-Forwarded-For`` names, so that the per-address limits
  of net/door.py's ``Gate`` count people, not the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import json
import os
import secrets
import socket
import string
import time
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import asyncssh
from aiohttp import WSMsgType, web

from ..languages import N_, translations
from ..languages.choice import choose_language, languages_accepted
from .door import NOT_LISTED, Door, Gate, Limits, banner, uncount
from .forks import folder_environment
from .hub import Player
from .journal import Journal
from .sessions import IDLE_END, MAX_HEIGHT, MAX_WIDTH, RESTORE, AppSessions, TypingPace
from .store import LanguageBook
from ..languages.words import Words

LINK_VALID = 60.0  # seconds a login link may wait to be opened
LINKS_KEPT = 600.0  # seconds a link is remembered, used or late, to say so
MOST_LINKS = 10_000  # links remembered at once; past it the oldest are forgotten
SESSION_HOURS = 12  # how long a browser stays logged in
COOKIE = "ramsli"
PACKET_MOST = 16 << 20  # the largest packet an app may send (a whole screen is far less)
MESSAGE_MOST = 64 << 10  # the largest message a tab may send
CLOSED_WAIT = 5.0  # seconds a tab's websocket has to close once its app has ended
OWN_FILES = files(__package__).joinpath("web_page")  # the page and its stylesheet
PAGE = string.Template(OWN_FILES.joinpath("page.html").read_text(encoding="utf-8"))
SCRIPTS = files("textual_serve").joinpath("static")  # textual.js, xterm.css and the Roboto Mono font
SHARED_FILES = ("/static/", "/ramsli/")  # where the script, the stylesheets and the font are
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "font-src 'self'; img-src 'self'; connect-src 'self' {websocket}; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a login link's token never leaves in a Referer
    "Cache-Control": "no-store",
}
# What a person reads in the browser, in their language.
LINK_USED = N_("This link has been used already.")
LINK_LATE = N_("This link is more than a minute old.")
LINK_UNKNOWN = N_("This link was never given by this server.")
ASK_AGAIN = N_("Ask for a new one: ssh -T HOST web")
NOT_LOGGED_IN = N_("This browser has not logged in here: ask for a link with ssh -T HOST web")
ENDED = N_("The session has ended; your seats are kept. Reload this page to come back.")
CONNECTING = N_("Connecting to the tables...")
LOGGING_IN = N_("Logging in...")
FOREIGN_PAGE = N_("a page from another address may not open a session here")
TOO_MANY_TABS = N_("{name} has {count} apps open already")


@dataclass
class Link:
    """A login link given to a player: when, and whether it has been opened."""

    player: Player
    key: asyncssh.SSHKey
    made: float
    used: bool = False
    cookie: str | None = None  # the session it opened, if it did


@dataclass
class Visitor:
    """A browser logged in: whose it is, and until when."""

    player: Player
    key: asyncssh.SSHKey
    until: float
    cookie: str


class LoginLinks:
    """The one-time login links (see the module's docstring) and the sessions they open."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.links: dict[str, Link] = {}  # by token, oldest first
        self.visitors: dict[str, Visitor] = {}  # by cookie

    def make(self, player: Player, key: asyncssh.SSHKey) -> str:
        """A new link's token for ``player``, who logged in with ``key``."""
        self._forget_old()
        token = secrets.token_urlsafe(32)
        self.links[token] = Link(player, key, self.clock())
        return token

    def use(self, token: str) -> Visitor | Words:
        """Log in with ``token``: the new visitor (its cookie is ``visitor.cookie``), or why not."""
        self._forget_old()
        link = self.links.get(token)
        if link is None:
            return Words(LINK_UNKNOWN)
        if link.used:
            return Words(LINK_USED)
        link.used = True
        if self.clock() - link.made > LINK_VALID:
            return Words(LINK_LATE)
        now = self.clock()
        for gone in [cookie for cookie, visitor in self.visitors.items() if visitor.until < now]:
            del self.visitors[gone]
        link.cookie = cookie = secrets.token_urlsafe(32)
        self.visitors[cookie] = Visitor(link.player, link.key, self.clock() + SESSION_HOURS * 3600, cookie)
        return self.visitors[cookie]

    def opened_by(self, token: str, cookie: str | None) -> bool:
        """Whether the link ``token`` opened the session ``cookie``, which still lasts: the
        same browser opening its own link again."""
        link = self.links.get(token)
        return link is not None and link.cookie is not None and link.cookie == cookie and \
            self.visitor(cookie) is not None

    def visitor(self, cookie: str | None) -> Visitor | None:
        """Who a browser with ``cookie`` is, if it is logged in."""
        visitor = self.visitors.get(cookie or "")
        if visitor is not None and visitor.until < self.clock():
            del self.visitors[cookie]
            return None
        return visitor

    def _forget_old(self) -> None:
        """Links older than ``LINKS_KEPT`` forgotten, and the oldest past ``MOST_LINKS``."""
        now = self.clock()
        for token in list(self.links):
            if now - self.links[token].made <= LINKS_KEPT and len(self.links) <= MOST_LINKS:
                break
            del self.links[token]


def web_address(host: str, port: int, public_url: str | None) -> str:
    """The address the links are made from: ``public_url`` without a trailing slash, or
    the address listened on (this machine's name where that is every address)."""
    if public_url:
        return public_url.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def origin_of(url: str) -> str:
    """What a browser sends as the Origin of a page at ``url``: scheme, host, and the port
    unless it is the scheme's own."""
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}[parts.scheme]
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


class WebDoor:
    """The web server of ``ramsli serve --web`` (aiohttp, in the hub's event loop)."""

    def __init__(self, door: Door, apps: AppSessions, links: LoginLinks, limits: Limits, journal: Journal,
                 languages: LanguageBook | None, default_language: str, public_url: str | None = None):
        self.door = door
        self.apps = apps
        self.links = links
        self.limits = limits
        self.journal = journal
        self.languages = languages
        self.default_language = default_language
        self.public_url = public_url
        self.logins = Gate(limits)  # links opened, per address: the same rate as the SSH door's
        self.tabs = Gate(limits)  # tabs opened and open, per address
        self.address = ""  # the web address, once listening
        self.origin = ""  # what a page of that address sends as its Origin
        self.websocket_origin = ""  # the same for the websocket: ws:// or wss://
        self.runner: web.AppRunner | None = None
        self.site: web.TCPSite | None = None

    # --- listening -----------------------------------------------------------------------------

    async def open(self, host: str, port: int) -> int:
        """Listen on ``host``:``port`` (0: any free port); the port."""
        application = web.Application(middlewares=[self.secured], client_max_size=MESSAGE_MOST)
        application.add_routes([
            web.get("/", self.page),
            web.get("/login/{token}", self.login),
            web.get("/ws", self.tab),
            web.static("/static", Path(str(SCRIPTS)), follow_symlinks=False),
            web.static("/ramsli", Path(str(OWN_FILES)), follow_symlinks=False),
        ])
        self.runner = web.AppRunner(application, access_log=None, handle_signals=False,
                                    shutdown_timeout=CLOSED_WAIT)
        await self.runner.setup()
        self.site = web.TCPSite(self.runner, host, port)
        await self.site.start()
        port = self.site._server.sockets[0].getsockname()[1]
        self.address = web_address(host, port, self.public_url)
        self.origin = origin_of(self.address)
        self.websocket_origin = "ws" + self.origin.removeprefix("http")
        return port

    async def stop_listening(self) -> None:
        """No new page or tab (those open are ended with their apps)."""
        if self.site is not None:
            await self.site.stop()

    async def close(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    def link_for(self, player: Player, key: asyncssh.SSHKey) -> str:
        """A login link for ``player``, who logged in with ``key``."""
        self.journal("web link", name=player.name)
        return f"{self.address}/login/{self.links.make(player, key)}"

    @web.middleware
    async def secured(self, request: web.Request, handler) -> web.StreamResponse:
        """Every answer with the page's security headers."""
        response = await handler(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value.format(websocket=self.websocket_origin))
        if request.path.startswith(SHARED_FILES):  # the same for everyone: a browser keeps them a while
            response.headers["Cache-Control"] = "max-age=3600"
        return response

    # --- who asks ------------------------------------------------------------------------------

    def address_of(self, request: web.Request) -> str:
        """The address a request comes from: its peer's, or behind a proxy on this machine
        (with ``--public-url``) the last one its ``X-Forwarded-For`` names."""
        peer = request.remote or "?"
        forwarded = request.headers.get("X-Forwarded-For", "")
        if self.public_url and forwarded and is_loopback(peer):
            return forwarded.rsplit(",", 1)[-1].strip()[:64] or peer
        return peer

    def language_of(self, request: web.Request, player: Player | None = None) -> str:
        """The person's last choice here, else their browser's, else the server's default."""
        last = self.languages.language_of(player.name) if self.languages is not None and player else None
        accepted = languages_accepted(request.headers.get("Accept-Language", ""))
        return choose_language(last, *accepted, default=self.default_language)

    # --- the routes ----------------------------------------------------------------------------

    async def login(self, request: web.Request) -> web.Response:
        address = self.address_of(request)
        language = self.language_of(request)
        refusal = self.logins.admit(address)
        if refusal is not None:
            self.journal("refused", address=address, reason=refusal, face="web")
            return notice(429, refusal.said_in(language), language)
        self.logins.left(address)
        token, cookie = request.match_info["token"], request.cookies.get(COOKIE)
        if self.links.opened_by(token, cookie):  # its own link again (a reload, a tab restored): on to the lobby
            self.journal("web link again", name=self.links.visitor(cookie).player.name, address=address)
            return web.Response(status=303, headers={"Location": "/"})
        came = self.links.use(token)
        if isinstance(came, Words):
            self.journal("refused", address=address, reason=came, face="web")
            said = translations(language).gettext
            return notice(403, f"{came.said_in(language)} {said(ASK_AGAIN)}", language)
        self.journal("web login", name=came.player.name, address=address)
        response = notice(200, translations(self.language_of(request, came.player)).gettext(LOGGING_IN), language,
                          then="/")
        response.set_cookie(COOKIE, came.cookie, max_age=SESSION_HOURS * 3600, path="/", httponly=True,
                            samesite="Strict", secure=self.origin.startswith("https:"))
        return response

    async def page(self, request: web.Request) -> web.Response:
        visitor = self.links.visitor(request.cookies.get(COOKIE))
        if visitor is None or not self.door.admission.still_allowed(visitor.key, self.address_of(request)):
            language = self.language_of(request)
            return notice(403, translations(language).gettext(NOT_LOGGED_IN), language)
        language = self.language_of(request, visitor.player)
        said = translations(language).gettext
        text = PAGE.substitute(language=language, websocket=html.escape(f"{self.websocket_origin}/ws"),
                               connecting=html.escape(said(CONNECTING)), ended=html.escape(said(ENDED)))
        return web.Response(text=text, content_type="text/html")

    async def tab(self, request: web.Request) -> web.StreamResponse:
        """A tab's websocket: its app, if the tab is logged in, from a page of ours, within the limits."""
        address = self.address_of(request)
        visitor = self.links.visitor(request.cookies.get(COOKIE))
        language = self.language_of(request, visitor.player if visitor else None)
        refusal = self.tab_refusal(request, visitor, address)
        if refusal is not None:
            self.journal("refused", name=visitor.player.name if visitor else "-", address=address, reason=refusal,
                         face="web")
            return notice(403, refusal.said_in(language), language)
        refusal = self.tabs.admit(address)
        if refusal is not None:
            self.journal("refused", name=visitor.player.name, address=address, reason=refusal, face="web")
            return notice(429, refusal.said_in(language), language)
        player = visitor.player._replace(address=address)
        websocket = web.WebSocketResponse(heartbeat=self.limits.keepalive_interval, max_msg_size=MESSAGE_MOST)
        face = WebFace(websocket, self.limits, self.journal, visitor, player, language, size_asked(request.query))
        self.door.apps[player.key] += 1
        self.door.tabs.add(face)
        try:
            await websocket.prepare(request)
            self.journal("session", name=player.name, kind="web", address=address)
            await self.apps.serve(face, player, language)
            await face.closed()
        finally:
            self.door.tabs.discard(face)
            uncount(self.door.apps, player.key)
            self.tabs.left(address)
            self.journal("session ended", name=player.name, kind="web")
        return websocket

    def tab_refusal(self, request: web.Request, visitor: Visitor | None, address: str) -> Words | None:
        """Why this tab may not have an app; None if it may."""
        if visitor is None:
            return Words(NOT_LOGGED_IN)
        if request.headers.get("Origin") != self.origin:
            return Words(FOREIGN_PAGE)
        if not self.door.admission.still_allowed(visitor.key, address):
            return Words(NOT_LISTED)
        most = self.limits.apps_per_key
        if self.door.apps[visitor.player.key] >= most:
            return Words(TOO_MANY_TABS, {"name": visitor.player.name, "count": most})
        return None


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def size_asked(query) -> tuple[int, int]:
    """The tab's size in cells, as its page asks (``?width=&height=``), within the largest an app is given."""
    def number(name: str, default: int, most: int) -> int:
        try:
            return max(1, min(int(query.get(name, default)), most))
        except ValueError:
            return default

    return number("width", 80, MAX_WIDTH), number("height", 24, MAX_HEIGHT)


def notice(status: int, said: str, language: str, then: str | None = None) -> web.Response:
    """A page of one sentence, ``said``, in ``language``; with ``then``, it goes on there."""
    going = f'<meta http-equiv="refresh" content="0; url={html.escape(then)}">' if then else ""
    text = (f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8">{going}<title>ramsli</title>'
            f'<link rel="stylesheet" href="/ramsli/ramsli.css"></head>'
            f'<body class="notice"><p>{html.escape(said)}</p></body></html>')
    return web.Response(status=status, text=text, content_type="text/html")


def packet(kind: bytes, payload: bytes) -> bytes:
    """A packet of textual-serve's framing: its kind (``D`` data, ``M`` meta), its length, itself."""
    return kind + len(payload).to_bytes(4, "big") + payload


class WebFace:
    """A browser's tab, as net/sessions.py's ``Face``: the app draws in packets on a unix
    socket, which go to the tab's websocket as it takes them in; what the tab sends
    (keys as text, its size, its focus) goes to the app as packets."""

    kind = "web"

    def __init__(self, websocket: web.WebSocketResponse, limits: Limits, journal: Journal, visitor: Visitor,
                 player: Player, language: str, size: tuple[int, int]):
        self.websocket = websocket
        self.limits = limits
        self.journal = journal
        self.key = visitor.key  # the key that asked for its link: --allow may take it out
        self.player = player
        self.language = language
        self.width, self.height = size
        self.waiting: asyncio.Timeout | None = None  # the idle time-out of the tab's keys
        self.farewell: bytes | None = None  # what the tab is told if it is put out
        self.mine: socket.socket | None = None
        self.streams: asyncio.Task | None = None  # the reader and writer of ``mine``, once open
        self.saying: asyncio.Task | None = None  # the last words to the tab, and its close

    def open(self) -> int:
        self.mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.streams = asyncio.get_running_loop().create_task(
            asyncio.open_unix_connection(sock=self.mine, limit=PACKET_MOST))
        return theirs.detach()

    def environment(self, folder: Path, language: str) -> dict[str, str]:
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LANGUAGE": language,
                "TERM": "xterm-256color", "COLORTERM": "truecolor",  # xterm.js shows every colour
                "COLUMNS": str(self.width), "ROWS": str(self.height), **folder_environment(folder)}

    def size(self) -> str:
        return f"{self.width}x{self.height}"

    async def screen(self) -> None:
        """The app's packets to the tab: its screen as it draws it; its end closes the tab's
        app.  A tab that takes nothing in for ``Limits.write_stall`` s is closed."""
        reader, _ = await self.streams
        stall = self.limits.write_stall
        try:
            await until_the_app_speaks(reader)
            while True:
                kind = await reader.readexactly(1)
                size = int.from_bytes(await reader.readexactly(4), "big")
                if size > PACKET_MOST:
                    return
                payload = await reader.readexactly(size)
                if kind == b"D":
                    async with asyncio.timeout(stall):
                        await self.websocket.send_bytes(payload)
                elif kind == b"M" and json.loads(payload).get("type") == "exit":
                    return
        except TimeoutError:
            self.journal("disconnected", name=self.player.name, reason=f"it stopped reading: nothing read for {stall:g} s")
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, OSError):
            pass  # the app has gone, or the tab

    async def keys(self) -> str:
        """What the tab sends, to the app, at a person's pace, until it goes, does nothing
        for the idle time-out, or is put out."""
        _, writer = await self.streams
        pace = TypingPace(self.limits.typed_per_second)
        while self.farewell is None:
            try:
                async with asyncio.timeout(self.limits.idle_timeout) as self.waiting:
                    message = await self.websocket.receive()
            except TimeoutError:
                return IDLE_END if self.farewell is None else "gone"
            finally:
                self.waiting = None  # put_out may reschedule it only while it waits
            if message.type != WSMsgType.TEXT:
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return "gone"
                continue
            envelope = envelope_of(message.data)
            if envelope[0] == "ping" and isinstance(envelope[1], str):
                await self.websocket.send_json(["pong", envelope[1][:32]])
                continue
            sent = self.to_the_app(*envelope)
            if sent:
                try:
                    writer.write(sent)
                    await writer.drain()
                except (ConnectionError, OSError):
                    return "gone"
                await asyncio.sleep(pace.wait_after(len(sent)))
        return "gone"  # put out

    def to_the_app(self, kind, body) -> bytes:
        """A message of the tab's page, as the app's packets (nothing for one it does not
        know, or one that is not what the page sends: the page is not trusted)."""
        if kind == "stdin" and isinstance(body, str):
            return packet(b"D", body.encode("utf-8", errors="replace"))
        if kind == "resize" and isinstance(body, dict):
            self.width, self.height = size_asked(body)
            return packet(b"M", json.dumps({"type": "resize", "width": self.width, "height": self.height}).encode())
        if kind in ("focus", "blur"):
            return packet(b"M", json.dumps({"type": kind}).encode())
        return b""

    def close(self) -> None:
        if self.streams is not None and self.streams.done() and not self.streams.exception():
            self.streams.result()[1].close()
        elif self.mine is not None:
            self.streams.cancel()
            self.mine.close()

    def put_out(self, reason: Words) -> None:
        """End the tab's app (its key was taken out of the allowed keys), telling it why."""
        self.farewell = banner(reason, self.language).encode()
        if self.waiting is not None:
            self.waiting.reschedule(asyncio.get_running_loop().time())  # its keys end now

    def refuse(self, said: bytes) -> None:
        self._say_and_close(said)

    def leave(self, said: bytes) -> None:
        said = self.farewell or said
        self._say_and_close(RESTORE + said if said else b"")

    def _say_and_close(self, said: bytes) -> None:
        async def say() -> None:
            try:
                if said:
                    await self.websocket.send_bytes(said)
                await self.websocket.close()
            except (ConnectionError, RuntimeError):
                pass  # the tab has gone

        if not self.websocket.closed:
            self.saying = asyncio.get_running_loop().create_task(say())

    async def closed(self) -> None:
        """Once the last words are said and the tab's websocket is closed."""
        if self.saying is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CLOSED_WAIT):
                    await self.saying


def envelope_of(text: str) -> tuple:
    """A message of a tab's page as its kind and body: ``["stdin", "q"]`` is ``("stdin",
    "q")``; ``(None, None)`` for anything else."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays in arrays, thousands deep
        return None, None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None, None
    return envelope[0], envelope[1] if len(envelope) > 1 else None


async def until_the_app_speaks(reader: asyncio.StreamReader) -> None:
    """Past the line Textual's web driver writes before its first packet."""
    for _ in range(10):
        line = await reader.readline()
        if not line or line == b"__GANGLION__\n":
            return
