"""Settings and saves on disk: round trips, atomic writes, unreadable files kept aside."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ramsli_tui.storage import files as storage_module
from ramsli_tui.storage import SavedGame, Settings, Storage, StorageError, write_atomically

from tests.kits.ui import make_app, spec_for, storage_in


def save_file(storage: Storage) -> Path:
    """A session's file in the storage's folder of saved sessions."""
    return storage.saves_dir / "session.json"


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
    storage.save_game(save_file(storage), saved)
    assert storage.load_game(save_file(storage)) == saved
    storage.discard_game(save_file(storage))
    assert storage.load_game(save_file(storage)) is None


def test_a_save_of_another_shape_is_kept_aside(tmp_path):
    storage = storage_in(tmp_path)
    save_file(storage).parent.mkdir(parents=True)
    save_file(storage).write_text('{"format": "ramsli-save/1", "players": 3}')
    with pytest.raises(StorageError, match="could not be read"):
        storage.load_game(save_file(storage))
    assert not save_file(storage).exists()


def test_an_atomic_write_leaves_the_old_file_when_it_fails(tmp_path):
    target = tmp_path / "file.txt"
    write_atomically(target, "old")

    with pytest.raises(TypeError):
        write_atomically(target, 12345)  # not text: the write fails part way
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["file.txt"]


def test_an_atomic_write_syncs_the_new_file_before_its_rename_and_its_folder_after(tmp_path, monkeypatch):
    """A file counts as kept once it is on the disk: its text, then its name in the folder."""
    target = tmp_path / "tables" / "1.json"
    done: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        done.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(source, destination):
        done.append(("rename", str(destination)))
        real_replace(source, destination)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomically(target, "a table")
    assert target.read_text() == "a table"
    assert [what for what, _ in done] == ["fsync", "rename", "fsync"]
    synced_file, renamed, synced_folder = (path for _, path in done)
    assert Path(synced_file).parent == target.parent and synced_file.endswith(".tmp"), "the new text, under its temporary name"
    assert renamed == str(target) and synced_folder == str(target.parent)


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
            assert result.returncode == 3, "3: another ramsli holds the saved sessions"
            assert result.stderr.startswith("ramsli: Another ramsli is already open with your saved game")
            assert "Traceback" not in result.stderr


# --- edges of the promises above: every unreadable file is kept, every wrong value falls back --

def test_settings_that_are_not_utf8_text_are_kept_aside_byte_for_byte(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_bytes(b"theme: \xff\xfe light\n")
    with pytest.raises(StorageError, match="kept as"):
        storage.load_settings()
    assert not storage.settings_path.exists()
    [kept] = storage.config_dir.glob("settings.unreadable-*.yaml")
    assert kept.read_bytes() == b"theme: \xff\xfe light\n"
    assert storage.load_settings() == Settings()


def test_a_save_that_is_not_json_is_kept_aside_not_deleted(tmp_path):
    storage = storage_in(tmp_path)
    save_file(storage).parent.mkdir(parents=True)
    save_file(storage).write_text('{"format": "ramsli-save/1", "players": ')
    with pytest.raises(StorageError) as raised:
        storage.load_game(save_file(storage))
    [kept] = storage.saves_dir.glob("session.unreadable-*.json")
    assert str(kept) in str(raised.value)
    assert kept.read_text() == '{"format": "ramsli-save/1", "players": '
    assert storage.load_game(save_file(storage)) is None


@pytest.mark.parametrize("text, problem", [
    ('{"format": "ramsli-save/9", "ruleset": "classic", "players": 3, "seed": 1, '
     '"names": ["a", "b", "c"], "strengths": [null, "random", "random"], "actions": []}', "not a ramsli-save/2 save"),
    ('{"format": "ramsli-save/2", "game": "ramsli", "ruleset": "classic", "seed": 1, '
     '"seats": [{"name": "a", "kind": "person"}, {"name": "b", "kind": "robot"}], "actions": []}', "wrong 'seats'"),
    ('{"format": "ramsli-save/1", "ruleset": "classic", "players": 3, "seed": 1, '
     '"names": ["a", "b"], "strengths": [null, "random", "random"], "actions": []}', "do not match"),
    ('{"format": "ramsli-save/1", "ruleset": "classic", "players": 3, "seed": 1, '
     '"names": ["a", "b", "c"], "strengths": [null, "random"], "actions": []}', "do not match"),
])
def test_a_save_of_another_format_or_with_mismatched_seats_is_kept_aside(tmp_path, text, problem):
    storage = storage_in(tmp_path)
    save_file(storage).parent.mkdir(parents=True)
    save_file(storage).write_text(text)
    with pytest.raises(StorageError, match=problem):
        storage.load_game(save_file(storage))
    assert not save_file(storage).exists()
    assert [path.read_text() for path in storage.saves_dir.glob("session.unreadable-*.json")] == [text]


def test_a_save_keeps_its_starting_chips_and_strengths(tmp_path):
    storage = storage_in(tmp_path)
    spec = spec_for(players=3, seed=5, starting_chips=33)
    storage.save_game(save_file(storage), SavedGame(spec, ("in",)))
    loaded = storage.load_game(save_file(storage))
    assert loaded.spec.starting_chips == 33 and loaded.spec.strengths == (None, "random", "random")


def test_settings_of_the_wrong_type_fall_back_each_to_its_default(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(
        "players: true\nname: ''\ntheme: ''\nruleset: 7\nbot_delay: 9\nseed: false\nstarting_chips: yes\nfaces: german\n"
    )
    settings = storage.load_settings()
    assert (settings.players, settings.name, settings.theme, settings.ruleset) == (4, "You", "green-felt", "classic")
    assert (settings.bot_delay, settings.seed, settings.starting_chips) == (0.6, None, None)
    assert settings.faces == "german"  # the right values are still taken


def test_settings_keep_the_values_at_the_edges_of_what_is_allowed(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("bot_delay: 0\nplayers: 6\nseed: 0\nstarting_chips: 1\n")
    settings = storage.load_settings()
    assert (settings.bot_delay, settings.players, settings.seed, settings.starting_chips) == (0.0, 6, 0, 1)
    assert isinstance(settings.bot_delay, float)
    storage.settings_path.write_text("bot_delay: 5\n")
    assert storage.load_settings().bot_delay == 5.0


def test_an_opponent_without_a_name_keeps_the_default_name_of_its_seat(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("opponents:\n- {strength: hard}\n- {name: Zed}\n- {name: '', strength: normal}\n")
    opponents = storage.load_settings().opponents
    assert [(o.name, o.strength) for o in opponents] == [
        ("Anna", "hard"), ("Zed", ""), ("Carlo", "normal"), ("Dora", ""), ("Emil", ""),
    ]


def test_settings_that_are_not_a_mapping_are_kept_aside(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("- theme\n- light\n")
    with pytest.raises(StorageError, match="not a mapping"):
        storage.load_settings()
    assert [path.read_text() for path in storage.config_dir.glob("settings.unreadable-*.yaml")] == ["- theme\n- light\n"]


def test_a_write_that_dies_before_the_rename_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "autosave.json"
    write_atomically(target, "old save")

    def dies(source, destination):
        raise KeyboardInterrupt  # the process is stopped between writing and renaming

    monkeypatch.setattr(storage_module.os, "replace", dies)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new save")
    assert target.read_text() == "old save"
    assert [path.name for path in tmp_path.iterdir()] == ["autosave.json"]


def test_a_reader_that_opened_the_old_file_reads_it_whole_after_a_write(tmp_path):
    target = tmp_path / "settings.yaml"
    write_atomically(target, "theme: light\n" * 100)
    with open(target, encoding="utf-8") as reader:
        write_atomically(target, "theme: dark\n")
        assert reader.read() == "theme: light\n" * 100
    assert target.read_text() == "theme: dark\n"


def test_where_the_data_folder_cannot_be_made_the_game_goes_on_unguarded(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    storage = Storage(tmp_path / "config", blocker / "ramsli")
    ran = []
    with storage.claimed():
        ran.append(True)
    assert ran == [True]
    with pytest.raises(OSError):
        storage.save_game(save_file(storage), SavedGame(spec_for(players=3), ()))  # saving is what says what is wrong


def test_files_set_aside_in_the_same_second_are_all_kept(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    for broken in ("[first broken", "[second broken", "[third broken"):
        storage.settings_path.write_text(broken)
        with pytest.raises(StorageError):
            storage.load_settings()
    kept = sorted(path.read_text() for path in storage.config_dir.glob("settings.unreadable-*.yaml"))
    assert kept == ["[first broken", "[second broken", "[third broken"]


def test_a_yaml_mistake_is_told_in_one_line_with_its_line_number(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("theme: light\nfaces: [french\n")
    with pytest.raises(StorageError) as caught:
        storage.load_settings()
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"Your settings could not be read ({storage.settings_path}:3: this is not valid YAML (")


def test_settings_that_cannot_be_used_are_named_by_file_line_and_key(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("faces: klingon\nplayers: many\nbot_delay: -3\nname: Mia\nthme: light\n")
    settings, problems = storage.read_settings()
    assert (settings.faces, settings.players, settings.bot_delay, settings.name) == ("french", 4, 0.6, "Mia")
    where = str(storage.settings_path)
    assert problems == [
        f"{where}:1: faces cannot be 'klingon', only 'french' or 'german'; 'french' is used",
        f"{where}:2: players cannot be 'many'; 4 is used",
        f"{where}:3: bot_delay cannot be -3; 0.6 is used",
        f"{where}:5: unknown setting 'thme' (did you mean 'theme'?) is left out",
    ]


def test_good_settings_have_nothing_to_say(tmp_path):
    storage = storage_in(tmp_path)
    storage.save_settings(Settings(theme="light", faces="german", name="Mia"))
    assert storage.read_settings()[1] == []


async def test_the_app_tells_the_player_which_settings_it_could_not_use(tmp_path):
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("theme: light\nfaces: klingon\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [notification.message for notification in app._notifications]
    assert f"{storage.settings_path}:2: faces cannot be 'klingon', only 'french' or 'german'; 'french' is used" in messages


OLD_SAVE = Path(__file__).with_name("data") / "autosave-ramsli-save-1.json"


async def test_a_game_saved_by_the_ramsli_of_before_many_seats_resumes_where_it_was(tmp_path):
    """The file was written by ramsli at the commit before the save format named the game."""
    storage = storage_in(tmp_path)
    storage.data_dir.mkdir(parents=True)
    shutil.copy(OLD_SAVE, storage.first_save_path)  # where that ramsli kept its one saved game
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.client is not None, "the table, not the setup screen"
        view = app.client.view
        assert app.table.actions[:31] == json.loads(OLD_SAVE.read_text())["actions"]
        assert view.number == 2 and {card.code for card in view.hand} <= {"AH", "KC"}
        assert app.client.names == ("Zora", "Anna", "Bertl", "Carlo")
        assert [seat.player.name if seat.player else None for seat in app.table.seats] == [None, "normal", "hard", "random"]
    [kept] = storage.saves_dir.glob("*.json")  # taken into the folder of saved sessions
    assert SavedGame.from_json(kept.read_text()).spec.game == "ramsli"
    assert not storage.first_save_path.exists()
