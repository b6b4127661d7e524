"""Where ramsli keeps its files, and reading them back without ever losing one.

``Storage`` knows the folders (the platform's, or given for tests and scripts), reads
and writes the settings and the game in progress, moves a file that cannot be read
aside under a new name (never deleting it) and says so in words.  One ramsli at a time
holds the saved game (``Storage.claimed``): a second one, opened in another terminal,
would otherwise overwrite the first one's game with its own.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from platformdirs import user_config_dir, user_data_dir

from .files import in_one_line, lock_exclusively, shown, unused_name, write_atomically
from ..table.spec import GameSpec
from .saves import SavedGame
from .settings import Settings

T = TypeVar("T")


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

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.yaml"

    @property
    def save_path(self) -> Path:
        return self.data_dir / "autosave.json"

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
            handle = open(self.lock_path, "a", encoding="utf-8")
        except OSError:
            yield  # saving will say what is wrong with the folder
            return
        with handle:
            try:
                lock_exclusively(handle)
            except (BlockingIOError, PermissionError):
                raise StorageError(
                    f"Another ramsli is already open with your saved game ({shown(self.save_path)}): "
                    "finish or leave that one first, so that neither overwrites the other's game."
                ) from None
            except OSError:
                pass  # this file system cannot lock
            yield

    # --- settings --------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The remembered settings, or the defaults if there are none; StorageError if the
        file could not be read (it has then been moved aside)."""
        return self.read_settings()[0]

    def read_settings(self) -> tuple[Settings, list[str]]:
        """``load_settings``, and a message naming the file, line and key for each value
        that could not be used (it keeps its default) or key that is unknown."""
        where = shown(self.settings_path)
        read = self._load(self.settings_path, "settings", lambda text: Settings.read(text, where), (ValueError,))
        if read is None:
            return Settings(), []
        settings, problems = read
        return settings, [f"{where}:{line}: {problem}" for line, problem in problems]

    def save_settings(self, settings: Settings) -> None:
        write_atomically(self.settings_path, settings.to_yaml())

    # --- the game in progress ------------------------------------------------------------

    def load_game(self) -> SavedGame | None:
        """The saved game, None if there is none; StorageError if it could not be read
        (it has then been moved aside)."""
        return self._load(self.save_path, "saved game", SavedGame.from_json, (ValueError,))

    def save_game(self, saved: SavedGame) -> None:
        write_atomically(self.save_path, saved.to_json())

    def discard_game(self) -> None:
        self.save_path.unlink(missing_ok=True)

    def set_game_aside(self, reason: str) -> StorageError:
        """Move a save that reads but cannot be replayed out of the way, and say so."""
        return self._set_aside(self.save_path, "saved game", reason)

    def _load(self, path: Path, what: str, parse: Callable[[str], T], errors: tuple[type[Exception], ...]) -> T | None:
        """``parse`` of the file's text, None if there is no file; StorageError if it cannot be
        read or ``parse`` raises one of ``errors`` (the file has then been moved aside)."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            raise self._set_aside(path, what, error) from None
        try:
            return parse(text)
        except errors as error:
            raise self._set_aside(path, what, in_one_line(error)) from None

    def _set_aside(self, path: Path, what: str, reason: object) -> StorageError:
        kept = unused_name(path, f"unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            path.replace(kept)
        except OSError:
            return StorageError(f"Your {what} could not be read ({reason}); it is still at {path}.")
        return StorageError(f"Your {what} could not be read ({reason}); it was kept as {kept}.")


class Autosave:
    """A table's observer that keeps its game saved after every action, and forgets it
    once the session is over."""

    def __init__(self, storage: Storage, spec: GameSpec):
        self.storage = storage
        self.spec = spec

    def table_moved(self, moved) -> None:
        try:
            if moved.over:
                self.storage.discard_game()
            else:
                self.storage.save_game(SavedGame(self.spec, moved.actions))
        except OSError as error:
            raise StorageError(f"The game could not be saved ({error.strerror or error}).") from None
