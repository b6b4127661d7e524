"""Text from outside never reaches the terminal raw through the real commands: saved
sessions' names and rulesets, set-aside files' paths, rulesets' names, descriptions and
paths, options, records and the kept history are all shown with every control, escape,
C1 and bidi character escaped, each line of a message cut to ``LINE_LENGTH``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ramsli_tui.storage.history import HandHistory
from ramsli_tui.storage import SavedGame, Storage
from ramsli_tui.text import LINE_LENGTH

from tests.cli.test_cli_history import finished_hands
from tests.kits.ui import spec_for
from tests.test_text import OBEYED

ATTACKS = ["\x1b[2J", "\x1b]0;title\x07", "\x9b2J", "\x9d0;title\x9c", "\u202e"]
HOSTILE = "".join(ATTACKS)


def ramsli(home, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    environment = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True,
                          env=environment, timeout=120, input=stdin, errors="surrogateescape")


def assert_shown_safely(done: subprocess.CompletedProcess, line_limit: int | None = LINE_LENGTH) -> None:
    """Nothing on standard output or error a terminal would obey, no line over the limit."""
    for stream in (done.stdout, done.stderr):
        raw = {character for character in stream if character in OBEYED and character != "\n"}
        assert not raw, f"raw {sorted(raw)!r} in {stream[:400]!r}"
        if line_limit is not None:
            assert all(len(line) <= line_limit for line in stream.split("\n")), max(map(len, stream.split("\n")))


def storage_of(home) -> Storage:
    return Storage(home / "config" / "ramsli", home / "data" / "ramsli")


def hostile_save(home, name: str = HOSTILE, ruleset: str = "classic"):
    """A saved session whose person's name (and ruleset) hold ``name``: written as a file
    from outside could be."""
    storage = storage_of(home)
    path = storage.saves_dir / "session.20261101-100000.json"
    storage.save_game(path, SavedGame(spec_for(seed=1)))
    data = json.loads(path.read_text())
    data["seats"][0]["name"], data["ruleset"] = name, ruleset
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("ruleset", ["classic", HOSTILE, "x" * 100_000], ids=["classic", "hostile", "huge"])
def test_saves_sets_aside_a_session_whose_names_or_ruleset_a_terminal_would_obey_telling_it_safely(tmp_path, ruleset):
    hostile_save(tmp_path, name=HOSTILE * 1000, ruleset=ruleset)
    done = ramsli(tmp_path, "saves")
    assert done.returncode == 0, done.stderr
    assert "1. " not in done.stdout and "session.20261101-100000" in done.stderr, "set aside, and told"
    assert_shown_safely(done)


def test_saves_lists_a_session_of_long_names_cut(tmp_path):
    hostile_save(tmp_path, name="N" * 100, ruleset="classic")
    done = ramsli(tmp_path, "saves")
    assert done.returncode == 0 and "1. " in done.stdout, done.stderr
    assert_shown_safely(done)


def test_a_set_aside_save_is_told_with_its_path_and_reason_escaped(tmp_path):
    saves = storage_of(tmp_path).saves_dir
    saves.mkdir(parents=True)
    (saves / f"session.{HOSTILE}.json").write_text("{" + HOSTILE * 50_000)
    done = ramsli(tmp_path, "saves")
    assert done.returncode == 0 and "could not be read" in done.stderr and "\\x1b]0;title\\x07" in done.stderr
    assert_shown_safely(done)


def user_ruleset(home, file_name: str, text: str):
    folder = home / "config" / "ramsli" / "rulesets"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name
    path.write_text(text)
    return path


def test_rules_list_shows_a_players_rulesets_name_description_and_path_escaped(tmp_path):
    user_ruleset(tmp_path, f"mine{HOSTILE}.yaml", "extends: classic\ndescription: " + json.dumps(HOSTILE * 10_000) + "\n")
    user_ruleset(tmp_path, f"broken{HOSTILE}.yaml", "extends: classic\nbete: " + json.dumps(HOSTILE * 10_000) + "\n")
    done = ramsli(tmp_path, "rules", "list")
    assert done.returncode == 0, done.stderr
    assert "(broken)" in done.stdout and "\\x1b[2J" in done.stdout
    assert_shown_safely(done)


def test_rules_show_and_check_escape_what_the_file_says_and_its_name(tmp_path):
    path = user_ruleset(tmp_path, f"mine{HOSTILE}.yaml", "extends: classic\ndescription: mine\n")
    shown = ramsli(tmp_path, "rules", "show", str(path))
    assert shown.returncode == 0, shown.stderr
    assert_shown_safely(shown, line_limit=None)
    checked = ramsli(tmp_path, "rules", "check", str(path), str(path.with_name(f"no{HOSTILE}.yaml")))
    assert checked.returncode == 2 and ": ok (" in checked.stdout
    assert_shown_safely(checked)


def test_history_export_writes_no_raw_control_or_bidi_character(tmp_path):
    """(The records' own YAML writes what does not print as YAML escapes: this keeps it so.)"""
    from ramsli_tui.storage.history import record_of_hand

    (tmp_path / "serve").mkdir()
    history = HandHistory.open(tmp_path / "serve")
    record = record_of_hand("ramsli", finished_hands("ramsli", "classic", 4, "random", 1, seed=3)[0])
    history.add(1, "ramsli", 1, {**record, "ruleset": HOSTILE})
    history.add(1, "ramsli", 2, {**record, "ruleset": "plain \u202e\u2066\u200f\u061c turned"})
    history.close()
    done = ramsli(tmp_path, "history", "export", "--data", str(tmp_path / "serve"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("# table 1, hand") == 2
    assert_shown_safely(done, line_limit=None)


def test_a_record_told_in_words_and_its_error_are_escaped(tmp_path):
    bad = ramsli(tmp_path, "replay", "-", stdin=f"format: ramsli-hand/1\nruleset: {json.dumps(HOSTILE * 10_000)}\n")
    assert bad.returncode == 2 and bad.stderr.startswith("ramsli: ")
    assert_shown_safely(bad)
    missing = ramsli(tmp_path, "replay", str(tmp_path / f"{HOSTILE}.yaml"))
    assert missing.returncode == 2
    assert_shown_safely(missing)
