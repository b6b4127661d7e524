"""Output never ends a command: on a standard output that cannot show a character
(``PYTHONIOENCODING=ascii``) every command writes it as an escape (``\\u2603``) and goes
on, and what prints JSON still prints valid JSON.  Each command's output path is run
through the real command, with a snowman from outside in it: a file name, a ruleset's
name and description, a player's name, a kept time, the data folder in ``--help``."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from ramsli_tui.storage.history import HISTORY_FILE, make_schema
from ramsli_tui.storage import SavedGame, Storage
from ramsli_tui.table.spec import GameSpec

from tests.kits.examples import BETE_FIXED

SNOWMAN = "\u2603"
SHOWN = "\\u2603"  # as the escape that a stream that cannot show it writes
RULESET = f"name: sn{SNOWMAN}w\nextends: classic\ndescription: Snow {SNOWMAN} rules\n"


def on_ascii(home, *args: str) -> subprocess.CompletedProcess:
    """``ramsli ARGS`` in ``home`` with ASCII standard streams, its own config and data folders."""
    environment = {**os.environ, "PYTHONIOENCODING": "ascii", "XDG_CONFIG_HOME": str(home / "config"),
                   "XDG_DATA_HOME": str(home / f"data{SNOWMAN}")}
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], capture_output=True, cwd=home,
                          stdin=subprocess.DEVNULL, env=environment, timeout=120)


def ruleset_file(home) -> None:
    (home / f"{SNOWMAN}.yaml").write_text(RULESET, encoding="utf-8")


def own_ruleset(home) -> None:
    folder = home / "config" / "ramsli" / "rulesets"
    folder.mkdir(parents=True)
    (folder / f"{SNOWMAN}.yaml").write_text(RULESET, encoding="utf-8")


def record_naming_the_ruleset_file(home) -> None:
    ruleset_file(home)
    record = BETE_FIXED.read_text(encoding="utf-8").replace("ruleset: classic", f"ruleset: {SNOWMAN}.yaml")
    (home / "hand.yaml").write_text(record, encoding="utf-8")


def saved_session(home) -> None:
    storage = Storage(home / "config" / "ramsli", home / f"data{SNOWMAN}" / "ramsli")
    spec = GameSpec.one_person("ramsli", "classic", 1, (f"J{SNOWMAN}", "Ben", "Cy", "Di"), ["random"] * 3)
    storage.save_game(storage.saves_dir / "session.20261130-100000.json", SavedGame(spec, ()))


def kept_hand(home) -> None:
    folder = home / "serve"
    folder.mkdir()
    connection = sqlite3.connect(folder / HISTORY_FILE)
    make_schema(connection)
    connection.execute("INSERT INTO sessions (id, table_number, game, ruleset, started_at) VALUES (1, 1, 'ramsli', 'classic', '2026-11-30T10:00:00+00:00')")
    record = json.dumps({"format": "ramsli-hand/1", "deck": ["AS"], "actions": [], "names": [f"J{SNOWMAN}"]})
    connection.execute("INSERT INTO hands VALUES (1, 'ramsli', 1, '2026-11-30T10:00:00+00:00', ?)", (record,))
    connection.commit()
    connection.close()


def nothing(home) -> None:
    pass


COMMANDS = {
    "rules check": (ruleset_file, ["rules", "check", f"{SNOWMAN}.yaml"], 0, f"{SHOWN}.yaml: ok (sn{SHOWN}w)"),
    "rules show": (ruleset_file, ["rules", "show", f"{SNOWMAN}.yaml"], 0, f"name: sn{SHOWN}w"),
    "rules list": (own_ruleset, ["rules", "list"], 0, f"Snow {SHOWN} rules"),
    "replay": (record_naming_the_ruleset_file, ["replay", "hand.yaml"], 0, f"sn{SHOWN}w"),
    "simulate": (ruleset_file, ["simulate", "--ruleset", f"{SNOWMAN}.yaml", "--hands", "2"], 0, f"sn{SHOWN}w"),
    "tournament": (ruleset_file, ["tournament", "--ruleset", f"{SNOWMAN}.yaml", "--deals", "1"], 0, f"sn{SHOWN}w"),
    "saves": (saved_session, ["saves"], 0, f"classic, hand 1, J{SHOWN} "),
    "saves --delete": (saved_session, ["saves", "--delete", "1"], 0, f"classic, hand 1, J{SHOWN} "),
    "history export": (kept_hand, ["history", "export", "--data", "serve"], 0, f"J{SHOWN}"),
    "--help": (nothing, ["history", "export", "--help"], 0, f"data{SHOWN}"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_writes_what_standard_output_cannot_show_as_an_escape(tmp_path, command):
    prepare, argv, status, shown = COMMANDS[command]
    prepare(tmp_path)
    done = on_ascii(tmp_path, *argv)
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert done.returncode == status, done.stderr
    assert shown.encode("ascii") in done.stdout


JSON_COMMANDS = {
    "replay --json": (nothing, ["replay", f"missing-{SNOWMAN}.yaml", "--json"], "error"),
    "simulate --json": (ruleset_file, ["simulate", "--ruleset", f"{SNOWMAN}.yaml", "--hands", "2", "--json"],
                        "ruleset"),
    "tournament --json": (ruleset_file, ["tournament", "--ruleset", f"{SNOWMAN}.yaml", "--deals", "1", "--json"],
                          "ruleset"),
    "history export --json": (kept_hand, ["history", "export", "--data", "serve", "--json"], 0),
}


@pytest.mark.parametrize("command", list(JSON_COMMANDS))
def test_json_output_on_an_ascii_stream_is_valid_json_holding_the_text_itself(tmp_path, command):
    prepare, argv, where = JSON_COMMANDS[command]
    prepare(tmp_path)
    done = on_ascii(tmp_path, *argv)
    assert done.returncode == (2 if where == "error" else 0), done.stderr
    printed = json.loads(done.stdout.decode("ascii"))
    assert SNOWMAN in json.dumps(printed[where], ensure_ascii=False)


def test_a_mistake_on_an_ascii_standard_error_is_still_one_line(tmp_path):
    done = on_ascii(tmp_path, "rules", "show", f"no-{SNOWMAN}")
    assert done.returncode == 2 and done.stderr.decode("ascii").startswith(f"ramsli: unknown ruleset 'no-{SHOWN}'")
    assert done.stderr.count(b"\n") == 1
