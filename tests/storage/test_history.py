"""The hand history's schema and its move from the first version: a real history of
version 1 (tests/storage/data/history-v1.sqlite3, written by ramsli serve's history of
that version: three tables, seven hands of both games) opens as version 2 with every
hand as it was, each table a session; a move that fails leaves the file as it was."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ramsli_tui.games import game_named
from ramsli_tui.games.facts import WON_FACT

from ramsli_tui.storage.history import HISTORY_FILE, SCHEMA_VERSION, HandHistory, HistoryError

from tests.kits.history import kept_session, played_session

VERSION_1 = Path(__file__).parent / "data" / "history-v1.sqlite3"


def copy_of_version_1(folder: Path) -> Path:
    path = folder / HISTORY_FILE
    shutil.copyfile(VERSION_1, path)
    path.chmod(0o600)
    return path


def rows_of_version_1(path: Path) -> list[tuple]:
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
        return connection.execute(
            "SELECT table_number, game, hand_number, finished_at, record FROM hands "
            "ORDER BY table_number, hand_number").fetchall()
    finally:
        connection.close()


@pytest.mark.parametrize("opening", [HandHistory.open, HandHistory.open_existing], ids=["server", "history-command"])
def test_a_history_of_the_first_version_opens_as_the_second_with_every_hand_as_it_was(tmp_path, opening):
    path = copy_of_version_1(tmp_path)
    before = rows_of_version_1(path)
    assert len(before) == 7 and {row[1] for row in before} == {"ramsli", "rami"}
    history = opening(tmp_path)
    try:
        kept = [(hand.table, hand.game, hand.number, hand.finished_at, hand.record) for hand in history.hands()]
        assert kept == [(table, game, number, finished_at, json.loads(record))
                        for table, game, number, finished_at, record in before], "every hand, in its order"
        sessions = sorted(history.sessions(), key=lambda session: session.table)
        assert [(session.table, session.game, session.ruleset, session.hands) for session in sessions] == [
            (1, "ramsli", "classic", 3), (2, "rami", "simple", 2), (3, "ramsli", "classic", 2)]
        assert [len(session.seats) for session in sessions] == [4, 2, 5], "a seat for each player of its records"
        assert all(seat is None for session in sessions for seat in session.seats), "version 1 kept no names"
        assert [session.started_at for session in sessions] == [
            min(row[3] for row in before if row[0] == table) for table in (1, 2, 3)]
        assert history.last_number(1) == 3 and history.last_number(2) == 2, "the server goes on where it was"
        assert history.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        history.close()
    assert path.stat().st_mode & 0o777 == 0o600, "still its owner's alone"


def test_a_move_that_fails_leaves_the_first_versions_file_as_it_was(tmp_path):
    path = copy_of_version_1(tmp_path)
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE sessions (id INTEGER)")  # in the way of the new schema
    connection.commit()
    connection.close()
    before = rows_of_version_1(path)
    with pytest.raises(HistoryError, match="history.sqlite3: table sessions already exists"):
        HandHistory.open(tmp_path)
    assert rows_of_version_1(path) == before, "version 1, every hand, untouched"


# --- keeping sessions, their facts and ratings ---------------------------------------------------

@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sessions=st.lists(st.tuples(st.sampled_from(["ramsli", "rami"]), st.integers(0, 10**6), st.integers(1, 4)),
                         min_size=1, max_size=3))
def test_statistics_from_sql_agree_with_the_same_figures_from_the_records(tmp_path_factory, sessions):
    """The figures kept at write time are what the facts of every kept record add up to,
    player by player, and the sessions won what the standings of those that ended say."""
    folder = tmp_path_factory.mktemp("history")
    history = HandHistory.open(folder)
    try:
        for place, (game, seed, hands) in enumerate(sessions, start=1):
            kept_session(history, f"session.{place}.json", game, seed, hands)
        for game in ("ramsli", "rami"):
            kind = game_named(game)
            expected: dict[str, dict[str, int]] = {}
            for session in history.sessions():
                if session.game != game:
                    continue
                for kept in history.hands(session=session.id):
                    for seat, facts in zip(session.seats, kind.facts.facts_of(kept.record)):
                        mine = expected.setdefault(seat.who, {})
                        for fact in kind.facts.FACTS:
                            before = mine.get(fact.name)
                            value = facts[fact.name]
                            mine[fact.name] = value if before is None else (
                                max(before, value) if fact.kept == "max" else before + value)
                if session.standing is not None:  # an ended session: one more won by each who ended it the highest
                    best = max(session.standing)
                    for who in {seat.who for seat in session.seats}:
                        won = any(seat.who == who and stood == best for seat, stood in zip(session.seats, session.standing))
                        expected[who][WON_FACT] = expected[who].get(WON_FACT, 0) + won
            for who, figures in expected.items():
                assert history.figures(who, game)[1] == figures, who
    finally:
        history.close()


def test_the_statistics_say_each_figure_its_shares_a_hand_and_a_session_and_the_tricks_a_hand_in(tmp_path):
    from ramsli_tui.storage.history import player_statistics

    history = HandHistory.open(tmp_path)
    try:
        for place, seed in enumerate((5, 6), start=1):
            kept_session(history, f"session.{place}.json", "ramsli", seed, 6)
        told = player_statistics(history, "person:Mia", "ramsli")
        figures = told.figures
        lines = {line.split("  ")[1]: line.split() for line in told.said("Mia").splitlines()[2:] if "  " in line[2:]}
        assert told.sessions == 2 and lines["Hands played"][-2:] == [str(figures["hands"]), f"{figures['hands'] / 2:.2f}"]
        chips = figures["chips_won"]
        assert lines["Chips won"][-3:] == [str(chips), f"{chips / figures['hands']:.2f}", f"{chips / 2:.2f}"]
        assert lines["Tricks taken"][-2:] == [str(figures["tricks"]), f"{figures['tricks'] / figures['hands']:.2f}"]
        assert lines["Biggest pot"][-1] == str(figures["biggest_pot"]), "a largest figure has no share"
        assert lines["Tricks a hand in"][-1] == f"{figures['tricks'] / figures['went_in']:.2f}"
    finally:
        history.close()


def test_a_session_that_ends_rates_its_players_the_winner_up_the_last_down(tmp_path):
    from ramsli_tui.storage.ratings import NEW

    history = HandHistory.open(tmp_path)
    try:
        spec, played = played_session("ramsli", 9, 400)
        assert played.is_over
        history.keep_finished("session.1.json", spec, played.finished, played.is_over, 0)
        [session] = history.sessions()
        assert session.ended_at is not None and session.standing == tuple(played.finished[-1].settlement.stacks)
        board = {standing.who: standing for standing in history.leaderboard("ramsli")}
        assert set(board) == {"person:Mia", "computer:normal"}, "a computer strength is one player, whatever its seats"
        mia = board["person:Mia"]
        won = session.standing[0] == max(session.standing)
        assert mia.sessions == 1 and mia.wins == int(won)
        if won:
            assert mia.rating.mu > NEW.mu, "the winner's rating rises"
        elif session.standing[0] < min(session.standing[1:]):
            assert mia.rating.mu < NEW.mu, "the last one's falls"
        history.keep_finished("session.1.json", spec, played.finished, played.is_over, 0)
        assert history.leaderboard("ramsli")[0].sessions == 1, "kept again, rated once"
    finally:
        history.close()
