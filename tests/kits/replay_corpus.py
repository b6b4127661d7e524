"""A fixed corpus of random hand records and the digest of what ``ramsli replay --json``
prints for each, so that a change of structure is seen not to change one byte of output.

``python -m tests.kits.replay_corpus write`` makes the corpus afresh (records of every
bundled ruleset: random tables, stacks, pots and decks, random legal play stopped at a
random point, a few with a refused or malformed action) and the digests of today's
output.  The test reads both and replays every record again.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path

CORPUS = Path(__file__).with_name("data") / "replay-corpus.jsonl.gz"
RECORDS_PER_RULESET = 300


def replay_output(record: dict) -> str:
    """Exactly what ``ramsli replay --json`` prints for ``record``."""
    from ramsli_tui.games.ramsli.records import printed_result, replay_text

    return printed_result(replay_text(json.dumps(record))[0])


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def read_corpus() -> list[tuple[dict, str]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        return [(entry["record"], entry["digest"]) for entry in map(json.loads, lines)]


def random_record(ruleset_name: str, rng: random.Random) -> dict:
    from ramsli_tui.games.ramsli import house_rules
    from ramsli_tui.games.ramsli.engine import Hand
    from ramsli_tui.games.ramsli.records import RECORD_FORMAT

    rules = house_rules.load(ruleset_name)
    players = rng.randint(rules.players.min, rules.players.max)
    stacks = [rng.choice((0, 1, 2, 3, rng.randint(0, 40))) for _ in range(players)]
    pot = rng.choice((0, 0, 1, rng.randint(0, 12)))
    deck = list(rules.cards())
    rng.shuffle(deck)
    dealer = rng.randrange(players)
    hand = Hand(rules, stacks, dealer, pot, deck)
    actions = []
    stop_after = rng.choice((rng.randint(0, 12), rng.randint(0, 30), 1000, 1000))
    while not hand.is_over and len(actions) < stop_after:
        seat, action = hand.current_seat, rng.choice(hand.legal_actions())
        hand.apply(action)
        actions.append(_entry(seat, str(action)))
    if rng.random() < 0.1:
        actions.append(_entry(rng.randrange(players), rng.choice(("in", "out", "pass", "general_rams", "nap:3", "AS", "X1", "ZZ"))))
    return {
        "format": RECORD_FORMAT, "ruleset": ruleset_name, "players": players, "dealer": dealer,
        "stacks": stacks, "pot": pot, "deck": [card.code for card in deck], "actions": actions,
    }


def _entry(seat: int, act: str) -> dict:
    if act in ("in", "out", "pass", "general_rams") or act.startswith("nap:"):
        return {"seat": seat, "act": act}
    return {"seat": seat, "act": "play", "card": act}


def write_corpus() -> None:
    from ramsli_tui.games.ramsli import house_rules

    CORPUS.parent.mkdir(exist_ok=True)
    with gzip.open(CORPUS, "wt", encoding="utf-8") as out:
        for name in sorted(path.stem for path in house_rules.bundled_dir().glob('*.yaml')):
            rng = random.Random(f"replay-corpus:{name}")
            for _ in range(RECORDS_PER_RULESET):
                record = random_record(name, rng)
                out.write(json.dumps({"record": record, "digest": digest(replay_output(record))}) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["write"]:
        sys.exit("usage: python -m tests.kits.replay_corpus write")
    write_corpus()
