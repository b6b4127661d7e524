"""``ramsli replay`` on a Rami Simple record, through the real command: the game is told
by the record's format; ``--json`` prints the ``rami-result/1`` object and nothing else;
a bad record is one line and exit status 2, as for Ramsli."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.games.rami.test_records import RECORD


def replay(tmp_path, record: dict, *options: str) -> subprocess.CompletedProcess:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", str(path), *options],
                          capture_output=True, text=True, timeout=60)


def test_a_rami_record_replays_to_its_result_as_json_alone(tmp_path):
    done = replay(tmp_path, RECORD, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["format"] == "rami-result/1" and "error" not in result


def test_a_rami_record_replays_in_words_too(tmp_path):
    done = replay(tmp_path, RECORD)
    assert done.returncode == 0 and done.stdout.strip() and not done.stderr


def test_a_broken_rami_record_is_one_line_and_exit_status_2(tmp_path):
    broken = {**RECORD, "actions": [{"seat": 1, "act": "discard", "card": "9D"}]}
    done = replay(tmp_path, broken, "--json")
    assert done.returncode == 2
    result = json.loads(done.stdout)
    assert set(result) == {"format", "error"} and result["error"]["action"] == 0
    words = replay(tmp_path, broken)
    assert words.returncode == 2 and words.stderr.startswith("ramsli: ") and words.stderr.count("\n") == 1
