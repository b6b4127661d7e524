"""How well, and how fast, Rami Simple's computer players play against each other.

Run by hand: ``python bench/rami_bots.py [--deals N] [--players 2|4] [--seed S] [--json]
[PAIR ...]`` where a pair is ``hard:normal`` (the default pairs: ``hard:normal``,
``normal:easy`` and ``easy:random``).  Each pair plays a duplicate match (``games/rami/simulate.match``):
every deal twice, the strengths swapping sides, one hand a deal.  Reported per pair:
hands won by each, the first's margin per deal (-1 to 1) with its 95 % interval, and
each strength's decision times (median and 95th percentile, in milliseconds; the
target is 100 ms at the 95th percentile).
"""

from __future__ import annotations

import argparse
import json
import sys

from ramsli_tui.games.rami.simulate import match, summary_text

DEFAULT_PAIRS = ("hard:normal", "normal:easy", "easy:random")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="*", default=list(DEFAULT_PAIRS), metavar="PAIR",
                        help="strengths to match, as first:second (default: hard:normal normal:easy easy:random)")
    parser.add_argument("--deals", type=int, default=100, help="deals per pair, each played twice (default: 100)")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object per pair")
    args = parser.parse_args(argv)
    for pair in args.pairs:
        first, colon, second = pair.partition(":")
        if not colon:
            parser.error(f"'{pair}' is not a pair of strengths like hard:normal")
        result = match([first, second], args.players, args.deals, args.seed,
                       advance=lambda: print(".", end="", file=sys.stderr, flush=True))
        print(file=sys.stderr)
        print(json.dumps(result.as_json()) if args.json else summary_text(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
