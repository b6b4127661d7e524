"""Where ramsli keeps its files, and reading them back without ever losing one.

``Storage`` knows the folders (the platform's, or given for tests and scripts), reads
and writes the settings and the saved sessions (each in a file of its own, in
``saves/``), moves a file that cannot be read aside under a new name (never deleting
it, never reading it again) and says so in words.  ``Autosave`` is the table's observer
that keeps one session saved.  One ramsli at a time holds the saved sessions
(``Storage.claimed``): a second one, opened in another terminal, says so and stops.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from platformdirs import user_config_dir, user_data_dir

from ..languages import N_, _
from ..languages.words import said, words_of
from ..text import for_terminal
from .files import LockTaken, one_line, open_locked, shown_path, unused_name, write_atomically
from ..yamlfile import MAX_FILE_BYTES, FileProblem, read_text
from .history import HISTORY_FILE, HandHistory, HistoryError
from .saves import MAX_SAVE_BYTES, SavedGame
from .settings import Settings

T = TypeVar("T")
SET_ASIDE = "unreadable-"  # the mark in the name of a file set aside
SET_ASIDE_WORDS = {  # what a person is told of a file that could not be read: left where it is, or set aside
    "settings": (N_("Your settings could not be read ({reason}); it is still at {path}."),
                 N_("Your settings could not be read ({reason}); it was kept as {path}.")),
    "saved game": (N_("Your saved game could not be read ({reason}); it is still at {path}."),
                   N_("Your saved game could not be read ({reason}); it was kept as {path}.")),
    "history": (N_("Your hand history could not be read ({reason}); it is still at {path}, and no hand is kept."),
                N_("Your hand history could not be read ({reason}); it was kept as {path}, and a new one begun.")),
}


@dataclass(frozen=True)
class SaveSlot:
    """One saved session: its file, what it holds, and when it was last saved."""

    path: Path
    saved: SavedGame
    modified: float


class StorageError(Exception):
    """A settings file or save that could not be used; the message says why and where it went."""


class Storage:
    """The two files, in folders chosen by the platform (or given, for tests and scripts)."""

    def __init__(self, config_dir: Path, data_dir: Path):
        self.config_dir = Path(config_dir)
        self.data_dir = Path(data_dir)

    @classmethod
    def default(cls) -> Storage:
        return cls(Path(user_config_dir("ramsli")), Path(user_data_dir("ramsli")))

    @classmethod
    def in_folder(cls, folder: Path) -> Storage:
        """Settings and data both in one ``folder`` of their own: a served session's, a test's."""
        return cls(folder / "config", folder / "data")

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.yaml"

    @property
    def themes_dir(self) -> Path:
        return self.config_dir / "themes"

    @property
    def crash_log_path(self) -> Path:
        return self.data_dir / "error.log"

    @property
    def lock_path(self) -> Path:
        return self.data_dir / "autosave.lock"

    @contextmanager
    def claimed(self) -> Iterator[None]:
        """Hold the saved game while the block runs; StorageError if another ramsli holds
        it.  The lock goes with the process, so a crash never leaves it behind.  Where no
        lock can be taken at all (a folder that cannot be written, a network file system
        without locks) the game goes on unguarded rather than not at all."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            handle = open_locked(self.lock_path)
        except LockTaken:
            raise StorageError(_(
                "Another ramsli is already open with your saved games ({folder}): "
                "finish or leave that one first, so that neither overwrites the other's game."
            ).format(folder=shown_path(self.saves_dir))) from None
        except OSError:  # a folder that cannot be written (saving will say so) or a file system that cannot lock
            yield
            return
        with handle:
            yield

    # --- settings --------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The remembered settings, or the defaults if there are none; StorageError if the
        file could not be read (it has then been moved aside)."""
        return self.read_settings()[0]

    def read_settings(self) -> tuple[Settings, list[str]]:
        """``load_settings``, and a message naming the file, line and key for each value
        that could not be used (it keeps its default) or key that is unknown."""
        where = shown_path(self.settings_path)
        read = self._load(self.settings_path, "settings", lambda text: Settings.read(text, where), (ValueError,),
                          MAX_FILE_BYTES)
        if read is None:
            return Settings(), []
        settings, problems = read
        return settings, [f"{where}:{line}: {problem}" for line, problem in problems]

    def save_settings(self, settings: Settings) -> None:
        write_atomically(self.settings_path, settings.to_yaml())

    # --- the games in progress ------------------------------------------------------------
    # Each session has its own file in ``saves/``, named when it is dealt; nothing a
    # session writes can touch another's.  The folder is the owner's alone.

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    @property
    def first_save_path(self) -> Path:
        """Where the ramsli of one saved game kept it: taken into ``saves/`` when found."""
        return self.data_dir / "autosave.json"

    def new_save_path(self) -> Path:
        """A file for a new session, named after the moment it is dealt (never an old one's)."""
        return unused_name(self.saves_dir / "session.json", time.strftime("%Y%m%d-%H%M%S"))

    def saved_games(self) -> tuple[list[SaveSlot], list[str]]:
        """Every saved session, the last played first, and a message for each file that
        could not be read (it has been set aside)."""
        self._take_in_first_save()
        slots, problems = [], []
        for path in sorted(self.saves_dir.glob("*.json")) if self.saves_dir.is_dir() else ():
            if SET_ASIDE in path.name:
                continue  # kept for the player to look at, never read again
            try:
                saved = self.load_game(path)
            except StorageError as error:
                problems.append(str(error))
                continue
            if saved is not None:
                slots.append(SaveSlot(path, saved, path.stat().st_mtime))
        return sorted(slots, key=lambda slot: slot.modified, reverse=True), problems

    def load_game(self, path: Path) -> SavedGame | None:
        """The game saved at ``path``, None if there is none; StorageError if it could not
        be read (it has then been moved aside)."""
        return self._load(path, "saved game", SavedGame.from_json, (ValueError,), MAX_SAVE_BYTES)

    def save_game(self, path: Path, saved: SavedGame) -> None:
        self._private_saves_dir()
        write_atomically(path, saved.to_json())

    def discard_game(self, path: Path) -> None:
        path.unlink(missing_ok=True)

    def open_history(self) -> tuple[HandHistory | None, StorageError | None]:
        """The person's hand history, in their data folder; one that cannot be read is set
        aside (and a new one begun), and said; None if none can be had."""
        try:
            return HandHistory.open(self.data_dir), None
        except HistoryError as error:
            if not error.unreadable:  # locked by another ramsli, or the disc full: it stays as it is
                return None, StorageError(str(error))
            problem = self._set_aside(self.data_dir / HISTORY_FILE, "history", words_of(error))
        try:
            return HandHistory.open(self.data_dir), problem
        except HistoryError as error:
            return None, StorageError(str(error))

    def set_game_aside(self, path: Path, reason: str) -> StorageError:
        """Move a save that reads but cannot be replayed out of the way, and say so."""
        return self._set_aside(path, "saved game", reason)

    def _private_saves_dir(self) -> None:
        self.saves_dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.data_dir, 0o700)
        os.chmod(self.saves_dir, 0o700)

    def _take_in_first_save(self) -> None:
        if self.first_save_path.is_file():
            self._private_saves_dir()
            self.first_save_path.replace(self.new_save_path())

    def _load(self, path: Path, what: str, parse: Callable[[str], T], errors: tuple[type[Exception], ...],
              limit: int) -> T | None:
        """``parse`` of the file's text, None if there is no file; StorageError if it is not
        a regular file of at most ``limit`` bytes of text, or ``parse`` raises one of
        ``errors`` (the file has then been moved aside)."""
        if not os.path.lexists(path):
            return None
        try:
            text = read_text(path, what=f"{what} file", limit=limit)
        except FileProblem as error:
            raise self._set_aside(path, what, words_of(error)) from None
        try:
            return parse(text)
        except errors as error:
            raise self._set_aside(path, what, words_of(error)) from None

    def _set_aside(self, path: Path, what: str, reason: str) -> StorageError:
        """Move the file that could not be read (``what``: "settings" or "saved game") aside,
        under a name of its own, and say so, and why (``reason``: ``Words``, or a text
        already said), in one line."""
        kept = unused_name(path, f"{SET_ASIDE}{time.strftime('%Y%m%d-%H%M%S')}")
        still, moved = SET_ASIDE_WORDS[what]
        said_reason = for_terminal(one_line(said(reason)))
        try:
            path.replace(kept)
        except OSError:
            return StorageError(_(still).format(reason=said_reason, path=shown_path(path)))
        return StorageError(_(moved).format(reason=said_reason, path=shown_path(kept)))


class Autosave:
    """A table's observer that keeps its session saved, in its own file, after every
    action and every result read, with the card the person has raised; a finished
    session stays until its result is read."""

    def __init__(self, storage: Storage, path: Path, saved: SavedGame):
        """``saved``: the session as it stands when the table is sat at."""
        self.storage = storage
        self.path = path
        self.saved = saved

    def table_moved(self, moved) -> None:
        self.save(replace(self.saved, actions=moved.actions, results_read=moved.results_read))

    def card_raised(self, code: str) -> None:
        if code != self.saved.raised:
            self.save(replace(self.saved, raised=code))

    def save(self, saved: SavedGame | None = None) -> None:
        """Write the session as it stands (or as ``saved``); StorageError saying why not."""
        self.saved = saved or self.saved
        try:
            self.storage.save_game(self.path, self.saved)
        except OSError as error:
            raise StorageError(_("The game could not be saved ({reason}).").format(reason=error.strerror or error)) from None
