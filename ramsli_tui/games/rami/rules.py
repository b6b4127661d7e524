"""Rami house rules: a frozen, validated ``RamiRules`` built from YAML.

The seed's rules are the default (``simple``): a fixed 100 points to each player of the
losing side, the game lost at 300 one against one and at 600 two against two (S14).
Those two numbers are the house rules the source leaves to the table, so they are the
only keys besides ``name`` and ``description``:

```yaml
game: rami                     # every Rami ruleset file says so first
extends: simple                # optional: another Rami ruleset, by name or relative path
description: Short games - the second lost hand ends it.
points_per_loser: 100
losing_total: {2: 200, 4: 400} # by players at the table: 2 (one against one) or 4 (two against two)
```

Bundled Rami rulesets live in ``rulesets/rami/`` (shipped inside the wheel with the
other rulesets); a player's own in the ``rami`` folder of their rulesets folder, or
anywhere by path.  Every mistake is a ``RulesetError`` naming the file, the line and the
key in one sentence, read as Ramsli's rulesets are (``yamlfile``: safe, bounded, with
line numbers and "did you mean").
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Sequence

import yaml
from platformdirs import user_config_dir

from ...yamlfile import (
    Entry, FileProblem, bundled, did_you_mean, escaped, line_of, mapping_entries, node_value, parse_node,
    read_text, shown,
)

GAME = "rami"
PLAYER_COUNTS = (2, 4)  # S2: one against one, or two against two
SUFFIXES = (".yaml", ".yml", ".json")
MAX_EXTENDS = 10
MAX_POINTS = 1_000_000
MAX_PROBLEMS = 20


def side_of(seat: int) -> int:
    """S2: seat 0 (and 2, its partner opposite) is side 0; seat 1 (and 3) is side 1."""
    return seat % 2


class RulesetError(FileProblem):
    """A Rami ruleset that cannot be used; the message names file, line and key."""


@dataclass(frozen=True)
class LosingTotals:
    """S14: the points at which a side has lost the game, by players at the table."""

    two: int = 300
    four: int = 600

    def for_players(self, players: int) -> int:
        return self.two if players == 2 else self.four

    def as_dict(self) -> dict[int, int]:
        return {2: self.two, 4: self.four}


@dataclass(frozen=True)
class RamiRules:
    """The rules of a Rami Simple table; the defaults are the seed's (``simple``)."""

    name: str = "simple"
    description: str = ""
    points_per_loser: int = 100
    losing_total: LosingTotals = LosingTotals()

    def check_players(self, players: int) -> None:
        """ValueError, in one sentence, unless ``players`` is 2 or 4 (S2)."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Rami Simple is for 2 players (one against one) or 4 (two against two), not {players}")

    def points_for_losing_side(self, players: int) -> int:
        """S14: every player of the losing side gets ``points_per_loser``."""
        return self.points_per_loser * (players // 2)

    def lost_at(self, players: int) -> int:
        return self.losing_total.for_players(players)

    def scores_like(self, other: RamiRules) -> bool:
        """Do these rules score a game as ``other``'s do, whatever their names?"""
        return (self.points_per_loser, self.losing_total) == (other.points_per_loser, other.losing_total)

    def as_yaml_dict(self) -> dict[str, Any]:
        """Every key, resolved, as plain YAML-ready values."""
        out: dict[str, Any] = {"game": GAME}
        for item in fields(self):
            value = getattr(self, item.name)
            out[item.name] = value.as_dict() if isinstance(value, LosingTotals) else value
        return out

    def house_rules(self) -> list[str]:
        """The rules that matter at the table, in words, for menus and help."""
        return [
            "Two 52-card decks and four jokers; 1 against 1, or 2 against 2 with partners opposite",
            f"Each player of the losing side gets {self.points_per_loser} points, whatever they hold",
            f"The game is lost at {self.lost_at(2)} points one against one, "
            f"at {self.lost_at(4)} for a team two against two",
        ]


SIMPLE = RamiRules(description="Rami Simple as the source plays it: 100 points to each loser, lost at 300 (1 v 1) or 600 (2 v 2).")


# --- where Rami rulesets live ----------------------------------------------------------------

def bundled_dir() -> Path:
    return bundled("rulesets") / GAME


def user_dir() -> Path:
    return Path(user_config_dir("ramsli")) / "rulesets" / GAME


def available() -> dict[str, Path]:
    """Every Rami ruleset found by name: bundled first, the player's own after (theirs win a clash)."""
    found: dict[str, Path] = {}
    for folder in (bundled_dir(), user_dir()):
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                found[path.stem] = path
    return found


def find(name_or_path: str) -> Path:
    """A Rami ruleset the player typed: a name (bundled or own) or a path to a file."""
    candidate = Path(name_or_path).expanduser()
    try:
        if candidate.suffix in SUFFIXES or "/" in name_or_path or candidate.is_file():
            if candidate.is_file():
                return candidate
            raise RulesetError(f"{shown(name_or_path)}: no such ruleset file")
    except OSError as error:
        raise RulesetError(f"{shown(name_or_path)}: cannot be a ruleset file ({error.strerror})") from None
    return _by_name(name_or_path)


def _by_name(name: str) -> Path:
    rulesets = available()
    if name in rulesets:
        return rulesets[name]
    raise RulesetError(f"unknown Rami ruleset {shown(name)}{did_you_mean(name, rulesets)}; "
                       f"known Rami rulesets: {', '.join(sorted(rulesets))}")


def find_named_in_file(reference: str, folders: Sequence[Path]) -> Path:
    """A ruleset named inside a file (``extends:``, a record's ``ruleset:``): a Rami
    ruleset's name, or a path to a ruleset file relative to one of ``folders``; never an
    absolute path, so that nothing else on the machine is read or shown."""
    path = Path(reference)
    if "/" not in reference and "\\" not in reference and path.suffix not in SUFFIXES:
        return _by_name(reference)
    if path.is_absolute() or reference.startswith("~"):
        raise RulesetError(f"{shown(reference)} must be a ruleset's name or a path relative to this file")
    if path.suffix not in SUFFIXES:
        raise RulesetError(f"{shown(reference)} is not a ruleset file (its name ends in .yaml)")
    for folder in folders:
        try:
            if (folder / path).is_file():
                return folder / path
        except OSError as error:
            raise RulesetError(f"{shown(reference)}: cannot be a ruleset file ({error.strerror})") from None
    raise RulesetError(f"{shown(reference)}: no such ruleset file")


def is_rami_ruleset(path: Path) -> bool:
    """Does the file at ``path`` say ``game: rami``?  (So that ``ramsli rules check`` knows
    which game's rules to read it by; a file that cannot be read is not.)"""
    try:
        node = parse_node(read_text(Path(path), RulesetError, "ruleset"), escaped(str(path)), RulesetError)
    except RulesetError:
        return False
    if not isinstance(node, yaml.MappingNode):
        return False
    return any(key.value == "game" and getattr(value, "value", None) == GAME for key, value in node.value)


# --- reading -----------------------------------------------------------------------------------

def load(name_or_path: str) -> RamiRules:
    """A Rami ruleset by bundled/own name or by path."""
    return load_file(find(name_or_path))


def load_file(path: Path) -> RamiRules:
    return _resolved(_file_layer(Path(path)))


def from_node(node: yaml.Node, source: str, folders: Sequence[Path] = ()) -> RamiRules:
    """The rules of an inline mapping (a record's ``ruleset:``), which need not say
    ``game: rami``; ``extends`` finds files relative to ``folders``."""
    return _resolved(_layer(node, source, "inline", folders, needs_game=False))


@dataclass(frozen=True)
class _Layer:
    """One file (or inline mapping) of a chain of ``extends``."""

    source: str
    default_name: str
    folders: tuple[Path, ...]
    entries: tuple[Entry, ...]
    extends: Entry | None
    path: Path | None = None

    def parent(self) -> Path:
        assert self.extends is not None
        where = f"{self.source}:{self.extends.line}"
        name = node_value(self.extends.node, self.source, RulesetError, "extends")
        if not isinstance(name, str) or not name:
            raise RulesetError(f"{where}: extends must name a Rami ruleset, not {shown(name)}")
        try:
            return find_named_in_file(name, self.folders)
        except RulesetError as error:
            raise RulesetError(f"{where}: extends: {error}") from None

    def applied_to(self, base: RamiRules) -> RamiRules:
        """``base`` with this layer's keys; RulesetError listing every wrong key and value."""
        changes: dict[str, Any] = {"name": self.default_name, "description": ""}
        failures: list[str] = []
        for entry in self.entries:
            try:
                changes[entry.key] = self._checked(entry, base)
            except RulesetError as error:
                failures += error.problems
        if failures:
            told = failures[:MAX_PROBLEMS]
            if len(failures) > MAX_PROBLEMS:
                told.append(f"{self.source}: and {len(failures) - MAX_PROBLEMS} more problems")
            raise RulesetError(*told)
        return replace(base, **changes)

    def _checked(self, entry: Entry, base: RamiRules) -> Any:
        if entry.key not in KEY_CHECKS:
            known = [*KEY_CHECKS, "extends", "game"]
            raise RulesetError(f"{self.source}:{entry.line}: unknown key {shown(entry.key)}{did_you_mean(entry.key, known)}")
        value = node_value(entry.node, self.source, RulesetError, entry.key)
        return KEY_CHECKS[entry.key](value, _Where(self.source, entry.line, entry.key), base)


def _file_layer(path: Path) -> _Layer:
    source = escaped(str(path), limit=None)
    node = parse_node(read_text(path, RulesetError, "ruleset"), source, RulesetError)
    return replace(_layer(node, source, path.stem, [path.parent], needs_game=True), path=path)


def _layer(node: yaml.Node | None, source: str, default_name: str, folders: Sequence[Path], needs_game: bool) -> _Layer:
    if node is not None and not isinstance(node, yaml.MappingNode):
        raise RulesetError(f"{source}:{line_of(node)}: a ruleset must be a mapping of keys to values (like 'points_per_loser: 50')")
    entries = mapping_entries(node, source, RulesetError) if node is not None else []
    game = next((entry for entry in entries if entry.key == "game"), None)
    if game is None and needs_game:
        line = line_of(node) if node is not None else 1
        raise RulesetError(f"{source}:{line}: a Rami ruleset must say 'game: rami'")
    if game is not None and node_value(game.node, source, RulesetError, "game") != GAME:
        value = node_value(game.node, source, RulesetError, "game")
        raise RulesetError(f"{source}:{game.line}: game must be 'rami' in a Rami ruleset, not {shown(value)}")
    extends = next((entry for entry in entries if entry.key == "extends"), None)
    keys = tuple(entry for entry in entries if entry.key not in ("extends", "game"))
    return _Layer(source, default_name, tuple(folders), keys, extends)


def _resolved(first: _Layer) -> RamiRules:
    """Follow ``first``'s chain of ``extends`` down to the seed's rules, then apply each
    layer from the bottom up; a circle or a chain too long is blamed on ``first``'s
    ``extends:`` line."""
    chain = [first]
    seen = [first.path.resolve()] if first.path else []
    while chain[-1].extends is not None:
        if len(chain) > MAX_EXTENDS:
            raise RulesetError(f"{first.source}:{first.extends.line}: extends goes more than {MAX_EXTENDS} rulesets deep")
        parent = chain[-1].parent()
        if parent.resolve() in seen:
            circle = " -> ".join(escaped(layer.path.name) for layer in chain if layer.path) + f" -> {escaped(parent.name)}"
            raise RulesetError(f"{first.source}:{first.extends.line}: extends goes round in a circle ({circle})")
        seen.append(parent.resolve())
        chain.append(_file_layer(parent))
    rules = SIMPLE
    for layer in reversed(chain):
        rules = layer.applied_to(rules)
    return rules


# --- the keys ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Where:
    source: str
    line: int
    key: str

    def fail(self, should: str, value: Any) -> RulesetError:
        return RulesetError(f"{self.source}:{self.line}: {self.key} {should}, not {shown(value)}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value, where: _Where, base: RamiRules) -> str:
    if not isinstance(value, str):
        raise where.fail("must be text", value)
    if not value.isprintable():
        raise where.fail("must be text without control characters", value)
    return value


def _points(value, where: _Where) -> int:
    if not _is_int(value) or not 1 <= value <= MAX_POINTS:
        raise where.fail(f"must be a whole number of points from 1 to {MAX_POINTS:,}", value)
    return value


def _points_per_loser(value, where: _Where, base: RamiRules) -> int:
    return _points(value, where)


def _losing_total(value, where: _Where, base: RamiRules) -> LosingTotals:
    if not isinstance(value, dict):
        raise where.fail("must map the players at the table (2 or 4) to points, like {2: 300, 4: 600}", value)
    totals = base.losing_total.as_dict()
    for players, points in value.items():
        if isinstance(players, str) and players in ("2", "4"):  # JSON keys are always text
            players = int(players)
        if not _is_int(players) or players not in PLAYER_COUNTS:
            raise where.fail("can only name 2 or 4 players", players)
        totals[players] = _points(points, replace(where, key=f"{where.key} [{players}]"))
    return LosingTotals(totals[2], totals[4])


KEY_CHECKS = {
    "name": _text,
    "description": _text,
    "points_per_loser": _points_per_loser,
    "losing_total": _losing_total,
}
