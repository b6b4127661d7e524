"""The full-screen app at a server's table that closes under it: the session over (the
last hand's result, the standings, then the lobby) and a watched table everyone left
(the spectator told, and back in the lobby), with a real hub behind a real socket.

The hub runs on an event loop of its own thread, as it runs in the server's process:
the app's link waits for its answers, which the app's own loop could not give."""

from __future__ import annotations

import asyncio
import socket
import threading

from ramsli_tui.net.app_client import HubLink, RemoteLobby, serve_app
from ramsli_tui.net.hub import Player, Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.common.lobby import LobbyScreen
from ramsli_tui.ui.common.table_base import TableScreenBase
from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen
from ramsli_tui.ui.ramsli.session_over import WAY_OUT_AFTER, SessionOverScreen
from ramsli_tui.ui.widgets.banner import TurnBanner

from tests.kits.ui import storage_in
from tests.net.kit import QUICK
from tests.net.test_hub import Listener, act_if_asked, new_hub

MIA = Player("mia", "SHA256:mia-key")
STEPS = 3000  # pauses of the app's loop before a test gives up (each a few milliseconds)


class HubInAThread:
    """A hub on its own thread's event loop, serving apps on a unix socket as ``mia``."""

    def __init__(self, folder, thinkers, policy: Policy = QUICK):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-hub", daemon=True)
        self.thread.start()
        self.hub = self.call(lambda: new_hub(folder, thinkers, policy))
        self.path = str(folder / "hub.sock")
        journal = Journal(open("/dev/null", "w"))
        self.listening = self.run(asyncio.start_unix_server(
            lambda reader, writer: serve_app(self.hub, MIA, reader, writer, journal), self.path))

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(60)

    def call(self, function):
        """``function()`` on the hub's loop, its value."""
        async def called():
            return function()
        return self.run(called())

    def link(self) -> HubLink:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.path)
        return HubLink(sock)

    def close(self) -> None:
        self.call(self.listening.close)  # on its own loop: closed from another thread, it could race that loop
        self.run(self.hub.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(60)


def served_app(folder, lobby) -> RamsliApp:
    app = RamsliApp(storage_in(folder), lobby=lobby, bot_delay=0.0)
    app.animation_level = "none"
    return app


def program_table_and_spectator(hub: HubInAThread, folder, ruleset: str):
    """A table of ``ruleset`` made by otto, a program (its results count as read once
    sent), with two computer players; and an app, with its lobby, to watch it from."""
    otto = Listener("otto")
    number = hub.call(lambda: hub.hub.create(otto, "ramsli", ruleset, 3, ["normal", "normal"]))
    lobby = RemoteLobby(hub.link())
    return otto, number, lobby, served_app(folder / "app", lobby)


def notes(app) -> list[str]:
    return [note.message for note in app._notifications]


async def test_a_served_session_that_ends_shows_the_result_and_the_standings_then_the_lobby(tmp_path, thinkers,
                                                                                          own_rulesets):
    hub = HubInAThread(tmp_path, thinkers)
    try:
        lobby = RemoteLobby(hub.link())
        app = served_app(tmp_path / "app", lobby)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            number = await lobby.create("ramsli", "one-hand", 3, ["normal", "normal"])
            app.sit_remote(await lobby.join(number), "ramsli")
            summaries = 0
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if isinstance(app.screen, SessionOverScreen):
                    break
                if isinstance(app.screen, HandSummaryScreen):
                    summaries += 1
                    await pilot.press("enter")
                elif isinstance(app.screen, TableScreenBase) and not app.screen.holding:
                    view = app.client.view
                    if view.current_seat == app.client.seat and view.legal:
                        app.screen.submit(sorted(view.legal, key=str)[0])
            assert isinstance(app.screen, SessionOverScreen), "the standings, after the last hand's result"
            assert summaries == 1 and app.is_running
            standings = str(app.screen.query_one("#result").render())
            assert "1. " in standings and "mia" in standings
            assert "New game" not in str(app.screen.query_one("#buttons").children), "the lobby makes the next game"
            table = app.screen_stack[-2]
            assert str(table.query_one(TurnBanner).render()) == "The session is over: q goes back to the lobby."
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen) and app.is_running
            assert app.return_code is None, "nothing stopped the app"
    finally:
        hub.close()


async def test_a_spectator_of_a_table_everyone_left_is_told_and_taken_back_to_the_lobby(tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers)
    try:
        otto, number, lobby, app = program_table_and_spectator(hub, tmp_path, "classic")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.sit_remote(await lobby.watch(number), "ramsli")
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if getattr(app.screen, "view_", None) is not None:
                    break
            assert isinstance(app.screen, TableScreenBase) and app.screen.watching
            hub.call(lambda: hub.hub.leave(otto, number))
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if isinstance(app.screen, LobbyScreen):
                    break
            assert isinstance(app.screen, LobbyScreen) and app.is_running
            assert f"Table {number} is over: everyone has left it." in notes(app)
    finally:
        hub.close()


async def test_a_spectator_goes_from_the_last_result_to_the_standings_and_then_to_the_lobby(tmp_path, thinkers,
                                                                                           own_rulesets):
    hub = HubInAThread(tmp_path, thinkers)
    try:
        otto, number, lobby, app = program_table_and_spectator(hub, tmp_path, "one-hand")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.sit_remote(await lobby.watch(number), "ramsli")
            for _ in range(STEPS):
                await pilot.pause(0.005)
                if isinstance(app.screen, SessionOverScreen):
                    break
                if isinstance(app.screen, HandSummaryScreen) and number not in hub.call(lambda: set(hub.hub.tables)):
                    await pilot.press("enter")  # the last hand's result, once the table has closed
                hub.call(lambda: act_if_asked(hub.hub, otto, number))
            assert isinstance(app.screen, SessionOverScreen), "the standings, after the last result"
            table = app.screen_stack[-2]
            assert str(table.query_one(TurnBanner).render()) == "The session is over: q goes back to the lobby."
            await pilot.pause(WAY_OUT_AFTER + 0.1)
            await pilot.press("enter")  # the way out has the focus, a moment after the standings came
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen) and app.is_running
    finally:
        hub.close()
