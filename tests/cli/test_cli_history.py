"""``ramsli history export``, through the real command: every hand ``ramsli serve`` kept,
as YAML documents or one JSON array, each record replaying through ``ramsli replay`` to
what was played; ``--table`` keeps one table's; no history, or a broken one, is one line
and exit status 2."""

from __future__ import annotations

import json
import random

import pytest
import yaml

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import play_out
from ramsli_tui.games.rami import records as rami_records
from ramsli_tui.games.ramsli import records as ramsli_records
from ramsli_tui.net.history import HISTORY_FILE, HandHistory, record_of_hand

from tests.cli.test_cli import ramsli

RESULT_OF = {"ramsli": ramsli_records.result_of, "rami": rami_records.result_of}


def finished_hands(game: str, ruleset: str, players: int, strength: str, hands: int, seed: int) -> list:
    kind = game_named(game)
    session = kind.new_game(kind.load_rules(ruleset), players, seed)
    bots = {seat: kind.computer_player(strength) for seat in range(players)}
    rngs = {seat: random.Random(seat) for seat in range(players)}
    play_out(session, bots, rngs, until=lambda played: played.rounds_finished >= hands or played.is_over)
    return session.finished


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """A data folder whose history holds two Ramsli hands of table 1 and a Rami hand of table 2;
    with the results the engine gave for each, by (table, hand)."""
    folder = tmp_path_factory.mktemp("serve")
    history = HandHistory.open(folder)
    expected = {}
    tables = ((1, "ramsli", finished_hands("ramsli", "classic", 4, "normal", 2, seed=11)),
              (2, "rami", finished_hands("rami", "simple", 2, "normal", 1, seed=2)))
    for table, game, hands in tables:
        for number, hand in enumerate(hands, 1):
            history.add(table, game, number, record_of_hand(game, hand))
            expected[table, number] = RESULT_OF[game](hand)
    history.close()
    return folder, expected


def replayed(record_text: str) -> dict:
    done = ramsli("replay", "-", "--json", stdin=record_text)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_the_json_export_holds_every_hand_and_each_replays_to_what_the_engine_played(data):
    folder, expected = data
    done = ramsli("history", "export", "--data", str(folder), "--json")
    assert done.returncode == 0 and not done.stderr
    exported = json.loads(done.stdout)
    assert [(kept["table"], kept["game"], kept["hand"]) for kept in exported] == [
        (1, "ramsli", 1), (1, "ramsli", 2), (2, "rami", 1)]
    for kept in exported:
        assert kept["finished_at"].endswith("+00:00")
        assert replayed(json.dumps(kept["record"])) == expected[kept["table"], kept["hand"]]


def test_the_yaml_export_is_one_document_per_hand_each_replaying_as_it_stands(data):
    folder, expected = data
    done = ramsli("history", "export", "--data", str(folder), "--table", "1")
    assert done.returncode == 0 and not done.stderr
    documents = done.stdout.split("---\n")
    assert [document.splitlines()[0].split(", finished")[0] for document in documents] == [
        "# table 1, hand 1", "# table 1, hand 2"]
    for number, document in enumerate(documents, 1):
        assert yaml.safe_load(document)["format"] == "ramsli-hand/1"
        assert replayed(document) == expected[1, number]
    assert len(list(yaml.safe_load_all(done.stdout))) == 2


def test_table_keeps_only_that_tables_hands(data):
    folder, _ = data
    done = ramsli("history", "export", "--data", str(folder), "--table", "2", "--json")
    assert [(kept["table"], kept["game"]) for kept in json.loads(done.stdout)] == [(2, "rami")]
    none = ramsli("history", "export", "--data", str(folder), "--table", "9", "--json")
    assert none.returncode == 0 and json.loads(none.stdout) == []


@pytest.mark.parametrize("broken", ["missing", "not a database"])
def test_no_history_or_a_broken_one_is_one_line_and_exit_status_2(tmp_path, broken):
    if broken == "not a database":
        (tmp_path / HISTORY_FILE).write_bytes(b"these are no hands" * 200)
    done = ramsli("history", "export", "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"ramsli: {tmp_path / HISTORY_FILE}: ") and done.stderr.count("\n") == 1
    assert not (tmp_path / HISTORY_FILE).exists() or broken != "missing", "reading never makes a history"
