"""The facts of a Ramsli hand (games/ramsli/facts.py) against the engine's own account of
the same hand: over random sessions played out by the computer players, the chips won
are the pot's change, the tricks are the tricks played, the standing is the next hand's
stacks; and on hand-made records with known answers (a bete, a General Rams made and
one failed, a Nap made, a lone player, a seat that has left the table), and bad records."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.games import game_named
from ramsli_tui.games.facts import KEPT, Fact
from ramsli_tui.games.protocol import play_out
from ramsli_tui.games.ramsli import facts, house_rules, records

from tests.kits.examples import HAND_EXAMPLES

RAMSLI = game_named("ramsli")
NAMES = [fact.name for fact in facts.FACTS]
RULESETS = sorted(house_rules.available())
FAST_STRENGTHS = ("random", "normal")  # hard searches: too slow for a property test


def example(name: str) -> dict:
    return yaml.safe_load((HAND_EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


def by_seat(rows: list[dict[str, int]], name: str) -> list[int]:
    return [seat_facts[name] for seat_facts in rows]


def played_session(ruleset: str, players: int, seed: int, strengths: list[str], hands: int = 3):
    rules = RAMSLI.load_rules(ruleset)
    game = RAMSLI.new_game(rules, players, seed)
    seats = {seat: RAMSLI.computer_player(strengths[seat]) for seat in range(players)}
    play_out(game, seats, {seat: random.Random(seed + seat) for seat in range(players)},
             until=lambda game: game.is_over or game.rounds_finished >= hands)
    return game


def test_the_facts_are_named_once_labelled_and_kept_by_sum_or_max():
    assert len(set(NAMES)) == len(NAMES)
    assert all(isinstance(fact, Fact) and fact.label and fact.kept in KEPT for fact in facts.FACTS)
    assert {fact.name for fact in facts.FACTS if fact.kept == "max"} == {"biggest_pot"}
    assert RAMSLI.facts is facts


@st.composite
def sessions(draw, ruleset: str):
    allowed = RAMSLI.load_rules(ruleset).players
    players = draw(st.integers(allowed.min, min(allowed.max, 5)))
    strengths = draw(st.lists(st.sampled_from(FAST_STRENGTHS), min_size=players, max_size=players))
    return ruleset, players, draw(st.integers(0, 10**6)), strengths


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=6, derandomize=True, database=None, deadline=None)
@given(data=st.data())
def test_the_facts_agree_with_the_engine_s_account_of_every_hand(ruleset, data):
    session = data.draw(sessions(ruleset))
    game = played_session(*session)
    kept = [records.record_of(hand) for hand in game.finished]
    for number, (hand, record) in enumerate(zip(game.finished, kept)):
        as_kept = json.loads(json.dumps(record))  # as the history keeps it
        rows = facts.facts_of(as_kept)
        assert rows == facts.facts_of(record)
        assert len(rows) == hand.players and all(list(seat_facts) == NAMES for seat_facts in rows)
        assert all(type(value) is int for seat_facts in rows for value in seat_facts.values())
        settled, result = hand.settlement, records.result_of(hand)
        assert sum(by_seat(rows, "chips_won")) == -(settled.pot - hand.start_pot), "no chip made or lost"
        assert by_seat(rows, "chips_won") == list(settled.changes)
        tricks_played = sum(1 for trick in result["tricks"] if trick["winner"] is not None)
        assert sum(tricks for tricks, went_in in zip(by_seat(rows, "tricks"), by_seat(rows, "went_in")) if went_in) \
            == tricks_played == sum(by_seat(rows, "tricks"))
        assert by_seat(rows, "went_in") == [int(said == "in") for said in result["declarations"]]
        assert [seat for seat, won in enumerate(by_seat(rows, "pots_won")) if won] == result["winners"]
        assert [seat for seat, bete in enumerate(by_seat(rows, "betes")) if bete] == result["bete"]
        assert sum(by_seat(rows, "pot_chips")) == sum(payment.chips for payment in settled.payments
                                                      if payment.reason == "pot")
        assert by_seat(rows, "biggest_pot") == by_seat(rows, "pot_chips")
        for seat_facts in rows:
            assert seat_facts["hands"] == 1
            assert seat_facts["went_in"] >= max(seat_facts["pots_won"], seat_facts["betes"], seat_facts["rams_tried"],
                                                seat_facts["nap_tried"], int(seat_facts["tricks"] > 0))
            assert seat_facts["rams_tried"] >= seat_facts["rams_made"] and seat_facts["nap_tried"] >= seat_facts["nap_made"]
            assert (seat_facts["bete_chips"] > 0) <= seat_facts["betes"]
        announced = sum(by_seat(rows, "rams_tried")) + sum(by_seat(rows, "nap_tried"))
        assert announced == (result["announcement"] is not None)
        standing = facts.standing_after(as_kept)
        assert standing == tuple(result["stacks"])
        if number + 1 < len(kept):
            assert list(standing) == kept[number + 1]["stacks"], "the next hand starts where this one left off"
            assert [after - before for after, before in zip(standing, record["stacks"])] == by_seat(rows, "chips_won")


def test_a_bete_pays_its_bete_and_the_most_tricks_take_the_pot():
    rows = facts.facts_of(example("bete-fixed"))  # P = 3; seat 1 four tricks, seat 2 one, seat 0 none: bete 5
    assert by_seat(rows, "tricks") == [0, 4, 1]
    assert by_seat(rows, "betes") == [1, 0, 0] and by_seat(rows, "bete_chips") == [5, 0, 0]
    assert by_seat(rows, "pots_won") == [0, 1, 0] and by_seat(rows, "pot_chips") == [0, 3, 0]
    assert by_seat(rows, "chips_won") == [-6, 2, -1] and by_seat(rows, "biggest_pot") == [0, 3, 0]
    assert by_seat(rows, "went_in") == [1, 1, 1] and by_seat(rows, "hands") == [1, 1, 1]
    assert facts.standing_after(example("bete-fixed")) == (14, 22, 19)


def test_a_lone_player_takes_the_pot_without_a_trick():
    rows = facts.facts_of(example("lone-player-takes-pot"))  # P = 9 + 4
    assert by_seat(rows, "went_in") == [0, 0, 1, 0] and by_seat(rows, "tricks") == [0, 0, 0, 0]
    assert by_seat(rows, "pots_won") == [0, 0, 1, 0] and by_seat(rows, "pot_chips") == [0, 0, 13, 0]
    assert by_seat(rows, "chips_won") == [-1, -1, 12, -1] and by_seat(rows, "betes") == [0, 0, 0, 0]


def test_general_rams_made_takes_the_pot_the_others_paid_twice_over():
    rows = facts.facts_of(example("general-rams-success"))  # P = 7; the others pay 2P = 14: 5, 4, 5
    assert by_seat(rows, "rams_tried") == [0, 0, 1, 0] and by_seat(rows, "rams_made") == [0, 0, 1, 0]
    assert by_seat(rows, "tricks") == [0, 0, 5, 0] and by_seat(rows, "pot_chips") == [0, 0, 21, 0]
    assert by_seat(rows, "betes") == [0, 0, 0, 0] and by_seat(rows, "bete_chips") == [0, 0, 0, 0]
    assert by_seat(rows, "chips_won") == [-6, -5, 20, -6]
    assert facts.standing_after(example("general-rams-success")) == (14, 15, 40, 14)


def general_rams_failed() -> dict:
    """Seat 1 announces General Rams with nothing in hand; seat 2 takes all five tricks."""
    record = example("general-rams-success")
    plays = ("1 JS 2 KS 3 7S 0 9S 2 AS 3 8S 0 TS 1 QS 2 KD 3 7D 0 9D 1 JD 2 AD 3 8D 0 TD 1 QD "
             "2 AC 3 7C 0 8C 1 9C").split()
    record["actions"] = record["actions"][:4] + [{"seat": 1, "act": "general_rams"}] + [
        {"seat": int(seat), "act": "play", "card": card} for seat, card in zip(plays[::2], plays[1::2])]
    return record


def test_general_rams_failed_is_its_announcer_s_bete_and_nobody_else_s():
    rows = facts.facts_of(general_rams_failed())  # P = 7 to seat 2; seat 1 owes three betes, 15
    assert by_seat(rows, "rams_tried") == [0, 1, 0, 0] and by_seat(rows, "rams_made") == [0, 0, 0, 0]
    assert by_seat(rows, "tricks") == [0, 0, 5, 0]
    assert by_seat(rows, "betes") == [0, 1, 0, 0] and by_seat(rows, "bete_chips") == [0, 15, 0, 0]
    assert by_seat(rows, "pots_won") == [0, 0, 1, 0] and by_seat(rows, "pot_chips") == [0, 0, 7, 0]
    assert by_seat(rows, "chips_won") == [-1, -16, 6, -1]
    assert facts.standing_after(general_rams_failed()) == (19, 4, 26, 19)


def test_a_nap_of_five_made_is_paid_its_bonus_by_every_other_player_in():
    record = example("general-rams-success")
    record["ruleset"] = "nap"
    record["actions"][5] = {"seat": 2, "act": "nap", "target": 5}  # in place of General Rams; 5 closes the round
    rows = facts.facts_of(record)  # P = 7 to seat 2; the three others bete (5 each) and pay the bonus, 10 each
    assert by_seat(rows, "nap_tried") == [0, 0, 1, 0] and by_seat(rows, "nap_made") == [0, 0, 1, 0]
    assert by_seat(rows, "rams_tried") == [0, 0, 0, 0]
    assert by_seat(rows, "betes") == [1, 1, 0, 1] and by_seat(rows, "bete_chips") == [5, 5, 0, 5]
    assert by_seat(rows, "pot_chips") == [0, 0, 7, 0] and by_seat(rows, "chips_won") == [-16, -16, 36, -16]
    assert facts.standing_after(record) == (4, 4, 56, 4)


def test_a_seat_that_has_left_the_table_sat_the_hand_out():
    deck = [card.code for card in house_rules.load("classic").cards()]
    record = {"format": "ramsli-hand/1", "ruleset": {"on_bust": "eliminate"}, "players": 3, "dealer": 1,
              "stacks": [0, 20, 20], "pot": 0, "deck": deck, "actions": [{"seat": 2, "act": "out"}, {"seat": 1, "act": "in"}]}
    rows = facts.facts_of(record)
    assert rows[0] == dict.fromkeys(NAMES, 0)
    assert by_seat(rows, "hands") == [0, 1, 1] and by_seat(rows, "pot_chips") == [0, 2, 0]
    assert facts.standing_after(record) == (0, 21, 19)


@pytest.mark.parametrize("change, problem", [
    ({"ruleset": "nowhere/missing.yaml"}, "<hand record>:2: ruleset: 'nowhere/missing.yaml': no such ruleset file"),
    ({"ruleset": "no-such-ruleset"}, "unknown ruleset 'no-such-ruleset'"),
    ({"format": "rami-hand/1"}, "format must be 'ramsli-hand/1'"),
    ({"stacks": [20, 20]}, "stacks must list 3 numbers of chips"),
    ({"actions": "in"}, "actions must be a list"),
    ({"actions": [{"seat": 1, "act": "fold"}]}, "action 0: unknown act 'fold'"),
    ({"actions": [{"seat": 2, "act": "in"}]}, "seat 2 cannot act now: it is seat 1's turn"),
    ({"actions": [{"seat": 1, "act": "in"}]}, "the hand of this record is not finished"),
])
def test_a_bad_record_is_a_value_error_in_one_line(change, problem):
    record = {**example("bete-fixed"), **change}
    for asked in (facts.facts_of, facts.standing_after):
        with pytest.raises(ValueError) as raised:
            asked(record)
        assert problem in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("record", [None, ["format", "ramsli-hand/1"], {"format": "ramsli-hand/1", "deck": {1, 2}}])
def test_what_is_not_a_record_at_all_is_a_value_error_too(record):
    with pytest.raises(ValueError):
        facts.facts_of(record)
