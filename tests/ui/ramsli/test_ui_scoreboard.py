"""The scoreboard: its chart of the stacks (a line per player, marked with the player's
letter, in the theme's colours) and its table at every size from 60×20 with up to six
players."""

from __future__ import annotations

import subprocess
import sys

from rich.text import Text
from textual.color import Color
from textual.widgets import DataTable, Label

from ramsli_tui.ui.ramsli.scoreboard import ScoreboardScreen, stack_cell
from ramsli_tui.ui.ramsli.stack_chart import (
    PLAYER_COLOURS, StackChart, StackPlot, marked_hands, markers, series, ticks,
)

from tests.kits.scenes import hand_dealt
from tests.kits.ui import make_app, play_until, resumed_app, settle, spec_for

HISTORY = [(20, 20, 20), (14, 19, 27), (13, 34, 13)]


# --- the cells -------------------------------------------------------------------------------

def test_a_scoreboard_cell_brackets_a_player_who_sat_out_and_may_leave_the_change_out():
    assert stack_cell(14, -6, was_in=True, with_change=True) == "14 ▼6"
    assert stack_cell(18, -1, was_in=False, with_change=True) == "(18 ▼1)"
    assert stack_cell(18, -1, was_in=False, with_change=False) == "(18)"


# --- the chart, piece by piece ------------------------------------------------------------------

def test_the_chart_has_one_line_per_player_with_their_chips_after_each_hand():
    lines = series(["You", "Anna", "Bertl"], HISTORY)
    assert [(line.name, line.letter, line.chips) for line in lines] == [
        ("You", "Y", (20, 14, 13)), ("Anna", "A", (20, 19, 34)), ("Bertl", "B", (20, 27, 13)),
    ]
    assert [line.colour for line in lines] == list(PLAYER_COLOURS[:3])


def test_every_player_has_a_letter_of_their_own_even_with_the_same_initial():
    assert markers(["Anna", "Anton", "Bertl", "anne"]) == ["A", "2", "B", "4"]


def test_the_axes_are_numbered_with_whole_numbers_evenly_apart_as_room_allows():
    assert ticks(4, 10) == [0, 1, 2, 3, 4]
    assert ticks(59, 2) == [0, 50]
    assert ticks(59, 6) == [0, 10, 20, 30, 40, 50]
    assert ticks(59, 2.5) == [0, 25, 50]
    assert ticks(100, 4) == [0, 25, 50, 75, 100]
    assert ticks(300, 2) == [0, 200], "the steps grow 1, 2, 2.5, 5 times a power of ten"
    assert ticks(7, 0) == [0], "no room: the bottom only"


def test_the_letters_mark_every_hand_where_there_is_room_and_always_the_last():
    assert marked_hands(4, 50) == [1, 2, 3, 4]
    assert marked_hands(40, 50) == [*range(3, 40, 3), 40]
    assert marked_hands(0, 50) == [], "not the start, where every line begins"


# --- the chart on the screen -----------------------------------------------------------------------

def plot_text(screen: ScoreboardScreen) -> Text:
    return screen.query_one(StackPlot).render()


def colours_in(text: Text) -> set[tuple[int, int, int]]:
    return {span.style.color.triplet for span in text.spans if span.style.color and span.style.color.triplet}


async def test_the_scoreboard_charts_every_players_stacks_in_the_themes_colours(tmp_path):
    app = resumed_app(tmp_path, spec_for(players=4, seed=10), hand_dealt(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreboardScreen)
        chart = screen.query_one(StackChart)
        history = screen.chronicle.stack_history()
        assert len(history) == 4, "the start and three hands"
        assert [line.name for line in chart.lines] == screen.names
        assert [line.chips for line in chart.lines] == [tuple(stacks[seat] for stacks in history) for seat in range(4)]
        drawn = plot_text(screen)
        assert all(line.letter in drawn.plain for line in chart.lines), "every line marked with its letter"
        assert "start" in drawn.plain and str(max(max(stacks) for stacks in history) // 10 * 10) in drawn.plain
        assert str(screen.query_one("#legend").render()).split() == [
            word for line in chart.lines for word in (line.letter, line.name)
        ]
        plot = screen.query_one(StackPlot)
        assert plot.size.width > 100, "the chart takes the whole width"
        theme_colours = {Color.parse(app.theme_variables[name]).rgb for name in PLAYER_COLOURS[:4]}
        assert theme_colours <= colours_in(drawn)
        app.theme = "light"
        await pilot.pause()
        light = {Color.parse(app.theme_variables[name]).rgb for name in PLAYER_COLOURS[:4]}
        assert light <= colours_in(plot_text(screen)), "the lines take the new theme's colours"


async def test_the_scoreboard_opens_before_any_hand_is_over(tmp_path):
    app = make_app(tmp_path, spec_for(players=3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.number == 1)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert [line.chips for line in app.screen.query_one(StackChart).lines] == [(20,), (20,), (20,)]
        assert "start" in plot_text(app.screen).plain
    assert app.return_code is None, "no error stopped the app"


# --- the table at every size --------------------------------------------------------------------------

def visible_columns(table: DataTable) -> int:
    """How many columns, from the left, lie wholly within the table's width before scrolling."""
    right = 0
    for count, column in enumerate(table.ordered_columns, 1):
        right += column.get_render_width(table)
        if right > table.scrollable_content_region.width:
            return count - 1
    return len(table.ordered_columns)


async def open_scoreboard(pilot, size: tuple[int, int]) -> ScoreboardScreen:
    await pilot.resize_terminal(*size)
    await settle(pilot)
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScoreboardScreen)
    return pilot.app.screen


async def test_three_players_fit_from_80_by_24_down_to_60_by_20(tmp_path):
    app = resumed_app(tmp_path, spec_for(players=3, seed=10), hand_dealt(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_scoreboard(pilot, (80, 24))
        table = screen.query_one(DataTable)
        assert len(table.columns) == 9 and table.max_scroll_x == 0
        assert "▲▼ the change" in str(screen.query_one("#heading", Label).render()), "the changes fit at 80 columns"
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert len(table.columns) == 9 and table.max_scroll_x == 0, "every column in view"
        assert visible_columns(table) == 9
        assert screen.query_one(StackChart).region.height >= 8, "room for the chart"


async def test_six_players_at_60_by_20_show_every_stack_and_scroll_to_the_rest(tmp_path):
    app = resumed_app(tmp_path, spec_for(players=6, seed=10), hand_dealt(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_scoreboard(pilot, (80, 24))
        table = screen.query_one(DataTable)
        assert table.max_scroll_x == 0 and visible_columns(table) == 12, "every column at 80×24"
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        heads = [str(column.label) for column in table.ordered_columns]
        names = [name[:4] for name in screen.names]
        assert heads[:7] == ["Hand", *names], "every player's stack straight after the hand's number"
        assert heads[7:] == ["Dealer", "Pot", "Won by", "Bete", "Carry"]
        assert visible_columns(table) >= 7, "every player's stack in view"
        assert "← → more columns" in str(screen.query_one("#heading", Label).render())
        assert table.fixed_columns == 1 and table.max_scroll_x > 0
        assert table.has_focus
        await pilot.press("right")
        await pilot.pause()
        assert table.scroll_x == table.max_scroll_x, "one key brings the rest into view"
        await pilot.press("left")
        await pilot.pause()
        assert table.scroll_x == 0
        assert screen.query_one(StackChart).region.height >= 8, "room for the chart"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.fixed_columns == 0 and table.max_scroll_x == 0
        assert [str(column.label) for column in table.ordered_columns][1] == "Dealer"


def test_plotext_is_loaded_only_when_the_scoreboard_opens():
    startup = "import ramsli_tui.cli, ramsli_tui.ui.app, ramsli_tui.ui.ramsli.table"
    then = "import ramsli_tui.ui.ramsli.scoreboard"
    code = (f"import sys; {startup}; before = {{'plotext', 'textual_plotext'}} & set(sys.modules); {then}; "
            "print(sorted(before), sorted({'plotext', 'textual_plotext'} & set(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == ["[]", "['plotext',", "'textual_plotext']"]
