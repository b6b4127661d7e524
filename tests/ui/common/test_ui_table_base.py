"""One base for every game's table (``TableScreenBase``), so each test here runs once for
every game the app has a table screen for (the ``table_kit`` fixture): the pace keys, the
turn's bell and flash, the palette's entries, the line asking for a larger window, the
rules on the one rules screen, a refusal that names the players, the hint, and the
table's notes kept off the bottom lines."""

from __future__ import annotations

import pytest

from ramsli_tui.games import GAMES, game_named
from ramsli_tui.ui.common.rules_help import RulesScreen
from ramsli_tui.ui.common.settings import PACES
from ramsli_tui.ui.common.table_base import TableScreenBase
from ramsli_tui.ui.table_screens import TABLE_SCREENS
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.key_bar import KeyBar
from textual.widgets._toast import Toast

from tests.kits.drivers import settle
from tests.kits.tables import games_with_a_table, kit_for
from tests.kits.ui import make_app


def table_of(app) -> TableScreenBase:
    return next(screen for screen in app.screen_stack if isinstance(screen, TableScreenBase))


def keys_shown(app) -> str:
    return str(table_of(app).query_one(KeyBar).render())


def banner(app) -> str:
    return str(table_of(app).query_one(TurnBanner).render())


def my_turn(app) -> bool:
    return app.client.view.my_turn and not app.client.result_unread


def test_every_game_registered_with_a_table_screen_is_one_the_tests_run_for_or_named(monkeypatch):
    """A game added to both registries is among those ``table_kit`` runs each test for;
    without a kit of its own it is named, not passed over."""
    assert games_with_a_table()[:2] == ["ramsli", "rami"]
    monkeypatch.setitem(GAMES, "high-card", lambda: None)
    monkeypatch.setitem(TABLE_SCREENS, "high-card", lambda client, raised: None)
    assert "high-card" in games_with_a_table()
    with pytest.raises(LookupError, match="'high-card' has a table screen but no table kit"):
        kit_for("high-card")


async def test_plus_and_minus_change_the_pace_at_the_table_and_keep_it(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "+- Pace" in keys_shown(app)
        paces = [seconds for seconds, _ in PACES]
        await pilot.press("minus")
        assert app.pace == paces[1] and app.table.delay == paces[1], "a notch slower than no pause"
        await pilot.press("minus")
        assert app.pace == paces[2] and app.table.delay == paces[2]
        await pilot.press("plus")
        assert app.pace == paces[1]
        assert app.storage.read_settings()[0].bot_delay == paces[1], "kept in the settings"
        for _ in paces:
            await pilot.press("plus")
        assert app.pace == paces[0], "no faster than no pause"
        assert app.storage.read_settings()[0].bot_delay == paces[0]


async def test_the_bell_rings_once_each_time_it_becomes_your_turn(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    app.settings.turn_alert = "bell"
    rings = []
    app.bell = lambda: rings.append(True)
    async with app.run_test(size=(120, 40)) as pilot:
        await table_kit.play_until(pilot, my_turn)
        turns = 1
        assert len(rings) == turns, "your first turn rang"
        for _ in range(6):
            taken = len(app.table.actions)
            await table_kit.play_turn(pilot)
            await settle(pilot)
            if app.client.result_unread:
                break
            assert app.client.view.my_turn
            if len(app.table.actions) > taken + 1:  # the others acted since: it has become your turn again
                turns += 1
            assert len(rings) == turns, "once a turn, not between the actions of one turn"
        assert turns >= 3


async def test_a_flash_when_it_becomes_your_turn(tmp_path, table_kit, monkeypatch):
    monkeypatch.setattr("ramsli_tui.ui.common.table_base.FLASH_FOR", 600.0)  # no race with a loaded machine
    app = make_app(tmp_path, table_kit.spec())
    app.settings.turn_alert = "flash"
    async with app.run_test(size=(120, 40)) as pilot:
        await table_kit.play_until(pilot, my_turn)
        assert table_of(app).has_class("-flash")


async def test_the_palette_lists_the_tables_screens_and_opens_each(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert [title for title, _, _ in table.palette()] == [*(title for title, _ in table_kit.palette),
                                                              "Leave the table"]
        for title, screen in table_kit.palette:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*title.lower())
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, screen), title
            app.pop_screen()
            await pilot.pause()
            assert app.screen is table


def notes_in_sight(screen, region) -> dict:
    """The notes of the table in sight over ``region`` of the screen, with how many of its cells each covers."""
    covering: dict = {}
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            under, _ = screen.get_widget_at(x, y)
            for node in (under, *under.ancestors):
                if isinstance(node, Toast):
                    covering[node] = covering.get(node, 0) + 1
    return covering


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)])
async def test_many_notes_at_once_never_cover_the_hand_the_bottom_line_or_the_keys_and_the_newest_shows(
        tmp_path, table_kit, size):
    """Five long lines said at once (a talkative table), in the smallest window too."""
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        screen = table_of(app)
        for number in range(5):
            screen.heard_said("otto", f"line {number}, long enough to take two lines of a note in a small window")
        await settle(pilot)
        toasts = list(screen.query(Toast))
        assert len(toasts) == 5, "every note is kept for its time"
        for bottom in (screen.query_one(screen.HAND), screen.query_one(TurnBanner), screen.query_one(KeyBar)):
            assert not notes_in_sight(screen, bottom.region), f"a note covers the {type(bottom).__name__}"
        assert list(notes_in_sight(screen, screen.region)) == [toasts[-1]], "the newest note, and only it, in sight"


@pytest.mark.parametrize("short_of", ["width", "height", "both"])
async def test_below_its_smallest_window_the_table_asks_for_a_larger_one(tmp_path, table_kit, short_of):
    width, height = table_kit.smallest
    size = {"width": (width - 1, 30), "height": (100, height - 1), "both": (40, 12)}[short_of]
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, table_kit.screen)
        message = screen.query_one("#too-small")
        assert message.display and str(message.render()).startswith(
            f"Make the window at least {width}×{height} to play: it is {size[0]}×{size[1]} now.")
        assert not screen.query_one(".felt-body").display and not screen.query_one("#banner").display, \
            "no table cut in half"
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        assert not message.display and screen.query_one(".felt-body").display


async def test_question_mark_shows_the_tables_rules_on_the_rules_screen_and_q_goes_back(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.markdown == table_kit.rules_markdown(table.rules)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is table


async def test_a_refusal_on_the_banner_names_the_other_players_by_name_not_by_seat(tmp_path, table_kit):
    """The engines number the seats ("it is seat 2's turn", "seat 1 took it"); the
    person reads the players' names."""
    spec = table_kit.spec()
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_of(app)
        for refusal in table_kit.refusals():
            async def refuse(action, refusal=refusal):
                raise refusal

            app.client.send = refuse
            screen.submit(None)
            await pilot.pause()
            shown = banner(app)
            [seat] = refusal.parameters.values()
            assert spec.names[seat] in shown and "seat" not in shown, shown


async def test_a_refusal_that_comes_back_after_the_session_ended_leaves_the_banner_as_it_was(
        tmp_path, table_kit, monkeypatch):
    """A card pressed as the last hand ends is refused by a table already over: the
    banner keeps saying where q goes, not why a card no longer counts."""
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table_of(app)
        before = banner(app)
        [refusal, *_] = table_kit.refusals()

        async def refuse(action):
            monkeypatch.setattr(type(app.client), "is_over", property(lambda client: True))
            raise refusal

        app.client.send = refuse
        screen.submit(None)
        await pilot.pause()
        assert banner(app) == before and not screen.query_one(TurnBanner).has_class("-refused")


async def test_t_hints_what_the_normal_player_would_do_when_hints_are_on(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    app.settings.hints = True
    async with app.run_test(size=(100, 30)) as pilot:
        await table_kit.play_until(pilot, my_turn)
        assert "t Hint" in keys_shown(app)
        view = app.client.view
        advice = game_named(table_kit.game).advice(view, view.legal, table_of(app).words.card)
        await pilot.press("t")
        assert f"Hint: {advice.reason}" in banner(app)
        assert app.client.view == view, "a hint changes nothing at the table"


async def test_no_hint_is_offered_unless_the_settings_ask_for_it_and_t_says_where_they_are_turned_on(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(100, 30)) as pilot:
        await table_kit.play_until(pilot, my_turn)
        assert "Hint" not in keys_shown(app)
        view = app.client.view
        await pilot.press("t")
        await pilot.pause()
        assert app.client.view == view and my_turn(app), "t does nothing at the table"
        assert "Hint:" not in banner(app)
        assert banner(app) == "Hints are off: turn them on in the settings (F2 Settings, Hints).", "t says why"
