"""The full-screen app in front of a hub that is slow to answer: every key is handled
at once meanwhile, and the screen says it waits for the server (the lobby under its
heading, the table in its banner) until the answer comes; then it goes on as ever.

Between the app's link and a real hub (on its own thread, as in the server's process)
stands a gate: what the app asks passes at once, what the hub sends only while the
test holds the gate open."""

from __future__ import annotations

import json
import socket
import threading

from textual.widgets import Label

from ramsli_tui.net.app_client import HEADER, HubLink, RemoteLobby
from ramsli_tui.ui.common.lobby import LobbyScreen, NewTableScreen
from ramsli_tui.ui.common.server_wait import WAITING_WORDS
from ramsli_tui.ui.common.talk import TalkScreen
from ramsli_tui.ui.widgets.banner import TurnBanner

from tests.net.test_app_at_a_closing_table import STEPS, HubInAThread, served_app
from tests.net.test_app_at_a_served_table import SLOW, at_the_table
from tests.net.test_hub import Listener, act_if_asked

HELD_AT_MOST = 60.0  # seconds the gate holds the hub's words, whatever becomes of the test


class Gate:
    """A link to the hub through the test's hands: ``hold()`` keeps what the hub sends
    back from the app until ``release()``; ``asked`` is every op the app sent, in order."""

    def __init__(self, hub: HubInAThread):
        self.hub_end = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.hub_end.connect(hub.path)
        self.app_end, self.apps = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.open = threading.Event()
        self.open.set()
        self.asked: list[str] = []
        for forward in (self._to_the_app, self._to_the_hub):
            threading.Thread(target=forward, daemon=True).start()

    def link(self) -> HubLink:
        return HubLink(self.apps)

    def hold(self) -> None:
        self.open.clear()

    def release(self) -> None:
        self.open.set()

    def _to_the_app(self) -> None:
        try:
            while data := self.hub_end.recv(65536):
                self.open.wait(HELD_AT_MOST)
                self.app_end.sendall(data)
        except OSError:
            pass

    def _to_the_hub(self) -> None:
        reading = self.app_end.makefile("rb")
        try:
            while len(header := reading.read(HEADER.size)) == HEADER.size:
                payload = reading.read(HEADER.unpack(header)[0])
                self.asked.append(json.loads(payload)["op"])
                self.hub_end.sendall(header + payload)
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        self.release()
        for end in (self.hub_end, self.app_end):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()


async def until_shown(pilot, condition, what: str) -> None:
    for _ in range(STEPS):
        if condition():
            return
        await pilot.pause(0.005)
    raise AssertionError(f"{what} was not shown")


async def test_the_lobby_handles_a_key_while_the_hub_is_slow_and_says_it_waits_for_the_server(
        tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    gate = Gate(hub)
    try:
        lobby = RemoteLobby(gate.link())
        app = served_app(tmp_path / "app", lobby)
        gate.hold()  # the list of tables, asked as the lobby opens, is slow to come
        async with app.run_test(size=(100, 30)) as pilot:
            waiting = app.screen.query_one("#server-wait", Label)
            await until_shown(pilot, lambda: waiting.display, "the lobby's waiting words")
            assert str(waiting.render()) == WAITING_WORDS
            await pilot.press("n")  # a new table: the lobby asks what may be made
            await until_shown(pilot, lambda: "offer" in gate.asked, "the key (the question it asks)")
            assert gate.asked[0] == "list" and isinstance(app.screen, LobbyScreen), "asked while the list was awaited"
            gate.release()
            await until_shown(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new table's dialog")
            assert not waiting.display, "every answer has come"
            await until_shown(pilot, lambda: app.screen.query("#make") and app.screen.focused is not None,
                              "the dialog ready")
            await pilot.press("escape")
            await pilot.pause()
    finally:
        gate.close()
        hub.close()


async def test_the_table_handles_a_key_while_an_action_waits_for_the_hub_and_says_so_in_the_banner(
        tmp_path, thinkers):
    hub = HubInAThread(tmp_path, thinkers, SLOW)
    gate = Gate(hub)
    try:
        lobby = RemoteLobby(gate.link())
        app = served_app(tmp_path / "app", lobby)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            number = await lobby.create("ramsli", "classic", 3, ["normal"])  # otto's open seat: talk is offered
            otto = Listener("otto")
            hub.call(lambda: hub.hub.join(otto, number, None))
            app.sit_remote(await lobby.join(number), "ramsli")
            table = await at_the_table(pilot, app)

            def mias_turn() -> bool:
                hub.call(lambda: act_if_asked(hub.hub, otto, number))
                return bool(app.client.view.legal) and table.waited.clock is not None and table.waited.clock.seat == 0

            await until_shown(pilot, mias_turn, "mia's turn")
            taken = hub.call(lambda: len(hub.hub.tables[number].table.actions))
            banner = table.query_one(TurnBanner)
            gate.hold()
            table.submit(sorted(app.client.view.legal, key=str)[0])
            await until_shown(pilot, lambda: WAITING_WORDS in str(banner.render()), "the banner's waiting words")
            await pilot.press("c")  # talk, while the action's answer is still to come
            await until_shown(pilot, lambda: isinstance(app.screen, TalkScreen), "the talk line")
            await pilot.press("escape")
            gate.release()
            await until_shown(pilot, lambda: WAITING_WORDS not in str(banner.render()), "the banner again")
            assert hub.call(lambda: len(hub.hub.tables[number].table.actions)) > taken, "the action was taken"
    finally:
        gate.close()
        hub.close()
