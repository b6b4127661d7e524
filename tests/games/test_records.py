"""What both games' records share (``games.records``): a record's keys with their lines,
where a named ruleset is looked for, a ruleset written into a record, the YAML a record
is written as."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from ramsli_tui.games.rami import house_rules as rami_rules
from ramsli_tui.games.ramsli import house_rules as ramsli_rules
from ramsli_tui.games.records import (
    RecordError, RecordFields, dump_record, folders_of, result_or_error, ruleset_reference,
)

SHAPE = "a test record must be a mapping"


def fields_of(text: str) -> RecordFields:
    return RecordFields.read(text, "r.yaml", "test/1", SHAPE)


def test_a_key_is_told_at_its_line_and_a_missing_one_where_the_record_starts():
    fields = fields_of("# a record\n\nformat: test/1\ndealer: 1\n")
    assert fields.where("dealer") == "r.yaml:4" and fields.where("deck") == "r.yaml:3"
    with pytest.raises(RecordError, match=r"^r.yaml:3: the record has no 'deck'$"):
        fields.value("deck")
    assert fields.dealer(players=2) == 1
    with pytest.raises(RecordError, match=r"^r.yaml:4: dealer must be a seat from 0 to 0, not 1$"):
        fields.dealer(players=1)


@pytest.mark.parametrize("text, message", [
    ("", f"r.yaml:1: {SHAPE}"),
    ("\n\n- 1\n", f"r.yaml:3: {SHAPE}"),
    ("format: test/2\n", "r.yaml:1: format must be 'test/1', not 'test/2'"),
    ("dealer: 0\n", "r.yaml:1: the record has no 'format'"),
    ("format: test/1\nactions: 3\n", "r.yaml:2: actions must be a list"),
])
def test_a_record_that_is_not_one_is_told_in_one_line(text, message):
    with pytest.raises(RecordError) as raised:
        fields_of(text).actions()
    assert str(raised.value) == message and raised.value.action is None


def test_no_actions_or_null_ones_are_none():
    assert fields_of("format: test/1\n").actions() == [] == fields_of("format: test/1\nactions:\n").actions()


def test_a_ruleset_named_by_path_is_looked_for_beside_the_record_first():
    assert folders_of(Path("here"), [Path("typed"), Path("also")]) == [Path("here"), Path("typed"), Path("also")]
    assert folders_of(None, [Path("typed")]) == [Path("typed")]


def test_a_ruleset_is_written_by_name_when_it_is_a_known_one_and_else_key_by_key():
    assert ruleset_reference(ramsli_rules.load("nap"), ramsli_rules.FILES) == "nap"
    assert ruleset_reference(rami_rules.load("short"), rami_rules.FILES) == "short"
    house = replace(ramsli_rules.load("nap"), ante=3)
    assert ruleset_reference(house, ramsli_rules.FILES) == house.as_yaml_dict()
    rami_house = replace(rami_rules.load("short"), points_per_loser=40)
    inline = ruleset_reference(rami_house, rami_rules.FILES)
    assert inline == {key: value for key, value in rami_house.as_yaml_dict().items() if key != "game"}
    assert rami_rules.from_node(yaml.compose(yaml.safe_dump(inline)), "r.yaml") == rami_house


RECORD = {"format": "test/1", "stacks": [20, 20], "ruleset": {"totals": {2: 3}}, "deck": ["AS", "KS"],
          "actions": [{"seat": 0, "act": "out", "melds": [["AS"] * 40]}, {"seat": 1, "act": "in"}]}


def test_a_record_is_written_one_action_a_line_and_its_head_as_the_game_likes():
    block = dump_record(RECORD)
    inline = dump_record(RECORD, lists_inline=True)
    assert block.startswith("format: test/1\nstacks:\n- 20\n- 20\nruleset:\n  totals:\n    2: 3\ndeck: [AS, KS]\nactions:\n- {seat: 0")
    assert inline.startswith("format: test/1\nstacks: [20, 20]\nruleset:\n  totals: {2: 3}\ndeck: [AS, KS]\nactions:\n- {seat: 0")
    assert block.splitlines()[-2:] == inline.splitlines()[-2:]
    assert block.splitlines()[-1] == "- {seat: 1, act: in}" and len(block.splitlines()[-2]) > 80  # never folded
    assert yaml.safe_load(block) == yaml.safe_load(inline) == RECORD
    assert dump_record({**RECORD, "actions": []}).endswith("deck: [AS, KS]\nactions: []\n")


def test_a_replay_gives_its_result_or_the_error_object_of_its_format():
    assert result_or_error(lambda: 7, lambda seven: {"seven": seven}, "test-result/1") == ({"seven": 7}, 7)

    def refused():
        raise RecordError("r.yaml:3: action 2: not now", action=1)

    assert result_or_error(refused, lambda _: {}, "test-result/1") == (
        {"format": "test-result/1", "error": {"action": 1, "message": "r.yaml:3: action 2: not now"}}, None)
