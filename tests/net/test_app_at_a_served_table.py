"""The full-screen app at a served table with other people: the table's notes out of
the way of the bottom lines, the clock of the seat to act (on the title line and on the seat, warning its person near the end), who has read a hand's result,
and a seat given up for good, with a real hub behind a real socket (as in
test_app_at_a_closing_table.py)."""

from __future__ import annotations

import re
from dataclasses import replace

from textual.widgets import Static
from textual.widgets._toast import Toast

from ramsli_tui.net.app_client import RemoteLobby
from ramsli_tui.ui.common import table_base
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.common.lobby import LobbyScreen
from ramsli_tui.ui.common.table_base import TableScreenBase
from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.net.kit import QUICK
from tests.net.test_app_at_a_closing_table import STEPS, HubInAThread, served_app
from tests.net.test_hub import Listener, act_if_asked

SLOW = replace(QUICK, turn_limit=60.0)  # time enough for a loaded machine: nobody's turn runs out


async def at_the_table(pilot, app) -> TableScreenBase:
    """The table screen, once it shows the table."""
    for _ in range(STEPS):
        await pilot.pause(0.005)
        if isinstance(app.screen, TableScreenBase) and app.screen.view_ is not None:
            return app.screen
    raise AssertionError("the app did not come to the table")


async def seated_with_otto(pilot, hub: HubInAThread, lobby, app, otto) -> tuple[int, TableScreenBase]:
    """mia and otto at a new Ramsli table with a computer player: its number, and mia's table screen."""
    await pilot.pause()
    number = await lobby.create("ramsli", "classic", 3, ["normal"])
    hub.call(lambda: hub.hub.join(otto, number, None))
    app.sit_remote(await lobby.join(number), "ramsli")
    return number, await at_the_table(pilot, app)


def mia_and_otto(hub: HubInAThread, folder):
    """mia's app and its lobby, and otto, a person at the hub (each test seats them)."""
    lobby = RemoteLobby(hub.link())
    app = served_app(folder / "app", lobby)
    otto = Listener("otto")
    return lobby, app, otto


async def test_the_tables_notes_never_cover_the_bottom_lines_and_go_after_their_time(tmp_path, thinkers, monkeypatch):
    monkeypatch.setattr(table_base, "NOTE_FOR", 1)
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            number, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            hub.call(lambda: hub.hub.tables[number].tell("otto is away: a computer player plays for them."))
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if table.query(Toast):
                    break
            [toast] = table.query(Toast)
            for bottom in (table.query_one(TurnBanner), table.query_one(KeyBar), table.query_one(table.HAND)):
                assert not toast.region.overlaps(bottom.region), f"the note covers the {type(bottom).__name__}"
            for _ in range(STEPS):
                await pilot.pause(0.01)
                if not table.query(Toast) and not app._notifications:
                    break
            assert not table.query(Toast) and not app._notifications, "the note went after its time"
    finally:
        hub.close()


async def test_everyone_sees_the_clock_of_the_seat_to_act_and_the_small_window_does_not_promise_a_wait(
        tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            number, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            shown, on_seat = {}, {}
            for _ in range(STEPS):
                await pilot.pause(0.005)
                clock = hub.call(lambda: hub.hub.waiting(number).clock)
                text = str(table.query_one("#clock", Static).render())
                told = table.waited.clock  # what the screen was told: an action's answer comes apart
                if clock is not None and told is not None and told.seat == clock.seat and text:
                    shown[clock.seat] = text
                    on_seat[clock.seat] = str(table.seat_widget(clock.seat).border_subtitle)
                if 0 in shown and 1 in shown:
                    break
                if clock is not None and clock.seat == 0 and 0 in shown and app.client.view.legal:
                    table.submit(sorted(app.client.view.legal, key=str)[0])  # on to otto's turn
                if clock is not None and clock.seat == 1 and 1 in shown:
                    hub.call(lambda: act_if_asked(hub.hub, otto, number))
            assert re.fullmatch(r"Your turn: \d+ s left", shown[0]), shown
            assert re.fullmatch(r"otto: \d+ s to act", shown[1]), shown
            assert all(0 < int(re.search(r"\d+", text).group()) <= 60 for text in shown.values())
            assert all(re.fullmatch(r"\d+ s", text) for text in on_seat.values()) and len(on_seat) == 2, on_seat
            table.fit_to(40, 10)
            small = str(table.query_one("#too-small", Static).render())
            assert "waits for you" not in small and "a computer player acts for you" in small
    finally:
        hub.close()


async def test_the_result_says_who_has_read_it_and_when_the_next_hand_starts(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        otto.reads_results = True
        async with app.run_test(size=(100, 30)) as pilot:
            number, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            for _ in range(STEPS * 3):
                await pilot.pause(0.005)
                if isinstance(app.screen, HandSummaryScreen):
                    break
                if not table.holding and app.client.view.current_seat == 0 and app.client.view.legal:
                    table.submit(sorted(app.client.view.legal, key=str)[0])
                hub.call(lambda: act_if_asked(hub.hub, otto, number))
            result = app.screen
            assert isinstance(result, HandSummaryScreen)
            await pilot.pause(1.2)  # the clock's next tick
            readers = str(result.query_one("#readers", Static).render())
            assert re.fullmatch(r"Ready: nobody yet\. Still reading: mia, otto\.\n"
                                r"The next hand starts when everyone is ready, or in \d+ s\.", readers), readers
            hub.call(lambda: hub.hub.result_read(otto, number))
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if str(result.query_one("#readers", Static).render()).startswith("Ready: otto."):
                    break
            assert str(result.query_one("#readers", Static).render()).startswith("Ready: otto. Still reading: mia.")
            await pilot.press("enter")
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if hub.call(lambda: hub.hub.waiting(number).reading) is None:
                    break
            assert hub.call(lambda: hub.hub.waiting(number).reading) is None, "the next hand, once both read it"
    finally:
        hub.close()


async def test_a_seat_given_up_from_the_app_goes_to_a_computer_player_after_asking(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            _, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            assert ("Give up your seat" in [title for title, _, _ in table.palette()])
            await table.run_action("give_up_seat")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "A computer player takes it over" in app.screen.question
            assert "cannot sit down at this table again" in app.screen.question
            await pilot.press("y")
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if isinstance(app.screen, LobbyScreen):
                    break
            assert isinstance(app.screen, LobbyScreen) and app.is_running
            [listed] = hub.call(lambda: hub.hub.listing())
            assert listed["seats"][0]["kind"] == "bot" and listed["seats"][1]["name"] == "otto"
            assert any("mia left the table" in notice for notice in otto.notices)
    finally:
        hub.close()


async def test_the_only_person_who_gives_up_a_seat_is_told_the_table_closes(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby = RemoteLobby(hub.link())
        app = served_app(tmp_path / "app", lobby)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            number = await lobby.create("ramsli", "classic", 3, ["normal", "normal"])
            app.sit_remote(await lobby.join(number), "ramsli")
            table = await at_the_table(pilot, app)
            await table.run_action("give_up_seat")
            await pilot.pause()
            assert "You are the only person at this table: it closes" in app.screen.question
            await pilot.press("y")
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if isinstance(app.screen, LobbyScreen):
                    break
            assert isinstance(app.screen, LobbyScreen)
            assert hub.call(lambda: hub.hub.listing()) == [], "the table is closed"
    finally:
        hub.close()


async def test_near_the_end_of_your_time_the_clock_warns_you_once_on_the_title_and_on_your_seat(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, replace(QUICK, turn_limit=table_base.HURRY_AT - 2.0))
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        app.settings.turn_alert = "bell"
        rings = []
        app.bell = lambda: rings.append(True)
        async with app.run_test(size=(100, 30)) as pilot:
            number, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            clock_line = table.query_one("#clock", Static)
            for _ in range(STEPS):
                await pilot.pause(0.005)
                told = table.waited.clock
                if told is not None and told.seat == 1:
                    hub.call(lambda: act_if_asked(hub.hub, otto, number))
                if told is not None and told.seat == table.seat and clock_line.has_class("-hurry"):
                    break
            assert re.fullmatch(r"Your turn: \d+ s, then a computer player acts for you", str(clock_line.render()))
            mine, others = table.seat_widget(table.seat), [table.seat_widget(seat) for seat in (1, 2)]
            assert mine.has_class("-hurry") and re.fullmatch(r"\d+ s", str(mine.border_subtitle))
            assert all(not seat.border_subtitle and not seat.has_class("-hurry") for seat in others)
            assert len(rings) == 2, "the turn rang, and its warning once more"
            await pilot.pause(1.2)  # a tick of the clock later
            assert len(rings) == 2, "the warning rings once a turn, not every second"
    finally:
        hub.close()


async def test_a_tick_of_the_clock_draws_only_the_clock_and_the_seat_to_act_and_moves_nothing(
        tmp_path, thinkers, monkeypatch):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    try:
        lobby, app, otto = mia_and_otto(hub, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            number, table = await seated_with_otto(pilot, hub, lobby, app, otto)
            clock_line = table.query_one("#clock", Static)
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if table.waited.clock is not None and str(clock_line.render()):
                    break
            acting = table.seat_widget(table.waited.clock.seat)
            asked: list[tuple[str, bool]] = []
            for widget in (clock_line, *table.query(table.SEAT)):
                def spy(*regions, _widget=widget, _refresh=widget.refresh, **how):
                    asked.append((_widget.id, how.get("layout", False)))
                    return _refresh(*regions, **how)
                monkeypatch.setattr(widget, "refresh", spy)
            for _ in range(3):
                before = str(clock_line.render())
                table.show_clock()
                if len(str(clock_line.render())) == len(before):  # a second less, as wide (60 s to 10 s)
                    assert not any(layout for _, layout in asked), "the screen was laid out again for the clock"
                assert {name for name, _ in asked} <= {"clock", acting.id}, asked
    finally:
        hub.close()
