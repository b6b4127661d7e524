"""Rami hand records (``rami-hand/1``) and replay results (``rami-result/1``).

The public format of docs/hand-records.md, read by the same ``ramsli replay``
as Ramsli's records: ``claims`` tells a Rami record by its ``format``; ``replay_text``
turns one into the result object ``ramsli replay --json`` prints, or into an error
object naming the refused action (exit status 2).  ``record_of`` writes the format back
from a played hand, reshuffles and all, so records round-trip.

Beyond the contract a record may name its ``ruleset`` (a Rami ruleset's name, a path
beside the record, or an inline mapping), for a hand played under house rules; without
one it is the seed's rules, ``simple``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import yaml

from ...cards import Card
from ...yamlfile import did_you_mean, parse_node, shown_value
from .. import records as shared
from ..records import (
    RecordError, RecordFields, card_of, deck_of, folders_of, result_or_error, ruleset_reference,
)
from ..records import printed_result as printed_result  # as for every game
from ...yamlfile import is_int
from . import house_rules
from .deck import COPIES, COUNTS, DECK_SIZE, codes, plain_order
from .engine import Action, Hand, IllegalAction, Phase
from .engine.actions import SOURCES
from .engine.events import Event
from .house_rules import PLAYER_COUNTS, SIMPLE, RamiRules, RulesetError

RECORD_FORMAT = "rami-hand/1"
RESULT_FORMAT = "rami-result/1"
SHAPE = "a Rami record must be a mapping with format, players, dealer, scores, deck and actions"
REQUIRED_KEYS = ("format", "players", "dealer", "scores", "deck")
RECORD_KEYS = (*REQUIRED_KEYS, "actions", "ruleset", "names")  # names: the viewer's (steps.py)
ACTION_KEYS = {
    "draw": ("seat", "act", "from"),
    "discard": ("seat", "act", "card"),
    "out": ("seat", "act", "melds", "discard"),
    "reshuffle": ("seat", "act", "talon"),
}


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
                also_from: Sequence[Path] = (), first_line: int = 1) -> RamiRecord:
    """Parse a YAML or JSON Rami record; RecordError (action None) if it is not one.  A
    ruleset it names by path is looked for beside it (``base_dir``), then in ``also_from``.
    ``first_line``: the line of a stream of records the text starts on."""
    try:
        return _read_record(text, source, folders_of(base_dir, also_from), first_line)
    except RulesetError as error:
        raise RecordError(str(error)) from None


def _read_record(text: str, source: str, folders: list[Path], first_line: int) -> RamiRecord:
    fields = RecordFields.read(text, source, RECORD_FORMAT, SHAPE, first_line)
    where, value = fields.where, fields.value
    for key in fields.entries:
        if key not in RECORD_KEYS:
            raise RecordError(f"{where(key)}: unknown key {shown_value(key)}{did_you_mean(key, RECORD_KEYS)}")
    for key in REQUIRED_KEYS:
        value(key)
    rules = _record_rules(fields, folders) if "ruleset" in fields.entries else SIMPLE
    players = value("players")
    if not is_int(players) or players not in PLAYER_COUNTS:
        raise RecordError(f"{where('players')}: players must be 2 (one against one) or 4 (two against two), not {shown_value(players)}")
    dealer = fields.dealer(players)
    scores = _scores(value("scores"), rules, players, where("scores"))
    deck = _deck(value("deck"), where("deck"))
    return RamiRecord(rules, players, dealer, scores, deck, tuple(fields.actions()))


def _record_rules(fields: RecordFields, folders: list[Path]) -> RamiRules:
    """The record's rules: inline, or the file it names (whose mistakes are told at ``ruleset:``)."""
    inline = fields.inline_ruleset(house_rules.FILES, folders)
    if inline is not None:
        return inline
    path = fields.ruleset_file(house_rules.FILES, folders)
    try:
        return house_rules.load_file(path)
    except RulesetError as error:
        raise fields.problem_under("ruleset", error) from None


def _scores(raw: Any, rules: RamiRules, players: int, where: str) -> tuple[int, int]:
    if not isinstance(raw, list) or len(raw) != 2 or not all(is_int(points) and points >= 0 for points in raw):
        raise RecordError(f"{where}: scores must be two whole numbers of points (0 or more), "
                          f"side 0 then side 1, not {shown_value(raw)}")
    lost_at = rules.lost_at(players)
    for side, points in enumerate(raw):
        if points >= lost_at:
            raise RecordError(f"{where}: side {side} has {points} points: it had lost the game before this hand "
                              f"(lost at {lost_at} with {players} players)")
    return raw[0], raw[1]


def _deck(raw: Any, where: str) -> tuple[Card, ...]:
    cards = deck_of(raw, where)
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


def parse_action(entry: Any, index: int, players: int) -> tuple[int | None, Action]:
    """One entry of ``actions``: its seat (None for a reshuffle) and the action;
    RecordError naming ``index``."""
    if not isinstance(entry, dict):
        raise RecordError(f"action {index} must be a mapping like {{seat: 1, act: draw, from: talon}}", index)
    act = entry.get("act")
    if not isinstance(act, str) or act not in ACTION_KEYS:
        raise RecordError(f"action {index}: the act must be draw, discard, out or reshuffle, not {shown_value(act)}", index)
    for key in entry:
        if key not in ACTION_KEYS[act]:
            raise RecordError(f"action {index}: a {act} has no key {shown_value(key)}{did_you_mean(key, ACTION_KEYS[act])}", index)
    try:
        if act == "reshuffle":
            if entry.get("seat") is not None:
                raise RecordError(f"action {index}: a reshuffle is nobody's action: it has no seat", index)
            return None, Action.reshuffle(_cards(entry.get("talon"), "talon", index))
        seat = _seat(entry.get("seat"), index, players)
        if act == "draw":
            source = entry.get("from")
            if source not in SOURCES:
                raise RecordError(f"action {index}: a draw is from talon, jetee or tournante, not {shown_value(source)}", index)
            return seat, Action.draw(source)
        discard = entry.get("card" if act == "discard" else "discard")
        if discard is None:
            raise RecordError(f"action {index}: seat {seat} names no card to discard", index)
        if act == "discard":
            return seat, Action.discard(card_of(discard))
        melds = entry.get("melds")
        if not isinstance(melds, list):
            raise RecordError(f"action {index}: melds must be a list of melds, each a list of card codes", index)
        return seat, Action.out([_cards(meld, "meld", index) for meld in melds], card_of(discard))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"action {index}: {error}", index) from None


def _seat(seat: Any, index: int, players: int) -> int:
    if not is_int(seat):
        raise RecordError(f"action {index} must name its seat", index)
    if not 0 <= seat < players:
        raise RecordError(f"action {index}: there is no seat {seat} at a table of {players}", index)
    return seat


def _cards(raw: Any, what: str, index: int) -> list[Card]:
    if not isinstance(raw, list):
        raise RecordError(f"action {index}: a {what} must be a list of card codes, not {shown_value(raw)}", index)
    return [card_of(code) for code in raw]


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
    """What the seat to act may do, as docs/hand-records.md lists it: the draws or the discards,
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


def replay_text(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = (), first_line: int = 1) -> tuple[dict[str, Any], Replayed | None]:
    """Read and replay a record: (result object, replayed) or (error object, None)."""
    return result_or_error(lambda: replay(read_record(text, source, base_dir, also_from, first_line)),
                           lambda replayed: result_of(replayed.hand), RESULT_FORMAT)


# --- writing ------------------------------------------------------------------------------------------

def record_of(hand: Hand) -> dict[str, Any]:
    """The ``rami-hand/1`` record that replays ``hand`` as far as it has gone."""
    record: dict[str, Any] = {"format": RECORD_FORMAT}
    if not hand.rules.scores_like(SIMPLE):
        record["ruleset"] = ruleset_reference(hand.rules, house_rules.FILES)
    record.update({
        "players": hand.players,
        "dealer": hand.dealer,
        "scores": list(hand.start_scores),
        "deck": codes(hand.deck),
        "actions": [_entry(seat, action) for seat, action in hand.actions],
    })
    return record


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
    """A record as YAML, one action per line, cards as codes, an inline ruleset's totals on one line."""
    return shared.dump_record(record, lists_inline=True)
