"""Bad theme files, as issue 9 found them by fuzzing: each ends in one ThemeError line
naming the file (and the line where there is one), never a traceback, quickly; the
player's other themes still load."""

from __future__ import annotations

import time

import pytest

from ramsli_tui.ui.themes import ThemeError, load_theme, load_themes

BILLION_LAUGHS = "name: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"x{name}: &{name} [{', '.join(['*' + previous] * 9)}]\n" for previous, name in zip("abcdefgh", "bcdefghi")
)
GOOD = "primary: '#112233'\n"

BAD_THEMES = [
    ("[a]: 1\n" + GOOD, ":1: a key must be a plain name, not a list or a mapping"),
    (BILLION_LAUGHS + "primary: *i\n", ":2: YAML aliases (*a) are not read here: write the value out"),
    ("primary: " + "9" * 5000 + "\n", ":1: a number of 5000 digits is far too big"),
    (GOOD + "variables: {1: '#ffffff'}\n", ":2: unknown variable '1'"),
    (GOOD + "variables:\n  card-face: '#ffffff'\n  card-face: '#000000'\n", ":4: 'card-face' is given twice"),
    (GOOD + "primary: '#000000'\n", ":2: 'primary' is given twice"),
    ('primary: "\\e]0;PWNED\\a\u202e"\n', ":1: primary must be a colour such as '#884400', not '\\x1b]0;PWNED\\x07\\u202e'"),
    ("primary: " + "x" * 100_000 + "\n", ":1: primary must be a colour such as '#884400', not '" + "x" * 59 + "…"),
    ("primary: [" + ", ".join(["[1, 2]"] * 1000) + "]\n", ":1: primary must be a colour such as '#884400', not [[1, 2], "),
    (GOOD + "accent: " + "[" * 500 + "]" * 500 + "\n", ":2: the values are nested more than 20 deep"),
    (GOOD + "accent: \x00\n", ":2: the character \\x00 is not allowed in a YAML file"),
    (GOOD + "name: [1, 2]\n", ":2: name must be text, not [1, 2]"),
    (GOOD + "dark: 'no'\n", ":2: dark must be true or false, not 'no'"),
    (GOOD + "variables: {card-border: {a: 1}}\n", ":2: card-border must be one of round, heavy"),
]


@pytest.mark.parametrize("text, expected", BAD_THEMES, ids=[expected[:50] for _, expected in BAD_THEMES])
def test_a_bad_theme_is_one_line_naming_the_file(tmp_path, text, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(ThemeError) as raised:
        load_theme(path)
    assert time.monotonic() - started < 2
    message = str(raised.value)
    assert message.startswith(f"{path}{expected}")
    assert message.isprintable() and len(message) < len(str(path)) + 200


def test_binary_garbage_and_a_huge_file_are_one_line_too(tmp_path):
    garbage = tmp_path / "garbage.yaml"
    garbage.write_bytes(bytes(range(256)) * 4)
    huge = tmp_path / "huge.yaml"
    huge.write_text(GOOD + "# padding\n" * 120_000)
    for path, expected in ((garbage, ":2: is not a text file (UTF-8)"), (huge, ": is too big for a theme (more than 1 MB)")):
        with pytest.raises(ThemeError) as raised:
            load_theme(path)
        assert str(raised.value) == f"{path}{expected}"


def test_the_players_other_themes_load_beside_broken_ones(tmp_path):
    (tmp_path / "mine.yaml").write_text("name: mine\n" + GOOD)
    for number, (text, _) in enumerate(BAD_THEMES):
        (tmp_path / f"bad{number:02}.yaml").write_text(text, encoding="utf-8")
    themes, problems = load_themes(tmp_path)
    assert "mine" in {theme.name for theme in themes}
    assert [problem.split(":")[0] for problem in problems] == [str(tmp_path / f"bad{n:02}.yaml") for n in range(len(BAD_THEMES))]
    assert all(problem.isprintable() for problem in problems)
