"""Every bundled theme stays readable however the terminal shows colour.

Textual draws in truecolour and lets rich turn each colour into the nearest one the
terminal has: one of 256 (tmux's default), one of 16 (``TERM=xterm``), or a grey when
``NO_COLOR`` is set.  Each pair the table draws (words on the felt, a card's suit on its
face, the box round a seat) is turned the same way and must keep its contrast: 4.5 for
words, 3 for muted words, bold marks and the lines that show where a thing is (the WCAG
levels for text and for graphics).  Lines must also stay a colour of their own, and
suits told apart by colour in truecolour stay apart in every other system.  A theme
added to ``themes/`` is checked with the others.
"""

from __future__ import annotations

import pytest
from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.color import Color as RichColor
from rich.color import ColorSystem
from textual.app import App
from textual.color import Color

from ramsli_tui.ui.themes import TABLE_VARIABLES, bundled_dir, load_theme

THEMES = sorted(bundled_dir().glob("*.yaml"))
SYSTEMS = {"truecolour": None, "256 colours": ColorSystem.EIGHT_BIT, "16 colours": ColorSystem.STANDARD}
PALETTES = {ColorSystem.EIGHT_BIT: EIGHT_BIT_PALETTE, ColorSystem.STANDARD: STANDARD_PALETTE}
WORDS, MARKS = 4.5, 3.0

# (colour, on colour, what it draws, the contrast it needs, a line that must keep a colour of its own)
PAIRS = [
    ("foreground", "background", "words on the felt", WORDS, False),
    ("text", "background", "names and stacks at the seats", WORDS, False),
    ("text", "panel", "the title bar", WORDS, False),
    ("text", "surface", "dialogs", WORDS, False),
    ("footer-foreground", "footer-background", "the key bar", WORDS, False),
    ("text", "seat-turn", "the banner when it is your turn", WORDS, False),
    ("text", "error", "the banner when a card is refused", WORDS, False),
    ("block-cursor-foreground", "block-cursor-background", "the highlighted choice in a list", WORDS, False),
    ("text-muted", "background", "names under the trick, seats that are out, box titles", MARKS, False),
    ("text-muted", "panel", "the banner while others play", MARKS, False),
    ("footer-key-foreground", "footer-background", "the keys in the key bar", MARKS, False),
    *((f"suit-{suit}", "card-face", f"{suit} on a French card", MARKS, False)
      for suit in ("spades", "hearts", "diamonds", "clubs")),
    *((f"german-{suit}", "card-face", f"{suit} on a German card", MARKS, False)
      for suit in ("leaves", "hearts", "bells", "acorns")),
    ("table-edge", "background", "the boxes of the seats, the trick, the pot and the talk", MARKS, True),
    ("seat-turn", "background", "the border of the seat to act", MARKS, True),
    ("card-edge", "card-face", "the border of a card you may play", MARKS, True),
    ("card-highlight", "card-face", "the border of the raised card and of the card taking the trick", MARKS, True),
    ("border", "background", "the border of the focused field", MARKS, True),
]
SUITS = {
    "French": ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs"),
    "German": ("german-leaves", "german-hearts", "german-bells", "german-acorns"),
}


class ThemeProbe(App):
    """An app that only works out a theme's CSS variables, as the Ramsli app does."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return TABLE_VARIABLES


def css_variables(path) -> dict[str, str]:
    probe = ThemeProbe()
    theme = load_theme(path)
    probe.register_theme(theme)
    probe.theme = theme.name
    return probe.get_css_variables()


VARIABLES = {path.stem: css_variables(path) for path in THEMES}


def colour(variables: dict[str, str], name: str, on: Color | None = None) -> Color:
    """A variable's colour as drawn: ``auto 87%`` is black or white over ``on``, and a
    colour with alpha is blended onto ``on``."""
    value = variables[name]
    if value.startswith("auto"):
        alpha = float(value.split()[1].rstrip("%")) / 100 if " " in value else 1.0
        return on + on.get_contrast_text(alpha)
    parsed = Color.parse(value)
    return on + parsed if on is not None and parsed.a < 1 else parsed


def shown(drawn: Color, system: ColorSystem | None, no_colour: bool) -> tuple[tuple[int, int, int], object]:
    """The colour a terminal shows for ``drawn``, and what tells it apart from others
    (its palette number, or itself in truecolour)."""
    if no_colour:
        drawn = drawn.monochrome
    if system is None:
        return drawn.rgb, drawn.rgb
    number = RichColor.from_rgb(*drawn.rgb).downgrade(system).number
    return tuple(PALETTES[system][number]), number


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    def luminance(rgb):
        linear = [value / 255 / 12.92 if value <= 10 else ((value / 255 + 0.055) / 1.055) ** 2.4 for value in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_contrast_of_black_on_white_is_21_and_of_a_colour_on_itself_1():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((13, 61, 34), (13, 61, 34)) == 1


def test_a_pale_line_on_a_pale_ground_is_caught():
    """The light theme's borders as issue 10 found them: #fffee9 on #f3efe4 is one
    colour in 256 and in 16 colours."""
    line, ground = Color.parse("#fffee9"), Color.parse("#f3efe4")
    for system in (ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
        assert shown(line, system, False)[1] == shown(ground, system, False)[1]


@pytest.mark.parametrize("no_colour", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("system", SYSTEMS, ids=list(SYSTEMS))
@pytest.mark.parametrize("theme", VARIABLES)
def test_every_pair_the_table_draws_stays_readable(theme, system, no_colour):
    variables = VARIABLES[theme]
    problems = []
    for front, back, what, needed, line in PAIRS:
        ground = colour(variables, back)
        (front_rgb, front_id), (back_rgb, back_id) = (
            shown(colour(variables, front, ground), SYSTEMS[system], no_colour), shown(ground, SYSTEMS[system], no_colour))
        ratio = contrast(front_rgb, back_rgb)
        if ratio < needed or (line and front_id == back_id):
            problems.append(f"{what} ({front} on {back}): {ratio:.2f}, needs {needed}")
    assert not problems, f"{theme} in {system}{' without colour' if no_colour else ''}: " + "; ".join(problems)


@pytest.mark.parametrize("system", [ColorSystem.EIGHT_BIT, ColorSystem.STANDARD], ids=["256 colours", "16 colours"])
@pytest.mark.parametrize("deck", SUITS)
@pytest.mark.parametrize("theme", VARIABLES)
def test_suits_of_different_colours_keep_them_in_fewer_colours(theme, deck, system):
    variables = VARIABLES[theme]
    truecolour = {name: colour(variables, name) for name in SUITS[deck]}
    fewer = {name: shown(drawn, system, False)[1] for name, drawn in truecolour.items()}
    merged = [(first, second) for first in fewer for second in fewer
              if first < second and truecolour[first] != truecolour[second] and fewer[first] == fewer[second]]
    assert merged == []


COLOURED_GERMAN = [theme for theme, variables in VARIABLES.items() if variables["german-bells"] != variables["german-acorns"]]


def test_the_themes_with_colour_give_bells_and_acorns_colours_of_their_own():
    assert set(COLOURED_GERMAN) >= {"green-felt", "light", "high-contrast"}


@pytest.mark.parametrize("system", SYSTEMS, ids=list(SYSTEMS))
@pytest.mark.parametrize("theme", COLOURED_GERMAN)
def test_bells_and_acorns_are_far_apart_in_colour(theme, system):
    """Issue 10 found both gold-brown in 256 colours; their letters tell them apart as
    well (tests/games/ramsli/records/test_card_codes.py)."""
    bells, acorns = (shown(colour(VARIABLES[theme], name), SYSTEMS[system], False)[0]
                     for name in ("german-bells", "german-acorns"))
    assert contrast(bells, acorns) >= 2


def test_every_box_of_the_table_is_drawn_in_the_themes_table_edge():
    """``$panel-lighten-2`` is invisible on the light theme's felt in 256 colours; every
    border is the theme's own ``$table-edge`` (or another colour the checks above cover)."""
    from pathlib import Path

    import ramsli_tui

    package = Path(ramsli_tui.__file__).parent
    offending = [
        f"{path.relative_to(package)}:{number}"
        for path in sorted(package.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "border" in line and "$panel-lighten" in line
    ]
    assert offending == []
