"""Settings and saves on disk: round trips, atomic writes, unreadable files kept aside."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest

from ramsli_tui import storage as storage_module
from ramsli_tui.storage import SavedGame, Settings, Storage, StorageError, write_atomically

from ramsli_uikit import spec_for, storage_in


def test_settings_round_trip(tmp_path):
    storage = storage_in(tmp_path)
    settings = Settings(theme="light", faces="german", players=5, name="Mia", seed=7, starting_chips=30)
    storage.save_settings(settings)
    assert storage.load_settings() == settings


def test_wrong_settings_values_fall_back_to_defaults(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("faces: klingon\nplayers: many\nbot_delay: -3\nname: Mia\nunknown: 1\n")
    settings = storage.load_settings()
    assert (settings.faces, settings.players, settings.bot_delay, settings.name) == ("french", 4, 0.6, "Mia")


def test_unreadable_settings_are_kept_aside(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("[unclosed")
    with pytest.raises(StorageError, match="kept as"):
        storage.load_settings()
    assert list(storage.config_dir.glob("settings.unreadable-*.yaml"))
    assert storage.load_settings() == Settings()


def test_a_save_round_trips(tmp_path):
    storage = storage_in(tmp_path)
    saved = SavedGame(spec_for(players=3, seed=12, starting_chips=40), ("in", "out", "AS"))
    storage.save_game(saved)
    assert storage.load_game() == saved
    storage.discard_game()
    assert storage.load_game() is None


def test_a_save_of_another_shape_is_kept_aside(tmp_path):
    storage = storage_in(tmp_path)
    storage.save_path.parent.mkdir(parents=True)
    storage.save_path.write_text('{"format": "ramsli-save/1", "players": 3}')
    with pytest.raises(StorageError, match="could not be read"):
        storage.load_game()
    assert not storage.save_path.exists()


def test_an_atomic_write_leaves_the_old_file_when_it_fails(tmp_path):
    target = tmp_path / "file.txt"
    write_atomically(target, "old")

    with pytest.raises(TypeError):
        write_atomically(target, 12345)  # not text: the write fails part way
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["file.txt"]


def test_a_second_ramsli_cannot_take_the_saved_game_while_the_first_holds_it(tmp_path):
    first, second = storage_in(tmp_path), storage_in(tmp_path)
    with first.claimed():
        with pytest.raises(StorageError, match="Another ramsli is already open with your saved game"):
            with second.claimed():
                pass
    with second.claimed():  # free again once the first has let go
        pass


def test_where_no_lock_can_be_taken_the_game_goes_on_unguarded(tmp_path, monkeypatch):
    def cannot_lock(handle):
        raise OSError(errno.ENOLCK, "No locks available")  # NFS without a lock daemon

    monkeypatch.setattr(storage_module, "lock_exclusively", cannot_lock)
    ran = []
    with storage_in(tmp_path).claimed():
        ran.append(True)
    assert ran == [True]


def test_ramsli_says_so_and_starts_nothing_when_another_holds_the_saved_game(tmp_path):
    environment = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    holder = Storage(tmp_path / "config" / "ramsli", tmp_path / "data" / "ramsli")
    with holder.claimed():
        for command in ([], ["play"]):
            result = subprocess.run([sys.executable, "-m", "ramsli_tui", *command],
                                    capture_output=True, text=True, env=environment, timeout=60)
            assert result.returncode == 1
            assert result.stderr.startswith("ramsli: Another ramsli is already open with your saved game")
            assert "Traceback" not in result.stderr
