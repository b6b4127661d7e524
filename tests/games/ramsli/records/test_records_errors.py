"""Bad records through the CLI (`python -m ramsli_tui replay FILE --json`): each exits
with status 2 and prints only `{"format": "ramsli-result/1", "error": {"action": K,
"message": ...}}`, with K the index of the refused action, or null for a bad record
(unreadable, wrong format, unknown ruleset or ruleset key, bad players, dealer, stacks,
pot or deck)."""

import copy
import json
import subprocess
import sys

import pytest
import yaml

from tests.kits.examples import BETE_FIXED

EXAMPLE = BETE_FIXED
GOOD = yaml.safe_load(EXAMPLE.read_text())
# GOOD: classic, 3 players, dealer 0; seat 1 holds AS KS AD AC 9D, seat 2 7S 9S 7D 7C KD,
# seat 0 8S TS 8D 8C TD; actions 0-2 declare, 3.. play; 18 actions complete the hand.


def replay_cli(text, tmp_path):
    path = tmp_path / "record.yaml"
    path.write_text(text)
    return subprocess.run(
        [sys.executable, "-m", "ramsli_tui", "replay", str(path), "--json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )


def changed(**keys):
    record = copy.deepcopy(GOOD)
    for key, value in keys.items():
        if value is DROP:
            del record[key]
        else:
            record[key] = value
    return json.dumps(record)


def with_actions(actions):
    return changed(actions=actions)


DROP = object()
DECK = list(GOOD["deck"])
ACTS = list(GOOD["actions"])


CASES = {
    # --- bad records: action null ---
    "not-yaml": ("format: [ramsli-hand/1\nplayers: 3\n", None, "YAML"),
    "not-a-mapping": ("- format\n- players\n", None, "mapping"),
    "wrong-format": (changed(format="ramsli-hand/2"), None, "format"),
    "no-format": (changed(format=DROP), None, "format"),
    "unknown-ruleset": (changed(ruleset="clasic"), None, "unknown ruleset 'clasic'"),
    "ruleset-file-missing": (changed(ruleset="nowhere/mine.yaml"), None, "mine.yaml"),
    "inline-unknown-key": (changed(ruleset={"ante": 1, "antee": 2}), None, "unknown key 'antee'"),
    "inline-bad-value": (changed(ruleset={"bete": "lots"}), None, "bete"),
    "players-too-few": (changed(players=2), None, "players"),
    "players-too-many": (changed(players=7), None, "players"),
    "players-not-a-number": (changed(players="three"), None, "players"),
    "dealer-out-of-range": (changed(dealer=3), None, "dealer"),
    "dealer-negative": (changed(dealer=-1), None, "dealer"),
    "stacks-wrong-length": (changed(stacks=[20, 20]), None, "stacks"),
    "stacks-negative": (changed(stacks=[20, -1, 20]), None, "stacks"),
    "stacks-not-a-list": (changed(stacks=20), None, "stacks"),
    "pot-negative": (changed(pot=-1), None, "pot"),
    "pot-not-a-number": (changed(pot="some"), None, "pot"),
    "deck-missing-card": (changed(deck=DECK[:-1]), None, "missing " + DECK[-1]),
    "deck-duplicated-card": (changed(deck=DECK[:-1] + [DECK[0]]), None, DECK[0] + " twice"),
    "deck-foreign-card": (changed(deck=DECK[:-1] + ["2S"]), None, "2S"),
    "deck-joker-in-classic": (changed(deck=DECK + ["X1"]), None, "X1"),
    "deck-bad-code": (changed(deck=DECK[:-1] + ["ZZ"]), None, "ZZ"),
    "no-deck": (changed(deck=DROP), None, "deck"),
    # --- refused actions: their index ---
    "unknown-act": (with_actions([{"seat": 1, "act": "fold"}]), 0, "fold"),
    "act-missing": (with_actions([{"seat": 1}]), 0, None),
    "action-not-a-mapping": (with_actions(ACTS[:2] + ["in"]), 2, None),
    "seat-not-a-number": (with_actions([{"seat": "one", "act": "in"}]), 0, None),
    "nap-without-target": (changed(ruleset="nap", actions=ACTS[:3] + [{"seat": 1, "act": "nap"}]), 3, None),
    "nap-target-out-of-range": (changed(ruleset="nap", actions=ACTS[:3] + [{"seat": 1, "act": "nap", "target": 7}]),
                                3, None),
    "play-without-card": (with_actions(ACTS[:3] + [{"seat": 1, "act": "play"}]), 3, None),
    "bad-card-code": (with_actions(ACTS[:3] + [{"seat": 1, "act": "play", "card": "1S"}]), 3, "1S"),
    "wrong-seat": (with_actions([{"seat": 2, "act": "in"}]), 0, "seat 2 cannot act now: it is seat 1's turn"),
    "no-such-seat": (with_actions([{"seat": 5, "act": "in"}]), 0, "seat 5"),
    "card-not-held": (with_actions(ACTS[:3] + [{"seat": 1, "act": "play", "card": "KD"}]), 3,
                      "seat 1 does not hold KD"),
    "play-before-declaring": (with_actions([{"seat": 1, "act": "play", "card": "AS"}]), 0,
                              "seat 1 must declare in or out first"),
    "announce-without-the-rule": (with_actions(ACTS[:3] + [{"seat": 1, "act": "general_rams"}]), 3, None),
    "after-the-hand-is-over": (with_actions(ACTS + [{"seat": 1, "act": "play", "card": "AS"}]), 18,
                               "the hand is over"),
    "after-a-lone-win": (with_actions([{"seat": 1, "act": "in"}, {"seat": 2, "act": "out"},
                                       {"seat": 0, "act": "out"}, {"seat": 1, "act": "play", "card": "AS"}]), 3,
                         "the hand is over"),
    "must-follow-suit": (with_actions(ACTS[:4] + [{"seat": 2, "act": "play", "card": "KD"}]), 4,
                   "seat 2 must follow suit: it holds 9S, 7S"),
    "dealer-forced": (with_actions([{"seat": 1, "act": "out"}, {"seat": 2, "act": "out"},
                                    {"seat": 0, "act": "out"}]), 2,
                      "seat 0 must be in: everyone before the dealer is out"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_record_or_action_exits_2_with_the_right_index(name, tmp_path):
    text, index, words = CASES[name]
    done = replay_cli(text, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    result = json.loads(done.stdout)                    # nothing else on stdout
    assert set(result) == {"format", "error"}
    assert result["format"] == "ramsli-result/1"
    assert set(result["error"]) == {"action", "message"}
    assert result["error"]["action"] == index
    message = result["error"]["message"]
    assert isinstance(message, str) and message.strip()
    assert "Traceback" not in message and "Traceback" not in done.stderr
    if words:
        assert words in message


def test_an_unreadable_file_is_a_bad_record(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "ramsli_tui", "replay", str(tmp_path / "missing.yaml"), "--json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert done.returncode == 2
    result = json.loads(done.stdout)
    assert result["error"]["action"] is None


def test_the_good_record_is_good(tmp_path):
    done = replay_cli(changed(), tmp_path)
    assert done.returncode == 0
    assert json.loads(done.stdout)["complete"] is True
