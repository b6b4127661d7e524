"""Fixtures for the language tests: the process-wide language is English again after each."""

import pytest

from ramsli_tui import languages


@pytest.fixture(autouse=True)
def english_afterwards():
    """Each test may switch the language; the next one starts in English."""
    yield
    languages.use_language(languages.SOURCE)
