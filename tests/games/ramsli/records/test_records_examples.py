"""The hand-record examples are part of the format (docs/hand-records.md): `python -m
ramsli_tui replay NAME.yaml --json` must print exactly NAME.expected.json (key order and
spacing aside), print nothing but that JSON on stdout, and exit 0 (2 for an error result)."""

import json
import subprocess
import sys

import pytest

from tests.kits.examples import HAND_EXAMPLES as EXAMPLES

RECORDS = sorted(EXAMPLES.glob("*.yaml"))


def replay_cli(path, cwd, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "ramsli_tui", "replay", str(path), "--json"],
        capture_output=True, text=True, cwd=cwd, input=stdin, timeout=60,
    )


def test_the_examples_are_there():
    names = {path.stem for path in RECORDS}
    assert {"bete-fixed", "follow-suit-error", "general-rams-success", "incomplete-next-lead",
            "lone-player-takes-pot"} <= names
    for path in RECORDS:
        assert path.with_name(path.stem + ".expected.json").is_file()


@pytest.mark.parametrize("record", RECORDS, ids=[path.stem for path in RECORDS])
def test_replay_gives_exactly_the_expected_json(record, tmp_path):
    expected = json.loads(record.with_name(record.stem + ".expected.json").read_text())
    done = replay_cli(record, tmp_path)
    assert json.loads(done.stdout) == expected          # the whole of stdout is that one object
    assert done.returncode == (2 if "error" in expected else 0)


def test_replay_reads_standard_input(tmp_path):
    record = EXAMPLES / "bete-fixed.yaml"
    expected = json.loads((EXAMPLES / "bete-fixed.expected.json").read_text())
    done = replay_cli("-", tmp_path, stdin=record.read_text())
    assert done.returncode == 0
    assert json.loads(done.stdout) == expected
