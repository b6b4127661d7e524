"""Who plays, said the same way in `play`, `simulate` and `tournament`: `--players N` is
every seat at the table, `--bots` the computer players' strengths in seat order (one for
all, or one each), a wrong count is refused in the same words; and `tournament`, like
`simulate`, has a default for everything."""

from __future__ import annotations

import json

import pytest

from ramsli_tui import cli
from ramsli_tui.cli import CliError, build_parser, main
from ramsli_tui.games.ramsli.bots import MEASUREMENT_PLAYERS, HardBot
from ramsli_tui.games.ramsli.tournament import default_lineup
from ramsli_tui.storage import Settings
from ramsli_tui.table.spec import NAME_LENGTH

from tests.kits.bots import QUICK_BUDGET

TABLE_COMMANDS = ("play", "simulate", "tournament")


def option(command: str, name: str):
    parser = build_parser()
    [sub] = [action for action in parser._actions if action.dest == "command"]
    [found] = [action for action in sub.choices[command]._actions if name in action.option_strings]
    return found


def test_players_and_bots_are_spelled_and_explained_alike_in_every_command():
    for name in ("--players", "--bots", "--ruleset"):
        actions = [option(command, name) for command in TABLE_COMMANDS]
        assert len({(action.metavar, action.default) for action in actions}) == 1, name
    bots_help = {option(command, "--bots").help.split("; default:")[0] for command in TABLE_COMMANDS}
    assert bots_help == {"the computer players' strengths: one for all (hard) or one each in seat order "
                         "(hard,normal,normal)"}
    assert all(option(command, "--players").help.startswith("players at the table, ") for command in TABLE_COMMANDS)


def test_one_strength_names_every_computer_player_in_simulate_as_in_play(capsys):
    assert main(["simulate", "--players", "5", "--bots", "normal", "--hands", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["normal"] * 5
    spec = cli.play_spec(build_parser().parse_args(["play", "--players", "5", "--bots", "normal"]), Settings())
    assert spec.strengths == (None, "normal", "normal", "normal", "normal")


def test_one_strength_names_the_whole_lineup_of_a_tournament(capsys):
    assert main(["tournament", "--players", "3", "--bots", "random", "--deals", "2", "--json"]) == 0
    assert [bot["name"] for bot in json.loads(capsys.readouterr().out)["bots"]] == ["random"] * 3


@pytest.mark.parametrize("command, told", [
    ("simulate", "--bots names 3 computer players, but the table has 4: --players 4 is every seat a computer player"),
    ("tournament", "--bots names 3 computer players, but the table has 4: --players 4 is every seat a computer player"),
])
def test_a_list_of_the_wrong_length_is_told_in_the_same_words_as_at_play(command, told, capsys):
    assert main([command, "--players", "4", "--bots", "hard,normal,normal"]) == 2
    assert capsys.readouterr() == ("", f"ramsli: {told}\n")


def test_play_tells_the_same_mistake_counting_the_seats_beside_yours():
    args = build_parser().parse_args(["play", "--players", "4", "--bots", "hard,normal,normal,normal"])
    with pytest.raises(CliError) as refused:
        cli.play_spec(args, Settings())
    assert str(refused.value) == (
        "--bots names 4 computer players, but the table has 3: --players 4 is you and 3 computer players")


def test_an_unknown_strength_is_told_alike_with_the_names_each_command_seats(capsys):
    assert main(["tournament", "--bots", "expert"]) == 2
    assert capsys.readouterr().err == "ramsli: --bots names 'expert'; choose each from random, normal, hard, omniscient, hard-v1, hard-exact, aggressive, timid, random-in\n"
    with pytest.raises(CliError) as refused:
        cli.play_spec(build_parser().parse_args(["play", "--bots", "expert"]), Settings())
    assert str(refused.value) == "--bots names 'expert'; choose each from random, normal, hard"


def test_tournament_has_a_default_for_everything():
    args = build_parser().parse_args(["tournament"])
    assert (args.ruleset, args.players, args.bots, args.deals, args.seed, args.json) == ("classic", 4, None, 30, 0, False)
    assert default_lineup(4) == ["hard", "normal", "normal", "normal"]
    assert default_lineup(6) == ["hard"] + ["normal"] * 5


def test_a_tournament_that_names_no_lineup_measures_hard_against_normal(monkeypatch, capsys):
    monkeypatch.setitem(MEASUREMENT_PLAYERS, "hard", lambda: HardBot(QUICK_BUDGET))
    assert main(["tournament", "--deals", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["ruleset"], report["players"], report["deals"], report["seed"]) == ("classic", 4, 1, 0)
    assert [bot["name"] for bot in report["bots"]] == ["hard", "normal", "normal", "normal"]


@pytest.mark.parametrize("name, problem", [
    ("A" * (NAME_LENGTH + 1), f"at most {NAME_LENGTH} characters"),
    ("Zo\x1bra", "printable"),
])
def test_play_refuses_a_name_the_table_could_not_show(name, problem):
    args = build_parser().parse_args(["play", "--name", name])
    with pytest.raises(CliError, match=f"^--name: .*{problem}"):
        cli.play_spec(args, Settings())
