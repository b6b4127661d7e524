"""Bad ruleset files, as issue 9 found them by fuzzing: each is answered by `ramsli rules
check` (and `show`, `list`) with one line per problem naming the file and the line, exit
status 2, never a traceback, quickly, and without echoing another file's content or a
raw control character."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest

from ramsli_tui import cli
from ramsli_tui.games.ramsli import house_rules

BILLION_LAUGHS = "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{name}: &{name} [{', '.join(['*' + previous] * 9)}]\n"
    for previous, name in zip("abcdefgh", "bcdefghi")
)


def check(capsys, *files) -> tuple[int, list[str]]:
    """`ramsli rules check FILE…` in this process: its status and its lines on stderr."""
    status = cli.main(["rules", "check", *map(str, files)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return status, captured.err.splitlines()


def one_problem(capsys, path) -> str:
    """The one problem `rules check` finds in ``path``, checked to be one printable line
    naming the file and a line."""
    status, lines = check(capsys, path)
    assert status == 2 and len(lines) == 1, lines
    assert re.match(rf"{re.escape(str(path))}:\d+: ", lines[0]), lines[0]
    assert lines[0].isprintable() and len(lines[0]) < len(str(path)) + 300
    return lines[0].removeprefix(f"{path}")


def write(tmp_path, text, name="bad.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BAD_RULESETS = [
    ("[a]: 1\n", ":1: a key must be a plain name, not a list or a mapping"),
    ("{b: 1}: 1\n", ":1: a key must be a plain name, not a list or a mapping"),
    ("ante: " + "9" * 4301 + "\n", ":1: ante: a number of 4301 digits is far too big"),
    ("ante: 1\nbete: " + "[" * 500 + "]" * 500 + "\n", ":2: the values are nested more than 20 deep"),
    ("ante: 1\nbete: \x00\n", ":2: the character \\x00 is not allowed in a YAML file"),
    ("ante: 1\n\x1b]0;PWNED\x07: 2\n", ":2: the character \\x1b is not allowed in a YAML file"),
    ("players: {min: 3, min: 4}\n", ":1: players: 'min' is given twice"),
    ("nap: true\nnap_bonus:\n  2: 1\n  2: 3\n", ":4: nap_bonus: 2 is given twice"),
    ("ante: !!python/object/apply:os.system ['echo hi']\n",
     ":1: ante: tag:yaml.org,2002:python/object/apply:os.system is not allowed here: only plain YAML values"),
    ("nap_bonus: {2: !!python/name:os.system }\n",
     ":1: nap_bonus: tag:yaml.org,2002:python/name:os.system is not allowed here: only plain YAML values"),
    ("ante: " + str(10**75) + "\n", ":1: ante: a number of 76 digits is far too big"),
    ("ante: " + str(10**20) + "\n", ":1: ante must be at most 1,000,000, not 100000000000000000000"),
    ("ante: 1000001\n", ":1: ante must be at most 1,000,000, not 1000001"),
    ("bete: 2000000\n", ":1: bete must be at most 1,000,000, not 2000000"),
    ("starting_chips: 99999999\n", ":1: starting_chips must be at most 1,000,000, not 99999999"),
    ("target: 99999999\n", ":1: target must be at most 1,000,000, not 99999999"),
    ("max_hands: 99999999\n", ":1: max_hands must be at most 1,000,000, not 99999999"),
    ("bete_multiplier: 99999999\n", ":1: bete_multiplier must be at most 1,000,000, not 99999999"),
    ("nap_penalty: {5: 99999999}\n", ":1: nap_penalty [5] must be at most 1,000,000, not 99999999"),
    ("packets: [36, null, 10]\n",
     ":1: packets must be a list of packet sizes above 0 that add up to 5, like [3, 2], not [36, null, 10]"),
    ('ante: "\\e]0;PWNED\\a"\n', ":1: ante must be a whole number of chips (0 or more), not '\\x1b]0;PWNED\\x07'"),
    ('description: "right\u202eleft"\n', ":1: description must be text without control characters, not 'right\\u202eleft'"),
    ('"an\u202ete": 1\n', ":1: unknown key 'an\\u202ete' (did you mean 'ante'?)"),
    ("a: 1\n---\nb: 2\n", ":2: this is not valid YAML (but found another document)"),
    ("description: 2024-02-30\n", ":1: description: '2024-02-30' is not a real date"),
]


@pytest.mark.parametrize("text, expected", BAD_RULESETS, ids=[expected[:50] for _, expected in BAD_RULESETS])
def test_a_bad_ruleset_is_one_line_naming_file_and_line(capsys, tmp_path, text, expected):
    assert one_problem(capsys, write(tmp_path, text)) == expected


def test_a_long_value_is_cut_and_a_nested_one_is_not_dumped(capsys, tmp_path):
    problem = one_problem(capsys, write(tmp_path, "bete: " + "x" * 100_000 + "\n"))
    assert problem == ":1: bete must be a number of chips or 'pot', not '" + "x" * 59 + "…"
    nested = "players: {min: [" + ", ".join(["{a: [1, 2, {b: c}]}"] * 500) + "]}\n"
    assert one_problem(capsys, write(tmp_path, nested)).startswith(":1: players must have 2 <= min <= max <= 6, not {")


def test_binary_garbage_is_not_a_text_file(capsys, tmp_path):
    path = tmp_path / "garbage.yaml"
    path.write_bytes(b"ante: 1\n" + bytes(range(256)) * 8)
    status, lines = check(capsys, path)
    assert status == 2 and lines == [f"{path}:3: is not a text file (UTF-8)"]


def test_a_file_over_a_megabyte_is_refused_unread(capsys, tmp_path):
    path = write(tmp_path, "ante: 1\n" + "# padding\n" * 120_000)
    status, lines = check(capsys, path)
    assert status == 2 and lines == [f"{path}: is too big for a ruleset (more than 1 MB)"]


def test_an_alias_bomb_is_refused_at_once(capsys, tmp_path):
    path = write(tmp_path, "description: x\n" + BILLION_LAUGHS.replace("a: &a", "name: &a"))
    started = time.monotonic()
    problem = one_problem(capsys, path)
    assert time.monotonic() - started < 2
    assert problem == ":3: YAML aliases (*a) are not read here: write the value out"


def test_a_name_too_long_for_the_file_system_is_an_unknown_ruleset(capsys, tmp_path):
    problem = one_problem(capsys, write(tmp_path, "extends: " + "c" * 300 + "\n"))
    assert problem.startswith(":1: extends: unknown ruleset 'cccc") and "…" in problem
    problem = one_problem(capsys, write(tmp_path, "extends: " + "c" * 300 + ".yaml\n"))
    assert problem.startswith(":1: extends: 'cccc") and problem.endswith(": cannot be a ruleset file (File name too long)")


def test_an_extends_chain_too_long_is_refused_on_this_files_extends_line(capsys, tmp_path):
    for number in range(1000):
        write(tmp_path, f"ante: 1\nextends: r{number + 1}.yaml\n" if number < 999 else "ante: 2\n", f"r{number}.yaml")
    started = time.monotonic()
    assert one_problem(capsys, tmp_path / "r0.yaml") == ":2: extends goes more than 10 rulesets deep"
    assert time.monotonic() - started < 2
    assert house_rules.load_file(tmp_path / "r989.yaml").name == "r989"  # extending ten deep is still fine
    assert one_problem(capsys, tmp_path / "r988.yaml") == ":2: extends goes more than 10 rulesets deep"


def test_a_circle_of_extends_is_blamed_on_this_files_extends_line(capsys, tmp_path):
    write(tmp_path, "extends: b.yaml\n", "a.yaml")
    write(tmp_path, "ante: 2\nextends: c.yaml\n", "b.yaml")
    path = write(tmp_path, "bete: 3\nextends: a.yaml\n", "c.yaml")
    assert one_problem(capsys, path) == ":2: extends goes round in a circle (c.yaml -> a.yaml -> b.yaml -> c.yaml)"


@pytest.mark.parametrize("reference", ["/etc/passwd", "secret.txt", "../secret.txt", "~/secret.yaml"])
def test_extends_never_reads_or_shows_a_file_that_is_not_a_ruleset_beside_it(capsys, tmp_path, reference):
    (tmp_path / "secret.txt").write_text("TOPSECRET: x\n")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "secret.txt").write_text("TOPSECRET: x\n")
    problem = one_problem(capsys, write(tmp_path / "rules", f"extends: {reference}\n"))
    assert "TOPSECRET" not in problem and "root:" not in problem
    assert problem.startswith(":1: extends: ") and f"'{reference}'" in problem


def test_extends_takes_a_path_relative_to_the_file_that_names_it(tmp_path):
    (tmp_path / "mine" / "base").mkdir(parents=True)
    write(tmp_path / "mine" / "base", "ante: 4\n", "four.yaml")
    path = write(tmp_path / "mine", "extends: base/four.yaml\nbete: 3\n")
    assert (house_rules.load_file(path).ante, house_rules.load_file(path).bete) == (4, 3)


def test_rules_check_reports_every_wrong_key_and_value_in_one_run(capsys, tmp_path):
    path = write(tmp_path, "ante: -1\nbet: 5\njokers: 3\ndeck: standard52\ncolour: red\nstarting_chips: 10000000\n")
    status, lines = check(capsys, path)
    assert status == 2
    assert lines == [
        f"{path}:1: ante must be a whole number of chips (0 or more), not -1",
        f"{path}:2: unknown key 'bet' (did you mean 'bete'?)",
        f"{path}:3: jokers must be true or false, not 3",
        f"{path}:5: unknown key 'colour'",
        f"{path}:6: starting_chips must be at most 1,000,000, not 10000000",
    ]


def test_one_broken_ruleset_of_the_players_does_not_break_rules_list(capsys, tmp_path, monkeypatch):
    own = tmp_path / "own"
    own.mkdir()
    write(own, "description: Friday nights\nante: 2\n", "friday.yaml")
    write(own, "[a]: 1\n", "broken-key.yaml")
    write(own, BILLION_LAUGHS, "bomb.yaml")
    write(own, "ante: " + "9" * 4301 + "\n", "huge.yaml")
    write(own, "extends: " + "c" * 300 + ".yaml\n", "long.yaml")
    monkeypatch.setattr(house_rules, "user_dir", lambda: own)
    assert cli.main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    ramsli_part = out.split("\nRami Simple:")[0]  # Rami's rulesets follow, one of them also called "long"
    listed = {line.split()[0]: line for line in ramsli_part.splitlines() if line.strip()}
    assert "Friday nights" in listed["friday"] and "classic" in listed
    for name in ("broken-key", "bomb", "huge", "long"):
        assert "(broken)" in listed[name] and f"{own / name}.yaml:" in listed[name]


def test_rules_show_of_a_bad_file_is_one_line(capsys, tmp_path):
    path = write(tmp_path, "[a]: 1\n")
    assert cli.main(["rules", "show", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"ramsli: {path}:1: a key must be a plain name, not a list or a mapping\n"


def test_through_the_real_command_there_is_no_traceback_either(tmp_path):
    bad = [write(tmp_path, text, f"bad{number}.yaml") for number, text in enumerate([
        "[a]: 1\n", "ante: " + "9" * 4301 + "\n", "a: " + "[" * 500 + "]" * 500 + "\n", BILLION_LAUGHS,
    ])]
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "rules", "check", *map(str, bad)],
                          capture_output=True, text=True, timeout=30, cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == list(map(str, bad))


def test_a_file_of_thousands_of_mistakes_is_told_in_twenty_lines_and_a_count(capsys, tmp_path):
    path = write(tmp_path, "".join(f"key{number}: {number}\n" for number in range(4000)))
    started = time.monotonic()
    status, lines = check(capsys, path)
    assert time.monotonic() - started < 2
    assert status == 2 and len(lines) == 21
    assert lines[:2] == [f"{path}:1: unknown key 'key0'", f"{path}:2: unknown key 'key1'"]
    assert lines[-1] == f"{path}:21: and 3980 more problems from here on"


def test_a_file_of_too_many_values_is_refused_before_they_are_built(capsys, tmp_path):
    path = write(tmp_path, "ante: 1\npackets: [" + ", ".join(["1"] * 300_000) + "]\n")
    started = time.monotonic()
    assert one_problem(capsys, path) == ":2: the file holds more than 10,000 values"
    assert time.monotonic() - started < 1


def test_a_ruleset_file_whose_name_holds_a_control_character_is_checked_with_it_escaped(capsys, tmp_path):
    path = write(tmp_path, "ante: 2\n", "odd\x1b]0;x\x07.yaml")
    assert cli.main(["rules", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == f"{tmp_path}/odd\\x1b]0;x\\x07.yaml: ok (odd\\x1b]0;x\\x07)\n"
