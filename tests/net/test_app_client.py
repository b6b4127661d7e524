"""The socket seam between the hub and an app process: a SocketClient (as the app uses
it, its blocking calls in a thread) at a hub table over a unix socket of the test's."""

from __future__ import annotations

import asyncio
import pickle
import socket

import pytest

from ramsli_tui.games.protocol import IllegalAction
from ramsli_tui.games.ramsli.engine.events import CardsDealt
from ramsli_tui.net.app_client import VERSION, AppAttendee, HubLink, RemoteLobby, SocketClient, framed, serve_app
from ramsli_tui.net.hub import HubRefusal, Player
from ramsli_tui.net.journal import Journal
from ramsli_tui.table.client import TalkRefused
from ramsli_tui.ui.common.lobby import LobbyRefusal

from tests.net.test_hub import Listener, act_if_asked, new_hub, until

MIA = Player("mia", "SHA256:mia-key")


class AppSide:
    """The app's end: a link and the clients it hands what the hub pushes."""

    def __init__(self, link: HubLink):
        self.link = link
        self.clients: list[SocketClient] = []
        self.seen: list[tuple] = []
        link.listen(self.heard)

    def heard(self, message: tuple) -> None:
        self.seen.append(message)
        for client in self.clients:
            client.heard(message)

    async def sit(self, table: int, seat: int | None) -> SocketClient:
        client = SocketClient(self.link, table, seat)
        self.clients.append(client)
        return await client.asked_opening()


@pytest.fixture
async def hub_and_app(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    path = str(tmp_path / "hub.sock")
    listening = await asyncio.start_unix_server(
        lambda reader, writer: serve_app(hub, MIA, reader, writer, Journal(open("/dev/null", "w"))), path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    link = await asyncio.to_thread(HubLink, sock)
    yield hub, AppSide(link)
    link.close()
    listening.close()
    await hub.stop()


async def test_a_hand_is_played_through_the_socket_and_the_app_sees_only_its_own_cards(hub_and_app):
    hub, app = hub_and_app
    number = await app.link.request("create", game="ramsli", ruleset="classic", players=4,
                                     bots=["normal", "normal"])
    zora = Listener("zora")
    hub.join(zora, number, None)  # the table is full: it starts
    client = await app.sit(number, 0)
    updates = []
    client.subscribe(updates.append, lambda message: None)
    assert client.names[0] == "mia" and client.names[1] == "zora"
    assert client.alone is False, "zora sits at the table too: no hint"
    table = hub.tables[number].table

    async def mia_acts() -> None:
        view = client.view
        if view.current_seat == 0 and view.legal and table._awaited_turn == 0:
            try:
                await client.send(sorted(view.legal, key=str)[0])
            except IllegalAction:
                pass  # her view was one update behind the table: the next try has it

    for _ in range(12_000):  # bounded generously: a loaded machine is slow
        if table.game.rounds_finished == 1:
            break
        await mia_acts()
        act_if_asked(hub, zora, number)
        await asyncio.sleep(0.005)
    assert table.game.rounds_finished == 1, "the hand was played"
    await until(lambda: client.last.round_end is not None, what="the hand as it ended")
    assert table.channel(0).result_unread, "the next hand waits for mia to read the result"
    client.result_read()
    await until(lambda: not table.channel(0).result_unread, what="the result read")

    opening = client.opening()
    dealt = [event for update in [opening, *updates] for event in update.events if isinstance(event, CardsDealt)]
    assert dealt and {event.seat for event in dealt} == {0}, "mia is dealt her own cards and sees nobody else's"
    assert [update.seq for update in updates] == sorted({update.seq for update in updates}), "in order, none twice"


async def test_refusals_cross_the_socket_as_the_hub_raised_them(hub_and_app):
    hub, app = hub_and_app
    with pytest.raises(HubRefusal, match="there is no table 9"):
        await app.link.request("opening", table=9)
    with pytest.raises(HubRefusal, match="a request the hub cannot read"):
        await app.link.request("fly", table=1)
    number = await app.link.request("create", game="ramsli", ruleset="classic", players=3,
                                     bots=["normal", "normal"])
    client = await app.sit(number, 0)
    assert client.alone is True, "only computer players beside her: the hint may be offered"
    table = hub.tables[number].table
    await until(lambda: table._awaited_turn == 0, what="her turn")
    held = {card.code for card in client.view.hand}
    not_hers = next(f"{rank}{suit}" for suit in "SHDC" for rank in "AKQJ" if f"{rank}{suit}" not in held)
    done = len(table.actions)
    with pytest.raises(IllegalAction) as refused:
        await client.send(not_hers)  # a card she does not hold: never hers to play
    assert refused.value.for_you(), "the game's own words come with it"
    assert len(table.actions) == done, "nothing changed"


async def test_the_lobby_through_the_socket_makes_a_table_and_sits_at_it_once_it_starts(hub_and_app):
    hub, app = hub_and_app
    lobby = RemoteLobby(app.link)
    offer = await lobby.offer()
    assert "classic" in offer["ramsli"]["rulesets"] and "hard" in offer["ramsli"]["strengths"]
    number = await lobby.create("ramsli", "classic", 4, ["hard", "hard"])
    assert await lobby.join(number) is None, "it waits for its open seat"
    listing = await lobby.tables()
    assert [seat["kind"] for seat in listing[0]["seats"]] == ["person", "open", "bot", "bot"]
    hub.join(Listener("zora"), number, None)
    client = await lobby.join(number)
    assert client.seat == 0 and client.names[:2] == ("mia", "zora") and client.alone is False
    with pytest.raises(LobbyRefusal, match="you sit at table 1, at seat 0"):
        await lobby.watch(number)
    with pytest.raises(LobbyRefusal, match="there is no table 9"):
        await lobby.join(9)


async def test_a_hub_that_goes_away_is_said_once_and_refuses_in_words():
    hub_side, app_side = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    hub_side.sendall(framed(pickle.dumps(("hello", VERSION, "mia"))))
    link = HubLink(app_side)
    hub_side.close()
    gone = []
    lobby = RemoteLobby(link, on_gone=lambda: gone.append(True))
    await until(lambda: link.closed, what="the link to see the hub gone")
    with pytest.raises(LobbyRefusal, match="the hub has gone"):
        await lobby.tables()
    await until(lambda: gone, what="on_gone")
    assert gone == [True]
    link.close()


async def test_the_app_watches_a_table_seeing_every_card_played_and_no_hand(hub_and_app):
    hub, app = hub_and_app
    otto, zora = Listener("otto"), Listener("zora")
    waiting = hub.create(otto, "ramsli", "classic", 3, ["normal"])
    lobby = RemoteLobby(app.link)
    with pytest.raises(LobbyRefusal, match="table 1 has not started yet"):
        await lobby.watch(waiting)
    hub.join(zora, waiting, None)  # full: it starts
    watcher = await lobby.watch(waiting)
    app.clients.append(watcher)  # the fixture's listener hands it what the hub pushes
    updates = [watcher.last]
    watcher.subscribe(updates.append, lambda message: None)
    assert watcher.seat is None and watcher.names == ("otto", "zora", hub.tables[waiting].spec.names[2])
    table = hub.tables[waiting].table
    for _ in range(12_000):  # bounded generously: a loaded machine is slow
        if table.game.rounds_finished == 1:
            break
        act_if_asked(hub, otto, waiting)
        act_if_asked(hub, zora, waiting)
        await asyncio.sleep(0.005)
    await until(lambda: [update.round_end for update in updates if update.round_end is not None],
                what="the hand as it ended")
    ended = next(update.round_end for update in updates if update.round_end is not None)
    assert all(update.view.hand == () and update.view.legal == () for update in updates)
    assert not [event for update in updates for event in update.events if event.private_to is not None]
    assert ended.hand == () and ended.played_cards == table.game.finished[0].view(0).played_cards
    watcher.result_read()  # holds nobody up, and asks the hub nothing
    watcher.leave()
    await until(lambda: not hub.tables[waiting].attendees.get(None), what="the spectator gone")


async def test_the_lobby_through_the_socket_starts_its_own_table_at_once(hub_and_app):
    hub, app = hub_and_app
    lobby = RemoteLobby(app.link)
    number = await lobby.create("ramsli", "classic", 4, ["hard"])
    otto = Listener("otto")
    theirs = hub.create(otto, "ramsli", "classic", 3, [])
    with pytest.raises(LobbyRefusal, match="only the person who made table 2 can start it"):
        await lobby.start(theirs)
    client = await lobby.start(number)
    assert client.seat == 0 and client.view.seat == 0 and len(client.view.hand) == 5, "dealt, and her own five"
    listing = {table["table"]: table for table in await lobby.tables()}
    assert [seat["kind"] for seat in listing[number]["seats"]] == ["person", "bot", "bot", "bot"]


async def test_the_app_talks_at_its_table_and_hears_the_others(hub_and_app):
    hub, app = hub_and_app
    number = await app.link.request("create", game="ramsli", ruleset="classic", players=3,
                                     bots=["normal"])
    zora = Listener("zora")
    hub.join(zora, number, None)
    client = await app.sit(number, 0)
    said = []
    client.subscribe(lambda update: None, lambda message: None, lambda name, text: said.append((name, text)))
    assert client.talks
    await client.say("well played")
    assert zora.talk == [(number, "mia", "well played")]
    await until(lambda: said == [("mia", "well played")], what="her own line, as the others hear it")
    with pytest.raises(TalkRefused, match="at most 200 characters"):
        await client.say("x" * 300)
    hub.say(zora, number, "thanks")
    await until(lambda: said[-1] == ("zora", "thanks"), what="zora's line")


async def test_a_table_taken_back_after_a_restart_can_be_watched_before_its_people_return(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    otto, zora = Listener("otto"), Listener("zora")
    number = hub.create(otto, "ramsli", "classic", 3, ["normal"])
    hub.join(zora, number, None)
    await hub.stop()
    again = new_hub(tmp_path, thinkers)
    again.restore()
    assert again.tables[number].table is None, "asleep until someone wants it"

    class Socket:
        pushed = []

        def is_closing(self):
            return False

        def write(self, data):
            self.pushed.append(data)

    watcher = AppAttendee(again, MIA, Socket(), Journal(open("/dev/null", "w")))
    assert watcher.answer({"id": 1, "op": "watch", "table": number})[3] is None, "not refused"
    update, names, alone, waiting = watcher.opening(number)
    assert update.view.seat is None and update.view.hand == () and names[:2] == ("otto", "zora")
    await again.stop()


def hub_end_saying_hello() -> tuple[socket.socket, HubLink]:
    """A link whose hub end is the test's own socket (the hub's hello sent already)."""
    hub_end, app_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    hub_end.sendall(framed(pickle.dumps(("hello", VERSION, "mia"))))
    return hub_end, HubLink(app_end)


def test_the_links_thread_ends_quietly_when_the_app_has_gone_first(monkeypatch):
    """Quitting: the app's event loop closes, then the hub's last words come, or the app
    closes its link: the thread ends without a traceback on the terminal."""
    failures = []
    monkeypatch.setattr("threading.excepthook", failures.append)
    for ending in ("the hub's last words", "the app closing its link"):
        hub_end, link = hub_end_saying_hello()
        loop = asyncio.new_event_loop()
        loop.run_until_complete(listen_quietly(link))
        loop.close()
        reader = link.reader
        if ending == "the hub's last words":
            hub_end.sendall(framed(pickle.dumps(("notice", 1, "the hub's last words"))))
            hub_end.close()
        else:  # as run_app does once the app has ended
            link.close()
        reader.join(30)
        assert not reader.is_alive() and failures == [], ending


async def listen_quietly(link: HubLink) -> None:
    """Listen, on the loop running this, to what the hub pushes (and do nothing with it)."""
    link.listen(lambda message: None)
