"""Property tests for every reader of files people write (issue 9): rulesets, hand records
(in this process, and through the real command from a file and from stdin), themes and
settings are given generated broken inputs of every kind fuzzing found (wrong types,
control characters and bidi overrides, aliases, tags, deep nesting, huge numbers and
strings, keys given twice, lists as keys, binary garbage, chains and circles of
``extends``) and must answer each with problems of one printable line naming the file
(and the line), never a traceback, within a time bound.

The subprocess cases run under a memory limit and a timeout; most examples run in this
process to keep the suite quick.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramsli_tui import cli
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.records import replay_text
from ramsli_tui.games.ramsli.house_rules import CLASSIC, RULESET_KEYS
from ramsli_tui.storage import Settings
from ramsli_tui.ui.themes import TABLE_VARIABLES, THEME_COLOURS, ThemeError, load_theme
from ramsli_tui.yamlfile import FileProblem

SECONDS = 3  # for one in-process example; a bomb took 35-55 s before
LONGEST_LINE = 400
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- broken pieces of YAML --------------------------------------------------------------

controls = st.text(st.characters(codec="utf-8", categories=("Cc", "Cf", "Zl", "Zp")), min_size=1, max_size=6)
huge_numbers = st.integers(4301, 5000).map(lambda digits: "9" * digits)
big_numbers = st.integers(10**6 + 1, 10**40).map(str)
deep_nesting = st.integers(21, 600).map(lambda depth: "[" * depth + "]" * depth)
quoted_controls = controls.map(json.dumps)  # a double-quoted scalar holding them, escaped
raw_bidi = st.sampled_from("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200f").map(lambda c: f"ab{c}cd")
tags = st.sampled_from([
    "!!python/object/apply:os.system ['echo hi']", "!!python/name:os.system", "!!python/object:object {}",
    "!custom thing", "!!binary QUJD", "!!set {a: null}", "2024-02-30", "!!timestamp 2024-13-01", "!!float nan",
])
long_strings = st.integers(61, 150_000).map(lambda length: "x" * length)
scalars = st.one_of(st.integers(-5, 8).map(str), st.sampled_from(["null", "true", "pot", "a", "'q'", "1.5", "-1"]))
flow_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]")
    | st.lists(st.tuples(st.sampled_from(["min", "max", "2", "5", "a"]), inner), max_size=4).map(
        lambda pairs: "{" + ", ".join(f"{key}: {value}" for key, value in pairs) + "}"),
    max_leaves=20,
)
twice = st.sampled_from(["{min: 3, min: 4}", "{2: 1, 2: 3}", "{a: 1, a: 1}", "[{seat: 1, seat: 2}]"])
bad_values = st.one_of(huge_numbers, big_numbers, deep_nesting, quoted_controls, raw_bidi, tags, long_strings,
                       flow_values, twice, st.just("*anchor"))
odd_keys = st.one_of(st.sampled_from(["[a]", "{b: 1}", "[a, [b]]", "null", "1", "~"]), quoted_controls, raw_bidi,
                     st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10))


def laughs(levels: int, under: str) -> str:
    """A "billion laughs": ``levels`` of nine aliases each, the last under key ``under``."""
    lines = ["lol0: &l0 ['lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol']"]
    lines += [f"lol{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]" for n in range(1, levels)]
    return "\n".join(lines + [f"{under}: *l{levels - 1}"]) + "\n"


def documents(known_keys: list[str]) -> st.SearchStrategy[bytes]:
    """Broken documents for a reader whose keys are ``known_keys``."""
    keys = st.one_of(st.sampled_from(known_keys), odd_keys)
    lines = st.lists(st.tuples(keys, bad_values), min_size=1, max_size=5).map(
        lambda pairs: "anchor0: &anchor 1\n" * any(v == "*anchor" for _, v in pairs)
        + "".join(f"{key}: {value}\n" for key, value in pairs))
    bombs = st.builds(laughs, st.integers(3, 9), st.sampled_from(known_keys))
    raw_controls = st.tuples(st.sampled_from(known_keys), controls).map(lambda pair: f"{pair[0]}: a{pair[1]}b\n")
    texts = st.one_of(lines, bombs, raw_controls).map(str.encode)
    return st.one_of(texts, texts, st.binary(max_size=3000))


def decoded(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def assert_one_line_each(problems: list[str], source: str, with_line: bool = True, naming: str | None = None) -> None:
    """Every problem one printable, short line naming ``source`` (and a line), or
    matching the pattern ``naming``."""
    naming = re.compile(naming or re.escape(source) + (r":\d+: " if with_line else r"(:\d+)?: "))
    for problem in problems:
        assert naming.match(problem), problem
        assert problem.isprintable() and len(problem) < len(source) + LONGEST_LINE, problem
        assert "Traceback" not in problem


@contextlib.contextmanager
def within(seconds: float):
    started = time.monotonic()
    yield
    assert time.monotonic() - started < seconds, f"took {time.monotonic() - started:.1f} s"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# --- rulesets -------------------------------------------------------------------------------

def rules_check(path: Path) -> tuple[int, list[str], str]:
    """`ramsli rules check PATH` in this process: status, stderr lines, stdout."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = cli.main(["rules", "check", str(path)])
    return status, err.getvalue().splitlines(), out.getvalue()


@FUZZ
@given(data=documents(RULESET_KEYS + ["extends"]))
def test_rules_check_answers_any_broken_ruleset_in_lines_naming_file_and_line(folder, data):
    path = folder / "fuzzed.yaml"
    path.write_bytes(data)
    with within(SECONDS):
        status, problems, out = rules_check(path)
    if status == 0:
        assert problems == [] and out.startswith(f"{path}: ok (")
    else:
        assert status == 2 and problems and out == ""
        assert_one_line_each(problems, str(path))


@settings(max_examples=25, deadline=None)
@given(links=st.lists(st.one_of(st.none(), st.integers(0, 11), st.sampled_from(["classic", "nap", "nope"])),
                      min_size=1, max_size=12))
def test_any_web_of_extends_ends_in_a_ruleset_or_lines_blaming_a_file(folder, links):
    """File i extends the file ``links[i]`` (or a name, or nothing): chains, circles,
    links to files that are not there."""
    web = Path(tempfile.mkdtemp(dir=folder))
    for number, link in enumerate(links):
        extends = "" if link is None else f"extends: {link if isinstance(link, str) else f'r{link}.yaml'}\n"
        (web / f"r{number}.yaml").write_text(f"ante: {number}\n{extends}")
    for number in range(len(links)):
        path = web / f"r{number}.yaml"
        with within(SECONDS):
            try:
                ruleset = house_rules.load_file(path)
            except house_rules.RulesetError as error:
                assert_one_line_each(error.problems, str(web), naming=re.escape(str(web)) + r"/r\d+\.yaml:\d+: ")
                if "circle" in str(error) or "deep" in str(error):
                    assert str(error).startswith(f"{path}:2: extends goes ")
            else:
                assert ruleset.ante == number


# --- hand records ----------------------------------------------------------------------------

GOOD_RECORD = {
    "format": "ramsli-hand/1", "ruleset": "classic", "players": 3, "dealer": 0, "stacks": [20, 20, 20], "pot": 0,
    "deck": [card.code for card in CLASSIC.cards()], "actions": [{"seat": 1, "act": "in"}],
}


@st.composite
def broken_records(draw) -> bytes:
    """The good record with values of some keys replaced and odd keys added, or another
    broken document altogether."""
    if draw(st.integers(0, 3)) == 0:
        return draw(documents(list(GOOD_RECORD)))
    changed = draw(st.dictionaries(st.sampled_from(list(GOOD_RECORD)), bad_values, min_size=1, max_size=3))
    lines = [f"{key}: {changed.get(key, json.dumps(value))}" for key, value in GOOD_RECORD.items()]
    extra = draw(st.lists(st.tuples(odd_keys, bad_values), max_size=2))
    text = "\n".join(lines + [f"{key}: {value}" for key, value in extra]) + "\n"
    return (("anchor0: &anchor 1\n" if "*anchor" in text else "") + text).encode()


@FUZZ
@given(data=broken_records())
def test_replay_answers_any_broken_record_with_one_line_naming_record_and_line(data):
    text = decoded(data)
    if text is None:
        return  # not text: the command's case, below
    with within(SECONDS):
        result, hand = replay_text(text, "rec.yaml")
    if hand is not None:
        return
    error = result["error"]
    assert set(result) == {"format", "error"} and set(error) == {"action", "message"}
    if error["action"] is None:
        assert_one_line_each([error["message"]], "rec.yaml")
    else:
        assert error["message"].isprintable() and len(error["message"]) < LONGEST_LINE


def limited_memory() -> None:
    limit = 1_500_000_000
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def replay_command(args: list[str], cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", *args, "--json"], cwd=cwd, input=stdin,
                          capture_output=True, timeout=20, preexec_fn=limited_memory)


def assert_json_result(done: subprocess.CompletedProcess, source: str) -> None:
    assert b"Traceback" not in done.stderr and done.stderr == b""
    result = json.loads(done.stdout)  # the whole of stdout is one JSON object
    assert done.returncode == (2 if "error" in result else 0)
    if "error" in result and result["error"]["action"] is None:
        message = result["error"]["message"]
        assert_one_line_each([message], source)


@FEW
@given(data=broken_records())
def test_the_real_replay_command_answers_a_broken_record_from_a_file_and_from_stdin(folder, data):
    (folder / "rec.yaml").write_bytes(data)
    assert_json_result(replay_command(["rec.yaml"], folder), "rec.yaml")
    assert_json_result(replay_command(["-"], folder, stdin=data), "<stdin>")


# --- themes and settings ------------------------------------------------------------------------

@st.composite
def broken_themes(draw) -> bytes:
    data = draw(documents([*THEME_COLOURS, "name", "dark", "variables"]))
    if draw(st.booleans()):
        names = st.one_of(st.sampled_from(list(TABLE_VARIABLES)), odd_keys)
        pairs = draw(st.lists(st.tuples(names, bad_values), min_size=1, max_size=3))
        data = b"primary: '#112233'\nvariables:\n" + "".join(f"  {key}: {value}\n" for key, value in pairs).encode()
    return data


@FUZZ
@given(data=broken_themes())
def test_a_broken_theme_is_one_line_naming_the_file(folder, data):
    path = folder / "theme.yaml"
    path.write_bytes(data)
    with within(SECONDS):
        try:
            load_theme(path)
        except ThemeError as error:
            assert_one_line_each([str(error)], str(path), with_line=False)


SETTING_KEYS = [setting.name for setting in fields(Settings)]


@FUZZ
@given(data=documents(SETTING_KEYS))
def test_broken_settings_are_problems_of_one_line_or_one_line_naming_the_file(data):
    text = decoded(data)
    if text is None:
        return  # the storage sets a file that is not text aside before it is parsed
    with within(SECONDS):
        try:
            _, problems = Settings.read(text, "settings.yaml")
        except FileProblem as error:
            assert_one_line_each([str(error)], "settings.yaml")
        except ValueError as error:
            assert str(error) == "it is not a mapping of settings"
        else:
            for line, problem in problems:
                assert isinstance(line, int) and line >= 1
                assert problem.isprintable() and len(problem) < LONGEST_LINE, problem
