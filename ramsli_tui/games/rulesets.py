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

from ..languages import N_, _
from ..languages.words import Words, words_of
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

    def fail(self, sentence: str, value: Any, **fields: Any) -> FileProblem:
        """The problem ``sentence`` says (marked with ``N_``): ``{where}`` is the file and
        the line, ``{key}`` the key, ``{value}`` the wrong value as shown; ``fields`` the rest."""
        return self.problem(Words(sentence, {"where": f"{self.source}:{self.line}", "key": self.key,
                                             "value": shown_value(value), **fields}))


Check = Callable[[Any, Where, Any], Any]  # (value, where, the rules beneath) -> the key's value


def plain_text(value: Any, where: Where, base: Any) -> str:
    """The check of ``name`` and ``description``: one line of printable text."""
    if not isinstance(value, str):
        # TRANSLATORS: {where} a file's path and line ("mine.yaml:4"), {key} a key as written there, {value} the wrong value
        raise where.fail(N_("{where}: {key} must be text, not {value}"), value)
    if not value.isprintable():
        raise where.fail(N_("{where}: {key} must be text without control characters, not {value}"), value)
    return value


def _inside(folder: Path, path: Path, reference: str, problem: type[FileProblem]) -> Path:
    """``folder / path`` if it is inside ``folder`` once every link is followed; ``problem``
    (before anything is read) if a link leads it out."""
    found = folder / path
    if not found.resolve().is_relative_to(folder.resolve()):
        # TRANSLATORS: {reference} a path a file names, as written there
        raise problem(Words(N_("{reference} must stay inside the folder of the file that names it (it leads out of it)"),
                            {"reference": shown_value(reference)}))
    return found


def _nothing_more(rules: Any, source: str, entries: Sequence[Entry]) -> None:
    """No check of the keys together."""


def _more_from_here(source: str, line: int, more: int) -> Words:
    """The line after the first ``MAX_PROBLEMS`` problems of a file: how many more, from which line."""
    # TRANSLATORS: {where} a file's path and line, {count} how many more problems it has
    return Words.counted("{where}: and {count} more problem from here on", "{where}: and {count} more problems from here on",
                         more, {"where": f"{source}:{line}"})


@dataclass(frozen=True)
class RulesetWords:
    """The sentences that name one game's rulesets, each whole (marked with ``N_``):
    ``unknown`` ({name}, {did_you_mean}, {known}), ``extends_must_name`` ({where},
    {value}), ``must_say_game`` ({where}, {game}), ``game_must_be`` ({where}, {game},
    {value})."""

    unknown: str
    extends_must_name: str
    must_say_game: str
    game_must_be: str


RULESET_WORDS = RulesetWords(
    # TRANSLATORS: {name} the name asked for, {did_you_mean} " (did you mean 'x'?)" or nothing, {known} the names, by commas
    unknown=N_("unknown ruleset {name}{did_you_mean}; known rulesets: {known}"),
    # TRANSLATORS: {where} a file's path and line, {value} what extends says
    extends_must_name=N_("{where}: extends must name a ruleset, not {value}"),
    must_say_game=N_("{where}: a ruleset must say 'game: {game}'"),
    game_must_be=N_("{where}: game must be '{game}' in a ruleset, not {value}"),
)


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
    every look-up).  ``called`` is what a record's messages call a ruleset of the game,
    ``example`` a key of it as the message on a file that is not a mapping shows one;
    ``words`` the sentences that name the game's rulesets.
    With ``game``, a file must say ``game: <game>`` (an inline mapping need not);
    ``more_problems`` is the line after the first ``MAX_PROBLEMS`` problems (given the
    file, the line and how many more); ``check_whole`` checks the keys together."""

    problem: type[FileProblem]
    base: Any
    checks: Mapping[str, Check]
    folders: Callable[[], Sequence[Path]]
    example: str
    called: str = "ruleset"
    words: RulesetWords = RULESET_WORDS
    game: str | None = None
    more_problems: Callable[[str, int, int], Words] = _more_from_here
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
                raise self.problem(_no_such_file(name_or_path))
        except OSError as error:
            raise self.problem(_cannot_be_one(name_or_path, error)) from None
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
        shown = {"reference": shown_value(reference)}
        if path.is_absolute() or reference.startswith("~"):
            # TRANSLATORS: {reference} a path a file names, as written there
            raise self.problem(Words(N_("{reference} must be a ruleset's name or a path relative to this file"), shown))
        if path.suffix not in SUFFIXES:
            raise self.problem(Words(N_("{reference} is not a ruleset file (its name ends in .yaml)"), shown))
        if ".." in path.parts:
            raise self.problem(Words(N_("{reference} must stay inside the folder of the file that names it (no '..')"), shown))
        for folder in folders:
            try:
                if (folder / path).exists():
                    return _inside(folder, path, reference, self.problem)
            except OSError as error:
                raise self.problem(_cannot_be_one(reference, error)) from None
        raise self.problem(_no_such_file(reference))

    def _by_name(self, name: str) -> Path:
        rulesets = self.available()
        if name in rulesets:
            return rulesets[name]
        raise self.problem(Words(self.words.unknown, {"name": shown_value(name), "did_you_mean": did_you_mean(name, rulesets),
                                                      "known": ", ".join(sorted(rulesets))}))

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
            # TRANSLATORS: {where} a file's path and line, {example} a key and its value as a file writes them
            raise self.problem(Words(N_("{where}: a ruleset must be a mapping of keys to values (like '{example}')"),
                                     {"where": f"{source}:{line_of(node)}", "example": self.example}))
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
            raise self.problem(Words(self.words.must_say_game, {"where": f"{source}:{line}", "game": self.game}))
        if game is not None:
            value = node_value(game.node, source, self.problem, "game")
            if value != self.game:
                raise self.problem(Words(self.words.game_must_be, {"where": f"{source}:{game.line}", "game": self.game,
                                                                   "value": shown_value(value)}))

    def _resolved(self, first: _Layer) -> Any:
        """Follow ``first``'s chain of ``extends`` down to the base rules, then apply each
        layer from the bottom up.  A circle or a chain too long is blamed on ``first``'s own
        ``extends:`` line."""
        chain = [first]
        seen = [first.path.resolve()] if first.path else []
        while chain[-1].extends is not None:
            where = f"{first.source}:{first.extends.line}"
            if len(chain) > MAX_EXTENDS:
                # TRANSLATORS: {where} a file's path and line, {most} a number
                raise self.problem(Words(N_("{where}: extends goes more than {most} rulesets deep"),
                                         {"where": where, "most": MAX_EXTENDS}))
            parent = self._parent(chain[-1])
            if parent.resolve() in seen:
                circle = " -> ".join(escaped(layer.path.name) for layer in chain if layer.path) + f" -> {escaped(parent.name)}"
                # TRANSLATORS: {where} a file's path and line, {circle} the files' names joined by " -> "
                raise self.problem(Words(N_("{where}: extends goes round in a circle ({circle})"),
                                         {"where": where, "circle": circle}))
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
            raise self.problem(Words(self.words.extends_must_name, {"where": where, "value": shown_value(name)}))
        try:
            return self.find_named_in_file(name, layer.folders)
        except self.problem as error:
            # TRANSLATORS: {where} a file's path and line, {problem} what is wrong with the ruleset extends names
            raise self.problem(Words(N_("{where}: extends: {problem}"), {"where": where, "problem": words_of(error)})) from None

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
            # TRANSLATORS: {where} a file's path and line, {key} the key as written, {did_you_mean} " (did you mean 'x'?)" or nothing
            raise self.problem(Words(N_("{where}: unknown key {key}{did_you_mean}"), {
                "where": f"{source}:{entry.line}", "key": shown_value(entry.key), "did_you_mean": did_you_mean(entry.key, known)}))
        value = node_value(entry.node, source, self.problem, entry.key)
        return self.checks[entry.key](value, Where(source, entry.line, entry.key, self.problem), base)

    def _told(self, failures: list[tuple[int, str]], source: str) -> list[str]:
        """The first MAX_PROBLEMS problems of (line, problem), then how many more from which line."""
        told = [problem for _, problem in failures[:MAX_PROBLEMS]]
        if len(failures) > MAX_PROBLEMS:
            told.append(self.more_problems(source, failures[MAX_PROBLEMS][0], len(failures) - MAX_PROBLEMS))
        return told


def _no_such_file(reference: str) -> Words:
    # TRANSLATORS: {reference} a ruleset's path as the person or a file wrote it
    return Words(N_("{reference}: no such ruleset file"), {"reference": shown_value(reference)})


def _cannot_be_one(reference: str, error: OSError) -> Words:
    # TRANSLATORS: {reference} a ruleset's path as written, {reason} the system's reason, in English
    return Words(N_("{reference}: cannot be a ruleset file ({reason})"),
                 {"reference": shown_value(reference), "reason": error.strerror})
