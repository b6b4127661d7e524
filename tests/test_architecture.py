"""The layers of the README's "How it is built", read from the import statements of every
module: games know nothing of the table, storage or faces; the table nothing of the
faces; the app's common parts nothing of a game's engine; and no import circle anywhere."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ramsli_tui"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
GAME_PACKAGES = ("ramsli", "rami")


def imports_of(module: str) -> set[str]:
    """The modules of the package that ``module`` imports, anywhere in its text (a
    deferred import inside a function counts: it closes a circle all the same)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in MODULES)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def under(module: str, *packages: str) -> bool:
    return any(module == f"ramsli_tui.{name}" or module.startswith(f"ramsli_tui.{name}.") for name in packages)


def test_the_import_graph_is_read_at_all():
    assert "ramsli_tui.games.ramsli.engine.hand" in GRAPH["ramsli_tui.games.ramsli.engine.session"]
    assert "ramsli_tui.table.table" in GRAPH["ramsli_tui.table.client"]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "games")))
def test_games_import_nothing_of_the_table_storage_or_faces(module):
    assert not [name for name in GRAPH[module] if under(name, "table", "storage", "ui", "cli", "screenshots")]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "table")))
def test_the_table_imports_nothing_of_the_faces_or_storage(module):
    assert not [name for name in GRAPH[module] if under(name, "ui", "cli", "screenshots", "storage")]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "ui")
                                           and not under(name, *(f"ui.screens.{game}" for game in GAME_PACKAGES))))
def test_the_apps_common_parts_import_no_games_engine_or_computer_players(module):
    assert not [name for name in GRAPH[module] if under(name, *(f"games.{game}.{part}" for game in GAME_PACKAGES
                                                                 for part in ("engine", "bots")))]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "ui.screens", "ui.widgets")))
def test_screens_and_widgets_reach_their_table_only_through_the_client(module):
    """Only the app itself starts the table of a local game; what is drawn comes through the client."""
    assert not [name for name in GRAPH[module] if under(name, "table.table", "table.seats")]


@pytest.mark.parametrize("module", ["ramsli_tui.cards", "ramsli_tui.text", "ramsli_tui.yamlfile"])
def test_cards_outside_text_and_yaml_reading_stand_at_the_bottom(module):
    """Below everything: the cards, the one boundary for outside text (text.py) and the
    bounded YAML reader, which import nothing else of the package."""
    assert GRAPH[module] <= {"ramsli_tui.cards", "ramsli_tui.text"}
    assert not GRAPH["ramsli_tui.text"], "the boundary stands alone"


def test_there_is_no_import_circle_anywhere_in_the_package():
    circles = []
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for imported in sorted(GRAPH[module]):
            if state.get(imported) == "open":
                circles.append(path[path.index(imported):] + [imported])
            elif imported not in state:
                visit(imported, path + [imported])
        state[module] = "done"

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])
    assert not circles, " -> ".join(circles[0])


# --- the engine stays pure ------------------------------------------------------------------

# What each game's engine may use of the package besides itself: its rules and its card arithmetic.
ENGINE_MAY_USE = {
    "ramsli": ("games.ramsli.rules",),
    "rami": ("games.rami.rules", "games.rami.melds", "games.rami.solver", "games.rami.deck"),
}
ENGINE_MODULES = [path for game in GAME_PACKAGES for path in sorted((PACKAGE / "games" / game / "engine").glob("*.py"))]
FORBIDDEN_IN_ENGINE = ("time", "datetime", "os", "io", "pathlib", "socket", "asyncio", "textual", "yaml", "json")


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_the_engine_does_not_import_textual_or_asyncio(game):
    code = f"import sys, ramsli_tui.games.{game}.engine; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert not {name for name in loaded if name.split(".")[0] in ("textual", "asyncio", "rich")}


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda path: f"{path.parent.parent.name}/{path.name}")
def test_engine_modules_do_no_io_and_read_no_clock(path):
    game = path.parent.parent.name
    tree = ast.parse(path.read_text(encoding="utf-8"))
    outside = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    outside |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level}
    assert not [name for name in outside if name and name.split(".")[0] in FORBIDDEN_IN_ENGINE]
    inside = GRAPH[module_name(path)]
    allowed = (f"games.{game}.engine", *ENGINE_MAY_USE[game], "games.protocol", "cards", "yamlfile")
    assert all(under(name, *allowed) for name in inside), inside


# --- the hub changes a table only through the table's own methods -------------------------

HUB = ast.parse((PACKAGE / "net" / "hub.py").read_text(encoding="utf-8"))


def attributes_stored_in(tree: ast.AST) -> list[ast.Attribute]:
    """Every ``something.attribute = …`` (or ``+=``, or a name in an unpacking) in ``tree``."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)]


def test_the_hub_sets_attributes_only_of_its_own_objects():
    """The hub's own state (``self.…``) and its table's record (``self.record.…``, net/store.py);
    a seat, a channel or a table is changed only by a call of the table's."""
    own = ("self", "self.record")
    foreign = [f"line {node.lineno}: {ast.unparse(node)}" for node in attributes_stored_in(HUB)
               if ast.unparse(node.value) not in own]
    assert not foreign, foreign


def seat_and_channel_attributes() -> set[str]:
    """What a ``Seat`` and a ``SeatChannel`` hold, and the table's ways to them — less the
    words the hub's own objects use too (a person's ``name``, an attendee's ``player``)."""
    from dataclasses import fields

    from ramsli_tui.table.seats import Seat
    from ramsli_tui.table.table import SeatChannel

    held = {field.name for field in fields(Seat)} | set(vars(SeatChannel(0)))
    return (held | {"seats", "channels", "watchers", "channel", "stream", "on_waiting", "stand_in"}) - {
        "name", "player", "seat"}


def test_the_hub_reads_no_seat_or_channel_of_a_table_and_nothing_private_of_another_object():
    inner = seat_and_channel_attributes()
    assert {"person", "time_limit", "listener", "needed", "away"} <= inner, "the table's insides were read"
    reached = []
    for node in ast.walk(HUB):
        if not isinstance(node, ast.Attribute):
            continue
        base = ast.unparse(node.value)
        if node.attr.startswith("_") and base != "self":
            reached.append(f"line {node.lineno}: {ast.unparse(node)} (private)")
        elif node.attr in inner and base != "SeatSpec" and not base.endswith("spec"):  # a GameSpec's seats are its own
            reached.append(f"line {node.lineno}: {ast.unparse(node)}")
    assert not reached, reached


def test_the_hub_reads_of_a_game_only_what_the_game_protocol_declares():
    from ramsli_tui.games.protocol import Game

    declared = {name for name in dir(Game) if not name.startswith("_")} | set(Game.__annotations__)
    read = {(node.lineno, node.attr) for node in ast.walk(HUB)
            if isinstance(node, ast.Attribute) and ast.unparse(node.value).split(".")[-1] == "game"}
    assert read, "the hub reads its tables' games"
    assert not [f"line {line}: game.{name}" for line, name in sorted(read) if name not in declared]
