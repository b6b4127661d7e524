"""The ``ramsli`` command: rules list/show/check, simulate, and clear errors instead of tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import yaml

from ramsli_tui import cli
from ramsli_tui.cli import build_parser
from ramsli_tui.storage import Opponent, Settings


def ramsli(*args: str, cwd=None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True, cwd=cwd, input=stdin, timeout=120
    )


def test_rules_list_names_every_bundled_ruleset_from_any_folder(tmp_path):
    result = ramsli("rules", "list", cwd=tmp_path)
    assert result.returncode == 0
    listed = {line.split()[0] for line in result.stdout.splitlines() if line and not line.startswith("Your own")}
    assert {"classic", "scored-30", "scored-50", "bete-pot", "double-penalty", "obligatory",
            "general-rams", "jokers", "modern-52", "rounce", "nap"} <= listed


def test_rules_show_prints_every_key_resolved():
    result = ramsli("rules", "show", "rounce")
    shown = yaml.safe_load(result.stdout)
    assert result.returncode == 0
    assert shown["deck"] == "standard52" and shown["bete"] == 10 and shown["ante"] == 1
    assert shown["players"] == {"min": 3, "max": 6} and shown["nap_bonus"] == {2: 2, 3: 3, 4: 4, 5: 10}


def test_rules_check_passes_good_files_and_fails_bad_ones_without_a_traceback(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("extends: nap\nante: 2\n")
    bad = tmp_path / "mine.yaml"
    bad.write_text("name: mine\nante: 1\ngeneral_rams: true\nbete: lots\n")
    assert ramsli("rules", "check", str(good)).returncode == 0
    result = ramsli("rules", "check", str(good), str(bad))
    assert result.returncode == 2
    assert result.stderr.strip() == f"{bad}:4: bete must be a number of chips or 'pot', not 'lots'"
    assert "Traceback" not in result.stderr


def test_an_unknown_ruleset_is_one_line_and_exit_2():
    result = ramsli("rules", "show", "clasic")
    assert result.returncode == 2
    assert result.stderr.startswith("ramsli: unknown ruleset 'clasic' (did you mean 'classic'?)")
    assert len(result.stderr.strip().splitlines()) == 1


def test_simulate_reports_a_summary_that_adds_up():
    result = ramsli("simulate", "--ruleset", "classic", "--players", "4", "--hands", "60", "--seed", "5", "--json")
    summary = json.loads(result.stdout)
    assert result.returncode == 0
    assert summary["hands_played"] == 60 and summary["chips_conserved"] is True
    assert len(summary["pots_won"]) == len(summary["betes"]) == len(summary["net_chips"]) == 4
    assert sum(summary["pots_won"]) >= 60  # classic forces the dealer in: every hand has a winner
    again = ramsli("simulate", "--ruleset", "classic", "--players", "4", "--hands", "60", "--seed", "5", "--json")
    assert json.loads(again.stdout) == summary


def test_simulate_refuses_a_player_count_the_ruleset_does_not_allow():
    result = ramsli("simulate", "--players", "7")
    assert result.returncode == 2
    assert "the classic rules are for 3 to 6 players, not 7" in result.stderr


def test_replay_without_json_tells_the_hand_for_a_person(tmp_path):
    record = tmp_path / "hand.yaml"
    record.write_text(
        "format: ramsli-hand/1\nruleset: classic\nplayers: 3\ndealer: 0\nstacks: [20, 20, 20]\npot: 0\n"
        "deck: [AS, KD, QC, KS, 7S, AH, QS, JS, TS, 9C, 8D, 9D, TC, 8C, 7C, 7H, 9S, 8S, KH, QH, JH, TH, 9H, 8H,"
        " AD, QD, JD, TD, 7D, AC, KC, JC]\n"
        "actions:\n- {seat: 1, act: in}\n- {seat: 2, act: out}\n- {seat: 0, act: out}\n"
    )
    result = ramsli("replay", str(record))
    assert result.returncode == 0
    assert "turn-up 7H: trumps are hearts" in result.stdout
    assert "Only one player was in and takes the pot without play." in result.stdout
    assert "Stacks now: 0:19 1:22 2:19" in result.stdout


# --- ramsli play: the computer players and the chips ----------------------------------------

def play_spec(*options: str, settings: Settings | None = None):
    args = build_parser().parse_args(["play", *options])
    return cli.play_spec(args, settings or Settings())


def test_play_gives_every_computer_player_the_one_strength_named():
    spec = play_spec("--players", "5", "--bots", "hard")
    assert spec.strengths == (None, "hard", "hard", "hard", "hard")


def test_play_gives_each_computer_player_its_strength_in_seat_order():
    spec = play_spec("--bots", "hard,normal,random")
    assert spec.strengths == (None, "hard", "normal", "random")
    assert spec.names == ("You", "Anna", "Bertl", "Carlo")


def test_play_without_bots_keeps_the_strengths_chosen_last_in_setup():
    remembered = Settings(opponents=[Opponent("Anna", "random"), Opponent("Bertl", "hard"), Opponent("Carlo", "")])
    spec = play_spec(settings=remembered)
    assert spec.strengths == (None, "random", "hard", "normal")


def test_play_deals_the_chips_asked_for_or_the_rulesets():
    assert play_spec("--chips", "35").starting_chips == 35
    assert play_spec().starting_chips is None


def test_play_refuses_bots_and_chips_it_cannot_use_in_one_line(tmp_path):
    environment = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    refusals = {
        ("--bots", "hard,normal"):
            "--bots names 2 computer players, but the table has 3: --players 4 is you and 3 computer players",
        ("--bots", "hard,,normal"): "--bots names ''; choose each from random, normal, hard",
        ("--bots", "omniscient"): "--bots names 'omniscient'; choose each from random, normal, hard",
        ("--chips", "0"): "--chips must be a whole number of chips above 0, not 0",
    }
    for options, message in refusals.items():
        result = subprocess.run([sys.executable, "-m", "ramsli_tui", "play", *options],
                                capture_output=True, text=True, env=environment, timeout=60)
        assert (result.returncode, result.stderr.strip()) == (2, f"ramsli: {message}")
        assert "Traceback" not in result.stderr
