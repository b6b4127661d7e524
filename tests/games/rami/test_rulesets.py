"""Rami rulesets: the bundled ones, a player's own, ``extends``, and every mistake named by
file, line and key in one line."""

from pathlib import Path

import pytest
import yaml

from ramsli_tui.games.rami import house_rules
from ramsli_tui.games.rami.house_rules import SIMPLE, LosingTotals, RulesetError

BUNDLED = Path(__file__).resolve().parents[3] / "rulesets"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_the_bundled_rulesets_are_the_seeds_and_two_lengths_of_game():
    found = house_rules.available()
    assert {"simple", "short", "long"} <= set(found)
    simple = house_rules.load("simple")
    assert simple.scores_like(SIMPLE) and simple.name == "simple" and simple.description
    assert house_rules.load("short").losing_total == LosingTotals(200, 400)
    assert house_rules.load("long").losing_total == LosingTotals(500, 1000)
    assert found["simple"].parent == house_rules.bundled_dir() == BUNDLED / "rami"
    assert all(house_rules.is_rami_ruleset(path) for path in found.values())
    assert not house_rules.is_rami_ruleset(BUNDLED / "classic.yaml")


def test_the_rules_in_words():
    lines = house_rules.load("short").house_rules()
    assert "Each player of the losing side gets 100 points, whatever they hold" in lines
    assert any("lost at 200 points one against one, at 400 for a team" in line for line in lines)


def test_a_players_own_ruleset_extends_a_bundled_one(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    own = tmp_path / "ramsli" / "rulesets" / "rami"
    own.mkdir(parents=True)
    write(own, "friday.yaml", "game: rami\nextends: short\ndescription: Fridays.\nlosing_total: {4: 300}\n")
    rules = house_rules.load("friday")
    assert rules.name == "friday" and rules.description == "Fridays."
    assert rules.losing_total == LosingTotals(200, 300) and rules.points_per_loser == 100
    assert house_rules.available()["friday"] == own / "friday.yaml"


def test_a_ruleset_written_out_reads_back_the_same(tmp_path):
    rules = house_rules.load("long")
    path = write(tmp_path, "copy.yaml", yaml.safe_dump(rules.as_yaml_dict()))
    again = house_rules.load(str(path))
    assert again == rules


def test_json_keys_for_the_players_are_read_as_numbers(tmp_path):
    path = write(tmp_path, "j.json", '{"game": "rami", "losing_total": {"2": 400}}')
    assert house_rules.load(str(path)).losing_total == LosingTotals(400, 600)


MISTAKES = {
    "no game": ("points_per_loser: 50\n", "bad.yaml:1: a Rami ruleset must say 'game: rami'"),
    "another game": ("game: ramsli\n", "bad.yaml:1: game must be 'rami' in a Rami ruleset, not 'ramsli'"),
    "a misspelt key": ("game: rami\npoints_per_losr: 50\n",
                       "bad.yaml:2: unknown key 'points_per_losr' (did you mean 'points_per_loser'?)"),
    "no points": ("game: rami\npoints_per_loser: 0\n",
                  "bad.yaml:2: points_per_loser must be a whole number of points from 1 to 1,000,000, not 0"),
    "points in words": ("game: rami\npoints_per_loser: lots\n", "points_per_loser must be a whole number"),
    "three players": ("game: rami\nlosing_total: {3: 300}\n", "bad.yaml:2: losing_total can only name 2 or 4 players, not 3"),
    "a total in words": ("game: rami\nlosing_total: {2: many}\n", "bad.yaml:2: losing_total [2] must be a whole number"),
    "not a mapping of totals": ("game: rami\nlosing_total: 300\n", "losing_total must map the players at the table"),
    "a list": ("- game\n", "bad.yaml:1: a ruleset must be a mapping"),
    "not YAML": ("game: [rami\n", "this is not valid YAML"),
    "an unknown parent": ("game: rami\nextends: simpel\n",
                          "bad.yaml:2: extends: unknown Rami ruleset 'simpel' (did you mean 'simple'?)"),
    "a description with a control character": ('game: rami\ndescription: "a\\x1bb"\n', "must be text without control characters"),
}


@pytest.mark.parametrize("case", MISTAKES, ids=list(MISTAKES))
def test_every_mistake_is_one_line_naming_file_line_and_key(case, tmp_path):
    text, words = MISTAKES[case]
    path = write(tmp_path, "bad.yaml", text)
    with pytest.raises(RulesetError) as error:
        house_rules.load(str(path))
    assert words in str(error.value) and "\n" not in str(error.value)


def test_every_wrong_key_of_a_file_is_told(tmp_path):
    path = write(tmp_path, "bad.yaml", "game: rami\npoints_per_loser: -1\nlosing_total: {2: 0}\ncolour: red\n")
    with pytest.raises(RulesetError) as error:
        house_rules.load(str(path))
    assert [problem.split(":")[1] for problem in error.value.problems] == ["2", "3", "4"]


def test_extends_in_a_circle_or_to_a_ramsli_ruleset_is_refused(tmp_path):
    write(tmp_path, "a.yaml", "game: rami\nextends: b.yaml\n")
    write(tmp_path, "b.yaml", "game: rami\nextends: a.yaml\n")
    with pytest.raises(RulesetError, match=r"a.yaml:2: extends goes round in a circle \(a.yaml -> b.yaml -> a.yaml\)"):
        house_rules.load(str(tmp_path / "a.yaml"))
    write(tmp_path, "c.yaml", "game: rami\nextends: ramsli.yaml\n")
    write(tmp_path, "ramsli.yaml", "ante: 2\n")
    with pytest.raises(RulesetError, match="ramsli.yaml:1: a Rami ruleset must say 'game: rami'"):
        house_rules.load(str(tmp_path / "c.yaml"))
    write(tmp_path, "d.yaml", "game: rami\nextends: /etc/passwd.yaml\n")
    with pytest.raises(RulesetError, match="must be a ruleset's name or a path relative to this file"):
        house_rules.load(str(tmp_path / "d.yaml"))


def test_a_missing_file_or_name_is_told_plainly(tmp_path):
    with pytest.raises(RulesetError, match="no such ruleset file"):
        house_rules.load(str(tmp_path / "nowhere.yaml"))
    with pytest.raises(RulesetError, match="unknown Rami ruleset 'classic'"):
        house_rules.load("classic")
    assert not house_rules.is_rami_ruleset(tmp_path / "nowhere.yaml")
