"""The settings of how the table plays (issue 10): a pause after each trick, a second click
to play a card, a signal when it is your turn, hints.  Each keeps what was chosen, and a
value it does not allow keeps its default with one problem naming the line and the key."""

from __future__ import annotations

import pytest

from ramsli_tui.storage import Settings, Storage
from ramsli_tui.storage.settings import CHOICES, TRICK_PAUSES, TURN_ALERTS


def test_the_table_plays_as_before_unless_asked_otherwise():
    settings = Settings()
    assert (settings.trick_pause, settings.second_click, settings.turn_alert, settings.hints) == ("timed", False, "off", False)


def test_the_allowed_values_are_one_list_for_each_setting_of_a_few_words():
    assert TRICK_PAUSES == ("timed", "until_key")
    assert TURN_ALERTS == ("off", "bell", "flash")
    assert CHOICES["trick_pause"] is TRICK_PAUSES and CHOICES["turn_alert"] is TURN_ALERTS


@pytest.mark.parametrize("pause", TRICK_PAUSES)
@pytest.mark.parametrize("alert", TURN_ALERTS)
def test_every_allowed_value_is_saved_and_read_back(tmp_path, pause, alert):
    storage = Storage.in_folder(tmp_path)
    storage.save_settings(Settings(trick_pause=pause, turn_alert=alert, second_click=True, hints=True))
    settings, problems = storage.read_settings()
    assert problems == []
    assert (settings.trick_pause, settings.turn_alert, settings.second_click, settings.hints) == (pause, alert, True, True)


@pytest.mark.parametrize("line, problem", [
    ("trick_pause: sometimes", "trick_pause cannot be 'sometimes', only 'timed' or 'until_key'; 'timed' is used"),
    ("trick_pause: 2", "trick_pause cannot be 2, only 'timed' or 'until_key'; 'timed' is used"),
    ("turn_alert: loud", "turn_alert cannot be 'loud', only 'off' or 'bell' or 'flash'; 'off' is used"),
    ("turn_alert: true", "turn_alert cannot be true, only 'off' or 'bell' or 'flash'; 'off' is used"),
    ("second_click: twice", "second_click cannot be 'twice', only false or true; false is used"),
    ("second_click: 1", "second_click cannot be 1, only false or true; false is used"),
    ("hints: [h]", "hints cannot be [h], only false or true; false is used"),
])
def test_a_value_not_allowed_is_one_problem_and_the_other_settings_are_kept(line, problem):
    settings, problems = Settings.read("faces: german\n" + line + "\nplayers: 5\n", "settings.yaml")
    assert problems == [(2, problem)]
    assert (settings.faces, settings.players) == ("german", 5)
    defaults = Settings()
    assert (settings.trick_pause, settings.second_click, settings.turn_alert, settings.hints) == (
        defaults.trick_pause, defaults.second_click, defaults.turn_alert, defaults.hints)


def test_the_problem_names_the_file_and_line_when_the_app_reads_it(tmp_path):
    storage = Storage.in_folder(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("hints: true\nturn_alert: siren\n")
    settings, problems = storage.read_settings()
    assert settings.hints is True and settings.turn_alert == "off"
    [problem] = problems
    assert problem.endswith("settings.yaml:2: turn_alert cannot be 'siren', only 'off' or 'bell' or 'flash'; 'off' is used")
