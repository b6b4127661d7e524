"""A mistake in the options is one line on standard error, ``ramsli: <the option and what
is wrong> (see 'ramsli COMMAND --help')``, and exit status 2, as docs/cli.md promises:
never argparse's lines of usage.  Through the real command for every kind of mistake
argparse finds, and for generated command lines through the parser itself (in process,
to be fast): every one is taken, or is one such line."""

from __future__ import annotations

import argparse
import io
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.cli import build_parser
from ramsli_tui.storage.history import HIGHEST_TABLE
from ramsli_tui.net.serve_command import HIGHEST_PORT, MOST_APPS

from tests.cli.test_cli import ramsli
from tests.cli.test_cli_docs import options, subcommands

MISTAKES = {
    "a required option missing": (["serve"], "one of the arguments --allow --open is required", "ramsli serve"),
    "a required argument missing": (["replay"], "the following arguments are required: file", "ramsli replay"),
    "no files to check": (["rules", "check"], "the following arguments are required: files", "ramsli rules check"),
    "no action": (["history"], "the following arguments are required: ACTION", "ramsli history"),
    "an unknown option": (["tournament", "--rounds", "3"], "unrecognized arguments: --rounds 3", "ramsli tournament"),
    "an unknown option first": (["--frob"], "unrecognized arguments: --frob", "ramsli"),
    "an unknown command": (["serenade"], "COMMAND: invalid choice: 'serenade' (choose from", "ramsli"),
    "an unknown action": (["rules", "frob"], "ACTION: invalid choice: 'frob'", "ramsli rules"),
    "a bad choice": (["simulate", "--game", "poker"], "--game: invalid choice: 'poker' (choose from 'ramsli', 'rami')",
                     "ramsli simulate"),
    "a bad type": (["simulate", "--hands", "lots"], "--hands: invalid int value: 'lots'", "ramsli simulate"),
    "a bad float": (["play", "--bot-delay", "slow"], "--bot-delay: invalid float value: 'slow'", "ramsli play"),
    "a value missing": (["play", "--name"], "--name: expected one argument", "ramsli play"),
    "both of a pair": (["serve", "--allow", "keys", "--open"], "--open: not allowed with argument --allow",
                       "ramsli serve"),
    "an escape typed": (["saves", "--delete", "\x1b]0;owned\x07"], "--delete: invalid int value: '\\x1b]0;owned\\x07'",
                        "ramsli saves"),
    "an unknown option holding escapes": (["saves", "--\x1b[2J"], "unrecognized arguments: --\\x1b[2J", "ramsli saves"),
}


@pytest.mark.parametrize("case", list(MISTAKES))
def test_a_mistake_in_the_options_is_one_line_naming_it_and_the_commands_help(case):
    argv, said, command = MISTAKES[case]
    done = ramsli(*argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"ramsli: {said}"), done.stderr
    assert done.stderr.rstrip().endswith(f"(see '{command} --help')")
    assert "usage:" not in done.stderr and "\x1b" not in done.stderr


def test_a_mistake_as_long_as_typed_is_still_one_short_line():
    done = ramsli("simulate", "--rounds", "x" * 100_000)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert len(done.stderr) < 400 and done.stderr.rstrip().endswith("(see 'ramsli simulate --help')")


@pytest.mark.parametrize("argv", [["--help"], ["serve", "--help"], ["rules", "check", "--help"], ["history", "export", "-h"]])
def test_help_is_argparses_own_on_standard_output(argv):
    done = ramsli(*argv)
    command = " ".join(["ramsli", *argv[:-1]])
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"usage: {command} ") and "options:" in done.stdout


# --- generated command lines, through the parser in process ---------------------------------

PARSER = build_parser()


def vocabulary() -> list[str]:
    """Every command, action, option and choice of the real parser."""
    words = ["--help", "--version"]
    waiting = [PARSER]
    while waiting:
        parser = waiting.pop()
        words += options(parser)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                words += list(action.choices)
                waiting += list(action.choices.values())
            elif action.choices:
                words += list(action.choices)
    return sorted(set(words))


JUNK = st.one_of(
    st.sampled_from(["", "-", "--", "-x", "--=", "=", "--port=", "-1", "0", "nan", "inf", "1e999", "0x10", " 7 ",
                     "\x00", "\x1b[2J", "\x1b]0;owned\x07", "\x9b31m", "\u202eevil", "\ud800", "☃", "\n", "\r\n"]),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.sampled_from([str(2**63), str(2**63 - 1), str(HIGHEST_PORT + 1), str(MOST_APPS + 1), "9" * 5000]),
    st.text(max_size=12),
    st.builds(lambda option, value: f"{option}={value}", st.sampled_from(vocabulary()), st.text(max_size=8)),
)
WORDS = st.one_of(st.sampled_from(vocabulary()), JUNK)
COMMAND_LINES = st.one_of(
    st.lists(WORDS, max_size=8),
    st.builds(lambda command, rest: [*command, *rest],
              st.sampled_from([["serve", "--open"], ["serve"], ["history", "export"], ["rules", "check"], ["simulate"],
                               ["tournament"], ["play"], ["saves"], ["replay"], ["rules", "show"]]),
              st.lists(WORDS, max_size=6)),
)


def parsed(argv: list[str]):
    """What the parser makes of ``argv``: (exit status or None, the namespace, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            return None, PARSER.parse_args(argv), out.getvalue(), err.getvalue()
        except SystemExit as stopped:
            return stopped.code, None, out.getvalue(), err.getvalue()


@settings(max_examples=400, deadline=None)
@given(COMMAND_LINES)
def test_any_command_line_is_taken_or_refused_in_one_line(argv):
    """No traceback (any other exception fails the test), no usage lines, no escape on the
    terminal; what is taken is in range."""
    status, namespace, out, err = parsed(argv)
    if status is None:
        assert err == ""
        in_range(namespace)
    elif status == 0:  # --help or --version
        assert err == "" and out.startswith(("usage: ramsli", "ramsli "))
    else:
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("ramsli: ") and err.rstrip().endswith(" --help')"), err
        assert err[:-1].isprintable(), err


def in_range(namespace: argparse.Namespace) -> None:
    """The numbers the parser takes are the ones their options allow."""
    if namespace.command == "serve":
        assert 0 <= namespace.port <= HIGHEST_PORT and 1 <= namespace.max_apps <= MOST_APPS
        assert namespace.host and namespace.host.isprintable()
    if namespace.command == "history" and namespace.table is not None:
        assert 1 <= namespace.table <= HIGHEST_TABLE
