"""Fixtures shared by the computer-player tests."""

import pytest

from ramsli_tui.games.ramsli import house_rules


@pytest.fixture
def classic():
    return house_rules.load("classic")
