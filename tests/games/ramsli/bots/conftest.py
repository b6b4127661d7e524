"""Fixtures shared by the computer-player tests."""

import pytest

from ramsli_tui.games.ramsli import rules


@pytest.fixture
def classic():
    return rules.load("classic")
