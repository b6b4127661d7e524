"""Shared setup for the computer-player tests: makes ``ramsli_botkit`` importable
whatever pytest's import mode, and offers the classic ruleset as a fixture."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ramsli_tui import rules  # noqa: E402


@pytest.fixture
def classic():
    return rules.load("classic")
