"""The socket seam between the hub and one full-screen app process of ``ramsli serve``.

Each SSH session with a terminal runs the app in a process of its own; it talks to the
hub over a unix stream socket, through the same client seam as local play
(table/client.py).  Both ends are the server's own code, so the encoding is private
and versioned (``VERSION``): frames of a 4-byte length and a payload.  The app sends
JSON requests (``{"id": 1, "op": "act", "table": 3, "action": "KS"}``); the hub sends
pickles of what the hub hands an attendee, so the app draws views and events exactly
as in local play.  The hub never unpickles anything, and it sends each connection
only what the hub gives its seat (a spectator: public events only).

- ``serve_app`` (in the hub's process): one app connection, as a hub ``Attendee``.
- ``HubLink`` (in the app's process): the connection; requests and their answers, and
  what the hub pushes, handed to the app's event loop.
- ``SocketClient``: a ``TableClient`` for one seat (or a spectator's place) through a link.
- ``RemoteLobby``: the lobby screen's backend (ui/common/lobby.py) through a link.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import queue
import socket
import struct
import threading
from typing import Any, Callable

from ..games import game_named
from ..games.protocol import IllegalAction
from ..storage.history import KeptHand, KeptSession, Statistics
from ..table.client import TalkRefused, shown_names
from ..table.table import TableRefusal
from ..table.updates import Update, Waiting
from ..table.lobby import LobbyRefusal
from ..languages import N_, _
from ..languages.choice import language_code
from .hub import RULESETS, Hub, HubRefusal, Player, TableClosed, closed_words
from .journal import Journal
from .store import LanguageBook, SettingsBook
from ..languages.words import Words, said

VERSION = 4
HEADER = struct.Struct(">I")
MAX_REQUEST = 65536  # bytes in one request of an app; the hub's frames are not limited
HISTORY_OPS = ("leaderboard", "statistics", "series", "sessions", "hands")
ANSWER_WAIT = 10.0  # seconds the app waits for the hub to answer a request


class HubGone(ConnectionError):
    """The hub closed the socket, or did not answer in time."""


def framed(payload: bytes) -> bytes:
    return HEADER.pack(len(payload)) + payload


def packed_illegal(error: IllegalAction) -> tuple:
    """An IllegalAction as it crosses the socket (its own class, so the words are the game's)."""
    return type(error), error.args, dict(vars(error))


def unpacked_illegal(packed: tuple) -> IllegalAction:
    kind, args, fields = packed
    error = kind.__new__(kind)
    error.args = args
    vars(error).update(fields)
    return error


# --- the hub's side ---------------------------------------------------------------------------


class AppAttendee:
    """The hub's attendee for one app process."""

    reads_results = True  # the app shows each hand's result and says when it was read

    def __init__(self, hub: Hub, player: Player, writer: asyncio.StreamWriter, journal: Journal,
                 languages: LanguageBook | None = None, on_drawn: Callable[[], None] = lambda: None,
                 settings: SettingsBook | None = None):
        """``languages``, ``settings``: where the person's choice of a language and their
        settings are kept (none without them); ``on_drawn``: called when the app says it
        has drawn its first frame."""
        self.hub = hub
        self.player = player
        self.writer = writer
        self.journal = journal
        self.languages = languages
        self.settings = settings
        self.on_drawn = on_drawn

    def push(self, message: tuple) -> None:
        if not self.writer.is_closing():
            self.writer.write(framed(pickle.dumps(message)))

    def seated(self, table: int, seat: int | None) -> None:
        """The app learns its seat from the answer to its ``join``."""

    def updated(self, table: int, seat: int | None, update: Update, names: tuple[str, ...]) -> None:
        self.push(("update", table, update, names, self.hub.alone(self.player, table), self.hub.waiting(table)))

    def waiting(self, table: int, seat: int | None, waiting: Waiting) -> None:
        self.push(("waiting", table, waiting))

    def noticed(self, table: int, message: str) -> None:
        self.push(("notice", table, message))

    def said(self, table: int, name: str, text: str) -> None:
        self.push(("said", table, name, text))

    def closed(self, table: int, seat: int | None, reason: str, view, names: tuple[str, ...]) -> None:
        self.push(("closed", table, closed_words(table, reason)))

    # What the JSON protocol has no op for.

    def opening(self, number: int) -> tuple[Update, tuple[str, ...], bool, Waiting]:
        """Everything this person's seat (or a spectator's place) may see so far, the names
        at the table, whether they are the only person at it, and what it waits for."""
        return *self.hub.opening(self, number), self.hub.alone(self.player, number), self.hub.waiting(number)

    def join(self, number: int) -> tuple[int, bool]:
        """Sit at ``number`` (one's own seat, or an open one): the seat, and whether the table has started."""
        self.hub.join(self, number, None)
        table = self.hub.table(number)
        return table.seat_of(self.player), table.table is not None

    def watch(self, number: int) -> None:
        """Watch ``number``, a table that has started (the app draws a table being played)."""
        if not self.hub.table(number).record.started:
            raise HubRefusal.saying(N_("table {number} has not started yet: join it, or watch it once it has"), number=number)
        self.hub.watch(self, number)

    def language_chosen(self, code: str | None) -> None:
        """The person chose the language ``code`` (the app's Language setting): their next
        session on this server speaks it (None: the one their ssh sends, else the
        server's default).  A code ramsli does not speak is refused."""
        if code is not None and (not isinstance(code, str) or language_code(code) != code):
            raise HubRefusal.saying(N_("{code} is not the code of a language ramsli speaks"), code=repr(code)[:40])
        if self.languages is not None:
            self.languages.choose(self.player.name, code)
            self.journal("language chosen", name=self.player.name, language=code or "-")

    def settings_chosen(self, values: dict[str, Any]) -> None:
        """The person changed some of their settings (storage/settings.py's ``PERSONAL``,
        by name): their next session on this server starts with them, and with what they
        chose before of the others.  What is not one of them, or not a value it may have,
        is left out; a request with nothing else is refused."""
        if self.settings is None:
            return  # this hub keeps nobody's settings
        try:
            changed = self.settings.change(self.player.name, values)
        except ValueError:
            raise HubRefusal.saying(N_("settings are a mapping of names to values")) from None
        if changed:
            self.journal("settings chosen", name=self.player.name)

    def answer(self, request: dict[str, Any]) -> tuple:
        """One request of the app, done: ``("answer", id, value, refusal, illegal, closed)``,
        ``refusal`` the hub's ``Words``, ``closed`` True when the refusal is that the table is over."""
        ident = request.get("id")
        try:
            return "answer", ident, self._do(request), None, None, False
        except HubRefusal as error:
            return "answer", ident, None, error.words, None, isinstance(error, TableClosed)
        except IllegalAction as error:
            return "answer", ident, None, None, packed_illegal(error), False
        except (KeyError, TypeError, ValueError) as error:
            return "answer", ident, None, Words(N_("a request the hub cannot read ({error})"), {"error": repr(error)}), None, False
        except Exception as error:  # a bug must not end the session or any table
            self.journal("error", name=self.player.name, op=request.get("op"), error=repr(error))
            return "answer", ident, None, Words(N_("the server failed to do that; its log says why"), {}), None, False

    def _history(self, op: str, request: dict[str, Any]) -> Any:
        """What the person reads of the server's history: the public leaderboard, and their own sessions, hands and figures."""
        hub, game, ruleset = self.hub, str(request.get("game")), request.get("ruleset")
        ruleset = None if ruleset is None else str(ruleset)
        if op == "leaderboard":
            return hub.leaderboard(game, ruleset)
        if op == "statistics":
            return hub.statistics_of(self.player, game, ruleset)
        if op == "series":
            return hub.series_of(self.player, game, [str(fact) for fact in request["facts"]], ruleset)
        if op == "sessions":
            return hub.sessions_of(self.player)
        return hub.hands_of(self.player, int(request["session"]))

    def _do(self, request: dict[str, Any]) -> Any:
        hub, op = self.hub, request["op"]
        if op == "list":
            return hub.listing()
        if op == "create":
            return hub.create(self, request["game"], request["ruleset"], request["players"], request["bots"])
        if op == "offer":
            return {game: {"rulesets": sorted(rulesets()), "strengths": list(game_named(game).strengths)}
                    for game, rulesets in RULESETS.items()}
        if op == "join":
            return self.join(request["table"])
        if op == "opening":
            return self.opening(request["table"])
        if op == "watch":
            return self.watch(request["table"])
        if op == "last_table":
            return hub.last_table(self.player)
        if op in HISTORY_OPS:
            return self._history(op, request)
        if op == "language":
            return self.language_chosen(request.get("code"))
        if op == "settings":
            return self.settings_chosen(request.get("values"))
        if op == "drawn":
            return self.on_drawn()
        action = {"start": lambda: hub.start(self, request["table"]),
                  "say": lambda: hub.say(self, request["table"], str(request["text"])),
                  "hurry": lambda: hub.hurry(self, request["table"]),
                  "act": lambda: hub.act(self, request["table"], request["action"]),
                  "result_read": lambda: hub.result_read(self, request["table"]),
                  "leave": lambda: hub.leave(self, request["table"])}[op]
        return action()


async def serve_app(hub: Hub, player: Player, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    journal: Journal, languages: LanguageBook | None = None,
                    on_drawn: Callable[[], None] = lambda: None, settings: SettingsBook | None = None) -> None:
    """Serve one app process until it closes the socket (or sends what is not a request);
    ``languages`` and ``settings`` keep the person's choice of a language and their
    settings, when the app says them; ``on_drawn`` is called when the app has drawn its
    first frame (``drawn``)."""
    attendee = AppAttendee(hub, player, writer, journal, languages, on_drawn, settings)
    attendee.push(("hello", VERSION, player.name))
    hub.connected(attendee)
    try:
        while True:
            length, = HEADER.unpack(await reader.readexactly(HEADER.size))
            if length > MAX_REQUEST:
                journal("app refused", name=player.name, reason=f"a request of {length} bytes")
                return
            request = json.loads(await reader.readexactly(length))
            if not isinstance(request, dict):
                journal("app refused", name=player.name, reason="a request that is not an object")
                return
            attendee.push(attendee.answer(request))
    except (asyncio.IncompleteReadError, ConnectionError, json.JSONDecodeError, UnicodeDecodeError):
        pass  # the app has gone, or was not one
    finally:
        hub.disconnected(attendee)
        writer.close()


# --- the app's side ---------------------------------------------------------------------------


def told(refusal: HubRefusal | HubGone) -> str:
    """What the person reads of a refusal of the hub, or of its going: in their language."""
    return refusal.words.said() if isinstance(refusal, HubRefusal) else str(refusal)



class HubLink:
    """The app's connection to the hub, which never holds up the app's event loop.  A
    thread writes the requests, in order; a thread reads what the hub sends: each answer
    goes to the request that awaits it, everything else to ``on_push`` on the event loop
    of whoever set it, in order."""

    def __init__(self, sock: socket.socket):
        """``sock``: a connected unix stream socket to ``serve_app``."""
        self.sock = sock
        self.reading = self.sock.makefile("rb")
        self.sending = threading.Lock()
        self.awaited: dict[int, asyncio.Future] = {}  # the requests not answered yet, by id
        self.last_id = 0
        self.closed = False
        self.pushed: list[tuple] = []  # what came before anyone listened
        self.on_push: Callable[[tuple], None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        hello = self._read()
        if hello is None or hello[:2] != ("hello", VERSION):
            raise HubGone(_("the hub does not speak version {version} of the app's socket").format(version=VERSION))
        self.name = hello[2]
        self.outgoing: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.writer = threading.Thread(target=self._write_all, name="hub-link-out", daemon=True)
        self.writer.start()
        self.reader = threading.Thread(target=self._read_all, name="hub-link", daemon=True)
        self.reader.start()

    def _read(self) -> tuple | None:
        header = self.reading.read(HEADER.size)
        if len(header) < HEADER.size:
            return None
        length, = HEADER.unpack(header)
        payload = self.reading.read(length)
        return pickle.loads(payload) if len(payload) == length else None

    def _read_all(self) -> None:
        """The reading thread's loop: until the hub or the app goes, then quietly (whatever
        state the socket, the file over it or the app's event loop was left in)."""
        try:
            while (message := self._read()) is not None:
                if message[0] == "answer":
                    self._answered(message[1], message)
                else:
                    self._hand_on(message)
        except (OSError, ValueError, EOFError, pickle.UnpicklingError):
            pass  # the socket was closed under the read (ValueError: the file over it was)
        with self.sending:
            self.closed = True
            awaited, self.awaited = self.awaited, {}
        for future in awaited.values():
            self._settle(future, HubGone(_("the hub has gone")))
        self.outgoing.put(None)
        self._hand_on(("gone",))

    def _write_all(self) -> None:
        """The writing thread's loop: each request as it was asked, until the link closes
        (or the socket fails under it: then the reading thread sees the hub gone)."""
        while (frame := self.outgoing.get()) is not None:
            try:
                self.sock.sendall(frame)
            except OSError:
                self._shut()
                return

    def _answered(self, ident: int, answer: tuple) -> None:
        """The hub's answer to request ``ident``, handed to whoever awaits it (if anyone still does)."""
        with self.sending:
            future = self.awaited.pop(ident, None)
        if future is not None:
            self._settle(future, answer)

    @staticmethod
    def _settle(future: asyncio.Future, outcome: tuple | HubGone) -> None:
        """``future`` given ``outcome`` on its own event loop (a HubGone is raised there)."""
        def settle() -> None:
            if future.done():
                return  # it gave up waiting
            if isinstance(outcome, HubGone):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)
        try:
            future.get_loop().call_soon_threadsafe(settle)
        except RuntimeError:
            pass  # the app's event loop has closed: nobody is left to tell

    def _hand_on(self, message: tuple) -> None:
        with self.sending:
            if self.on_push is None:
                self.pushed.append(message)
                return
            try:
                self.loop.call_soon_threadsafe(self.on_push, message)
            except RuntimeError:
                pass  # the app's event loop has closed: nobody is left to tell

    def listen(self, on_push: Callable[[tuple], None]) -> None:
        """Hand every message the hub pushes (those that came already first) to ``on_push``,
        on the event loop that runs this call."""
        with self.sending:
            self.loop = asyncio.get_running_loop()
            self.on_push = on_push
            waiting, self.pushed = self.pushed, []
        for message in waiting:
            on_push(message)

    async def request(self, op: str, **fields: Any) -> Any:
        """Ask the hub and await its answer (the event loop goes on meanwhile): its value;
        HubRefusal (TableClosed about a table that is over) or IllegalAction as the hub
        raised them; HubGone if it has gone, or does not answer within ANSWER_WAIT."""
        answer = asyncio.get_running_loop().create_future()
        ident = self._send(op, fields, answer)
        try:
            _, _, value, refusal, illegal, closed = await asyncio.wait_for(answer, ANSWER_WAIT)
        except asyncio.TimeoutError:
            raise HubGone(_("the hub did not answer {request} within {seconds} s").format(
                request=op, seconds=f"{ANSWER_WAIT:g}")) from None
        finally:
            with self.sending:
                self.awaited.pop(ident, None)
        if refusal is not None:
            raise (TableClosed if closed else HubRefusal)(refusal)
        if illegal is not None:
            raise unpacked_illegal(illegal)
        return value

    def tell(self, op: str, **fields: Any) -> None:
        """Tell the hub what needs no answer (it is not awaited; a refusal is not heard)."""
        self._send(op, fields, None)

    def _send(self, op: str, fields: dict[str, Any], answer: asyncio.Future | None) -> int:
        """Queue one request, its answer to go to ``answer``; its id.  HubGone if the hub has gone."""
        with self.sending:
            if self.closed:
                raise HubGone(_("the hub has gone"))
            self.last_id += 1
            if answer is not None:
                self.awaited[self.last_id] = answer
            self.outgoing.put(framed(json.dumps({"id": self.last_id, "op": op, **fields}).encode()))
            return self.last_id

    def close(self) -> None:
        self.outgoing.put(None)
        self._shut()
        self.sock.close()

    def _shut(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class SocketClient:
    """A ``TableClient`` for the link's person at table ``table``: their seat, or a
    spectator's place (``seat`` None) when they only watch.  Made by the lobby, which
    awaits ``asked_opening`` before the table is shown."""

    def __init__(self, link: HubLink, table: int, seat: int | None):
        self.link = link
        self.table = table
        self.seat = seat
        self.names: tuple[str, ...] = ()
        self.everything: Update | None = None  # all the seat may see so far: the opening, and each update since
        self.last: Update | None = None
        self._alone = False
        self.listener: Callable[[Update], None] = lambda update: None
        self.on_notice: Callable[[str], None] = lambda message: None
        self.on_said: Callable[[str, str], None] = lambda name, text: None
        self.on_closed: Callable[[str], None] = lambda words: None
        self.on_waiting: Callable[[Waiting], None] = lambda waiting: None
        self.closed: str | None = None  # why the table is over, once the hub has said so
        self.waiting = Waiting()  # what the table waited for, as last told
        self.early: list[tuple] = []  # what the hub pushed before the opening came

    async def asked_opening(self) -> SocketClient:
        """Everything this seat may see so far, asked of the hub (and what it pushed
        meanwhile put after it); the client itself."""
        opening, names, self._alone, self.waiting = await self.link.request("opening", table=self.table)
        self.names = shown_names(names)
        self.everything = self.last = opening
        early, self.early = self.early, []
        for message in early:
            self.heard(message)
        return self

    def opening(self) -> Update:
        return self.everything

    def subscribe(self, listener: Callable[[Update], None], on_notice: Callable[[str], None],
                  on_said: Callable[[str, str], None] = lambda name, text: None,
                  on_closed: Callable[[str], None] = lambda words: None,
                  on_waiting: Callable[[Waiting], None] = lambda waiting: None) -> None:
        self.listener = listener
        self.on_notice = on_notice
        self.on_said = on_said
        self.on_closed = on_closed
        self.on_waiting = on_waiting

    def heard(self, message: tuple) -> None:
        """What the hub pushed for this table (the link's listener hands it on)."""
        if message[0] == "update" and message[1] == self.table:
            if self.everything is None:
                self.early.append(message)
                return
            _, _, update, names, self._alone, waiting = message
            self.names = shown_names(names)
            if update.seq < self.last.seq:
                return  # the opening that was asked for had it already
            self.last = update
            self.everything = update._replace(events=self.everything.events + update.events)
            self.listener(update)
            self._waits(waiting)
        elif message[0] == "waiting" and message[1] == self.table:
            self._waits(message[2])
        elif message[0] == "notice" and message[1] == self.table:
            self.on_notice(said(message[2]))
        elif message[0] == "said" and message[1] == self.table:
            self.on_said(message[2], message[3])
        elif message[0] == "closed" and message[1] == self.table:
            self.closed = message[2].said()
            self.on_closed(self.closed)

    async def send(self, action: object) -> None:
        """The seat's action; TableRefusal, as any refused action, once the table is over."""
        try:
            await self.link.request("act", table=self.table, action=str(action))
        except TableClosed:
            raise TableRefusal(self.seat, "closed") from None

    def result_read(self) -> None:
        if self.seat is not None:  # a spectator's reading holds nobody up
            self._tell("result_read")

    def hurry(self) -> None:
        self._tell("hurry")

    def _tell(self, op: str) -> None:
        """Tell the hub what only matters while the table is played: once it is over, or
        the hub has gone (the app is then told, and ends), there is nothing to tell."""
        try:
            self.link.tell(op, table=self.table)
        except HubGone:
            pass

    @property
    def alone(self) -> bool:
        return self._alone

    @property
    def talks(self) -> bool:
        return self.seat is not None

    async def say(self, text: str) -> None:
        try:
            await self.link.request("say", table=self.table, text=text)
        except (HubRefusal, HubGone) as refusal:
            raise TalkRefused(told(refusal)) from None

    def _waits(self, waiting: Waiting) -> None:
        self.waiting = waiting
        self.on_waiting(waiting)

    def give_up(self) -> None:
        """Give the seat up for good (the hub's ``leave``): a computer player takes it over."""
        self.leave()
        self._tell("leave")

    def leave(self) -> None:
        """Stop listening; a person keeps their seat at the hub, a spectator stops watching
        (the table may have closed, or the hub gone: nobody is watched any more)."""
        self.listener = lambda update: None
        self.on_notice = lambda message: None
        self.on_said = lambda name, text: None
        self.on_waiting = lambda waiting: None
        if self.seat is None:
            self._tell("leave")

    @property
    def view(self):
        return self.last.view

    @property
    def is_over(self) -> bool:
        return self.last.over


class RemoteLobby:
    """The lobby's backend at the hub, through a link: what the hub pushes goes to the
    client of the table sat at, if any; ``on_gone`` is called if the hub goes away."""

    def __init__(self, link: HubLink, on_gone: Callable[[], None] = lambda: None):
        self.link = link
        self.name = link.name
        self.on_gone = on_gone
        self.client: SocketClient | None = None

    def _heard(self, message: tuple) -> None:
        if message[0] == "gone":
            self.on_gone()
        elif self.client is not None:
            self.client.heard(message)

    async def _ask(self, op: str, **fields: Any) -> Any:
        if self.link.on_push is None:  # the first request comes on the app's running loop
            self.link.listen(self._heard)
        try:
            return await self.link.request(op, **fields)
        except (HubRefusal, HubGone) as refusal:
            raise LobbyRefusal(told(refusal)) from None

    async def tables(self) -> list[dict[str, Any]]:
        return await self._ask("list")

    def language_chosen(self, code: str | None) -> None:
        """The person chose the language ``code`` (the Language setting; None: their
        system's): the server keeps it for their next session there (nothing is told once
        the hub has gone)."""
        try:
            self.link.tell("language", code=code)
        except HubGone:
            pass

    def settings_chosen(self, values: dict[str, Any]) -> None:
        """The person changed their settings (``PERSONAL``, by name): the server keeps them
        for their next session there."""
        try:
            self.link.tell("settings", values=values)
        except HubGone:
            pass

    async def offer(self) -> dict[str, dict[str, list[str]]]:
        return await self._ask("offer")

    async def last_table(self) -> int | None:
        return await self._ask("last_table")

    async def leaderboard(self, game: str, ruleset: str | None = None) -> list[dict[str, Any]]:
        return await self._ask("leaderboard", game=game, ruleset=ruleset)

    async def statistics(self, game: str, ruleset: str | None = None) -> Statistics:
        return await self._ask("statistics", game=game, ruleset=ruleset)

    async def series(self, game: str, facts: list[str], ruleset: str | None = None) -> list[dict[str, int]]:
        return await self._ask("series", game=game, facts=facts, ruleset=ruleset)

    async def sessions(self) -> list[KeptSession]:
        return await self._ask("sessions")

    async def hands(self, session: int) -> list[KeptHand]:
        return await self._ask("hands", session=session)

    async def create(self, game: str, ruleset: str, players: int, bots: list[str]) -> int:
        return await self._ask("create", game=game, ruleset=ruleset, players=players, bots=bots)

    async def join(self, table: int) -> SocketClient | None:
        seat, started = await self._ask("join", table=table)
        if not started:
            return None
        return await self._client(table, seat)

    async def start(self, table: int) -> SocketClient:
        await self._ask("start", table=table)
        return await self.join(table)

    async def watch(self, table: int) -> SocketClient:
        await self._ask("watch", table=table)
        return await self._client(table, None)

    async def _client(self, table: int, seat: int | None) -> SocketClient:
        """The client of ``table`` at ``seat``, with all it may see so far; LobbyRefusal if
        the table closed meanwhile.  It hears what the hub pushes from the opening on."""
        self.client = SocketClient(self.link, table, seat)
        try:
            return await self.client.asked_opening()
        except (HubRefusal, HubGone) as refusal:
            raise LobbyRefusal(told(refusal)) from None
