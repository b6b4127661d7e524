"""docs/cli.md keeps up with the command: a section for every command, naming each of
its options and, for `rules`, each action."""

from __future__ import annotations

import argparse
from pathlib import Path

from ramsli_tui.cli import build_parser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def section(title: str) -> str:
    """The text under the heading ``## {title}``, up to the next heading of that level."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n") + 1
    end = text.find("\n## ", start)
    return text[start:] if end == -1 else text[start:end]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [choices] = [action.choices for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(choices)


def options(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions for option in action.option_strings if option not in ("-h", "--help")]


def test_every_command_has_a_section_naming_each_of_its_options():
    commands = subcommands(build_parser())
    assert set(commands) >= {"play", "saves", "replay", "rules", "simulate", "tournament"}
    for name, command in commands.items():
        described = section(f"`ramsli {name}`")
        missing = [option for option in options(command) if f"`{option}" not in described]
        assert not missing, f"docs/cli.md says nothing of ramsli {name} {missing}"


def test_the_rules_section_names_each_action():
    described = section("`ramsli rules`")
    for action in subcommands(subcommands(build_parser())["rules"]):
        assert f"`rules {action}" in described


def test_the_app_alone_has_its_section_too():
    assert "Opens the app" in section("`ramsli`")
