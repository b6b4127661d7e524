"""Every hand played in the app is kept in the person's own history as it finishes, at
every game's table: whole, with the seats' names and strengths, replaying to what the
table played; a history that cannot be read is set aside and play goes on, said once;
one locked by another ramsli never stops play, and what it held back is kept with the
next hand once it is free (the keeping knows no game: those two at a Ramsli table,
whose hands are quick to play)."""

from __future__ import annotations

import sqlite3

from ramsli_tui.games import game_named
from ramsli_tui.storage.history import HISTORY_FILE, HandHistory, Sitter

from tests.kits.tables import kit_for
from tests.kits.ui import make_app, storage_in


def kept(folder) -> tuple[list, list]:
    history = HandHistory.open_existing(storage_in(folder).data_dir)
    try:
        return history.sessions(), history.hands()
    finally:
        history.close()


async def test_a_hand_played_at_the_table_is_kept_with_its_players_and_replays_as_played(tmp_path, table_kit):
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.result_unread)
        finished = app.table.game.finished
        spec = app.table.spec
    [session], hands = kept(tmp_path)
    assert session.game == table_kit.game and session.ruleset == spec.ruleset and session.hands == len(finished) >= 1
    assert session.seats == tuple(Sitter(seat.name, seat.strength) for seat in spec.seats)
    kind = game_named(table_kit.game)
    assert [hand.record for hand in hands] == [kind.records.record_of(hand) for hand in finished]
    assert session.ended_at is None, "the session goes on"


async def test_a_history_that_cannot_be_read_is_set_aside_and_play_goes_on_said_once(tmp_path):
    table_kit = kit_for("ramsli")
    data = storage_in(tmp_path).data_dir
    data.mkdir(parents=True)
    (data / HISTORY_FILE).write_bytes(b"not a database" * 100)
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.result_unread)
        said = [notification.message for notification in app._notifications if "hand history" in notification.message]
    assert len(said) == 1 and "it was kept as" in said[0] and "a new one begun" in said[0], said
    assert [path.name for path in data.glob("history.unreadable-*.sqlite3")], "the unreadable one kept aside"
    [session], hands = kept(tmp_path)
    assert hands, "the new history keeps the hands"


async def test_a_history_locked_by_another_ramsli_never_stops_play_and_keeps_the_hands_once_free(tmp_path):
    table_kit = kit_for("ramsli")
    data = storage_in(tmp_path).data_dir
    data.mkdir(parents=True)
    HandHistory.open(data).close()
    other = sqlite3.connect(data / HISTORY_FILE, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another ramsli, writing for as long as this one plays
    app = make_app(tmp_path, table_kit.spec())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await table_kit.play_until(pilot, lambda app: app.client.result_unread)
        said = [notification.message for notification in app._notifications if "locked" in notification.message]
        assert len(said) == 1, said
        other.execute("ROLLBACK")
        other.close()
        held_back = len(app.table.game.finished)
        await table_kit.play_until(pilot, lambda app: len(app.table.game.finished) > held_back)
        finished = len(app.table.game.finished)
    [session], hands = kept(tmp_path)
    assert [hand.number for hand in hands] == list(range(1, finished + 1)), "each hand held back kept, once"
