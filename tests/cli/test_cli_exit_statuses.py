"""One exit-status scheme for every command, the one docs/cli.md writes down: 2 for a
mistake in what was asked, 3 when another ramsli holds the saved sessions, 4 for a
failed check, 130 for Ctrl-C (the failed check itself: test_cli_conservation_check)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ramsli_tui import cli
from ramsli_tui.cli import build_parser, main
from ramsli_tui.storage import Storage

from tests.kits.examples import BETE_FIXED

BUSY = "ramsli: Another ramsli is already open with your saved games ("


def ramsli_at_home(home, *args: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=environment, timeout=60)


def storage_at(home) -> Storage:
    return Storage(home / "config" / "ramsli", home / "data" / "ramsli")


@pytest.mark.parametrize("command", [[], ["play"], ["play", "--continue"], ["saves", "--delete", "1"]])
def test_a_command_that_needs_the_saved_sessions_another_ramsli_holds_exits_3_in_one_line(tmp_path, command):
    """Before anything else: even a session number that is not there is not looked for."""
    with storage_at(tmp_path).claimed():
        result = ramsli_at_home(tmp_path, *command)
    assert result.returncode == 3
    assert result.stderr.startswith(BUSY) and len(result.stderr.splitlines()) == 1
    assert result.stdout == ""


def test_listing_the_saved_sessions_needs_no_hold_on_them(tmp_path):
    with storage_at(tmp_path).claimed():
        result = ramsli_at_home(tmp_path, "saves")
    assert result.returncode == 0 and "No saved sessions" in result.stdout


@pytest.mark.parametrize("argv", [
    ["simulate", "--hands", "lots"],
    ["tournament", "--rounds", "3"],
    ["rules"],
    ["serenade"],
])
def test_a_command_line_that_cannot_be_read_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("ramsli: ") and len(error.splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "9"],
    ["tournament", "--deals", "0"],
    ["play", "--continue", "--chips", "3"],
    ["rules", "show", "no-such-ruleset"],
    ["replay", str(BETE_FIXED) + ".missing"],
])
def test_a_mistake_in_what_was_asked_or_given_exits_2_in_one_line(argv, capsys):
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.startswith("ramsli: ") and len(error.splitlines()) == 1


def test_ctrl_c_in_a_command_exits_130_with_nothing_printed(monkeypatch, capsys):
    import ramsli_tui.games.ramsli.simulate as simulate

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "simulate", interrupted)
    assert main(["simulate", "--json"]) == 130
    assert capsys.readouterr() == ("", "")


def test_the_statuses_in_the_code_are_the_ones_docs_cli_md_lists():
    from tests.cli.test_cli_docs import section

    rows = [line for line in section("Exit status").splitlines() if line.startswith("| ") and line[2].isdigit()]
    documented = {int(row.split("|")[1]) for row in rows}
    assert documented == {0, 1, cli.EXIT_USAGE, cli.EXIT_BUSY, cli.EXIT_CHECK_FAILED, cli.EXIT_INTERRUPTED}
    assert (cli.EXIT_USAGE, cli.EXIT_BUSY, cli.EXIT_CHECK_FAILED, cli.EXIT_INTERRUPTED) == (2, 3, 4, 130)


def test_serve_is_a_command_and_asks_who_may_come_in():
    from ramsli_tui.net import serve_command

    args = build_parser().parse_args(["serve", "--open", "--port", "0"])
    assert args.run is serve_command.run and args.open and args.port == 0
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["serve"])
    assert stopped.value.code == 2, "one of --allow and --open is needed"
