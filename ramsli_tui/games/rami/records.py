"""Rami hand records (``rami-hand/1``) and replay results (``rami-result/1``).

The public contract of ../shared/spec/rami-record.md, read by the same ``ramsli replay``
as Ramsli's records: ``claims`` tells a Rami record by its ``format``; ``replay_text``
turns one into the result object ``ramsli replay --json`` prints, or into an error
object naming the refused action (exit status 2).  ``record_of`` writes the format back
from a played hand, reshuffles and all, so records round-trip.

Beyond the contract a record may name its ``ruleset`` (a Rami ruleset's name, a path
beside the record, or an inline mapping), for a hand played under house rules; without
one it is the seed's rules, ``simple``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import yaml

from ...cards import Card
from ...yamlfile import FileProblem, did_you_mean, line_of, mapping_entries, node_value, parse_node, shown
from . import rules as rulesets
from .deck import COPIES, COUNTS, DECK_SIZE, codes, plain_order
from .engine import Action, Hand, IllegalAction, Phase
from .engine.actions import SOURCES
from .engine.events import Event
from .rules import PLAYER_COUNTS, SIMPLE, RamiRules, RulesetError

RECORD_FORMAT = "rami-hand/1"
RESULT_FORMAT = "rami-result/1"
REQUIRED_KEYS = ("format", "players", "dealer", "scores", "deck")
RECORD_KEYS = (*REQUIRED_KEYS, "actions", "ruleset")
ACTION_KEYS = {
    "draw": ("seat", "act", "from"),
    "discard": ("seat", "act", "card"),
    "out": ("seat", "act", "melds", "discard"),
    "reshuffle": ("seat", "act", "talon"),
}
CARD_CODE_LENGTH = 3  # the longest code, 10H


class RecordError(FileProblem):
    """A record that cannot be replayed.  ``action`` is the 0-based index of the refused
    action, or None when the record itself is bad."""

    def __init__(self, message: str, action: int | None = None):
        super().__init__(message)
        self.action = action


@dataclass(frozen=True)
class RamiRecord:
    rules: RamiRules
    players: int
    dealer: int
    scores: tuple[int, int]
    deck: tuple[Card, ...]
    actions: tuple[Any, ...]  # raw entries, checked one by one as they are replayed


@dataclass(frozen=True)
class Replayed:
    """A replayed record: the hand as the actions left it, and every event on the way."""

    hand: Hand
    events: tuple[Event, ...]


def claims(text: str) -> bool:
    """Is ``text`` meant as a Rami record: a mapping whose ``format`` starts with ``rami-``?
    (``ramsli replay`` reads it by Rami's rules then, even when something else is wrong.)"""
    try:
        node = parse_node(text, "<record>", RecordError)
    except RecordError:
        return False
    if not isinstance(node, yaml.MappingNode):
        return False
    return any(
        isinstance(key, yaml.ScalarNode) and key.value == "format"
        and isinstance(value, yaml.ScalarNode) and value.value.startswith("rami-")
        for key, value in node.value
    )


# --- reading --------------------------------------------------------------------------------------

def read_record(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = ()) -> RamiRecord:
    """Parse a YAML or JSON Rami record; RecordError (action None) if it is not one.  A
    ruleset it names by path is looked for beside it (``base_dir``), then in ``also_from``."""
    folders = [*([base_dir] if base_dir else []), *also_from]
    try:
        return _read_record(text, source, folders)
    except RulesetError as error:
        raise RecordError(str(error)) from None


def _read_record(text: str, source: str, folders: list[Path]) -> RamiRecord:
    node = parse_node(text, source, RecordError)
    if not isinstance(node, yaml.MappingNode):
        line = line_of(node) if node is not None else 1
        raise RecordError(f"{source}:{line}: a Rami record must be a mapping with format, players, dealer, scores, deck and actions")
    entries = {entry.key: entry for entry in mapping_entries(node, source, RecordError)}

    def where(key: str) -> str:
        return f"{source}:{entries[key].line if key in entries else line_of(node)}"

    def value(key: str) -> Any:
        if key not in entries:
            raise RecordError(f"{where(key)}: the record has no '{key}'")
        return node_value(entries[key].node, source, RecordError, key)

    if value("format") != RECORD_FORMAT:
        raise RecordError(f"{where('format')}: format must be '{RECORD_FORMAT}', not {shown(value('format'))}")
    for key in entries:
        if key not in RECORD_KEYS:
            raise RecordError(f"{where(key)}: unknown key {shown(key)}{did_you_mean(key, RECORD_KEYS)}")
    for key in REQUIRED_KEYS:
        value(key)
    rules = _record_rules(entries, source, folders) if "ruleset" in entries else SIMPLE
    players = value("players")
    if not _is_int(players) or players not in PLAYER_COUNTS:
        raise RecordError(f"{where('players')}: players must be 2 (one against one) or 4 (two against two), not {shown(players)}")
    dealer = value("dealer")
    if not _is_int(dealer) or not 0 <= dealer < players:
        raise RecordError(f"{where('dealer')}: dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    scores = _scores(value("scores"), rules, players, where("scores"))
    deck = _deck(value("deck"), where("deck"))
    actions = value("actions") if "actions" in entries else []
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError(f"{where('actions')}: actions must be a list")
    return RamiRecord(rules, players, dealer, scores, deck, tuple(actions))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_rules(entries, source: str, folders: list[Path]) -> RamiRules:
    entry = entries["ruleset"]
    if isinstance(entry.node, yaml.MappingNode):
        return rulesets.from_node(entry.node, source, folders)
    name = node_value(entry.node, source, RecordError, "ruleset")
    if not isinstance(name, str) or not name:
        raise RecordError(f"{source}:{entry.line}: ruleset must be a Rami ruleset's name, a path or a mapping")
    try:
        return rulesets.load_file(rulesets.find_named_in_file(name, folders))
    except RulesetError as error:
        raise RecordError(f"{source}:{entry.line}: ruleset: {error}") from None


def _scores(raw: Any, rules: RamiRules, players: int, where: str) -> tuple[int, int]:
    if not isinstance(raw, list) or len(raw) != 2 or not all(_is_int(points) and points >= 0 for points in raw):
        raise RecordError(f"{where}: scores must be two whole numbers of points (0 or more), "
                          f"side 0 then side 1, not {shown(raw)}")
    lost_at = rules.lost_at(players)
    for side, points in enumerate(raw):
        if points >= lost_at:
            raise RecordError(f"{where}: side {side} has {points} points: it had lost the game before this hand "
                              f"(lost at {lost_at} with {players} players)")
    return raw[0], raw[1]


def _deck(raw: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: deck must be a list of card codes")
    cards = []
    for position, code in enumerate(raw):
        try:
            cards.append(_card(code))
        except ValueError as error:
            raise RecordError(f"{where}: deck card {position + 1}: {error}") from None
    held = Counter(cards)
    too_many = plain_order(card for card, count in held.items() if count > COPIES)
    if too_many:
        raise RecordError(f"{where}: deck has {too_many[0].code} {held[too_many[0]]} times; "
                          f"each card is in it twice, once from each deck")
    missing = plain_order((COUNTS - held).elements())
    if missing:
        raise RecordError(f"{where}: deck must hold all {DECK_SIZE} cards (two 52-card decks and four jokers); "
                          f"missing {', '.join(codes(missing))}")
    return tuple(cards)


def _card(code: Any) -> Card:
    """The card of a code in a record; ValueError in words, the code shown safely."""
    text = str(code) if isinstance(code, (str, int)) and not isinstance(code, bool) else None
    if text is None or len(text.strip()) > CARD_CODE_LENGTH or not text.isprintable():
        raise ValueError(f"{shown(code)} is not a card (codes look like AS, TD, 7H or X1)")
    return Card.from_code(text)


def parse_action(entry: Any, index: int, players: int) -> tuple[int | None, Action]:
    """One entry of ``actions``: its seat (None for a reshuffle) and the action;
    RecordError naming ``index``."""
    if not isinstance(entry, dict):
        raise RecordError(f"action {index} must be a mapping like {{seat: 1, act: draw, from: talon}}", index)
    act = entry.get("act")
    if not isinstance(act, str) or act not in ACTION_KEYS:
        raise RecordError(f"action {index}: the act must be draw, discard, out or reshuffle, not {shown(act)}", index)
    for key in entry:
        if key not in ACTION_KEYS[act]:
            raise RecordError(f"action {index}: a {act} has no key {shown(key)}{did_you_mean(key, ACTION_KEYS[act])}", index)
    try:
        if act == "reshuffle":
            if entry.get("seat") is not None:
                raise RecordError(f"action {index}: a reshuffle is nobody's action: it has no seat", index)
            return None, Action.reshuffle(_cards(entry.get("talon"), "talon", index))
        seat = _seat(entry.get("seat"), index, players)
        if act == "draw":
            source = entry.get("from")
            if source not in SOURCES:
                raise RecordError(f"action {index}: a draw is from talon, jetee or tournante, not {shown(source)}", index)
            return seat, Action.draw(source)
        discard = entry.get("card" if act == "discard" else "discard")
        if discard is None:
            raise RecordError(f"action {index}: seat {seat} names no card to discard", index)
        if act == "discard":
            return seat, Action.discard(_card(discard))
        melds = entry.get("melds")
        if not isinstance(melds, list):
            raise RecordError(f"action {index}: melds must be a list of melds, each a list of card codes", index)
        return seat, Action.out([_cards(meld, "meld", index) for meld in melds], _card(discard))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"action {index}: {error}", index) from None


def _seat(seat: Any, index: int, players: int) -> int:
    if not _is_int(seat):
        raise RecordError(f"action {index} must name its seat", index)
    if not 0 <= seat < players:
        raise RecordError(f"action {index}: there is no seat {seat} at a table of {players}", index)
    return seat


def _cards(raw: Any, what: str, index: int) -> list[Card]:
    if not isinstance(raw, list):
        raise RecordError(f"action {index}: a {what} must be a list of card codes, not {shown(raw)}", index)
    return [_card(code) for code in raw]


# --- replaying --------------------------------------------------------------------------------------

def replay(record: RamiRecord) -> Replayed:
    """Deal the record's deck and apply its actions; RecordError at the first refused one."""
    hand = Hand(record.rules, record.players, record.dealer, record.scores, record.deck)
    events: list[Event] = list(hand.opening_events)
    for index, entry in enumerate(record.actions):
        seat, action = parse_action(entry, index, record.players)
        try:
            events += hand.apply(action, seat)
        except IllegalAction as error:
            raise RecordError(str(error), index) from None
    return Replayed(hand, tuple(events))


def legal_words(hand: Hand) -> list[str]:
    """What the seat to act may do, as rami-record.md lists it: the draws or the discards,
    and ``out`` when it may go out now; ``reshuffle`` alone when the talon is empty."""
    if hand.phase is Phase.RESHUFFLE:
        return ["reshuffle"]
    words = [str(action) for action in hand.legal_actions()]
    if hand.going_out() is not None:
        words.append("out")
    return sorted(words)


def result_of(hand: Hand) -> dict[str, Any]:
    """The ``rami-result/1`` object for a hand, finished or not."""
    complete = hand.is_over
    lost_at = hand.rules.lost_at(hand.players)
    losers = [side for side, points in enumerate(hand.scores) if points >= lost_at]
    out = hand.out
    return {
        "format": RESULT_FORMAT,
        "hands": [codes(hand.hand_of(seat)) for seat in range(hand.players)],
        "talon": len(hand.talon),
        "jetee": codes(reversed(hand.jetee)),
        "tournante": hand.tournante.code if hand.tournante is not None else None,
        "complete": complete,
        "next": None if complete else {
            "seat": hand.current_seat,
            "phase": "discard" if hand.phase is Phase.DISCARD else "draw",
            "legal": legal_words(hand),
        },
        "out": None if out is None else {
            "seat": out.seat, "melds": [codes(meld) for meld in out.melds], "discard": out.discard.code,
        },
        "scores": list(hand.scores),
        "game_over": bool(losers),
        "loser": losers[0] if losers else None,
    }


def printed_result(result: dict[str, Any]) -> str:
    """A result or error object as ``ramsli replay --json`` prints it."""
    return json.dumps(result, indent=1)


def error_result(error: RecordError) -> dict[str, Any]:
    return {"format": RESULT_FORMAT, "error": {"action": error.action, "message": str(error)}}


def replay_text(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = ()) -> tuple[dict[str, Any], Replayed | None]:
    """Read and replay a record: (result object, replayed) or (error object, None)."""
    try:
        replayed = replay(read_record(text, source, base_dir, also_from))
    except RecordError as error:
        return error_result(error), None
    return result_of(replayed.hand), replayed


# --- writing ------------------------------------------------------------------------------------------

def record_of(hand: Hand) -> dict[str, Any]:
    """The ``rami-hand/1`` record that replays ``hand`` as far as it has gone."""
    record: dict[str, Any] = {"format": RECORD_FORMAT}
    if not hand.rules.scores_like(SIMPLE):
        record["ruleset"] = _ruleset_reference(hand.rules)
    record.update({
        "players": hand.players,
        "dealer": hand.dealer,
        "scores": list(hand.start_scores),
        "deck": codes(hand.deck),
        "actions": [_entry(seat, action) for seat, action in hand.actions],
    })
    return record


def _ruleset_reference(rules: RamiRules) -> Any:
    """A bundled ruleset by name when it is exactly that one; otherwise every key inline."""
    try:
        if rulesets.load(rules.name) == rules:
            return rules.name
    except RulesetError:
        pass
    inline = rules.as_yaml_dict()
    del inline["game"]
    return inline


def _entry(seat: int | None, action: Action) -> dict[str, Any]:
    if action.kind == "reshuffle":
        return {"act": "reshuffle", "talon": codes(action.talon)}
    entry: dict[str, Any] = {"seat": seat, "act": action.kind}
    if action.kind == "draw":
        entry["from"] = action.source
    elif action.kind == "discard":
        entry["card"] = action.card.code
    else:
        entry["melds"] = [codes(meld) for meld in action.melds]
        entry["discard"] = action.card.code
    return entry


def dump_record(record: dict[str, Any]) -> str:
    """A record as YAML, one action per line, cards as codes."""
    head = {key: value for key, value in record.items() if key not in ("deck", "actions")}
    text = yaml.safe_dump(head, sort_keys=False, default_flow_style=None)
    text += "deck: [" + ", ".join(record["deck"]) + "]\n"
    text += "actions:\n" if record["actions"] else "actions: []\n"
    for entry in record["actions"]:
        text += "- " + yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, width=10**6).strip() + "\n"
    return text
