"""Ruleset files as every game reads them: found by name or path, chained by ``extends``,
every key checked.

A game's rulesets are YAML (or JSON) mappings of keys; one may ``extends:`` another, by
name or by a path relative to itself, down to the game's own base rules.  ``RulesetFiles``
is that machinery for one game, given the checks of its keys, its base rules, its folders
and the words its messages use; each game's ``rules`` module keeps only its own rules and
keys.  Every mistake is one line of the game's ``RulesetError`` naming the file, the line
and the key; a file's wrong keys are told all at once (up to ``MAX_PROBLEMS``); a circle
or a chain of ``extends`` too long is blamed on the first file's ``extends:`` line.

A game's rules know whether they are a bundled ruleset (``bundled``, set here as a file
is read, never a key of the file): a bundled ruleset's description is in the catalogue
and said in the reader's language (``said_description``), a person's own as they wrote
it.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import yaml
from platformdirs import user_config_dir

from ..languages import _
from ..yamlfile import (
    Entry, FileProblem, bundled, did_you_mean, escaped, line_of, mapping_entries, node_value, parse_node, read_text,
    shown_value,
)

SUFFIXES = (".yaml", ".yml", ".json")  # what a ruleset file's name ends in
MAX_EXTENDS = 10  # rulesets in one chain of ``extends``
MAX_PROBLEMS = 20  # told one by one; the rest are counted


def bundled_folder() -> Path:
    """The bundled rulesets: Ramsli's, and a folder of each other game's (``rami/``)."""
    return bundled("rulesets")


def user_folder() -> Path:
    """The player's own rulesets, in the platform's config folder (a folder of each other game's inside)."""
    return Path(user_config_dir("ramsli")) / "rulesets"


# --- bundled or a person's own ----------------------------------------------------------

def bundled_field() -> Any:
    """The ``bundled`` field of a game's rules: True for a ruleset shipped with ramsli (its
    file in the bundled folder, or the game's base rules in the code), whose description
    the catalogue holds.  It says where the rules were read, not what they are: no key of
    a file, not compared."""
    return field(default=False, compare=False, repr=False)


def key_fields(rules: Any) -> list[Field]:
    """The fields of a game's rules that are keys of a ruleset file (all but ``bundled``)."""
    return [item for item in fields(rules) if item.name != "bundled"]


def said_description(rules: Any) -> str:
    """The description a person reads: a bundled ruleset's in their language, their own
    exactly as they wrote it (never looked up in the catalogue)."""
    return _(rules.description) if rules.bundled and rules.description else rules.description


# --- the checks of keys ----------------------------------------------------------------

@dataclass(frozen=True)
class Where:
    """Where a key's value stands, so that a check can say what is wrong with it."""

    source: str
    line: int
    key: str
    problem: type[FileProblem]

    def fail(self, should: str, value: Any) -> FileProblem:
        return self.problem(f"{self.source}:{self.line}: {self.key} {should}, not {shown_value(value)}")


Check = Callable[[Any, Where, Any], Any]  # (value, where, the rules beneath) -> the key's value


def plain_text(value: Any, where: Where, base: Any) -> str:
    """The check of ``name`` and ``description``: one line of printable text."""
    if not isinstance(value, str):
        raise where.fail("must be text", value)
    if not value.isprintable():
        raise where.fail("must be text without control characters", value)
    return value


def _inside(folder: Path, path: Path, reference: str, problem: type[FileProblem]) -> Path:
    """``folder / path`` if it is inside ``folder`` once every link is followed; ``problem``
    (before anything is read) if a link leads it out."""
    found = folder / path
    if not found.resolve().is_relative_to(folder.resolve()):
        raise problem(f"{shown_value(reference)} must stay inside the folder of the file that names it (it leads out of it)")
    return found


def _nothing_more(rules: Any, source: str, entries: Sequence[Entry]) -> None:
    """No check of the keys together."""


# --- one game's ruleset files ------------------------------------------------------------

@dataclass(frozen=True)
class _Layer:
    """One file (or inline mapping) of a chain of ``extends``: its keys, checked
    against the rules beneath it when the chain is complete."""

    source: str
    default_name: str
    folders: tuple[Path, ...]
    entries: tuple[Entry, ...]
    extends: Entry | None
    path: Path | None = None


@dataclass(frozen=True)
class RulesetFiles:
    """How one game finds and reads its ruleset files.

    The game's rules are a frozen dataclass with ``name``, ``description`` and
    ``bundled`` (``bundled_field()``) among its fields; each file gives its own
    ``name`` (its file's, unless it says one) and ``description``, and says whether it
    is a bundled one.

    ``checks`` maps each key to its check; ``base`` is the rules beneath every chain of
    ``extends``; ``folders`` gives the bundled folder, then the player's own (asked at
    every look-up).  ``called`` is what the messages call a ruleset of the game,
    ``example`` a key of it as the message on a file that is not a mapping shows one.
    With ``game``, a file must say ``game: <game>`` (an inline mapping need not);
    ``more_problems`` is the line after the first ``MAX_PROBLEMS`` problems (``source``,
    ``line`` and ``more`` filled in); ``check_whole`` checks the keys together."""

    problem: type[FileProblem]
    base: Any
    checks: Mapping[str, Check]
    folders: Callable[[], Sequence[Path]]
    example: str
    called: str = "ruleset"
    game: str | None = None
    more_problems: str = "{source}:{line}: and {more} more problems from here on"
    check_whole: Callable[[Any, str, Sequence[Entry]], None] = _nothing_more

    # --- finding ---

    def available(self) -> dict[str, Path]:
        """Every ruleset found by name: bundled first, the player's own after (theirs win a clash)."""
        found: dict[str, Path] = {}
        for folder in self.folders():
            if folder.is_dir():
                for path in sorted(folder.glob("*.yaml")):
                    found[path.stem] = path
        return found

    def find(self, name_or_path: str) -> Path:
        """A ruleset the player typed: a name (bundled or own) or a path to a file."""
        candidate = Path(name_or_path).expanduser()
        try:
            if candidate.suffix in SUFFIXES or "/" in name_or_path or candidate.is_file():
                if candidate.exists():  # reading it tells one that is not a regular file
                    return candidate
                raise self.problem(f"{shown_value(name_or_path)}: no such ruleset file")
        except OSError as error:
            raise self.problem(f"{shown_value(name_or_path)}: cannot be a ruleset file ({error.strerror})") from None
        return self._by_name(name_or_path)

    def find_named_in_file(self, reference: str, folders: Sequence[Path]) -> Path:
        """A ruleset named inside a file (``extends:``, a record's ``ruleset:``): a ruleset's
        name, or a path to a ruleset file relative to one of ``folders`` (the naming file's
        own first) that stays inside it.  Never an absolute path, a path climbing out with
        ``..`` or a link leading out, or any file that is not a ruleset file, so that nothing
        else on the machine is read or shown."""
        path = Path(reference)
        if "/" not in reference and "\\" not in reference and path.suffix not in SUFFIXES:
            return self._by_name(reference)
        if path.is_absolute() or reference.startswith("~"):
            raise self.problem(f"{shown_value(reference)} must be a ruleset's name or a path relative to this file")
        if path.suffix not in SUFFIXES:
            raise self.problem(f"{shown_value(reference)} is not a ruleset file (its name ends in .yaml)")
        if ".." in path.parts:
            raise self.problem(f"{shown_value(reference)} must stay inside the folder of the file that names it (no '..')")
        for folder in folders:
            try:
                if (folder / path).exists():
                    return _inside(folder, path, reference, self.problem)
            except OSError as error:
                raise self.problem(f"{shown_value(reference)}: cannot be a ruleset file ({error.strerror})") from None
        raise self.problem(f"{shown_value(reference)}: no such ruleset file")

    def _by_name(self, name: str) -> Path:
        rulesets = self.available()
        if name in rulesets:
            return rulesets[name]
        known = ", ".join(sorted(rulesets))
        raise self.problem(f"unknown {self.called} {shown_value(name)}{did_you_mean(name, rulesets)}; known {self.called}s: {known}")

    # --- reading ---

    def load(self, name_or_path: str) -> Any:
        """A ruleset by bundled/own name or by path."""
        return self.load_file(self.find(name_or_path))

    def load_file(self, path: Path) -> Any:
        """The ruleset in the file at ``path``, with every ruleset it extends."""
        return self._resolved(self._file_layer(Path(path)))

    def from_node(self, node: yaml.Node | None, source: str, default_name: str, folders: Sequence[Path]) -> Any:
        """The rules of a node read from ``source`` (a record's inline ``ruleset:``);
        ``extends`` finds files relative to ``folders``."""
        return self._resolved(self._layer(node, source, default_name, folders, needs_game=False))

    def _file_layer(self, path: Path) -> _Layer:
        source = escaped(str(path), limit=None)
        node = parse_node(read_text(path, self.problem, "ruleset"), source, self.problem)
        return replace(self._layer(node, source, path.stem, [path.parent], needs_game=True), path=path)

    def _layer(self, node: yaml.Node | None, source: str, default_name: str, folders: Sequence[Path],
               needs_game: bool) -> _Layer:
        if node is not None and not isinstance(node, yaml.MappingNode):
            raise self.problem(f"{source}:{line_of(node)}: a ruleset must be a mapping of keys to values (like '{self.example}')")
        entries = mapping_entries(node, source, self.problem) if node is not None else []
        if self.game is not None:
            self._check_game(entries, line_of(node) if node is not None else 1, source, needs_game)
        extends = next((entry for entry in entries if entry.key == "extends"), None)
        keys = tuple(entry for entry in entries if entry.key not in self._own_keys())
        return _Layer(source, default_name, tuple(folders), keys, extends)

    def _own_keys(self) -> tuple[str, ...]:
        """The keys of a ruleset file that are not rules."""
        return ("extends",) if self.game is None else ("extends", "game")

    def _check_game(self, entries: Sequence[Entry], line: int, source: str, needs_game: bool) -> None:
        game = next((entry for entry in entries if entry.key == "game"), None)
        if game is None and needs_game:
            raise self.problem(f"{source}:{line}: a {self.called} must say 'game: {self.game}'")
        if game is not None:
            value = node_value(game.node, source, self.problem, "game")
            if value != self.game:
                raise self.problem(f"{source}:{game.line}: game must be '{self.game}' in a {self.called}, not {shown_value(value)}")

    def _resolved(self, first: _Layer) -> Any:
        """Follow ``first``'s chain of ``extends`` down to the base rules, then apply each
        layer from the bottom up.  A circle or a chain too long is blamed on ``first``'s own
        ``extends:`` line."""
        chain = [first]
        seen = [first.path.resolve()] if first.path else []
        while chain[-1].extends is not None:
            if len(chain) > MAX_EXTENDS:
                raise self.problem(f"{first.source}:{first.extends.line}: extends goes more than {MAX_EXTENDS} rulesets deep")
            parent = self._parent(chain[-1])
            if parent.resolve() in seen:
                circle = " -> ".join(escaped(layer.path.name) for layer in chain if layer.path) + f" -> {escaped(parent.name)}"
                raise self.problem(f"{first.source}:{first.extends.line}: extends goes round in a circle ({circle})")
            seen.append(parent.resolve())
            chain.append(self._file_layer(parent))
        rules = self.base
        for layer in reversed(chain):
            rules = self._applied(layer, rules)
        return rules

    def _parent(self, layer: _Layer) -> Path:
        """The file of the ruleset ``layer`` extends; the problem at its ``extends:`` line."""
        assert layer.extends is not None
        where = f"{layer.source}:{layer.extends.line}"
        name = node_value(layer.extends.node, layer.source, self.problem, "extends")
        if not isinstance(name, str) or not name:
            raise self.problem(f"{where}: extends must name a {self.called}, not {shown_value(name)}")
        try:
            return self.find_named_in_file(name, layer.folders)
        except self.problem as error:
            raise self.problem(f"{where}: extends: {error}") from None

    def _applied(self, layer: _Layer, base: Any) -> Any:
        """``base`` with ``layer``'s keys; the problem listing every wrong key and value."""
        changes: dict[str, Any] = {"name": layer.default_name, "description": "", "bundled": self._bundled(layer)}
        failures: list[tuple[int, str]] = []
        for entry in layer.entries:
            try:
                changes[entry.key] = self._checked(entry, layer.source, base)
            except self.problem as error:
                failures += [(entry.line, problem) for problem in error.problems]
        if failures:
            raise self.problem(*self._told(failures, layer.source))
        rules = replace(base, **changes)
        self.check_whole(rules, layer.source, layer.entries)
        return rules

    def _bundled(self, layer: _Layer) -> bool:
        """Is ``layer`` a file of the bundled folder (the first of ``folders``)?"""
        return layer.path is not None and layer.path.resolve().parent == Path(self.folders()[0]).resolve()

    def _checked(self, entry: Entry, source: str, base: Any) -> Any:
        if entry.key not in self.checks:
            known = [*self.checks, *self._own_keys()]
            raise self.problem(f"{source}:{entry.line}: unknown key {shown_value(entry.key)}{did_you_mean(entry.key, known)}")
        value = node_value(entry.node, source, self.problem, entry.key)
        return self.checks[entry.key](value, Where(source, entry.line, entry.key, self.problem), base)

    def _told(self, failures: list[tuple[int, str]], source: str) -> list[str]:
        """The first MAX_PROBLEMS problems of (line, problem), then how many more from which line."""
        told = [problem for _, problem in failures[:MAX_PROBLEMS]]
        if len(failures) > MAX_PROBLEMS:
            line = failures[MAX_PROBLEMS][0]
            told.append(self.more_problems.format(source=source, line=line, more=len(failures) - MAX_PROBLEMS))
        return told
