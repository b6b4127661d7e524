"""The edges of every ruleset key, as the spec's "Ruleset keys" table gives them: the
smallest value allowed is taken and the next one down refused; partial mappings are
merged with the ruleset they extend; a user's own ruleset wins a clash of names;
YAML syntax errors name the line of the mistake."""

from __future__ import annotations

import json
import textwrap

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.house_rules import CLASSIC, PlayerLimits, RulesetError


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def load_error(path) -> str:
    with pytest.raises(RulesetError) as raised:
        house_rules.load_file(path)
    return str(raised.value)


@pytest.mark.parametrize(
    "text, attribute, value",
    [
        ("ante: 0", "ante", 0),                       # int >= 0
        ("bete: 0", "bete", 0),                       # int >= 0 | pot
        ("bete_multiplier: 0", "bete_multiplier", 0),  # int >= 0
        ("starting_chips: 1", "starting_chips", 1),   # int > 0
        ("target: 1", "target", 1),
        ("max_hands: 1", "max_hands", 1),
        ("packets: [1, 1, 1, 1, 1]", "packets", (1, 1, 1, 1, 1)),
        ("packets: [5]", "packets", (5,)),
        ("players: {min: 2, max: 6}", "players", PlayerLimits(2, 6)),
        ("players: {min: 6, max: 6}", "players", PlayerLimits(6, 6)),
    ],
)
def test_the_smallest_and_largest_values_the_table_allows_are_taken(tmp_path, text, attribute, value):
    ruleset = house_rules.load_file(write(tmp_path, "edge.yaml", text + "\n"))
    assert getattr(ruleset, attribute) == value


def test_a_nap_table_may_give_no_chips_for_a_target(tmp_path):
    ruleset = house_rules.load_file(write(tmp_path, "free.yaml", "nap: true\nnap_penalty: {3: 0}\nnap_bonus: {2: 0}\n"))
    assert dict(ruleset.nap_penalty) == {2: 2, 3: 0, 4: 4, 5: 5}
    assert dict(ruleset.nap_bonus) == {2: 0, 3: 3, 4: 4, 5: 10}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("jokers: 1", "jokers must be true or false, not 1"),
        ("must_head: 0", "must_head must be true or false, not 0"),
        ("packets: [2, 2]", "packets must be a list of packet sizes above 0 that add up to 5, like [3, 2], not [2, 2]"),
        ("packets: []", "packets must be a list of packet sizes above 0 that add up to 5, like [3, 2], not []"),
        ("players: {min: 3, max: 7}", "players must have 2 <= min <= max <= 6, not {max: 7, min: 3}"),
        ("players: {max: 2}", "players must have 2 <= min <= max <= 6, not {max: 2}"),
        ("players: {min: 3, max: 6, most: 5}", "players must be a mapping like {min: 3, max: 6}, not {max: 6, min: 3, most: 5}"),
        ("bete_multiplier: -1", "bete_multiplier must be a whole number (0 or more), not -1"),
        ("nap_bonus: {5: 1.5}", "nap_bonus [5] must be a number of chips (0 or more), not 1.5"),
        ("nap_bonus: [12]", "nap_bonus must map the targets 2, 3, 4 and 5 to chips, not [12]"),
        ("target: -5", "target must be a whole number above 0 or null (for none), not -5"),
        ("description: 12", "description must be text, not 12"),
    ],
)
def test_values_just_outside_the_table_are_refused_in_words(tmp_path, text, expected):
    path = write(tmp_path, "bad.yaml", "name: bad\n" + text + "\n")
    assert load_error(path) == f"{path}:2: {expected}"


def test_a_partial_players_mapping_keeps_the_other_limit_of_the_ruleset_it_extends(tmp_path):
    write(tmp_path, "small.yaml", "players: {min: 2, max: 4}\n")
    child = house_rules.load_file(write(tmp_path, "child.yaml", "extends: small.yaml\nplayers: {max: 3}\n"))
    assert child.players == PlayerLimits(2, 3)
    other = house_rules.load_file(write(tmp_path, "other.yaml", "extends: small.yaml\nplayers: {min: 4}\n"))
    assert other.players == PlayerLimits(4, 4)


def test_a_partial_nap_table_keeps_the_other_targets_of_the_ruleset_it_extends(tmp_path):
    write(tmp_path, "big-nap.yaml", "nap: true\nnap_bonus: {5: 12}\nnap_penalty: {4: 7}\n")
    child = house_rules.load_file(write(tmp_path, "child.yaml", "extends: big-nap.yaml\nnap_bonus: {2: 1}\nnap_penalty: {5: 9}\n"))
    assert dict(child.nap_bonus) == {2: 1, 3: 3, 4: 4, 5: 12}
    assert dict(child.nap_penalty) == {2: 2, 3: 3, 4: 7, 5: 9}


def test_an_extended_ruleset_keeps_every_key_the_child_does_not_set(tmp_path):
    write(tmp_path, "base.yaml", "deck: standard52\nbete: pot\nmust_head: true\nstarting_chips: 40\n")
    child = house_rules.load_file(write(tmp_path, "child.yaml", "extends: base.yaml\nante: 2\n"))
    assert (child.deck, child.bete, child.must_head, child.starting_chips, child.ante) == ("standard52", "pot", True, 40, 2)
    assert (child.name, child.description) == ("child", "")


def test_the_users_own_ruleset_wins_a_clash_with_a_bundled_name(tmp_path, monkeypatch):
    own = tmp_path / "rulesets"
    own.mkdir()
    (own / "classic.yaml").write_text("name: classic\nante: 3\n", encoding="utf-8")
    monkeypatch.setattr(house_rules, "user_dir", lambda: own)
    assert house_rules.available()["classic"] == own / "classic.yaml"
    assert house_rules.load("classic").ante == 3


def test_a_yaml_syntax_error_names_the_line_it_is_on(tmp_path):
    path = write(tmp_path, "tabbed.yaml", "ante: 1\nbete: 5\n\tnap: true\n")
    message = load_error(path)
    assert message.startswith(f"{path}:3: this is not valid YAML (")
    path = write(tmp_path, "unclosed.yaml", "ante: 1\nbete: [5\nnap: true\n")
    assert load_error(path).startswith(f"{path}:3: this is not valid YAML (")


def test_every_key_resolved_is_a_plain_yaml_and_json_value():
    for name in house_rules.available():
        resolved = house_rules.load(name).as_yaml_dict()
        assert json.loads(json.dumps(resolved)) == {
            key: ({str(k): v for k, v in value.items()} if key in ("nap_bonus", "nap_penalty") else value)
            for key, value in resolved.items()
        }
    assert CLASSIC.as_yaml_dict()["packets"] == [3, 2]
