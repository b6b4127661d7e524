"""``ramsli saves`` and ``ramsli play --continue``: every saved session listed, continued
by its number, deleted only when asked, and a wrong number answered in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from ramsli_tui.storage import SavedGame, Storage
from ramsli_tui.ui.app import RamsliApp

from tests.kits.ui import settle, spec_for


def environment(home) -> dict[str, str]:
    return {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}


def storage_of(home) -> Storage:
    return Storage(home / "config" / "ramsli", home / "data" / "ramsli")


def ramsli(home, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True,
                          env=environment(home), timeout=120)


def two_sessions(home) -> tuple:
    storage = storage_of(home)
    older, newer = storage.saves_dir / "session.20261101-100000.json", storage.saves_dir / "session.20261130-100000.json"
    storage.save_game(older, SavedGame(spec_for(seed=1, ruleset="scored-30"), ("in",)))
    storage.save_game(newer, SavedGame(spec_for(seed=2), ()))
    os.utime(older, (time.time() - 3 * 86400,) * 2)
    return older, newer


def test_saves_lists_every_session_the_last_played_first(tmp_path):
    two_sessions(tmp_path)
    result = ramsli(tmp_path, "saves")
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()[:2] in ("1.", "2.")]
    assert lines[0].startswith("1. classic, hand 1, Mia") and lines[0].endswith("just now")
    assert lines[1].startswith("2. scored-30, hand 1, Mia") and lines[1].endswith("3 days ago")
    assert "ramsli play --continue N" in result.stdout


def test_saves_deletes_a_session_only_by_its_number_and_says_which(tmp_path):
    older, newer = two_sessions(tmp_path)
    wrong = ramsli(tmp_path, "saves", "--delete", "3")
    assert (wrong.returncode, wrong.stderr.strip()) == (
        2, "ramsli: there is no saved session 3 (there are 1 to 2: see 'ramsli saves')")
    assert older.exists() and newer.exists()
    done = ramsli(tmp_path, "saves", "--delete", "2")
    assert done.returncode == 0 and done.stdout.startswith("Deleted saved session 2: scored-30")
    assert not older.exists() and newer.exists()


def test_play_continue_with_a_number_that_is_not_there_is_one_line(tmp_path):
    result = ramsli(tmp_path, "play", "--continue", "4")
    assert (result.returncode, result.stderr.strip()) == (
        2, "ramsli: there is no saved session 4 (there are none: see 'ramsli saves')")


async def test_continue_goes_on_with_the_session_asked_for_not_the_last_played(tmp_path):
    older, newer = two_sessions(tmp_path)
    app = RamsliApp(storage_of(tmp_path), bot_delay=0.0, resume=older)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.save_path == older and app.client.view.rules.name == "scored-30"


def test_play_continue_takes_no_options_of_a_new_session(tmp_path):
    two_sessions(tmp_path)
    result = ramsli(tmp_path, "play", "--continue", "--seed", "0")
    assert (result.returncode, result.stderr.strip()) == (
        2, "ramsli: --continue goes on with a saved session as it was: it cannot take --seed too")


def test_a_file_set_aside_is_listed_once_and_then_left_alone(tmp_path):
    storage = storage_of(tmp_path)
    storage.saves_dir.mkdir(parents=True)
    (storage.saves_dir / "session.20261101-100000.json").write_text("{bad")
    first, again = ramsli(tmp_path, "saves"), ramsli(tmp_path, "saves")
    assert "could not be read" in first.stderr and again.stderr == ""
    assert len(list(storage.saves_dir.glob("*unreadable-*"))) == 1
