"""Reading the files people write by hand: YAML that keeps its line numbers.

Rulesets, themes, settings, saves and hand records are all read here, with the safe
loader only (libyaml's C loader where it is installed), into node trees that remember
where each key stood, so that every mistake can be told as one line naming the file,
the line and the key (``mine.yaml:4: bete must be a number of chips or 'pot', not
'lots'``).  Misspelt keys get a "did you mean"; the folders shipped with ramsli
(``rulesets``, ``themes``) are found here too.

The files may come from strangers, so reading them is bounded: at most
``MAX_FILE_BYTES`` holding at most ``MAX_VALUES`` values, nesting at most
``MAX_DEPTH`` deep, no YAML aliases (a few hundred
bytes of them can stand for gigabytes), no numbers longer than ``MAX_DIGITS`` digits, no
tags but YAML's plain ones, and each only on a value it fits (``!!int "two"`` is told,
never read).  A stream of several documents (``ramsli history export``) may be
as long as ``MAX_STREAM_BYTES``: ``stream_parts`` cuts it into its documents reading its
events only, and each is then read as a file of its own, under every bound of one.  Every value shown in a message goes through ``shown_value`` (or
``escaped`` for text that is not a value): control characters and bidi overrides are
written as escapes, never raw, and long values are cut.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Hashable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from .languages import N_
from .languages.words import Words, said
from .text import for_terminal

PACKAGE_DIR = Path(__file__).resolve().parent

MAX_FILE_BYTES = 1_000_000
MAX_STREAM_BYTES = 50_000_000  # a stream of documents, each of them still a file's size at most
MAX_DEPTH = 20
MAX_VALUES = 10_000  # keys, values and lists in one file: a record holds about 500
MAX_DIGITS = 30
SHOWN_LENGTH = 60
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# What YAML 1.1 lets a file hold: tab, newlines and the printable characters.
NOT_IN_YAML = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
PLAIN_WORD = re.compile(r"[A-Za-z_][\w.-]*")
# TRANSLATORS: what a file that is not a regular file is, in "{file}: is {kind}, not a regular file"
IRREGULAR = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a FIFO (a named pipe)")), (stat.S_ISCHR, N_("a device")),
             (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")))


class Reading(NamedTuple):
    """The two sentences that name a kind of file when it cannot be read: ``unreadable``
    ({file}, {reason}) and ``too_big`` ({file}, {megabytes})."""

    unreadable: str
    too_big: str


# Each kind of file ramsli reads (``read_text``'s ``what``), named in whole sentences.
# TRANSLATORS: {file} a file's path, {reason} the system's reason (in English), {megabytes} a number
READINGS = {
    "file": Reading(N_("{file}: cannot read the file ({reason})"),
                    N_("{file}: is too big for a file (more than {megabytes} MB)")),
    "ruleset": Reading(N_("{file}: cannot read the ruleset ({reason})"),
                       N_("{file}: is too big for a ruleset (more than {megabytes} MB)")),
    "theme": Reading(N_("{file}: cannot read the theme ({reason})"),
                     N_("{file}: is too big for a theme (more than {megabytes} MB)")),
    "record": Reading(N_("{file}: cannot read the record ({reason})"),
                      N_("{file}: is too big for a record (more than {megabytes} MB)")),
    "stream of records": Reading(N_("{file}: cannot read the stream of records ({reason})"),
                                 N_("{file}: is too big for a stream of records (more than {megabytes} MB)")),
    "settings file": Reading(N_("{file}: cannot read the settings file ({reason})"),
                             N_("{file}: is too big for a settings file (more than {megabytes} MB)")),
    "saved game file": Reading(N_("{file}: cannot read the saved game file ({reason})"),
                               N_("{file}: is too big for a saved game file (more than {megabytes} MB)")),
    "keys file": Reading(N_("{file}: cannot read the keys file ({reason})"),
                         N_("{file}: is too big for a keys file (more than {megabytes} MB)")),
}


class FileProblem(ValueError):
    """A file that cannot be used; the message names the file, the line and the key.

    It may carry more than one problem, each one line: ``problems`` lists them all,
    ``str()`` is the first and how many more there are, in English (what ``--json``
    and the server's log read); ``said()`` is the same in the language a person reads.
    Each problem is ``Words`` (languages/words.py), or a text shown as it is."""

    def __init__(self, message: str, *more: str):
        super().__init__(message)
        self.problems = [message, *more]

    def __str__(self) -> str:
        return str(self.words())

    def words(self) -> Words:
        """The first problem and how many more there are, to be said in any language."""
        first, *more = self.problems
        if not more:
            return first if isinstance(first, Words) else Words.as_it_is(first)
        # TRANSLATORS: {problem} the first problem found in a file, {count} how many more it has
        return Words.counted("{problem}; and {count} more", "{problem}; and {count} more", len(more), {"problem": first})

    def said(self) -> str:
        """The first problem and how many more, in the language spoken here."""
        return self.words().said()

    def said_problems(self) -> list[str]:
        """Every problem, one line each, in the language spoken here."""
        return [said(problem) for problem in self.problems]


def is_int(value: Any) -> bool:
    """A whole number, as YAML and JSON read one (``true`` is not 1 here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def bundled(folder: str) -> Path:
    """A folder shipped with ramsli (``rulesets``, ``themes``): inside the installed
    package, or at the checkout's top level."""
    installed = PACKAGE_DIR / folder
    return installed if installed.is_dir() else PACKAGE_DIR.parent / folder


def did_you_mean(word: Any, known) -> str:
    """`` (did you mean 'x'?)`` with the known word closest to a misspelt ``word``, or
    nothing when none is close: ``Words``, to end a problem's sentence."""
    if not isinstance(word, str) or len(word) > SHOWN_LENGTH:
        return ""
    close = difflib.get_close_matches(word, list(known), n=1)
    # TRANSLATORS: added at the end of a problem with a misspelt key; {word} the key meant, keep the space before
    return Words(N_(" (did you mean '{word}'?)"), {"word": close[0]}) if close else ""


# --- showing values in messages ------------------------------------------------------

def escaped(text: str, limit: int | None = SHOWN_LENGTH) -> str:
    """``text`` safe to print in one line (``text.for_terminal``, the one boundary):
    control characters, bidi overrides, no-break spaces and other invisible characters as escapes
    (``\\x1b``, ``\\u202e``, ``\\xa0``), at most ``limit`` characters with an ellipsis."""
    return for_terminal(text, limit, spaces_as_they_are=False)


def shown_value(value: Any, limit: int = SHOWN_LENGTH) -> str:
    """A value from a file in words a player reads: ``'lots'``, ``nothing``, ``true``,
    ``[3, 3]``, ``{max: 7, min: 3}``; one line, escaped, cut after ``limit`` characters.
    A value said in words (``nothing``, ``binary data``) is ``Words``."""
    if not isinstance(value, (list, tuple, dict)):
        shown = _scalar(value, limit, inner=False)
        if isinstance(shown, Words) or len(shown) <= limit:
            return shown
        return shown[:limit] + "…"
    text = ""
    for piece in _pieces(value, limit, inner=False):
        text += piece
        if len(text) > limit:
            return text[:limit] + "…"
    return text


def _pieces(value: Any, limit: int, inner: bool) -> Iterator[str]:
    """The text of ``value`` a piece at a time, so that a long list is never written out
    whole just to be cut."""
    if isinstance(value, (list, tuple)):
        yield "["
        for position, item in enumerate(value):
            yield ", " if position else ""
            yield from _pieces(item, limit, inner=True)
        yield "]"
    elif isinstance(value, dict):
        yield "{"
        for position, key in enumerate(sorted(value, key=str)):
            yield ", " if position else ""
            yield from _pieces(key, limit, inner=True)
            yield ": "
            yield from _pieces(value[key], limit, inner=True)
        yield "}"
    else:
        yield _scalar(value, limit, inner)


def _scalar(value: Any, limit: int, inner: bool) -> str:
    if value is None:
        return "null" if inner else Words(N_("nothing"))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = int(value.bit_length() * 0.30103) + 1
        return str(value) if digits <= MAX_DIGITS else Words(N_("a number of {digits} digits"), {"digits": digits})
    if isinstance(value, float):
        return str(value)
    if isinstance(value, str):
        text = escaped(value[: limit + 1], limit=None)
        return text if inner and PLAIN_WORD.fullmatch(value) else f"'{text}'"
    if isinstance(value, (bytes, bytearray)):
        return Words(N_("binary data"))
    if isinstance(value, date):
        return value.isoformat()
    return escaped(str(value)[: limit + 1], limit=None)


# --- reading ------------------------------------------------------------------------------

def read_text(path: Path, problem: type[FileProblem] = FileProblem, what: str = "file",
              limit: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file at ``path``, read only up to ``limit``; ``problem`` in
    one line if it is not a regular file, cannot be read, is too big or is not UTF-8 text."""
    return decoded(read_bytes(path, problem, what, limit), escaped(str(path), limit=None), problem, what, limit)


def read_bytes(path: Path, problem: type[FileProblem] = FileProblem, what: str = "file",
               limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, read only up to ``limit`` and one more
    (``decoded`` then tells a file too big): the one way ramsli reads a file.  ``problem``
    in one line if it cannot be read or is not a regular file (a folder, a FIFO, a
    device), which is told from its ``stat`` and never read, so that nothing waits on a
    FIFO or reads a device without end."""
    source = escaped(str(path), limit=None)
    try:
        found = os.stat(path)
        _refuse_irregular(found, source, problem)
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as file:
            _refuse_irregular(os.fstat(file.fileno()), source, problem)  # the file opened is the one told
            return file.read(limit + 1)
    except OSError as error:
        reason = error.strerror or Words(N_("unreadable"))
        raise problem(Words(READINGS[what].unreadable, {"file": source, "reason": reason})) from None


def _refuse_irregular(found: os.stat_result, source: str, problem: type[FileProblem]) -> None:
    """``problem`` if ``found`` is not a regular file."""
    kind = irregular(found)
    if kind is not None:
        # TRANSLATORS: {file} a path, {kind} what it is instead ("a folder", "a device")
        raise problem(Words(N_("{file}: is {kind}, not a regular file"), {"file": source, "kind": kind}))


def irregular(found: os.stat_result) -> Words | None:
    """What a file that is not a regular file is (``a folder``, ``a FIFO (a named pipe)``,
    ``a device``), in ``Words``, from its ``stat``; None for a regular file."""
    if stat.S_ISREG(found.st_mode):
        return None
    return Words(next((name for test, name in IRREGULAR if test(found.st_mode)), N_("something else")))


def decoded(data: bytes, source: str, problem: type[FileProblem] = FileProblem, what: str = "file",
            limit: int = MAX_FILE_BYTES) -> str:
    """``data`` as UTF-8 text; ``problem`` if it is over ``limit`` bytes or not text."""
    if len(data) > limit:
        raise problem(Words(READINGS[what].too_big, {"file": source, "megabytes": limit // 1_000_000}))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        # TRANSLATORS: {where} a file's path and line, "mine.yaml:4"
        raise problem(Words(N_("{where}: is not a text file (UTF-8)"), {"where": f"{source}:{line}"})) from None


def parse_node(text: str, source: str, problem: type[FileProblem] = FileProblem,
               first_line: int = 1) -> yaml.Node | None:
    """Parse YAML (or JSON) text safely into a node tree that keeps line numbers;
    ``problem`` (a FileProblem) naming the line if it is not YAML, or is too big, too
    deeply nested or uses aliases.  ``first_line``: the line of a stream the text starts
    on (a ``Part``), which every line told and kept counts from."""
    below = first_line - 1
    if len(text) > MAX_FILE_BYTES:
        where = f"{source}:{first_line}" if below else source
        # TRANSLATORS: {where} a file's path (and line), {megabytes} a number
        raise problem(Words(N_("{where}: is too big (more than {megabytes} MB)"),
                            {"where": where, "megabytes": MAX_FILE_BYTES // 1_000_000}))
    _refuse_characters(text, source, problem, below)
    try:
        _refuse_aliases_values_and_depth(text, source, problem, below)
        node = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{source}:{mark.line + 1 + below}" if mark else source
        said = escaped(str(error.problem), limit=None) if error.problem else Words(N_("unreadable"))
        raise problem(_not_yaml(where, said)) from None
    except yaml.YAMLError as error:
        said = escaped(str(error).splitlines()[0]) if str(error) else Words(N_("unreadable"))
        raise problem(_not_yaml(source, said)) from None
    return _moved_down(node, below) if node is not None and below else node


def _not_yaml(where: str, said: str) -> Words:
    """The problem of text YAML cannot read: ``said`` is the YAML reader's own words, in English."""
    # TRANSLATORS: {where} a file's path and line, {problem} what the YAML reader says, in English
    return Words(N_("{where}: this is not valid YAML ({problem})"), {"where": where, "problem": said})


def _refuse_characters(text: str, source: str, problem: type[FileProblem], below: int) -> None:
    found = NOT_IN_YAML.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1 + below
        # TRANSLATORS: {where} a file's path and line, {character} the character written as an escape (\x00)
        raise problem(Words(N_("{where}: the character {character} is not allowed in a YAML file"),
                            {"where": f"{source}:{line}", "character": escaped(found.group())}))


def _refuse_aliases_values_and_depth(text: str, source: str, problem: type[FileProblem], below: int) -> None:
    """Read the file's events only, and stop at the first alias, at nesting too deep or
    at too many values, before any node is built."""
    depth = 0
    for count, event in enumerate(yaml.parse(text, Loader=YAML_LOADER)):
        where = f"{source}:{event.start_mark.line + 1 + below}"
        if count > MAX_VALUES:
            # TRANSLATORS: {where} a file's path and line, {most} a number ("10,000")
            raise problem(Words(N_("{where}: the file holds more than {most} values"), {"where": where, "most": f"{MAX_VALUES:,}"}))
        if isinstance(event, yaml.AliasEvent):
            # TRANSLATORS: {where} a file's path and line, {anchor} the alias's name as written after '*'
            raise problem(Words(N_("{where}: YAML aliases (*{anchor}) are not read here: write the value out"),
                                {"where": where, "anchor": escaped(event.anchor)}))
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                # TRANSLATORS: {where} a file's path and line, {most} a number
                raise problem(Words(N_("{where}: the values are nested more than {most} deep"), {"where": where, "most": MAX_DEPTH}))
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1


def _moved_down(root: yaml.Node, lines: int) -> yaml.Node:
    """``root`` and every node under it, each told ``lines`` lines further down (a tree
    without aliases holds each node once)."""
    waiting = [root]
    while waiting:
        node = waiting.pop()
        node.start_mark, node.end_mark = _mark_moved(node.start_mark, lines), _mark_moved(node.end_mark, lines)
        if isinstance(node, yaml.MappingNode):
            waiting += [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            waiting += node.value
    return root


def _mark_moved(mark, lines: int) -> yaml.Mark:
    return yaml.Mark(mark.name, mark.index, mark.line + lines, mark.column, None, None)


# --- streams of documents ------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """A part of a YAML stream to read on its own (``parse_node(part.text, …,
    first_line=part.line)``): its text, and the line of the stream it starts on."""

    text: str
    line: int


def stream_parts(text: str, key: str) -> list[Part]:
    """The parts of ``text`` that each hold a value of their own: each document of a
    stream of several; else, of a document that is a list of mappings each holding
    ``key``, each one's value of ``key``; else the whole text as one part.  Only the
    events are read, never a node built, so the whole is bounded by its size alone; each
    part is bounded as a file is when it is read.  Text that is not YAML is one part,
    whose reading says where it is wrong."""
    try:
        documents = _documents(text)
        if len(documents) > 1:
            return documents
        values = _values_under(key, text) if documents else []
        return values or [Part(text, 1)]
    except yaml.YAMLError:
        return [Part(text, 1)]


def _documents(text: str) -> list[Part]:
    """Each document of a stream, from the start of the line it starts on."""
    documents, start = [], None
    for event in yaml.parse(text, Loader=YAML_LOADER):
        if isinstance(event, yaml.DocumentStartEvent):
            start = event.start_mark
        elif isinstance(event, yaml.DocumentEndEvent):
            documents.append(Part(text[start.index - start.column:event.end_mark.index], start.line + 1))
    return documents


def _values_under(key: str, text: str) -> list[Part]:
    """Of a stream of one document that is a list of mappings each holding ``key``, each
    one's value of ``key``; nothing if the document is anything else."""
    events = yaml.parse(text, Loader=YAML_LOADER)
    next(events), next(events)  # the stream's start and the document's
    if not isinstance(next(events), yaml.SequenceStartEvent):
        return []
    values = []
    for item in events:
        if isinstance(item, yaml.SequenceEndEvent):
            return values
        value = _value_of(key, events, text) if isinstance(item, yaml.MappingStartEvent) else None
        if value is None:
            return []
        values.append(value)
    return []


def _value_of(key: str, events: Iterator[yaml.Event], text: str) -> Part | None:
    """The value of ``key`` in the mapping whose entries ``events`` go on with (up to its
    end), or None if it has no such key."""
    found = None
    for key_event in events:
        if isinstance(key_event, yaml.MappingEndEvent):
            return found
        _end_of(key_event, events)
        value = next(events)
        end = _end_of(value, events)
        if isinstance(key_event, yaml.ScalarEvent) and key_event.value == key:
            start = value.start_mark
            indent = "" if getattr(value, "flow_style", True) else " " * start.column  # a block keeps its column
            found = Part(indent + text[start.index:end.index], start.line + 1)
    return found


def _end_of(first: yaml.Event, events: Iterator[yaml.Event]) -> yaml.Mark:
    """Where the value that starts with ``first`` ends, its events passed."""
    depth = 1 if isinstance(first, yaml.CollectionStartEvent) else 0
    end = first.end_mark
    while depth:
        event = next(events)
        depth += isinstance(event, yaml.CollectionStartEvent) - isinstance(event, yaml.CollectionEndEvent)
        end = event.end_mark
    return end


# --- nodes to values ---------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One key of a YAML mapping: its name, its line and its value's node."""

    key: str
    line: int
    node: yaml.Node


def mapping_entries(node: yaml.MappingNode, source: str, problem: type[FileProblem] = FileProblem) -> list[Entry]:
    """The keys of a mapping in order; ``problem`` if a key is not a plain value or is
    given twice."""
    entries: list[Entry] = []
    seen: set[str] = set()
    for key_node, value_node in node.value:
        line = line_of(key_node)
        where = f"{source}:{line}"
        if not isinstance(key_node, yaml.ScalarNode):
            # TRANSLATORS: {where} a file's path and line
            raise problem(Words(N_("{where}: a key must be a plain name, not a list or a mapping"), {"where": where}))
        key = key_node.value
        if key in seen:
            raise problem(Words(N_("{where}: {key} is given twice"), {"where": where, "key": shown_value(key)}))
        seen.add(key)
        entries.append(Entry(key, line, value_node))
    return entries


class NotPlain(Exception):
    """A node that is not a plain YAML value: ``what`` is wrong (``Words``), on ``line``."""

    def __init__(self, line: int, what: Words):
        super().__init__(f"{line}: {what}")
        self.line, self.what = line, what


def plain_value(node: yaml.Node) -> Any:
    """The Python value of a YAML node, built with the safe constructor; NotPlain for a
    tag that is not plain YAML, a key given twice, a number too long to be meant."""
    try:
        return _PlainValues().construct_object(node, deep=True)
    except ConstructorError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else line_of(node)
        what = error.problem if isinstance(error.problem, Words) else Words.as_it_is(str(error.problem))
        raise NotPlain(line, what) from None


def node_value(node: yaml.Node, source: str, problem: type[FileProblem] = FileProblem, key: str | None = None) -> Any:
    """``plain_value``, or ``problem`` naming the file, the line and the ``key`` the
    node sits under."""
    try:
        return plain_value(node)
    except NotPlain as error:
        where = f"{source}:{error.line}" + (f": {escaped(key)}" if key is not None else "")
        # the place, then the problem said in the reader's language: nothing of its own to translate
        raise problem(Words("{where}: {problem}", {"where": where, "problem": error.what}, translated=False)) from None


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1


YAML_TAG = "tag:yaml.org,2002:"
SCALAR_TAGS = {YAML_TAG + name for name in ("str", "null", "bool", "int", "float", "timestamp")}
COLLECTION_TAGS = {yaml.SequenceNode: YAML_TAG + "seq", yaml.MappingNode: YAML_TAG + "map"}
# TRANSLATORS: {tag} a YAML tag as written (!!int), not translated
NOT_FITTING = {yaml.ScalarNode: N_("{tag} does not fit a single value: write the value without the tag"),
               yaml.SequenceNode: N_("{tag} does not fit a list: write the value without the tag"),
               yaml.MappingNode: N_("{tag} does not fit a mapping: write the value without the tag")}
_IMPLICIT = yaml.resolver.Resolver()
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9_]*)")  # a whole number !!float reads as it is meant (not 0x1F, 017)


def tag_misfit(node: yaml.Node) -> Words | None:
    """What is wrong with ``node``'s tag, in words, or None if the value fits it: a tag
    is one of YAML's plain kinds and says what the value would be read as without it
    (``!!float 3`` and ``!!str`` of any single value fit; ``!!int "two"`` and ``!!float 0x1F`` do not)."""
    tag = node.tag
    if tag in SCALAR_TAGS | set(COLLECTION_TAGS.values()):
        if isinstance(node, yaml.ScalarNode) and tag in SCALAR_TAGS:
            implicit = _IMPLICIT.resolve(yaml.ScalarNode, node.value, (True, False))
            if tag in (implicit, YAML_TAG + "str") or (tag == YAML_TAG + "float" and _DECIMAL.fullmatch(node.value)):
                return None
            # TRANSLATORS: {tag} a YAML tag as written (!!int), {value} the value it is on
            return Words(N_("{tag} does not fit {value}: write the value without the tag"),
                         {"tag": tag_shown(tag), "value": shown_value(node.value)})
        if COLLECTION_TAGS.get(type(node)) == tag:
            return None
        return Words(NOT_FITTING[type(node)], {"tag": tag_shown(tag)})
    # TRANSLATORS: {tag} a tag as the file wrote it
    return Words(N_("{tag} is not allowed here: only plain YAML values"), {"tag": escaped(tag, limit=80)})


def tag_shown(tag: str) -> str:
    """A tag as a file writes it: ``!!int``, ``!thing``."""
    return escaped("!!" + tag[len(YAML_TAG):] if tag.startswith(YAML_TAG) else tag)


class _PlainValues(SafeConstructor):
    """The safe constructor, stricter: no tag that does not fit its value or is not
    plain YAML, no key twice in a mapping, no numbers of more than MAX_DIGITS digits,
    no impossible dates."""

    def construct_object(self, node, deep=False):
        misfit = tag_misfit(node)
        if misfit is not None:
            raise ConstructorError(None, None, misfit, node.start_mark)
        return super().construct_object(node, deep)

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, Hashable):
                raise ConstructorError(None, None, Words(N_("a key must be a plain value, not a list or a mapping")),
                                       key_node.start_mark)
            if key in seen:
                # TRANSLATORS: {key} a key of a file, as written there
                raise ConstructorError(None, None, Words(N_("{key} is given twice"), {"key": shown_value(key)}),
                                       key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node):
        digits = len(node.value.lstrip("+-").replace("_", ""))
        if digits > MAX_DIGITS:
            raise ConstructorError(None, None, Words(N_("a number of {digits} digits is far too big"), {"digits": digits}),
                                   node.start_mark)
        return super().construct_yaml_int(node)

    def construct_yaml_timestamp(self, node):
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError:
            # TRANSLATORS: {value} what the file wrote as a date ('2024-02-30')
            raise ConstructorError(None, None, Words(N_("{value} is not a real date"), {"value": shown_value(node.value)}),
                                   node.start_mark) from None


_PlainValues.add_constructor("tag:yaml.org,2002:int", _PlainValues.construct_yaml_int)
_PlainValues.add_constructor("tag:yaml.org,2002:timestamp", _PlainValues.construct_yaml_timestamp)
