"""The proof that a game is one plug-in, on the wire: High Card (tests/kits/toy_game),
registered from here, is played whole by two keys over the real server's JSON session,
its codec on the wire the one it registers, its hands kept in the history."""

from __future__ import annotations

import asyncio

import pytest

from ramsli_tui.storage.history import yaml_of

from tests.kits import toy_game
from tests.net.kit import Peer, new_key, served
from tests.net.test_json_over_ssh import play


@pytest.fixture
def high_card():
    toy_game.register()
    yield toy_game.TOY
    toy_game.unregister()


def closed(message) -> bool:
    return message["type"] == "update" and message["events"] == [{"event": "table_closed", "reason": "finished"}]


async def test_two_keys_play_a_registered_game_to_its_end_over_the_json_session(tmp_path, thinkers, high_card):
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", new_key())
        zora = await Peer.connect(server, "zora", new_key())
        await mia.next("welcome")
        await zora.next("welcome")
        mia.send({"op": "create", "game": "high-card", "ruleset": "two-hands", "players": 2, "bots": []})
        assert (await mia.next()) == {"type": "seated", "table": 1, "seat": 0}
        zora.send({"op": "join", "table": 1})
        assert (await zora.next()) == {"type": "seated", "table": 1, "seat": 1}
        mia.send({"op": "start", "table": 1})
        await asyncio.gather(play(mia, closed), play(zora, closed))
        for peer, seat in ((mia, 0), (zora, 1)):
            updates = [message for message in peer.messages if message["type"] == "update"]
            assert all(update["view"]["game"] == "high-card" and update["view"]["seat"] == seat for update in updates)
            dealt = [event for update in updates for event in update["events"] if event["event"] == "dealt"]
            assert len(dealt) == 2 and all(event["seat"] == seat for event in dealt), "only its own cards are dealt to it"
            taken = [event for update in updates for event in update["events"] if event["event"] == "trick_taken"]
            assert len(taken) == 4, "two tricks in each of two hands"
            await peer.close()
        kept = server.hub.history.hands(1)
        assert [(hand.game, hand.number) for hand in kept] == [("high-card", 1), ("high-card", 2)]
        assert kept[0].record["game"] == "high-card" and len(kept[0].record["actions"]) == 4
        assert yaml_of(kept[0]).count("\n") > 2, "the hand is kept in the words of its own records"


async def test_a_registered_game_s_computer_player_thinks_in_the_server_s_worker_processes(tmp_path, thinkers, high_card):
    """The pool was forked before the game was registered: the worker is sent the game itself."""
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", new_key())
        await mia.next("welcome")
        mia.send({"op": "create", "game": "high-card", "ruleset": "one-hand", "players": 2, "bots": ["random"]})
        assert (await mia.next()) == {"type": "seated", "table": 1, "seat": 0}
        mia.send({"op": "start", "table": 1})
        await play(mia, closed)
        played = [event for message in mia.messages if message["type"] == "update"
                  for event in message["events"] if event["event"] == "played"]
        assert sorted(event["seat"] for event in played) == [0, 0, 1, 1]
        assert "failed" not in server.log.getvalue(), "the computer player chose for itself"
        await mia.close()


async def test_a_seat_given_up_is_played_by_the_registered_games_own_stand_in(tmp_path, thinkers, high_card):
    """High Card has only a random player: the seat left is given to that one, never to a
    strength another game has."""
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", new_key())
        zora = await Peer.connect(server, "zora", new_key())
        await mia.next("welcome")
        await zora.next("welcome")
        mia.send({"op": "create", "game": "high-card", "ruleset": "two-hands", "players": 2, "bots": []})
        await mia.next("seated")
        zora.send({"op": "join", "table": 1})
        await zora.next("seated")
        mia.send({"op": "start", "table": 1})
        await zora.next("update")
        table = server.hub.tables[1]
        zora.send({"op": "leave", "table": 1})
        async with asyncio.timeout(30):
            while table.spec.seats[1].strength is None:
                await asyncio.sleep(0.05)
        assert table.spec.seats[1].strength == high_card.stand_in_strength == "random"
        await play(mia, closed)
        await mia.close()
        await zora.close()
