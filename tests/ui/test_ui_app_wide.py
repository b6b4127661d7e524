"""Small things of the whole app (issue 19): one key said alike in the key bar and on
the result's button, the palette holding only the app's own entries, an open drop-down
set apart from the text under it, "New game" in the key bar, and the scoreboard
chart's lines each named at their end even where they lie on one another."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button, Input, Select

from ramsli_tui.storage import Settings
from ramsli_tui.ui.common.settings import SettingsScreen
from ramsli_tui.ui.themes import TABLE_VARIABLES
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.ui.widgets.key_bar import KeyBar
from ramsli_tui.ui.ramsli.stack_chart import StackChart, StackPlot

from tests.kits.ui import make_app, settle, spec_for, storage_in, table_screen

TEXTUALS_OWN = {"Theme", "Quit", "Keys", "Maximize", "Minimize", "Screenshot"}


def the_key_bar(app) -> str:
    """The key bar's words, whichever screen below the one on top holds it."""
    bar = next(screen.query_one(KeyBar) for screen in reversed(app.screen_stack) if screen.query(KeyBar))
    return " ".join(str(bar.render()).split())


async def test_a_rounds_result_names_enter_in_the_key_bar_as_on_its_button(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(80, 24)) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.result_unread)
        await pilot.pause()
        result = app.screen
        assert isinstance(result, table_kit.result_screen)
        assert "(Enter)" in str(result.query_one(Button).label)
        keys = the_key_bar(app)
        assert table_kit.result_keys in keys and "space" not in keys and "esc" not in keys, keys
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not result and not app.client.result_unread


async def test_the_palette_holds_only_the_apps_own_entries(tmp_path):
    app = make_app(tmp_path, spec_for(players=4, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        titles = {command.title for command in app.get_system_commands(screen)}
        assert titles == {"Settings", "Card faces: german", "New game", "Your history", "Statistics"}, titles
        assert not titles & TEXTUALS_OWN


async def test_an_open_drop_down_in_the_light_theme_stands_apart_from_what_lies_under_it(tmp_path):
    storage_in(tmp_path).save_settings(Settings(theme="light", bot_delay=0.0))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "light"
        for screen_to_open in ("setup", "settings"):
            if screen_to_open == "settings":
                await pilot.press("f2")
                await pilot.pause()
                assert isinstance(app.screen, SettingsScreen)
            else:
                assert isinstance(app.screen, SetupScreen)
            select = app.screen.query(Select).first()
            select.expanded = True
            await pilot.pause()
            overlay = select.query_one("SelectOverlay")
            under = next(widget.styles.background for widget in select.ancestors if widget.styles.background.a)
            assert overlay.styles.background != under, "its own ground, not the one under it"
            kind, colour = overlay.styles.border_left
            assert kind and colour == app.current_theme.to_color_system().primary, "edged in the theme's colour"
            select.expanded = False
            await pilot.pause()


async def test_new_game_is_in_the_key_bar_at_the_table_and_sets_up_a_new_session(tmp_path, table_kit):
    """At every game's table."""
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "n New game" in the_key_bar(app)
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "n New game" not in the_key_bar(app), "not where the new game is being set up"
        name = setup.query_one(Input)
        name.focus()
        name.value = ""
        await pilot.press("n", "i", "n", "a")
        await pilot.pause()
        assert app.screen is setup and name.value == "nina", "an n typed in a box is a letter"


class ChartApp(App):
    """The scoreboard's chart alone, of four players two of whom always hold the same."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **TABLE_VARIABLES}

    def compose(self) -> ComposeResult:
        yield StackChart()

    def on_mount(self) -> None:
        history = [(20, 20, 20, 20), (25, 15, 25, 15), (30, 10, 22, 10), (34, 8, 20, 8)]
        self.query_one(StackChart).show(["Mia", "Anna", "Bertl", "Carlo"], history)


async def test_each_line_of_the_chart_is_named_at_its_end_even_under_another():
    app = ChartApp()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        drawn = app.query_one(StackPlot).render().plain
        for name in ("Mia", "Anna", "Bertl", "Carlo"):
            assert name in drawn, (name, drawn)
        assert any("Anna" in row and "Carlo" in row for row in drawn.split("\n")), "lines that end together, named together"
