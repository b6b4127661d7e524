"""What ramsli keeps between runs: the player's settings and the game in progress.

Settings (theme, card faces, the pace of the computer players and the last choices
made on the setup screen) live in ``settings.yaml`` in the user's config folder, where
a player may also edit them.  The game in progress is saved after every action to
``autosave.json`` in the user's data folder.  A save is small because the engine is
deterministic: the ruleset, the players, the seed, the names, the computer players'
strengths and the actions so far replay the session exactly.

Every write is atomic (a temporary file beside the target, then a rename), so a save
is always the old one or the new one, never half of each.  A file that cannot be read
is moved aside under a new name, never deleted, and reported in words; a value in the
settings that cannot be used keeps its default and is reported by line and key.  One ramsli at a
time holds the saved game (``Storage.claimed``): a second one, opened in another
terminal, would otherwise overwrite the first one's game with its own.
"""

from __future__ import annotations

import itertools
import json
import os
import tempfile
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import IO, Any, Callable, Iterator, TypeVar

import yaml
from platformdirs import user_config_dir, user_data_dir

from .rules import did_you_mean

SAVE_FORMAT = "ramsli-save/1"
FACES = ("french", "german")
HUMAN_SEAT = 0
T = TypeVar("T")
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's where installed: several times faster


class StorageError(Exception):
    """A settings file or save that could not be used; the message says why and where it went."""


@dataclass(frozen=True)
class GameSpec:
    """Everything that makes a session, apart from what the players do.

    Seat 0 is the human; ``strengths[0]`` is None and every other seat names the
    computer player sitting there.  ``starting_chips`` overrides the ruleset's when set.
    """

    ruleset: str
    players: int
    seed: int
    names: tuple[str, ...]
    strengths: tuple[str | None, ...]
    starting_chips: int | None = None


@dataclass(frozen=True)
class SavedGame:
    """A session in progress: its spec and every action taken so far, as hand-record strings."""

    spec: GameSpec
    actions: tuple[str, ...] = ()

    def to_json(self) -> str:
        spec = asdict(self.spec)
        return json.dumps({"format": SAVE_FORMAT, **spec, "actions": list(self.actions)}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Parse a save; ValueError saying what is wrong."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"it is not a {SAVE_FORMAT} save")
        try:
            spec = GameSpec(
                ruleset=str(data["ruleset"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                names=tuple(str(name) for name in data["names"]),
                strengths=tuple(None if strength is None else str(strength) for strength in data["strengths"]),
                starting_chips=None if data.get("starting_chips") is None else int(data["starting_chips"]),
            )
            actions = tuple(str(action) for action in data["actions"])
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"it is missing or has a wrong '{error.args[0] if error.args else error}'") from None
        if len(spec.names) != spec.players or len(spec.strengths) != spec.players:
            raise ValueError("its names and computer players do not match its number of players")
        return cls(spec, actions)


@dataclass(frozen=True)
class Opponent:
    name: str
    strength: str


DEFAULT_OPPONENTS = (
    Opponent("Anna", ""), Opponent("Bertl", ""), Opponent("Carlo", ""), Opponent("Dora", ""), Opponent("Emil", ""),
)


@dataclass
class Settings:
    """The player's choices, remembered.  An empty strength means "the default one"."""

    theme: str = "green-felt"
    faces: str = "french"
    bot_delay: float = 0.6
    ruleset: str = "classic"
    players: int = 4
    name: str = "You"
    opponents: list[Opponent] = field(default_factory=lambda: list(DEFAULT_OPPONENTS))
    starting_chips: int | None = None
    seed: int | None = None

    def to_yaml(self) -> str:
        data = asdict(self)
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)

    @classmethod
    def read(cls, text: str) -> tuple[Settings, list[tuple[int, str]]]:
        """Settings from YAML, and (line, what) for each thing in it that could not be used:
        a wrong value keeps its default, an unknown key is left out."""
        node = yaml.compose(text, Loader=SAFE_LOADER)
        if node is None:
            return cls(), []
        if not isinstance(node, yaml.MappingNode):
            raise ValueError("it is not a mapping of settings")
        settings = cls()
        problems = []
        known = [item.name for item in fields(cls)]
        for key_node, value_node in node.value:
            key, line = str(key_node.value), key_node.start_mark.line + 1
            value = yaml.SafeLoader("").construct_object(value_node, deep=True)
            if key not in known:
                problems.append((line, f"unknown setting '{key}'{did_you_mean(key, known)} is left out"))
            elif key == "opponents":
                settings.opponents = _opponents(value)
            elif not _set_checked(settings, key, value):
                problems.append((line, f"{key} cannot be {value!r}; {getattr(settings, key)!r} is used"))
        return settings, problems


def _opponents(entries: Any) -> list[Opponent]:
    """The computer players named in settings, each seat's default where one says nothing."""
    if not isinstance(entries, list):
        return list(DEFAULT_OPPONENTS)
    chosen = [
        Opponent(str(entry.get("name", "")) or default.name, str(entry.get("strength", "") or ""))
        for entry, default in zip(entries, DEFAULT_OPPONENTS)
        if isinstance(entry, dict)
    ]
    return chosen + list(DEFAULT_OPPONENTS[len(chosen):])


def _set_checked(settings: Settings, name: str, value: Any) -> bool:
    """Take ``value`` for setting ``name`` if it has the right shape, and say whether it
    did; otherwise the default stays."""
    default = getattr(settings, name)
    if name in ("starting_chips", "seed"):
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
    elif name == "faces":
        ok = value in FACES
    elif isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 5
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, str) and bool(value)
    if ok:
        setattr(settings, name, float(value) if isinstance(default, float) else value)
    return ok


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
        read = self._load(self.settings_path, "settings", Settings.read, (yaml.YAMLError, ValueError))
        if read is None:
            return Settings(), []
        settings, problems = read
        where = shown(self.settings_path)
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


def unused_name(path: Path, mark: str) -> Path:
    """``path`` renamed with ``mark`` before its suffix, and a number after the mark if
    that name is taken: nothing set aside is ever replaced by what comes after it."""
    for number in itertools.count(1):
        kept = path.with_name(f"{path.stem}.{mark}{'' if number == 1 else f'-{number}'}{path.suffix}")
        if not kept.exists():
            return kept


def in_one_line(error: Exception) -> str:
    """What is wrong with a file, in one line: YAML's own message runs over several."""
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        return f"line {error.problem_mark.line + 1}: {error.problem}"
    return " ".join(str(error).split())


def shown(path: Path) -> str:
    """A path as a person reads it: ``~/.config/ramsli/settings.yaml``."""
    try:
        return "~/" + str(Path(path).relative_to(Path.home()))
    except ValueError:
        return str(path)


def lock_exclusively(handle: IO[str]) -> None:
    """Lock ``handle``'s file for this process: BlockingIOError or PermissionError at once
    if another holds it, another OSError if the file system cannot lock."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is always either the old or the new text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
