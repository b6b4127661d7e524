"""Bad settings files, as issue 9 found them by fuzzing: a value that cannot be used
(a tag, a number too long, control characters) is one problem naming its line and keeps
its default while every other setting is kept; what cannot be read at all (an alias
bomb, a list for a key) is one line naming the file, at once."""

from __future__ import annotations

import time

import pytest

from ramsli_tui.storage import Settings
from ramsli_tui.yamlfile import FileProblem

BILLION_LAUGHS = "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{name}: &{name} [{', '.join(['*' + previous] * 9)}]\n" for previous, name in zip("abcdefgh", "bcdefghi")
)


@pytest.mark.parametrize("line, problem", [
    ("theme: !!python/name:os.system", "theme: tag:yaml.org,2002:python/name:os.system is not allowed here: "
                                       "only plain YAML values; the default is used"),
    ("seed: " + "9" * 4301, "seed: a number of 4301 digits is far too big; the default is used"),
    ('name: "\\e]0;PWNED\\a\u202e"', "name cannot be '\\x1b]0;PWNED\\x07\\u202e'; 'You' is used"),
    ("name: " + "x" * 100_000, "name cannot be '" + "x" * 59 + "…; 'You' is used"),
    ("bot_delay: [" + ", ".join(["[1, 2]"] * 1000) + "]", "bot_delay cannot be " + "[[1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1,"[:60] + "…; 0.6 is used"),
    ("opponents: [{name: a, name: b}]", "opponents: 'name' is given twice; the default is used"),
    ("\"fa\u202eces\": german", "unknown setting 'fa\\u202eces' (did you mean 'faces'?) is left out"),
], ids=["tag", "huge-number", "escapes", "long", "nested", "duplicate", "bidi-key"])
def test_a_bad_value_is_one_problem_and_the_other_settings_are_kept(line, problem):
    settings, problems = Settings.read("faces: german\n" + line + "\nplayers: 5\n", "settings.yaml")
    assert (settings.faces, settings.players) == ("german", 5)
    assert problems == [(2, problem)]


@pytest.mark.parametrize("text, message", [
    (BILLION_LAUGHS + "theme: *i\n", "settings.yaml:2: YAML aliases (*a) are not read here: write the value out"),
    ("[a]: 1\n", "settings.yaml:1: a key must be a plain name, not a list or a mapping"),
    ("theme: light\ntheme: dark\n", "settings.yaml:2: 'theme' is given twice"),
    ("a: " + "[" * 500 + "]" * 500, "settings.yaml:1: the values are nested more than 20 deep"),
    ("theme: \x1b\n", "settings.yaml:1: the character \\x1b is not allowed in a YAML file"),
])
def test_settings_that_cannot_be_read_are_one_line_naming_the_file(text, message):
    started = time.monotonic()
    with pytest.raises(FileProblem) as raised:
        Settings.read(text, "settings.yaml")
    assert time.monotonic() - started < 2
    assert str(raised.value) == message
