"""Hand records (``ramsli-hand/1``) and replay results (``ramsli-result/1``).

The public format of docs/hand-records.md: a record holds everything
needed to replay one hand exactly; ``replay`` turns it into the result object that
``ramsli replay --json`` prints, or into an error object naming the refused action.
``record_of`` writes the same format back from a played hand, so records round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from . import house_rules
from ...cards import Card
from ...languages import N_
from ...languages.words import Words, words_of
from ...yamlfile import shown_value
from ..records import (
    RecordError, RecordFields, at, card_of, deck_of, folders_of, result_or_error, ruleset_reference,
)
from ..records import IN_ACTION, NO_SEAT, NO_SUCH_SEAT
from ..records import dump_record as dump_record, printed_result as printed_result  # as for every game
from ...yamlfile import is_int
from .engine import Action, Hand, IllegalAction
from .engine.session import seats_at_the_table
from .house_rules import Ruleset, RulesetError

RECORD_FORMAT = "ramsli-hand/1"
RESULT_FORMAT = "ramsli-result/1"
# TRANSLATORS: after a record's file and line ("hand.yaml:1: …"); the keys are as typed in a record
SHAPE = N_("a hand record must be a mapping with format, ruleset, players, dealer, stacks, pot, deck and actions")
# TRANSLATORS: how an action of a record must be written, {index} its number (0 the first); the keys and acts as typed
ACTION_SHAPE = N_("action {index} must be a mapping like {{seat: 1, act: in}}")


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
                also_from: Sequence[Path] = (), first_line: int = 1) -> HandRecord:
    """Parse a YAML or JSON hand record; RecordError (action None) if it is not one.  A
    ruleset it names by path is looked for relative to ``base_dir``, then to the
    folders ``also_from`` (where a record given on the command line was typed).
    ``first_line``: the line of a stream of records the text starts on."""
    try:
        return _read_record(text, source, folders_of(base_dir, also_from), first_line)
    except RulesetError as error:
        raise RecordError(words_of(error)) from None


def _read_record(text: str, source: str, folders: list[Path], first_line: int) -> HandRecord:
    fields = RecordFields.read(text, source, RECORD_FORMAT, SHAPE, first_line)
    where, value = fields.where, fields.value
    rules = _record_ruleset(fields, folders)
    players = value("players")
    if not is_int(players) or not rules.players.min <= players <= rules.players.max:
        # TRANSLATORS: {where} the record's file and line; {low} to {high} the players the ruleset {ruleset} allows
        raise RecordError(Words(N_("{where}: players must be a number from {low} to {high} under the {ruleset} rules, "
                                   "not {value}"),
                                {**at(where("players")), "low": rules.players.min, "high": rules.players.max,
                                 "ruleset": rules.name, "value": shown_value(players)}))
    dealer = fields.dealer(players)
    stacks = value("stacks")
    if not isinstance(stacks, list) or len(stacks) != players or not all(is_int(s) and s >= 0 for s in stacks):
        # TRANSLATORS: {where} the record's file and line; {count} the players, one stack each; {value} the file's
        raise RecordError(Words.counted("{where}: stacks must list {count} number of chips (0 or more), not {value}",
                                        "{where}: stacks must list {count} numbers of chips (0 or more), not {value}",
                                        players, {**at(where("stacks")), "value": shown_value(stacks)}))
    pot = value("pot")
    if not is_int(pot) or pot < 0:
        raise RecordError(Words(N_("{where}: pot must be a number of chips (0 or more), not {value}"),
                                {**at(where("pot")), "value": shown_value(pot)}))
    deck = _record_deck(value("deck"), rules, where("deck"))
    return HandRecord(rules, value("ruleset"), players, dealer, tuple(stacks), pot, deck, tuple(fields.actions()))


def _record_ruleset(fields: RecordFields, folders: list[Path]) -> Ruleset:
    """The record's rules: inline, or the file it names (whose own mistakes are told as they stand)."""
    inline = fields.inline_ruleset(house_rules.FILES, folders)
    return inline if inline is not None else house_rules.load_file(fields.ruleset_file(house_rules.FILES, folders))


def _record_deck(raw: Any, rules: Ruleset, where: str) -> tuple[Card, ...]:
    cards = deck_of(raw, where)
    expected = set(rules.cards())
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            # TRANSLATORS: {where} the record's file and line; {card} a card's code, as AS
            raise RecordError(Words(N_("{where}: deck has {card} twice"), {**at(where), "card": card.code}))
        if card not in expected:
            # TRANSLATORS: {card} a card's code, as X1; {ruleset} the ruleset's name
            raise RecordError(Words(N_("{where}: deck has {card}, which is not in the {ruleset} deck"),
                                    {**at(where), "card": card.code, "ruleset": rules.name}))
        seen.add(card)
    missing = sorted(expected - seen)
    if missing:
        listed = ", ".join(card.code for card in missing)
        # TRANSLATORS: {count} the cards of the ruleset {ruleset}'s deck; {missing} the codes of those missing ("AS, 7H")
        raise RecordError(Words.counted("{where}: deck must hold all {count} cards of the {ruleset} deck; missing {missing}",
                                        "{where}: deck must hold all {count} cards of the {ruleset} deck; missing {missing}",
                                        len(expected), {**at(where), "ruleset": rules.name, "missing": listed}))
    return tuple(cards)


def parse_action(entry: Any, index: int) -> tuple[int, Action]:
    """One entry of ``actions``: its seat and the action; RecordError naming ``index``."""
    if not isinstance(entry, dict):
        raise RecordError(Words(ACTION_SHAPE, {"index": index}), index)
    seat = entry.get("seat")
    if not is_int(seat):
        raise RecordError(Words(NO_SEAT, {"index": index}), index)
    act = entry.get("act")
    if not isinstance(act, str):
        # TRANSLATORS: {index} the action's number (0 the first); the acts as typed in a record
        raise RecordError(Words(N_("action {index} must have an act (in, out, pass, general_rams, nap or play)"),
                                {"index": index}), index)
    try:
        if act == "play":
            if "card" not in entry:
                raise RecordError(Words(N_("action {index}: seat {seat} plays no card"), {"index": index, "seat": seat}),
                                  index)
            return seat, Action.play(card_of(entry["card"]))
        if act == "nap":
            target = entry.get("target")
            if not is_int(target):
                raise RecordError(Words(N_("action {index}: a nap needs a target of 2, 3, 4 or 5"), {"index": index}),
                                  index)
            return seat, Action.nap(target)
        if act in ("in", "out", "pass", "general_rams") or act.startswith("nap:"):
            return seat, Action.parse(act)
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(Words(IN_ACTION, {"index": index, "problem": words_of(error)}), index) from None
    # TRANSLATORS: {index} the action's number; {act} what the record has for its act; the acts as typed
    raise RecordError(Words(N_("action {index}: unknown act {act} (in, out, pass, general_rams, nap or play)"),
                            {"index": index, "act": shown_value(act)}), index)


# --- replaying ----------------------------------------------------------------------------

def dealt(record: HandRecord) -> Hand:
    """The record's hand as dealt, before its first action: its deck dealt to the seats at
    the table (R27: under ``on_bust: eliminate`` not to those who left)."""
    seated = seats_at_the_table(record.rules, record.stacks)
    if record.dealer not in seated or len(seated) < 2:
        # TRANSLATORS: a hand record under the house rule on_bust: eliminate; {dealer} a seat's number, {ante} chips
        raise RecordError(Words(N_("under on_bust: eliminate a seat whose stack is below the ante ({ante}) has left "
                                   "the table, so the dealer (seat {dealer}) and at least one other must have {ante} or more"),
                                {"ante": record.rules.ante, "dealer": record.dealer}))
    return Hand(record.rules, record.stacks, record.dealer, record.pot, record.deck, seated)


def replay(record: HandRecord) -> Hand:
    """Deal the record's deck and apply its actions; RecordError at the first refused one."""
    hand = dealt(record)
    for index, entry in enumerate(record.actions):
        seat, action = parse_action(entry, index)
        if not 0 <= seat < record.players:
            raise RecordError(Words(NO_SUCH_SEAT, {"index": index, "seat": seat, "players": record.players}), index)
        try:
            hand.apply(action, seat)
        except IllegalAction as error:
            raise RecordError.refused(error, index) from None
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


def replay_text(text: str, source: str = "<record>", base_dir: Path | None = None,
                also_from: Sequence[Path] = (), first_line: int = 1) -> tuple[dict[str, Any], Hand | None]:
    """Read and replay a record: (result object, hand) or (error object, None)."""
    return result_or_error(lambda: replay(read_record(text, source, base_dir, also_from, first_line)),
                           result_of, RESULT_FORMAT)


# --- writing ----------------------------------------------------------------------------------

def record_of(hand: Hand, ruleset_ref: Any = None) -> dict[str, Any]:
    """The ``ramsli-hand/1`` record that replays ``hand`` as far as it has gone."""
    if ruleset_ref is None:
        ruleset_ref = ruleset_reference(hand.rules, house_rules.FILES)
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
