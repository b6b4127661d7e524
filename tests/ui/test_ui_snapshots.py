"""Snapshots of every screen, from the screenshot scenes: seeded games, computer players
without delay, animations off, at the smallest size the table supports (60×20), 80×24
and 120×40, in the default theme and (for the table at 3, 4 and 6 players and its key
moments) in the monochrome one."""

from __future__ import annotations

import pytest

from ramsli_tui.screenshots import SCENES, SIZES, scene_app

MONOCHROME_SCENES = ["table-declare", "table-play", "table-3-players", "table-6-players", "table-refused",
                     "hand-summary", "session-over"]


def steps_then_quiet(scene):
    async def run_before(pilot):
        await scene.steps(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", list(SCENES))
def test_screen(snap_compare, tmp_path, monkeypatch, name, size):
    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown are then the same in every run
    scene = SCENES[name]
    assert snap_compare(scene_app(scene, tmp_path), terminal_size=size, run_before=steps_then_quiet(scene))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", MONOCHROME_SCENES)
def test_screen_in_monochrome(snap_compare, tmp_path, name, size):
    scene = SCENES[name]
    app = scene_app(scene, tmp_path, theme="monochrome")
    assert snap_compare(app, terminal_size=size, run_before=steps_then_quiet(scene))
