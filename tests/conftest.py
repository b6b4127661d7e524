"""Fixtures shared by every test."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ramsli_tui import languages
from tests.kits.tables import games_with_a_table, kit_for

if TYPE_CHECKING:
    from tests.kits.tables.kit import TableKit


@pytest.fixture
def one_hand(tmp_path):
    """A ruleset whose session ends after one hand."""
    path = tmp_path / "one-hand.yaml"
    path.write_text("max_hands: 1\n")
    return str(path)


@pytest.fixture(params=games_with_a_table())
def table_kit(request) -> TableKit:
    """Each game the app has a table screen for, by its kit (tests/kits/tables): a test that
    asks for it runs once for every game."""
    return kit_for(request.param)


@pytest.fixture(params=list(languages.LANGUAGES))
def language(request) -> str:
    """Each language ramsli speaks, spoken for the test (English again after it): a layout
    test that asks for it holds in every language, German's long words among them."""
    languages.use_language(request.param)
    yield request.param
    languages.use_language(languages.SOURCE)
