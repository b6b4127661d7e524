"""The command line's promises about streams and exit status: a mistake is one line on
standard error and status 2 with nothing on standard output (JSON commands print only
their JSON), `rules check` reports each file, `rules list` shows where a player's own
rulesets come from, and `simulate` refuses counts it cannot use."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.kits.examples import BETE_FIXED as BETE_FIXED_RECORD

BETE_FIXED = str(BETE_FIXED_RECORD)


def ramsli(*args: str, cwd=None, stdin: str | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True, cwd=cwd, input=stdin,
        env=env, timeout=120,
    )


def test_a_bad_record_without_json_is_one_line_on_standard_error_and_status_2(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(open(BETE_FIXED).read().replace("format: ramsli-hand/1", "format: ramsli-hand/9"))
    result = ramsli("replay", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("ramsli: ") and "format must be 'ramsli-hand/1'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_refused_action_without_json_is_one_line_on_standard_error_and_status_2(tmp_path):
    path = tmp_path / "refused.yaml"
    path.write_text(open(BETE_FIXED).read() + "- {seat: 1, act: play, card: AS}\n")
    result = ramsli("replay", str(path), cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "ramsli: the hand is over\n"


def test_rules_check_reports_each_good_file_on_standard_output(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("name: friday\nante: 2\n")
    result = ramsli("rules", "check", str(good), "classic")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [f"{good}: ok (friday)", "classic: ok (classic)"]
    assert result.stderr == ""


def test_rules_check_fails_if_any_one_file_is_wrong_and_names_each(tmp_path):
    first = tmp_path / "first.yaml"
    first.write_text("ante: -1\n")
    second = tmp_path / "second.yaml"
    second.write_text("bet: 5\n")
    result = ramsli("rules", "check", "classic", str(first), str(second))
    assert result.returncode == 2
    assert result.stdout.splitlines() == ["classic: ok (classic)"]
    assert result.stderr.splitlines() == [
        f"{first}:1: ante must be a whole number of chips (0 or more), not -1",
        f"{second}:1: unknown key 'bet' (did you mean 'bete'?)",
    ]


def test_rules_list_shows_where_a_players_own_ruleset_lives(tmp_path):
    own = tmp_path / "config" / "ramsli" / "rulesets"
    own.mkdir(parents=True)
    (own / "friday.yaml").write_text("description: Friday nights\nante: 2\n")
    (own / "broken.yaml").write_text("ante: lots\n")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    result = ramsli("rules", "list", cwd=tmp_path, env=env)
    assert result.returncode == 0
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert lines["friday"].rstrip().endswith(f"Friday nights  [{own / 'friday.yaml'}]")
    assert "[" not in lines["classic"]
    assert "(broken)" in lines["broken"] and "ante must be a whole number" in lines["broken"]
    assert f"Your own rulesets go in {own}" in result.stdout


def test_simulate_refuses_fewer_than_one_hand():
    for hands in ("0", "-3"):
        result = ramsli("simulate", "--hands", hands, "--json")
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr.strip() == "ramsli: --hands must be at least 1"


def test_simulate_refuses_bots_it_does_not_know_or_a_wrong_count():
    result = ramsli("simulate", "--players", "3", "--bots", "normal,normal")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.strip() == (
        "ramsli: --bots names 2 computer players, but the table has 3: --players 3 is every seat a computer player")
    result = ramsli("simulate", "--players", "3", "--bots", "normal,normal,expert")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.strip() == "ramsli: --bots names 'expert'; choose each from random, normal, hard, omniscient, hard-v1, hard-exact, aggressive, timid, random-in"


def test_replay_from_standard_input_finds_a_ruleset_file_in_the_working_folder(tmp_path):
    (tmp_path / "mine.yaml").write_text("bete: 7\n")
    text = open(BETE_FIXED).read().replace("ruleset: classic", "ruleset: mine.yaml")
    result = ramsli("replay", "-", "--json", cwd=tmp_path, stdin=text)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["pot"] == 7


def test_simulate_text_summary_has_one_row_per_seat_and_the_conservation_line():
    result = ramsli("simulate", "--players", "3", "--hands", "5", "--seed", "2")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("5 hands of classic with 3 players (seed 2, ")
    assert [line.split()[:2] for line in lines[2:5]] == [["0", "random"], ["1", "random"], ["2", "random"]]
    assert lines[-1] == "Chips conserved in every hand: yes"
