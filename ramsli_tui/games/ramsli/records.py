"""Hand records (``ramsli-hand/1``) and replay results (``ramsli-result/1``).

The public contract of ../shared/spec/hand-record.md: a record holds everything
needed to replay one hand exactly; ``replay`` turns it into the result object that
``ramsli replay --json`` prints, or into an error object naming the refused action.
``record_of`` writes the same format back from a played hand, so records round-trip.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import yaml

from . import rules as rulesets
from ...cards import Card
from .engine import Action, Hand, IllegalAction
from .rules import Ruleset, RulesetError
from ...yamlfile import line_of, mapping_entries, shown

RECORD_FORMAT = "ramsli-hand/1"
RESULT_FORMAT = "ramsli-result/1"


class RecordError(ValueError):
    """A record that cannot be replayed.  ``action`` is the 0-based index of the
    refused action, or None when the record itself is bad."""

    def __init__(self, message: str, action: int | None = None):
        super().__init__(message)
        self.action = action


@dataclass(frozen=True)
class HandRecord:
    rules: Ruleset
    ruleset_ref: Any  # the ruleset as the record named it: a name, a path or a mapping
    players: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    deck: tuple[Card, ...]
    actions: tuple[Any, ...]  # raw entries: checked one by one as they are replayed


# --- reading ----------------------------------------------------------------------------

def read_record(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = ()) -> HandRecord:
    """Parse a YAML or JSON hand record; RecordError (action None) if it is not one.  A
    ruleset it names by path is looked for relative to ``base_dir``, then to the
    folders ``also_from`` (where a record given on the command line was typed)."""
    try:
        return _read_record(text, source, [*([base_dir] if base_dir else []), *also_from])
    except RulesetError as error:
        raise RecordError(str(error)) from None


def _read_record(text: str, source: str, folders: list[Path]) -> HandRecord:
    node = rulesets.parse_yaml_node(text, source)
    if not isinstance(node, yaml.MappingNode):
        line = line_of(node) if node is not None else 1
        raise RecordError(f"{source}:{line}: a hand record must be a mapping with format, ruleset, players, dealer, stacks, pot, deck and actions")
    entries = {entry.key: entry for entry in mapping_entries(node, source, RulesetError)}

    def where(key: str) -> str:
        """The line of ``key``, or where the record starts if it has no such key."""
        return f"{source}:{entries[key].line if key in entries else line_of(node)}"

    def value(key: str) -> Any:
        if key not in entries:
            raise RecordError(f"{where(key)}: the record has no '{key}'")
        return rulesets.node_value(entries[key].node, source, key)

    if value("format") != RECORD_FORMAT:
        raise RecordError(f"{where('format')}: format must be '{RECORD_FORMAT}', not {shown(value('format'))}")
    rules = _record_ruleset(entries, source, folders, where)
    players = value("players")
    if not _is_int(players) or not rules.players.min <= players <= rules.players.max:
        raise RecordError(
            f"{where('players')}: players must be a number from {rules.players.min} to {rules.players.max} "
            f"under the {rules.name} rules, not {shown(players)}"
        )
    dealer = value("dealer")
    if not _is_int(dealer) or not 0 <= dealer < players:
        raise RecordError(f"{where('dealer')}: dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    stacks = value("stacks")
    if not isinstance(stacks, list) or len(stacks) != players or not all(_is_int(s) and s >= 0 for s in stacks):
        raise RecordError(f"{where('stacks')}: stacks must list {players} numbers of chips (0 or more), not {shown(stacks)}")
    pot = value("pot")
    if not _is_int(pot) or pot < 0:
        raise RecordError(f"{where('pot')}: pot must be a number of chips (0 or more), not {shown(pot)}")
    deck = _record_deck(value("deck"), rules, where("deck"))
    actions = value("actions") if "actions" in entries else []
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError(f"{where('actions')}: actions must be a list")
    return HandRecord(rules, value("ruleset"), players, dealer, tuple(stacks), pot, deck, tuple(actions))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_ruleset(entries, source: str, folders: list[Path], where) -> Ruleset:
    if "ruleset" not in entries:
        raise RecordError(f"{where('ruleset')}: the record has no 'ruleset'")
    node = entries["ruleset"].node
    if isinstance(node, yaml.MappingNode):
        return rulesets.from_node(node, source, default_name="inline", base_dir=None, also_from=folders)
    name = rulesets.node_value(node, source, "ruleset")
    if not isinstance(name, str) or not name:
        raise RecordError(f"{where('ruleset')}: ruleset must be a ruleset's name, a path or a mapping")
    try:
        path = rulesets.find_named_in_file(name, folders)
    except RulesetError as error:
        raise RecordError(f"{where('ruleset')}: ruleset: {error}") from None
    return rulesets.load_file(path)


def _record_deck(raw: Any, rules: Ruleset, where: str) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: deck must be a list of card codes")
    cards = []
    for position, code in enumerate(raw):
        try:
            cards.append(_card(code))
        except ValueError as error:
            raise RecordError(f"{where}: deck card {position + 1}: {error}") from None
    expected = set(rules.cards())
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RecordError(f"{where}: deck has {card.code} twice")
        if card not in expected:
            raise RecordError(f"{where}: deck has {card.code}, which is not in the {rules.name} deck")
        seen.add(card)
    missing = sorted(expected - seen)
    if missing:
        listed = ", ".join(card.code for card in missing)
        raise RecordError(f"{where}: deck must hold all {len(expected)} cards of the {rules.name} deck; missing {listed}")
    return tuple(cards)


def parse_action(entry: Any, index: int) -> tuple[int, Action]:
    """One entry of ``actions``: its seat and the action; RecordError naming ``index``."""
    if not isinstance(entry, dict):
        raise RecordError(f"action {index} must be a mapping like {{seat: 1, act: in}}", index)
    seat = entry.get("seat")
    if not _is_int(seat):
        raise RecordError(f"action {index} must name its seat", index)
    act = entry.get("act")
    if not isinstance(act, str):
        raise RecordError(f"action {index} must have an act (in, out, pass, general_rams, nap or play)", index)
    try:
        if act == "play":
            if "card" not in entry:
                raise RecordError(f"action {index}: seat {seat} plays no card", index)
            return seat, Action.play(_card(entry["card"]))
        if act == "nap":
            target = entry.get("target")
            if not _is_int(target):
                raise RecordError(f"action {index}: a nap needs a target of 2, 3, 4 or 5", index)
            return seat, Action.nap(target)
        if act in ("in", "out", "pass", "general_rams") or act.startswith("nap:"):
            return seat, Action.parse(act)
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"action {index}: {error}", index) from None
    raise RecordError(f"action {index}: unknown act {shown(act)} (in, out, pass, general_rams, nap or play)", index)


CARD_CODE_LENGTH = 3  # the longest code, ``10H``


def _card(code: Any) -> Card:
    """The card of a code in a record; ValueError in words, the code shown safely."""
    text = str(code) if isinstance(code, (str, int)) and not isinstance(code, bool) else None
    if text is None or len(text.strip()) > CARD_CODE_LENGTH or not text.isprintable():
        raise ValueError(f"{shown(code)} is not a card (codes look like AS, TD, 7H or X1)")
    return Card.from_code(text)


# --- replaying ----------------------------------------------------------------------------

def replay(record: HandRecord) -> Hand:
    """Deal the record's deck and apply its actions; RecordError at the first refused one."""
    hand = Hand(record.rules, record.stacks, record.dealer, record.pot, record.deck)
    for index, entry in enumerate(record.actions):
        seat, action = parse_action(entry, index)
        if not 0 <= seat < record.players:
            raise RecordError(f"action {index}: there is no seat {seat} at a table of {record.players}", index)
        try:
            hand.apply(action, seat)
        except IllegalAction as error:
            raise RecordError(str(error), index) from None
    return hand


def result_of(hand: Hand) -> dict[str, Any]:
    """The ``ramsli-result/1`` object for a hand, finished or not."""
    complete = hand.is_over
    settlement = hand.settlement
    announcement = None
    if hand.announcement:
        seat, kind, target = hand.announcement
        announcement = {"seat": seat, "kind": kind}
        if kind == "nap":
            announcement["target"] = target
    return {
        "format": RESULT_FORMAT,
        "trump": hand.trump.letter,
        "turn_up": hand.turn_up.code,
        "hands": [[card.code for card in cards] for cards in hand.dealt],
        "declarations": [None if d is None else ("in" if d else "out") for d in hand.declarations],
        "active": list(hand.active),
        "announcement": announcement,
        "tricks": [
            {"leader": trick.leader, "plays": [[seat, card.code] for seat, card in trick.plays], "winner": trick.winner}
            for trick in hand.tricks
            if trick.plays
        ],
        "tricks_won": list(hand.tricks_won),
        "complete": complete,
        "next": None if complete else {
            "seat": hand.current_seat,
            "legal": sorted(str(action) for action in hand.legal_actions()),
        },
        "winners": list(settlement.winners) if complete else [],
        "bete": list(settlement.betes) if complete else [],
        "stacks": list(hand.stacks),
        "pot": hand.pot,
    }


def printed_result(result: dict[str, Any]) -> str:
    """A result or error object as ``ramsli replay --json`` prints it."""
    return json.dumps(result, indent=1)


def error_result(error: RecordError) -> dict[str, Any]:
    return {"format": RESULT_FORMAT, "error": {"action": error.action, "message": str(error)}}


def replay_text(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = ()) -> tuple[dict[str, Any], Hand | None]:
    """Read and replay a record: (result object, hand) or (error object, None)."""
    try:
        hand = replay(read_record(text, source, base_dir, also_from))
    except RecordError as error:
        return error_result(error), None
    return result_of(hand), hand


# --- writing ----------------------------------------------------------------------------------

def record_of(hand: Hand, ruleset_ref: Any = None) -> dict[str, Any]:
    """The ``ramsli-hand/1`` record that replays ``hand`` as far as it has gone."""
    if ruleset_ref is None:
        ruleset_ref = _ruleset_reference(hand.rules)
    actions = []
    for seat, action in hand.actions:
        entry: dict[str, Any] = {"seat": seat, "act": action.kind}
        if action.kind == "play":
            entry["card"] = action.card.code
        elif action.kind == "nap":
            entry["target"] = action.target
        actions.append(entry)
    return {
        "format": RECORD_FORMAT,
        "ruleset": ruleset_ref,
        "players": hand.players,
        "dealer": hand.dealer,
        "stacks": list(hand.start_stacks),
        "pot": hand.start_pot,
        "deck": [card.code for card in hand.deck],
        "actions": actions,
    }


def _ruleset_reference(rules: Ruleset) -> Any:
    """A bundled ruleset by name when it is exactly that one; otherwise every key inline."""
    try:
        if rulesets.load(rules.name) == rules:
            return rules.name
    except RulesetError:
        pass
    return rules.as_yaml_dict()


def dump_record(record: dict[str, Any]) -> str:
    """A record as YAML, one action per line, cards as codes."""
    head = {key: value for key, value in record.items() if key not in ("deck", "actions")}
    text = yaml.safe_dump(head, sort_keys=False)
    text += "deck: [" + ", ".join(record["deck"]) + "]\n"
    text += "actions:\n" if record["actions"] else "actions: []\n"
    for entry in record["actions"]:
        text += "- " + yaml.safe_dump(entry, default_flow_style=True, sort_keys=False).strip() + "\n"
    return text
