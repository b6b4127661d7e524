"""``ramsli history export`` on a history it cannot print as kept: a database written by
another program or by hand (crafted here with sqlite3 itself, on the schema of
storage/history.py), a ``--table`` beyond SQLite's integers, a ``--data`` path too long for
the system.  Each proves: one line on standard error starting ``ramsli:``, naming the
hand where it is one hand's fault, exit status 2, nothing on standard output, no
traceback."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ramsli_tui.storage.history import HISTORY_FILE, make_schema

from tests.cli.test_cli import ramsli

DECK = ["AS", "KD", "QC", "KS", "7S", "AH", "QS", "JS"]
GOOD = json.dumps({"format": "ramsli-hand/1", "deck": DECK, "actions": [{"seat": 0, "action": "pass"}]})


def history_of(folder, rows) -> None:
    """A history in ``folder`` holding ``rows`` of (game, record) as table 1's hands 1, 2, …"""
    connection = sqlite3.connect(folder / HISTORY_FILE)
    make_schema(connection)
    connection.execute("INSERT INTO sessions (id, table_number, game, ruleset, started_at) VALUES (1, 1, 'ramsli', 'classic', '2026-11-30T10:00:00+00:00')")
    for number, (game, record) in enumerate(rows, 1):
        connection.execute("INSERT INTO hands VALUES (1, ?, ?, '2026-11-30T10:00:00+00:00', ?)", (game, number, record))
    connection.commit()
    connection.close()


def refused_in_one_line(done) -> str:
    assert "Traceback" not in done.stderr
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("ramsli: ") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


NESTED = '{"deck": [], "actions": [], "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
SHALLOW_BUT_TOO_DEEP = '{"deck": [], "actions": [], "x": ' + "[" * 30 + "]" * 30 + "}"

UNPRINTABLE = {
    "an unknown game": ("poker", GOOD, "it is a hand of 'poker', a game this ramsli does not know (it knows ramsli, rami)"),
    "a game named as a path": ("../cli", GOOD, "it is a hand of '../cli', a game this ramsli does not know"),
    "nested past the parser": ("ramsli", NESTED, "its record is nested more than 20 deep"),
    "nested past the bound": ("ramsli", SHALLOW_BUT_TOO_DEEP, "its record is nested more than 20 deep"),
    "a list": ("ramsli", "[1, 2, 3]", "its record is a list, not a mapping of keys to values"),
    "text": ("rami", '"a hand"', "its record is text, not a mapping of keys to values"),
    "no deck": ("ramsli", json.dumps({"format": "ramsli-hand/1", "actions": []}), "its record has no deck"),
    "a deck not a list": ("ramsli", json.dumps({"deck": 5, "actions": []}), "its record has no deck"),
    "a deck of numbers": ("ramsli", json.dumps({"deck": [1, 2], "actions": []}), "its deck holds 1, not a card code"),
    "a card that writes YAML": ("ramsli", json.dumps({"deck": ["AS]\nformat: x"], "actions": []}), "not a card code"),
    "no actions": ("ramsli", json.dumps({"deck": DECK}), "its record has no actions (a list of mappings)"),
    "actions not mappings": ("rami", json.dumps({"deck": DECK, "actions": ["x", 3]}), "its record has no actions"),
    "NaN": ("ramsli", '{"deck": [], "actions": [], "pot": NaN}', "its record holds NaN, which JSON has no number for"),
    "a float beyond JSON": ("ramsli", '{"deck": [], "actions": [], "pot": 1e999}', "a number too large for JSON"),
    "a number of 5,000 digits": ("ramsli", '{"deck": [], "actions": [], "pot": ' + "9" * 5000 + "}",
                                 "its record holds a number of more than 30 digits"),
    "not JSON": ("ramsli", "{deck", "its record is not JSON ("),
    "bytes": ("ramsli", b"\xff\xfe{}", "its record is not JSON text"),
}


@pytest.mark.parametrize("as_json", [False, True], ids=["yaml", "json"])
@pytest.mark.parametrize("case", list(UNPRINTABLE))
def test_a_kept_hand_that_cannot_be_printed_is_one_line_naming_it(tmp_path, case, as_json):
    game, record, said = UNPRINTABLE[case]
    history_of(tmp_path, [("ramsli", GOOD), (game, record)])
    done = ramsli("history", "export", "--data", str(tmp_path), *(["--json"] if as_json else []))
    error = refused_in_one_line(done)
    assert error.startswith(f"ramsli: {tmp_path / HISTORY_FILE}: table 1, hand 2: ")
    assert said in error


def test_a_good_hand_of_that_shape_is_exported_as_kept(tmp_path):
    """The checks refuse only what cannot be printed: the shape above, well formed, goes out whole."""
    history_of(tmp_path, [("ramsli", GOOD)])
    done = ramsli("history", "export", "--data", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["record"] == json.loads(GOOD)


@pytest.mark.parametrize("table, said", [
    (str(2**63), f"--table: {2**63} is more than {2**63 - 1}"),
    (str(10**40), f"--table: a number of 41 digits is more than {2**63 - 1}"),
    ("0", "--table: 0 is less than 1"),
    ("-5", "--table: -5 is less than 1"),
    ("9" * 5000, "--table: '999999"),
])
def test_a_table_number_beyond_sqlites_integers_is_one_line(tmp_path, table, said):
    history_of(tmp_path, [("ramsli", GOOD)])
    error = refused_in_one_line(ramsli("history", "export", "--data", str(tmp_path), "--table", table))
    assert error.startswith(f"ramsli: {said}") and error.rstrip().endswith("(see 'ramsli history export --help')")


def test_the_highest_table_sqlite_holds_is_asked_for_as_any_other(tmp_path):
    history_of(tmp_path, [("ramsli", GOOD)])
    done = ramsli("history", "export", "--data", str(tmp_path), "--table", str(2**63 - 1), "--json")
    assert (done.returncode, json.loads(done.stdout), done.stderr) == (0, [], "")


@pytest.mark.parametrize("shape", ["a long name", "a long path"])
def test_a_data_path_too_long_for_the_system_is_one_line(tmp_path, shape):
    data = tmp_path / ("a" * 300) if shape == "a long name" else tmp_path.joinpath(*["a"] * 3000)
    error = refused_in_one_line(ramsli("history", "export", "--data", str(data)))
    assert error.rstrip().endswith("File name too long")


@pytest.mark.parametrize("finished", ["\x1b]0;title\x07", "x" * 5000, "yesterday"])
def test_a_kept_hand_whose_time_is_no_time_is_one_line_naming_it_escaped(tmp_path, finished):
    history_of(tmp_path, [("ramsli", GOOD)])
    connection = sqlite3.connect(tmp_path / HISTORY_FILE)
    connection.execute("UPDATE hands SET finished_at = ?", (finished,))
    connection.commit()
    connection.close()
    told = refused_in_one_line(ramsli("history", "export", "--data", str(tmp_path)))
    assert "is not a time (ISO 8601)" in told and "\x1b" not in told and "\x07" not in told
