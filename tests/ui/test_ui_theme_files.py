"""Theme files a player writes: every mistake named by file, line and key; the bundled ones load."""

from __future__ import annotations

import pytest

from ramsli_tui.ui.themes import ThemeError, bundled_dir, load_theme, load_themes

GOOD = "name: mine\nprimary: '#884400'\nvariables:\n  card-face: '#ffeecc'\n  card-border: heavy\n"


def test_a_theme_file_gives_its_colours_and_the_tables_variables(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(GOOD)
    theme = load_theme(path)
    assert (theme.name, theme.primary) == ("mine", "#884400")
    assert theme.variables["card-face"] == "#ffeecc" and theme.variables["card-border"] == "heavy"
    assert theme.variables["suit-hearts"]  # what the file leaves out comes from the defaults


@pytest.mark.parametrize("text, message", [
    ("name: t\nprimary: '#112233'\nbackgrond: '#000000'\n", ":3: unknown key 'backgrond' (did you mean 'background'?)"),
    ("primary: '#112233'\nvariables:\n  card-face: '#fff'\n  card-fase: '#fff'\n",
     ":4: unknown variable 'card-fase' (did you mean 'card-face'?)"),
    ("primary: '#112233'\naccent: blurple\n", ":2: accent must be a colour such as '#884400', not 'blurple'"),
    ("primary: '#112233'\nvariables:\n  suit-hearts: reddish\n",
     ":3: suit-hearts must be a colour such as '#884400', not 'reddish'"),
    ("primary: '#112233'\nvariables:\n  card-border: wavy\n", ":3: card-border must be one of round, heavy"),
    ("primary: '#112233'\nvariables: [1, 2]\n", ":2: 'variables' must be a mapping of names to colours"),
    ("name: t\nprimary: !!python/name:os.system\n", ":2: tag:yaml.org,2002:python/name:os.system is not allowed here"),
    ("primary: [1,\n", ":2: this is not valid YAML"),
    ("- a\n", ": a theme must be a mapping of keys to colours"),
    ("name: broken\n", ": a theme needs at least a 'primary' colour"),
])
def test_a_mistake_in_a_theme_is_named_by_file_line_and_key(tmp_path, text, message):
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert str(caught.value).startswith(f"{path}{message}")
    assert "\n" not in str(caught.value)


def test_every_bundled_theme_loads_without_a_problem(tmp_path):
    themes, problems = load_themes(tmp_path / "no-own-themes")
    assert problems == []
    assert {theme.name for theme in themes} == {path.stem for path in bundled_dir().glob("*.yaml")}


BUNDLED = {path.stem for path in bundled_dir().glob("*.yaml")}


async def test_the_palette_offers_the_table_themes_and_no_others(tmp_path):
    """Issue 10: the palette's Theme listed twenty of Textual's own themes, saved one,
    and the settings then showed another.  One list: the palette's, the settings' and
    the app's are the bundled themes and the player's own."""
    from textual.command import CommandList, CommandPalette

    from tests.kits.ui import make_app, storage_in

    themes = storage_in(tmp_path).themes_dir
    themes.mkdir(parents=True)
    (themes / "mine.yaml").write_text("name: mine\nprimary: '#884400'\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert set(app.available_themes) == set(app.table_theme_names()) == BUNDLED | {"mine"}
        app.search_themes()  # what the palette's Theme command opens
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        offered = app.screen.query_one(CommandList)
        names = {str(offered.get_option_at_index(index).prompt).split("\n")[0] for index in range(offered.option_count)}
        assert names == BUNDLED | {"mine"}


async def test_a_saved_theme_that_is_not_offered_gives_the_default_and_the_settings_show_it(tmp_path):
    from ramsli_tui.storage import Settings
    from ramsli_tui.ui.common.settings import SettingsScreen

    from tests.kits.ui import make_app, storage_in

    storage_in(tmp_path).save_settings(Settings(theme="dracula"))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == "green-felt"
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#theme").value == "green-felt"
