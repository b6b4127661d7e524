"""``ramsli replay FILE --view`` through the real command, where it does not open the
viewer: a file that cannot be read, a record that cannot be replayed and a stream
without ``--hand`` are each one line on standard error and exit status 2, before the
terminal is taken."""

from __future__ import annotations

import yaml

from ramsli_tui.games.ramsli import records as ramsli_records

from tests.cli.test_cli import ramsli
from tests.cli.test_cli_replay_stream import RAMI_RECORD, RAMSLI_RECORD, stream


def one_line_and_status_2(done) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.startswith("ramsli: ") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def test_view_of_a_file_that_is_not_there_is_one_line_and_status_2(tmp_path):
    said = one_line_and_status_2(ramsli("replay", str(tmp_path / "nowhere.yaml"), "--view"))
    assert "nowhere.yaml" in said


def test_view_of_a_record_that_cannot_be_replayed_is_one_line_and_status_2(tmp_path):
    path = tmp_path / "hand.yaml"
    record = ramsli_records.read_record(RAMSLI_RECORD)
    broken = RAMSLI_RECORD.replace("actions:\n", "actions:\n- {seat: 9, act: in}\n", 1)
    assert record.actions and broken != RAMSLI_RECORD
    path.write_text(broken, encoding="utf-8")
    assert "action 0" in one_line_and_status_2(ramsli("replay", str(path), "--view"))


def test_view_of_a_stream_asks_for_one_hand_in_one_line(tmp_path):
    path = tmp_path / "hands.yaml"
    path.write_text(stream(RAMSLI_RECORD, RAMI_RECORD), encoding="utf-8")
    assert "--hand" in one_line_and_status_2(ramsli("replay", str(path), "--view"))


def test_view_with_hand_n_opens_the_viewer_on_that_record_of_a_stream(tmp_path, monkeypatch):
    from ramsli_tui import cli
    from ramsli_tui.ui.app import RamsliApp

    opened = []
    monkeypatch.setattr(RamsliApp, "run", lambda app: opened.append(app.viewing))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = tmp_path / "hands.yaml"
    path.write_text(stream(RAMSLI_RECORD, RAMI_RECORD), encoding="utf-8")
    assert cli.main(["replay", str(path), "--view", "--hand", "2"]) == 0
    [viewing] = opened
    assert viewing.game == "rami"
    assert len(viewing.shown.steps) == len(yaml.safe_load(RAMI_RECORD)["actions"]) + 1
