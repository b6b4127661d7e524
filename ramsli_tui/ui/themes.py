"""Themes: YAML files of colours and card style, bundled and the player's own.

A theme file holds Textual's theme colours (``primary``, ``background``, …) and, under
``variables``, the table's own: ``card-face``, ``card-edge``, ``card-border``, the
suits of French faces (``suit-spades`` … ``suit-clubs``) and of German ones
(``german-leaves``, ``german-hearts``, ``german-bells``, ``german-acorns``), and
``seat-turn``, which the widgets' CSS uses as ``$card-face`` and so on.  Bundled themes
live in the top-level ``themes/`` folder (inside the wheel when installed); the
player's own in their config folder's ``themes/``, where a file with a bundled theme's
name replaces it.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from textual.color import Color, ColorParseError
from textual.theme import Theme

from ..yamlfile import FileProblem, bundled, did_you_mean, line_of, node_value, parse_node

DEFAULT_THEME = "green-felt"
THEME_COLOURS = (
    "primary", "secondary", "accent", "foreground", "background", "surface", "panel",
    "success", "warning", "error", "boost",
)

# The table's variables, for Textual's own themes and for files that leave some out.
TABLE_VARIABLES = {
    "card-face": "#f6f1e3",
    "card-edge": "#d8cfb6",
    "card-border": "round",
    "suit-spades": "#1b1b1b",
    "suit-hearts": "#c0262d",
    "suit-diamonds": "#c0262d",
    "suit-clubs": "#1b1b1b",
    "german-leaves": "#2e7d32",
    "german-hearts": "#c0262d",
    "german-bells": "#a87500",
    "german-acorns": "#7a4a21",
    "seat-turn": "#ffd65c",
}
BORDERS = ("round", "heavy", "double", "ascii", "solid", "outer", "thick", "wide", "tall", "panel")


class ThemeError(FileProblem):
    """A theme file that cannot be used; the message names the file."""


def bundled_dir() -> Path:
    """The bundled themes."""
    return bundled("themes")


def load_theme(path: Path) -> Theme:
    """The theme in the YAML file at ``path``; ThemeError names the file, the line and the
    key of the first thing wrong with it."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ThemeError(f"{source}: cannot be read ({error})") from None
    node = parse_node(text, source, ThemeError)
    if not isinstance(node, yaml.MappingNode):
        raise ThemeError(f"{source}: a theme must be a mapping of keys to colours (like primary: '#884400')")
    data = {str(key.value): node_value(value, source, ThemeError) for key, value in node.value}
    lines = key_lines(node)
    unknown = [key for key in data if key not in ("name", "dark", "variables", *THEME_COLOURS)]
    if unknown:
        raise ThemeError(f"{source}:{lines[unknown[0]]}: unknown key '{unknown[0]}'{did_you_mean(unknown[0], THEME_COLOURS)}")
    if "primary" not in data:
        raise ThemeError(f"{source}: a theme needs at least a 'primary' colour")
    variables = data.get("variables") or {}
    if not isinstance(variables, dict):
        raise ThemeError(f"{source}:{lines['variables']}: 'variables' must be a mapping of names to colours")
    variable_lines = key_lines(next(value for key, value in node.value if key.value == "variables")) if variables else {}
    for name in variables:
        if name not in TABLE_VARIABLES:
            raise ThemeError(f"{source}:{variable_lines[name]}: unknown variable '{name}'{did_you_mean(name, TABLE_VARIABLES)}")
    border = variables.get("card-border", "round")
    if border not in BORDERS:
        raise ThemeError(f"{source}:{variable_lines['card-border']}: card-border must be one of {', '.join(BORDERS)}, not '{border}'")
    colours = [(key, data[key], lines[key]) for key in THEME_COLOURS if key in data]
    colours += [(name, value, variable_lines[name]) for name, value in variables.items() if name != "card-border"]
    for key, value, line in colours:
        try:
            Color.parse(str(value))
        except ColorParseError:
            raise ThemeError(f"{source}:{line}: {key} must be a colour such as '#884400', not '{value}'") from None
    return Theme(
        name=str(data.get("name") or path.stem),
        dark=bool(data.get("dark", True)),
        variables={**TABLE_VARIABLES, **{str(key): str(value) for key, value in variables.items()}},
        **{key: str(data[key]) for key in THEME_COLOURS if key in data},
    )


def key_lines(node: yaml.MappingNode) -> dict[str, int]:
    """The line of each key of a YAML mapping."""
    return {str(key.value): line_of(key) for key, _ in node.value}


def load_themes(own_dir: Path) -> tuple[list[Theme], list[str]]:
    """Every bundled theme, then the player's own; and a message for each file that failed."""
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    for folder in (bundled_dir(), own_dir):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            try:
                theme = load_theme(path)
            except ThemeError as error:
                problems.append(str(error))
            else:
                themes[theme.name] = theme
    return list(themes.values()), problems
