"""``ramsli play --game rami``: Rami Simple dealt at once, two or four at the table, its own
default ruleset, no chips; a saved game of it described by its sides' points."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ramsli_tui import cli
from ramsli_tui.cli import build_parser, main
from ramsli_tui.storage import SavedGame, SaveSlot, Settings
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.storage.save_labels import described


def play_spec(*options: str):
    return cli.play_spec(build_parser().parse_args(["play", *options]), Settings())


def test_play_deals_ramsli_unless_asked_for_rami():
    assert (play_spec().game, play_spec().ruleset) == ("ramsli", "classic")
    spec = play_spec("--game", "rami", "--players", "2", "--bots", "normal")
    assert (spec.game, spec.ruleset, spec.players, spec.starting_chips) == ("rami", "simple", 2, None)
    assert spec.strengths == (None, "normal")


def test_play_takes_a_rami_ruleset_and_two_against_two():
    spec = play_spec("--game", "rami", "--ruleset", "short")
    assert (spec.ruleset, spec.players) == ("short", 4)


@pytest.mark.parametrize("options, message", [
    (("--game", "rami", "--players", "3"),
     "Rami Simple is for 2 players (one against one) or 4 (two against two), not 3"),
    (("--game", "rami", "--chips", "30"), "--chips is for Ramsli only: Rami Simple is played for points, not chips"),
])
def test_play_refuses_what_rami_cannot_use_in_one_line(tmp_path, options, message):
    environment = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-m", "ramsli_tui", "play", *options],
                            capture_output=True, text=True, env=environment, timeout=60)
    assert (result.returncode, result.stderr.strip()) == (2, f"ramsli: {message}")


def test_continue_takes_no_game_either(capsys):
    assert cli.main(["play", "--continue", "--game", "rami"]) == 2
    assert "it cannot take --game too" in capsys.readouterr().err


def test_a_saved_rami_game_is_described_by_its_sides_points(tmp_path):
    spec = GameSpec.one_person("rami", "simple", 3, ("Mia", "Anna", "Bertl", "Carlo"), ["random"] * 3)
    slot = SaveSlot(tmp_path / "session.json", SavedGame(spec, ()), modified=1000.0)
    assert described(slot, now=1000.0) == "Rami Simple, simple, hand 1, Mia & Bertl 0 – Anna & Carlo 0 points, just now"


def test_simulate_and_tournament_measure_rami_players_on_the_same_deals(capsys):
    for command in (["simulate", "--hands", "2"], ["tournament", "--deals", "2"]):
        assert main([*command, "--game", "rami", "--players", "2", "--bots", "normal,random", "--seed", "3", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["strengths"] == ["normal", "random"] and result["deals"] == 2 and result["hands"] == 4
        assert sum(result["wins"].values()) + result["draws"] == 4, "each deal played on both sides"


def test_rami_measures_two_different_strengths(capsys):
    assert main(["simulate", "--game", "rami", "--players", "2", "--bots", "hard,hard"]) == 2
    assert "two different strengths" in capsys.readouterr().err
