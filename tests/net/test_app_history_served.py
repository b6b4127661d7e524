"""The History and Statistics screens of an app at a server, with a real hub behind a
real socket (as in test_app_at_a_closing_table.py): the person reads the sessions they
sat at, their hands to watch again and their own figures, from the server's history,
and nothing of a session they did not sit at, nor anyone else's figures."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from textual.widgets import DataTable, Select, Static

from ramsli_tui.games import game_named
from ramsli_tui.net.app_client import RemoteLobby
from ramsli_tui.storage.history import named, player_statistics
from ramsli_tui.table.spec import SeatSpec
from ramsli_tui.ui.common.hand_viewer import HandViewerScreen
from ramsli_tui.ui.common.history_screen import HistoryScreen
from ramsli_tui.ui.common.statistics_screen import StatisticsScreen

from tests.kits.history import played_session
from tests.kits.ui import opened_by, settled
from tests.net.test_app_at_a_closing_table import HubInAThread, served_app
from tests.ui.test_ui_history_screens import rows


def kept_at_the_hub(hub: HubInAThread) -> None:
    """A finished session of mia's at table 7 and one of zora's at table 8, each with computer players."""
    for table, name, seed in ((7, "mia", 9), (8, "zora", 11)):
        spec, played = played_session("ramsli", seed, 400)
        spec = replace(spec, seats=(SeatSpec.person(name), *spec.seats[1:]))
        hub.call(lambda: hub.hub.history.keep_finished(table, spec, played.finished, played.is_over, 0))


async def test_a_person_at_a_server_reads_their_own_sessions_hands_and_figures_and_no_one_elses(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers)
    try:
        kept_at_the_hub(hub)
        history = hub.hub.history
        [mine] = hub.call(lambda: history.sessions("person:mia"))
        app = served_app(tmp_path / "app", RemoteLobby(hub.link()))
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened_by(pilot, "f3", HistoryScreen)
            [listed] = rows(screen)
            assert "mia" in listed[3] and "zora" not in listed[3] and listed[4] == str(mine.hands), listed
            await pilot.press("enter")
            await settled(pilot)
            assert [row[0] for row in rows(screen)] == [str(number) for number in range(1, mine.hands + 1)]
            screen.query_one(DataTable).move_cursor(row=1)
            await pilot.press("enter")
            await settled(pilot)
            viewer = app.screen
            assert isinstance(viewer, HandViewerScreen)
            kept = hub.call(lambda: named([mine], history.hands(session=mine.id)))[1]
            expected = game_named("ramsli").steps.shown_hand(json.dumps(kept.record), "<record>", Path.cwd())
            assert [(step.index, step.seat, step.events) for step in viewer.steps] == \
                [(step.index, step.seat, step.events) for step in expected.steps], "the steps of that very record"
            await pilot.press("escape", "escape")
            await settled(pilot)
            await pilot.press("s")
            await settled(pilot)
            statistics = app.screen
            assert isinstance(statistics, StatisticsScreen)
            player = statistics.query_one("#player", Select)
            assert [value for _label, value in player._options] == ["person:mia"], "nobody else's figures"
            figures = hub.call(lambda: player_statistics(history, "person:mia", "ramsli"))
            assert str(statistics.query_one("#figures", Static).render()) == figures.said("mia")
    finally:
        hub.close()
