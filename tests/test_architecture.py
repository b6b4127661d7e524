"""The layers of ../shared/spec/architecture.md: the engine stays pure, lower layers never import higher ones."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ramsli_tui"


def imported_modules_after(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_the_engine_does_not_import_textual_or_asyncio():
    loaded = imported_modules_after("ramsli_tui.engine")
    assert not {name for name in loaded if name.split(".")[0] in ("textual", "asyncio", "rich")}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


FORBIDDEN_IN_ENGINE = ("time", "datetime", "os", "io", "pathlib", "socket", "asyncio", "textual", "yaml", "json")


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").glob("*.py")), ids=lambda path: path.name)
def test_engine_modules_do_no_io_and_read_no_clock(path):
    for name in imports_of(path):
        assert name.split(".")[0] not in FORBIDDEN_IN_ENGINE, f"{path.name} imports {name}"
        assert not name.startswith(("..ui", "..bots", "..table", "..records", "..cli")), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", [PACKAGE / "cards.py", PACKAGE / "rules.py"], ids=lambda path: path.name)
def test_cards_and_rules_do_not_import_the_engine_or_faces(path):
    for name in imports_of(path):
        assert not name.startswith((".engine", ".ui", ".bots", ".table", ".records", ".cli")), f"{path.name} imports {name}"
