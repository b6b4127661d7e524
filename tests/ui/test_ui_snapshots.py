"""Snapshots of every screen, from the screenshot scenes: seeded games, computer players
without delay, animations off, at the sizes each scene names (most at the smallest size
the table supports, 60×20, at 80×24 and at 120×40), in the default theme and (for the
table at 3, 4 and 6 players, its key moments and the crowded scoreboard) in the
monochrome one: without colour, the chart's lines are told apart by the players' letters;
and the table, its bottom line and a hand's result of both games in French, German and
Spanish."""

from __future__ import annotations

import pytest

from ramsli_tui import languages
from tests.kits.scenes import SCENES, scene_app

MONOCHROME_SCENES = ["table-declare", "table-play", "table-3-players", "table-6-players", "table-refused",
                     "hand-summary", "session-over", "scoreboard-6-players", "rami-discard", "rami-hand-over"]
LANGUAGE_SCENES = ["table-declare", "table-play", "hand-summary", "rami-discard", "rami-hand-over"]
OTHER_LANGUAGES = [code for code in languages.LANGUAGES if code != languages.SOURCE]


def shots(names):
    """Each scene of ``names`` at each of its sizes."""
    return [(name, size) for name in names for size in SCENES[name].sizes]


def shot_id(shot):
    name, (width, height) = shot
    return f"{name}-{width}x{height}"


def steps_then_quiet(scene):
    async def run_before(pilot):
        await scene.steps(pilot)
        pilot.app.clear_notifications()
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("name, size", shots(SCENES), ids=[shot_id(shot) for shot in shots(SCENES)])
def test_screen(snap_compare, tmp_path, monkeypatch, name, size):
    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown are then the same in every run
    scene = SCENES[name]
    assert snap_compare(scene_app(scene, tmp_path), terminal_size=size, run_before=steps_then_quiet(scene))


@pytest.mark.parametrize("name, size", shots(MONOCHROME_SCENES), ids=[shot_id(shot) for shot in shots(MONOCHROME_SCENES)])
def test_screen_in_monochrome(snap_compare, tmp_path, name, size):
    scene = SCENES[name]
    app = scene_app(scene, tmp_path, theme="monochrome")
    assert snap_compare(app, terminal_size=size, run_before=steps_then_quiet(scene))


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
@pytest.mark.parametrize("name, size", shots(LANGUAGE_SCENES), ids=[shot_id(shot) for shot in shots(LANGUAGE_SCENES)])
def test_screen_in_language(snap_compare, tmp_path, monkeypatch, name, size, code):
    monkeypatch.setenv("HOME", str(tmp_path))
    scene = SCENES[name]
    languages.use_language(code)
    try:
        assert snap_compare(scene_app(scene, tmp_path), terminal_size=size, run_before=steps_then_quiet(scene))
    finally:
        languages.use_language(languages.SOURCE)
