"""The app around the table: setup, settings, saving and resuming, and errors kept off the screen."""

from __future__ import annotations

import yaml

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.protocol import ComputerPlayer
from ramsli_tui.storage import SavedGame, Settings
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.ramsli.session_over import WAY_OUT_AFTER, SessionOverScreen
from ramsli_tui.ui.common.settings import SettingsScreen
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import HandView

from tests.kits.ui import make_app, play_until, settle, spec_for, storage_in, table_screen


async def test_setup_deals_with_the_choices_and_remembers_them(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#players").value = 3
        app.screen.query_one("#name").value = "Mia"
        app.screen.query_one("#opponent-strength-1").value = "random"
        app.screen.query_one("#opponent-strength-2").value = "random"
        app.screen.query_one("#seed").value = "42"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, RamsliTableScreen)
        assert app.table.spec.players == 3 and app.table.spec.seed == 42
        assert app.table.names[0] == "Mia"
    remembered = yaml.safe_load(app.storage.settings_path.read_text())
    assert remembered["players"] == 3 and remembered["name"] == "Mia"
    assert remembered["seed"] is None, "a seed is for one session only"


async def test_setup_offers_only_the_players_a_ruleset_allows(tmp_path):
    rules = tmp_path / "four.yaml"
    rules.write_text("players: {min: 4, max: 5}\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.show_ruleset(str(rules))
        await pilot.pause()
        options = [value for _, value in app.screen.query_one("#players").options]
        assert options == [4, 5]


async def test_a_session_resumes_where_it_was_left(tmp_path):
    app = make_app(tmp_path, spec_for(seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and len(app.client.view.played_cards) >= 3)
        left = app.client.view
        actions = list(app.table.actions)
    [slot] = storage_in(tmp_path).saved_games()[0]
    assert list(slot.saved.actions) == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, RamsliTableScreen)
        assert again.client.view.hand == left.hand
        assert again.client.view.played_cards[: len(left.played_cards)] == left.played_cards


async def test_a_corrupt_save_is_kept_aside_and_explained(tmp_path):
    storage = storage_in(tmp_path)
    broken = storage.saves_dir / "session.20261130-200000.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{ not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        messages = [notification.message for notification in app._notifications]
        assert any("could not be read" in message and "kept as" in message for message in messages)
    kept = list(storage.saves_dir.glob("session.20261130-200000.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{ not json"
    assert not broken.exists()


async def test_a_save_that_no_longer_replays_is_kept_aside(tmp_path):
    storage = storage_in(tmp_path)
    storage.save_game(storage.new_save_path(), SavedGame(spec_for(seed=1), ("AS", "AS", "AS")))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert any("no longer replays" in notification.message for notification in app._notifications)
    assert list(storage.saves_dir.glob("session.*.unreadable-*.json"))


async def test_the_session_end_shows_the_last_hand_then_the_result_and_forgets_the_save(tmp_path, one_hand):
    from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen

    app = make_app(tmp_path, spec_for(seed=2, ruleset=one_hand))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.is_over)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen), "the last hand's summary first"
        assert "The result (Enter)" in str(app.screen.query_one("#next").label)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionOverScreen)
        assert "The session is over" in str(app.screen.query_one("#result").render())
        assert app.save_path.exists(), "kept until its result has been read"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert not app.storage.saved_games()[0], "read: forgotten"


async def test_an_enter_typed_ahead_of_the_standings_does_not_skip_them(tmp_path, one_hand):
    """Enter twice on the last hand's result, as a finger still on the key does: the
    standings stay; a moment later Enter takes the way out (a new game)."""
    app = make_app(tmp_path, spec_for(seed=2, ruleset=one_hand))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.is_over)
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionOverScreen), f"the second Enter was meant for the result: {app.screen} {app.focused}"
        await pilot.pause(WAY_OUT_AFTER + 0.1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "once they have been up a moment, Enter starts a new game"


async def test_settings_change_faces_theme_and_pace_and_are_remembered(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#faces").value = "german"
        app.screen.query_one("#theme").value = "monochrome"
        app.screen.query_one("#pace").value = 0.3
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        hand = table_screen(app).query_one(HandView)
        assert all(widget.faces == "german" for widget in hand.query(CardWidget) if widget.card is not None)
        assert app.table.delay == 0.3
    remembered = yaml.safe_load(app.storage.settings_path.read_text())
    assert (remembered["faces"], remembered["theme"], remembered["bot_delay"]) == ("german", "monochrome", 0.3)


async def test_the_game_log_shows_the_cards_with_the_faces_chosen_and_follows_a_change(tmp_path):
    app = make_app(tmp_path, spec_for(seed=6))

    def log_text() -> str:
        return str(table_screen(app).query_one("#log-lines").render())

    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and len(app.client.view.tricks) >= 2)
        french = log_text()
        assert "8♥ is turned up: ♥ hearts are trumps." in french
        assert "You play A♥." in french and "Bertl plays Q♦." in french
        app.set_faces("german")
        await pilot.pause()
        german = log_text()
        assert "Herz-8 is turned up: Herz are trumps." in german
        assert "You play Herz-Ass." in german and "Bertl plays Schellen-Ober." in german
        assert not any(symbol in german for symbol in "♠♥♦♣")
        app.set_faces("french")
        await pilot.pause()
        assert log_text() == french


async def test_the_trick_history_follows_a_change_of_faces(tmp_path):
    app = make_app(tmp_path, spec_for(seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and len(app.client.view.tricks) >= 2)
        await pilot.press("h")
        await pilot.pause()
        app.set_faces("german")
        await pilot.pause()
        history = str(app.screen.query_one(".hand").render())
    assert "(Herz-8 turned)" in history and "Mia Herz-Ass · Bertl Schellen-Ober" in history


async def test_an_own_theme_is_offered_and_a_broken_one_explained(tmp_path):
    themes = storage_in(tmp_path).themes_dir
    themes.mkdir(parents=True)
    (themes / "mine.yaml").write_text("name: mine\nprimary: '#884400'\nvariables: {card-face: '#ffeecc'}\n")
    (themes / "broken.yaml").write_text("name: broken\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "mine" in app.table_theme_names()
        assert any("broken.yaml" in notification.message for notification in app._notifications)


async def test_a_failing_computer_player_is_reported_and_the_game_goes_on(tmp_path):
    class Broken(ComputerPlayer):
        name = "broken"

        def choose(self, view, legal, rng):
            raise RuntimeError("out of ideas")

    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.table.seats[1].player = Broken()
        await play_until(pilot, lambda app: app.client.result_unread)
        assert any("out of ideas" in notification.message for notification in app._notifications)


async def test_an_unexpected_error_is_reported_in_words_not_a_traceback(tmp_path, capsys):
    app = make_app(tmp_path, spec_for(seed=1))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("i")
            await settle(pilot)
            app.call_later(lambda: 1 / 0)
            await pilot.pause()
    except ZeroDivisionError:
        pass
    printed = capsys.readouterr().err
    assert "unexpected error (ZeroDivisionError" in printed and "Traceback" not in printed
    assert "ZeroDivisionError" in app.storage.crash_log_path.read_text()
    assert app.storage.saved_games()[0]


async def test_no_color_is_respected(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        await pilot.press("i")
        await settle(pilot)
        assert app.table.actions


async def test_the_scoreboard_fits_six_players_at_80_columns_and_names_them_where_there_is_room(tmp_path):
    from textual.widgets import DataTable

    from ramsli_tui.ui.ramsli.scoreboard import ScoreboardScreen

    app = make_app(tmp_path, spec_for(players=6, seed=10))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.number == 5 and not app.client.result_unread)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 5, "the start and four hands"
        assert table.max_scroll_x == 0, "no scrolling sideways"
        dealers = [str(table.get_cell_at((row, 1))) for row in range(1, 5)]
        assert all(len(dealer) == 1 for dealer in dealers), "dealers by their letters in the chart"
        await pilot.resize_terminal(140, 40)
        await pilot.pause()
        dealers = [str(table.get_cell_at((row, 1))) for row in range(1, 5)]
        assert "Anna" in dealers, "dealers by name where there is room"
        assert table.max_scroll_x == 0


async def test_names_with_brackets_are_shown_as_written_everywhere(tmp_path):

    from textual.widgets import DataTable

    from ramsli_tui.ui.ramsli.history import TrickHistoryScreen
    from ramsli_tui.ui.ramsli.scoreboard import ScoreboardScreen

    spec = GameSpec.one_person("ramsli", "classic", 2, ("Mia", "[red]An[/]", "[b"), ["random", "random"])
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        assert "[red]An[/]" in str(app.screen.query_one("#text").render())
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TrickHistoryScreen)
        assert "[red]An[/]" in "".join(str(hand.render()) for hand in app.screen.query(".hand"))
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert "[red]An[/]" in [str(column.label) for column in app.screen.query_one(DataTable).columns.values()]
    assert app.return_code is None, "no error stopped the app"


async def test_choosing_a_ruleset_leaves_the_setup_rows_where_they_were(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players_at = app.screen.query_one("#players").region.y
        app.screen.query_one("#ruleset").focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#ruleset").value != "classic"
        assert app.screen.query_one("#players").region.y == players_at


async def test_setup_for_six_players_fits_80_by_24_with_its_button(tmp_path):
    storage_in(tmp_path).config_dir.mkdir(parents=True)
    storage_in(tmp_path).settings_path.write_text("players: 6\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#players").value == 6
        assert app.screen.query_one("#form-scroll").max_scroll_y == 0, "no scrolling"
        assert 0 < app.screen.query_one("#start").region.bottom <= 23, "the button above the keys"


async def test_a_pace_given_for_one_run_is_not_remembered(tmp_path):
    storage = storage_in(tmp_path)
    storage.save_settings(Settings(bot_delay=1.2))
    app = make_app(tmp_path, spec_for(seed=1))  # the computer players without delay, for this run
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await pilot.pause()
        app.screen.query_one("#faces").value = "german"
        await pilot.pause()
    assert storage.load_settings().bot_delay == 1.2


def words_on(screen) -> list[str]:
    """Every text and card a screen shows, in order: what tells one result from another."""
    return [str(widget.render()) for widget in screen.query("Static, Label, Button, CardWidget")]


async def test_a_game_left_at_a_hands_result_comes_back_to_that_result(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.result_unread)
        await pilot.pause()
        assert isinstance(app.screen, table_kit.result_screen)
        shown = words_on(app.screen)
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, table_kit.result_screen) and words_on(again.screen) == shown
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(again.screen, table_kit.screen) and again.client.view.number == 2
    third = make_app(tmp_path)  # left (or crashed) after the result was read, before anyone acted
    async with third.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(third.screen, table_kit.screen), "a result once read does not come back"
        assert third.client.view.number == 2 and not third.client.result_unread


async def test_the_number_of_players_steps_with_the_arrows_and_shows_their_rows(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#players")
        assert players.value == 4 and app.screen.query_one("#opponent-name-4").has_class("-unused")
        players.focus()
        await pilot.press("right")
        await pilot.pause()
        assert players.value == 5 and not app.screen.query_one("#opponent-name-4").has_class("-unused")
        await pilot.press("left", "left")
        await pilot.pause()
        assert players.value == 3 and app.screen.query_one("#opponent-name-3").has_class("-unused")


async def test_a_player_leaving_the_table_is_told_even_without_the_log(tmp_path):
    quick = tmp_path / "quick-out.yaml"
    quick.write_text("on_bust: eliminate\nstarting_chips: 6\n")
    app = make_app(tmp_path, spec_for(seed=5, ruleset=str(quick)))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: len(app.client.view.seated) < 4)
        await pilot.press("enter")  # the hand's summary read: the table goes on without the one who left
        await pilot.pause()
        gone = [seat for seat in range(4) if seat not in app.client.view.seated]
        notices = [note.message for note in app._notifications]
        assert f"{app.table.names[gone[0]]} leaves the table, short of the ante." in notices


async def test_a_new_game_leaves_the_session_at_the_table_saved_and_escape_goes_back_to_it(tmp_path, table_kit):
    spec = table_kit.spec(seed=9)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.view.my_turn and app.table.actions)
        first = app.save_path
        played = list(app.table.actions)
        app.new_game()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.storage.load_game(first).actions == tuple(played), "nothing lost"
        labels = [str(button.label) for button in app.screen.query("Button") if (button.id or "").startswith("continue-")]
        assert labels and f"{spec.ruleset}, hand 1, {spec.names[0]} " in labels[0], labels
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, table_kit.screen) and app.save_path == first
        app.new_game()
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.save_path != first and app.table.spec.seed != 9, "a new session, its own file, a fresh seed"
        assert len(app.storage.saved_games()[0]) == 2
        assert app.table.spec.seed.bit_length() > 64


async def test_a_saved_session_is_deleted_only_when_the_player_says_so(tmp_path):
    app = make_app(tmp_path, spec_for(seed=9))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        app.leave_table()
        app.new_game()
        await pilot.pause()
        await pilot.click("#delete-0")
        await pilot.pause()
        await pilot.press("n")          # keep it
        await pilot.pause()
        assert len(app.storage.saved_games()[0]) == 1
        await pilot.click("#delete-0")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.storage.saved_games()[0] == []
        assert not app.screen.query("#delete-0")


async def test_a_resumed_session_shows_this_hands_table_and_the_latest_lines_of_the_log(tmp_path):
    from ramsli_tui.ui.widgets.game_log import GameLog
    from ramsli_tui.ui.ramsli.trick import TrickArea

    app = make_app(tmp_path, spec_for(seed=9))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.view.number == 2 and not app.client.result_unread)
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = again.screen
        assert again.client.view.number == 2
        assert not again.client.view.played_cards, "hand 2 is being declared"
        trick = screen.query_one(TrickArea)
        assert "of 5" not in str(trick.border_title), "not the last hand's trick under this hand's title"
        log = screen.query_one(GameLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the latest lines in sight"


async def test_the_card_raised_in_the_hand_is_still_raised_when_the_session_comes_back(tmp_path):
    from ramsli_tui.ui.ramsli.hand import HandView

    app = make_app(tmp_path, spec_for(seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn
                         and len(app.client.view.hand) >= 4)
        hand = table_screen(app).query_one(HandView)
        await pilot.press("right", "right")
        await pilot.pause()
        raised = hand.cards[hand.selected]
        assert hand.selected != next(i for i, card in enumerate(hand.cards) if card in hand.legal)
    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        hand = table_screen(again).query_one(HandView)
        assert hand.cards[hand.selected] == raised
