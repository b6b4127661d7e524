"""The game chosen last in setup is a setting: Ramsli or Rami Simple, anything else one
problem naming its line, and the default kept."""

from __future__ import annotations

from ramsli_tui.storage import Settings


def test_the_game_is_remembered_through_the_settings_file():
    settings, problems = Settings.read(Settings(game="rami").to_yaml())
    assert (settings.game, problems) == ("rami", [])


def test_a_game_there_is_not_is_one_problem_and_ramsli_is_played():
    settings, problems = Settings.read("faces: german\ngame: chess\n", "settings.yaml")
    assert (settings.game, settings.faces) == ("ramsli", "german")
    assert problems == [(2, "game cannot be 'chess', only 'ramsli' or 'rami'; 'ramsli' is used")]
