"""Fixtures shared by the engine tests."""

import pytest

from tests.kits.engine import ruleset


@pytest.fixture
def classic():
    return ruleset("classic")
