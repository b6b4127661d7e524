"""``ramsli history`` for the player, through the real command: the sessions kept in
their own history (list, show), their hands exported with the players' names and
replaying as played, statistics by SQL (``stats``, ``--json``) for a person and for a
computer strength, ratings that move the right way, and ``delete``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ramsli_tui.games import game_named
from ramsli_tui.storage import Storage
from ramsli_tui.storage.history import HandHistory

from tests.kits.history import kept_session


def ramsli_at_home(home, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    environment = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
                   "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-m", "ramsli_tui", *args], capture_output=True, text=True,
                          input=stdin, env=environment, timeout=120)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A person's home whose history holds two Ramsli sessions (one played to its end)
    and a Rami one."""
    home = tmp_path_factory.mktemp("home")
    storage = Storage(home / "config" / "ramsli", home / "data" / "ramsli")
    storage.data_dir.mkdir(parents=True)
    history = HandHistory.open(storage.data_dir)
    kept_session(history, "session.1.json", "ramsli", 5, 3)
    kept_session(history, "session.2.json", "rami", 7, 1)
    kept_session(history, "session.3.json", "ramsli", 9, 400)  # to its end
    history.close()
    return home


def test_list_shows_every_session_the_latest_first_with_its_players(home):
    done = ramsli_at_home(home, "history", "list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(".")[0].strip() for line in lines] == ["3", "2", "1"]
    assert "Ramsli classic" in lines[0] and "Rami simple" in lines[1] and "3 hands" in lines[2]
    assert "Mia" in lines[2] and "Carlo" in lines[2]
    listed = json.loads(ramsli_at_home(home, "history", "list", "--json").stdout)
    assert [session["session"] for session in listed] == [3, 2, 1]
    assert listed[0]["ended_at"] and listed[0]["standing"] and listed[2]["standing"] is None, "only the one played out ended"
    assert listed[2]["seats"][0] == {"name": "Mia", "strength": None}
    assert listed[2]["seats"][1] == {"name": "Anna", "strength": "normal"}


def test_show_tells_each_hand_and_the_export_replays_with_the_players_names(home):
    shown = ramsli_at_home(home, "history", "show", "1")
    assert shown.returncode == 0, shown.stderr
    assert [line.split(".")[0].strip() for line in shown.stdout.splitlines()[1:4]] == ["1", "2", "3"]
    assert "It goes on." in shown.stdout
    exported = ramsli_at_home(home, "history", "export", "--session", "1", "--json")
    hands = json.loads(exported.stdout)
    assert [hand["hand"] for hand in hands] == [1, 2, 3] and {hand["session"] for hand in hands} == {1}
    assert all(hand["record"]["names"] == ["Mia", "Anna", "Bertl", "Carlo"] for hand in hands)
    replayed = ramsli_at_home(home, "replay", "-", "--json", stdin=ramsli_at_home(
        home, "history", "export", "--session", "1").stdout)
    assert replayed.returncode == 0, replayed.stderr
    assert all(result["complete"] for result in json.loads(replayed.stdout))


def test_stats_are_the_figures_of_the_person_of_the_settings_and_of_a_computer_strength(home):
    done = ramsli_at_home(home, "history", "stats", "--player", "Mia", "--json")
    assert done.returncode == 0, done.stderr
    told = json.loads(done.stdout)
    assert told["player"] == "person:Mia"
    ramsli_stats = next(games for games in told["games"] if games["game"] == "ramsli")
    assert ramsli_stats["sessions"] == 2
    history = HandHistory.open_existing(home / "data" / "ramsli")
    try:
        hands = [hand for hand in history.hands() if hand.game == "ramsli"]
        facts = game_named("ramsli").facts
        assert ramsli_stats["figures"]["hands"] == len(hands)
        assert ramsli_stats["figures"]["chips_won"] == sum(facts.facts_of(hand.record)[0]["chips_won"] for hand in hands)
    finally:
        history.close()
    assert ramsli_stats["rating"]["sessions"] == 1, "the session played to its end rated Mia"
    computer = json.loads(ramsli_at_home(home, "history", "stats", "--player", "computer:normal", "--json").stdout)
    assert {games["game"] for games in computer["games"]} == {"ramsli", "rami"}
    text = ramsli_at_home(home, "history", "stats", "--player", "Mia", "--game", "ramsli").stdout
    assert text.startswith("Mia at Ramsli (every ruleset): 2 sessions") and "Tricks taken" in text
    nobody = ramsli_at_home(home, "history", "stats", "--player", "Zora")
    assert nobody.returncode == 0 and "Zora has played no session kept in this history." in nobody.stdout


def test_delete_forgets_a_session_and_a_session_not_there_is_one_line(tmp_path, home):
    import shutil

    copy = tmp_path / "home"
    shutil.copytree(home, copy)
    done = ramsli_at_home(copy, "history", "delete", "2")
    assert done.returncode == 0 and "Session 2 is forgotten" in done.stdout
    assert [session["session"] for session in json.loads(ramsli_at_home(copy, "history", "list", "--json").stdout)] == [3, 1]
    again = ramsli_at_home(copy, "history", "delete", "2")
    assert again.returncode == 2 and again.stderr.startswith("ramsli: there is no session 2 in this history")
    assert again.stderr.count("\n") == 1
    shown = ramsli_at_home(copy, "history", "show", "2")
    assert shown.returncode == 2 and shown.stderr.startswith("ramsli: there is no session 2 in this history")
    assert shown.stderr.count("\n") == 1


def test_no_history_yet_is_one_line(tmp_path):
    done = ramsli_at_home(tmp_path, "history", "list")
    assert done.returncode == 2 and "there is no hand history here" in done.stderr and done.stderr.count("\n") == 1


def test_rami_standings_read_as_its_points_as_its_table_shows_them(home):
    import re

    shown = ramsli_at_home(home, "history", "show", "2").stdout.splitlines()
    history = HandHistory.open_existing(home / "data" / "ramsli")
    try:
        [hand] = history.hands(session=2)
        scores = game_named("rami").facts.replayed(hand.record).hand.scores
    finally:
        history.close()
    points = [int(number) for number in re.findall(r"(?:Mia|Anna) (-?\d+)", shown[1])]
    assert points == list(scores), (shown, scores)
