"""The key bar in every language at the smallest window, 60×20: at each moment of both
games and in the lobby, it takes no more lines than the same keys take in English, so
that no language leaves the table less room than English does."""

from __future__ import annotations

import pytest

from ramsli_tui.games.rami.engine.phase import Phase
from ramsli_tui.languages import SOURCE, current_language, use_language
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.drivers import play_rami_until
from tests.kits.scenes import SCENES, Scene, rami_seeded, scene_app
from tests.ui.common.test_ui_lobby import FakeLobby, served_app

SMALLEST = (60, 20)


def lines_in_english(bar: KeyBar) -> int:
    """The lines ``bar`` would take in English at its width, for the keys it shows now."""
    spoken = current_language()
    use_language(SOURCE)
    try:
        return len(bar.lines(bar.size.width))
    finally:
        use_language(spoken)


def assert_no_more_lines_than_english(app) -> None:
    bars = [bar for screen in app.screen_stack for bar in screen.query(KeyBar)]
    assert bars
    for bar in bars:
        shown = [str(line) for line in bar.lines(bar.size.width)]
        assert bar.region.height == len(shown) <= lines_in_english(bar), shown


async def rami_to_draw(pilot) -> None:
    await play_rami_until(pilot, lambda app: app.client.view.my_turn and app.client.view.phase is Phase.DRAW)


MOMENTS = {  # the screens' scenes, and Rami's draw, whose keys no scene shows
    **{name: SCENES[name] for name in ("table-declare", "table-general-rams", "table-play", "hand-summary",
                                       "trick-history", "rules-help", "rami-discard", "rami-2-v-2")},
    "rami-draw": Scene("rami-draw", rami_seeded(), rami_to_draw),
}


@pytest.mark.parametrize("name", MOMENTS)
async def test_no_language_takes_more_key_bar_lines_than_english(tmp_path, monkeypatch, name, language):
    monkeypatch.setenv("HOME", str(tmp_path))
    scene = MOMENTS[name]
    app = scene_app(scene, tmp_path)
    async with app.run_test(size=SMALLEST) as pilot:
        await scene.steps(pilot)
        await pilot.pause()
        assert_no_more_lines_than_english(app)


async def test_the_lobbys_key_bar_takes_no_more_lines_than_in_english(tmp_path, language):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        assert_no_more_lines_than_english(app)
