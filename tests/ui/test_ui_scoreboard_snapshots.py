"""Snapshots of the scoreboard with 3 and 6 players in the monochrome theme, at 60×20, 80×24
and 120×40: without colour, the chart's lines are told apart by the players' letters.
(The default theme's snapshots are among every screen's, in test_ui_snapshots.py.)"""

from __future__ import annotations

import pytest

from ramsli_tui.screenshots import SCENES, scene_app

from tests.ui.test_ui_snapshots import steps_then_quiet

SCOREBOARD_SCENES = [name for name in SCENES if name.startswith("scoreboard-")]
SIZES = [(60, 20), (80, 24), (120, 40)]


def test_there_are_scoreboards_of_three_and_six_players():
    assert SCOREBOARD_SCENES == ["scoreboard-3-players", "scoreboard-6-players"]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", SCOREBOARD_SCENES)
def test_scoreboard_in_monochrome(snap_compare, tmp_path, monkeypatch, name, size):
    monkeypatch.setenv("HOME", str(tmp_path))
    scene = SCENES[name]
    app = scene_app(scene, tmp_path, theme="monochrome")
    assert snap_compare(app, terminal_size=size, run_before=steps_then_quiet(scene))
