"""What both games' hand records share: reading a record's keys, its ruleset, its deck's
card codes, a replay's result or its error object (``result_or_error``), and the JSON of
``ramsli replay``.

A record (``ramsli-hand/1``, ``rami-hand/1``) is a YAML or JSON mapping; ``RecordFields``
reads its top-level keys with their lines, so that every mistake is one line naming the
record, the line and the key.  Each game's ``records`` module keeps what is its own: its
keys and their checks, its actions, the replay and the result object.

``ramsli replay`` also reads a stream of records, as ``ramsli history export`` writes
them (``record_parts``): YAML documents, or one JSON array of objects each holding its
hand's ``record``.  Each is read on its own, its lines counted as they stand in the stream.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

import yaml

from ..cards import Card
from ..languages import N_, _
from ..languages.words import Words, words_of
from ..yamlfile import (
    Entry, FileProblem, Part, is_int, line_of, mapping_entries, node_value, parse_node, shown_value, stream_parts,
)
from .rulesets import RulesetFiles

Replayed = TypeVar("Replayed")  # what a game's replay gives back: its hand, or more

CARD_CODE_LENGTH = 3  # the longest code, ``10H``
EXPORTED_RECORD = "record"  # the key of each hand's record in ``ramsli history export --json``


# What a ruleset's name must be, by what each game calls its rulesets (``RulesetFiles.called``).
# TRANSLATORS: {where} the record's file and line ("hand.yaml:2"); 'ruleset' is the record's key, as typed
RULESET_NAMED = {"ruleset": N_("{where}: ruleset must be a ruleset's name, a path or a mapping"),
                 "Rami ruleset": N_("{where}: ruleset must be a Rami ruleset's name, a path or a mapping")}


# TRANSLATORS: {code} what a record has where a card's code should be ('ZZ'); the codes are as typed
NOT_A_CARD = N_("{code} is not a card (codes look like AS, TD, 7H or X1)")
# What both games say of an action of a record; {index} its number (0 the first).
# TRANSLATORS: {index} an action's number in a record (0 the first); 'seat' the key, as typed
NO_SEAT = N_("action {index} must name its seat")
# TRANSLATORS: {index} an action's number in a record; {seat} the seat it names; {players} how many sit at the table
NO_SUCH_SEAT = N_("action {index}: there is no seat {seat} at a table of {players}")
# TRANSLATORS: {index} an action's number in a record; {problem} what is wrong with it
IN_ACTION = N_("action {index}: {problem}")


class RecordError(FileProblem):
    """A record that cannot be replayed.  ``action`` is the 0-based index of the
    refused action, or None when the record itself is bad.  Its message is ``Words``
    (``str()`` its English, what ``--json`` prints); a refusal of the rules is kept as
    it came (``refused``), for a person's interface to say in their language."""

    def __init__(self, message: str, action: int | None = None):
        super().__init__(message)
        self.action = action

    @classmethod
    def refused(cls, refusal: Exception, action: int) -> RecordError:
        """The rules refused action ``action``: ``refusal`` (an ``IllegalAction``) kept
        whole in the message's field ``refusal``, its English as the engine says it."""
        return cls(Words("{refusal}", {"refusal": refusal}, translated=False), action)


def refusal_in(message: str) -> Exception | None:
    """The refusal of the rules a record's problem passes on (``RecordError.refused``), or None."""
    return message.fields.get("refusal") if isinstance(message, Words) else None


def at(where: str) -> dict[str, str]:
    """The field ``{where}`` of a record's problem: its file and line."""
    return {"where": where}


def folders_of(base_dir: Path | None, also_from: Sequence[Path]) -> list[Path]:
    """Where a ruleset a record names by path is looked for: beside the record
    (``base_dir``), then in ``also_from`` (where a record given on the command line was typed)."""
    return [*([base_dir] if base_dir else []), *also_from]


@dataclass(frozen=True)
class RecordFields:
    """The top-level keys of a record, each with its line; a key it lacks is blamed on
    the line where the record starts."""

    source: str
    start: int
    entries: dict[str, Entry]

    @classmethod
    def read(cls, text: str, source: str, record_format: str, shape: str, first_line: int = 1) -> RecordFields:
        """The keys of the record in ``text``, whose ``format`` must be ``record_format``;
        RecordError ``shape`` (what a record of the game is) if it is not a mapping.
        ``first_line``: the line of a stream of records the text starts on."""
        node = parse_node(text, source, RecordError, first_line)
        if not isinstance(node, yaml.MappingNode):
            line = line_of(node) if node is not None else first_line
            raise RecordError(Words("{where}: {shape}", {**at(f"{source}:{line}"), "shape": Words(shape)}, translated=False))
        fields = cls(source, line_of(node), {entry.key: entry for entry in mapping_entries(node, source, RecordError)})
        if fields.value("format") != record_format:
            # TRANSLATORS: {where} the record's file and line; {format} the format it must name, {value} what it names
            raise RecordError(Words(N_("{where}: format must be '{format}', not {value}"),
                                    {**at(fields.where("format")), "format": record_format,
                                     "value": shown_value(fields.value("format"))}))
        return fields

    def where(self, key: str) -> str:
        """``source:line`` of ``key``, or of where the record starts if it has no such key."""
        return f"{self.source}:{self.entries[key].line if key in self.entries else self.start}"

    def value(self, key: str) -> Any:
        return node_value(self._entry(key).node, self.source, RecordError, key)

    def _entry(self, key: str) -> Entry:
        if key not in self.entries:
            # TRANSLATORS: {where} the record's file and line; {key} a key it must have, as typed in the file
            raise RecordError(Words(N_("{where}: the record has no '{key}'"), {**at(self.where(key)), "key": key}))
        return self.entries[key]

    def dealer(self, players: int) -> int:
        dealer = self.value("dealer")
        if not is_int(dealer) or not 0 <= dealer < players:
            # TRANSLATORS: {where} the record's file and line; {last} the last seat's number, {value} the file's
            raise RecordError(Words(N_("{where}: dealer must be a seat from 0 to {last}, not {value}"),
                                    {**at(self.where("dealer")), "last": players - 1, "value": shown_value(dealer)}))
        return dealer

    def actions(self) -> list[Any]:
        """The raw entries of ``actions`` (none if it is missing or empty)."""
        actions = self.value("actions") if "actions" in self.entries else []
        if actions is None:
            return []
        if not isinstance(actions, list):
            raise RecordError(Words(N_("{where}: actions must be a list"), at(self.where("actions"))))
        return actions

    def inline_ruleset(self, files: RulesetFiles, folders: Sequence[Path]) -> Any | None:
        """The rules of a ``ruleset:`` written out as a mapping, or None when it names one."""
        node = self._entry("ruleset").node
        if not isinstance(node, yaml.MappingNode):
            return None
        return files.from_node(node, self.source, "inline", folders)

    def ruleset_file(self, files: RulesetFiles, folders: Sequence[Path]) -> Path:
        """The file of the ruleset that ``ruleset:`` names by name or by path."""
        name = self.value("ruleset")
        if not isinstance(name, str) or not name:
            raise RecordError(Words(RULESET_NAMED[files.called], at(self.where("ruleset"))))
        try:
            return files.find_named_in_file(name, folders)
        except files.problem as error:
            raise self.problem_under("ruleset", error) from None

    def problem_under(self, key: str, error: Exception) -> RecordError:
        """``error`` told at ``key``'s line, under its name."""
        return RecordError(Words("{where}: {key}: {problem}", {**at(self.where(key)), "key": key,
                                                                "problem": words_of(error)}, translated=False))


def record_parts(text: str) -> list[Part]:
    """The records in ``text``: one, or each of a stream of several (YAML documents, or
    the JSON array of ``ramsli history export --json``), in order."""
    return stream_parts(text, EXPORTED_RECORD)


def card_of(code: Any) -> Card:
    """The card of a code in a record; ValueError in words, the code shown safely."""
    text = str(code) if isinstance(code, (str, int)) and not isinstance(code, bool) else None
    if text is None or len(text.strip()) > CARD_CODE_LENGTH or not text.isprintable():
        raise ValueError(Words(NOT_A_CARD, {"code": shown_value(code)}))
    try:
        return Card.from_code(text)
    except ValueError:
        raise ValueError(Words(NOT_A_CARD, {"code": repr(text)})) from None  # printable, a few characters


def deck_of(raw: Any, where: str) -> list[Card]:
    """The cards of a record's ``deck`` in order, each code checked; whether they make the
    game's deck is the game's to say."""
    if not isinstance(raw, list):
        raise RecordError(Words(N_("{where}: deck must be a list of card codes"), at(where)))
    cards = []
    for position, code in enumerate(raw):
        try:
            cards.append(card_of(code))
        except ValueError as error:
            # TRANSLATORS: {where} the record's file and line; {position} which card of the deck (1 the first)
            raise RecordError(Words(N_("{where}: deck card {position}: {problem}"),
                                    {**at(where), "position": position + 1, "problem": words_of(error)})) from None
    return cards


# --- writing ------------------------------------------------------------------------------

def ruleset_reference(rules: Any, files: RulesetFiles) -> Any:
    """A bundled ruleset by name when it is exactly that one; otherwise every key inline
    (without ``game:``, which an inline ruleset need not say)."""
    try:
        if files.load(rules.name) == rules:
            return rules.name
    except files.problem:
        pass
    inline = rules.as_yaml_dict()
    inline.pop("game", None)
    return inline


def dump_record(record: dict[str, Any], lists_inline: bool = False) -> str:
    """A record as YAML, one action per line, cards as codes; with ``lists_inline`` the
    lists and mappings of the keys before ``deck`` are written on one line each."""
    head = {key: value for key, value in record.items() if key not in ("deck", "actions")}
    text = yaml.safe_dump(head, sort_keys=False, default_flow_style=None if lists_inline else False)
    text += "deck: [" + ", ".join(record["deck"]) + "]\n"
    text += "actions:\n" if record["actions"] else "actions: []\n"
    for entry in record["actions"]:
        text += "- " + yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, width=10**6).strip() + "\n"
    return text


# --- what ``ramsli replay`` prints --------------------------------------------------------

def error_object(result_format: str, error: RecordError) -> dict[str, Any]:
    """The error object of ``result_format`` for a record that could not be replayed; its
    message is ``Words``, a ``str`` of its English (what ``--json`` prints), that a person
    reads said in their language."""
    return {"format": result_format, "error": {"action": error.action, "message": error.words()}}


def result_or_error(replay: Callable[[], Replayed], result_of: Callable[[Replayed], dict[str, Any]],
                    result_format: str) -> tuple[dict[str, Any], Replayed | None]:
    """What ``replay`` gives back and its result object; or, when the record cannot be
    replayed, the error object of ``result_format`` and None."""
    try:
        replayed = replay()
    except RecordError as error:
        return error_object(result_format, error), None
    return result_of(replayed), replayed


def record_stops_here(following: dict[str, Any], doing: str) -> str:
    """The last line of an unfinished record told in words: who is to act (``doing``:
    act, draw, discard), and what it may do."""
    told = {"act": _("The record stops here: seat {seat} to act ({legal})."),
            "draw": _("The record stops here: seat {seat} to draw ({legal})."),
            "discard": _("The record stops here: seat {seat} to discard ({legal}).")}[doing]
    return told.format(seat=following["seat"], legal=", ".join(following["legal"]))


def printed_result(result: dict[str, Any]) -> str:
    """A result or error object as ``ramsli replay --json`` prints it."""
    return json.dumps(result, indent=1)
