"""Records round-trip: hands played at random (seeded) under every bundled ruleset,
some house-rule mixes (written inline) and every player count, finished or stopped
part-way, are exported with `record_of` + `dump_record`, read back with `read_record`
and replayed: the result is the same, and so is the record.  A few go through the CLI
too.  Card codes are accepted in either case and `10` for `T`."""

import json
import random
import subprocess
import sys
from dataclasses import replace

import pytest
import yaml

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.engine import Hand
from ramsli_tui.games.ramsli.records import (
    dump_record,
    read_record,
    record_of,
    replay,
    replay_text,
    result_of,
)
from ramsli_tui.games.ramsli.house_rules import PlayerLimits
from tests.kits.examples import BETE_FIXED

RULES = {name: house_rules.load(name) for name in sorted(house_rules.available())}
RULES["inline-mix"] = replace(RULES["general-rams"], name="inline-mix", packets=(2, 3), must_head=True,
                              general_rams_failure="triple_pot", bete="pot", dealer_forced=False)
RULES["inline-nap-2p"] = replace(RULES["nap"], name="inline-nap-2p", players=PlayerLimits(2, 6), jokers=True,
                                 deck="standard52", ante=2)
TABLES = [(name, players) for name, rules in RULES.items()
          for players in range(rules.players.min, rules.players.max + 1)]


def random_hand(rules, players, seed):
    rng = random.Random(seed)
    deck = rules.cards()
    rng.shuffle(deck)
    stacks = [rng.choice([0, 1, 3, 8, 20, 33]) for _ in range(players)]
    hand = Hand(rules, stacks, rng.randrange(players), rng.choice([0, 2, 9]), deck)
    stop = rng.choice([None, None, None, 0, 3, 9, 14])   # finished, or stopped part-way
    done = 0
    while not hand.is_over and (stop is None or done < stop):
        hand.apply(rng.choice(list(hand.legal_actions())))
        done += 1
    return hand


@pytest.mark.parametrize("name,players", TABLES, ids=[f"{n}-{p}" for n, p in TABLES])
def test_a_played_hand_round_trips_through_its_record(name, players):
    rules = RULES[name]
    for seed in range(4):
        hand = random_hand(rules, players, seed * 1000 + players)
        record = record_of(hand)
        if name.startswith("inline"):
            assert isinstance(record["ruleset"], dict)  # not a bundled one: written out in full
        else:
            assert record["ruleset"] == name
        text = dump_record(record)
        again = replay(read_record(text))
        assert result_of(again) == result_of(hand)
        assert record_of(again) == record
        assert again.is_over == hand.is_over


@pytest.mark.parametrize("name", list(RULES))
def test_a_record_written_as_json_reads_the_same(name):
    """docs/hand-records.md: a record may be YAML or JSON, and an inline ruleset is a mapping
    of ruleset keys, nap_bonus and nap_penalty included (JSON writes their keys as
    strings)."""
    rules = RULES[name]
    hand = random_hand(rules, rules.players.min + 1, 77)
    record = record_of(hand)
    again = replay(read_record(json.dumps(record)))
    assert result_of(again) == result_of(hand)


def test_dumped_records_are_plain_yaml_in_the_record_format():
    hand = random_hand(RULES["classic"], 4, 5)
    text = dump_record(record_of(hand))
    data = yaml.safe_load(text)
    assert data["format"] == "ramsli-hand/1"
    assert set(data) == {"format", "ruleset", "players", "dealer", "stacks", "pot", "deck", "actions"}
    assert all(isinstance(code, str) and len(code) == 2 for code in data["deck"])
    assert all("seat" in entry and "act" in entry for entry in data["actions"])


def test_card_codes_in_either_case_and_ten_as_10():
    text = (
        "format: ramsli-hand/1\nruleset: classic\nplayers: 3\ndealer: 0\nstacks: [20, 20, 20]\npot: 0\n"
        "deck: [as, ks, ad, 7s, 9s, 7d, 8s, 10s, 8d, ac, 9d, 7c, kd, 8c, 10D, 7h, qs, js, ah, kh, qh, jh, th,"
        " 9h, 8h, qd, jd, kc, qc, jc, tc, 9c]\n"
        "actions:\n- {seat: 1, act: in}\n- {seat: 2, act: in}\n- {seat: 0, act: in}\n"
        "- {seat: 1, act: play, card: as}\n- {seat: 2, act: play, card: 7s}\n- {seat: 0, act: play, card: 8s}\n"
        "- {seat: 1, act: play, card: Ks}\n- {seat: 2, act: play, card: 9S}\n- {seat: 0, act: play, card: 10S}\n"
    )
    result, hand = replay_text(text)
    assert hand is not None, result
    assert result["hands"][0] == ["8S", "TS", "8D", "8C", "TD"]
    assert result["tricks"][1]["plays"] == [[1, "KS"], [2, "9S"], [0, "TS"]]
    assert result["complete"] is False
    assert result["next"] == {"seat": 1, "legal": ["9D", "AC", "AD"]}


def test_nap_targets_in_both_spellings():
    base = yaml.safe_load(BETE_FIXED.read_text())
    base["ruleset"] = "nap"
    base["actions"] = base["actions"][:3] + [{"seat": 1, "act": "nap", "target": 3}, {"seat": 2, "act": "nap:4"}]
    result, hand = replay_text(json.dumps(base))
    assert hand is not None, result
    assert result["next"] == {"seat": 0, "legal": ["nap:5", "pass"]}
    assert result["announcement"] == {"seat": 2, "kind": "nap", "target": 4}   # the highest target so far
    base["actions"].append({"seat": 0, "act": "pass"})
    result, hand = replay_text(json.dumps(base))
    assert result["announcement"] == {"seat": 2, "kind": "nap", "target": 4}
    assert result["next"]["seat"] == 2


@pytest.mark.parametrize("name,players,seed", [("classic", 4, 1), ("general-rams", 5, 2), ("nap", 3, 3),
                                               ("jokers", 6, 4), ("inline-mix", 4, 5)])
def test_exported_records_replay_through_the_cli(name, players, seed, tmp_path):
    hand = random_hand(RULES[name], players, seed)
    path = tmp_path / "hand.yaml"
    path.write_text(dump_record(record_of(hand)))
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", str(path), "--json"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(result_of(hand)))


def test_a_record_stopped_mid_trick_shows_the_trick_begun_and_the_sorted_legal_cards():
    text = (
        "format: ramsli-hand/1\nruleset: jokers\nplayers: 3\ndealer: 0\nstacks: [20, 20, 20]\npot: 0\n"
        "deck: [AS, KS, QS, 8S, 9S, TD, X1, 7S, AD, JS, TS, 8D, 9D, AC, KC, 7H, AH, KH, QH, JH, TH, 9H, 8H,"
        " KD, QD, JD, 7D, QC, JC, TC, 9C, 8C, 7C, X2]\n"
        "actions:\n- {seat: 1, act: in}\n- {seat: 2, act: in}\n- {seat: 0, act: in}\n"
        "- {seat: 1, act: play, card: AS}\n- {seat: 2, act: play, card: 8S}\n- {seat: 0, act: play, card: 7S}\n"
        "- {seat: 1, act: play, card: KS}\n"
    )
    result, hand = replay_text(text)
    assert hand is not None, result
    assert result["hands"] == [["X1", "7S", "AD", "AC", "KC"], ["AS", "KS", "QS", "JS", "TS"],
                               ["8S", "9S", "TD", "8D", "9D"]]
    assert result["tricks"] == [
        {"leader": 1, "plays": [[1, "AS"], [2, "8S"], [0, "7S"]], "winner": 1},
        {"leader": 1, "plays": [[1, "KS"]], "winner": None},
    ]
    assert result["tricks_won"] == [0, 1, 0]
    assert result["next"] == {"seat": 2, "legal": ["9S"]}
    # seat 0 is void in spades after its 7S: its only trump is the Big joker
    text += "- {seat: 2, act: play, card: 9S}\n"
    result, hand = replay_text(text)
    assert result["next"] == {"seat": 0, "legal": ["X1"]}
    # a lead: any card, sorted in plain string order ("7S" < "AS" < "TD" < "X1")
    text += "- {seat: 0, act: play, card: X1}\n"
    result, hand = replay_text(text)
    assert result["tricks"][-1]["winner"] == 0
    assert result["next"] == {"seat": 0, "legal": ["AC", "AD", "KC"]}
    assert result["stacks"] == [19, 19, 19] and result["pot"] == 3 and result["winners"] == []


def test_legal_actions_are_listed_in_plain_string_order():
    top = ["X1", "7S", "TD", "KS", "QS", "JS", "8S", "9S", "8D", "AS", "7D", "TS", "9D", "7C", "8C", "7H"]
    rest = [card.code for card in RULES["jokers"].cards() if card.code not in top]
    record = {"format": "ramsli-hand/1", "ruleset": "jokers", "players": 3, "dealer": 2,
              "stacks": [20, 20, 20], "pot": 0, "deck": top + rest,
              "actions": [{"seat": 0, "act": "in"}, {"seat": 1, "act": "in"}, {"seat": 2, "act": "in"}]}
    result, hand = replay_text(json.dumps(record))
    assert hand is not None, result
    assert result["hands"][0] == ["X1", "7S", "TD", "AS", "7D"]
    assert result["next"] == {"seat": 0, "legal": ["7D", "7S", "AS", "TD", "X1"]}
    record["ruleset"] = "nap"
    record["deck"] = [card.code for card in RULES["nap"].cards()]
    result, hand = replay_text(json.dumps(record))
    assert hand is not None, result
    assert result["next"] == {"seat": 0, "legal": ["nap:2", "nap:3", "nap:4", "nap:5", "pass"]}


def test_under_on_bust_eliminate_a_hand_after_a_seat_has_left_replays_from_its_record():
    """R27: a player who cannot pay the ante leaves for good; their stack, below the ante,
    says so in every later record, which deals them nothing."""
    from ramsli_tui.games.ramsli.engine import RamsliSession
    from ramsli_tui.games.ramsli.steps import steps_of

    rules = replace(RULES["classic"], on_bust="eliminate", starting_chips=6)
    after_a_seat_left = 0
    for seed in range(12):
        rng = random.Random(seed)
        session = RamsliSession(rules, 5, random.Random(seed))
        for _ in range(3000):
            if session.is_over:
                break
            session.apply(rng.choice(list(session.legal_actions())))
        for hand in session.finished:
            record = read_record(dump_record(record_of(hand)))
            assert result_of(replay(record)) == result_of(hand)
            assert result_of(steps_of(record)[-1].hand) == result_of(hand), "and the viewer steps through it"
            after_a_seat_left += len(hand.seated) < 5
    assert after_a_seat_left > 0, "some hands were played after a seat had left"


def test_a_record_whose_dealer_has_left_the_table_is_one_clear_problem():
    from ramsli_tui.games.records import RecordError

    rules = replace(RULES["classic"], on_bust="eliminate")
    hand = Hand(rules, [20, 20, 20, 20], 0, 0, rules.cards())
    record = record_of(hand)
    record["ruleset"] = {"extends": "classic", "on_bust": "eliminate"}
    record["stacks"] = [0, 20, 20, 20]
    with pytest.raises(RecordError, match=r"dealer \(seat 0\)"):
        replay(read_record(dump_record(record)))
