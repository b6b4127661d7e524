"""One base for both games' tables (``TableScreenBase``): the Rami table has the pace keys,
the turn's signal, the palette's entries and the too-small line the Ramsli table has, and
both show the rules on one rules screen."""

from __future__ import annotations

import random

import pytest

from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.engine import Phase
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.common.rules_help import RulesScreen
from ramsli_tui.ui.common.settings import PACES
from ramsli_tui.ui.common.table_base import TableScreenBase
from ramsli_tui.ui.rami.rules_help import rules_markdown as rami_rules_markdown
from ramsli_tui.ui.rami.score_sheet import ScoreSheetScreen
from ramsli_tui.ui.rami.table import RamiTableScreen
from ramsli_tui.ui.ramsli.rules_help import rules_markdown as ramsli_rules_markdown
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.drivers import play_rami_turn, play_rami_until
from tests.kits.scenes import NAMES
from tests.kits.ui import make_app, settle, spec_for


def rami_spec(seed: int = 1) -> GameSpec:
    return GameSpec.one_person("rami", "simple", seed, NAMES[:2], ["normal"])


def rami_table(app) -> RamiTableScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, RamiTableScreen))


def keys_shown(app) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_plus_and_minus_change_the_pace_at_the_rami_table_and_keep_it(tmp_path):
    app = make_app(tmp_path, rami_spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "+- Pace" in keys_shown(app)
        paces = [seconds for seconds, _ in PACES]
        await pilot.press("minus", "minus")
        assert app.pace == paces[2] and app.table.delay == paces[2], "two notches slower than no pause"
        await pilot.press("plus")
        assert app.pace == paces[1]
        assert app.storage.read_settings()[0].bot_delay == paces[1], "kept in the settings"


async def test_the_bell_rings_each_time_it_becomes_your_turn_at_the_rami_table(tmp_path):
    app = make_app(tmp_path, rami_spec())
    app.settings.turn_alert = "bell"
    rings = []
    app.bell = lambda: rings.append(True)
    player, rng = RAMI.computer_player("normal"), random.Random(0)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.view.my_turn)
        turns = 1
        assert len(rings) == turns, "your first turn rang"
        for _ in range(6):  # one against one: after a discard, the other's turn, then yours again
            await play_rami_turn(pilot, player, rng)
            await settle(pilot)
            assert app.client.view.my_turn and not app.client.result_unread
            if app.client.view.phase is Phase.DRAW:
                turns += 1
            assert len(rings) == turns, "once a turn, not between its draw and its discard"
        assert turns >= 3


async def test_a_flash_when_it_becomes_your_turn_at_the_rami_table(tmp_path, monkeypatch):
    monkeypatch.setattr("ramsli_tui.ui.common.table_base.FLASH_FOR", 600.0)  # no race with a loaded machine
    app = make_app(tmp_path, rami_spec())
    app.settings.turn_alert = "flash"
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.view.my_turn)
        assert rami_table(app).has_class("-flash")


async def test_the_palette_opens_the_rami_score_sheet(tmp_path):
    app = make_app(tmp_path, rami_spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"score sheet")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        assert [title for title, _, _ in rami_table(app).palette()] == ["Log", "Score sheet", "Rules help", "Leave the table"]


@pytest.mark.parametrize("game", ["ramsli", "rami"])
async def test_both_tables_ask_for_a_larger_window_in_the_same_words(tmp_path, game):
    spec, screen_class = (spec_for(seed=1), RamsliTableScreen) if game == "ramsli" else (rami_spec(), RamiTableScreen)
    least = "60×20"  # both tables play from 60×20
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(59, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, screen_class) and isinstance(screen, TableScreenBase)
        message = screen.query_one("#too-small")
        assert str(message.render()).startswith(f"Make the window at least {least} to play: it is 59×30 now.")
        assert not screen.query_one(".felt-body").display and not screen.query_one("#banner").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not message.display and screen.query_one(".felt-body").display


@pytest.mark.parametrize("game", ["ramsli", "rami"])
async def test_question_mark_shows_the_tables_rules_on_the_rules_screen_and_q_goes_back(tmp_path, game):
    spec, markdown = (spec_for(seed=1), ramsli_rules_markdown) if game == "ramsli" else (rami_spec(), rami_rules_markdown)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.markdown == markdown(table.rules)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is table


@pytest.mark.parametrize("game", ("ramsli", "rami"))
async def test_a_refusal_on_the_banner_names_the_other_players_by_name_not_by_seat(tmp_path, game):
    """The engines number the seats ("it is seat 2's turn", "seat 1 took it"); the
    person reads the players' names."""
    from ramsli_tui.games.rami.engine.actions import Refusal as RamiRefusal
    from ramsli_tui.games.ramsli.engine.actions import Refusal as RamsliRefusal

    spec = rami_spec() if game == "rami" else spec_for(4)
    refusals = ([RamiRefusal(0, "not_your_turn", turn=1), RamiRefusal(0, "tournante_taken", taker=1)]
                if game == "rami" else [RamsliRefusal(0, "not_your_turn", turn=2)])
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = next(screen for screen in app.screen_stack if isinstance(screen, TableScreenBase))
        for refusal in refusals:
            async def refuse(action, refusal=refusal):
                raise refusal

            app.client.send = refuse
            screen.submit(None)
            await pilot.pause()
            banner = str(screen.query_one("#banner").render())
            [seat] = refusal.parameters.values()
            assert spec.names[seat] in banner and "seat" not in banner, banner
