"""The History and Statistics screens, on a history of real hands (played out by computer
players and kept as the table keeps them): the sessions listed latest first, Enter to a
session's hands and on to the viewer on that very record, Escape back one level; the
person's figures as ``player_statistics`` reads them, another player's and another
game's when chosen, each of the game's charts in turn; an empty history said in one line; nothing cut off at 80×24 and 60×20."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Select, Static

from ramsli_tui.games import game_named
from ramsli_tui.storage import Settings
from ramsli_tui.storage.history import HandHistory, named, player_statistics
from ramsli_tui.ui.common.hand_viewer import HandViewerScreen
from ramsli_tui.ui.common.history_screen import HistoryScreen
from ramsli_tui.ui.common.statistics_screen import StatisticsScreen, SeriesPlot
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.history import kept_session
from tests.kits.ui import make_app, opened_by, settled, storage_in


@pytest.fixture(scope="module")
def kept_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("home")
    storage = storage_in(home)
    storage.data_dir.mkdir(parents=True)
    history = HandHistory.open(storage.data_dir)
    kept_session(history, "session.1.json", "ramsli", 5, 3)
    kept_session(history, "session.2.json", "rami", 7, 1)
    history.close()
    return home


def app_at(home: Path, name: str = "Mia"):
    storage_in(home).save_settings(Settings(name=name, bot_delay=0.0))
    return make_app(home)


async def open_history(pilot) -> HistoryScreen:
    return await opened_by(pilot, "f3", HistoryScreen)


def rows(screen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def nothing_cut_off(screen) -> None:
    width, height = screen.app.size
    for widget in screen.query("KeyBar, DataTable, Select, #figures-room, #chart, #empty, #heading"):
        if widget.display:
            region = widget.region
            assert region.right <= width and region.bottom <= height and region.height > 0, (widget, region)
    bar = screen.query_one(KeyBar).region
    assert bar.bottom == height, bar


async def test_the_sessions_then_a_sessions_hands_then_the_viewer_on_that_record_and_back(kept_home):
    app = app_at(kept_home)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_history(pilot)
        listed = rows(screen)
        assert [row[1] for row in listed] == [game_named("rami").title, game_named("ramsli").title], listed
        assert listed[1][4] == "3" and "Mia" in listed[1][3] and "Carlo" in listed[1][3], listed
        assert listed[1][5] == "goes on"
        screen.query_one(DataTable).move_cursor(row=1)
        await pilot.press("enter")
        await settled(pilot)
        hands = rows(screen)
        assert [row[0] for row in hands] == ["1", "2", "3"], hands
        assert "Mia" in hands[0][2]
        screen.query_one(DataTable).move_cursor(row=1)
        await pilot.press("enter")
        await settled(pilot)
        viewer = app.screen
        assert isinstance(viewer, HandViewerScreen)
        session = app.history.sessions()[1]
        kept = named([session], app.history.hands(session=session.id))[1]
        expected = game_named("ramsli").steps.shown_hand(json.dumps(kept.record), "<record>", Path.cwd())
        assert [(step.index, step.seat, step.events) for step in viewer.steps] == \
            [(step.index, step.seat, step.events) for step in expected.steps], "the steps of that very record"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.session is not None, "back at the hands"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.session is None and len(rows(screen)) == 2, "back at the sessions"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HistoryScreen)


async def test_the_statistics_are_the_persons_and_change_with_the_player_and_the_game(kept_home):
    app = app_at(kept_home)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_history(pilot)
        await pilot.press("s")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert screen.game == "rami", "the game of the latest session"
        game = screen.query_one("#game", Select)
        game.value = "ramsli"
        await settled(pilot)
        history = app.history
        mine = player_statistics(history, "person:Mia", "ramsli")
        shown = str(screen.query_one("#figures", Static).render())
        assert shown == mine.said("Mia")
        assert "Chips won" in shown and str(mine.figures["chips_won"]) in shown
        assert screen.query_one(SeriesPlot).values == [
            totals["chips_won"] for totals in history.series("person:Mia", "ramsli", ["chips_won"])]
        await pilot.press("c")
        await settled(pilot)
        rates = [round(100 * totals["went_in"] / totals["hands"])
                 for totals in history.series("person:Mia", "ramsli", ["went_in", "hands"])]
        assert screen.query_one(SeriesPlot).values == rates and 0 < rates[0] <= 100
        assert screen.query_one("#chart").border_title == "Hands in, of every hundred, session by session"
        await pilot.press("c")
        await settled(pilot)
        assert screen.query_one("#chart").border_title == "Chips won, session by session", "round to the first again"
        player = screen.query_one("#player", Select)
        player.value = "computer:normal"
        await settled(pilot)
        theirs = player_statistics(history, "computer:normal", "ramsli")
        assert str(screen.query_one("#figures", Static).render()) == theirs.said("computer: normal") != shown
        game.value = "rami"
        await settled(pilot)
        rami = player_statistics(history, "computer:normal", "rami")
        assert str(screen.query_one("#figures", Static).render()) == rami.said("computer: normal")
        assert screen.query_one(SeriesPlot).values == [
            totals["points_taken"] for totals in history.series("computer:normal", "rami", ["points_taken"])]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


def palette_entry(app, title: str):
    return next(command.callback for command in app.get_system_commands(app.screen) if command.title == title)


async def test_an_empty_history_says_so_in_one_line_and_the_palette_opens_both_screens(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        palette_entry(app, "Statistics")()
        await settled(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        await pilot.press("escape")
        await pilot.pause()
        palette_entry(app, "Your history")()
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        empty = screen.query_one("#empty")
        assert empty.display and not screen.query_one(DataTable).display
        assert "No hand is kept" in str(empty.render())
        await pilot.press("s")
        await settled(pilot)
        assert "No hand is kept" in str(app.screen.query_one("#empty").render())


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_nothing_is_cut_off_in_a_small_window(kept_home, size):
    app = app_at(kept_home)
    async with app.run_test(size=size) as pilot:
        screen = await open_history(pilot)
        nothing_cut_off(screen)
        await pilot.press("enter")
        await settled(pilot)
        nothing_cut_off(screen)
        await pilot.press("s")
        await settled(pilot)
        nothing_cut_off(app.screen)
        figures = str(app.screen.query_one("#figures", Static).render())
        widest = max(len(line) for line in figures.splitlines())
        assert widest <= app.screen.query_one("#figures").content_region.width, figures
