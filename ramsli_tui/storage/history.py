"""Every finished hand, kept in one SQLite database: the server's in its data folder
(``ramsli serve``), a person's own in their data folder (the app), the same schema for both.

    sessions        one row per session: the server's table it was played at (or the
                    local save it was played in), its game and ruleset, when it started
                    and ended, and each seat's standing at its end (higher is better)
    seats           who sat at each seat of a session: the name, and a computer player's
                    strength; ``who`` is what statistics and ratings know them by
                    ("person:Mia", "computer:hard"), none for a hand kept before names were
    hands           one row per finished hand: its session, number, game, when it was
                    finished, and its hand record (``ramsli-hand/1``, ``rami-hand/1``) as
                    JSON, the whole deck in it
    session_facts   each player's figures of each session (hands, tricks, chips won…, as
                    the game's ``facts`` names them), added up as each hand is kept, so that
                    statistics are a sum over sessions, never a replay of every record
    ratings         each player's OpenSkill rating at each game (``ratings.py``), moved
                    once by each session that ends

The file is its owner's alone (mode 0600), in WAL mode, with its schema's version in
``user_version``; a history of version 1 (the server's first: hands by table only) is
moved to version 2 in one transaction when it is opened, every hand kept.  Each hand is
one transaction, its facts with it, so a crash between hands loses nothing; a hand is kept
once (its session and number are unique), so writing it again after a restart changes
nothing.  The storage knows no game: each game says its facts (``GameKind.facts``).
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Sequence

from rich.cells import cell_len

from ..cards import Card
from ..games import GAMES, game_named
from ..games.facts import WON_FACT
from ..languages import N_, _, ngettext
from ..languages.words import Words, words_of
from ..table.spec import GameSpec
from ..yamlfile import MAX_DEPTH, MAX_DIGITS, irregular, shown_value
from .files import shown_path
from .ratings import NEW, Rating, rated

HISTORY_FILE = "history.sqlite3"
SCHEMA_VERSION = 2
HIGHEST_TABLE = 2**63 - 1  # SQLite's largest integer: no table is numbered higher
LOCK_WAIT = 0.5  # seconds a write waits for another ramsli's to end before it is tried again later (play never waits longer)
SCHEMA = """
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    table_number INTEGER,
    save TEXT,
    game TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    standing TEXT
);
CREATE INDEX sessions_by_place ON sessions (table_number, save);
CREATE TABLE seats (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    strength TEXT,
    who TEXT,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX seats_by_who ON seats (who);
CREATE TABLE hands (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    game TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (session_id, hand_number)
);
CREATE TABLE session_facts (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    who TEXT NOT NULL,
    game TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    fact TEXT NOT NULL,
    total INTEGER NOT NULL,
    PRIMARY KEY (session_id, who, fact)
);
CREATE INDEX facts_by_who ON session_facts (who, game, ruleset, fact);
CREATE TABLE ratings (
    who TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    sessions INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (who, game)
);
"""
SCHEMA_V1_HANDS = "hands_v1"  # the first version's one table, renamed while it is moved


class HistoryError(Exception):
    """The history cannot be read or written, in one line: ``Words``, English as ``str()``
    (the server's log), said in the operator's language by ``ramsli history``.
    ``unreadable``: the file is no history this ramsli can read (not a database, damaged,
    of another version, not a file), as against one it cannot use just now (locked, the
    disc full)."""

    def __init__(self, words: Words, unreadable: bool = True):
        super().__init__(words)
        self.unreadable = unreadable


def _failed(path: Path, error: Exception) -> HistoryError:
    """What the file system or SQLite said of ``path``, as they said it."""
    unreadable = isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError)
    return HistoryError(Words("{path}: {reason}", {"path": shown_path(path), "reason": _reason(error)},
                              translated=False), unreadable)


class Sitter(NamedTuple):
    """Who sat at a seat: a person by name, or a computer player of a strength."""

    name: str
    strength: str | None = None  # a computer player's; None: a person

    @property
    def who(self) -> str:
        """What statistics and ratings know the sitter by: each person by name, each
        computer strength as one player, whatever its seat was called."""
        return f"computer:{self.strength}" if self.strength else f"person:{self.name}"


class KeptHand(NamedTuple):
    table: int | None  # the server's table; None for a hand played alone
    game: str
    number: int
    finished_at: str  # ISO 8601, UTC
    record: dict[str, Any]
    session: int = 0


class KeptSession(NamedTuple):
    id: int
    table: int | None
    game: str
    ruleset: str
    started_at: str
    ended_at: str | None
    seats: tuple[Sitter | None, ...]  # None: a seat of a hand kept before names were
    hands: int
    standing: tuple[int, ...] | None  # each seat's at the end; None while it goes on

    def seated(self, who: str) -> bool:
        """Whether ``who`` ("person:Mia") sat at a seat of this session."""
        return any(seat is not None and seat.who == who for seat in self.seats)


class Standing(NamedTuple):
    """A player on the leaderboard of a game."""

    who: str
    rating: Rating
    sessions: int
    wins: int


def _records_of(game: str) -> Any:
    """``game``'s records, as its registration says."""
    return game_named(game).records


def record_of_hand(game: str, hand: Any) -> dict[str, Any]:
    """The hand record of a finished ``hand`` of ``game``, the whole deck in it."""
    return _records_of(game).record_of(hand)


def yaml_of(kept: KeptHand) -> str:
    """A kept hand as a YAML document: a comment line saying which it is, then its record
    as its game writes records (so that ``ramsli replay`` reads it as it stands)."""
    where = f"table {kept.table}" if kept.table is not None else f"session {kept.session}"
    heading = f"# {where}, hand {kept.number}, finished {kept.finished_at}\n"
    return heading + _records_of(kept.game).dump_record(kept.record)


def json_of(kept: KeptHand) -> dict[str, Any]:
    return {"table": kept.table, "session": kept.session, "game": kept.game, "hand": kept.number,
            "finished_at": kept.finished_at, "record": kept.record}


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class HandHistory:
    """The database of finished hands."""

    def __init__(self, connection: sqlite3.Connection, path: Path):
        self.connection = connection
        self.path = path

    @classmethod
    def open(cls, folder: Path) -> HandHistory:
        """The history of the data folder ``folder``, made (mode 0600) if it has none yet,
        moved to this version if it is of the first."""
        path = Path(folder) / HISTORY_FILE
        try:
            _refuse_irregular(path)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            os.chmod(path, 0o600)
            return cls._connected(path)
        except (OSError, sqlite3.Error) as error:
            raise _failed(path, error) from None

    @classmethod
    def open_existing(cls, folder: Path) -> HandHistory:
        """The history of ``folder`` for reading and deleting (moved to this version if it
        is of the first); HistoryError if there is none or it is not one."""
        path = Path(folder) / HISTORY_FILE
        try:
            if not path.exists():
                # TRANSLATORS: {path} the history's file, in the folder given to `ramsli history --data`
                raise HistoryError(Words(N_("{path}: there is no hand history here (ramsli serve keeps it in its "
                                            "data folder, the app in yours)"), {"path": shown_path(path)}))
            _refuse_irregular(path)
            return cls._connected(path)
        except (OSError, sqlite3.Error) as error:
            raise _failed(path, error) from None

    @classmethod
    def _connected(cls, path: Path) -> HandHistory:
        """The history at ``path``, there already, made ready to use (moved to this version)."""
        history = cls(sqlite3.connect(path, isolation_level=None, timeout=LOCK_WAIT), path)
        history._prepare()
        return history

    def _prepare(self) -> None:
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=FULL")
        version = self._version()
        if version == 0:
            with self._transaction():
                self._create()
        elif version == 1:
            with self._transaction():
                self._move_from_version_1()
        self._check_version()

    def _version(self) -> int:
        return self.connection.execute("PRAGMA user_version").fetchone()[0]

    def _create(self) -> None:
        make_schema(self.connection)

    def _move_from_version_1(self) -> None:
        """The first version's hands, by table and number, each into a session of its
        table: the ruleset from its first record (or its game's usual one), the seats
        unnamed (the first version kept no names), every record as it was."""
        self.connection.execute(f"ALTER TABLE hands RENAME TO {SCHEMA_V1_HANDS}")
        self._create()
        tables = self.connection.execute(
            f"SELECT table_number, game, MIN(finished_at) FROM {SCHEMA_V1_HANDS} GROUP BY table_number ORDER BY table_number")
        for table, game, started_at in tables.fetchall():
            first = self.connection.execute(
                f"SELECT record FROM {SCHEMA_V1_HANDS} WHERE table_number = ? ORDER BY hand_number LIMIT 1", (table,))
            record = _loose_json(first.fetchone()[0])
            session = self._new_session(table, None, game, _ruleset_of(game, record), started_at,
                                        [None] * _players_of(record))
            self.connection.execute(
                f"INSERT INTO hands SELECT ?, game, hand_number, finished_at, record FROM {SCHEMA_V1_HANDS} "
                "WHERE table_number = ?", (session, table))
        self.connection.execute(f"DROP TABLE {SCHEMA_V1_HANDS}")

    def _check_version(self) -> None:
        version = self._version()
        if version != SCHEMA_VERSION:
            # TRANSLATORS: {path} the history's file; {version} the version it has, {known} the one this ramsli reads
            raise HistoryError(Words(N_("{path}: it is a hand history of version {version}; this ramsli reads "
                                        "version {known}"),
                                     {"path": shown_path(self.path), "version": version, "known": SCHEMA_VERSION}))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK if the block fails."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def close(self) -> None:
        self.connection.close()

    # --- writing -------------------------------------------------------------------------------

    def add(self, place: int | str, game: str, number: int, record: dict[str, Any], *, ruleset: str = "",
            seats: Sequence[Sitter] = (), over: bool = False) -> None:
        """Keep hand ``number`` of the session played at ``place`` (a server's table
        number, or a local save's name), which starts with this hand if none is kept
        there yet; nothing changes if it is kept already.  Its seats' facts are added to the
        session's; ``over``: it was the session's last, which ends the session and rates
        its players."""
        finished_at = now()
        try:
            with self._transaction():
                session = self._session_at(place)
                if session is None:
                    session = self._new_session(*_place_columns(place), game, ruleset or _ruleset_of(game, record),
                                                finished_at, list(seats) or [None] * _players_of(record))
                kept = self.connection.execute("INSERT OR IGNORE INTO hands VALUES (?, ?, ?, ?, ?)",
                                               (session, game, number, finished_at, json.dumps(record))).rowcount
                if kept:
                    self._add_facts(session, game, record)
                    if over:
                        self._end(session, game, record, finished_at)
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    def keep_finished(self, place: int | str, spec: GameSpec, finished: Sequence[Any], over: bool, kept: int) -> int:
        """Every hand of ``finished`` (a session's, in order) after the first ``kept``
        goes into the history, each whole, the last one ending the session when it is
        ``over``; the number of the last one kept.  HistoryError if one cannot be written
        now (those before it are kept: ``last_number`` says how far)."""
        seats = sitters_of(spec)
        for number in range(kept + 1, len(finished) + 1):
            record = record_of_hand(spec.game, finished[number - 1])
            self.add(place, spec.game, number, record, ruleset=spec.ruleset, seats=seats,
                     over=over and number == len(finished))
            kept = number
        return kept

    def _session_at(self, place: int | str) -> int | None:
        """The session played at ``place``: a server's table, or a local save (each
        named once, by the time it was made), are each one session's."""
        table, save = _place_columns(place)
        row = self.connection.execute(
            "SELECT id FROM sessions WHERE table_number IS ? AND save IS ? ORDER BY id DESC LIMIT 1",
            (table, save)).fetchone()
        return row[0] if row else None

    def _new_session(self, table: int | None, save: str | None, game: str, ruleset: str, started_at: str,
                     seats: Sequence[Sitter | None]) -> int:
        session = self.connection.execute(
            "INSERT INTO sessions (table_number, save, game, ruleset, started_at) VALUES (?, ?, ?, ?, ?)",
            (table, save, game, ruleset, started_at)).lastrowid
        self.connection.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", [
            (session, seat, sitter.name if sitter else f"seat {seat + 1}", sitter.strength if sitter else None,
             sitter.who if sitter else None)
            for seat, sitter in enumerate(seats)])
        return session

    def _whos(self, session: int) -> list[str | None]:
        rows = self.connection.execute("SELECT who FROM seats WHERE session_id = ? ORDER BY seat", (session,))
        return [row[0] for row in rows]

    def _ruleset_of(self, session: int) -> str:
        return self.connection.execute("SELECT ruleset FROM sessions WHERE id = ?", (session,)).fetchone()[0]

    def _add_facts(self, session: int, game: str, record: dict[str, Any]) -> None:
        """The hand's facts, seat by seat, added to the session's figures of whoever sat
        there (a summed fact added, a fact kept as the largest kept if larger).  A record
        the game cannot read again now (its ruleset file gone) is kept without them."""
        facts = facts_of_game(game)
        if facts is None:
            return
        try:
            by_seat = facts.facts_of(record)
        except ValueError:
            return
        ruleset = self._ruleset_of(session)
        largest = {fact.name for fact in facts.FACTS if fact.kept == "max"}
        for who, figures in zip(self._whos(session), by_seat):
            if who is None:
                continue
            for fact, value in figures.items():
                self.connection.execute(
                    "INSERT INTO session_facts VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, who, fact) DO UPDATE "
                    "SET total = CASE WHEN ? THEN MAX(total, excluded.total) ELSE total + excluded.total END",
                    (session, who, game, ruleset, fact, value, fact in largest))

    def _end(self, session: int, game: str, record: dict[str, Any], ended_at: str) -> None:
        """The session is over after ``record``'s hand: its standing kept, its players rated."""
        facts = facts_of_game(game)
        try:
            standing = None if facts is None else list(facts.standing_after(record))
        except ValueError:
            standing = None
        self.connection.execute("UPDATE sessions SET ended_at = ?, standing = ? WHERE id = ?",
                                (ended_at, json.dumps(standing) if standing is not None else None, session))
        whos = self._whos(session)
        if standing is None:
            return
        best = max(standing)
        winners = {who for who, stood in zip(whos, standing) if stood == best}
        ruleset = self._ruleset_of(session)
        self.connection.executemany(
            "INSERT OR REPLACE INTO session_facts VALUES (?, ?, ?, ?, ?, ?)",
            [(session, who, game, ruleset, WON_FACT, int(who in winners)) for who in set(whos) if who is not None])
        if None in whos:
            return
        before = {who: self._rating(who, game) for who in whos}
        after = rated(before, whos, standing, facts.sides(len(whos)))
        for who, rating in after.items():
            self.connection.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (who, game) DO UPDATE "
                "SET mu = excluded.mu, sigma = excluded.sigma, sessions = sessions + 1, wins = wins + excluded.wins",
                (who, game, rating.mu, rating.sigma, int(who in winners)))

    def _rating(self, who: str, game: str) -> Rating:
        row = self.connection.execute("SELECT mu, sigma FROM ratings WHERE who = ? AND game = ?", (who, game)).fetchone()
        return Rating(*row) if row else NEW

    def delete(self, session: int) -> bool:
        """Forget session ``session``: its hands, seats and figures (a rating it moved
        stays as it was moved).  False if there is no such session."""
        try:
            with self._transaction():
                for table in ("hands", "session_facts", "seats"):
                    self.connection.execute(f"DELETE FROM {table} WHERE session_id = ?", (session,))
                return bool(self.connection.execute("DELETE FROM sessions WHERE id = ?", (session,)).rowcount)
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    # --- reading -------------------------------------------------------------------------------

    def last_number(self, place: int | str) -> int:
        """The number of the last hand kept of the session played at ``place`` (0: none)."""
        session = self._session_at(place)
        if session is None:
            return 0
        row = self.connection.execute("SELECT MAX(hand_number) FROM hands WHERE session_id = ?", (session,)).fetchone()
        return row[0] or 0

    def hands(self, table: int | None = None, session: int | None = None) -> list[KeptHand]:
        """Every hand kept, by session then number; only ``table``'s, or ``session``'s, when given."""
        try:
            return list(self._rows(table, session))
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    def _rows(self, table: int | None, session: int | None) -> Iterator[KeptHand]:
        query = ("SELECT sessions.table_number, hands.game, hand_number, finished_at, record, session_id "
                 "FROM hands JOIN sessions ON sessions.id = session_id")
        if table is not None:
            rows = self.connection.execute(query + " WHERE table_number = ? ORDER BY session_id, hand_number", (table,))
        elif session is not None:
            rows = self.connection.execute(query + " WHERE session_id = ? ORDER BY hand_number", (session,))
        else:
            rows = self.connection.execute(query + " ORDER BY session_id, hand_number")
        for row in rows:
            try:
                yield kept_hand(*row)
            except ValueError as error:
                where = Words(N_("table {table}"), {"table": shown_value(row[0])}) if row[0] is not None else \
                    Words(N_("session {session}"), {"session": shown_value(row[5])})
                # TRANSLATORS: {path} the history's file; a hand kept in it, {where} its table or session and
                # {number} its number; {problem} what is wrong with it ("its record is not JSON text")
                raise HistoryError(Words(N_("{path}: {where}, hand {number}: {problem}"),
                                         {"path": shown_path(self.path), "where": where,
                                          "number": shown_value(row[2]), "problem": words_of(error)})) from None

    def sessions(self, who: str | None = None) -> list[KeptSession]:
        """Every session kept, the latest first; only those ``who`` sat at, when given."""
        if who is None:
            return self._sessions("ORDER BY id DESC", ())
        return self._sessions("WHERE id IN (SELECT session_id FROM seats WHERE who = ?) ORDER BY id DESC", (who,))

    def session(self, id: int) -> KeptSession | None:
        """Session ``id``, None if there is none."""
        return next(iter(self._sessions("WHERE id = ?", (id,))), None)

    def _sessions(self, chosen: str, values: Sequence[Any]) -> list[KeptSession]:
        """The sessions that ``chosen`` (the end of the query: a condition, an order) picks."""
        try:
            rows = self.connection.execute(
                "SELECT id, table_number, game, ruleset, started_at, ended_at, standing, "
                f"(SELECT COUNT(*) FROM hands WHERE session_id = id) FROM sessions {chosen}", values).fetchall()
            return [self._session(*row) for row in rows]
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    def _session(self, id: int, table: int | None, game: str, ruleset: str, started_at: str, ended_at: str | None,
                 standing: str | None, hands: int) -> KeptSession:
        seats = tuple(
            Sitter(name, strength) if who is not None else None
            for name, strength, who in self.connection.execute(
                "SELECT name, strength, who FROM seats WHERE session_id = ? ORDER BY seat", (id,)))
        shown_standing = tuple(json.loads(standing)) if standing else None
        return KeptSession(id, table, game, ruleset, started_at, ended_at, seats, hands, shown_standing)

    def figures(self, who: str, game: str, ruleset: str | None = None) -> tuple[int, dict[str, int]]:
        """How many sessions of ``game`` ``who`` sat at (of ``ruleset``, or of any), and their
        figures over all of them: each summed fact's sum, each fact kept as the largest its largest."""
        largest = {fact.name for fact in facts_told(game) if fact.kept == "max"}
        where, values = _facts_of_player(who, game, ruleset)
        try:
            rows = self.connection.execute(
                f"SELECT fact, SUM(total), MAX(total), COUNT(DISTINCT session_id) FROM session_facts WHERE {where} "
                "GROUP BY fact", values).fetchall()
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None
        figures = {fact: (most if fact in largest else summed) for fact, summed, most, _ in rows}
        return max((count for *_, count in rows), default=0), figures

    def series(self, who: str, game: str, facts: Sequence[str], ruleset: str | None = None) -> list[dict[str, int]]:
        """``who``'s totals of ``facts`` session by session, the oldest first (a fact a
        session has no figure of is 0 there)."""
        where, values = _facts_of_player(who, game, ruleset)
        marks = ", ".join("?" * len(facts))
        try:
            rows = self.connection.execute(
                f"SELECT session_id, fact, total FROM session_facts WHERE {where} AND fact IN ({marks}) "
                "ORDER BY session_id", [*values, *facts]).fetchall()
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None
        sessions: dict[int, dict[str, int]] = {}
        for session, fact, total in rows:
            sessions.setdefault(session, dict.fromkeys(facts, 0))[fact] = total
        return list(sessions.values())

    def players(self, game: str | None = None) -> list[str]:
        """Everyone kept at a seat (of ``game``, or of any), as statistics know them."""
        if game is None:
            rows = self.connection.execute("SELECT DISTINCT who FROM seats WHERE who IS NOT NULL ORDER BY who")
        else:
            rows = self.connection.execute(
                "SELECT DISTINCT who FROM seats JOIN sessions ON sessions.id = session_id "
                "WHERE who IS NOT NULL AND game = ? ORDER BY who", (game,))
        return [row[0] for row in rows]

    def leaderboard(self, game: str, ruleset: str | None = None) -> list[Standing]:
        """Every rated player of ``game``, the highest rating first; with ``ruleset``, those
        who ended a session of it, with the sessions of it they ended and won (a rating
        is one per game, moved by the sessions of every ruleset)."""
        return sorted(self._standings(game, ruleset), key=lambda standing: (-standing.rating.shown, standing.who))

    def standing_of(self, who: str, game: str, ruleset: str | None = None) -> Standing | None:
        """``who``'s line of ``game``'s leaderboard (of ``ruleset``, as ``leaderboard``); None: not on it."""
        return next(iter(self._standings(game, ruleset, who)), None)

    def _standings(self, game: str, ruleset: str | None, who: str | None = None) -> list[Standing]:
        """The rated players of ``game`` (only ``who``, when given), as ``leaderboard`` counts them."""
        only, whom = (" AND who = ?", [who]) if who is not None else ("", [])
        try:
            rows = self.connection.execute(
                f"SELECT who, mu, sigma, sessions, wins FROM ratings WHERE game = ?{only}", [game, *whom]).fetchall()
            if ruleset is not None:
                ended = {who: (sessions, wins) for who, sessions, wins in self.connection.execute(
                    "SELECT who, COUNT(*), SUM(total) FROM sessions JOIN session_facts ON session_id = sessions.id "
                    f"WHERE fact = ? AND sessions.game = ? AND sessions.ruleset = ?{only} GROUP BY who",
                    [WON_FACT, game, ruleset, *whom])}
                rows = [(who, mu, sigma, *ended[who]) for who, mu, sigma, _sessions, _wins in rows if who in ended]
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None
        return [Standing(who, Rating(mu, sigma), sessions, wins) for who, mu, sigma, sessions, wins in rows]


class KeptAtTheTable:
    """A table's observer that keeps each hand in the history as it finishes, with the
    session played at ``place``: a hand that cannot be written now (the file locked by
    another ramsli, the disc full) is tried again when the next hand finishes, so that
    play never waits on it more than once a hand; ``told`` hears why, once."""

    def __init__(self, history: HandHistory, place: int | str, spec: GameSpec, game: Callable[[], Any],
                 told: Callable[[HistoryError], None]):
        """``game()``: the table's game as it stands."""
        self.history, self.place, self.spec, self.game, self.told = history, place, spec, game, told
        self.kept = self._kept_so_far()
        self.tried = self.kept  # the hands finished when it was last tried
        self.said = False

    def table_moved(self, moved: Any = None) -> None:
        game = self.game()
        finished = len(game.finished)
        if finished == self.tried:
            return  # nothing new to keep, or nothing since it last failed
        self.tried = finished
        try:
            self.kept = self.history.keep_finished(self.place, self.spec, game.finished, game.is_over, self.kept)
        except HistoryError as error:
            self.kept = self._kept_so_far()
            if not self.said:
                self.said = True
                self.told(error)

    def _kept_so_far(self) -> int:
        try:
            return self.history.last_number(self.place)
        except sqlite3.Error:
            return 0


class Statistics(NamedTuple):
    """A player's figures at one game (over one ruleset, or all): how many sessions and
    each fact's figure, and their rating there, if a session of theirs has ended."""

    who: str
    game: str
    ruleset: str | None
    sessions: int
    figures: dict[str, int]
    standing: Standing | None

    def as_json(self) -> dict[str, Any]:
        rating = self.standing
        return {"game": self.game, "ruleset": self.ruleset, "sessions": self.sessions, "figures": self.figures,
                "rating": None if rating is None else {"shown": rating.rating.shown, "mu": rating.rating.mu,
                                                       "sigma": rating.rating.sigma, "sessions": rating.sessions,
                                                       "wins": rating.wins}}

    def said(self, name: str) -> str:
        """The figures in lines, in the reader's language: a head, then a row for each
        fact with its label and its figure, and a summed one's share of the hands and of
        the sessions played where the game shows one, in columns as wide as they need."""
        kind = game_named(self.game)
        # TRANSLATORS: the head of a player's statistics: {name} the player, {game} "Ramsli", {rulesets} "classic" or "every ruleset", {count} their sessions
        lines = [ngettext("{name} at {game} ({rulesets}): {count} session",
                          "{name} at {game} ({rulesets}): {count} sessions", self.sessions).format(
            name=name, game=kind.short_title, rulesets=self.ruleset or _("every ruleset"), count=self.sessions)]
        # TRANSLATORS: the column heads of a player's statistics: a figure over all their hands, then its share of each hand and of each session
        rows = [("", _("in all"), _("a hand"), _("a session"))]
        rows += [(_(fact.label), str(self.figures.get(fact.name, 0)), *self._shares(fact)) for fact in facts_told(self.game)]
        rows += [(_(ratio.label), self._ratio(ratio), "", "") for ratio in ratios_of(self.game)]
        widths = [max(cell_len(row[column]) for row in rows) for column in range(4)]
        for label, *figures in rows:
            cells = [label + " " * (widths[0] - cell_len(label))]
            cells += [" " * (width - cell_len(figure)) + figure for figure, width in zip(figures, widths[1:])]
            lines.append(("  " + "  ".join(cells)).rstrip())
        if self.standing is not None:
            # TRANSLATORS: a player's rating, {rating} as the leaderboard shows it, of {count} sessions, {wins} of them won
            lines.append("  " + ngettext("Rating {rating} ({count} session rated, {wins} won)",
                                         "Rating {rating} ({count} sessions rated, {wins} won)",
                                         self.standing.sessions).format(
                rating=self.standing.rating.shown, count=self.standing.sessions, wins=self.standing.wins))
        return "\n".join(lines)

    def _ratio(self, ratio: Any) -> str:
        """``ratio``'s figure: its fact's over its ``of``'s, a dash when there is none of that."""
        of = self.figures.get(ratio.of, 0)
        return f"{self.figures.get(ratio.fact, 0) / of:.2f}" if of else "–"

    def _shares(self, fact: Any) -> tuple[str, str]:
        """``fact``'s figure a hand and a session played, where the game shows it so ("" where not)."""
        value, hands = self.figures.get(fact.name, 0), self.figures.get("hands", 0)
        return tuple(f"{value / count:.2f}" if fact.kept == "sum" and per in fact.shares and count else ""
                     for per, count in (("hand", hands), ("session", self.sessions)))


def player_statistics(history: HandHistory, who: str, game: str, ruleset: str | None = None) -> Statistics:
    """``who``'s statistics at ``game`` (of ``ruleset``, or every one), from the figures
    kept at write time."""
    sessions, figures = history.figures(who, game, ruleset)
    return Statistics(who, game, ruleset, sessions, figures, history.standing_of(who, game, ruleset))


def session_json(session: KeptSession) -> dict[str, Any]:
    """A kept session as ``ramsli history list --json`` prints it."""
    return {"session": session.id, "table": session.table, "game": session.game, "ruleset": session.ruleset,
            "started_at": session.started_at, "ended_at": session.ended_at, "hands": session.hands,
            "seats": [None if seat is None else {"name": seat.name, "strength": seat.strength}
                      for seat in session.seats],
            "standing": None if session.standing is None else list(session.standing)}


def named(sessions: Iterable[KeptSession], hands: Sequence[KeptHand]) -> list[KeptHand]:
    """``hands`` with their players' names in their records (``names``, as records may
    have them), where their session (one of ``sessions``) knows them and the record does
    not say them already."""
    seats = {session.id: session.seats for session in sessions}
    return [kept if "names" in kept.record or not seats.get(kept.session) or None in seats[kept.session]
            else kept._replace(record={**kept.record, "names": [seat.name for seat in seats[kept.session]]})
            for kept in hands]


def standing_after(kept: KeptHand) -> tuple[int, ...] | None:
    """Each seat's standing once ``kept``'s hand was settled, as its game tells it (None
    if its record cannot be replayed now: a ruleset file gone)."""
    facts = facts_of_game(kept.game)
    try:
        return None if facts is None else tuple(facts.standing_after(kept.record))
    except ValueError:
        return None


def seat_names(session: KeptSession) -> list[str]:
    """Who sat at each seat of ``session``: each by name, a seat kept before names were by its number."""
    # TRANSLATORS: a seat of a session kept before names were, by its number from 1
    return [sitter.name if sitter is not None else _("Seat {number}").format(number=seat + 1)
            for seat, sitter in enumerate(session.seats)]


def shown_time(iso: str) -> str:
    """A time kept (ISO 8601, UTC) as a date and minutes: "2026-12-02 15:06"."""
    return iso[:16].replace("T", " ")


def shown_standing(game: str, standing: Sequence[int]) -> tuple[int, ...]:
    """A standing as ``game``'s players read it (its facts' ``shown_standing``: Rami's
    points), or as it is kept (chips) where the game says nothing."""
    shown = getattr(facts_of_game(game), "shown_standing", None)
    return tuple(shown(standing)) if shown is not None else tuple(standing)


def standing_words(game: str, names: Sequence[str], standing: Sequence[int] | None, joined: str = " · ") -> str:
    """Each player with their standing as the game's players read it, "Mia 34 · Anna 12"
    (a dash when it is not known)."""
    if standing is None:
        return "–"
    return joined.join(f"{name} {stood}" for name, stood in zip(names, shown_standing(game, standing)))


def facts_of_game(game: str) -> Any:
    """``game``'s facts (``GameKind.facts``), or None if it tells none."""
    return getattr(game_named(game), "facts", None) if game in GAMES else None


def facts_told(game: str) -> tuple[Any, ...]:
    """The facts ``game`` tells of a player: those of each hand, then the sessions won
    (none, for a game that tells none)."""
    facts = facts_of_game(game)
    return (*facts.FACTS, facts.WON) if facts is not None else ()


def ratios_of(game: str) -> tuple[Any, ...]:
    """The figures ``game``'s statistics show as one fact over another (its facts' ``RATIOS``)."""
    return tuple(getattr(facts_of_game(game), "RATIOS", ()))


def charts_of(game: str) -> tuple[Any, ...]:
    """The figures ``game``'s statistics draw session by session (its facts' ``CHARTS``)."""
    return tuple(getattr(facts_of_game(game), "CHARTS", ()))


def sitters_of(spec: GameSpec) -> list[Sitter]:
    """Who sits at each seat of ``spec``'s table, as the history keeps them."""
    return [Sitter(seat.name, None if seat.is_person else seat.strength) for seat in spec.seats]


def make_schema(connection: sqlite3.Connection) -> None:
    """This version's tables, in ``connection``'s transaction (a script would commit it)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            connection.execute(statement)
    connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def _facts_of_player(who: str, game: str, ruleset: str | None) -> tuple[str, list[Any]]:
    """The condition on ``session_facts`` of ``who``'s rows at ``game`` (of ``ruleset``, or of any), and its values."""
    if ruleset is None:
        return "who = ? AND game = ?", [who, game]
    return "who = ? AND game = ? AND ruleset = ?", [who, game, ruleset]


def _place_columns(place: int | str) -> tuple[int | None, str | None]:
    """A session's place as its two columns: a server's table number, or a local save's name."""
    return (place, None) if isinstance(place, int) else (None, place)


def _loose_json(text: Any) -> Any:
    """A record's JSON, or None where it is not (the first version's file may hold anything)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None


def _ruleset_of(game: str, record: Any) -> str:
    """The ruleset a record names, else its game's usual one (a Rami record names none)."""
    named = record.get("ruleset") if isinstance(record, dict) else None
    if isinstance(named, str):
        return named
    return game_named(game).default_ruleset if game in GAMES else ""


def _players_of(record: Any) -> int:
    players = record.get("players") if isinstance(record, dict) else None
    return players if type(players) is int and 0 < players <= 16 else 0


# --- what a kept hand must be, to be printed --------------------------------------------------

def kept_hand(table: Any, game: Any, number: Any, finished_at: Any, text: Any, session: Any = 0) -> KeptHand:
    """A row of the history as a kept hand, if it is one ``yaml_of`` and ``json_of`` can
    print as it stands; ValueError saying what is wrong if not (a history written by
    another program, or by hand)."""
    if not ((table is None or type(table) is int) and type(number) is int and isinstance(finished_at, str)):
        raise ValueError(Words(N_("its table, number or time is not what ramsli serve keeps")))
    if game not in GAMES:
        # TRANSLATORS: {game} the game a kept hand names; {games} those this ramsli knows ("ramsli, rami")
        raise ValueError(Words(N_("it is a hand of {game}, a game this ramsli does not know (it knows {games})"),
                               {"game": shown_value(game), "games": ", ".join(GAMES)}))
    try:
        datetime.fromisoformat(finished_at)
    except ValueError:
        # TRANSLATORS: {time} what a kept hand has for the time it was finished
        raise ValueError(Words(N_("the time it was finished, {time}, is not a time (ISO 8601)"),
                               {"time": shown_value(finished_at)})) from None
    return KeptHand(table, game, number, finished_at, _record_read(text), session)


def _record_read(text: Any) -> dict[str, Any]:
    """A kept hand's record from its JSON text: a mapping, nested at most ``MAX_DEPTH``
    deep, with a deck of card codes and a list of actions; ValueError if not."""
    if not isinstance(text, str):
        raise ValueError(Words(N_("its record is not JSON text")))
    try:
        record = json.loads(text, parse_int=_whole_number, parse_float=_finite_number, parse_constant=_no_number)
    except RecursionError:
        raise ValueError(_too_deep()) from None
    except json.JSONDecodeError as error:
        # TRANSLATORS: {reason} what Python's JSON reader said, as it said it (English); {position} where
        raise ValueError(Words(N_("its record is not JSON ({reason}, at character {position})"),
                               {"reason": error.msg, "position": error.pos})) from None
    if not isinstance(record, dict):
        # TRANSLATORS: {kind} what the record is instead: "a list", "text", "a number", or a value
        raise ValueError(Words(N_("its record is {kind}, not a mapping of keys to values"), {"kind": _kind(record)}))
    if _nesting(record) > MAX_DEPTH:
        raise ValueError(_too_deep())
    _check_deck_and_actions(record)
    return record


def _check_deck_and_actions(record: dict[str, Any]) -> None:
    """The two keys ``yaml_of`` writes on lines of their own: a deck of card codes, and
    actions that are mappings (each one line of YAML)."""
    deck, actions = record.get("deck"), record.get("actions")
    if not isinstance(deck, list):
        raise ValueError(Words(N_("its record has no deck (a list of card codes)")))
    for code in deck:
        try:
            Card.from_code(code)
        except ValueError:
            # TRANSLATORS: {code} what a kept record's deck holds instead of a card's code
            raise ValueError(Words(N_("its deck holds {code}, not a card code"), {"code": shown_value(code)})) from None
    if not (isinstance(actions, list) and all(isinstance(action, dict) for action in actions)):
        raise ValueError(Words(N_("its record has no actions (a list of mappings)")))


def _whole_number(text: str) -> int:
    """A JSON integer of at most ``MAX_DIGITS`` digits, as a hand record's are."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(Words(N_("its record holds a number of more than {digits} digits"), {"digits": MAX_DIGITS}))
    return int(text)


def _finite_number(text: str) -> float:
    """A JSON fraction that stays a number JSON can write again (not 1e999, infinity)."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(Words(N_("its record holds a number too large for JSON")))
    return number


def _no_number(text: str) -> float:
    """NaN, Infinity and -Infinity, which Python's JSON reads but JSON has not."""
    # TRANSLATORS: {text} NaN, Infinity or -Infinity, as the record writes it
    raise ValueError(Words(N_("its record holds {text}, which JSON has no number for"), {"text": text}))


def _kind(value: Any) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, list):
        return Words(N_("a list"))
    if isinstance(value, str):
        return Words(N_("text"))
    return Words(N_("a number")) if isinstance(value, (int, float)) and not isinstance(value, bool) else shown_value(value)


def _nesting(value: Any) -> int:
    """How deep lists and mappings nest in ``value`` (1: a list of scalars), counted
    without recursion."""
    deepest, waiting = 0, [(value, 0)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            waiting.extend((inner, depth) for inner in (value.values() if isinstance(value, dict) else value))
    return deepest


def _refuse_irregular(path: Path) -> None:
    """HistoryError if ``path`` is there but is not a regular file (a FIFO would block
    the opening, a device or a folder is no history): told from its ``stat``, never opened."""
    try:
        kind = irregular(os.stat(path))
    except FileNotFoundError:
        return
    if kind is not None:
        # TRANSLATORS: {path} the history's file; {kind} what it is instead ("a folder", "a FIFO (a named pipe)")
        raise HistoryError(Words(N_("{path}: is {kind}, not a regular file"), {"path": shown_path(path), "kind": kind}))


def _too_deep() -> Words:
    return Words(N_("its record is nested more than {depth} deep"), {"depth": MAX_DEPTH})


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
