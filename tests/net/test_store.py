"""The data folder of ``ramsli serve``: the host key made once, names bound to keys,
tables kept and read back, a file that cannot be read set aside, one server a folder."""

from __future__ import annotations

import errno
import json
import os
import stat

import asyncssh
import pytest

from ramsli_tui.net.store import NameBook, ServedTable, ServeError, ServerFolder
from ramsli_tui.storage import files
from ramsli_tui.storage.saves import SavedGame
from ramsli_tui.table.spec import GameSpec, SeatSpec


def a_table(number: int = 3) -> ServedTable:
    spec = GameSpec("ramsli", "classic", 99, (SeatSpec.person("mia"), SeatSpec.person(""), SeatSpec.computer("Anna", "hard")))
    return ServedTable(number, "SHA256:mia", ["SHA256:mia", None, None], SavedGame(spec, ("in", "out"), 0), True, 1)


def test_the_host_key_is_made_once_readable_by_the_server_alone(tmp_path):
    folder = ServerFolder(tmp_path)
    key = folder.host_key()
    path = tmp_path / "host_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert key.algorithm == b"ssh-ed25519"
    assert ServerFolder(tmp_path).host_key().get_fingerprint() == key.get_fingerprint()


def test_a_host_key_that_cannot_be_read_stops_the_server_in_one_line(tmp_path):
    (tmp_path / "host_key").write_text("not a key")
    (tmp_path / "host_key").chmod(0o600)
    with pytest.raises(ServeError, match="host_key cannot be read as the host key"):
        ServerFolder(tmp_path).host_key()


@pytest.mark.parametrize("mode, access", [(0o644, "readable by"), (0o640, "readable by"), (0o604, "readable by"),
                                          (0o620, "writable by"), (0o602, "writable by"), (0o710, "open to")])
def test_a_host_key_others_may_read_or_write_stops_the_server_in_one_line_as_sshd_does(tmp_path, mode, access):
    ServerFolder(tmp_path).host_key()
    (tmp_path / "host_key").chmod(mode)
    with pytest.raises(ServeError) as refused:
        ServerFolder(tmp_path).host_key()
    assert str(refused.value) == f"{tmp_path / 'host_key'} is {access} others (mode 0{mode:o}): chmod 600 it"


def test_a_host_key_that_is_not_a_regular_file_stops_the_server_in_one_line(tmp_path):
    made = ServerFolder(tmp_path / "elsewhere").host_key()
    (tmp_path / "host_key").symlink_to(tmp_path / "elsewhere" / "host_key")
    with pytest.raises(ServeError) as refused:
        ServerFolder(tmp_path).host_key()
    assert str(refused.value) == f"{tmp_path / 'host_key'} is a symbolic link, not a regular file: the host key must be one"
    assert made.get_fingerprint()  # the file it points to is a good key, and still refused
    (tmp_path / "host_key").unlink()
    os.mkfifo(tmp_path / "host_key", 0o600)
    with pytest.raises(ServeError, match="host_key is a FIFO, not a regular file"):
        ServerFolder(tmp_path).host_key()  # never opened: reading a FIFO would wait for ever


def test_a_dangling_symbolic_link_is_not_taken_for_a_missing_host_key(tmp_path):
    (tmp_path / "host_key").symlink_to(tmp_path / "nowhere")
    with pytest.raises(ServeError, match="host_key is a symbolic link"):
        ServerFolder(tmp_path).host_key()
    assert not (tmp_path / "nowhere").exists()


def test_a_table_is_kept_and_read_back_as_it_was(tmp_path):
    folder = ServerFolder(tmp_path)
    folder.save_table(a_table())
    [back], problems = folder.tables()
    assert back == a_table() and problems == []
    assert folder.next_number() == 4
    folder.close_table(back)
    assert folder.tables() == ([], []) and (tmp_path / "tables" / "closed" / "3.json").exists()
    assert folder.next_number() == 4, "a closed table's number is not given again"


def test_a_table_file_that_cannot_be_read_is_set_aside_and_said_so(tmp_path):
    folder = ServerFolder(tmp_path)
    folder.save_table(a_table(1))
    broken = json.loads(a_table(2).to_json())
    broken["owners"] = ["SHA256:mia"]
    (tmp_path / "tables" / "2.json").write_text(json.dumps(broken))
    (tmp_path / "tables" / "5.json").write_text("{")
    tables, problems = folder.tables()
    assert [table.number for table in tables] == [1]
    assert len(problems) == 2
    assert "2.json could not be read (it is missing or has a wrong 'owners')" in problems[0]
    assert sorted(path.name for path in (tmp_path / "tables").iterdir() if path.is_file()) == \
        ["1.json", "2.unreadable.json", "5.unreadable.json"]
    assert folder.tables()[1] == [], "what was set aside is not read again"


def test_only_one_server_runs_on_a_folder(tmp_path):
    folder = ServerFolder(tmp_path / "data")
    with folder.claimed():
        with pytest.raises(ServeError, match="another ramsli serve is running on"):
            with ServerFolder(tmp_path / "data").claimed():
                pass
    with folder.claimed():
        pass
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700, "a folder the server made is its alone"
    assert folder.open_to_others() is None


def test_an_empty_folder_or_a_data_folder_is_taken_as_it_is_and_its_mode_left_alone(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    with ServerFolder(shared).claimed():
        assert ServerFolder(shared).open_to_others() == "1777"
    older = tmp_path / "older"
    older.mkdir()
    (older / "names.json").write_text('{"format": "ramsli-served-names/1", "names": {}}')
    older.chmod(0o750)
    with ServerFolder(older).claimed():
        pass
    assert [stat.S_IMODE(path.stat().st_mode) for path in (shared, older)] == [0o1777, 0o750]


def test_a_folder_with_other_things_in_it_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "photo.jpg").write_text("a photo")
    tmp_path.chmod(0o755)
    with pytest.raises(ServeError, match="it is not empty and not a ramsli serve data folder"):
        with ServerFolder(tmp_path).claimed():
            pass
    assert [path.name for path in tmp_path.iterdir()] == ["photo.jpg"]
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755


def test_what_a_killed_server_left_in_run_is_removed_once_the_folder_is_held(tmp_path):
    folder = ServerFolder(tmp_path / "data")
    with folder.claimed() as leftovers:
        assert leftovers == 0
        (folder.sessions_dir / "mia-x1" / "config").mkdir(parents=True)  # a session's own folder, as it runs
        (folder.sessions_dir / "zora-x2").mkdir()
        with pytest.raises(ServeError):
            with ServerFolder(tmp_path / "data").claimed():
                pass
        assert len(list(folder.sessions_dir.iterdir())) == 2, "a second server, refused, removed nothing"
    with folder.claimed() as leftovers:
        assert leftovers == 2 and not folder.run_dir.exists()


def test_a_name_is_bound_to_one_key_whatever_its_case(tmp_path):
    book = NameBook(tmp_path / "names.json")
    mia, zora = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    book.bind("Mia", mia)
    assert book.holder("mia") == book.holder("MIA") == mia.get_fingerprint()
    assert book.name_of(mia.get_fingerprint()) == "Mia" and book.name_of(zora.get_fingerprint()) is None
    again = NameBook(tmp_path / "names.json")
    assert again.name_of(mia.get_fingerprint()) == "Mia", "bindings outlive the server"
    assert json.loads((tmp_path / "names.json").read_text())["names"]["Mia"].startswith("ssh-ed25519 ")


def test_a_names_file_that_cannot_be_read_stops_the_server_rather_than_forget_who_is_who(tmp_path):
    (tmp_path / "names.json").write_text('{"format": "ramsli-served-names/1", "names": {"mia": "nonsense"}}')
    with pytest.raises(ServeError, match="names.json cannot be read"):
        NameBook(tmp_path / "names.json")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": "ramsli-served-names/2", "names": {}}',
                                  '{"format": "ramsli-served-names/1"}'])
def test_a_names_file_nested_too_deep_or_of_another_format_is_one_line(tmp_path, text):
    (tmp_path / "names.json").write_text(text)
    told = r"names.json cannot be read \(it is (nested too deep to be a file|not a ramsli-served-names/1 file)\)"
    with pytest.raises(ServeError, match=told):
        NameBook(tmp_path / "names.json")


def test_a_folder_whose_file_system_cannot_lock_is_not_taken_by_a_second_server(tmp_path, monkeypatch):
    def cannot_lock(handle):
        raise OSError(errno.ENOLCK, "No locks available")  # NFS without a lock daemon

    monkeypatch.setattr(files, "lock_exclusively", cannot_lock)
    with pytest.raises(ServeError, match="another ramsli serve is running on"):
        with ServerFolder(tmp_path / "data").claimed():
            pass
