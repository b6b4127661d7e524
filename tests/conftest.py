"""Fixtures shared by every test."""

import pytest


@pytest.fixture
def one_hand(tmp_path):
    """A ruleset whose session ends after one hand."""
    path = tmp_path / "one-hand.yaml"
    path.write_text("max_hands: 1\n")
    return str(path)
