"""Small seeded duplicate matches (``games/rami/simulate``): each deal played twice with
the sides swapped, the same seed the same result, and the normal player clearly beating
the random one.  The big measurements are in docs/rami.md."""

import json

import pytest

from ramsli_tui.games.rami import simulate
from ramsli_tui.games.rami.simulate import match, summary_text


def test_normal_beats_random():
    result = match(["normal", "random"], players=2, deals=6, seed=1)
    assert result.hands == 12 and result.wins["normal"] >= 10
    assert result.margin >= 0.6 and result.ci95[0] > 0


def test_each_deal_is_played_on_both_sides_and_the_same_seed_gives_the_same_match():
    first = match(["normal", "random"], players=4, deals=2, seed=3)
    assert first.hands == 4 and sum(first.wins.values()) + first.draws == 4
    again = match(["normal", "random"], players=4, deals=2, seed=3)
    assert (again.wins, again.margin, again.ci95) == (first.wins, first.margin, first.ci95)  # times aside
    report = first.as_json()
    assert json.loads(json.dumps(report))["strengths"] == ["normal", "random"]
    assert "normal against random, 2 deals played on both sides (4 hands, seed 3)" in summary_text(first)


def test_a_match_needs_two_strengths():
    with pytest.raises(ValueError, match="two different strengths, not normal twice"):
        match(["normal", "normal"], deals=1)


def test_a_hand_nobody_goes_out_of_in_time_is_a_draw(monkeypatch):
    monkeypatch.setattr(simulate, "MAX_ACTIONS", 5)
    result = match(["normal", "random"], deals=2, seed=1)
    assert result.draws == 4 and result.wins == {"normal": 0, "random": 0} and result.margin == 0
