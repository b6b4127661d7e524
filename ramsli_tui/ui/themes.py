"""Themes: YAML files of colours and card style, bundled and the player's own.

A theme file holds Textual's theme colours (``primary``, ``background``, …) and, under
``variables``, the table's own: ``table-edge`` (the boxes of the seats, the trick, the
pot and the talk), ``card-face``, ``card-edge`` (the border of a card you may play),
``card-border``, ``card-highlight`` (the raised card and the card taking the trick),
the suits of French faces (``suit-spades`` … ``suit-clubs``) and of German ones
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

from ..languages import N_
from ..languages.words import Words
from ..yamlfile import (
    Entry, FileProblem, bundled, did_you_mean, escaped, mapping_entries, node_value, parse_node, read_text,
    shown_value,
)

DEFAULT_THEME = "green-felt"
THEME_COLOURS = (
    "primary", "secondary", "accent", "foreground", "background", "surface", "panel",
    "success", "warning", "error", "boost",
)

# The table's variables, for theme files that leave some out.
TABLE_VARIABLES = {
    "table-edge": "#6aa37f",
    "card-face": "#f6f1e3",
    "card-edge": "#857a61",
    "card-border": "round",
    "card-highlight": "#1a3fc0",
    "suit-spades": "#1b1b1b",
    "suit-hearts": "#c0262d",
    "suit-diamonds": "#c0262d",
    "suit-clubs": "#1b1b1b",
    "german-leaves": "#2e7d32",
    "german-hearts": "#c0262d",
    "german-bells": "#a87500",
    "german-acorns": "#2f2216",
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
    source = escaped(str(path), limit=None)
    node = parse_node(read_text(path, ThemeError, "theme"), source, ThemeError)
    if not isinstance(node, yaml.MappingNode):
        raise ThemeError(Words(N_("{file}: a theme must be a mapping of keys to colours (like primary: '#884400')"), dict(file=source)))
    entries = mapping_entries(node, source, ThemeError)
    data = {entry.key: node_value(entry.node, source, ThemeError) for entry in entries}
    lines = {entry.key: entry.line for entry in entries}
    unknown = [key for key in data if key not in ("name", "dark", "variables", *THEME_COLOURS)]
    if unknown:
        raise ThemeError(Words(N_("{file}:{line}: unknown key {key}{did_you_mean}"), dict(
            file=source, line=lines[unknown[0]], key=shown_value(unknown[0]), did_you_mean=did_you_mean(unknown[0], THEME_COLOURS))))
    if "primary" not in data:
        raise ThemeError(Words(N_("{file}: a theme needs at least a 'primary' colour"), dict(file=source)))
    if "name" in data and not (isinstance(data["name"], str) and data["name"].isprintable()):
        raise ThemeError(Words(N_("{file}:{line}: name must be text, not {value}"), dict(
            file=source, line=lines["name"], value=shown_value(data["name"]))))
    if "dark" in data and not isinstance(data["dark"], bool):
        raise ThemeError(Words(N_("{file}:{line}: dark must be true or false, not {value}"), dict(
            file=source, line=lines["dark"], value=shown_value(data["dark"]))))
    variables, variable_lines = _variables(entries, data, lines, source)
    border = variables.get("card-border", "round")
    if border not in BORDERS:
        raise ThemeError(Words(N_("{file}:{line}: card-border must be one of {borders}, not {value}"), dict(
            file=source, line=variable_lines["card-border"], borders=", ".join(BORDERS), value=shown_value(border))))
    colours = [(key, data[key], lines[key]) for key in THEME_COLOURS if key in data]
    colours += [(name, value, variable_lines[name]) for name, value in variables.items() if name != "card-border"]
    for key, value, line in colours:
        if not _is_colour(value):
            raise ThemeError(Words(N_("{file}:{line}: {key} must be a colour such as '#884400', not {value}"), dict(
                file=source, line=line, key=key, value=shown_value(value))))
    return Theme(
        name=data.get("name") or path.stem,
        dark=data.get("dark", True),
        variables={**TABLE_VARIABLES, **variables},
        **{key: data[key] for key in THEME_COLOURS if key in data},
    )


def _variables(entries: list[Entry], data: dict, lines: dict[str, int], source: str) -> tuple[dict, dict[str, int]]:
    """The table's variables a theme file sets, and the line of each."""
    if not data.get("variables"):
        return {}, {}
    if not isinstance(data["variables"], dict):
        raise ThemeError(Words(N_("{file}:{line}: 'variables' must be a mapping of names to colours"), dict(file=source, line=lines["variables"])))
    node = next(entry.node for entry in entries if entry.key == "variables")
    variables = mapping_entries(node, source, ThemeError)
    for entry in variables:
        if entry.key not in TABLE_VARIABLES:
            raise ThemeError(Words(N_("{file}:{line}: unknown variable {variable}{did_you_mean}"), dict(
                file=source, line=entry.line, variable=shown_value(entry.key), did_you_mean=did_you_mean(entry.key, TABLE_VARIABLES))))
    values = {entry.key: node_value(entry.node, source, ThemeError) for entry in variables}
    return values, {entry.key: entry.line for entry in variables}


def _is_colour(value) -> bool:
    if not isinstance(value, str):
        return False
    try:
        Color.parse(value)
    except ColorParseError:
        return False
    return True


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
                problems.append(error.said())
            else:
                themes[theme.name] = theme
    return list(themes.values()), problems
