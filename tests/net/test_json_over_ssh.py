"""``ssh HOST json`` end to end, with asyncssh clients on loopback: whole hands played
by two keys, nothing of anyone else's hand ever sent, bad lines answered with
``error`` while the tables go on, reconnecting to a seat, and a client that stops
reading disconnected without slowing anyone."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import replace

from ramsli_tui.cards import Card
from ramsli_tui.net.door import Limits

from tests.net.kit import QUICK, Peer, new_key, served

VIEW_FIELDS = {"hand", "seat", "dealer", "hand_number", "trump", "turn_up", "declarations", "active",
               "announcement", "tricks", "tricks_won", "stacks", "pot", "to_act", "names"}
CODES = {card.code for card in map(Card, range(54))}


def codes_in(value) -> set[str]:
    """Every card code anywhere in a message, except in the cut for the first dealer
    (drawn from a deck of its own, before the deal)."""
    if isinstance(value, dict):
        if value.get("event") == "cut":
            return set()
        return set().union(*map(codes_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(codes_in, value)) if value else set()
    return {value} if isinstance(value, str) and value in CODES else set()


def played_in(message, seat: int) -> set[str]:
    """The cards ``seat`` is shown to have played in an update."""
    played = {event["card"] for event in message.get("events", ()) if event["event"] == "card_played" and event["seat"] == seat}
    tricks = message["view"]["tricks"] if message["type"] == "update" else []
    return played | {code for trick in tricks for at, code in trick["plays"] if at == seat}


def assert_nothing_hidden_was_sent(messages: list[dict], own_seat: int | None, dealt: dict[int, set[str]]) -> None:
    """No message holds a card of another seat's hand that it had not played by then."""
    played = {seat: set() for seat in dealt}
    for number, message in enumerate(messages):
        for seat in dealt:
            played[seat] |= played_in(message, seat) if message["type"] == "update" else set()
        for seat, cards in dealt.items():
            if seat != own_seat:
                leaked = codes_in(message) & (cards - played[seat])
                assert not leaked, f"message {number} to seat {own_seat} shows seat {seat}'s {leaked}: {message}"


def assert_updates_in_order(messages: list[dict], table: int) -> None:
    updates = [message for message in messages if message["type"] == "update" and message["table"] == table]
    assert [update["seq"] for update in updates] == list(range(1, len(updates) + 1))
    for update in updates:
        assert set(update["view"]) == VIEW_FIELDS
        assert update["legal"] is None or update["legal"] == sorted(update["legal"])


async def play(peer: Peer, until, timeout: float = 60.0) -> None:
    """Take the first legal action whenever the seat is to act, until ``until(message)``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = await peer.next()
        if message["type"] == "update" and message["legal"]:
            peer.send({"op": "act", "table": message["table"], "action": message["legal"][0]})
        if until(message):
            return
    raise AssertionError("the table did not get there in time")


def settled(message) -> bool:
    return any(event["event"] == "hand_settled" for event in message.get("events", ()))


async def two_at_a_table(server, ruleset: str = "one-hand"):
    mia = await Peer.connect(server, "mia", new_key())
    zora = await Peer.connect(server, "zora", new_key())
    assert (await mia.next()) == {"type": "welcome", "protocol": "ramsli-table/1", "player": "mia"}
    mia.send({"op": "create", "game": "ramsli", "ruleset": ruleset, "players": 4, "bots": ["normal", "hard"]})
    assert (await mia.next()) == {"type": "seated", "table": 1, "seat": 0}
    await zora.next("welcome")
    zora.send({"op": "join", "table": 1})
    assert (await zora.next()) == {"type": "seated", "table": 1, "seat": 1}
    return mia, zora


async def test_two_keys_and_two_computer_players_play_a_whole_hand_and_nobody_sees_another_hand(tmp_path, thinkers, own_rulesets):
    async with served(tmp_path / "data", thinkers) as server:
        mia, zora = await two_at_a_table(server)
        otto = await Peer.connect(server, "otto", new_key())
        await otto.next("welcome")
        otto.send({"op": "watch", "table": 1})
        assert (await otto.next()) == {"type": "seated", "table": 1, "seat": None}
        table = server.hub.tables[1].table
        await asyncio.gather(play(mia, settled), play(zora, settled), play(otto, settled))
        ends = [message for message in mia.messages if message.get("events") and
                any(event["event"] == "session_ended" for event in message["events"])]
        assert ends, "the one-hand session ended"
        dealt = {seat: {card.code for card in cards} for seat, cards in enumerate(table.game.finished[0].dealt)}
        for peer, seat in ((mia, 0), (zora, 1), (otto, None)):
            assert_updates_in_order(peer.messages, 1)
            assert_nothing_hidden_was_sent(peer.messages, seat, dealt)
        first = next(message for message in mia.messages if message["type"] == "update")
        assert set(first["view"]["hand"]) == dealt[0] and first["view"]["names"] == ["mia", "zora", "Anna", "Bertl"]
        assert [event["event"] for event in first["events"]][:4] == ["cut", "hand_started", "dealt", "trump_turned"]
        assert all(message["view"]["hand"] == [] for message in otto.messages if message["type"] == "update")
        for peer in (mia, zora, otto):
            await play(peer, lambda message: message["type"] == "update" and message["events"] == [
                {"event": "table_closed", "reason": "finished"}])
            last = peer.messages[-1]
            assert last["legal"] is None and last["seq"] == 1 + max(
                message["seq"] for message in peer.messages[:-1] if message["type"] == "update"), "the last update"
            await peer.close()


async def test_garbage_unknown_ops_and_refused_actions_get_errors_and_the_table_goes_on(tmp_path, thinkers, own_rulesets):
    async with served(tmp_path / "data", thinkers) as server:
        mia, zora = await two_at_a_table(server, "classic")
        mia.send(b"this is not json\n")
        assert (await mia.next("error"))["op"] is None
        mia.send(b"\xff\xfe\n")
        assert (await mia.next("error"))["op"] is None
        mia.send(b"[" * 10_000 + b"\n")
        assert (await mia.next("error")) == {"type": "error", "op": None, "message": "a line may hold at most 4096 bytes"}
        mia.send({"op": "dance"})
        assert (await mia.next("error")) == {
            "type": "error", "op": "dance",
            "message": "there is no op 'dance'; the ops are list, create, join, start, watch, act, leave",
        }
        mia.send({"op": "join"})
        assert (await mia.next("error")) == {"type": "error", "op": "join", "message": "join needs 'table': a table's number"}
        # Out of turn, and a card the rules refuse: each refused in words, and play goes on.
        partner = asyncio.create_task(play(zora, lambda message: False, timeout=60))
        refusals = {}
        for _ in range(2000):
            message = await mia.next()
            if message["type"] == "error":
                refusals["turn" if "wait for" in message["message"] else "rule"] = message["message"]
            if message["type"] != "update":
                continue
            if "turn" not in refusals and message["view"]["to_act"] not in (0, None):
                mia.send({"op": "act", "table": 1, "action": "in"})
            if message["legal"]:
                hand = set(message["view"]["hand"])
                held = sorted(hand - set(message["legal"]))
                if held and set(message["legal"]) <= hand and "rule" not in refusals:  # a card to play
                    mia.send({"op": "act", "table": 1, "action": held[0]})  # refused: then the legal one
                mia.send({"op": "act", "table": 1, "action": message["legal"][0]})
            if len(refusals) == 2 and message["view"]["hand_number"] >= 2:
                break
        partner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await partner
        assert refusals["turn"].startswith("you must wait for "), refusals
        assert refusals["rule"].startswith(("you must follow suit: you hold ", "you must trump: you hold ",
                                            "you must over-trump ", "you must follow trumps: you hold ")), refusals
        assert " error " not in server.log.getvalue(), "no request failed inside the server"


async def test_a_creator_starts_a_table_with_computer_players_and_leaving_the_last_seat_closes_it(tmp_path, thinkers, own_rulesets):
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", new_key())
        mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": []})
        mia.send({"op": "list"})
        assert [seat["kind"] for seat in (await mia.next("tables"))["tables"][0]["seats"]] == ["person", "open", "open"]
        mia.send({"op": "start", "table": 1})
        update = await mia.next("update")
        assert update["view"]["names"] == ["mia", "Anna", "Bertl"]
        while update["legal"] is None:  # she leaves while the table waits for her: the race it once lost
            update = await mia.next("update")
        mia.send({"op": "leave", "table": 1})
        mia.send({"op": "list"})
        assert (await mia.next("tables"))["tables"] == []
        mia.send({"op": "act", "table": 1, "action": "in"})
        assert (await mia.next("error")) == {"type": "error", "op": "act", "message": "table 1 is over: everyone has left it"}
        closed = tmp_path / "data" / "tables" / "closed" / "1.json"
        kept = closed.read_text()
        await asyncio.sleep(0.5)  # the computer players (no pause at all here) would have played many hands
        assert not (tmp_path / "data" / "tables" / "1.json").exists(), "a closed table is never written again"
        assert closed.read_text() == kept
        assert server.hub.history.last_number(1) == 0, "no hand of a closed table is kept"
        await mia.close()
    async with served(tmp_path / "data", thinkers) as server:
        otto = await Peer.connect(server, "otto", new_key())
        otto.send({"op": "list"})
        assert (await otto.next("tables"))["tables"] == [], "a closed table never comes back at a restart"
        await otto.close()


async def test_a_client_that_connects_again_gets_its_seat_and_a_full_update(tmp_path, thinkers, own_rulesets):
    mia_key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", mia_key)
        await mia.next("welcome")
        mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal", "normal"]})
        await mia.next("seated")
        before = await mia.next("update")
        await mia.close()
        again = await Peer.connect(server, "someone-else", mia_key)
        assert (await again.next()) == {"type": "welcome", "protocol": "ramsli-table/1", "player": "mia"}
        assert (await again.next()) == {"type": "seated", "table": 1, "seat": 0}
        update = await again.next()
        assert update["type"] == "update" and update["seq"] == 1
        assert update["view"]["hand_number"] == 1 and update["events"][0]["event"] == "cut", "everything from the start"
        dealt = next(event for event in update["events"] if event["event"] == "dealt")
        assert sorted(dealt["cards"]) == sorted(before["view"]["hand"])
        await again.close()


async def test_a_client_that_stops_reading_is_disconnected_and_does_not_slow_the_others(tmp_path, thinkers, own_rulesets):
    # A hub that waited on the sleeper would hold mia up for the whole stall (4 s) before
    # dropping it; the margin below is wide, so a loaded machine does not fail the test.
    limits = Limits(outbox_bytes=16_384, write_stall=4.0)
    async with served(tmp_path / "data", thinkers, limits=limits) as server:
        mia = await Peer.connect(server, "mia", new_key())
        await mia.next("welcome")
        mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal", "normal"]})
        await mia.next("seated")
        sleeper = await Peer.connect(server, "otto", new_key(), window=2048)
        sleeper.send({"op": "watch", "table": 1})  # and never reads again
        gaps, last = [], time.monotonic()

        def hands_played(message):
            nonlocal last
            now = time.monotonic()
            gaps.append(now - last)
            last = now
            if message["type"] != "update":
                return False
            closed = any(event["event"] == "table_closed" for event in message["events"])
            return closed or message["view"]["hand_number"] >= 8  # mia, always in, may lose it all sooner

        await play(mia, hands_played, timeout=60)
        assert 'disconnected name=otto reason="it stopped reading: ' in server.log.getvalue()
        async with asyncio.timeout(30):  # generous: a loaded machine is slow, never wrong
            await sleeper.connection.wait_closed()  # the server dropped it
        assert max(gaps) < 2.0, f"mia waited {max(gaps):.2f} s for an update"
        await mia.close()


async def test_a_rami_table_is_made_and_played_over_ssh_json_and_no_other_hand_is_sent(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers) as server:
        mia = await Peer.connect(server, "mia", new_key())
        await mia.next("welcome")
        mia.send({"op": "create", "game": "rami", "ruleset": "simple", "players": 2, "bots": ["normal"]})
        assert (await mia.next()) == {"type": "seated", "table": 1, "seat": 0}
        mia.send({"op": "list"})
        [listed] = (await mia.next("tables"))["tables"]
        assert listed["game"] == "rami" and [seat["kind"] for seat in listed["seats"]] == ["person", "bot"]

        def scored(message) -> bool:
            return any(event["event"] == "hand_scored" for event in message.get("events", ()))

        await play(mia, scored, timeout=30.0)
        updates = [message for message in mia.messages if message["type"] == "update"]
        assert [update["seq"] for update in updates] == list(range(1, len(updates) + 1))
        assert all(update["view"]["game"] == "rami" for update in updates)
        for update in updates:
            assert all(event["seat"] == 0 for event in update["events"] if event["event"] in ("dealt", "talon_card"))
            assert len(update["view"]["hand"]) == update["view"]["counts"][0]
        await mia.close()


async def test_the_tables_made_from_one_address_are_counted_whatever_key_makes_them(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers, policy=replace(QUICK, new_tables_per_hour=1)) as server:
        mia, otto = await Peer.connect(server, "mia", new_key()), await Peer.connect(server, "otto", new_key())
        mia.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal"]})
        assert (await mia.next("seated"))["seat"] == 0
        otto.send({"op": "create", "game": "ramsli", "ruleset": "classic", "players": 3, "bots": ["normal"]})
        refused = await otto.next("error")
        assert refused["op"] == "create" and "made from your address in the last hour as may be (1)" in refused["message"]
        await mia.close()
        await otto.close()
