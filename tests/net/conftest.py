"""What the tests of ``ramsli serve`` share: one pool of computer players' processes for
the whole run, an own ruleset of one hand, and servers on free loopback ports."""

from __future__ import annotations

import pytest

from ramsli_tui.net.thinkers import Thinkers


@pytest.fixture(scope="session")
def thinkers():
    pool = Thinkers(2)
    yield pool
    pool.close()


@pytest.fixture
def own_rulesets(tmp_path, monkeypatch):
    """The operator's own rulesets, in a config folder of the test's: ``one-hand`` ends
    the session after its first hand."""
    config = tmp_path / "config"
    folder = config / "ramsli" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "one-hand.yaml").write_text("max_hands: 1\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    return folder
