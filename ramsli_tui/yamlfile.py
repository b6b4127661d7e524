"""Reading the files people write by hand: YAML that keeps its line numbers.

Rulesets, themes, settings, saves and hand records are all read here, with the safe
loader only, into node trees that remember where each key stood, so that every mistake
can be told as one line naming the file, the line and the key
(``mine.yaml:4: bete must be a number of chips or 'pot', not 'lots'``).  Misspelt
keys get a "did you mean"; the folders shipped with ramsli (``rulesets``, ``themes``)
are found here too.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import yaml

PACKAGE_DIR = Path(__file__).resolve().parent


class FileProblem(ValueError):
    """A file that cannot be used; the message names the file, the line and the key."""


def bundled(folder: str) -> Path:
    """A folder shipped with ramsli (``rulesets``, ``themes``): inside the installed
    package, or at the checkout's top level."""
    installed = PACKAGE_DIR / folder
    return installed if installed.is_dir() else PACKAGE_DIR.parent / folder


def did_you_mean(word: str, known) -> str:
    """`` (did you mean 'x'?)`` with the known word closest to a misspelt ``word``, or
    nothing when none is close."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def parse_node(text: str, source: str, problem: type[FileProblem] = FileProblem) -> yaml.Node | None:
    """Parse YAML (or JSON) text safely into a node tree that keeps line numbers;
    ``problem`` (a FileProblem) naming the line if it is not YAML."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = f":{mark.line + 1}" if mark else ""
        raise problem(f"{source}{line}: this is not valid YAML ({error.problem})") from None
    except yaml.YAMLError as error:
        raise problem(f"{source}: this is not valid YAML ({error})") from None


def node_value(node: yaml.Node, source: str, problem: type[FileProblem] = FileProblem) -> Any:
    """The Python value of a YAML node, built with the safe constructor."""
    try:
        return yaml.SafeLoader("").construct_object(node, deep=True)
    except yaml.YAMLError:
        raise problem(f"{source}:{line_of(node)}: {node.tag} is not allowed here: only plain YAML values") from None


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1
