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
from ...languages import N_
from ...languages.words import Words, words_of
from ...yamlfile import did_you_mean, parse_node, shown_value
from .. import records as shared
from ..records import (
    IN_ACTION, NO_SEAT, NO_SUCH_SEAT, RecordError, RecordFields, at, card_of, deck_of, folders_of, result_or_error,
    ruleset_reference,
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
# TRANSLATORS: after a record's file and line ("hand.yaml:1: …"); the keys are as typed in a record
SHAPE = N_("a Rami record must be a mapping with format, players, dealer, scores, deck and actions")
REQUIRED_KEYS = ("format", "players", "dealer", "scores", "deck")
RECORD_KEYS = (*REQUIRED_KEYS, "actions", "ruleset", "names")  # names: the viewer's (steps.py)
# TRANSLATORS: {index} an action's number; {key} the key as typed; {did_you_mean} " (did you mean …?)" or nothing.
# Each names the act as typed in a record (draw, discard, out, reshuffle).
NO_KEY = {"draw": N_("action {index}: a draw has no key {key}{did_you_mean}"),
          "discard": N_("action {index}: a discard has no key {key}{did_you_mean}"),
          "out": N_("action {index}: a out has no key {key}{did_you_mean}"),
          "reshuffle": N_("action {index}: a reshuffle has no key {key}{did_you_mean}")}
# TRANSLATORS: {index} an action's number; {value} what the record has; the talon, a meld: as typed in a record
NOT_A_TALON = N_("action {index}: a talon must be a list of card codes, not {value}")
NOT_A_MELD = N_("action {index}: a meld must be a list of card codes, not {value}")
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
        raise RecordError(words_of(error)) from None


def _read_record(text: str, source: str, folders: list[Path], first_line: int) -> RamiRecord:
    fields = RecordFields.read(text, source, RECORD_FORMAT, SHAPE, first_line)
    where, value = fields.where, fields.value
    for key in fields.entries:
        if key not in RECORD_KEYS:
            # TRANSLATORS: {where} the record's file and line; {key} the key as typed; {did_you_mean} " (did you mean …?)" or nothing
            raise RecordError(Words(N_("{where}: unknown key {key}{did_you_mean}"),
                                    {**at(where(key)), "key": shown_value(key), "did_you_mean": did_you_mean(key, RECORD_KEYS)}))
    for key in REQUIRED_KEYS:
        value(key)
    rules = _record_rules(fields, folders) if "ruleset" in fields.entries else SIMPLE
    players = value("players")
    if not is_int(players) or players not in PLAYER_COUNTS:
        raise RecordError(Words(N_("{where}: players must be 2 (one against one) or 4 (two against two), not {value}"),
                                {**at(where("players")), "value": shown_value(players)}))
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
        raise RecordError(Words(N_("{where}: scores must be two whole numbers of points (0 or more), "
                                   "side 0 then side 1, not {value}"), {**at(where), "value": shown_value(raw)}))
    lost_at = rules.lost_at(players)
    for side, points in enumerate(raw):
        if points >= lost_at:
            # TRANSLATORS: {where} the record's file and line; {points} a side's score, {lost_at} the score that loses
            raise RecordError(Words(N_("{where}: side {side} has {points} points: it had lost the game before this hand "
                                       "(lost at {lost_at} with {players} players)"),
                                    {**at(where), "side": side, "points": points, "lost_at": lost_at, "players": players}))
    return raw[0], raw[1]


def _deck(raw: Any, where: str) -> tuple[Card, ...]:
    cards = deck_of(raw, where)
    held = Counter(cards)
    too_many = plain_order(card for card, count in held.items() if count > COPIES)
    if too_many:
        # TRANSLATORS: {card} a card's code, as AS; {count} how many times the deck holds it (3 or more)
        raise RecordError(Words(N_("{where}: deck has {card} {count} times; each card is in it twice, once from each deck"),
                                {**at(where), "card": too_many[0].code, "count": held[too_many[0]]}))
    missing = plain_order((COUNTS - held).elements())
    if missing:
        # TRANSLATORS: {count} the cards of Rami's deck (108); {missing} the codes of those missing ("AS, 7H")
        raise RecordError(Words(N_("{where}: deck must hold all {count} cards (two 52-card decks and four jokers); "
                                   "missing {missing}"), {**at(where), "count": DECK_SIZE, "missing": ", ".join(codes(missing))}))
    return tuple(cards)


def parse_action(entry: Any, index: int, players: int) -> tuple[int | None, Action]:
    """One entry of ``actions``: its seat (None for a reshuffle) and the action;
    RecordError naming ``index``."""
    if not isinstance(entry, dict):
        # TRANSLATORS: how an action of a record must be written, {index} its number (0 the first); the keys and acts as typed
        raise RecordError(Words(N_("action {index} must be a mapping like {{seat: 1, act: draw, from: talon}}"),
                                {"index": index}), index)
    act = entry.get("act")
    if not isinstance(act, str) or act not in ACTION_KEYS:
        # TRANSLATORS: {index} an action's number; {act} what the record has for its act; the acts as typed
        raise RecordError(Words(N_("action {index}: the act must be draw, discard, out or reshuffle, not {act}"),
                                {"index": index, "act": shown_value(act)}), index)
    for key in entry:
        if key not in ACTION_KEYS[act]:
            raise RecordError(Words(NO_KEY[act], {"index": index, "key": shown_value(key),
                                                   "did_you_mean": did_you_mean(key, ACTION_KEYS[act])}), index)
    try:
        if act == "reshuffle":
            if entry.get("seat") is not None:
                raise RecordError(Words(N_("action {index}: a reshuffle is nobody's action: it has no seat"),
                                        {"index": index}), index)
            return None, Action.reshuffle(_cards(entry.get("talon"), NOT_A_TALON, index))
        seat = _seat(entry.get("seat"), index, players)
        if act == "draw":
            source = entry.get("from")
            if source not in SOURCES:
                # TRANSLATORS: {index} an action's number; {source} what the record has; talon, jetee, tournante as typed
                raise RecordError(Words(N_("action {index}: a draw is from talon, jetee or tournante, not {source}"),
                                        {"index": index, "source": shown_value(source)}), index)
            return seat, Action.draw(source)
        discard = entry.get("card" if act == "discard" else "discard")
        if discard is None:
            raise RecordError(Words(N_("action {index}: seat {seat} names no card to discard"),
                                    {"index": index, "seat": seat}), index)
        if act == "discard":
            return seat, Action.discard(card_of(discard))
        melds = entry.get("melds")
        if not isinstance(melds, list):
            raise RecordError(Words(N_("action {index}: melds must be a list of melds, each a list of card codes"),
                                    {"index": index}), index)
        return seat, Action.out([_cards(meld, NOT_A_MELD, index) for meld in melds], card_of(discard))
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(Words(IN_ACTION, {"index": index, "problem": words_of(error)}), index) from None


def _seat(seat: Any, index: int, players: int) -> int:
    if not is_int(seat):
        raise RecordError(Words(NO_SEAT, {"index": index}), index)
    if not 0 <= seat < players:
        raise RecordError(Words(NO_SUCH_SEAT, {"index": index, "seat": seat, "players": players}), index)
    return seat


def _cards(raw: Any, refused: str, index: int) -> list[Card]:
    """The cards of a talon or a meld of action ``index``; ``refused`` (``NOT_A_TALON``,
    ``NOT_A_MELD``) says what is wrong when it is not a list."""
    if not isinstance(raw, list):
        raise RecordError(Words(refused, {"index": index, "value": shown_value(raw)}), index)
    return [card_of(code) for code in raw]


# --- replaying --------------------------------------------------------------------------------------

def dealt(record: RamiRecord) -> Hand:
    """The record's hand as dealt, before its first action."""
    return Hand(record.rules, record.players, record.dealer, record.scores, record.deck)


def replay(record: RamiRecord) -> Replayed:
    """Deal the record's deck and apply its actions; RecordError at the first refused one."""
    hand = dealt(record)
    events: list[Event] = list(hand.opening_events)
    for index, entry in enumerate(record.actions):
        seat, action = parse_action(entry, index, record.players)
        try:
            events += hand.apply(action, seat)
        except IllegalAction as error:
            raise RecordError.refused(error, index) from None
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
