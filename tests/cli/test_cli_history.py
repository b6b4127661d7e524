"""``ramsli history export``, through the real command: every hand ``ramsli serve`` kept,
as YAML documents or one JSON array, each record replaying through ``ramsli replay`` to
what was played; ``--table`` keeps one table's; no history, or a broken one, is one line
and exit status 2.  The export piped into ``ramsli replay -`` replays every hand, of both
games, in order (``--hand N``: the Nth alone)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
import yaml

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import play_out
from ramsli_tui.games.rami import records as rami_records
from ramsli_tui.games.ramsli import records as ramsli_records
from ramsli_tui.storage.history import HISTORY_FILE, HandHistory, record_of_hand

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


def exported_into_replay(folder, export_options: tuple[str, ...], replay_options: tuple[str, ...]):
    """``ramsli history export … | ramsli replay - …`` through a real pipe: the replay's
    outcome, once the export has ended well."""
    command = [sys.executable, "-m", "ramsli_tui"]
    export = subprocess.Popen([*command, "history", "export", "--data", str(folder), *export_options],
                              stdout=subprocess.PIPE)
    try:
        done = subprocess.run([*command, "replay", "-", *replay_options], stdin=export.stdout,
                              capture_output=True, text=True, timeout=120)
    finally:
        export.stdout.close()
        assert export.wait(timeout=120) == 0
    return done


@pytest.mark.parametrize("export_options", [(), ("--json",)], ids=["yaml", "json"])
def test_the_export_piped_into_replay_replays_every_hand_of_both_games_in_order(data, export_options):
    folder, expected = data
    done = exported_into_replay(folder, export_options, ("--json",))
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert json.loads(done.stdout) == [expected[1, 1], expected[1, 2], expected[2, 1]]


@pytest.mark.parametrize("export_options", [(), ("--json",)], ids=["yaml", "json"])
def test_the_export_piped_into_replay_tells_every_hand_in_words_each_under_its_heading(data, export_options):
    folder, _ = data
    done = exported_into_replay(folder, export_options, ())
    assert done.returncode == 0 and not done.stderr, done.stderr
    headings = [line.split(", line")[0] for line in done.stdout.splitlines() if line.startswith("Record ")]
    assert headings == ["Record 1 of 3", "Record 2 of 3", "Record 3 of 3"]
    told = done.stdout.split("\nRecord ")
    assert all(each.split("\n")[1].startswith("Ruleset classic") for each in told[:2]), "the two Ramsli hands"
    assert told[2].split("\n")[1].startswith("Rami Simple"), "then the Rami hand, by Rami's rules"


@pytest.mark.parametrize("export_options", [(), ("--json",)], ids=["yaml", "json"])
def test_hand_n_replays_the_nth_hand_of_the_export_as_a_record_of_its_own(data, export_options):
    folder, expected = data
    for number, kept in enumerate([(1, 1), (1, 2), (2, 1)], 1):
        done = exported_into_replay(folder, export_options, ("--json", "--hand", str(number)))
        assert done.returncode == 0 and json.loads(done.stdout) == expected[kept]
    beyond = exported_into_replay(folder, export_options, ("--json", "--hand", "4"))
    assert beyond.returncode == 2 and beyond.stdout == ""
    assert beyond.stderr == "ramsli: --hand 4: there is no record 4 here; it holds 3 records\n"
