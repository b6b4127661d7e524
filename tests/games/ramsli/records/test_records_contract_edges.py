"""Edges of the hand-record contract (docs/hand-records.md) that the examples
do not reach: the seat just past the table, a player count above the ruleset's own
limit, a ruleset file named relative to the record, an empty ``actions:``, a bete owed
by a seat that could pay only part of it, and the replay told for a person."""

import copy
import json
import random
import subprocess
import sys

import yaml

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.engine import Hand
from ramsli_tui.games.ramsli.records import (
    RecordError,
    read_record,
    record_of,
    replay,
    replay_text,
)
from ramsli_tui.games.ramsli.replay_text import describe_hand
from tests.kits.examples import BETE_FIXED

EXAMPLE = BETE_FIXED
GOOD = yaml.safe_load(EXAMPLE.read_text())  # classic, 3 players, dealer 0, 18 actions


def record(**keys) -> str:
    changed = copy.deepcopy(GOOD)
    changed.update(keys)
    return json.dumps(changed)


def test_the_seat_just_past_the_table_is_no_seat():
    result, hand = replay_text(record(actions=[{"seat": 3, "act": "in"}]))
    assert hand is None
    assert result["error"] == {"action": 0, "message": "action 0: there is no seat 3 at a table of 3"}


def test_a_player_count_above_the_rulesets_own_limit_is_a_bad_record():
    result, hand = replay_text(record(ruleset={"players": {"min": 2, "max": 3}}, players=4, stacks=[20] * 4))
    assert hand is None
    assert result["error"]["action"] is None
    assert "players must be a number from 2 to 3 under the inline rules, not 4" in result["error"]["message"]
    result, hand = replay_text(record(ruleset={"players": {"min": 4, "max": 6}}))
    assert hand is None and result["error"]["action"] is None
    assert "players must be a number from 4 to 6" in result["error"]["message"]


def test_a_ruleset_file_is_found_beside_the_record_whatever_the_working_folder(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "mine.yaml").write_text("bete: 7\n", encoding="utf-8")
    path = folder / "hand.yaml"
    path.write_text(record(ruleset="mine.yaml"), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "replay", str(path), "--json"],
                          capture_output=True, text=True, cwd=elsewhere, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert result["bete"] == [0] and result["stacks"] == [12, 22, 19] and result["pot"] == 7


def test_an_empty_actions_entry_is_a_hand_not_yet_begun():
    text = EXAMPLE.read_text().split("actions:")[0] + "actions:\n"
    for written in (text, text.replace("actions:\n", "")):
        result, hand = replay_text(written)
        assert hand is not None, result
        assert result["complete"] is False
        assert result["declarations"] == [None, None, None]
        assert result["next"] == {"seat": 1, "legal": ["in", "out"]}
        assert result["stacks"] == [19, 19, 19] and result["pot"] == 3


def test_a_seat_that_could_pay_only_part_of_its_bete_is_still_listed():
    result, hand = replay_text(record(stacks=[3, 20, 20]))
    assert hand is not None, result
    assert result["bete"] == [0]
    assert result["stacks"] == [0, 22, 19] and result["pot"] == 2  # it paid the 2 chips it had left


def test_a_record_that_cannot_be_read_says_so_without_an_action_index():
    try:
        read_record("format: ramsli-hand/1\nruleset: 12\n")
    except RecordError as error:
        assert error.action is None
        assert "ruleset must be a ruleset's name, a path or a mapping" in str(error)
    else:
        raise AssertionError("a numeric ruleset was accepted")


def played_hands():
    for name, players, seed in [("classic", 3, 1), ("classic", 4, 2), ("general-rams", 5, 3), ("nap", 4, 4),
                                ("jokers", 6, 5), ("obligatory", 3, 6), ("bete-pot", 4, 7)]:
        for offset in range(6):
            rules = house_rules.load(name)
            rng = random.Random(seed * 100 + offset)
            deck = rules.cards()
            rng.shuffle(deck)
            hand = Hand(rules, [rng.choice([2, 20]) for _ in range(players)], rng.randrange(players), 0, deck)
            while not hand.is_over:
                hand.apply(rng.choice(list(hand.legal_actions())))
            yield hand


def test_the_replay_for_a_person_names_every_tricks_winner_and_every_chip_change():
    shown_seat_0 = False
    for played in played_hands():
        result, hand = replay_text(json.dumps(record_of(played)))
        assert hand is not None, result
        text = describe_hand(hand, result)
        lines = text.splitlines()
        trick_lines = [line for line in lines if line.startswith("Trick ")]
        assert len(trick_lines) == len(result["tricks"])
        for line, trick in zip(trick_lines, result["tricks"]):
            assert line.endswith(f" -> seat {trick['winner']}"), line
            shown_seat_0 |= trick["winner"] == 0
        settled = hand.settlement
        if settled.winners:
            seats = ", ".join(map(str, settled.winners))
            assert ("Pot to seats " if len(settled.winners) > 1 else "Pot to seat ") + seats in lines
        else:
            assert not any(line.startswith("Pot to seat") for line in lines)
        changes = ", ".join(f"{seat}: {change:+d}" for seat, change in enumerate(settled.changes))
        assert f"Chips: {changes}" in lines
        assert lines[-1] == (f"Stacks now: {' '.join(f'{s}:{v}' for s, v in enumerate(hand.stacks))}; "
                             f"pot carried to the next hand: {hand.pot}.")
    assert shown_seat_0  # the first seat's tricks are named too, not taken for unfinished ones


def test_an_unfinished_trick_is_told_as_unfinished():
    actions = GOOD["actions"][:4]
    result, hand = replay_text(record(actions=actions))
    text = describe_hand(hand, result)
    assert "Trick 1: 1:AS (unfinished)" in text
    assert text.splitlines()[-1] == "The record stops here: seat 2 to act (7S, 9S)."


def test_a_replayed_records_result_matches_replaying_its_own_record():
    for played in played_hands():
        again = replay(read_record(json.dumps(record_of(played))))
        assert record_of(again) == record_of(played)
