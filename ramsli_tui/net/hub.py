"""The hub: every table of ``ramsli serve``, and who sits and who watches at each.

The hub is server-authoritative.  It owns every table and the game behind it, takes
each person's requests (create, join, start, watch, act, leave) and hands each of
their connections only what its seat may see: a spectator sees no card of any hand.
It knows nothing of SSH or JSON.  A connection is an ``Attendee``, told where it sits
and every update of its seat: net/json_session.py for programs; the full-screen app,
talking through the client seam over a socket, attaches to a seat the same way.

How a table goes:
- it starts its first hand when every seat is taken, or when its creator starts it
  (its open seats then get ``normal`` computer players);
- a person whose every connection has gone keeps the seat: after ``away_after``
  seconds a computer player plays it until they come back, and the table says so;
  when nobody at a table is connected any more it waits for them, saved;
- a connected person who does not act within ``turn_limit`` has a computer player
  act for them that once, so nobody's turn blocks a table for ever; everyone at the
  table is told the clock of the seat to act, and who has read a hand's result (the
  next hand starts once everyone has, or ``turn_limit`` after it was settled);
- a person who leaves gives the seat to a ``normal`` computer player; a table that no
  person sits at any more, or whose session is over, is closed (its file is kept);
- every table is saved after every action (a ``TableStore``: the data folder,
  net/store.py), and every finished hand is kept as its hand record (a ``HandStore``:
  storage/history.py); computer players think in worker processes (net/thinkers.py).

The two stores are where the hub would change to run past one machine (a database
that every hub shares, each table owned by one hub at a time): docs/serving.md, "Past
one machine".
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Iterator, NamedTuple, Protocol, Sequence

from ..languages import N_
from ..games import RULESETS, game_named  # the games tables are made for, and their rulesets by name (never a path)
from ..storage.saves import SavedGame
from ..storage.settings import DEFAULT_OPPONENTS
from ..table.spec import SAY_LENGTH, GameSpec, SeatSpec
from ..table.table import Moved, Table
from ..table.updates import Update, Waiting
from ..yamlfile import FileProblem, escaped, shown_value
from ..storage.history import (HistoryError, KeptHand, KeptSession, Sitter, Statistics, named,
                               player_statistics)
from .journal import Journal
from .store import ServedTable
from .thinkers import Thinkers
from ..languages.words import Words, words_of

SAY_EVERY = 1.0  # seconds a person waits between two lines said at one table


class HubRefusal(Exception):
    """A request the hub cannot take; its ``words`` say why (languages/words.py): its text is
    their English, for the protocol and the log; the app says them in its person's language."""

    @classmethod
    def saying(cls, template: str, /, **fields: Any) -> HubRefusal:
        """The refusal that says ``template`` (English, marked with ``N_``) filled in with ``fields``."""
        return cls(Words(template, fields))

    @classmethod
    def passed_on(cls, error: Exception) -> HubRefusal:
        """The refusal that says another's message (a game's, a ruleset's) as it came."""
        return cls(words_of(error))

    @property
    def words(self) -> Words:
        """Why, as the hub's words (a refusal made of a bare text says it as it came)."""
        said = self.args[0] if self.args else ""
        return said if isinstance(said, Words) else Words.as_it_is(str(said))


class TableClosed(HubRefusal):
    """A request about a table that is over: closed, and never played again."""


# Why a table closes: the code in the log and in the protocol's ``table_closed`` event,
# and the words people read ("table 3 is over: …").
CLOSED_BECAUSE = {
    "finished": N_("table {number} is over: its session is over"),
    "empty": N_("table {number} is over: everyone has left it"),
    "abandoned": N_("table {number} is over: nobody was at it for a while before it started"),
    "unplayable": N_("table {number} is over: its ruleset has changed on the server, and it no longer replays"),
}


def closed_words(number: int, reason: str) -> Words:
    """Why table ``number`` is over (``reason``, a key of ``CLOSED_BECAUSE``)."""
    return Words(CLOSED_BECAUSE[reason], {"number": number})
# Too many tables made in the last hour, from one's key or one's address.
MADE_TOO_MANY = {
    "key": N_("as many tables were made from your key in the last hour as may be ({limit}); "
              "join one, or make one in {count} minutes"),
    "address": N_("as many tables were made from your address in the last hour as may be ({limit}); "
                  "join one, or make one in {count} minutes"),
}
REMEMBERED_CLOSED = 1000  # tables closed lately, whose requests are told they are over


class Player(NamedTuple):
    """A person, known by the key they logged in with and the name bound to it."""

    name: str
    key: str  # the key's fingerprint
    address: str = ""  # where they connected from (limits per address)


class Attendee(Protocol):
    """One connection of a person to the hub."""

    player: Player
    reads_results: bool  # False: a program, for which the hub reads each hand's result

    def seated(self, table: int, seat: int | None) -> None:
        """It now follows ``table`` at ``seat`` (None: as a spectator)."""

    def updated(self, table: int, seat: int | None, update: Update, names: tuple[str, ...]) -> None:
        """What ``seat`` may see now (a spectator's update holds only public events)."""

    def noticed(self, table: int, message: str) -> None:
        """Something the table says to everyone at it (the hub's are ``Words``, languages/words.py)."""

    def said(self, table: int, name: str, text: str) -> None:
        """What a person at ``table`` said to everyone at it (one line, escaped)."""

    def waiting(self, table: int, seat: int | None, waiting: Waiting) -> None:
        """What ``table`` waits for now, told when it changes with no update to say so:
        a seat's clock starts, or a person has read a hand's result."""

    def closed(self, table: int, seat: int | None, reason: str, view: Any | None, names: tuple[str, ...]) -> None:
        """``table`` is over (``reason``, a key of ``CLOSED_BECAUSE``) and nothing more
        comes of it; ``view``: the seat's view as the table ended (None before it started)."""


class TableStore(Protocol):
    """Where the hub keeps its tables, each saved after every action (ServerFolder)."""

    def tables(self) -> tuple[list[ServedTable], list[str]]:
        """Every table kept, and a line for each that could not be read."""

    def next_number(self) -> int:
        """A number no table has had."""

    def save_table(self, table: ServedTable) -> None: ...

    def close_table(self, table: ServedTable) -> None:
        """``table`` is over: kept, never taken back again."""


class HandStore(Protocol):
    """Where every finished hand is kept, as its record (HandHistory)."""

    def keep_finished(self, table: int, spec: GameSpec, finished: Sequence[Any], over: bool, kept: int) -> int:
        """Keep ``table``'s hands of ``finished`` after the first ``kept``; the number of
        the last one kept; HistoryError if one cannot be written now."""

    def last_number(self, table: int) -> int:
        """The number of ``table``'s last hand kept (0: none)."""

    def leaderboard(self, game: str, ruleset: str | None = None) -> list[Any]:
        """Every rated player of ``game``, the highest first (``Standing``)."""

    def figures(self, who: str, game: str, ruleset: str | None = None) -> tuple[int, dict[str, int]]:
        """``who``'s sessions of ``game`` and their figures there."""

    def standing_of(self, who: str, game: str, ruleset: str | None = None) -> Any:
        """``who``'s line of the leaderboard (``Standing``; None: not on it)."""

    def sessions(self, who: str | None = None) -> list[Any]:
        """The sessions ``who`` sat at, the latest first (``KeptSession``)."""

    def session(self, id: int) -> Any:
        """Session ``id`` (``KeptSession``; None: there is none)."""

    def hands(self, table: int | None = None, session: int | None = None) -> list[Any]:
        """The hands kept of ``session`` (``KeptHand``)."""

    def series(self, who: str, game: str, facts: Any, ruleset: str | None = None) -> list[dict[str, int]]:
        """``who``'s totals of ``facts`` session by session."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class Policy:
    """How the hub treats people and tables (seconds where it says nothing else)."""

    away_after: float = 30.0  # a person gone this long has a computer player stand in
    turn_limit: float = 90.0  # a connected person's time to act or read a result
    bot_delay: float = 0.6  # a computer player's pause before acting, so people can follow
    max_tables: int = 200
    tables_per_person: int = 8
    abandoned_after: float = 600.0  # a table not started, nobody at it this long, is closed
    new_tables_per_hour: int = 20  # tables one key, and one address, may make in an hour


class Hub:
    """Every table, by number."""

    def __init__(self, store: TableStore, history: HandStore, thinkers: Thinkers, policy: Policy = Policy(),
                 journal: Journal | None = None):
        self.store = store
        self.history = history
        self.thinkers = thinkers
        self.policy = policy
        self.journal = journal or Journal()
        self.tables: dict[int, HubTable] = {}
        self.closed_lately: dict[int, str] = {}  # table number → why it closed, the last few
        self.made: dict[str, deque[float]] = {}  # when each key and each address made its last tables

    def restore(self) -> None:
        """Take back every table kept; each waits for its people."""
        records, problems = self.store.tables()
        for problem in problems:
            self.journal("table unreadable", problem=problem)
        for record in records:
            table = self.tables[record.number] = HubTable(self, record)
            if not record.started:
                table.deserted()  # nobody is here after a restart: it waits for them a while
        if records:
            self.journal("tables restored", count=len(self.tables))

    async def stop(self) -> None:
        """Stop every table (each is saved already, after its last action)."""
        runners = [table.halt() for table in self.tables.values()]
        await asyncio.gather(*(runner for runner in runners if runner is not None), return_exceptions=True)
        self.history.close()

    # --- connections ---------------------------------------------------------------------------

    def connected(self, attendee: Attendee) -> None:
        """A person connected: they are seated again at every table they sit at."""
        for table in list(self.tables.values()):
            seat = table.seat_of(attendee.player)
            if seat is not None:
                table.attach(attendee, seat)

    def disconnected(self, attendee: Attendee) -> None:
        for table in list(self.tables.values()):
            table.detach(attendee)

    # --- requests ------------------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """Every table, each person at it with their rating at its game (None: not rated yet)."""
        ratings = {game: self._ratings(game) for game in {table.spec.game for table in self.tables.values()}}
        return [table.summary(ratings[table.spec.game]) for table in self.tables.values()]

    def _ratings(self, game: str) -> dict[str, int]:
        """Each rated player's rating at ``game``, by ``who``; none if the history cannot say now."""
        try:
            return {standing.who: standing.rating.shown for standing in self.history.leaderboard(game)}
        except HistoryError:
            return {}

    def leaderboard(self, game: str, ruleset: str | None = None) -> list[dict[str, Any]]:
        """The rated players of ``game``, the highest first: people by name, each computer
        strength as one player; with ``ruleset``, the sessions of it each ended and won.
        Public to everyone at the server."""
        with self._history_read():
            board = self.history.leaderboard(game, ruleset)
        return [{"name": standing.who.partition(":")[2], "computer": standing.who.startswith("computer:"),
                 "rating": standing.rating.shown, "sessions": standing.sessions, "wins": standing.wins}
                for standing in board]

    # What a person reads of the server's history: their own sessions, hands and figures, nobody else's.

    def sessions_of(self, player: Player) -> list[KeptSession]:
        """The sessions ``player`` sat at, the latest first."""
        with self._history_read():
            return self.history.sessions(Sitter(player.name).who)

    def hands_of(self, player: Player, session: int) -> list[KeptHand]:
        """The hands kept of ``session`` (each finished), its players' names in their
        records; refused unless ``player`` sat at it."""
        with self._history_read():
            kept = self.history.session(session)
            if kept is None or not kept.seated(Sitter(player.name).who):
                raise HubRefusal.saying(N_("you did not sit at session {session}: only its players see its hands"),
                                        session=shown_value(session))
            return named([kept], self.history.hands(session=session))

    def statistics_of(self, player: Player, game: str, ruleset: str | None = None) -> Statistics:
        """``player``'s own figures at ``game`` (of ``ruleset``, or all), from the hands they sat at."""
        with self._history_read():
            return player_statistics(self.history, Sitter(player.name).who, game, ruleset)

    def series_of(self, player: Player, game: str, facts: list[str], ruleset: str | None = None) -> list[dict[str, int]]:
        """``player``'s own totals of ``facts`` at ``game``, session by session."""
        with self._history_read():
            return self.history.series(Sitter(player.name).who, game, facts, ruleset)

    @contextmanager
    def _history_read(self) -> Iterator[None]:
        """A history that cannot be read now is refused in words, never a failure of the server."""
        try:
            yield
        except HistoryError as error:
            raise HubRefusal.passed_on(error) from None

    def create(self, attendee: Attendee, game: str, ruleset: str, players: int, bots: list[str]) -> int:
        """A new table: its creator at seat 0, the computer players in the last seats,
        the seats between open; it starts at once when there are none."""
        player = attendee.player
        if len(self.tables) >= self.policy.max_tables:
            raise HubRefusal.saying(N_("the server has {count} tables, as many as it holds; join one of them"), count=len(self.tables))
        self._check_room_for(player)
        spec = self._spec(player, game, ruleset, players, bots)
        self._count_new_table(player)
        owners = [player.key] + [None] * (players - 1)
        record = ServedTable(self.store.next_number(), player.key, owners, SavedGame(spec))
        table = self.tables[record.number] = HubTable(self, record)
        table.save()
        self.journal("table created", table=record.number, by=player.name, game=game, ruleset=ruleset,
                     players=players, bots=len(bots))
        table.attach(attendee, 0)
        if not table.open_seats():
            table.begin()
        return record.number

    def _count_new_table(self, player: Player) -> None:
        """One more table made by ``player``'s key and from their address; HubRefusal if
        either has made ``new_tables_per_hour`` in the last hour."""
        now, limit = time.monotonic(), self.policy.new_tables_per_hour
        makers = [f"key {player.key}"] + ([f"address {player.address}"] if player.address else [])
        for maker in makers:
            made = self.made.setdefault(maker, deque())
            while made and now - made[0] >= 3600:
                made.popleft()
            if len(made) >= limit:
                wait = math.ceil((3600 - (now - made[0])) / 60)
                raise HubRefusal.saying(MADE_TOO_MANY[maker.split()[0]], limit=limit, count=wait)
        for maker in makers:
            self.made[maker].append(now)

    def _check_room_for(self, player: Player) -> None:
        sitting = sum(1 for table in self.tables.values() if table.seat_of(player) is not None)
        if sitting >= self.policy.tables_per_person:
            raise HubRefusal.saying(N_("you sit at {count} tables, as many as one person may; leave one first"), count=sitting)

    def _spec(self, player: Player, game: str, ruleset: str, players: int, bots: list[str]) -> GameSpec:
        """The spec of a new table, every choice checked; HubRefusal saying what is wrong."""
        if game not in RULESETS:
            raise HubRefusal.saying(N_("there is no game {game} here; the games are {games}"), game=shown_value(game), games=", ".join(RULESETS))
        kind = game_named(game)
        offered = RULESETS[game]()
        if ruleset not in offered:
            raise HubRefusal.saying(N_("there is no ruleset {ruleset} here; the rulesets are {rulesets}"), ruleset=shown_value(ruleset),
                             rulesets=", ".join(sorted(offered)))
        try:
            kind.check_players(kind.load_rules(ruleset), players)
        except FileProblem as error:
            self.journal("ruleset unreadable", ruleset=ruleset, problem=str(error))
            raise HubRefusal.saying(N_("the ruleset {ruleset} cannot be used now; choose another"), ruleset=shown_value(ruleset)) from None
        except ValueError as error:
            raise HubRefusal.passed_on(error) from None
        unknown = [strength for strength in bots if strength not in kind.strengths]
        if unknown:
            raise HubRefusal.saying(N_("there is no computer player {strength}; choose from {strengths}"), strength=shown_value(unknown[0]),
                             strengths=", ".join(kind.strengths))
        if len(bots) >= players:
            raise HubRefusal.saying(N_("a table of {players} has room for {room} computer players beside you, not {bots}"), players=players,
                             room=players - 1, bots=len(bots))
        names = computer_names({player.name}, len(bots))
        seats = (
            SeatSpec.person(player.name),
            *[SeatSpec.person("")] * (players - 1 - len(bots)),
            *map(SeatSpec.computer, names, bots),
        )
        return GameSpec(game, ruleset, secrets.randbits(48), seats)

    def join(self, attendee: Attendee, number: int, seat: int | None) -> None:
        table = self.table(number)
        player = attendee.player
        own = table.seat_of(player)
        if own is not None:
            if seat is not None and seat != own:
                raise HubRefusal.saying(N_("you sit at seat {own} of table {number}, not {seat}"), own=own, number=number, seat=seat)
            if attendee in table.attendees.get(own, ()):
                attendee.seated(number, own)  # it follows the seat already: its updates simply go on
            else:
                table.attach(attendee, own)
            return
        if table.record.started:
            raise HubRefusal.saying(N_("table {number} has started and has no open seat; watch it instead"), number=number)
        self._check_room_for(player)
        table.take(attendee, seat)

    def start(self, attendee: Attendee, number: int) -> None:
        table = self.table(number)
        if table.record.started:
            raise HubRefusal.saying(N_("table {number} has started already"), number=number)
        if table.record.creator != attendee.player.key:
            raise HubRefusal.saying(N_("only the person who made table {number} can start it"), number=number)
        table.begin()

    def watch(self, attendee: Attendee, number: int) -> None:
        table = self.table(number)
        own = table.seat_of(attendee.player)
        if own is not None:
            raise HubRefusal.saying(N_("you sit at table {number}, at seat {own}: you are sent its updates already"), number=number, own=own)
        if attendee in table.attendees.get(None, ()):
            raise HubRefusal.saying(N_("you watch table {number} already"), number=number)
        table.attach(attendee, None)

    def act(self, attendee: Attendee, number: int, text: str) -> None:
        """The person's action at their seat: HubRefusal if they have none or it is not an
        action; IllegalAction (the game's or the table's words) if it cannot be taken now."""
        table, seat = self._seat_of(attendee, number)
        if table.table is None:
            raise HubRefusal.saying(N_("table {number} has not started: it waits for its open seats to be taken"), number=number)
        try:
            action = table.table.game.parse_action(text)
        except ValueError as error:
            raise HubRefusal.passed_on(error) from None
        table.record.acted_at[attendee.player.key] = time.time()  # kept with the action's save
        table.table.act(seat, action)

    def last_table(self, player: Player) -> int | None:
        """The table being played where ``player`` sits and acted last (the one they most
        likely want back after a dropped connection or a restart), if any."""
        played = [table for table in self.tables.values()
                  if table.record.started and table.seat_of(player) is not None]
        if not played:
            return None
        return max(played, key=lambda table: (table.record.acted_at.get(player.key, 0.0), -table.number)).number

    def opening(self, attendee: Attendee, number: int) -> tuple[Update, tuple[str, ...]]:
        """Everything the attendee's seat may see so far (a spectator's: what is public),
        and the names at the table; HubRefusal before the table has started."""
        table = self.table(number)
        if table.table is None:
            raise HubRefusal.saying(N_("table {number} has not started: it waits for its open seats to be taken"), number=number)
        return table.table.opening(table.seat_of(attendee.player)), table.table.names

    def waiting(self, number: int) -> Waiting:
        """What table ``number`` waits for now (nothing before it has started)."""
        table = self.tables.get(number)
        if table is None or table.table is None:
            return Waiting()
        return table.table.waiting()

    def view(self, number: int, seat: int | None) -> tuple[Any, tuple[str, ...]]:
        """``seat``'s view of table ``number`` as it stands (a spectator's: None), once it
        has started, and the names at the table."""
        table = self.table(number).table
        return table.game.view(seat), table.names

    def alone(self, player: Player, number: int) -> bool:
        """Is ``player`` the only person who sits at table ``number`` (False once it has closed)?"""
        table = self.tables.get(number)
        return table is not None and [owner for owner in table.record.owners if owner] == [player.key]

    def hurry(self, attendee: Attendee, number: int) -> None:
        """The person would rather not watch the rest of the hand played (as in local play)."""
        table, seat = self._seat_of(attendee, number)
        if table.table is not None:
            table.table.hurry(seat)

    def say(self, attendee: Attendee, number: int, text: str) -> None:
        """A line the person says to everyone at the table: seated people only, at most
        ``SAY_LENGTH`` characters, one every ``SAY_EVERY`` seconds; control characters
        are escaped, so nobody's terminal is written to."""
        table = self.table(number)
        if table.seat_of(attendee.player) is None:
            raise HubRefusal.saying(N_("only the people who sit at table {number} may talk there"), number=number)
        line = text.strip()
        if not line:
            raise HubRefusal.saying(N_("there is nothing to say in an empty line"))
        if len(line) > SAY_LENGTH:
            raise HubRefusal.saying(N_("a line said at a table holds at most {most} characters, not {count}"), most=SAY_LENGTH, count=len(line))
        table.say(attendee.player, escaped(line, None))

    def result_read(self, attendee: Attendee, number: int) -> None:
        """The person has read the last hand's result, on a face that shows it (one whose
        ``reads_results`` is True; the next hand waits for them, as in local play)."""
        table, seat = self._seat_of(attendee, number)
        if table.table is not None:
            table.table.result_read(seat)

    def leave(self, attendee: Attendee, number: int) -> None:
        """The person gives their seat up; a spectator stops watching."""
        table = self.table(number)
        seat = table.seat_of(attendee.player)
        if seat is None and attendee in table.attendees.get(None, ()):
            table.detach(attendee)
            return
        if seat is None:
            raise HubRefusal.saying(N_("you do not sit at table {number}"), number=number)
        table.give_up(seat)
        if not any(table.record.owners):
            self.close(table, "empty")

    def _seat_of(self, attendee: Attendee, number: int) -> tuple[HubTable, int]:
        """Table ``number`` and the attendee's seat at it; HubRefusal if they sit there not."""
        table = self.table(number)
        seat = table.seat_of(attendee.player)
        if seat is None:
            raise HubRefusal.saying(N_("you do not sit at table {number}"), number=number)
        return table, seat

    def table(self, number: int) -> HubTable:
        """Table ``number``; HubRefusal if there is none, TableClosed if it is over."""
        try:
            return self.tables[number]
        except KeyError:
            if number in self.closed_lately:
                raise TableClosed(closed_words(number, self.closed_lately[number])) from None
            raise HubRefusal.saying(N_("there is no table {number}"), number=number) from None

    def close(self, table: HubTable, reason: str) -> None:
        """``table`` is over (``reason``, a key of ``CLOSED_BECAUSE``): in one step it stops
        for good, leaves the hub and its file goes among the closed; then everyone at it,
        spectators too, is told, and follows it no more."""
        if table.closed:
            return
        table.close()
        self.tables.pop(table.number, None)
        self.closed_lately[table.number] = reason
        if len(self.closed_lately) > REMEMBERED_CLOSED:
            del self.closed_lately[next(iter(self.closed_lately))]
        self.store.close_table(table.record)
        self.journal("table closed", table=table.number, reason=reason)
        table.tell_closed(reason)


def computer_names(taken: set[str], count: int) -> list[str]:
    """Names for ``count`` computer players, none of them ``taken``."""
    names = [opponent.name for opponent in DEFAULT_OPPONENTS if opponent.name not in taken]
    names += [f"Computer {number}" for number in range(1, count + 1)]
    return names[:count]


class HubTable:
    """One table: what is kept of it, the running table when it has started, and the
    attendees at each seat (spectators under None)."""

    def __init__(self, hub: Hub, record: ServedTable):
        self.hub = hub
        self.record = record
        self.table: Table | None = None  # made when it starts, or when it is first wanted after a restart
        self.runner: asyncio.Task | None = None
        self.attendees: dict[int | None, list[Attendee]] = {}
        self.away_timers: dict[int, asyncio.TimerHandle] = {}
        self.hands_kept = 0  # how many of its finished hands are in the hub's history
        self.last_said: dict[str, float] = {}  # when each person last said something here, by key
        self.abandon_timer: asyncio.TimerHandle | None = None  # set while nobody is at it before its start
        self.closed = False  # over: it never acts, saves or tells anything again

    @property
    def number(self) -> int:
        return self.record.number

    @property
    def spec(self) -> GameSpec:
        return self.record.saved.spec

    def summary(self, ratings: dict[str, int] | None = None) -> dict[str, Any]:
        """The table as the lobby lists it; each person with their rating in ``ratings`` (by ``who``)."""
        spec, ratings = self.spec, ratings or {}
        seats = [
            {"seat": number, "name": None if kind == "open" else seat.name, "kind": kind,
             "rating": ratings.get(Sitter(seat.name).who) if kind == "person" else None}
            for number, (seat, kind) in enumerate(zip(spec.seats, map(self.record.kind_of, range(spec.players))))
        ]
        return {"table": self.number, "game": spec.game, "ruleset": spec.ruleset, "players": spec.players,
                "seats": seats, "hand": self.record.hand}

    def seat_of(self, player: Player) -> int | None:
        return self.record.owners.index(player.key) if player.key in self.record.owners else None

    def open_seats(self) -> list[int]:
        return [seat for seat in range(self.spec.players) if self.record.kind_of(seat) == "open"]

    def save(self) -> None:
        if not self.closed:  # a closed table's file is among the closed: it is never written again
            self.hub.store.save_table(self.record)

    def _reseat(self, seat: int, spec: SeatSpec, owner: str | None) -> None:
        seats = list(self.spec.seats)
        seats[seat] = spec
        self.record.owners[seat] = owner
        self.record.saved = replace(self.record.saved, spec=replace(self.spec, seats=tuple(seats)))

    # --- seats ---------------------------------------------------------------------------------

    def take(self, attendee: Attendee, seat: int | None) -> None:
        """An open seat for the attendee's person: ``seat``, or the first open one."""
        open_seats = self.open_seats()
        if seat is None:
            seat = open_seats[0]
        elif seat not in open_seats:
            raise HubRefusal.saying(N_("seat {seat} of table {number} is not open; the open seats are {seats}"), seat=seat,
                             number=self.number, seats=", ".join(map(str, open_seats)))
        self.detach(attendee)  # a spectator who sits down
        self._reseat(seat, SeatSpec.person(attendee.player.name), attendee.player.key)
        self.save()
        self.hub.journal("seat taken", table=self.number, seat=seat, name=attendee.player.name)
        self.attach(attendee, seat)
        if not self.open_seats():
            self.begin()

    @property
    def stand_in_strength(self) -> str:
        """The strength of the computer player that takes an open, a left or an empty seat: the game's own."""
        return game_named(self.spec.game).stand_in_strength

    def begin(self) -> None:
        """Start the first hand: the open seats get computer players."""
        self._no_longer_deserted()
        taken = {seat.name for seat in self.spec.seats}
        for seat, name in zip(self.open_seats(), computer_names(taken, self.spec.players)):
            self._reseat(seat, SeatSpec.computer(name, self.stand_in_strength), None)
        self.record.started = True
        self.record.hand = 1
        self.save()
        self.hub.journal("table started", table=self.number, names=",".join(self.spec.names))
        self._wake()

    def give_up(self, seat: int) -> None:
        """The person at ``seat`` leaves it: open again before the start, a computer player's after."""
        name = self.spec.seats[seat].name
        for attendee in list(self.attendees.get(seat, ())):
            self.detach(attendee)
        self._cancel_away(seat)
        if not self.record.started:
            self._reseat(seat, SeatSpec.person(""), None)
            if self.record.creator not in self.record.owners and any(self.record.owners):
                self.record.creator = next(owner for owner in self.record.owners if owner)
        else:
            stand_in = computer_names(set(self.spec.names), 1)[0]
            self._reseat(seat, SeatSpec.computer(stand_in, self.stand_in_strength), None)
            if self.table is not None:
                self.table.hand_over(seat, stand_in, self.hub.thinkers.player(self.spec.game, self.stand_in_strength))
                self.tell(N_("{name} left the table: {stand_in}, a computer player, plays the seat."), name=name,
                          stand_in=stand_in)
        self.save()
        self.hub.journal("seat left", table=self.number, seat=seat, name=name)

    # --- attendees -------------------------------------------------------------------------------

    def attach(self, attendee: Attendee, seat: int | None) -> None:
        """The attendee follows ``seat`` (None: watches): told so, then sent all it may see."""
        self.attendees.setdefault(seat, []).append(attendee)
        attendee.seated(self.number, seat)
        if seat is not None:
            self._cancel_away(seat)
            self._no_longer_deserted()
            if self.table is not None and self.table.is_away(seat):
                self.table.set_away(seat, False)
                self.tell(N_("{name} is back."), name=attendee.player.name)
                self.hub.journal("back", table=self.number, seat=seat, name=attendee.player.name)
        if self.table is not None:
            self._open_for(attendee, seat)
            self._run_if_anyone()
        elif self.record.started:
            self._wake()

    def detach(self, attendee: Attendee) -> None:
        for seat, attendees in self.attendees.items():
            if attendee in attendees:
                attendees.remove(attendee)
                if seat is not None and not attendees and self.table is not None:
                    self._start_away(seat)
        if not self.record.started and not any(self._present(seat) for seat in self._people()):
            self.deserted()

    # --- a table nobody comes to ------------------------------------------------------------------

    def deserted(self) -> None:
        """Nobody is at this table, which has not started: unless someone comes back within
        ``abandoned_after`` of the moment it was deserted (kept, so that a restart counts
        from then too), it is closed.  Nobody can fill the server with tables and go."""
        if self.closed or self.abandon_timer is not None:
            return
        if self.record.deserted_at is None:
            self.record.deserted_at = time.time()
            self.save()
        left = self.hub.policy.abandoned_after - (time.time() - self.record.deserted_at)
        if left <= 0:
            self.hub.close(self, "abandoned")
            return
        self.abandon_timer = asyncio.get_running_loop().call_later(left, self.hub.close, self, "abandoned")

    def _no_longer_deserted(self) -> None:
        if self.abandon_timer is not None:
            self.abandon_timer.cancel()
            self.abandon_timer = None
        if self.record.deserted_at is not None:
            self.record.deserted_at = None
            self.save()

    def _present(self, seat: int) -> bool:
        return bool(self.attendees.get(seat))

    def _people(self) -> list[int]:
        return [seat for seat, owner in enumerate(self.record.owners) if owner is not None]

    def _start_away(self, seat: int) -> None:
        self._cancel_away(seat)
        loop = asyncio.get_running_loop()
        self.away_timers[seat] = loop.call_later(self.hub.policy.away_after, self._gone, seat)

    def _cancel_away(self, seat: int) -> None:
        timer = self.away_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _gone(self, seat: int) -> None:
        """``seat``'s person has been away long enough: a computer player stands in for
        them, or, when nobody at the table is here any more, the table waits for them."""
        self.away_timers.pop(seat, None)
        if self.table is None or self._present(seat) or self.record.owners[seat] is None:
            return
        if not any(self._present(person) for person in self._people()):
            self.pause()
            return
        name = self.spec.seats[seat].name
        self.table.set_away(seat, True)
        self.tell(N_("{name} is away: a computer player plays for them until they come back."), name=name)
        self.hub.journal("away", table=self.number, seat=seat, name=name)

    def say(self, player: Player, line: str) -> None:
        """``player``'s line, to everyone at the table; HubRefusal if they spoke just now."""
        now = time.monotonic()
        if now - self.last_said.get(player.key, -SAY_EVERY) < SAY_EVERY:
            raise HubRefusal.saying(N_("you spoke a moment ago; say the next line in a second"))
        self.last_said[player.key] = now
        for attendees in list(self.attendees.values()):
            for attendee in list(attendees):
                attendee.said(self.number, player.name, line)

    def tell(self, template: str, **fields: Any) -> None:
        """Say something to everyone at the table (the server's log hears it too): the
        English ``template`` filled in with ``fields``, which each person's app says in
        their language (languages/words.py)."""
        if self.table is not None:
            self.table.tell_everyone(Words(template, fields))

    # --- running ---------------------------------------------------------------------------------

    def _wake(self) -> None:
        """Make the table from what is kept (at its start, or the first time it is wanted
        after a restart), send every attendee all it may see, and run it if anyone is here."""
        spec, saved = self.spec, self.record.saved
        thinkers = self.hub.thinkers
        try:
            table = Table.for_spec(spec, delay=self.hub.policy.bot_delay, actions=saved.actions,
                                   results_read=saved.results_read,
                                   stand_in=lambda: thinkers.player(spec.game, self.stand_in_strength),
                                   on_waiting=self._tell_waiting)
        except (FileProblem, ValueError) as error:  # its ruleset changed or went away
            self.hub.journal("table cannot go on", table=self.number, problem=str(error))
            self.hub.close(self, "unplayable")
            return
        table.limit_time(self.hub.policy.turn_limit)
        for seat, chosen in enumerate(spec.seats):
            if not chosen.is_person:
                table.seat_computer(seat, thinkers.player(spec.game, chosen.strength))
        for seat in (*range(spec.players), None):
            table.listen(seat, self._listener(seat), self._notice_listener(seat))
        table.observe(self)
        self.table = table
        self.hands_kept = self.hub.history.last_number(self.number)
        self._keep_finished_hands()  # those a crash left out
        for seat, attendees in self.attendees.items():
            for attendee in attendees:
                self._open_for(attendee, seat)
        self._run_if_anyone()

    def _run_if_anyone(self) -> None:
        """Run the table if someone at it is here; those who are not are given the usual
        time to come back before a computer player stands in for them."""
        table = self.table
        if table is None or self.runner is not None or table.game.is_over:
            return
        if any(self._present(seat) for seat in self._people()):
            self.runner = asyncio.get_running_loop().create_task(self._run(table))
            self.hub.journal("table running", table=self.number)
            for seat in self._people():
                if not self._present(seat) and not table.is_away(seat):
                    self._start_away(seat)

    async def _run(self, table: Table) -> None:
        try:
            await table.run()
        except Exception as error:  # a bug must not take the hub down: the table waits, saved
            self.hub.journal("table failed", table=self.number, error=repr(error))
            self.runner = None
            return
        self.runner = None
        if table.game.is_over and not table.closed:
            self.hub.close(self, "finished")

    def pause(self) -> None:
        """Nobody at the table is here: it stops where it is (saved) until someone comes back."""
        runner = self.halt()
        if runner is not None:
            self.hub.journal("table waits", table=self.number)

    def halt(self) -> asyncio.Task | None:
        """Stop running the table, if it runs (no action is taken after this call); the
        task that ran it."""
        for seat in list(self.away_timers):
            self._cancel_away(seat)
        if self.abandon_timer is not None:  # its while is counted again from what is kept
            self.abandon_timer.cancel()
            self.abandon_timer = None
        if self.table is not None:
            self.table.stop()
        runner, self.runner = self.runner, None
        if runner is None:
            return None
        runner.cancel()
        table = self.table
        # The table marks every seat as wanted when its run ends; it is only waiting.
        runner.add_done_callback(lambda _: table.wants_nobody())
        return runner

    def close(self) -> None:
        """Stop for good: no action is taken, saved or told after this call (Hub.close)."""
        self.closed = True
        if self.table is not None:
            self.table.close()
        self.halt()

    def tell_closed(self, reason: str) -> None:
        """Tell everyone at the table, spectators too, that it is over, and let them go."""
        game = self.table.game if self.table is not None else None
        names = self.table.names if self.table is not None else self.spec.names
        for seat, attendees in list(self.attendees.items()):
            for attendee in list(attendees):
                attendee.closed(self.number, seat, reason, game.view(seat) if game is not None else None, names)
        self.attendees.clear()

    # --- what the table says -----------------------------------------------------------------------

    def table_moved(self, moved: Moved) -> None:
        """The table's observer: saved after every action and every result read."""
        game = self.table.game
        self.record.saved = replace(self.record.saved, actions=moved.actions, results_read=moved.results_read)
        self.record.hand = game.rounds_finished + (0 if game.is_over else 1)
        try:
            self.save()
        except OSError as error:
            self.hub.journal("save failed", table=self.number, error=error.strerror or error)
            raise
        self._keep_finished_hands()

    def _keep_finished_hands(self) -> None:
        """Every hand finished since the last one kept goes into the history, each whole
        (one that cannot be written now is tried again after the next action)."""
        game, history = self.table.game, self.hub.history
        try:
            self.hands_kept = history.keep_finished(self.number, self.spec, game.finished, game.is_over, self.hands_kept)
        except HistoryError as error:
            self.hands_kept = history.last_number(self.number)
            self.hub.journal("hand not kept", table=self.number, hand=self.hands_kept + 1, error=error)

    def _listener(self, seat: int | None):
        """What hears ``seat``'s updates (None: the spectators')."""
        def heard(update: Update) -> None:
            self._send(seat, update)
        return heard

    def _notice_listener(self, seat: int | None):
        """What hears the table's notices for ``seat``; the spectators' are the log's too
        (the table says everything to them, once)."""
        def heard(message: str) -> None:
            for attendee in list(self.attendees.get(seat, ())):
                attendee.noticed(self.number, message)
            if seat is None:
                self.hub.journal("table says", table=self.number, message=message)
        return heard

    def _tell_waiting(self, waiting: Waiting) -> None:
        """What the table waits for, to everyone at it, spectators too."""
        for seat, attendees in list(self.attendees.items()):
            for attendee in list(attendees):
                attendee.waiting(self.number, seat, waiting)

    def _open_for(self, attendee: Attendee, seat: int | None) -> None:
        """Everything ``seat`` may see so far, to one attendee."""
        attendee.updated(self.number, seat, self.table.opening(seat), self.table.names)
        self._read_for_programs(seat)

    def _send(self, seat: int | None, update: Update) -> None:
        attendees = list(self.attendees.get(seat, ()))
        for attendee in attendees:
            attendee.updated(self.number, seat, update, self.table.names)
        self._read_for_programs(seat)

    def _read_for_programs(self, seat: int | None) -> None:
        """A program cannot say it has read a hand's result: it has, once it was sent."""
        attendees = self.attendees.get(seat, ())
        if seat is None or not attendees or any(attendee.reads_results for attendee in attendees):
            return
        if self.table.result_unread_by(seat):
            self.table.result_read(seat)

