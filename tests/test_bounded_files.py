"""Every file ramsli reads is a regular file of at most a stated size (issue 18, class 5):
records, rulesets, themes, settings, saves, the allowed keys of ``ramsli serve`` and its
hand history.  A FIFO, a device or a folder is refused in one line from its ``stat``,
never opened to wait on or read without end; a file over its bound is refused in one
line, and a save or settings file is then set aside whole.

A reader that would block on a FIFO (as every one did) is run in a subprocess under a
timeout and a memory limit, so that the old behaviour fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ramsli_tui import cli
from ramsli_tui.net.door import MAX_ALLOWED_KEYS_BYTES, Admission
from ramsli_tui.storage.history import HISTORY_FILE, HandHistory, HistoryError
from ramsli_tui.net.store import NameBook, ServeError
from ramsli_tui.storage import SavedGame, StorageError
from ramsli_tui.storage.saves import MAX_SAVE_BYTES
from ramsli_tui.ui.themes import ThemeError, load_theme

from tests.kits.ui import spec_for, storage_in

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60  # seconds: generous on a loaded machine; a blocked reader never ends at all
MEMORY = 1 << 30


def limited_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_python(code: str, cwd: Path) -> subprocess.CompletedProcess:
    """``code`` run by this Python in a process of its own, under a timeout and a memory limit."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, preexec_fn=limited_memory, env={**os.environ, "PYTHONPATH": str(ROOT)})


def ramsli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, preexec_fn=limited_memory, env={**os.environ, "PYTHONPATH": str(ROOT)})


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def one_line(text: str) -> str:
    assert text.count("\n") <= 1 and "Traceback" not in text, text
    return text.strip()


@pytest.mark.parametrize("json_output", [False, True])
def test_replay_refuses_a_fifo_at_once(tmp_path, json_output):
    path = fifo(tmp_path / "hand.yaml")
    done = ramsli(["replay", *(["--json"] if json_output else []), str(path)], tmp_path)
    assert done.returncode == 2
    said = json.loads(done.stdout)["error"]["message"] if json_output else one_line(done.stderr)
    assert f"{path}: is a FIFO (a named pipe), not a regular file" in said


def test_replay_json_of_a_folder_is_the_error_object(tmp_path, capsys):
    assert cli.main(["replay", "--json", str(tmp_path)]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert message == f"{tmp_path}: is a folder, not a regular file"


def test_rules_check_refuses_a_device_without_reading_it(capsys):
    assert cli.main(["rules", "check", "/dev/zero"]) == 2
    assert one_line(capsys.readouterr().err) == "/dev/zero: is a device, not a regular file"


def test_rules_check_refuses_a_fifo_at_once(tmp_path):
    path = fifo(tmp_path / "mine.yaml")
    done = ramsli(["rules", "check", str(path)], tmp_path)
    assert done.returncode == 2 and one_line(done.stderr) == f"{path}: is a FIFO (a named pipe), not a regular file"


def test_an_extends_that_names_a_fifo_is_refused_at_once(tmp_path):
    fifo(tmp_path / "base.yaml")
    (tmp_path / "mine.yaml").write_text("extends: base.yaml\n")
    done = ramsli(["rules", "check", str(tmp_path / "mine.yaml")], tmp_path)
    assert done.returncode == 2 and "is a FIFO (a named pipe), not a regular file" in one_line(done.stderr)


def test_a_theme_that_is_a_fifo_is_refused_at_once(tmp_path):
    path = fifo(tmp_path / "odd.yaml")
    done = run_python(f"""
        from pathlib import Path
        from ramsli_tui.ui.themes import ThemeError, load_theme
        try:
            load_theme(Path({str(path)!r}))
        except ThemeError as error:
            print(error)
        """, tmp_path)
    assert one_line(done.stdout) == f"{path}: is a FIFO (a named pipe), not a regular file"


def test_a_theme_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "odd.yaml").mkdir()
    with pytest.raises(ThemeError, match="is a folder, not a regular file"):
        load_theme(tmp_path / "odd.yaml")


@pytest.mark.parametrize("which", ["settings", "save"])
def test_settings_or_a_save_that_is_a_fifo_is_set_aside_at_once(tmp_path, which):
    storage = storage_in(tmp_path)
    path = storage.settings_path if which == "settings" else storage.saves_dir / "session.json"
    path.parent.mkdir(parents=True)
    fifo(path)
    read = "storage.read_settings()[1]" if which == "settings" else "storage.saved_games()[1]"
    done = run_python(f"""
        from pathlib import Path
        from ramsli_tui.storage import Storage, StorageError
        storage = Storage(Path({str(storage.config_dir)!r}), Path({str(storage.data_dir)!r}))
        try:
            print(*{read})
        except StorageError as error:
            print(error)
        """, tmp_path)
    said = one_line(done.stdout)
    assert "is a FIFO (a named pipe), not a regular file" in said and "kept as" in said
    assert not path.exists()


def test_a_save_over_its_bound_is_set_aside_whole_and_not_read(tmp_path):
    storage = storage_in(tmp_path)
    path = storage.saves_dir / "session.json"
    path.parent.mkdir(parents=True)
    text = SavedGame(spec_for()).to_json() + " " * MAX_SAVE_BYTES
    path.write_text(text)
    slots, [problem] = storage.saved_games()
    assert slots == [] and "is too big for a saved game file (more than 4 MB)" in problem and "\n" not in problem
    [kept] = storage.saves_dir.glob("session.unreadable-*.json")
    assert kept.read_text() == text


def test_ramsli_saves_with_a_huge_save_says_one_line_and_lists_the_rest(tmp_path):
    saves = tmp_path / "xdg-data" / "ramsli" / "saves"
    saves.mkdir(parents=True)
    (saves / "session.a.json").write_text(SavedGame(spec_for()).to_json())
    (saves / "session.b.json").write_text('{"format": "ramsli-save/2", "ruleset": "' + "x" * 10_000_000 + '"}')
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "saves"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=TIMEOUT, preexec_fn=limited_memory,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
                               "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"), "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert "is too big for a saved game file (more than 4 MB)" in one_line(done.stderr)
    assert "  1. classic, hand 1" in done.stdout


def test_settings_over_their_bound_are_set_aside(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("name: Zora\n" + "#" * 1_000_001 + "\n")
    with pytest.raises(StorageError, match=r"is too big for a settings file \(more than 1 MB\)\); it was kept as"):
        storage.read_settings()
    assert not storage.settings_path.exists()


def test_allowed_keys_that_are_a_fifo_or_a_device_are_refused_at_once(tmp_path):
    fifo(tmp_path / "keys")
    done = run_python(f"""
        from pathlib import Path
        from ramsli_tui.net.door import Admission
        from ramsli_tui.net.store import NameBook, ServeError
        for allowed in ({str(tmp_path / 'keys')!r}, "/dev/zero"):
            try:
                Admission(NameBook(Path({str(tmp_path / 'names.json')!r})), Path(allowed))
            except ServeError as error:
                print(error)
        """, tmp_path)
    fifo_said, device_said = done.stdout.splitlines()
    assert "is a FIFO (a named pipe), not a regular file" in fifo_said
    assert "/dev/zero: is a device, not a regular file" in device_said


def test_allowed_keys_over_their_bound_are_refused(tmp_path):
    keys = tmp_path / "keys"
    keys.write_text("#\n" * (MAX_ALLOWED_KEYS_BYTES // 2 + 1))
    with pytest.raises(ServeError, match="is too big for a keys file"):
        Admission(NameBook(tmp_path / "names.json"), keys)


def test_a_history_that_is_a_fifo_is_refused_at_once(tmp_path):
    fifo(tmp_path / HISTORY_FILE)
    done = run_python(f"""
        from ramsli_tui.storage.history import HandHistory, HistoryError
        for opening in (HandHistory.open, HandHistory.open_existing):
            try:
                opening({str(tmp_path)!r})
            except HistoryError as error:
                print(error)
        """, tmp_path)
    assert done.stdout.splitlines() == [f"{tmp_path / HISTORY_FILE}: is a FIFO (a named pipe), not a regular file"] * 2


def test_a_history_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / HISTORY_FILE).mkdir()
    for opening in (HandHistory.open, HandHistory.open_existing):
        with pytest.raises(HistoryError, match="is a folder, not a regular file"):
            opening(tmp_path)
