"""The hand history of ``ramsli serve``: every hand finished at a hub table is kept, whole,
in history.sqlite3 (mode 0600), once, and replays to what the table played."""

from __future__ import annotations

import json
import sqlite3
import stat

import pytest

from ramsli_tui.games.ramsli.records import record_of, replay_text, result_of
from ramsli_tui.storage.history import HISTORY_FILE, SCHEMA_VERSION, HandHistory, HistoryError
from ramsli_tui.net.store import ServeError

from tests.net.kit import served
from tests.net.test_hub import Listener, new_hub, play_until


async def play_one_hand(hub, ruleset: str = "one-hand"):
    """Mia and three computer players play until the table's first hand is settled; its HubTable."""
    mia = Listener("mia")
    number = hub.create(mia, "ramsli", ruleset, 4, ["normal", "normal", "normal"])
    table = hub.tables[number]
    await play_until(hub, [mia], number, lambda: table.table.game.rounds_finished >= 1)
    return mia, table


def kept_rows(folder) -> list[tuple]:
    with sqlite3.connect(folder / HISTORY_FILE) as connection:
        return connection.execute("SELECT table_number, hands.game, hand_number FROM hands "
                                  "JOIN sessions ON sessions.id = session_id ORDER BY hand_number").fetchall()


async def test_a_hand_played_at_a_hub_table_is_kept_whole_and_replays_to_what_was_played(tmp_path, thinkers, own_rulesets):
    hub = new_hub(tmp_path, thinkers)
    _, table = await play_one_hand(hub)
    await hub.stop()
    played = table.table.game.finished[0]
    [kept] = HandHistory.open_existing(tmp_path).hands()
    assert (kept.table, kept.game, kept.number) == (table.number, "ramsli", 1)
    assert kept.record == record_of(played)
    assert len(kept.record["deck"]) == len(played.rules.cards()), "the whole deck is kept"
    assert kept.record["actions"], "the hand's actions are kept"
    result, _ = replay_text(json.dumps(kept.record))
    assert result == result_of(played)
    assert result["complete"] is True


async def test_the_history_file_is_the_operators_alone(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    await hub.stop()
    assert stat.S_IMODE((tmp_path / HISTORY_FILE).stat().st_mode) == 0o600


async def test_a_hand_is_kept_once_and_one_a_crash_left_out_is_kept_at_the_restart(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, table = await play_one_hand(hub, "classic")
    await hub.stop()
    assert [row[2] for row in kept_rows(tmp_path)] == list(range(1, table.table.game.rounds_finished + 1))
    with sqlite3.connect(tmp_path / HISTORY_FILE) as connection:
        for kept in ("hands", "session_facts", "seats", "sessions"):  # as if the server died between the
            connection.execute(f"DELETE FROM {kept}")                   # table's save and the hand's
    again = new_hub(tmp_path, thinkers)
    again.restore()
    again.connected(mia)
    await again.stop()
    rows = kept_rows(tmp_path)
    assert rows and rows[0] == (table.number, "ramsli", 1)
    assert [row[2] for row in rows] == list(range(1, len(rows) + 1)), "each hand once, none missing"


def test_keeping_a_hand_again_changes_nothing(tmp_path):
    history = HandHistory.open(tmp_path)
    history.add(3, "ramsli", 1, {"format": "ramsli-hand/1", "deck": ["AS"], "actions": [], "first": True})
    history.add(3, "ramsli", 1, {"format": "ramsli-hand/1", "deck": ["AS"], "actions": [], "first": False})
    history.add(4, "ramsli", 1, {"format": "ramsli-hand/1", "deck": ["AS"], "actions": []})
    assert [kept.record.get("first") for kept in history.hands(3)] == [True]
    assert [kept.table for kept in history.hands()] == [3, 4]
    assert history.last_number(3) == 1 and history.last_number(5) == 0


def test_a_hand_kept_is_on_the_disk_once_its_commit_returns(tmp_path):
    """WAL mode with synchronous FULL: every commit syncs the log (NORMAL would not)."""
    history = HandHistory.open(tmp_path)
    journal_mode = history.connection.execute("PRAGMA journal_mode").fetchone()[0]
    synchronous = history.connection.execute("PRAGMA synchronous").fetchone()[0]
    history.close()
    assert (journal_mode, synchronous) == ("wal", 2), "2 is FULL"


def test_a_history_of_another_version_is_refused_in_one_line(tmp_path):
    HandHistory.open(tmp_path).close()
    with sqlite3.connect(tmp_path / HISTORY_FILE) as connection:
        connection.execute("PRAGMA user_version=7")
    with pytest.raises(HistoryError, match=f"version 7; this ramsli reads version {SCHEMA_VERSION}"):
        HandHistory.open(tmp_path)


async def test_a_server_whose_history_is_not_a_database_does_not_start(tmp_path, thinkers):
    (tmp_path / HISTORY_FILE).write_bytes(b"not a database at all" * 100)
    with pytest.raises(ServeError, match="history.sqlite3: file is not a database"):
        async with served(tmp_path, thinkers):
            pass


async def test_the_leaderboard_is_everyones_and_a_persons_figures_are_their_own(tmp_path, thinkers):
    """A session of mia's that ended rates its players for everyone to see; the figures
    the hub tells a person are of the hands they sat at, never another's."""
    from dataclasses import replace

    from ramsli_tui.table.spec import SeatSpec
    from tests.kits.history import played_session

    hub = new_hub(tmp_path, thinkers)
    try:
        spec, played = played_session("ramsli", 9, 400)
        spec = replace(spec, seats=(SeatSpec.person("mia"), *spec.seats[1:]))
        hub.history.keep_finished(7, spec, played.finished, played.is_over, 0)
        board = hub.leaderboard("ramsli")
        assert {(player["name"], player["computer"]) for player in board} == {("mia", False), ("normal", True)}
        assert [player["rating"] for player in board] == sorted((player["rating"] for player in board), reverse=True)
        mine = hub.statistics_of(Listener("mia").player, "ramsli")
        assert mine.sessions == 1 and mine.figures["hands"] == len(played.finished)
        assert mine.standing is not None and mine.standing.sessions == 1
        theirs = hub.statistics_of(Listener("zora").player, "ramsli")
        assert (theirs.sessions, theirs.figures, theirs.standing) == (0, {}, None)
    finally:
        await hub.stop()


async def test_a_person_reads_the_sessions_and_hands_they_sat_at_and_no_others(tmp_path, thinkers):
    """mia's session and zora's, both kept: each lists their own, and the hands of the
    other's session are refused; the leaderboard of one ruleset counts its sessions."""
    from dataclasses import replace

    from ramsli_tui.net.hub import HubRefusal
    from ramsli_tui.table.spec import SeatSpec
    from tests.kits.history import played_session

    hub = new_hub(tmp_path, thinkers)
    try:
        for table, name, seed in ((7, "mia", 9), (8, "zora", 11)):
            spec, played = played_session("ramsli", seed, 400)
            spec = replace(spec, seats=(SeatSpec.person(name), *spec.seats[1:]))
            hub.history.keep_finished(table, spec, played.finished, played.is_over, 0)
        mia, zora = Listener("mia").player, Listener("zora").player
        [mine] = hub.sessions_of(mia)
        [hers] = hub.sessions_of(zora)
        assert (mine.table, hers.table) == (7, 8)
        hands = hub.hands_of(mia, mine.id)
        assert [kept.number for kept in hands] == list(range(1, mine.hands + 1))
        assert hands[0].record["names"][0] == "mia", "the names at the table in each record"
        with pytest.raises(HubRefusal, match=f"you did not sit at session {hers.id}"):
            hub.hands_of(mia, hers.id)
        series = hub.series_of(mia, "ramsli", ["chips_won", "hands"])
        assert series == [{"chips_won": hub.statistics_of(mia, "ramsli").figures["chips_won"], "hands": mine.hands}]
        every = {player["name"]: player for player in hub.leaderboard("ramsli") if not player["computer"]}
        classic = {player["name"]: player for player in hub.leaderboard("ramsli", "classic") if not player["computer"]}
        assert every == classic, "both sessions were of classic"
        assert hub.leaderboard("ramsli", "short") == [], "no session of short ended"
    finally:
        await hub.stop()
