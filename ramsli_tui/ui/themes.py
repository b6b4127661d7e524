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
from textual.theme import Theme

from ..storage import load_yaml

PACKAGE_DIR = Path(__file__).resolve().parent.parent
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


class ThemeError(ValueError):
    """A theme file that cannot be used; the message names the file."""


def bundled_dir() -> Path:
    installed = PACKAGE_DIR / "themes"
    return installed if installed.is_dir() else PACKAGE_DIR.parent / "themes"


def load_theme(path: Path) -> Theme:
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise ThemeError(f"{path}: cannot be read as YAML ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("primary"), str):
        raise ThemeError(f"{path}: a theme needs at least a 'primary' colour")
    unknown = set(data) - {"name", "dark", "variables", *THEME_COLOURS}
    if unknown:
        raise ThemeError(f"{path}: unknown key '{sorted(unknown)[0]}'")
    variables = data.get("variables") or {}
    if not isinstance(variables, dict):
        raise ThemeError(f"{path}: 'variables' must be a mapping of names to colours")
    border = variables.get("card-border", "round")
    if border not in BORDERS:
        raise ThemeError(f"{path}: card-border must be one of {', '.join(BORDERS)}, not '{border}'")
    theme = Theme(
        name=str(data.get("name") or path.stem),
        dark=bool(data.get("dark", True)),
        variables={**TABLE_VARIABLES, **{str(key): str(value) for key, value in variables.items()}},
        **{key: str(data[key]) for key in THEME_COLOURS if key in data},
    )
    try:
        theme.to_color_system()
    except Exception as error:  # Textual refuses a colour it cannot parse
        raise ThemeError(f"{path}: {error}") from None
    return theme


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
