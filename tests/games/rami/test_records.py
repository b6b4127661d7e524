"""Rami hand records against their contract, docs/hand-records.md: the result
object field by field, the moment of a reshuffle, every kind of bad record and bad action
(an error object naming the action, or null), records written back from played hands,
and the words of ``ramsli replay`` without ``--json``."""

import copy
import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.games.rami.engine import Action
from ramsli_tui.games.rami import house_rules
from ramsli_tui.games.rami.records import (
    claims, dump_record, parse_action, printed_result, record_of, replay_text, result_of,
)
from ramsli_tui.games.rami.replay_text import describe_hand
from ramsli_tui.games.rami.house_rules import SIMPLE

from tests.games.rami.kit import NOTHING, READY_13, StackedSession, new_hand, play_until_out, stacked_deck

DECK = [card.code for card in stacked_deck(2, 0, {0: READY_13 + " 9D", 1: NOTHING}, talon="KC QC")]
OUT = {"seat": 0, "act": "out", "melds": [["5H", "6H", "7H"], ["JS", "JH", "JC"], ["2C", "3C", "X1", "5C"],
                                          ["AS", "AD", "AC"]], "discard": "QC"}
ACTIONS = [
    {"seat": 0, "act": "discard", "card": "9D"},
    {"seat": 1, "act": "draw", "from": "talon"},
    {"seat": 1, "act": "discard", "card": "KC"},
    {"seat": 0, "act": "draw", "from": "talon"},
    OUT,
]
RECORD = {"format": "rami-hand/1", "players": 2, "dealer": 0, "scores": [0, 0], "deck": DECK, "actions": ACTIONS}


def record(**changes):
    changed = copy.deepcopy(RECORD)
    for key, value in changes.items():
        if value is None:
            del changed[key]
        else:
            changed[key] = value
    return changed


def replayed(rec):
    result, _ = replay_text(json.dumps(rec) if isinstance(rec, dict) else rec)
    return result


def error_of(rec):
    result = replayed(rec)
    assert set(result) == {"format", "error"} and result["format"] == "rami-result/1", result
    return result["error"]["action"], result["error"]["message"]


# --- the result object -------------------------------------------------------------------------------

def test_a_complete_hand_gives_every_field_of_the_contract():
    result = replayed(RECORD)
    assert list(result) == ["format", "hands", "talon", "jetee", "tournante", "complete", "next", "out", "scores",
                            "game_over", "loser"]
    assert result["hands"][0] == []
    assert result["hands"][1] == sorted(NOTHING.split()) and result["hands"][1][0] == "2D"
    assert result["talon"] == 108 - 27 - 2 and result["tournante"] is None
    assert result["jetee"] == ["QC", "KC", "9D"]  # the tournante went under, the closing card on top
    assert result["complete"] is True and result["next"] is None
    assert result["out"] == {"seat": 0, "melds": OUT["melds"], "discard": "QC"}
    assert result["scores"] == [0, 100] and result["game_over"] is False and result["loser"] is None


def test_an_unfinished_hand_says_who_is_next_to_do_what():
    result = replayed(record(actions=ACTIONS[:1]))
    assert result["complete"] is False and result["out"] is None and result["scores"] == [0, 0]
    assert result["tournante"] == "9D" and result["jetee"] == []
    assert result["next"] == {"seat": 1, "phase": "draw", "legal": ["draw:talon", "draw:tournante"]}
    result = replayed(record(actions=ACTIONS[:2]))
    assert result["next"]["phase"] == "discard" and "out" not in result["next"]["legal"]  # S12
    assert result["next"]["legal"] == sorted(result["next"]["legal"]) and len(result["hands"][1]) == 14
    result = replayed(record(actions=ACTIONS[:4]))
    assert result["next"] == {"seat": 0, "phase": "discard", "legal": sorted(
        {f"discard:{code}" for code in READY_13.split() + ["QC"]}) + ["out"]}
    assert result["hands"][0] == sorted(READY_13.split() + ["QC"])


def test_the_two_jokers_keep_their_codes_in_hands_and_legal():
    deck = [card.code for card in stacked_deck(2, 0, {0: "X1 X2 " + NOTHING[:-6] + " 9D"})]
    result = replayed(record(deck=deck, actions=[]))
    assert {"X1", "X2"} <= set(result["hands"][0])
    assert {"discard:X1", "discard:X2"} <= set(result["next"]["legal"])


def test_the_game_is_over_when_the_losing_side_reaches_the_losing_total():
    result = replayed(record(scores=[0, 200]))
    assert result["scores"] == [0, 300] and result["game_over"] is True and result["loser"] == 1
    deck = [card.code for card in stacked_deck(4, 0, {0: READY_13 + " 9D"}, talon="2H 3H 4H KC QC")]
    four = [{"seat": 0, "act": "discard", "card": "9D"}]
    for seat, code in ((1, "2H"), (2, "3H"), (3, "4H")):
        four += [{"seat": seat, "act": "draw", "from": "talon"}, {"seat": seat, "act": "discard", "card": code}]
    four += [{"seat": 0, "act": "draw", "from": "talon"}, dict(OUT, discard="KC")]
    result = replayed(record(players=4, scores=[100, 400], deck=deck, actions=four))
    assert result["scores"] == [100, 600] and result["game_over"] is True and result["loser"] == 1
    result = replayed(record(players=4, scores=[100, 200], deck=deck, actions=four))
    assert result["scores"] == [100, 400] and result["game_over"] is False


# --- the reshuffle --------------------------------------------------------------------------------

def talon_emptied():
    """The record's deal played by talon draws, each seat throwing what it drew, to the
    moment the talon is empty; and the hand."""
    hand = new_hand(hands={0: READY_13 + " 9D", 1: NOTHING}, talon="KC QC")
    hand.apply(Action.discard(hand.holdings[0][-1]))
    while hand.talon:
        hand.apply(Action.draw("talon"))
        hand.apply(Action.discard(hand.holdings[hand.current_seat][-1]))
    return record_of(hand), hand


def test_when_the_talon_is_empty_the_reshuffle_comes_first():
    rec, hand = talon_emptied()
    result = replayed(rec)
    assert result["talon"] == 0 and result["next"]["legal"] == ["reshuffle"] and result["next"]["phase"] == "draw"
    index = len(rec["actions"])
    draw = {"seat": result["next"]["seat"], "act": "draw", "from": "talon"}
    action, message = error_of(record(actions=rec["actions"] + [draw]))
    assert action == index and "reshuffled" in message
    under = [card.code for card in hand.under_the_top()]
    reshuffle = {"act": "reshuffle", "talon": under[::-1]}
    result = replayed(record(actions=rec["actions"] + [reshuffle, draw]))
    assert result["talon"] == len(under) - 1 and result["jetee"] == [hand.jetee[-1].code]
    drawer = result["hands"][draw["seat"]]
    assert len(drawer) == 14 and drawer.count(under[-1]) == [c.code for c in hand.holdings[draw["seat"]]].count(under[-1]) + 1


def test_a_reshuffle_must_be_the_jetee_less_its_top_card_and_only_when_the_talon_is_empty():
    rec, hand = talon_emptied()
    under = [card.code for card in hand.under_the_top()]
    index = len(rec["actions"])
    action, message = error_of(record(actions=rec["actions"] + [{"act": "reshuffle", "talon": under[1:]}]))
    assert action == index and message.startswith("the new talon must be the jetée less its top card (81 cards): it lacks")
    action, message = error_of(record(actions=rec["actions"] + [{"act": "reshuffle", "talon": under + ["QC"]}]))
    assert "too many" in message
    action, message = error_of(record(actions=rec["actions"] + [{"seat": 0, "act": "reshuffle", "talon": under}]))
    assert action == index and "has no seat" in message
    action, message = error_of(record(actions=ACTIONS[:1] + [{"act": "reshuffle", "talon": []}]))
    assert action == 1 and message == "the talon is not empty: there is nothing to reshuffle"


# --- bad records: the action is null -------------------------------------------------------------------

BAD_RECORDS = {
    "not YAML": ("format: [rami-hand/1\nplayers: 2\n", "not valid YAML"),
    "not a mapping": ("- format\n- players\n", "must be a mapping"),
    "wrong format": (record(format="rami-hand/2"), "format must be 'rami-hand/1', not 'rami-hand/2'"),
    "no scores": (record(scores=None), "the record has no 'scores'"),
    "a misspelt key": (dict(record(), scors=[0, 0]), "unknown key 'scors' (did you mean 'scores'?)"),
    "three players": (record(players=3), "players must be 2 (one against one) or 4 (two against two), not 3"),
    "a dealer not at the table": (record(dealer=2), "dealer must be a seat from 0 to 1, not 2"),
    "one score": (record(scores=[0]), "scores must be two whole numbers of points"),
    "a negative score": (record(scores=[0, -100]), "scores must be two whole numbers"),
    "a game already lost": (record(scores=[300, 0]), "side 0 has 300 points: it had lost the game before this hand"),
    "a card three times": (record(deck=DECK[:-1] + [DECK[0]]), f"deck has {DECK[0]} 3 times"),
    "a card missing": (record(deck=DECK[:-1]), f"missing {DECK[-1]}"),
    "not a card": (record(deck=["ZZ"] + DECK[1:]), "deck card 1: 'ZZ' is not a card"),
    "an unknown ruleset": (record(ruleset="simpel"), "unknown Rami ruleset 'simpel' (did you mean 'simple'?)"),
    "a bad inline ruleset": (record(ruleset={"points_per_loser": 0}), "points_per_loser must be a whole number"),
    "actions not a list": (record(actions="draw"), "actions must be a list"),
}


@pytest.mark.parametrize("case", BAD_RECORDS, ids=list(BAD_RECORDS))
def test_a_bad_record_is_an_error_with_action_null(case):
    rec, words = BAD_RECORDS[case]
    action, message = error_of(rec)
    assert action is None and words in message and "\n" not in message


# --- bad actions: the action is its index ------------------------------------------------------------

BAD_ACTIONS = {
    "not a mapping": (["draw"], 0, "action 0 must be a mapping"),
    "an unknown act": ([{"seat": 0, "act": "play", "card": "9D"}], 0, "the act must be draw, discard, out or reshuffle"),
    "no seat": ([{"act": "discard", "card": "9D"}], 0, "action 0 must name its seat"),
    "a seat not at the table": ([{"seat": 2, "act": "discard", "card": "9D"}], 0, "there is no seat 2 at a table of 2"),
    "not its turn": ([{"seat": 1, "act": "draw", "from": "talon"}], 0, "seat 1 cannot act now: it is seat 0's turn"),
    "a draw on the first turn": ([{"seat": 0, "act": "draw", "from": "talon"}], 0, "seat 0 must discard now"),
    "from the attic": (ACTIONS[:1] + [{"seat": 1, "act": "draw", "from": "attic"}], 1,
                       "a draw is from talon, jetee or tournante, not 'attic'"),
    "a misspelt key": ([{"seat": 0, "act": "discard", "crad": "9D"}], 0, "a discard has no key 'crad' (did you mean 'card'?)"),
    "a bad code": ([{"seat": 0, "act": "discard", "card": "1Z"}], 0, "'1Z' is not a card"),
    "a card not held": ([{"seat": 0, "act": "discard", "card": "KH"}], 0, "seat 0 cannot discard KH: it holds no KH"),
    "no card": ([{"seat": 0, "act": "discard"}], 0, "seat 0 names no card to discard"),
    "a bad meld": (ACTIONS[:4] + [dict(OUT, melds=[["JS", "JH", "JS"]])], 4,
                   "[JS, JH, JS]: a Tria may not hold a suit twice"),
    "melds not a list": (ACTIONS[:4] + [dict(OUT, melds="5H 6H 7H")], 4, "melds must be a list of melds"),
    "out in the first round": (ACTIONS[:2] + [dict(OUT, seat=1)], 2, "cannot go out in the first round"),
    "after the end": (ACTIONS + [{"seat": 1, "act": "draw", "from": "talon"}], 5, "the hand is over"),
}


@pytest.mark.parametrize("case", BAD_ACTIONS, ids=list(BAD_ACTIONS))
def test_a_bad_action_is_an_error_naming_its_index(case):
    actions, index, words = BAD_ACTIONS[case]
    action, message = error_of(record(actions=actions))
    assert action == index and words in message, message


def test_a_bad_meld_is_the_whole_message():
    _, message = error_of(record(actions=ACTIONS[:4] + [dict(OUT, melds=[["JS", "JH", "JS"]] + OUT["melds"][1:])]))
    assert message == "[JS, JH, JS]: a Tria may not hold a suit twice"


def test_errors_print_as_json_and_nothing_else():
    result, replayed_hand = replay_text("- not a record\n")
    assert replayed_hand is None
    assert json.loads(printed_result(result)) == result


# --- records written back --------------------------------------------------------------------------------

def test_a_played_hand_with_reshuffles_round_trips_through_its_record():
    session = StackedSession(SIMPLE, 2, random.Random(4))
    hand = session.hand
    session.apply(Action.discard(hand.holdings[hand.dealer][-1]))
    while not any(action.kind == "reshuffle" for _, action in hand.actions):
        session.apply(Action.draw("talon"))
        session.apply(Action.discard(hand.holdings[session.current_seat][-1]))
    play_until_out(session, winner=0)
    text = dump_record(record_of(hand))
    assert yaml.safe_load(text)["actions"][-1]["act"] == "out"
    result, again = replay_text(text)
    assert result == result_of(hand) and again.hand.actions == hand.actions
    assert "ruleset" not in yaml.safe_load(text)


def test_a_record_of_a_house_ruled_hand_names_its_ruleset():
    short = house_rules.load("short")
    hand = new_hand(hands={0: READY_13 + " 9D", 1: NOTHING}, talon="KC QC", rules=short, scores=(0, 100))
    for index, entry in enumerate(ACTIONS):
        hand.apply(*reversed(parse_action(entry, index, 2)))
    rec = record_of(hand)
    assert rec["ruleset"] == "short"
    result = replayed(rec)
    assert result["scores"] == [0, 200] and result["game_over"] is True and result["loser"] == 1
    inline = replayed(record(ruleset={"points_per_loser": 50}))
    assert inline["scores"] == [0, 50]


def test_claims_tells_a_rami_record_from_anything_else():
    assert claims(json.dumps(RECORD)) and claims("format: rami-hand/9\n")
    assert not claims("format: ramsli-hand/1\n") and not claims("- a list\n") and not claims("format: [\n")


def test_the_replay_in_words_tells_the_deal_the_turns_and_the_scores():
    result, again = replay_text(json.dumps(RECORD))
    text = describe_hand(again, result)
    assert "seat 0 deals" in text and "seat 0 discards 9D, set apart as the tournante" in text
    assert "nobody took the tournante: 9D goes under the jetée" in text
    assert "seat 0 goes out: [5H 6H 7H] [JS JH JC] [2C 3C X1 5C] [AS AD AC], and discards QC" in text
    assert text.endswith("Side 1 gets 100 points: scores now 0 (side 0), 100 (side 1).")
    result, again = replay_text(json.dumps(record(actions=ACTIONS[:1])))
    assert describe_hand(again, result).endswith("seat 1 to draw (draw:talon, draw:tournante).")


# --- never a traceback ----------------------------------------------------------------------------------

values = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6),
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                      max_leaves=12)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(st.sampled_from(["players", "dealer", "scores", "deck", "actions", "ruleset", "format"]), values,
       st.integers(0, 5), values)
def test_any_change_to_a_record_gives_a_result_or_an_error_object(key, value, at, action_value):
    rec = record()
    rec[key] = value
    if key != "actions":
        rec["actions"] = ACTIONS[:at] + [action_value]
    result = replayed(rec)
    assert result["format"] == "rami-result/1"
    assert "error" in result or "complete" in result
