"""What ``ramsli serve`` keeps in its data folder, so that a restart, even after
``kill -9``, finds every table and every name where it was.

    host_key          the server's ed25519 key, made on the first start (mode 0600)
    names.json        the key each player's name is bound to
    languages.json    the language each player chose last on this server (a code by name)
    settings.json     how each player likes the table: theme, card faces, … (by name)
    tables/N.json     table N: its seats, who sits in each, and every action so far
    tables/closed/    tables that finished, that everyone left or that nobody came to: kept,
                      never read again
    serve.lock        held while a server runs on the folder
    run/sessions/     each app session's own folder while it runs; what a killed
                      server left in run/ is removed at the next start

The server makes the folder (mode 0700) if there is none.  It takes an existing one
only if it is empty or a data folder already (it holds one of ``DATA_MARKS``), and
leaves that folder's mode as it is.

Every file is written atomically and synced (storage/files.py), so it is always the
old text or the new one.  A table file that cannot be read is set aside under a new name, never
deleted, and said so.  A table's session is a ``SavedGame`` (storage/saves.py), the
same that local play writes: its spec and actions replay it exactly.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterator

import asyncssh

from ..storage.files import (
    LockTaken, LockUnsupported, in_one_line, json_of_format, open_locked, unused_name, write_atomically,
)
from ..languages import N_
from ..languages.choice import language_code
from ..languages.words import Words
from ..names import folded, look_alike, normalised
from ..storage.saves import SavedGame, whole
from ..storage.settings import PERSONAL, Settings

TABLE_FORMAT = "ramsli-served-table/1"
NAMES_FORMAT = "ramsli-served-names/1"
LANGUAGES_FORMAT = "ramsli-served-languages/1"
SETTINGS_FORMAT = "ramsli-served-settings/1"
DATA_MARKS = ("serve.lock", "host_key", "names.json", "tables", "history.sqlite3")  # what only a data folder holds


class ServeError(Exception):
    """Something that stops the server from starting, in one line."""


@dataclass
class ServedTable:
    """One table as the server keeps it.  ``saved`` is its session: its spec, where a
    seat not yet taken is a person's seat with no owner, and the actions so far.
    ``owners`` names each person's seat by the fingerprint of its key (None for a
    computer player's or an open seat)."""

    number: int
    creator: str
    owners: list[str | None]
    saved: SavedGame
    started: bool = False
    hand: int = 0  # the hand being played, shown in the list of tables
    deserted_at: float | None = None  # when the last person left it before it started (Unix time)
    acted_at: dict[str, float] = field(default_factory=dict)  # when each person last acted here, by key

    def kind_of(self, seat: int) -> str:
        """``person``, ``bot`` or ``open``: what sits in ``seat``."""
        if not self.saved.spec.seats[seat].is_person:
            return "bot"
        return "person" if self.owners[seat] is not None else "open"

    def to_json(self) -> str:
        return json.dumps({
            "format": TABLE_FORMAT,
            "table": self.number,
            "creator": self.creator,
            "owners": self.owners,
            "started": self.started,
            "hand": self.hand,
            "deserted_at": self.deserted_at,
            "acted_at": self.acted_at,
            "session": json.loads(self.saved.to_json()),
        }, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ServedTable:
        """A table from its file; ValueError saying what is wrong."""
        data = json_of_format(text, "table", TABLE_FORMAT)
        saved = SavedGame.from_json(json.dumps(data.get("session")))
        try:
            owners = data["owners"]
            if not isinstance(owners, list) or len(owners) != saved.spec.players:
                raise ValueError("owners")
            if not all(owner is None or isinstance(owner, str) for owner in owners):
                raise ValueError("owners")
            if not isinstance(data["creator"], str) or not isinstance(data["started"], bool):
                raise ValueError("creator" if not isinstance(data["creator"], str) else "started")
            return cls(whole(data, "table"), data["creator"], owners, saved, data["started"], whole(data, "hand"),
                       _time_or_none(data, "deserted_at"), _times_by_key(data, "acted_at"))
        except (KeyError, ValueError) as error:
            raise ValueError(f"it is missing or has a wrong '{error.args[0]}'") from None


def _time_or_none(data: dict, key: str) -> float | None:
    """An optional time (tables kept before it was written have none)."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValueError(key)
    return float(value)


def _times_by_key(data: dict, key: str) -> dict[str, float]:
    """An optional mapping of key fingerprints to times."""
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(
            isinstance(who, str) and not isinstance(when, bool) and isinstance(when, (int, float))
            for who, when in value.items()):
        raise ValueError(key)
    return {who: float(when) for who, when in value.items()}


FILE_KINDS = ((stat.S_ISLNK, N_("a symbolic link")), (stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a FIFO")),
              (stat.S_ISSOCK, N_("a socket")), (stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")))


# TRANSLATORS: {path} the server's host key file; {reason} why, often the system's own words
HOST_KEY_UNREADABLE = N_("{path} cannot be read as the host key ({reason})")


def _check_private(path: Path, found: os.stat_result) -> None:
    """ServeError unless ``path`` (as ``lstat`` found it) is a regular file for its owner alone."""
    if not stat.S_ISREG(found.st_mode):
        kind = next((name for is_kind, name in FILE_KINDS if is_kind(found.st_mode)), N_("not a file"))
        # TRANSLATORS: {path} the host key's file, {kind} what it is ("a folder", "a FIFO")
        raise ServeError(Words(N_("{path} is {kind}, not a regular file: the host key must be one"),
                               {"path": str(path), "kind": Words(kind)}))
    mode = stat.S_IMODE(found.st_mode)
    if mode & 0o077:
        fields = {"path": str(path), "mode": f"{mode:04o}"}
        if mode & 0o044:
            raise ServeError(Words(N_("{path} is readable by others (mode {mode}): chmod 600 it"), fields))
        if mode & 0o022:
            raise ServeError(Words(N_("{path} is writable by others (mode {mode}): chmod 600 it"), fields))
        raise ServeError(Words(N_("{path} is open to others (mode {mode}): chmod 600 it"), fields))


class ServerFolder:
    """The data folder of one server."""

    def __init__(self, path: Path):
        self.path = Path(path)

    @property
    def tables_dir(self) -> Path:
        return self.path / "tables"

    @property
    def closed_dir(self) -> Path:
        return self.tables_dir / "closed"

    @property
    def run_dir(self) -> Path:
        return self.path / "run"

    @property
    def sessions_dir(self) -> Path:
        """Where each app session has its own folder while it runs."""
        return self.run_dir / "sessions"

    @contextmanager
    def claimed(self) -> Iterator[int]:
        """Hold the folder while the server runs, and remove what a previous run left in
        ``run/``: gives the number of session folders removed.  ServeError if another
        server holds the folder, or if it is not one a server may take."""
        try:
            self._made_or_taken()
            handle = open_locked(self.path / "serve.lock")
        except (LockTaken, LockUnsupported):
            raise ServeError(Words(N_("another ramsli serve is running on {path}"), {"path": str(self.path)})) from None
        except OSError as error:
            # TRANSLATORS: {reason} the system's own words, in English
            raise ServeError(Words(N_("{path} cannot be used as the data folder ({reason})"),
                                   {"path": str(self.path), "reason": str(error.strerror or error)})) from None
        with handle:
            yield self._remove_leftovers()

    def _made_or_taken(self) -> None:
        """Make the folder, the operator's alone, if there is none; ServeError if there is
        one that holds things other than a data folder's."""
        if not self.path.exists():
            self.path.mkdir(parents=True, mode=0o700)
            return
        if not self.path.is_dir():
            raise ServeError(Words(N_("{path} cannot be used as the data folder (it is not a folder)"), {"path": str(self.path)}))
        held = {entry.name for entry in self.path.iterdir()}
        if held and not held & set(DATA_MARKS):
            # TRANSLATORS: {marks} the names of the files a data folder holds, as they are
            raise ServeError(Words(N_("{path} cannot be used as the data folder: it is not empty and not a ramsli serve "
                                      "data folder (it has none of {marks}); name a new or an empty folder"),
                                   {"path": str(self.path), "marks": ", ".join(DATA_MARKS)}))

    def _remove_leftovers(self) -> int:
        """Remove ``run/``, where a server that was killed left its sessions' folders; how
        many there were."""
        if not self.run_dir.is_dir():
            return 0
        left = sum(1 for _ in self.sessions_dir.glob("*"))
        shutil.rmtree(self.run_dir, ignore_errors=True)
        return left

    def open_to_others(self) -> str | None:
        """The folder's mode if people other than its owner may enter it, else None."""
        mode = stat.S_IMODE(self.path.stat().st_mode)
        return f"{mode:04o}" if mode & 0o077 else None

    # --- the host key --------------------------------------------------------------------------

    def host_key(self) -> asyncssh.SSHKey:
        """The server's key: made once, then read at every start.  As sshd, it refuses
        a key others may read or write, and anything but a regular file."""
        path = self.path / "host_key"
        try:
            found = path.lstat()  # a symbolic link is looked at, not followed
        except FileNotFoundError:
            key = asyncssh.generate_private_key("ssh-ed25519")
            write_atomically(path, key.export_private_key().decode("ascii"))
            os.chmod(path, 0o600)
            return key
        except OSError as error:
            raise ServeError(Words(HOST_KEY_UNREADABLE, {"path": str(path), "reason": in_one_line(error)})) from None
        _check_private(path, found)
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            raise ServeError(Words(HOST_KEY_UNREADABLE, {"path": str(path), "reason": in_one_line(error)})) from None

    # --- the tables ----------------------------------------------------------------------------

    def table_path(self, number: int) -> Path:
        return self.tables_dir / f"{number}.json"

    def tables(self) -> tuple[list[ServedTable], list[str]]:
        """Every table kept, in order, and a line for each file that could not be read
        (it has been set aside)."""
        found, problems = [], []
        for path in sorted(self.tables_dir.glob("*.json"), key=lambda path: (len(path.name), path.name)):
            if not path.stem.isdigit():
                continue  # set aside earlier
            if (self.closed_dir / path.name).exists():  # closed already: it never comes back
                kept = unused_name(path, "stale")
                path.replace(kept)
                problems.append(f"{path} is closed already ({self.closed_dir / path.name}); it was kept as {kept}")
                continue
            try:
                found.append(ServedTable.from_json(path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError, ValueError) as error:
                kept = unused_name(path, "unreadable")
                path.replace(kept)
                problems.append(f"{path} could not be read ({in_one_line(error)}); it was kept as {kept}")
        return found, problems

    def next_number(self) -> int:
        """A number no table in the folder has had."""
        numbers = [int(path.stem) for folder in (self.tables_dir, self.closed_dir)
                   for path in folder.glob("*.json") if path.stem.isdigit()]
        return max(numbers, default=0) + 1

    def save_table(self, table: ServedTable) -> None:
        write_atomically(self.table_path(table.number), table.to_json())

    def close_table(self, table: ServedTable) -> None:
        """Move a table that is over out of the way (its number is never given again)."""
        path = self.table_path(table.number)
        if path.exists():
            self.closed_dir.mkdir(parents=True, exist_ok=True)
            path.replace(self.closed_dir / path.name)

    # --- names ------------------------------------------------------------------------------------

    def names(self) -> NameBook:
        return NameBook(self.path / "names.json")

    def languages(self, journal: Callable[..., None]) -> LanguageBook:
        """The language each player chose last; ``journal`` is told of a file that could
        not be read (it is then as if nobody had chosen)."""
        return LanguageBook(self.path / "languages.json", journal)

    def settings(self, journal: Callable[..., None]) -> SettingsBook:
        """How each player likes the table; ``journal`` as for ``languages``."""
        return SettingsBook(self.path / "settings.json", journal)


class NameBook:
    """Each player's name and the public key it is bound to, kept in ``names.json``.
    A name is kept normalised (NFKC) and told apart once case-folded, so nobody can be
    ``Mia`` beside ``mia``; and a name that looks like one already taken (its confusable
    skeleton is the same: ``Pаul`` with a Cyrillic ``а`` beside ``Paul``) is another's
    too (ramsli_tui/names/, docs/serving.md)."""

    def __init__(self, path: Path):
        self.path = path
        self.keys: dict[str, str] = {}  # name -> public key, in OpenSSH's one-line form
        self.fingerprints: dict[str, str] = {}  # name -> fingerprint of its key
        if path.exists():
            self._read()

    def _read(self) -> None:
        try:
            data = json_of_format(self.path.read_text(encoding="utf-8"), "file", NAMES_FORMAT)
            if not isinstance(data.get("names"), dict):
                raise ValueError(f"it is not a {NAMES_FORMAT} file")
            for name, key in data["names"].items():
                self.fingerprints[name] = asyncssh.import_public_key(key).get_fingerprint()
                self.keys[name] = key
        except (OSError, ValueError, TypeError, AttributeError, asyncssh.KeyImportError) as error:
            # TRANSLATORS: the names file of a server; {reason} why, often the system's own words
            raise ServeError(Words(N_("{path} cannot be read ({reason}); mend or move it: it says which key each name belongs to"),
                                   {"path": str(self.path), "reason": in_one_line(error)})) from None

    def name_of(self, fingerprint: str) -> str | None:
        """The name bound to the key with ``fingerprint``, if any."""
        return next((name for name, bound in self.fingerprints.items() if bound == fingerprint), None)

    def holder(self, name: str) -> str | None:
        """The fingerprint of the key ``name`` is bound to, if any (``name`` as typed:
        told apart normalised and case-folded)."""
        wanted = folded(name)
        return next((bound for held, bound in self.fingerprints.items() if folded(held) == wanted), None)

    def look_alike(self, name: str, fingerprint: str) -> str | None:
        """The name of another key than ``fingerprint``'s that ``name`` is or looks like, if any."""
        return look_alike(name, [held for held, bound in self.fingerprints.items() if bound != fingerprint])

    def bind(self, name: str, key: asyncssh.SSHKey) -> str:
        """Bind ``name``, normalised, to ``key``: the name as it is kept and shown."""
        name = normalised(name)
        self.keys[name] = key.export_public_key().decode("ascii").strip()
        self.fingerprints[name] = key.get_fingerprint()
        write_atomically(self.path, json.dumps({"format": NAMES_FORMAT, "names": self.keys}, indent=1))
        return name



class ChoicesBook:
    """What each player chose last on this server, by name, in a JSON file of its own: a
    ``FORMAT`` object whose ``ENTRIES`` maps each name to its choice.  A choice is only a
    preference: a file that cannot be read, or an entry that cannot be used, is left out
    with a line in the log (``UNREADABLE``, ``IGNORED``), never a reason to stop."""

    FORMAT: ClassVar[str]
    ENTRIES: ClassVar[str]
    UNREADABLE: ClassVar[str]  # the log's event for a file that cannot be read
    IGNORED: ClassVar[str]  # the log's event for an entry that cannot be used, which it gives as FIELD
    FIELD: ClassVar[str]
    WITHOUT: ClassVar[str]  # what holds instead, as the log says it

    def __init__(self, path: Path, journal: Callable[..., None]):
        self.path = path
        self.journal = journal
        self.chosen: dict[str, Any] = {}  # name -> choice
        if path.exists():
            self._read()

    def _read(self) -> None:
        try:
            data = json_of_format(self.path.read_text(encoding="utf-8"), "file", self.FORMAT)
            entries = data.get(self.ENTRIES)
            if not isinstance(entries, dict):
                raise ValueError(f"it is not a {self.FORMAT} file")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            self.journal(self.UNREADABLE, file=self.path, reason=in_one_line(error), effect=self.WITHOUT)
            return
        for name, choice in entries.items():
            usable = self.usable(choice)
            if usable is None:
                self.journal(self.IGNORED, file=self.path, name=name, **{self.FIELD: str(choice)[:40]})
            else:
                self.chosen[name] = usable

    def usable(self, choice: Any) -> Any | None:
        """``choice`` as it is kept, if it may be one; None if not."""
        raise NotImplementedError

    def choice_of(self, name: str) -> Any | None:
        """What ``name`` chose last here, if anything."""
        return self.chosen.get(name)

    def choose(self, name: str, choice: Any | None) -> bool:
        """``name`` chose ``choice`` (ValueError if it cannot be one; None: nothing, as if
        they never had): kept at once, atomically.  Whether it changed what was kept."""
        if choice is not None:
            usable = self.usable(choice)
            if usable is None:
                raise ValueError(f"{str(choice)[:40]!r} cannot be kept in {self.path.name}")
            choice = usable
        if self.chosen.get(name) == choice:
            return False
        if choice is None:
            self.chosen.pop(name, None)
        else:
            self.chosen[name] = choice
        write_atomically(self.path, json.dumps({"format": self.FORMAT, self.ENTRIES: self.chosen}, indent=1,
                                               ensure_ascii=False))
        return True


class LanguageBook(ChoicesBook):
    """The language each player chose last on this server, kept in ``languages.json``
    (a code by name): what their next session speaks, before what their ``ssh`` sends."""

    FORMAT, ENTRIES = LANGUAGES_FORMAT, "languages"
    UNREADABLE, IGNORED, FIELD = "languages unreadable", "language ignored", "language"
    WITHOUT = "each player's ssh or the server's default chooses"

    def usable(self, choice: Any) -> str | None:
        return choice if isinstance(choice, str) and language_code(choice) == choice else None

    def language_of(self, name: str) -> str | None:
        return self.choice_of(name)


class SettingsBook(ChoicesBook):
    """How each player likes the table on this server, kept in ``settings.json``: the
    settings of storage/settings.py's ``PERSONAL`` by name (theme, card faces, …), which
    each of their sessions starts with.  A setting that cannot be is left out of what is
    kept; an entry with none that can is left out whole."""

    FORMAT, ENTRIES = SETTINGS_FORMAT, "settings"
    UNREADABLE, IGNORED, FIELD = "settings unreadable", "settings ignored", "settings"
    WITHOUT = "each player's sessions start with the default settings"

    def usable(self, choice: Any) -> dict[str, Any] | None:
        """The settings of ``choice`` that may be kept (None: none may)."""
        if not isinstance(choice, dict):
            return None
        kept = Settings().with_personal(choice).personal()
        usable = {name: kept[name] for name in PERSONAL if name in choice and choice[name] == kept[name]}
        return usable or None

    def change(self, name: str, changed: Any) -> bool:
        """``name`` changed some of their settings, ``changed`` (ValueError if none of it
        may be kept): kept with what they chose before of the others.  Whether it changed
        what was kept."""
        usable = self.usable(changed)
        if usable is None:
            raise ValueError(f"{str(changed)[:40]!r} holds no setting that can be kept")
        return self.choose(name, {**(self.choice_of(name) or {}), **usable})

    def settings_of(self, name: str) -> Settings:
        """The settings ``name``'s session starts with: what they chose, else the defaults."""
        return Settings().with_personal(self.choice_of(name) or {})
