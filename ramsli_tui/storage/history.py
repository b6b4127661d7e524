"""Every finished hand of ``ramsli serve``, kept in one SQLite database in the data folder.

    history.sqlite3   one row per finished hand: its table, game, hand number, when it
                      was finished, and its hand record (``ramsli-hand/1`` for Ramsli,
                      ``rami-hand/1`` for Rami) as JSON, the whole deck in it

The file is the operator's alone (mode 0600), in WAL mode, with its schema's version in
``user_version``.  Each hand is one transaction, so a crash between hands loses nothing;
a hand is kept once (its table and number are unique), so writing it again after a
restart changes nothing.  ``ramsli history export`` reads it (``open_existing``): never
over SSH.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from ..cards import Card
from ..games import GAMES, game_named
from ..languages import N_
from ..languages.words import Words, words_of
from .files import shown_path
from ..yamlfile import MAX_DEPTH, MAX_DIGITS, irregular, shown_value

HISTORY_FILE = "history.sqlite3"
SCHEMA_VERSION = 1
HIGHEST_TABLE = 2**63 - 1  # SQLite's largest integer: no table is numbered higher
SCHEMA = """
CREATE TABLE IF NOT EXISTS hands (
    table_number INTEGER NOT NULL,
    game TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_number, hand_number)
)
"""


class HistoryError(Exception):
    """The history cannot be read or written, in one line: ``Words``, English as ``str()``
    (the server's log), said in the operator's language by ``ramsli history``."""


def _failed(path: Path, error: Exception) -> HistoryError:
    """What the file system or SQLite said of ``path``, as they said it."""
    return HistoryError(Words("{path}: {reason}", {"path": shown_path(path), "reason": _reason(error)}, translated=False))


class KeptHand(NamedTuple):
    table: int
    game: str
    number: int
    finished_at: str  # ISO 8601, UTC
    record: dict[str, Any]


def _records_of(game: str) -> Any:
    """``game``'s records, as its registration says."""
    return game_named(game).records


def record_of_hand(game: str, hand: Any) -> dict[str, Any]:
    """The hand record of a finished ``hand`` of ``game``, the whole deck in it."""
    return _records_of(game).record_of(hand)


def yaml_of(kept: KeptHand) -> str:
    """A kept hand as a YAML document: a comment line saying which it is, then its record
    as its game writes records (so that ``ramsli replay`` reads it as it stands)."""
    heading = f"# table {kept.table}, hand {kept.number}, finished {kept.finished_at}\n"
    return heading + _records_of(kept.game).dump_record(kept.record)


def json_of(kept: KeptHand) -> dict[str, Any]:
    return {"table": kept.table, "game": kept.game, "hand": kept.number,
            "finished_at": kept.finished_at, "record": kept.record}


class HandHistory:
    """The database of finished hands."""

    def __init__(self, connection: sqlite3.Connection, path: Path):
        self.connection = connection
        self.path = path

    @classmethod
    def open(cls, folder: Path) -> HandHistory:
        """The history of the data folder ``folder``, made (mode 0600) if it has none yet."""
        path = Path(folder) / HISTORY_FILE
        try:
            _refuse_irregular(path)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            os.chmod(path, 0o600)
            connection = sqlite3.connect(path, isolation_level=None)
            history = cls(connection, path)
            history._prepare()
        except (OSError, sqlite3.Error) as error:
            raise _failed(path, error) from None
        return history

    @classmethod
    def open_existing(cls, folder: Path) -> HandHistory:
        """The history of ``folder`` for reading; HistoryError if there is none or it is not one."""
        path = Path(folder) / HISTORY_FILE
        try:
            if not path.exists():
                # TRANSLATORS: {path} the history's file, in the folder given to `ramsli history export --data`
                raise HistoryError(Words(N_("{path}: there is no hand history here (ramsli serve keeps it in its "
                                            "data folder)"), {"path": shown_path(path)}))
            _refuse_irregular(path)
            connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            history = cls(connection, path)
            history._check_version()
        except (OSError, sqlite3.Error) as error:
            raise _failed(path, error) from None
        return history

    def _prepare(self) -> None:
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=FULL")
        version = self.connection.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            with self._transaction():
                self.connection.execute(SCHEMA)
                self.connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        self._check_version()

    def _check_version(self) -> None:
        version = self.connection.execute("PRAGMA user_version").fetchone()[0]
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

    # --- writing and reading -------------------------------------------------------------------

    def add(self, table: int, game: str, number: int, record: dict[str, Any]) -> None:
        """Keep hand ``number`` of ``table`` (nothing changes if it is kept already)."""
        finished_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
        try:
            with self._transaction():
                self.connection.execute(
                    "INSERT OR IGNORE INTO hands VALUES (?, ?, ?, ?, ?)",
                    (table, game, number, finished_at, json.dumps(record)),
                )
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    def last_number(self, table: int) -> int:
        """The number of the last hand of ``table`` kept (0: none)."""
        row = self.connection.execute("SELECT MAX(hand_number) FROM hands WHERE table_number = ?", (table,)).fetchone()
        return row[0] or 0

    def hands(self, table: int | None = None) -> list[KeptHand]:
        """Every hand kept, by table then number; only ``table``'s when it is given."""
        try:
            return list(self._rows(table))
        except sqlite3.Error as error:
            raise _failed(self.path, error) from None

    def _rows(self, table: int | None) -> Iterator[KeptHand]:
        query = "SELECT table_number, game, hand_number, finished_at, record FROM hands"
        if table is None:
            rows = self.connection.execute(query + " ORDER BY table_number, hand_number")
        else:
            rows = self.connection.execute(query + " WHERE table_number = ? ORDER BY hand_number", (table,))
        for row in rows:
            try:
                yield kept_hand(*row)
            except ValueError as error:
                # TRANSLATORS: {path} the history's file; a hand kept in it, {table} its table and {number} its
                # number; {problem} what is wrong with it ("its record is not JSON text")
                raise HistoryError(Words(N_("{path}: table {table}, hand {number}: {problem}"),
                                         {"path": shown_path(self.path), "table": shown_value(row[0]),
                                          "number": shown_value(row[2]), "problem": words_of(error)})) from None


# --- what a kept hand must be, to be printed --------------------------------------------------

def kept_hand(table: Any, game: Any, number: Any, finished_at: Any, text: Any) -> KeptHand:
    """A row of the history as a kept hand, if it is one ``yaml_of`` and ``json_of`` can
    print as it stands; ValueError saying what is wrong if not (a history written by
    another program, or by hand)."""
    if not (type(table) is int and type(number) is int and isinstance(finished_at, str)):
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
    return KeptHand(table, game, number, finished_at, _record_read(text))


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
