"""Files that survive a crash: atomic writes, names for what is set aside, locks, and the
JSON object of a file written in a known format.

Every write is atomic (a temporary file beside the target, then a rename), so a file
is always the old text or the new one, never half of each; and durable: the new text
is synced to the disk before the rename, and the folder after it, so that a file
written is still there after a power cut.  A file that is set aside
gets a name no earlier one has, so nothing kept is ever replaced.  A folder is held by
one process at a time through a lock file (``open_locked``), which goes with the process.
"""

from __future__ import annotations

import itertools
import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any

from ..languages import N_
from ..languages.words import Words
from ..text import for_terminal


def unused_name(path: Path, mark: str) -> Path:
    """``path`` renamed with ``mark`` before its suffix, and a number after the mark if
    that name is taken: nothing set aside is ever replaced by what comes after it."""
    for number in itertools.count(1):
        kept = path.with_name(f"{path.stem}.{mark}{'' if number == 1 else f'-{number}'}{path.suffix}")
        if not kept.exists():
            return kept


def in_one_line(error: Exception) -> str:
    """What is wrong with a file, in one line, whatever the reader's message ran over."""
    return " ".join(str(error).split())


PATH_LENGTH = 160  # the most of a path a message shows: its start and its end, the file's name


def shown_path(path: Path) -> str:
    """A path as a person reads it, safe to show (``for_terminal``): ``~/.config/ramsli/settings.yaml``;
    a path too long to read (over ``PATH_LENGTH``) keeps its start and its end, so that
    the rest of the message, and the file's name, are still seen."""
    try:
        text = "~/" + str(Path(path).relative_to(Path.home()))
    except ValueError:
        text = str(path)
    text = for_terminal(text, limit=None)
    if len(text) <= PATH_LENGTH:
        return text
    end = PATH_LENGTH * 2 // 3
    return text[:PATH_LENGTH - end - 1] + "…" + text[-end:]


# What a file of JSON is not, in whole sentences, for each ``what`` it should be.
# TRANSLATORS: "it" is a file; {format} the name of a file format ("ramsli-save/2"), kept as it is
NOT_OF_FORMAT = {
    "save": (N_("it is nested too deep to be a save"), N_("it is not a {format} save")),
    "table": (N_("it is nested too deep to be a table"), N_("it is not a {format} table")),
    "file": (N_("it is nested too deep to be a file"), N_("it is not a {format} file")),
}


def json_of_format(text: str, what: str, *formats: str) -> dict[str, Any]:
    """The JSON object in ``text``, whose ``format`` is one of ``formats`` (the first the
    one written now); ValueError, saying so of the ``what`` (a save, a table), if not."""
    too_deep, not_of_format = NOT_OF_FORMAT[what]
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(Words(too_deep)) from None
    if not isinstance(data, dict) or data.get("format") not in formats:
        raise ValueError(Words(not_of_format, {"format": formats[0]}))
    return data


class LockTaken(Exception):
    """Another process holds the lock."""


class LockUnsupported(OSError):
    """The file system cannot lock (a network file system without a lock daemon)."""


def open_locked(path: Path) -> IO[str]:
    """The file at ``path`` (made if there is none), locked for this process until it is
    closed or the process ends.  OSError if it cannot be opened; LockTaken if another
    process holds it; LockUnsupported if its file system cannot lock."""
    handle = open(path, "a", encoding="utf-8")
    try:
        lock_exclusively(handle)
    except (BlockingIOError, PermissionError):
        handle.close()
        raise LockTaken(str(path)) from None
    except OSError as error:
        handle.close()
        raise LockUnsupported(error.errno, error.strerror) from None
    return handle


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
    """Write ``text`` to ``path`` so that the file is always either the old or the new
    text, and the new text is on the disk once this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Put ``folder``'s entries (a file renamed into it) on the disk; nothing where a
    folder cannot be opened (Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
