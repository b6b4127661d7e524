"""A ruleset named by path inside a file, by ``extends:`` or by a hand record's
``ruleset:``, stays inside the folder of the file that names it (issue 18, class 7): a
path climbing out with ``..`` or a link leading out is refused in one line, and the
file it points at is never read, so its keys and values are never shown."""

from __future__ import annotations

import json
import os

import pytest

from ramsli_tui import cli
from ramsli_tui.games.rami.records import replay_text as replay_rami
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.records import replay_text

SECRET = "TOPSECRET: the value of another file\n"
CLIMBS = ["../secret.yaml", "../../outside/secret.yaml", "inner/../../secret.yaml", "./../secret.yaml"]


@pytest.fixture
def beside(tmp_path):
    """A folder ``rules`` to write in, a secret .yaml file beside it, and one a folder further up."""
    (tmp_path / "secret.yaml").write_text(SECRET)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.yaml").write_text(SECRET)
    folder = tmp_path / "deep" / "rules"
    folder.mkdir(parents=True)
    (folder / "inner").mkdir()
    (tmp_path / "deep" / "secret.yaml").write_text(SECRET)
    return folder


@pytest.mark.parametrize("reference", CLIMBS)
def test_extends_that_climbs_out_is_refused_without_reading(beside, capsys, reference):
    mine = beside / "mine.yaml"
    mine.write_text(f"extends: {reference}\n")
    assert cli.main(["rules", "check", str(mine)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and said.startswith(f"{mine}:1: extends: '{reference}'")
    assert "must stay inside the folder" in said and "TOPSECRET" not in said


def test_extends_through_a_link_leading_out_is_refused(beside, capsys):
    os.symlink(beside.parent.parent / "secret.yaml", beside / "linked.yaml")
    mine = beside / "mine.yaml"
    mine.write_text("extends: inner/../linked.yaml\n")
    assert cli.main(["rules", "check", str(mine)]) == 2
    (beside / "inner" / "base.yaml").symlink_to(beside.parent.parent / "secret.yaml")
    mine.write_text("extends: inner/base.yaml\n")
    assert cli.main(["rules", "check", str(mine)]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 2 and all("must stay inside the folder" in line for line in said)
    assert not any("TOPSECRET" in line for line in said)


def test_a_ruleset_in_a_folder_beneath_is_still_found(beside):
    (beside / "inner" / "base.yaml").write_text("ante: 3\n")
    (beside / "mine.yaml").write_text("extends: inner/base.yaml\nbete: 4\n")
    assert (house_rules.load_file(beside / "mine.yaml").ante, house_rules.load_file(beside / "mine.yaml").bete) == (3, 4)


RAMSLI_RECORD = ("format: ramsli-hand/1\nruleset: {ruleset}\nplayers: 4\ndealer: 0\nstacks: [20, 20, 20, 20]\n"
                 "pot: 0\ndeck: []\nactions: []\n")


@pytest.mark.parametrize("reference", CLIMBS)
def test_a_records_ruleset_that_climbs_out_is_refused(beside, monkeypatch, reference):
    monkeypatch.chdir(beside)
    result, hand = replay_text(RAMSLI_RECORD.format(ruleset=reference), "hand.yaml", base_dir=beside,
                               also_from=[beside])
    message = result["error"]["message"]
    assert hand is None and message.startswith(f"hand.yaml:2: ruleset: '{reference}' must stay inside")
    assert "TOPSECRET" not in message


@pytest.mark.parametrize("reference", CLIMBS)
def test_a_rami_records_ruleset_that_climbs_out_is_refused(beside, reference):
    text = f"format: rami-hand/1\nruleset: {reference}\nplayers: 2\ndealer: 0\nscores: [0, 0]\ndeck: []\n"
    result, *_ = replay_rami(text, "hand.yaml", base_dir=beside, also_from=[beside])
    message = result["error"]["message"]
    assert "must stay inside" in message and "TOPSECRET" not in message


@pytest.mark.parametrize("reference", CLIMBS)
def test_replay_json_of_a_record_climbing_out_is_the_error_object(beside, monkeypatch, capsys, reference):
    monkeypatch.chdir(beside)
    (beside / "hand.yaml").write_text(RAMSLI_RECORD.format(ruleset=reference))
    assert cli.main(["replay", "--json", "hand.yaml"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert "must stay inside" in message and "TOPSECRET" not in message
