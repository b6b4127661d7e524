"""The facts of a Rami hand (games/rami/facts.py) against the engine's own account of the
same hand: over random games played out by the computer players, one seat went out, the
points are those its side's score grew by, the standing is the next hand's scores; and
on hand-made records with known answers (a tournante and a card from the jetée taken,
two against two, a hand longer than a file may be), and bad records."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.games import game_named
from ramsli_tui.games.facts import KEPT, Fact
from ramsli_tui.games.protocol import play_out
from ramsli_tui.games.rami import facts, house_rules, records
from ramsli_tui.games.rami.engine import Action, Phase
from ramsli_tui.games.rami.house_rules import side_of

from tests.games.rami.kit import NOTHING, READY_13, new_hand, stacked_deck

RAMI = game_named("rami")
NAMES = [fact.name for fact in facts.FACTS]
RULESETS = sorted(house_rules.available())
MELDS = [["5H", "6H", "7H"], ["JS", "JH", "JC"], ["2C", "3C", "X1", "5C"], ["AS", "AD", "AC"]]  # READY_13 laid down

# Seat 0 deals and sets 9D apart; seat 1 takes it as the tournante and throws it; seat 0
# draws KC and throws it; seat 1 takes KC from the jetée and throws 2S; seat 0 draws QC
# and goes out.
TWO = {"format": "rami-hand/1", "players": 2, "dealer": 0, "scores": [0, 100],
       "deck": [card.code for card in stacked_deck(2, 0, {0: READY_13 + " 9D", 1: NOTHING}, talon="KC QC KD")],
       "actions": [
           {"seat": 0, "act": "discard", "card": "9D"},
           {"seat": 1, "act": "draw", "from": "tournante"}, {"seat": 1, "act": "discard", "card": "9D"},
           {"seat": 0, "act": "draw", "from": "talon"}, {"seat": 0, "act": "discard", "card": "KC"},
           {"seat": 1, "act": "draw", "from": "jetee"}, {"seat": 1, "act": "discard", "card": "2S"},
           {"seat": 0, "act": "draw", "from": "talon"}, {"seat": 0, "act": "out", "melds": MELDS, "discard": "QC"},
       ]}


def four_against(scores: list[int]) -> dict:
    """Two against two: seat 0 deals, each seat throws what it drew, and seat 0 goes out."""
    actions = [{"seat": 0, "act": "discard", "card": "9D"}]
    for seat, code in ((1, "2H"), (2, "3H"), (3, "4H")):
        actions += [{"seat": seat, "act": "draw", "from": "talon"}, {"seat": seat, "act": "discard", "card": code}]
    actions += [{"seat": 0, "act": "draw", "from": "talon"}, {"seat": 0, "act": "out", "melds": MELDS, "discard": "KC"}]
    deck = [card.code for card in stacked_deck(4, 0, {0: READY_13 + " 9D"}, talon="2H 3H 4H KC QC")]
    return {"format": "rami-hand/1", "players": 4, "dealer": 0, "scores": scores, "deck": deck, "actions": actions}


def by_seat(rows: list[dict[str, int]], name: str) -> list[int]:
    return [seat_facts[name] for seat_facts in rows]


def test_the_facts_are_named_once_labelled_and_summed():
    assert len(set(NAMES)) == len(NAMES)
    assert all(isinstance(fact, Fact) and fact.label and fact.kept in KEPT for fact in facts.FACTS)
    assert RAMI.facts is facts


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=6, derandomize=True, database=None, deadline=None)
@given(players=st.sampled_from((2, 4)), seed=st.integers(0, 10**6), normal_at=st.sampled_from((None, 0, 1)))
def test_the_facts_agree_with_the_engine_s_account_of_every_hand(ruleset, players, seed, normal_at):
    """Easy players, and a normal one at one seat or none (easy never takes the tournante;
    normal ones are slower; random ones' hands run to thousands of turns)."""
    game = RAMI.new_game(RAMI.load_rules(ruleset), players, seed)
    seats = {seat: RAMI.computer_player("normal" if seat == normal_at else "easy") for seat in range(players)}
    play_out(game, seats, {seat: random.Random(seed + seat) for seat in range(players)},
             until=lambda game: game.is_over or game.rounds_finished >= 2)
    kept = [records.record_of(hand) for hand in game.finished]
    for number, (hand, record) in enumerate(zip(game.finished, kept)):
        as_kept = json.loads(json.dumps(record))  # as the history keeps it
        rows = facts.facts_of(as_kept)
        assert rows == facts.facts_of(record)
        assert len(rows) == players and all(list(seat_facts) == NAMES for seat_facts in rows)
        assert all(type(value) is int for seat_facts in rows for value in seat_facts.values())
        assert by_seat(rows, "hands") == [1] * players
        assert sum(by_seat(rows, "went_out")) == 1 and record["actions"][-1]["act"] == "out"
        assert by_seat(rows, "went_out").index(1) == hand.out.seat == record["actions"][-1]["seat"]
        grew = [hand.scores[side_of(seat)] - hand.start_scores[side_of(seat)] for seat in range(players)]
        assert by_seat(rows, "points_taken") == grew
        assert {side_of(seat) for seat in range(players) if grew[seat]} == {hand.scored.losing_side}
        assert by_seat(rows, "hands_won") == [int(side_of(seat) == side_of(hand.out.seat)) for seat in range(players)]
        took_tournante = [entry["seat"] for entry in record["actions"] if entry.get("from") == "tournante"]
        assert [seat for seat, took in enumerate(by_seat(rows, "tournante_taken")) if took] == took_tournante
        assert by_seat(rows, "jetee_taken") == [
            sum(1 for taker, source, _ in hand.taken if taker == seat and source == "jetee") for seat in range(players)]
        standing = facts.standing_after(as_kept)
        assert standing == tuple(-hand.scores[side_of(seat)] for seat in range(players))
        lost = max(-points for points in standing) >= hand.rules.lost_at(players)
        assert lost == (game.is_over and number + 1 == len(kept))
        if number + 1 < len(kept):
            assert [-standing[side] for side in (0, 1)] == kept[number + 1]["scores"], \
                "the next hand starts from this one's scores"


def test_a_tournante_and_a_card_from_the_jetee_are_the_taker_s():
    rows = facts.facts_of(TWO)
    assert rows == [
        {"hands": 1, "hands_won": 1, "went_out": 1, "points_taken": 0, "tournante_taken": 0, "jetee_taken": 0},
        {"hands": 1, "hands_won": 0, "went_out": 0, "points_taken": 100, "tournante_taken": 1, "jetee_taken": 1},
    ]
    assert facts.standing_after(TWO) == (0, -200)


def test_two_against_two_the_partner_wins_the_hand_and_the_other_side_takes_the_points_together():
    rows = facts.facts_of(four_against([100, 200]))
    assert by_seat(rows, "went_out") == [1, 0, 0, 0] and by_seat(rows, "hands_won") == [1, 0, 1, 0]
    assert by_seat(rows, "points_taken") == [0, 200, 0, 200], "100 to each player of the side, 200 to the side"
    assert facts.standing_after(four_against([100, 200])) == (-100, -400, -100, -400)
    assert facts.standing_after(four_against([100, 400])) == (-100, -600, -100, -600), "the hand that lost the game"


def changed(**changes) -> dict:
    record = copy.deepcopy(TWO)
    record.update(changes)
    return record


@pytest.mark.parametrize("record, problem", [
    (changed(ruleset="nowhere/missing.yaml"), "<hand record>:6: ruleset: 'nowhere/missing.yaml': no such ruleset file"),
    (changed(ruleset="no-such-ruleset"), "no-such-ruleset"),
    (changed(format="ramsli-hand/1"), "format must be 'rami-hand/1'"),
    (changed(players=3), "players must be 2 (one against one) or 4"),
    (changed(actions={"seat": 0}), "actions must be a list"),
    (changed(actions=[{"seat": 0, "act": "fold"}]), "action 0: the act must be draw, discard, out or reshuffle"),
    (changed(actions=TWO["actions"][:3] + [TWO["actions"][-1]]), "seat 0 must draw first"),
    (changed(actions=TWO["actions"][:-1]), "the hand of this record is not finished"),
])
def test_a_bad_record_is_a_value_error_in_one_line(record, problem):
    for asked in (facts.facts_of, facts.standing_after):
        with pytest.raises(ValueError) as raised:
            asked(record)
        assert problem in str(raised.value) and "\n" not in str(raised.value)


def test_a_long_hand_s_facts_are_read_though_its_record_holds_more_than_a_file_may():
    """Hand after hand of talon draws, the talon reshuffled again and again: more values
    than the bounded reader of outside text takes from a file (``ramsli replay`` refuses
    its YAML), which the history's own records need not pass."""
    hand = new_hand(hands={0: READY_13 + " 9D", 1: NOTHING})
    while len(hand.actions) < 2500 or hand.current_seat != 0 or hand.going_out() is None:
        if hand.phase is Phase.RESHUFFLE:
            hand.apply(Action.reshuffle(hand.under_the_top()))
        elif hand.phase is Phase.DRAW:
            hand.apply(Action.draw("talon"))
        else:
            hand.apply(Action.discard(hand.holdings[hand.current_seat][-1]))
    way = hand.going_out()
    hand.apply(Action.out(way.melds, way.discard))
    record = records.record_of(hand)
    assert "values" in records.replay_text(records.dump_record(record))[0]["error"]["message"]
    assert by_seat(facts.facts_of(json.loads(json.dumps(record))), "went_out") == [1, 0]
