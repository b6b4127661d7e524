"""YAML type tags that do not fit their value (issue 18, class 1): ``!!bool "maybe"``,
``!!int "two"``, ``!!int [3, 2]``, ``!!timestamp x``, ``!!set`` and the like are told in
one line naming the file, the line and the key, in every reader (rulesets, hand
records, themes, settings), never a traceback and never Python's own words."""

from __future__ import annotations

import json

import pytest

from ramsli_tui import cli
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.records import replay_text
from ramsli_tui.storage import Settings, Storage, shown_path
from ramsli_tui.ui.themes import ThemeError, load_theme
from ramsli_tui.yamlfile import FileProblem, node_value, parse_node

MISFITS = [
    '!!bool "maybe"', '!!int "two"', "!!int [3, 2]", '!!float "x"', "!!timestamp x", "!!timestamp [1]",
    "!!set [1, 2]", "!!set {a: [1]}", "!!binary QUJD", '!!binary "@@"', "!!binary 3", "!!str [1]", "!!null [1]",
    "!!null 3", "!!map [1]", "!!seq {a: 1}", "!!map 3", "!!omap [1]", "!!pairs [a]", "!thing 3", "!!merge 1",
    "[!!int x, 2]", "{a: !!bool 3}", "!!float 0x1F", "!!float 0b101", "!!float 017", "!!float 1:30",
]
PYTHON_WORDS = ("invalid literal", "could not convert", "base64", "expected a", "object has no attribute", "unpack")


def assert_told_in_words(message: str, source: str) -> None:
    assert "\n" not in message and message.startswith(source), message
    assert not any(words in message for words in PYTHON_WORDS), message


@pytest.mark.parametrize("tagged", MISFITS)
def test_a_misfit_tag_is_one_line_naming_file_line_and_key(tagged):
    node = parse_node(f"name: x\nante: {tagged}\n", "mine.yaml")
    with pytest.raises(FileProblem) as caught:
        node_value(node.value[1][1], "mine.yaml", key="ante")
    assert_told_in_words(str(caught.value), "mine.yaml:2: ante:")


@pytest.mark.parametrize("tagged", ["!!int 3", "!!float 3", "!!float -1_000", "!!float 2.5", "!!bool yes", "!!null ~", "!!str 3",
                                    "!!timestamp 2024-01-02", "!!seq [1]", "!!map {a: 1}"])
def test_a_tag_that_fits_its_value_is_read(tagged):
    node = parse_node(f"k: {tagged}\n", "f.yaml")
    node_value(node.value[0][1], "f.yaml", key="k")


@pytest.mark.parametrize("tagged", MISFITS)
def test_rules_check_tells_a_misfit_tag_in_one_line(tmp_path, capsys, tagged):
    path = tmp_path / "mine.yaml"
    path.write_text(f"ante: {tagged}\n")
    assert cli.main(["rules", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert_told_in_words(err, f"{path}:1")


def test_one_misfit_ruleset_does_not_cut_rules_list_off(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    own = tmp_path / "ramsli" / "rulesets"
    own.mkdir(parents=True)
    (own / "aaa.yaml").write_text('ante: !!int "two"\n')
    (own / "zzz.yaml").write_text("extends: classic\ndescription: the last one\n")
    assert cli.main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    assert "aaa" in out and "(broken)" in out and "the last one" in out and "Rami Simple" in out


@pytest.mark.parametrize("tagged", MISFITS)
def test_replay_json_gives_the_error_object_and_exit_2(tmp_path, capsys, tagged):
    path = tmp_path / "hand.yaml"
    path.write_text(f"format: ramsli-hand/1\nruleset: classic\nplayers: {tagged}\ndealer: 0\n"
                    "stacks: [20, 20, 20, 20]\npot: 0\ndeck: []\nactions: []\n")
    assert cli.main(["replay", "--json", str(path)]) == 2
    result = json.loads(capsys.readouterr().out)
    assert result["format"] == "ramsli-result/1"
    assert_told_in_words(result["error"]["message"], f"{path}:3")


@pytest.mark.parametrize("tagged", MISFITS)
def test_a_rami_record_tells_a_misfit_tag(tmp_path, capsys, tagged):
    path = tmp_path / "hand.yaml"
    path.write_text(f"format: rami-hand/1\nplayers: 2\ndealer: {tagged}\nscores: [0, 0]\ndeck: []\n")
    assert cli.main(["replay", "--json", str(path)]) == 2
    result = json.loads(capsys.readouterr().out)
    assert_told_in_words(result["error"]["message"], f"{path}:3")


@pytest.mark.parametrize("tagged", MISFITS)
def test_a_theme_tells_a_misfit_tag(tmp_path, tagged):
    path = tmp_path / "odd.yaml"
    path.write_text(f"primary: '#884400'\nbackground: {tagged}\n")
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert_told_in_words(str(caught.value), f"{path}:2")


@pytest.mark.parametrize("tagged", MISFITS)
def test_a_misfit_setting_costs_only_that_setting(tmp_path, tagged):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(f"players: {tagged}\nname: Zora\n")
    settings, problems = storage.read_settings()
    assert settings.name == "Zora" and settings.players == Settings().players
    [problem] = problems
    assert "players" in problem
    assert_told_in_words(problem, f"{shown_path(storage.settings_path)}:1")
    assert storage.settings_path.exists()
