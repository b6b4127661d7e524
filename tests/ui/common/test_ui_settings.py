"""The settings screen (F2), issue 10: every option on one line at 60×20, 80×24 and 120×40,
and each setting of how the table plays kept the moment it is chosen and read back."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Button, Select, Static

from ramsli_tui.languages import use_language
from ramsli_tui.storage.settings import TRICK_PAUSES, TURN_ALERTS
from ramsli_tui.ui.common.settings import FACE_OPTIONS, PACES, PLAY_SETTINGS, SettingsScreen, language_options

from tests.kits.ui import make_app, opened_by, storage_in

SIZES = [(60, 20), (80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def english_afterwards():
    """A language chosen in a test is not the next one's."""
    yield
    use_language("en")
ROWS = ["language", "theme", "faces", "pace", "trick_pause", "second_click", "turn_alert", "hints", "motion"]


async def open_settings(pilot) -> SettingsScreen:
    return await opened_by(pilot, "f2", SettingsScreen)


def every_option(app) -> list[tuple[str, object, str]]:
    """(drop-down, value, its words) for every option the screen offers."""
    options = [("theme", name, name) for name in app.table_theme_names()]
    options += [("faces", value, words) for words, value in FACE_OPTIONS]
    options += [("pace", value, words) for value, words in PACES]
    for _, name, offered in PLAY_SETTINGS:
        options += [(name, value, words) for words, value in offered]
    # each language, the one as the system says (English here) last: the dialog is written again in each
    return options + [("language", value, words) for words, value in reversed(language_options())]


def test_the_screen_offers_exactly_the_values_the_settings_file_allows():
    offered = {name: [value for _, value in options] for _, name, options in PLAY_SETTINGS}
    assert offered == {
        "trick_pause": list(TRICK_PAUSES), "second_click": [False, True],
        "turn_alert": list(TURN_ALERTS), "hints": [False, True], "motion": [False, True],
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_every_option_shows_on_one_line_and_the_whole_dialog_fits(tmp_path, size):
    width, height = size
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(pilot)
        assert [select.id for select in screen.query(Select)] == ROWS
        for row, value, words in every_option(app):
            select = screen.query_one(f"#{row}", Select)
            select.value = value
            await pilot.pause()
            select = screen.query_one(f"#{row}", Select)
            label = select.query_one("SelectCurrent #label", Static)
            assert select.outer_size.height == 1, f"{words!r} takes more than one line at {width}x{height}"
            assert cell_len(words) <= label.size.width, f"{words!r} is cut at {width}x{height}"
            assert str(label.render()) == words
        box = screen.query_one(".box")
        done = screen.query_one("#done", Button)
        assert 0 <= box.region.y and box.region.bottom <= height and box.region.right <= width
        assert done.region.bottom < box.region.bottom, "the Done button inside the box, not cut off"


async def test_an_open_drop_down_shows_each_option_on_one_line_at_60_by_20(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_settings(pilot)
        for _, name, options in [("", "faces", FACE_OPTIONS), *PLAY_SETTINGS]:
            select = screen.query_one(f"#{name}", Select)
            select.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert select.expanded
            assert screen.query_one(f"#{name} SelectOverlay").outer_size.height == len(options)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen), "Escape closed the list only"


async def choose_by_keys(pilot, screen: SettingsScreen, row: str, steps: int) -> None:
    """Open drop-down ``row`` with Enter, go ``steps`` options down (up if negative) from
    the one chosen, and take that one."""
    screen.query_one(f"#{row}", Select).focus()
    await pilot.press("enter", *["down" if steps > 0 else "up"] * abs(steps), "enter")
    await pilot.pause()


async def test_each_play_setting_chosen_is_kept_at_once_and_read_back(tmp_path):
    app = make_app(tmp_path)
    storage = storage_in(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        await choose_by_keys(pilot, screen, "trick_pause", 1)
        await choose_by_keys(pilot, screen, "second_click", 1)
        await choose_by_keys(pilot, screen, "turn_alert", 2)
        await choose_by_keys(pilot, screen, "hints", 1)
        await choose_by_keys(pilot, screen, "motion", -1)
        chosen = ("until_key", True, "flash", True, False)
        assert play_settings(app.settings) == chosen
        assert play_settings(storage.load_settings()) == chosen, "saved before closing"
        await pilot.press("escape")
        screen = await open_settings(pilot)
        assert [screen.query_one(f"#{row}", Select).value for row in ROWS[-5:]] == list(chosen)
        await choose_by_keys(pilot, screen, "turn_alert", -1)
        assert storage.load_settings().turn_alert == "bell", "changed again: kept again"
    assert play_settings(make_app(tmp_path).settings) == ("until_key", True, "bell", True, False)


def play_settings(settings) -> tuple:
    return settings.trick_pause, settings.second_click, settings.turn_alert, settings.hints, settings.motion
