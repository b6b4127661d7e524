"""Decision time of each computer player, at its default settings.

Run by hand: ``python bench/bots.py [--hands N] [--rulesets classic,...] [--json]``.
Seeded hands are played with the measured player in every seat (so every seat
position and every phase is timed); a decision is a choice among at least two legal
actions.  Reported per player and ruleset/table size: decisions timed, median, 95th
percentile and worst time in milliseconds.  The target for ``hard`` is a 95th
percentile of at most 100 ms on a 2-core machine; run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import STRENGTHS, make_ramsli_player
from ramsli_tui.games.ramsli.engine import Hand
from ramsli_tui.games.ramsli.tournament import percentile

TABLES = [("classic", 4), ("classic", 5), ("classic", 6), ("modern-52", 6), ("jokers", 5), ("nap", 5), ("general-rams", 5)]


def decision_times(strength: str, ruleset_name: str, players: int, hands: int) -> list[float]:
    ruleset = house_rules.load(ruleset_name)
    seats = [make_ramsli_player(strength) for _ in range(players)]
    times = []
    for number in range(hands):
        deck = ruleset.cards()
        random.Random(f"bench/{number}").shuffle(deck)
        hand = Hand(ruleset, [ruleset.starting_chips] * players, number % players, 0, deck)
        rng = random.Random(number)
        while not hand.is_over:
            seat = hand.current_seat
            legal = hand.legal_actions()
            view = hand.view(seat)
            started = time.perf_counter()
            action = seats[seat].choose(view, legal, rng)
            if len(legal) > 1:
                times.append((time.perf_counter() - started) * 1000)
            hand.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per table (default: 40)")
    parser.add_argument("--strengths", default=",".join(STRENGTHS), help="players to time (default: all)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = []
    for strength in args.strengths.split(","):
        for ruleset_name, players in TABLES:
            times = decision_times(strength, ruleset_name, players, args.hands)
            rows.append({
                "player": strength,
                "ruleset": ruleset_name,
                "players": players,
                "decisions": len(times),
                "ms_median": round(statistics.median(times), 3),
                "ms_p95": round(percentile(times, 0.95), 3),
                "ms_max": round(max(times), 3),
            })
            if not args.json:
                row = rows[-1]
                print(
                    f"{strength:<8} {ruleset_name:<13} {players} players: {row['decisions']:>5} decisions, "
                    f"median {row['ms_median']:7.2f} ms, p95 {row['ms_p95']:7.2f} ms, max {row['ms_max']:7.2f} ms",
                    flush=True,
                )
    if args.json:
        print(json.dumps({"hands_per_table": args.hands, "tables": rows}, indent=1))


if __name__ == "__main__":
    main()
