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
    assert not [name for name in GRAPH[module] if under(name, "table", "storage", "ui", "cli")]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "table")))
def test_the_table_imports_nothing_of_the_faces_or_storage(module):
    assert not [name for name in GRAPH[module] if under(name, "ui", "cli", "storage")]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "ui")
                                           and not under(name, *(f"ui.{game}" for game in GAME_PACKAGES))))
def test_the_apps_common_parts_import_no_games_engine_or_computer_players(module):
    assert not [name for name in GRAPH[module] if under(name, *(f"games.{game}.{part}" for game in GAME_PACKAGES
                                                                 for part in ("engine", "bots")))]


@pytest.mark.parametrize("module", sorted(name for name in MODULES
                                           if under(name, "ui.common", "ui.widgets", *(f"ui.{game}" for game in GAME_PACKAGES))))
def test_screens_and_widgets_reach_their_table_only_through_the_client(module):
    """Only the app itself starts the table of a local game; what is drawn comes through the client."""
    assert not [name for name in GRAPH[module] if under(name, "table.table", "table.seats")]


def test_the_ui_has_one_folder_shared_by_every_game_one_of_shared_widgets_and_one_per_game():
    folders = {path.parent.name for path in (PACKAGE / "ui").glob("*/__init__.py")}
    assert folders == {"common", "widgets", *GAME_PACKAGES}


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, *(f"ui.{game}" for game in GAME_PACKAGES))))
def test_one_game_s_face_imports_nothing_of_another_game_s(module):
    """What two games' faces share lives in ui/widgets or ui/common, never in one game's folder."""
    own = next(game for game in GAME_PACKAGES if under(module, f"ui.{game}"))
    assert not [name for name in GRAPH[module] if under(name, *(f"ui.{game}" for game in GAME_PACKAGES if game != own))]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if under(name, "ui.widgets") and name != "ramsli_tui.ui.widgets"))
def test_a_shared_widget_is_used_by_the_shared_screens_or_by_every_game(module):
    """A widget only one game draws lives in that game's folder (ui/<game>/)."""
    users = {name for name, imported in GRAPH.items() if module in imported}
    used_by_every_game = all(any(under(user, f"ui.{game}") for user in users) for game in GAME_PACKAGES)
    assert used_by_every_game or any(under(user, "ui.common") for user in users), sorted(users)


@pytest.mark.parametrize("module", ["ramsli_tui.cards", "ramsli_tui.text", "ramsli_tui.yamlfile"])
def test_cards_outside_text_and_yaml_reading_stand_at_the_bottom(module):
    """Below everything: the cards, the one boundary for outside text (text.py) and the
    bounded YAML reader, which import nothing else of the package but the words a person
    reads (languages, for the cards' names and the problems' Words)."""
    assert GRAPH[module] <= {"ramsli_tui.cards", "ramsli_tui.text", "ramsli_tui.languages", "ramsli_tui.languages.words"}
    assert not GRAPH["ramsli_tui.text"], "the boundary stands alone"
    assert GRAPH["ramsli_tui.languages"] <= {"ramsli_tui.languages.pseudo"}, "the words a person reads stand alone"
    assert GRAPH["ramsli_tui.languages.words"] <= {"ramsli_tui.languages"}, "and so do their Words"


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
    "ramsli": ("games.ramsli.house_rules",),
    "rami": ("games.rami.house_rules", "games.rami.melds", "games.rami.solver", "games.rami.deck"),
}
# What both engines share, in games/: held to the same purity as the engines themselves.
SHARED_BY_ENGINES = ("games.protocol", "games.session_base")
ENGINE_MODULES = [path for game in GAME_PACKAGES for path in sorted((PACKAGE / "games" / game / "engine").glob("*.py"))]
ENGINE_MODULES += [PACKAGE / f"{name.replace('.', '/')}.py" for name in SHARED_BY_ENGINES]
FORBIDDEN_IN_ENGINE = ("time", "datetime", "os", "io", "pathlib", "socket", "asyncio", "textual", "yaml", "json")


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_the_engine_does_not_import_textual_or_asyncio(game):
    code = f"import sys, ramsli_tui.games.{game}.engine; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert not {name for name in loaded if name.split(".")[0] in ("textual", "asyncio", "rich")}


def run_time_only(tree: ast.Module) -> ast.Module:
    """The module without its ``if TYPE_CHECKING:`` blocks: what they import is only named
    in annotations, never loaded when the program runs."""
    tree.body = [node for node in tree.body
                 if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")]
    return tree


def absolute_imports_in(tree: ast.AST) -> set[str]:
    """The modules ``tree`` imports by their full names (``import x``, ``from x import y``), anywhere in it."""
    found = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return found | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level}


def engine_module_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.name}" if path.parent.name == "engine" else f"games/{path.name}"


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=engine_module_id)
def test_engine_modules_do_no_io_and_read_no_clock(path):
    game = path.parent.parent.name if path.parent.name == "engine" else None
    tree = run_time_only(ast.parse(path.read_text(encoding="utf-8")))
    outside = absolute_imports_in(tree)
    assert not [name for name in outside if name and name.split(".")[0] in FORBIDDEN_IN_ENGINE]
    inside = GRAPH[module_name(path)]
    own = (f"games.{game}.engine", *ENGINE_MAY_USE[game]) if game else ()
    allowed = (*own, *SHARED_BY_ENGINES, "cards", "yamlfile")
    assert all(under(name, *allowed) for name in inside), inside


# --- each game one plug-in ------------------------------------------------------------------

# Where a game may be named: its own package, its own screens, the registries that list the
# bundled games by name, and each game's codec on the wire.
MAY_NAME_A_GAME = (
    *(f"games.{game}" for game in GAME_PACKAGES), *(f"ui.{game}" for game in GAME_PACKAGES),
    "ui.table_screens", "net.wire_codecs", "net.ramsli_codec", "net.rami_codec",
)
REGISTRY_OF_GAMES = "ramsli_tui.games"  # the package itself, not the modules every game shares


def comparisons_naming_a_game(path: Path) -> list[str]:
    """Each comparison in the module's text with a game's name as a string: ``game == "rami"``,
    ``game in ("ramsli",)``; and each module imported by a name made up at run time
    (``import_module(f"..games.{game}.records")``), a convention that names games unseen."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module"
                and node.args and isinstance(node.args[0], ast.JoinedStr)):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if not isinstance(node, ast.Compare):
            continue
        compared = [node.left, *node.comparators]
        strings = [element for side in compared for element in (side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set))
                                                                  else [side])]
        if any(isinstance(element, ast.Constant) and element.value in GAME_PACKAGES for element in strings):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_game_name_check_finds_what_it_looks_for(tmp_path):
    module = tmp_path / "example.py"
    module.write_text('if game == "rami":\n    pass\nok = game in ("ramsli", "x")\nfine = game == name\n'
                      'rules = import_module(f"games.{game}.rules")\n', encoding="utf-8")
    assert comparisons_naming_a_game(module) == [
        "line 1: game == 'rami'", "line 3: game in ('ramsli', 'x')", "line 5: import_module(f'games.{game}.rules')"]


@pytest.mark.parametrize("module", [name for name in sorted(MODULES)
                                    if not under(name, *MAY_NAME_A_GAME) and name != REGISTRY_OF_GAMES])
def test_outside_a_game_s_own_folders_no_module_imports_it_or_compares_its_name(module):
    """A game is known only through the registries: nothing else imports its package or asks
    whether a game is it by name."""
    assert not [name for name in GRAPH[module] if under(name, *(f"games.{game}" for game in GAME_PACKAGES))]
    assert not comparisons_naming_a_game(MODULES[module])


# --- each game's pieces are named for the game ----------------------------------------------

# The parts every game has, each written once per game under the game's own name.
GAME_PARTS = ("{Title}Session", "{Title}View", "{Title}TableScreen", "{Title}Words", "{Title}Seat", "make_{game}_player")
GAME_TITLES = {"ramsli": "Ramsli", "rami": "Rami"}


def names_defined_in(*packages: str) -> set[str]:
    """The classes and functions defined at the top of the modules in ``packages``."""
    return {node.name for module, path in MODULES.items() if under(module, *packages)
            for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, (ast.ClassDef, ast.FunctionDef))}


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_names_its_own_parts_for_itself(game):
    """The generic names (``Session``, ``Words``, ``make_player`` …) are for what every game
    shares; a game's own session, view, table screen, words, seat and computer players carry its name."""
    defined = names_defined_in(f"games.{game}", f"ui.{game}")
    wanted = {part.format(Title=GAME_TITLES[game], game=game) for part in GAME_PARTS}
    assert wanted <= defined, sorted(wanted - defined)
    generic = {part.format(Title="", game="").replace("__", "_") for part in GAME_PARTS} | {"PlayerView", "SeatPanel", "make_bot"}
    assert not generic & defined, sorted(generic & defined)


# --- logic that is not the faces' lives below them ---------------------------------------------

def test_the_command_line_asks_the_app_only_to_run_it():
    """``ramsli play`` runs the app; the sessions it asks for and the saves it lists are
    told below the faces, as the app tells them.  The one other face it reads is the
    tables' registry, to say a record's refused action as that game's table says it
    (``ramsli replay`` as text, in the reader's language)."""
    assert sorted(name for name in GRAPH["ramsli_tui.cli"] if under(name, "ui")) == [
        "ramsli_tui.ui.app", "ramsli_tui.ui.table_screens"]


def test_telling_a_save_the_session_asked_for_and_the_lobby_seam_live_below_the_faces():
    from ramsli_tui.storage.save_labels import described
    from ramsli_tui.ui.common.lobby import Lobby, LobbyRefusal
    from ramsli_tui.storage.new_session import game_spec, player_counts

    homes = {thing.__name__: thing.__module__ for thing in (described, game_spec, player_counts, Lobby, LobbyRefusal)}
    assert homes == {"described": "ramsli_tui.storage.save_labels", "game_spec": "ramsli_tui.storage.new_session",
                     "player_counts": "ramsli_tui.storage.new_session", "Lobby": "ramsli_tui.table.lobby",
                     "LobbyRefusal": "ramsli_tui.table.lobby"}


def test_the_package_carries_no_test_drivers():
    """What drives the app as a player would (Textual's ``Pilot``) lives with the tests, in tests/kits."""
    driving = [module for module, path in MODULES.items()
               if "textual.pilot" in absolute_imports_in(ast.parse(path.read_text(encoding="utf-8")))]
    assert not driving, driving


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
