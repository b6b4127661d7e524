"""How long the Rami solver takes to answer "can these 14 cards go out, and how".

Run by hand: ``python bench/rami_solver.py [--hands N] [--seed S] [--json]``.  Three
kinds of 14-card hands, each holding at least one joker (the target: at most 1 ms at the
95th percentile for 14 cards with jokers):

- ``dealt``: 14 cards dealt at random from the 108;
- ``near``: made of random melds (jokers in some), then up to three cards changed at
  random: the hands close to going out, where the search has the most to try;
- ``ready``: the same with nothing changed, most of them able to go out.

Each hand is solved three times and its best time kept, so that a pause of the machine
is not taken for the solver's.  Reported per kind: hands, how many go out, median, 95th
percentile and worst time in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter

from ramsli_tui.cards import BIG_JOKER, LITTLE_JOKER, PLAIN_SUITS, Card, Rank
from ramsli_tui.games.rami.deck import COUNTS, FULL_DECK
from ramsli_tui.games.rami.solver import going_out

REPEATS = 3
JOKERS = (BIG_JOKER, LITTLE_JOKER)


def dealt(rng: random.Random) -> list[Card]:
    while True:
        hand = rng.sample(FULL_DECK, 14)
        if any(card.is_joker for card in hand):
            return hand


def _card(rank: int, suit: int) -> Card:
    return Card.of(Rank.ACE if rank in (1, 14) else rank, PLAIN_SUITS[suit])


def _meld(rng: random.Random) -> list[Card]:
    if rng.random() < 0.5:
        rank = rng.randint(1, 13)
        meld = [_card(rank, suit) for suit in rng.sample(range(4), rng.choice([3, 3, 4]))]
    else:
        size, suit = rng.choice([3, 3, 4, 5]), rng.randrange(4)
        low = rng.randint(1, 15 - size)
        meld = [_card(rank, suit) for rank in range(low, low + size)]
    if rng.random() < 0.5:
        meld[rng.randrange(len(meld))] = rng.choice(JOKERS)
    return meld


def made_of_melds(rng: random.Random, changes: int) -> list[Card]:
    while True:
        hand: list[Card] = []
        while len(hand) < 14:
            hand += _meld(rng)
        hand = hand[:14]
        for _ in range(rng.randint(0, changes)):
            hand[rng.randrange(14)] = rng.choice(FULL_DECK)
        if not Counter(hand) - COUNTS and any(card.is_joker for card in hand):
            return hand


KINDS = {
    "dealt": dealt,
    "near": lambda rng: made_of_melds(rng, changes=3),
    "ready": lambda rng: made_of_melds(rng, changes=0),
}


def best_time(hand: list[Card]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        going_out(hand)
        best = min(best, time.perf_counter() - started)
    return best * 1000


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(kind: str, hands: int, seed: int) -> dict:
    rng = random.Random(f"{seed}/{kind}")
    deals = [KINDS[kind](rng) for _ in range(hands)]
    times = [best_time(hand) for hand in deals]
    return {
        "kind": kind,
        "hands": hands,
        "go_out": sum(going_out(hand) is not None for hand in deals),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 0.95), 3),
        "worst_ms": round(max(times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands of each kind (default: 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = [measure(kind, args.hands, args.seed) for kind in KINDS]
    if args.json:
        print(json.dumps({"solver": rows}, indent=1))
        return
    print(f"{'hands':8} {'count':>6} {'go out':>7} {'median ms':>10} {'p95 ms':>8} {'worst ms':>9}")
    for row in rows:
        print(f"{row['kind']:8} {row['hands']:6} {row['go_out']:7} {row['median_ms']:10.3f} {row['p95_ms']:8.3f} "
              f"{row['worst_ms']:9.3f}")


if __name__ == "__main__":
    main()
