"""The screens every game shares, in the pseudo-language and in French, German and
Spanish: setup, the settings (F2, the Language setting among them), the lobby and its
new table, the talk line, a question, the palette; every word on them comes from the
catalogue, but for names, card faces, keys and numbers."""

from __future__ import annotations

import asyncio
import html
import re

import pytest
from textual.command import CommandInput
from textual.widgets import Button, DataTable, Label, Select

from ramsli_tui.languages import PSEUDO, current_language, use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.ui.app import Palette, RamsliApp
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.common.lobby import LobbyScreen, NewTableScreen
from ramsli_tui.ui.common.settings import SettingsScreen
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.ui.common.talk import TalkScreen

from tests.kits.ui import make_app, storage_in
from tests.ui.common.test_ui_lobby import FakeLobby

NAMES = {"Anna", "Bertl", "Carlo", "Dora", "Emil", "You", "mia", "otto", "zora", "lena", "Bert", "Bot"}
GAMES_AND_RULESETS = {"Ramsli", "Rami", "Simple", "ramsli", "classic", "short"}  # names, as the files spell them
KEYS = {"esc", "ctrl", "enter", "tab", "f", "s", "n", "y", "q", "p", "j", "w", "r", "b"}
TYPED = {"zzzz"}  # what the person typed  # as the key bar and buttons show them
THEMES = {"green", "felt"}  # the settings' theme, by its file's name
PATHS = {"tmp", "pytest", "of", "root", "popen", "gw", "config", "data", "settings", "yaml", "themes"}
ALLOWED = NAMES | GAMES_AND_RULESETS | KEYS | THEMES | PATHS | TYPED


@pytest.fixture(autouse=True)
def english_afterwards():
    """Each test speaks its own language; the next one starts in English."""
    yield
    use_language("en")


def shown_text(app) -> str:
    """Every character on screen, read from its screenshot, a line each."""
    svg = app.export_screenshot()
    lines = re.findall(r"<text[^>]*>(.*?)</text>", svg[svg.index("<g class"):], flags=re.S)
    return html.unescape("".join(lines)).replace("\xa0", " ")


def dialog_text(app) -> str:
    """What the dialog on top says: its title, texts, buttons and options, a line each
    (the screen under it shows through cut at its edges)."""
    dialog = app.screen
    texts = [str(box.border_title or "") for box in dialog.query(".box")]
    texts += [str(widget.render()) for widget in dialog.query("Label, Static") if widget.display]
    texts += [str(button.label) for button in dialog.query(Button)]
    texts += [str(words) for select in dialog.query(Select) for words, _value in select._options]
    return "\n".join(texts)


def escaped(app, text: str | None = None) -> list[str]:
    """The words on screen (or of ``text``) that escaped the catalogue, the allowed ones
    left out."""
    allowed = {word.lower() for word in ALLOWED}
    return [word for word in unmarked_words(shown_text(app) if text is None else text) if word.lower() not in allowed]


async def test_setup_and_a_question_speak_only_the_catalogue(tmp_path):
    use_language(PSEUDO)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#about").display = False  # the ruleset's own words: the games' texts
        await pilot.pause()
        assert escaped(app) == []
        app.push_screen(ConfirmScreen("⟦?⟧"))
        await pilot.pause()
        assert escaped(app, dialog_text(app)) == []


async def test_settings_speak_only_the_catalogue_with_every_option_open(tmp_path):
    use_language(PSEUDO)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        words = dialog_text(app)
        assert "⟦Ḟŕëñçĥ ♠ ♥ ♦ ♣⟧" in words and "⟦åš ţĥë šýšţëṁ šåýš⟧" in words, "every option read"
        names = {"English", "Français", "Deutsch", "Español"}  # each language named in itself
        names |= {word for theme in app.table_theme_names() for word in theme.split("-")}  # by their files' names
        assert [word for word in escaped(app, words) if word not in names] == []


async def test_the_palette_speaks_only_the_catalogue(tmp_path):
    use_language(PSEUDO)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#about").display = False  # the ruleset's own words: the games' texts
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, Palette)
        assert escaped(app) == []
        app.screen.query_one(CommandInput).value = "zzzz"
        for _ in range(100):  # "nothing matches" is said after half a second
            await asyncio.sleep(0.05)
            await pilot.pause()
            if "⟦Ñö ṁåţçĥëš ḟöûñḋ⟧" in shown_text(app):
                break
        assert "⟦Ñö ṁåţçĥëš ḟöûñḋ⟧" in shown_text(app)
        assert escaped(app) == []


def served_app(tmp_path, lobby) -> RamsliApp:
    app = RamsliApp(storage_in(tmp_path), lobby=lobby, bot_delay=0.0)
    app.animation_level = "none"
    return app


async def test_the_lobby_its_new_table_and_the_talk_line_speak_only_the_catalogue(tmp_path):
    use_language(PSEUDO)
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert escaped(app) == []
        await pilot.press("n")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, NewTableScreen):
                break
        assert isinstance(app.screen, NewTableScreen)
        assert escaped(app, dialog_text(app)) == []
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(TalkScreen([]))
        await pilot.pause()
        assert escaped(app, dialog_text(app) + "\n" + app.screen.query_one("Input").placeholder) == []


@pytest.mark.parametrize("language, question, keep, delete", [
    ("fr", "Quitter la table\u00a0?", "Rester (n)", "Partir (y)"),
    ("de", "Den Tisch verlassen?", "Bleiben (n)", "Gehen (y)"),
    ("es", "¿Dejar la mesa?", "Quedarme (n)", "Salir (y)"),
])
async def test_leaving_the_table_is_asked_in_the_players_language(tmp_path, language, question, keep, delete):
    from ramsli_tui.languages import _
    from ramsli_tui.ui.common.table_base import LEAVE_QUESTION

    use_language(language)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmScreen(_(LEAVE_QUESTION), yes=_("Leave"), no=_("Stay")))
        await pilot.pause()
        shown = app.screen
        assert str(shown.query_one("#question", Label).render()).startswith(question)
        assert [str(button.label) for button in shown.query(Button)] == [keep, delete]


@pytest.mark.parametrize("language, heading, start", [
    ("fr", "Ramsli — une nouvelle partie à la table", "Distribuer (ctrl+s)"),
    ("de", "Ramsli — eine neue Partie am Tisch", "Karten geben (ctrl+s)"),
    ("es", "Ramsli — una nueva partida en la mesa", "Repartir (ctrl+s)"),
])
async def test_setup_reads_in_the_players_language(tmp_path, language, heading, start):
    use_language(language)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#heading", Label).render()) == heading
        assert str(app.screen.query_one("#start", Button).label) == start


async def test_the_language_chosen_in_the_settings_speaks_at_once_and_is_kept(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        app.screen.query_one("#language", Select).value = "de"
        await pilot.pause()
        assert current_language() == "de"
        assert app.screen.query_one(".box").border_title == "Optionen", "the dialog is written again"
        assert "Schließen" in shown_text(app), "the key bar speaks it too"
        assert storage_in(tmp_path).load_settings().language == "de"
        app.screen.query_one("#language", Select).value = ""
        await pilot.pause()
        assert current_language() == "en", "as the system says: none is known to a test's app"
    assert "language" not in storage_in(tmp_path).settings_path.read_text(), "as the system says, nothing is kept"


def test_the_language_setting_is_used_at_start_up_before_the_environment(tmp_path):
    storage_in(tmp_path).save_settings(replace_language(storage_in(tmp_path), "es"))
    RamsliApp(storage_in(tmp_path), environment={"LANG": "fr_FR.UTF-8"})
    assert current_language() == "es"
    RamsliApp(storage_in(tmp_path), language="de", environment={"LANG": "fr_FR.UTF-8"})
    assert current_language() == "de", "the command line's choice comes first"
    storage_in(tmp_path).save_settings(replace_language(storage_in(tmp_path), None))
    RamsliApp(storage_in(tmp_path), environment={"LANG": "fr_FR.UTF-8"})
    assert current_language() == "fr", "no setting: the environment's"


def test_a_bad_language_setting_is_told_in_one_line_in_the_language_of_the_environment(tmp_path):
    storage = storage_in(tmp_path)
    storage.config_dir.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text("language: nl\n")
    app = RamsliApp(storage, environment={"LANGUAGE": "de"})
    assert current_language() == "de" and app.settings.language is None
    assert [problem.split(": ", 1)[1] for problem in app.problems] == [
        "language kann nicht 'nl' sein, nur 'en' oder 'fr' oder 'de' oder 'es'; es gilt die des Systems"]


def replace_language(storage, language):
    settings = storage.load_settings()
    settings.language = language
    return settings


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_the_labels_of_the_settings_and_of_setup_fit_their_columns(language):
    """The settings' labels in 15 columns with a space after them, setup's in 14 likewise."""
    from rich.cells import cell_len

    from ramsli_tui.languages import _
    from ramsli_tui.ui.common.settings import PLAY_SETTINGS
    from ramsli_tui.ui.common.setup import computer_label

    use_language(language)
    settings = [_(label) for label in ("Language", "Theme", "Card faces", "Computer pace")]
    settings += [_(label) for label, _name, _options in PLAY_SETTINGS]
    setup = [_(label) for label in ("Game", "Ruleset", "Players", "Your name", "Chips each", "Seed", "Your partner")]
    setup.append(computer_label(5))
    assert [label for label in settings if cell_len(label) > 14] == []
    assert [label for label in setup if cell_len(label) > 13] == []


async def test_the_leaderboard_speaks_only_the_catalogue(tmp_path):
    use_language(PSEUDO)
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one("#board", DataTable)
        cells = [str(cell) for row in range(board.row_count) for cell in board.get_row_at(row)]
        shown = "\n".join([dialog_text(app), *(str(column.label) for column in board.columns.values()), *cells])
        assert "otto" in shown and "⟦" in shown, shown
        assert set(escaped(app, shown)) <= {"hard"}, "only the strength, the server's word for it, unmarked"
