"""Shared setup for the engine tests: makes ``ramsli_enginekit`` importable whatever
pytest's import mode, and offers a few fixtures."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ramsli_enginekit import ruleset  # noqa: E402


@pytest.fixture
def classic():
    return ruleset("classic")
