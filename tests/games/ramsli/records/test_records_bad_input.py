"""Bad hand records, as issue 9 found them by fuzzing: `ramsli replay FILE --json` and
`ramsli replay - --json` print only the contract's error object, its message one line
naming the record and the line, exit 2, never a traceback, quickly; a ruleset the record
names is a ruleset's name or a ruleset file relative to the record (or to where the
command was typed), and no other file's content is ever shown."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
import yaml

from ramsli_tui.games.ramsli.records import replay_text
from ramsli_tui.games.ramsli.house_rules import CLASSIC

GOOD = {
    "format": "ramsli-hand/1", "ruleset": "classic", "players": 3, "dealer": 0, "stacks": [20, 20, 20], "pot": 0,
    "deck": [card.code for card in CLASSIC.cards()], "actions": [],
}
BILLION_LAUGHS = "lol: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"lol{name}: &{name} [{', '.join(['*' + previous] * 9)}]\n" for previous, name in zip("abcdefgh", "bcdefghi")
)


def record_text(**changes: str) -> str:
    """The good record in YAML, one key a line, with the keys in ``changes`` written as given."""
    lines = [f"{key}: {changes.pop(key) if key in changes else json.dumps(value)}" for key, value in GOOD.items()]
    return "\n".join(lines + [f"{key}: {value}" for key, value in changes.items()]) + "\n"


def line_of_key(key: str) -> int:
    return list(GOOD).index(key) + 1


def error_message(text: str, source="rec.yaml", base_dir=None) -> str:
    """The message of the error object for ``text``, checked to be one printable line
    naming the record and a line."""
    result, hand = replay_text(text, source, base_dir)
    assert hand is None and set(result) == {"format", "error"} and result["error"]["action"] is None
    message = result["error"]["message"]
    assert re.match(rf"{re.escape(source)}:\d+: ", message), message
    assert message.isprintable() and len(message) < 300, message
    return message.removeprefix(source)


BAD_RECORDS = [
    (record_text() + "[a]: 1\n", f":{len(GOOD) + 1}: a key must be a plain name, not a list or a mapping"),
    (record_text(players="9" * 4301), f":{line_of_key('players')}: players: a number of 4301 digits is far too big"),
    (record_text(actions="[" * 500 + "]" * 500), f":{line_of_key('actions')}: the values are nested more than 20 deep"),
    (record_text(ruleset="c" * 300), f":{line_of_key('ruleset')}: ruleset: unknown ruleset 'ccccc"),
    (record_text(ruleset="c" * 300 + ".yaml"), f":{line_of_key('ruleset')}: ruleset: 'ccccc"),
    (record_text(ruleset="CLASSIC"), f":{line_of_key('ruleset')}: ruleset: unknown ruleset 'CLASSIC'"),
    (record_text(ruleset="/etc/passwd"),
     f":{line_of_key('ruleset')}: ruleset: '/etc/passwd' must be a ruleset's name or a path relative to this file"),
    (record_text(pot="\x00"), f":{line_of_key('pot')}: the character \\x00 is not allowed in a YAML file"),
    (record_text(stacks="[36, null, 10]"),
     f":{line_of_key('stacks')}: stacks must list 3 numbers of chips (0 or more), not [36, null, 10]"),
    (record_text(ruleset="{players: {min: 3, min: 4}}"), f":{line_of_key('ruleset')}: players: 'min' is given twice"),
    (record_text(ruleset="{ante: !!python/object/apply:os.system ['echo hi']}"),
     f":{line_of_key('ruleset')}: ante: tag:yaml.org,2002:python/object/apply:os.system is not allowed here"),
    (record_text(ruleset="{ante: 99999999}"), f":{line_of_key('ruleset')}: ante must be at most 1,000,000, not 99999999"),
    (record_text(format='"\\e]0;PWNED\\a\u202e"'),
     f":{line_of_key('format')}: format must be 'ramsli-hand/1', not '\\x1b]0;PWNED\\x07\\u202e'"),
    (record_text(format="[" + ", ".join(["[1, 2, 3]"] * 500) + "]"),
     f":{line_of_key('format')}: format must be 'ramsli-hand/1', not [[1, 2, 3], [1, 2, 3], "),
    (record_text(actions="[{seat: 1, seat: 2, act: in}]"), f":{line_of_key('actions')}: actions: 'seat' is given twice"),
    (record_text(deck="[" + ", ".join(GOOD["deck"][:-1] + ["x" * 100_000]) + "]"),
     f":{line_of_key('deck')}: deck card 32: 'xxxxxxx"),
    (BILLION_LAUGHS + record_text(format="*i"), ":2: YAML aliases (*a) are not read here: write the value out"),
]


@pytest.mark.parametrize("text, expected", BAD_RECORDS, ids=[expected[:50] for _, expected in BAD_RECORDS])
def test_a_bad_record_is_one_line_naming_record_and_line(text, expected):
    started = time.monotonic()
    assert error_message(text).startswith(expected)
    assert time.monotonic() - started < 2


def test_a_record_never_shows_another_files_content(tmp_path):
    (tmp_path / "secret.txt").write_text("TOPSECRET: x\n")
    (tmp_path / "secret.yaml").write_text("TOPSECRET: x\n")
    for reference in ("/etc/passwd", "secret.txt", str(tmp_path / "secret.yaml"), "~/.bashrc"):
        message = error_message(record_text(ruleset=json.dumps(reference)), base_dir=tmp_path)
        assert "TOPSECRET" not in message and "root:" not in message


def test_a_record_names_a_ruleset_file_beside_it_or_where_the_command_was_typed(tmp_path):
    (tmp_path / "records").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "four.yaml").write_text("ante: 4\n")
    (tmp_path / "records" / "beside.yaml").write_text("ante: 3\n")
    (tmp_path / "records" / "one.yaml").write_text(record_text(ruleset="beside.yaml"))
    (tmp_path / "records" / "two.yaml").write_text(record_text(ruleset="rules/four.yaml"))
    for name in ("one", "two"):
        done = replay_cli(["records/" + name + ".yaml"], tmp_path)
        assert done.returncode == 0, done.stdout
        assert json.loads(done.stdout)["complete"] is False


def replay_cli(args, cwd, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", *args, "--json"],
                          capture_output=True, cwd=cwd, input=stdin, timeout=30)


def assert_json_error(done: subprocess.CompletedProcess, source: str) -> str:
    """The one-line message of the error object that is the whole of stdout."""
    assert done.returncode == 2 and b"Traceback" not in done.stderr + done.stdout
    result = json.loads(done.stdout)
    assert set(result) == {"format", "error"} and result["error"]["action"] is None
    message = result["error"]["message"]
    assert message.startswith(f"{source}:") and "\n" not in message and message.isprintable()
    return message


@pytest.mark.parametrize("data", [
    record_text(players="9" * 4301).encode(),
    (record_text() + "[a]: 1\n").encode(),
    (BILLION_LAUGHS + record_text(format="*i")).encode(),
    b"format: ramsli-hand/1\n" + bytes(range(256)) * 4,
], ids=["huge-number", "list-key", "alias-bomb", "binary"])
def test_the_real_command_answers_a_bad_record_on_stdin_and_in_a_file_with_the_json_error(tmp_path, data):
    assert re.match(r"<stdin>:\d+: ", assert_json_error(replay_cli(["-"], tmp_path, stdin=data), "<stdin>"))
    (tmp_path / "rec.yaml").write_bytes(data)
    assert re.match(r"rec\.yaml:\d+: ", assert_json_error(replay_cli(["rec.yaml"], tmp_path), "rec.yaml"))


def test_without_json_the_error_is_one_line_on_stderr(tmp_path):
    (tmp_path / "rec.yaml").write_text(record_text(format='"\\e]0;PWNED\\a"'))
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", "rec.yaml"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "ramsli: rec.yaml:1: format must be 'ramsli-hand/1', not '\\x1b]0;PWNED\\x07'\n"


def test_a_good_record_still_replays(tmp_path):
    result, hand = replay_text(record_text())
    assert hand is not None and result["next"]["seat"] == 1
    assert yaml.safe_load(record_text()) == GOOD
